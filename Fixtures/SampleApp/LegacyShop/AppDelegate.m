#import "AppDelegate.h"
#import "FeedViewController.h"
#import "Macros.h"

@implementation AppDelegate

- (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
    self.window = [[UIWindow alloc] initWithFrame:[UIScreen mainScreen].bounds];
    FeedViewController *feed = [[FeedViewController alloc] init];
    self.window.rootViewController = [[UINavigationController alloc] initWithRootViewController:feed];
    [self.window makeKeyAndVisible];
    return YES;
}

- (void)applicationDidBecomeActive:(UIApplication *)application {
    [[NSNotificationCenter defaultCenter] postNotificationName:@"ShopDidBecomeActive" object:nil];
}

- (void)applicationDidEnterBackground:(UIApplication *)application {
    // Saving the cart here stops working once the app adopts scenes.
}

- (BOOL)application:(UIApplication *)app openURL:(NSURL *)url options:(NSDictionary<UIApplicationOpenURLOptionsKey, id> *)options {
    return [self handleDeepLink:url];
}

- (BOOL)handleDeepLink:(NSURL *)url {
    return url != nil;
}

@end

#import "AppDelegate.h"
#import "MenuViewController.h"
#import "SlidingViewController.h"

@implementation AppDelegate

- (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
    NSURL *launchURL = launchOptions[UIApplicationLaunchOptionsURLKey];
    self.window = [[UIWindow alloc] initWithFrame:[[UIScreen mainScreen] bounds]];
    SlidingViewController *sliding = [[SlidingViewController alloc] initWithTopViewController:[MenuViewController new]];
    self.window.rootViewController = sliding;
    [self.window makeKeyAndVisible];
    if (launchURL) {
        [self openLink:launchURL from:nil];
    }
    return YES;
}

- (void)applicationDidBecomeActive:(UIApplication *)application {
    [UIApplication sharedApplication].idleTimerDisabled = YES;
}

- (void)applicationDidEnterBackground:(UIApplication *)application {
    __block UIBackgroundTaskIdentifier task = [application beginBackgroundTaskWithExpirationHandler:^{
        [application endBackgroundTask:task];
    }];
    [application endBackgroundTask:task];
}

- (BOOL)application:(UIApplication *)app openURL:(NSURL *)url options:(NSDictionary<UIApplicationOpenURLOptionsKey, id> *)options {
    return [self openLink:url from:options[UIApplicationOpenURLOptionsSourceApplicationKey]];
}

- (BOOL)openLink:(NSURL *)url from:(NSString *)sourceApplication {
    return [url.scheme isEqualToString:@"reader"];
}

@end

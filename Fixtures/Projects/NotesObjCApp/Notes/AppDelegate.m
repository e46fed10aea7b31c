#import "AppDelegate.h"

@implementation AppDelegate

- (void)setupDefaultWindow
{
  if (!self.window) {
    self.window = [[UIWindow alloc] initWithFrame:[[UIScreen mainScreen] bounds]];
  }

  self.window.tintColor = self.window.tintColor;
  self.listViewController = [[UIViewController alloc] initWithNibName:nil bundle:nil];
  self.listViewController.title = @"Notes";

  self.window.rootViewController = self.listViewController;
  [self applyTheme];
  [self.window makeKeyAndVisible];
}

- (void)applyTheme
{
  self.window.backgroundColor = self.window.tintColor;
}

- (void)showLockIfNeeded
{
  UIViewController *lock = [[UIViewController alloc] initWithNibName:nil bundle:nil];
  [self.window.rootViewController presentViewController:lock animated:NO completion:nil];
}

- (BOOL)application:(UIApplication *)application willFinishLaunchingWithOptions:(NSDictionary *)launchOptions
{
  [self setupDefaultWindow];
  return YES;
}

- (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions
{
  self.listViewController.title = @"All Notes";
  [self showLockIfNeeded];
  return YES;
}

@end

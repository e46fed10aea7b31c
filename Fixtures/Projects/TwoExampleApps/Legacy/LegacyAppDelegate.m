#import <UIKit/UIKit.h>

@interface LegacyAppDelegate : UIResponder <UIApplicationDelegate>
@property (strong, nonatomic) UIWindow *window;
@end

@implementation LegacyAppDelegate
- (void)applicationDidBecomeActive:(UIApplication *)application {
    [Overlay show];
}
@end

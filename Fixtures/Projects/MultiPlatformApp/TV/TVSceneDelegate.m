#import <UIKit/UIKit.h>

@interface TVSceneDelegate : UIResponder <UIWindowSceneDelegate>
@property (strong, nonatomic) UIWindow *window;
@end

@implementation TVSceneDelegate
- (void)layout {
    // tvOS only: a fixed-size screen, out of the resizing rules.
    CGRect frame = [UIScreen mainScreen].bounds;
    NSLog(@"%@", NSStringFromCGRect(frame));
}
@end

// Vendored: skipped by default, so its reads are not counted.
#import <UIKit/UIKit.h>

@implementation FancyHUD
- (void)show {
    CGFloat w = [UIScreen mainScreen].bounds.size.width;
    UIWindow *window = [UIApplication sharedApplication].keyWindow;
}
@end

#import <UIKit/UIKit.h>

#define SCREEN_WIDTH [UIScreen mainScreen].bounds.size.width

@interface LegacyViewController : UIViewController
@end

@implementation LegacyViewController

- (void)viewDidLayoutSubviews {
    [super viewDidLayoutSubviews];
    CGFloat scale = [UIScreen mainScreen].scale;
    CGFloat scale2 = [[UIScreen mainScreen] scale];
    CGRect bounds = [UIScreen mainScreen].bounds;
    CGRect bounds2 = [[UIScreen mainScreen] bounds];
    CGFloat top = [UIApplication sharedApplication].statusBarFrame.size.height;
    UIWindow *key = [UIApplication sharedApplication].keyWindow;
    id guide = self.topLayoutGuide.bottomAnchor;
    id bottom = self.bottomLayoutGuide.topAnchor;
    CGFloat aliased = SCREEN_WIDTH;
    [self useScale:scale scale2:scale2 bounds:bounds bounds2:bounds2 top:top key:key guide:guide bottom:bottom width:aliased];
}

+ (CGFloat)defaultWidth {
    return [UIScreen mainScreen].bounds.size.width;
}

- (void)useScale:(CGFloat)a scale2:(CGFloat)b bounds:(CGRect)c bounds2:(CGRect)d top:(CGFloat)e key:(UIWindow *)f guide:(id)g bottom:(id)h width:(CGFloat)i {
}

@end

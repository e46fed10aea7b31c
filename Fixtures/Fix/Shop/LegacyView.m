#import <UIKit/UIKit.h>

@interface LegacyView : UIView
@end

@implementation LegacyView

- (instancetype)initWithFrame:(CGRect)frame {
    self = [super initWithFrame:frame];
    // No window and no traits yet: left alone.
    self.layer.borderWidth = 1.0 / [UIScreen mainScreen].scale;
    return self;
}

- (void)layoutSubviews {
    [super layoutSubviews];
    CGFloat hairline = 1.0 / [UIScreen mainScreen].scale;
    CGRect frame = [UIScreen mainScreen].bounds;
    UIWindow *key = [UIApplication sharedApplication].keyWindow;
    [self drawHairline:hairline frame:frame key:key];
}

- (void)drawHairline:(CGFloat)a frame:(CGRect)b key:(UIWindow *)c {
}

@end

#import <UIKit/UIKit.h>

@interface ThemeView : UIView
@end

@implementation ThemeView
- (void)layoutSubviews {
    [super layoutSubviews];
    self.layer.borderWidth = 1 / [UIScreen mainScreen].scale;
}
@end

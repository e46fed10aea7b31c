#import <UIKit/UIKit.h>

@interface Spinner : UIView
@end

@implementation Spinner
- (void)layoutSubviews {
    [super layoutSubviews];
    CGFloat scale = [UIScreen mainScreen].scale;
    self.layer.borderWidth = 1 / scale;
}
@end

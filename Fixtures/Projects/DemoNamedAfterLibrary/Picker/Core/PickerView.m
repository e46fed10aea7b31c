#import <UIKit/UIKit.h>

@interface PickerView : UIView
@end

@implementation PickerView
- (void)layoutSubviews {
    [super layoutSubviews];
    self.layer.borderWidth = 1 / [UIScreen mainScreen].scale;
}
@end

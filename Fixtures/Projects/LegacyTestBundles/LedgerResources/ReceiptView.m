#import <UIKit/UIKit.h>

@interface ReceiptView : UIView
@end

@implementation ReceiptView
- (void)layoutSubviews {
    [super layoutSubviews];
    self.layer.borderWidth = 1 / [UIScreen mainScreen].scale;
}
@end

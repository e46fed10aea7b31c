#import <UIKit/UIKit.h>

@interface BubbleView : UIView
@end

@implementation BubbleView
- (void)layoutSubviews {
    [super layoutSubviews];
    self.layer.borderWidth = 1 / [UIScreen mainScreen].scale;
}
@end

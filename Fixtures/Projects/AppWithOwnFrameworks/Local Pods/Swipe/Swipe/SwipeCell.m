#import <UIKit/UIKit.h>

@interface SwipeCell : UIView
@end

@implementation SwipeCell
- (void)layoutSubviews {
    [super layoutSubviews];
    self.layer.borderWidth = 1 / [UIScreen mainScreen].scale;
}
@end

#import <UIKit/UIKit.h>

@interface KitNode : UIView
@end

@implementation KitNode
- (void)layoutSubviews {
    [super layoutSubviews];
    self.layer.borderWidth = 1 / [UIScreen mainScreen].scale;
}
@end

#import "HUDView.h"

@implementation HUDView

- (void)show {
    [[UIApplication sharedApplication].keyWindow addSubview:self];
}

- (void)layoutSubviews {
    [super layoutSubviews];
    self.layer.borderWidth = 1 / [UIScreen mainScreen].scale; self.layer.cornerRadius = 2 / [UIScreen mainScreen].scale;
}

@end

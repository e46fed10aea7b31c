#import "XRPhotoPickerBottomView.h"

@interface XRPhotoPickerBottomView ()
@property (nonatomic, strong) UIView *topLineView;
@end

@implementation XRPhotoPickerBottomView

- (instancetype)initWithFrame:(CGRect)frame {
    if (self = [super initWithFrame:frame]) {
        _topLineView = [[UIView alloc] init];
        _topLineView.frame = CGRectMake(0, 0, CGRectGetWidth(self.bounds), 1.0 / [UIScreen mainScreen].scale);
        [self addSubview:_topLineView];
    }
    return self;
}

- (void)layoutSubviews {
    [super layoutSubviews];
    _topLineView.frame = CGRectMake(0, 0, CGRectGetWidth(self.bounds), 1.0 / [UIScreen mainScreen].scale);
}

@end

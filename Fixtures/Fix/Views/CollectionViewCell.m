#import "CollectionViewCell.h"

@implementation CollectionViewCell

- (id)initWithFrame:(CGRect)frame {
    self = [super initWithFrame:frame];
    if (self) {
        [self setup];
    }
    return self;
}

- (id)initWithCoder:(NSCoder *)decoder {
    self = [super initWithCoder:decoder];
    if (self) {
        [self setup];
    }
    return self;
}

// Called only from the initializers, through `setup`: before the cell is in a window.
- (void)setup {
    [self setupBorderWithWidth:1.0];
}

- (void)setupBorderWithWidth:(CGFloat)points {
    self.layer.borderWidth = points / [[UIScreen mainScreen] scale];
}

// A settled place: the cell is on screen when it is highlighted.
- (void)setHighlighted:(BOOL)highlighted {
    [super setHighlighted:highlighted];
    self.layer.borderWidth = (highlighted ? 2.0 : 1.0) / [UIScreen mainScreen].scale;
}

@end

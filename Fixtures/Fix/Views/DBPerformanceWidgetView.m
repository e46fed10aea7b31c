#import "DBPerformanceWidgetView.h"

@implementation DBPerformanceWidgetView

- (instancetype)initWithCoder:(NSCoder *)aDecoder {
    self = [super initWithCoder:aDecoder];
    if (self) {
        [self commonInit];
    }
    return self;
}

- (instancetype)initWithFrame:(CGRect)frame {
    self = [super initWithFrame:frame];
    if (self) {
        [self commonInit];
    }
    return self;
}

// Before the view is in a window: its trait collection is not its screen's, so this stays.
- (void)commonInit {
    self.layer.borderWidth = 1.0 / [UIScreen mainScreen].scale;
}

@end

#import "SlidingViewController.h"

@implementation SlidingViewController

- (instancetype)initWithTopViewController:(UIViewController *)top {
    self = [super initWithNibName:nil bundle:nil];
    return self;
}

@end

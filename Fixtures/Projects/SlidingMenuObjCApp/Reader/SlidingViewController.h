#import <UIKit/UIKit.h>

@interface SlidingViewController : UIViewController
- (instancetype)initWithTopViewController:(UIViewController *)top;
@end

#import <UIKit/UIKit.h>

/// A top view controller that slides aside to show one under it, left or right. Apps copied
/// ECSlidingViewController's sources into their own trees, so this is app code to fleetscan.
@interface ECSlidingViewController : UIViewController

@property (nonatomic, strong) UIViewController *topViewController;
@property (nonatomic, strong) UIViewController *underLeftViewController;
@property (nonatomic, strong) UIViewController *underRightViewController;
@property (nonatomic, assign) CGFloat anchorRightPeekAmount;
@property (nonatomic, assign) CGFloat anchorLeftPeekAmount;

@end

#import <UIKit/UIKit.h>

@interface MenuViewController : UIViewController
@end

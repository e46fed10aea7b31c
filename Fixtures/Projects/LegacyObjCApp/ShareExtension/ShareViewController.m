#import <UIKit/UIKit.h>

@interface ShareViewController : UIViewController
@end

@implementation ShareViewController
@end

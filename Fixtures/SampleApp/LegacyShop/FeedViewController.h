#import <UIKit/UIKit.h>

@interface BaseViewController : UIViewController
@end

@interface FeedViewController : BaseViewController
@end

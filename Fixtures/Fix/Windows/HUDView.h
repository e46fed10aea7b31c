#import <UIKit/UIKit.h>

@interface HUDView : UIView
- (void)show;
@end

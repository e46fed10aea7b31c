#import <UIKit/UIKit.h>

@interface OverlayView : UIView
@end

@implementation OverlayView

- (void)show {
    UIViewController *root = [[UIApplication sharedApplication].delegate window].rootViewController;
    [root.view addSubview:self];
    self.frame = root.view.bounds;
}

@end

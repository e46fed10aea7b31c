#import <UIKit/UIKit.h>

@interface PickerController : UIViewController
@end

@implementation PickerController
- (void)viewDidLayoutSubviews {
    [super viewDidLayoutSubviews];
    if ([UIDevice currentDevice].userInterfaceIdiom == UIUserInterfaceIdiomPad) { self.view.layoutMargins = UIEdgeInsetsMake(0, 40, 0, 40); }
}
@end

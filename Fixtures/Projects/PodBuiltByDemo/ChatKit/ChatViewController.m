#import <UIKit/UIKit.h>

@interface ChatViewController : UIViewController
@end

@implementation ChatViewController
- (void)viewDidLayoutSubviews {
    [super viewDidLayoutSubviews];
    if ([UIDevice currentDevice].userInterfaceIdiom == UIUserInterfaceIdiomPad) { self.view.layoutMargins = UIEdgeInsetsMake(0, 40, 0, 40); }
}
@end

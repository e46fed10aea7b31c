#import <UIKit/UIKit.h>

@interface DemoViewController : UIViewController
@end

@implementation DemoViewController
- (void)viewDidLoad {
    [super viewDidLoad];
    if ([UIDevice currentDevice].userInterfaceIdiom == UIUserInterfaceIdiomPad) { self.view.layoutMargins = UIEdgeInsetsMake(0, 40, 0, 40); }
}
@end

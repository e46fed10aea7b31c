#import <UIKit/UIKit.h>

@interface DemoViewController : UIViewController
@end

@implementation DemoViewController
- (void)viewDidLoad {
    [super viewDidLoad];
    if ([UIDevice currentDevice].userInterfaceIdiom == UIUserInterfaceIdiomPad) { self.title = @"iPad"; }
}
@end

#import <UIKit/UIKit.h>

@interface SettingsViewController : UIViewController
@end

@implementation SettingsViewController
- (void)viewDidLoad {
    [super viewDidLoad];
    self.title = @"SettingsViewController";
}
@end

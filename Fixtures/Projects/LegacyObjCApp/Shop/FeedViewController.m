#import <UIKit/UIKit.h>

@interface FeedViewController : UIViewController
@end

@implementation FeedViewController
- (void)viewDidLoad {
    [super viewDidLoad];
    self.view.backgroundColor = [UIColor systemBackgroundColor];
}
@end

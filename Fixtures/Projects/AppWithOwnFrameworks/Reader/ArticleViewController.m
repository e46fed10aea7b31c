#import <UIKit/UIKit.h>

@interface ArticleViewController : UIViewController
@end

@implementation ArticleViewController
- (void)viewDidLoad {
    [super viewDidLoad];
    self.title = @"ArticleViewController";
}
@end

#import <UIKit/UIKit.h>

/// A side menu laid out under the status bar, in an app whose deployment target is iOS 9.0
/// (Menu.xcodeproj): the scene APIs (iOS 13) and the safe area (iOS 11) are not there, so
/// their rewrites are made only under a guard that promises them.
@interface MenuViewController : UIViewController
@property (nonatomic, strong) UIView *menuView;
@end

@implementation MenuViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.menuView = [[UIView alloc] init];
    [self.view addSubview:self.menuView];
    [self.menuView.topAnchor constraintEqualToAnchor:self.topLayoutGuide.bottomAnchor].active = YES;
}

- (void)viewDidLayoutSubviews {
    [super viewDidLayoutSubviews];
    CGFloat top = [UIApplication sharedApplication].statusBarFrame.size.height;
    CGFloat hairline = 1.0 / [UIScreen mainScreen].scale;
    CGRect bounds = [UIScreen mainScreen].bounds;
    self.menuView.frame = CGRectMake(0, top, bounds.size.width, bounds.size.height - top - hairline);
}

- (CGFloat)headerHeight {
    if (@available(iOS 13.0, *)) {
        return [UIApplication sharedApplication].statusBarFrame.size.height + 44;
    }
    return 64;
}

- (void)pinFooter:(UIView *)footer API_AVAILABLE(ios(11.0)) {
    [footer.bottomAnchor constraintEqualToAnchor:self.bottomLayoutGuide.topAnchor].active = YES;
}

@end

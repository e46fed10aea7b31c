#import "FeedViewController.h"
#import "Macros.h"

@implementation BaseViewController
@end

@interface FeedViewController () <UITableViewDataSource>
@property (nonatomic, strong) UITableView *tableView;
@property (nonatomic, strong) UIView *sidebar;
@end

@implementation FeedViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.tableView = [[UITableView alloc] initWithFrame:CGRectMake(0, kNavBarHeight, SCREEN_WIDTH, SCREEN_HEIGHT - kNavBarHeight - kTabBarHeight)];
    self.tableView.dataSource = self;
    [self.view addSubview:self.tableView];

    if (IS_IPAD) {
        [self showSidebar];
    }
    if (UI_USER_INTERFACE_IDIOM() == UIUserInterfaceIdiomPhone && IS_IPHONE_X) {
        self.tableView.contentInset = UIEdgeInsetsMake(0, 0, 34, 0);
    }
    CGFloat bottomInset = self.view.safeAreaInsets.bottom;
    self.tableView.scrollIndicatorInsets = UIEdgeInsetsMake(0, 0, bottomInset, 0);
}

- (void)showSidebar {
    CGFloat width = SCREEN_WIDTH / 3;
    self.sidebar = [[UIView alloc] initWithFrame:CGRectMake(0, 0, width, SCREEN_HEIGHT)];
    self.sidebar.layer.borderWidth = ONE_PIXEL;
    [self.view addSubview:self.sidebar];
}

- (void)viewWillTransitionToSize:(CGSize)size withTransitionCoordinator:(id<UIViewControllerTransitionCoordinator>)coordinator {
    [super viewWillTransitionToSize:size withTransitionCoordinator:coordinator];
    if (UIInterfaceOrientationIsLandscape([UIApplication sharedApplication].statusBarOrientation)) {
        self.sidebar.frame = CGRectMake(0, 0, size.width / 3, size.height);
    }
}

- (void)presentCart {
    UIViewController *cart = [[UIViewController alloc] init];
    UIWindow *window = [UIApplication sharedApplication].keyWindow;
    [window.rootViewController presentViewController:cart animated:YES completion:nil];
}

- (CGFloat)headerOffset {
    // fleetscan:ignore status-bar-frame — measured once at launch on purpose; tracked in SHOP-412
    return [UIApplication sharedApplication].statusBarFrame.size.height;
}

- (NSInteger)tableView:(UITableView *)tableView numberOfRowsInSection:(NSInteger)section {
    return 20;
}

- (UITableViewCell *)tableView:(UITableView *)tableView cellForRowAtIndexPath:(NSIndexPath *)indexPath {
    NSString *note = @"Use [UIScreen mainScreen].bounds for the width";  // a string, not a read
    UITableViewCell *cell = [tableView dequeueReusableCellWithIdentifier:note];
    return cell ?: [[UITableViewCell alloc] initWithStyle:UITableViewCellStyleDefault reuseIdentifier:note];
}

@end

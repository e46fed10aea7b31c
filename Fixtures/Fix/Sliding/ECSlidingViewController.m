#import "ECSlidingViewController.h"

@interface ECSlidingViewController ()
@property (nonatomic, assign) BOOL underLeftShowing;
@property (nonatomic, assign) BOOL underRightShowing;
- (void)adjustLayout;
- (void)updateTopViewLayout;
- (void)updateUnderLeftLayout;
- (void)updateUnderRightLayout;
- (void)updateShadowPath;
- (CGFloat)screenWidth;
- (CGFloat)resettedCenter;
@end

@implementation ECSlidingViewController

// During a size transition the view still has its old bounds while the screen already has its
// new ones: every screen read this method reaches synchronously stays as it is.
- (void)viewWillTransitionToSize:(CGSize)size withTransitionCoordinator:(id<UIViewControllerTransitionCoordinator>)coordinator {
    [super viewWillTransitionToSize:size withTransitionCoordinator:coordinator];
    CGFloat oldWidth = [UIScreen mainScreen].bounds.size.width;
    [self adjustLayout];
    [coordinator animateAlongsideTransition:^(id<UIViewControllerTransitionCoordinatorContext> context) {
        // The animation block runs once the view has its new size.
        [self updateShadowPath];
    } completion:nil];
    self.anchorRightPeekAmount = MIN(self.anchorRightPeekAmount, oldWidth);
}

- (void)viewDidLayoutSubviews {
    [super viewDidLayoutSubviews];
    self.topViewController.view.frame = [UIScreen mainScreen].bounds;
}

- (void)adjustLayout {
    if (self.underLeftShowing) {
        [self updateUnderLeftLayout];
    } else if (self.underRightShowing) {
        [self updateUnderRightLayout];
    }
    [self updateTopViewLayout];
}

- (void)updateTopViewLayout {
    CGPoint center = self.topViewController.view.center;
    center.x = self.underLeftShowing ? self.screenWidth + self.resettedCenter - self.anchorRightPeekAmount : self.resettedCenter;
    self.topViewController.view.center = center;
    // The window is not geometry: the view's is the key window's here.
    [[UIApplication sharedApplication].keyWindow endEditing:YES];
}

- (void)updateUnderLeftLayout {
    CGRect frame = self.view.bounds;
    frame.size.width = [UIScreen mainScreen].bounds.size.width - self.anchorRightPeekAmount;
    self.underLeftViewController.view.frame = frame;
}

- (void)updateUnderRightLayout {
    CGRect frame = self.view.bounds;
    CGFloat width = [[UIScreen mainScreen] bounds].size.width;
    frame.origin.x = self.anchorLeftPeekAmount;
    frame.size.width = width - self.anchorLeftPeekAmount;
    self.underRightViewController.view.frame = frame;
}

- (CGFloat)resettedCenter {
    return self.screenWidth / 2;
}

- (CGFloat)screenWidth {
    return [UIScreen mainScreen].bounds.size.width;
}

- (void)updateShadowPath {
    CGRect bounds = [UIScreen mainScreen].bounds;
    self.topViewController.view.layer.shadowPath = [UIBezierPath bezierPathWithRect:bounds].CGPath;
}

@end

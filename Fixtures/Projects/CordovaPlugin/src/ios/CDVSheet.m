#import "CDVSheet.h"

@implementation CDVSheet

- (void)show:(CDVInvokedUrlCommand *)command {
    CGRect frame = [[UIScreen mainScreen] bounds];
    self.viewController.view.frame = frame;
}

@end

#import <UIKit/UIKit.h>

CGFloat ThemeSpacing(void) { return 8; }

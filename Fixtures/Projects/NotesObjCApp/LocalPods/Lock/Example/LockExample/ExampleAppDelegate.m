#import <UIKit/UIKit.h>

@interface ExampleAppDelegate : UIResponder <UIApplicationDelegate>
@property (strong, nonatomic) UIWindow *window;
@end

@implementation ExampleAppDelegate
@end

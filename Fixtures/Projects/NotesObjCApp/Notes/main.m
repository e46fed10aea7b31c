#import <UIKit/UIKit.h>
#import "AppDelegate.h"

int main(int argc, char *argv[])
{
  @autoreleasepool {
    BOOL testing = NSClassFromString(@"XCTestCase") != nil;
    Class delegateClass = testing ? NSClassFromString(@"TestAppDelegate") : [AppDelegate class];
    return UIApplicationMain(argc, argv, nil, NSStringFromClass(delegateClass));
  }
}

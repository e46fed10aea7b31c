#import "TestAppDelegate.h"

@implementation TestAppDelegate
@end

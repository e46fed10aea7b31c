#import "AppDelegate.h"

@implementation AppDelegate (Lock)

- (BOOL)isLocked
{
  return NO;
}

@end

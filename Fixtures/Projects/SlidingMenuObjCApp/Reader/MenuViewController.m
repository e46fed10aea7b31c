#import "MenuViewController.h"

@implementation MenuViewController
@end

#import <SenTestingKit/SenTestingKit.h>

@interface LedgerTests : SenTestCase
@end

@implementation LedgerTests
- (void)testWindow {
    UIWindow *window = [[UIWindow alloc] initWithFrame:CGRectZero];
    STAssertNotNil(window, nil);
}
@end

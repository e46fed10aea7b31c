#import <SenTestingKit/SenTestingKit.h>

@interface LedgerSpecs : SenTestCase
@end

@implementation LedgerSpecs
- (void)testWindow {
    UIWindow *window = [[UIWindow alloc] initWithFrame:CGRectZero];
    STAssertNotNil(window, nil);
}
@end

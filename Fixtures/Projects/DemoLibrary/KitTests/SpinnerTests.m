#import <XCTest/XCTest.h>

@interface SpinnerTests : XCTestCase
@end

@implementation SpinnerTests
- (void)testWindow {
    UIWindow *window = [[UIWindow alloc] initWithFrame:CGRectZero];
    XCTAssertNotNil(window);
}
@end

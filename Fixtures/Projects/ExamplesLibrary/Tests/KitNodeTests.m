#import <XCTest/XCTest.h>

@interface KitNodeTests : XCTestCase
@end

@implementation KitNodeTests
- (void)tearDown {
    for (UIWindow *window in [UIApplication sharedApplication].windows) {
        window.hidden = YES;
    }
}
- (void)testLayout {
    UIWindow *window = [[UIWindow alloc] initWithFrame:[[UIScreen mainScreen] bounds]];
    XCTAssertNotNil(window);
}
@end

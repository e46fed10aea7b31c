import XCTest

final class PlayerTests: XCTestCase {
    func testWindow() {
        let window = UIWindow(frame: .zero)
        XCTAssertNotNil(window)
    }
}

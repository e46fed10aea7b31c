import XCTest

final class LayoutTests: XCTestCase {
    func testIdiom() {
        XCTAssertEqual(UIDevice.current.userInterfaceIdiom == .pad ? 2 : 1, 1)
    }
}

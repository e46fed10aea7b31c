import Layout
import UIKit
import XCTest

final class GridTests: XCTestCase {
    func testColumns() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        XCTAssertNotNil(window)
    }
}

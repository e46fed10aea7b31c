import XCTest

final class SlideTests: XCTestCase {
    func testOpens() {}
}

import XCTest

final class AppTests: XCTestCase {
    func testNothing() {}
}

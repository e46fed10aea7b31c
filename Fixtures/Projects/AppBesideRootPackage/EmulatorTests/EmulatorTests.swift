import XCTest

final class EmulatorTests: XCTestCase {
    func testStarts() {}
}

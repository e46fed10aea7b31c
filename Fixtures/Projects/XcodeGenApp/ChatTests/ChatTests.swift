import XCTest

final class ChatTests: XCTestCase {
    func testWindow() { _ = UIWindow(frame: .zero) }
}

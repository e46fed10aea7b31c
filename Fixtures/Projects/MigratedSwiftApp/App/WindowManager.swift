import UIKit

final class WindowManager {
    static let shared = WindowManager()
    var keyWindow: UIWindow?
    var rootNavigation: UINavigationController?
    private init() {}
}

import UIKit

/// Shows the app's screens; the first one in the window it is given, or in one of its own.
final class Router {
    static let shared = Router()
    private(set) var window: UIWindow?

    func start(in window: UIWindow?) {
        let window = window ?? UIWindow(frame: UIScreen.main.bounds)
        let home = UIStoryboard(name: "Main", bundle: nil).instantiateViewController(withIdentifier: "Home")
        window.rootViewController = UINavigationController(rootViewController: home)
        window.makeKeyAndVisible()
        self.window = window
    }

    @discardableResult
    func handle(_ item: UIApplicationShortcutItem) -> Bool {
        item.type == "new-recipe"
    }
}

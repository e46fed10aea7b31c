import UIKit

/// A window inspector: it saves the app's key window to make it key again afterwards.
final class Inspector: UIViewController {
    var previous: UIWindow?

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        previous = UIApplication.shared.keyWindow
    }

    func close() {
        previous?.makeKey()
    }

    func present(_ message: String) {
        UIApplication.shared.keyWindow?.rootViewController?.present(UIViewController(), animated: true)
    }
}

import UIKit

final class ImageCache {
    static func configure() {}
}

final class Analytics {
    static func start() {}
}

final class Theme {
    static let shared = Theme()
    var background = UIColor.white
    func refreshStyleIfNeeded() {}
}

/// A drawer around the center controller, as the DrawerController pod makes one.
final class DrawerController: UIViewController {
    var maximumLeftWidth: CGFloat = 280
    init(center: UIViewController, left: UIViewController) { super.init(nibName: nil, bundle: nil) }
    required init?(coder: NSCoder) { super.init(coder: coder) }
}

final class HomeViewController: UIViewController {}
final class MenuViewController: UIViewController {}
final class FPSLabel: UILabel {}

/// The SVProgressHUD pod's class interface.
final class ProgressHUD {
    static func setMinimumDismissTimeInterval(_ interval: TimeInterval) {}
    static func setContainerView(_ view: UIView?) {}
}

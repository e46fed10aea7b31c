import UIKit

public enum Metrics {
    public static func hairline(for view: UIView) -> CGFloat { 1 / view.traitCollection.displayScale }

    @available(iOS 17.0, *)
    public static func observe(_ view: UIView) {
        view.registerForTraitChanges([UITraitDisplayScale.self]) { (_: UIView, _) in }
    }

    public static func legacyObserve(_ view: UIView) {
        view.registerForTraitChanges([UITraitDisplayScale.self]) { (_: UIView, _) in }
    }
}

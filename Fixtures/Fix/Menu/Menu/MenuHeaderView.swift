import UIKit

/// The menu's header, in the same iOS 9.0 app: its status bar read is rewritten only where an
/// availability check promises iOS 13.
final class MenuHeaderView: UIView {
    private let title = UILabel()

    override func layoutSubviews() {
        super.layoutSubviews()
        let top = UIApplication.shared.statusBarFrame.height
        title.frame = CGRect(x: 16, y: top, width: bounds.width - 32, height: 44)
        if #available(iOS 13.0, *) {
            let inset = UIApplication.shared.statusBarFrame.height
            title.frame.origin.y = inset
        }
    }
}

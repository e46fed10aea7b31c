import UIKit

/// A view that puts itself into the key window: its own `window` is nil until then.
final class Toast: UIView {
    func show() {
        UIApplication.shared.keyWindow?.addSubview(self)
    }

    func hairlines() {
        layer.borderWidth = 1 / UIScreen.main.scale; layer.cornerRadius = 2 / UIScreen.main.scale
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        layer.borderWidth = 1 / UIScreen.main.scale; layer.cornerRadius = 2 / UIScreen.main.scale
    }
}

import UIKit

/// In the shape of pocket-casts-ios's RoundedBorderView: a private `setupBorder()` that both
/// initializers call, so its hairline is read before the view is in a window.
class RoundedBorderView: UIView {
    var cornerRadius: CGFloat = 8 {
        didSet { layer.cornerRadius = cornerRadius }
    }

    override init(frame: CGRect) {
        super.init(frame: frame)
        setupBorder()
    }

    required init?(coder aDecoder: NSCoder) {
        super.init(coder: aDecoder)
        setupBorder()
    }

    private func setupBorder() {
        clipsToBounds = true
        layer.borderWidth = 1.0 / UIScreen.main.scale
        layer.cornerRadius = cornerRadius
    }
}

import UIKit

/// In the shape of pocket-casts-ios's MiniPlayerShadowView: `setup()` from both initializers
/// calls `updateView()`, which the properties' observers call too. Every caller runs before the
/// view is in a window, so the rasterization scale stays.
class MiniPlayerShadowView: UIView {
    var shadowRadius: CGFloat = 15 {
        didSet { updateView() }
    }

    var shadowOpacity: Float = 1 {
        didSet { updateView() }
    }

    override init(frame: CGRect) {
        super.init(frame: frame)
        setup()
    }

    required init?(coder aDecoder: NSCoder) {
        super.init(coder: aDecoder)
        setup()
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        layer.shadowPath = UIBezierPath(roundedRect: bounds, cornerRadius: 12).cgPath
    }

    private func setup() {
        clipsToBounds = false
        updateView()
    }

    private func updateView() {
        layer.shadowRadius = shadowRadius
        layer.shadowOpacity = shadowOpacity
        layer.shouldRasterize = true
        layer.rasterizationScale = UIScreen.main.scale
    }
}

import UIKit

/// In the shape of pocket-casts-ios's ProfileProgressCircleView: `updateAvatar()` runs from
/// `commonInit()` (both initializers) and again on a notification. One early caller is enough
/// for the read to be wrong, so it stays; the read in draw(_:) is rewritten.
class ProfileProgressCircleView: UIView {
    private let avatarView = UIImageView()
    private var lineWidth: CGFloat = 3

    override init(frame: CGRect) {
        super.init(frame: frame)
        commonInit()
    }

    required init?(coder aDecoder: NSCoder) {
        super.init(coder: aDecoder)
        commonInit()
    }

    private func commonInit() {
        addSubview(avatarView)
        NotificationCenter.default.addObserver(self, selector: #selector(updateAvatar), name: .init("userLoginDidChange"), object: nil)
        updateAvatar()
    }

    override func draw(_ rect: CGRect) {
        let ring = UIBezierPath(ovalIn: rect.insetBy(dx: lineWidth / 2, dy: lineWidth / 2))
        ring.lineWidth = lineWidth * UIScreen.main.scale / 2
        ring.stroke()
    }

    @objc private func updateAvatar() {
        let pixels = frame.size.width * UIScreen.main.scale
        avatarView.accessibilityLabel = "avatar \(Int(pixels))px"
    }
}

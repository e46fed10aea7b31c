import UIKit

/// In the shape of pocket-casts-ios's AnimatedImageButton: its layers are built in `setup()`,
/// which awakeFromNib calls (and prepareForInterfaceBuilder, through awakeFromNib), before the
/// button is in a window. Its trait collection is not its screen's there: the reads stay.
class AnimatedImageButton: UIView {
    private let shapeLayer = CAShapeLayer()
    private let textLayer = CATextLayer()

    var buttonTitle = "" {
        didSet { textLayer.string = buttonTitle }
    }

    override func prepareForInterfaceBuilder() {
        super.prepareForInterfaceBuilder()
        awakeFromNib()
    }

    override func awakeFromNib() {
        super.awakeFromNib()
        setup()
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        shapeLayer.frame = bounds.insetBy(dx: 2, dy: 2)
        textLayer.frame = bounds
    }

    func setup() {
        shapeLayer.lineWidth = 2
        shapeLayer.contentsScale = UIScreen.main.scale
        layer.insertSublayer(shapeLayer, at: 0)

        textLayer.string = buttonTitle
        textLayer.contentsScale = UIScreen.main.scale
        shapeLayer.addSublayer(textLayer)
    }
}

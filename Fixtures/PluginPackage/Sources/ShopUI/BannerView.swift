import UIKit

final class BannerView: UIView {
    override func layoutSubviews() {
        super.layoutSubviews()
        frame.size.width = UIScreen.main.bounds.width
        layer.borderWidth = 1 / UIScreen.main.scale
    }
}

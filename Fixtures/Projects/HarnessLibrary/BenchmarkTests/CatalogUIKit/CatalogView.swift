import UIKit

final class CatalogView: UIView {
    override func layoutSubviews() {
        super.layoutSubviews()
        frame.size.width = UIScreen.main.bounds.width
    }
}

import UIKit

public final class Bubble: UIView {
    public override func layoutSubviews() {
        super.layoutSubviews()
        layer.cornerRadius = 4 * UIScreen.main.scale
    }
}

import UIKit

public final class BridgeView: UIView {
    public override func layoutSubviews() {
        super.layoutSubviews()
        layer.borderWidth = 1 / UIScreen.main.scale
    }
}

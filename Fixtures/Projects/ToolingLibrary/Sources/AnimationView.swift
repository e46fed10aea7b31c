import UIKit

public final class AnimationView: UIView {
    public override func layoutSubviews() {
        super.layoutSubviews()
        layer.contentsScale = UIScreen.main.scale
    }
}

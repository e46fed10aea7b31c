import UIKit

/// In the shape of pocket-casts-ios's DateHeadingView: `setup()` runs from didMoveToSuperview,
/// and a superview need not be in a window yet (a table's header is built before the table is
/// shown), so the divider's height stays as it is.
class DateHeadingView: UIView {
    private let divider = UIView()

    override func didMoveToSuperview() {
        super.didMoveToSuperview()
        setup()
    }

    private func setup() {
        let dividerHeight = 1 / UIScreen.main.scale
        divider.frame = CGRect(x: 0, y: 0, width: bounds.width, height: dividerHeight)
        addSubview(divider)
    }
}

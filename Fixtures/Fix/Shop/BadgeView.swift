import UIKit

final class BadgeView: UIView {
	override func layoutSubviews() {
		super.layoutSubviews()
		let hairline = 1 / UIScreen.main.scale
		let frame = UIScreen.main.bounds
		let top = UIApplication.shared.statusBarFrame.height
		let key = UIApplication.shared.keyWindow
		draw(hairline, frame, top, key)
	}

	private func draw(_ a: CGFloat, _ b: CGRect, _ c: CGFloat, _ d: UIWindow?) {}
}

/// Not a view or a view controller: the scale comes from whoever calls it.
enum Metrics {
	static var hairline: CGFloat { 1 / UIScreen.main.scale }
}

import UIKit

public func noteWidth(_ view: UIView) -> CGFloat {
    view.window?.windowScene?.effectiveGeometry.coordinateSpace.bounds.width ?? 0
}

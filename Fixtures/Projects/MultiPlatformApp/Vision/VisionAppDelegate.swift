import UIKit

@main
class VisionAppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
    func layoutWidth() -> CGFloat { UIScreen.main.bounds.width }
}

import UIKit

open class SlideController: UIViewController {
    func openMenu() {
        UIApplication.shared.keyWindow?.windowLevel = .statusBar + 1
    }
}

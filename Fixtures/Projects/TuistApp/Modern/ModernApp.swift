import UIKit

class ModernSceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?
}

import UIKit

@main
class OperatorDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
}

import UIKit

@main
class HostDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
}

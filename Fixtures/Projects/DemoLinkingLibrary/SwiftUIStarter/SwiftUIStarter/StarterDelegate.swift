import UIKit

@main
class StarterDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
}

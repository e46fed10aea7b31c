import UIKit

@main
class ClassicAppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
}

import UIKit

@UIApplicationMain
class TVAppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
}

import UIKit

@main
class ShowcaseDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
}

import UIKit

@main
final class ModernAppDelegate: UIResponder, UIApplicationDelegate {
}

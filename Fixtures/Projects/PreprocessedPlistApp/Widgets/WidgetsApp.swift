import UIKit

class WidgetsAppDelegate: UIResponder, UIApplicationDelegate {}

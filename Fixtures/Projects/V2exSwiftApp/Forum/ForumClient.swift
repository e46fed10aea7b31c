import UIKit

/// Holds what the whole app reaches for: the window and the drawer.
final class ForumClient {
    static let shared = ForumClient()
    var window: UIWindow?
    var drawer: DrawerController?
}

import UIKit

@UIApplicationMain
class AppDelegate: UIResponder, UIApplicationDelegate {

    var window: UIWindow?

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        ImageCache.configure()

        self.window = ThemedWindow();
        ForumClient.shared.window = self.window
        self.window?.frame = UIScreen.main.bounds;
        self.window?.makeKeyAndVisible();

        let home = UINavigationController(rootViewController: HomeViewController())
        let drawer = DrawerController(center: home, left: MenuViewController())
        (self.window as? ThemedWindow)?.themeChanged = { [weak self] in
            self?.window?.backgroundColor = Theme.shared.background
            drawer.view.backgroundColor = Theme.shared.background
        }
        drawer.maximumLeftWidth = 230
        self.window?.rootViewController = drawer
        ForumClient.shared.drawer = drawer
        #if DEBUG
            let fps = FPSLabel(frame: CGRect(x: 15, y: 40, width: 55, height: 20))
            self.window?.addSubview(fps)
        #endif

        ProgressHUD.setMinimumDismissTimeInterval(1.5)
        ProgressHUD.setContainerView(self.window!)

        Analytics.start()
        return true
    }

    func applicationWillResignActive(_ application: UIApplication) {
        // Sent when the application is about to move from active to inactive state.
    }

    func applicationDidBecomeActive(_ application: UIApplication) {
        Theme.shared.refreshStyleIfNeeded()
    }
}

class ThemedWindow: UIWindow {
    var themeChanged: (() -> Void)?

    override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        Theme.shared.refreshStyleIfNeeded()
        themeChanged?()
    }
}

// Stand-ins for the UIKit (and the Apple-only Foundation) API that fleetscan's patches and the
// fixtures they are tested on use, so `SDKCheck.swift` can type-check generated and fixed Swift
// on Linux, where no iOS SDK exists. Declarations carry the availability Apple's documentation
// gives (developer.apple.com/documentation/uikit/…); SDKCheck turns every `@available(iOS X, *)`
// above the deployment target into a custom availability domain, so an unguarded use fails to
// compile as it would in Xcode. Bodies are placeholders: nothing here runs.
//
// Swift on Linux has no Objective-C interop, so protocols have no optional requirements: the
// delegate protocols are markers, and code calls methods on its own concrete types. A property
// newer than some deployment target is computed: a stored one cannot be conditionally available.
import Foundation

// MARK: Foundation's Apple-only types

public let NSUserActivityTypeBrowsingWeb = "NSUserActivityTypeBrowsingWeb"

open class NSUserActivity: NSObject {
    public let activityType: String
    public var userInfo: [AnyHashable: Any]?
    public var webpageURL: URL?
    public var title: String?
    public init(activityType: String) { self.activityType = activityType }
}

// MARK: Core Animation

open class CALayer: NSObject {
    open var contentsScale: CGFloat = 1
    open var rasterizationScale: CGFloat = 1
    open var shouldRasterize = false
    open var borderWidth: CGFloat = 0
    open var cornerRadius: CGFloat = 0
    open var frame: CGRect = .zero
    open var bounds: CGRect = .zero
    open var shadowOpacity: Float = 0
    open var shadowRadius: CGFloat = 0
    open var shadowColor: CGColor?
    open var shadowPath: CGPath?
    open var borderColor: CGColor?
    open func addSublayer(_ layer: CALayer) {}
    open func insertSublayer(_ layer: CALayer, at index: UInt32) {}
    public override init() {}
}

open class CAShapeLayer: CALayer {
    open var fillColor: CGColor?
    open var strokeColor: CGColor?
    open var lineWidth: CGFloat = 1
}

open class CATextLayer: CALayer {
    open var string: Any?
    open var fontSize: CGFloat = 12
}

public final class CGColor {}

/// Objective-C's selectors, which Linux lacks: SDKCheck spells `#selector(m)` as `Selector("m")`.
public struct Selector { public init(_ name: String) {} }

extension NotificationCenter {
    public func addObserver(_ observer: Any, selector: Selector, name: Notification.Name?, object: Any?) {}
}
public final class CGPath {}

// MARK: Values

public struct UIEdgeInsets: Equatable {
    public var top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    public static let zero = UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
}

extension CGRect {
    public func inset(by insets: UIEdgeInsets) -> CGRect { self }
}

public enum UIUserInterfaceIdiom: Int {
    case unspecified = -1, phone, pad, tv, carPlay
    @available(iOS 14.0, *) case mac = 5
    @available(iOS 17.0, *) case vision = 6
}

public enum UIUserInterfaceSizeClass: Int { case unspecified, compact, regular }

@available(iOS 12.0, *)
public enum UIUserInterfaceStyle: Int { case unspecified, light, dark }

public enum UIInterfaceOrientation: Int {
    case unknown, portrait, portraitUpsideDown, landscapeLeft, landscapeRight
    public var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }
    public var isPortrait: Bool { self == .portrait || self == .portraitUpsideDown }
}

public struct UIInterfaceOrientationMask: OptionSet {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let portrait = UIInterfaceOrientationMask(rawValue: 1 << 1)
    public static let landscapeLeft = UIInterfaceOrientationMask(rawValue: 1 << 4)
    public static let landscapeRight = UIInterfaceOrientationMask(rawValue: 1 << 3)
    public static let portraitUpsideDown = UIInterfaceOrientationMask(rawValue: 1 << 2)
    public static let landscape: UIInterfaceOrientationMask = [.landscapeLeft, .landscapeRight]
    public static let all: UIInterfaceOrientationMask = [.portrait, .landscape, .portraitUpsideDown]
    public static let allButUpsideDown: UIInterfaceOrientationMask = [.portrait, .landscape]
}

public struct UIBackgroundTaskIdentifier: Equatable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let invalid = UIBackgroundTaskIdentifier(rawValue: 0)
}

// MARK: Colours, fonts, images

open class UIColor: NSObject {
    public static let white = UIColor(), black = UIColor(), clear = UIColor(), red = UIColor(), gray = UIColor()
    @available(iOS 13.0, *) public static var systemBackground: UIColor { UIColor() }
    public init(white: CGFloat, alpha: CGFloat) {}
    @available(iOS 13.0, *) public init(dynamicProvider: @escaping (UITraitCollection) -> UIColor) {}
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {}
    public override init() {}
    open var cgColor: CGColor { CGColor() }
    open func withAlphaComponent(_ alpha: CGFloat) -> UIColor { self }
}

open class UIFont: NSObject {
    open var pointSize: CGFloat { 12 }
    open var fontName: String { "" }
    open class func systemFont(ofSize size: CGFloat) -> UIFont { UIFont() }
}

open class UIImage: NSObject {
    public init?(named: String) {}
    open var scale: CGFloat { 1 }
}

// MARK: Traits and screens

open class UITraitCollection: NSObject {
    open var displayScale: CGFloat { 0 }
    open var horizontalSizeClass: UIUserInterfaceSizeClass { .unspecified }
    open var verticalSizeClass: UIUserInterfaceSizeClass { .unspecified }
    open var userInterfaceIdiom: UIUserInterfaceIdiom { .unspecified }
    @available(iOS 12.0, *) open var userInterfaceStyle: UIUserInterfaceStyle { .unspecified }
}

public protocol UITraitEnvironment: AnyObject {
    var traitCollection: UITraitCollection { get }
}

// Registering for trait changes (uikit/uitraitchangeobservable): iOS 17.0.
public protocol UITraitDefinition {}
public enum UITraitHorizontalSizeClass: UITraitDefinition {}
public enum UITraitDisplayScale: UITraitDefinition {}
public typealias UITrait = any UITraitDefinition.Type
public protocol UITraitChangeRegistration {}
public protocol UITraitChangeObservable {}
extension UITraitChangeObservable {
    @available(iOS 17.0, *) @discardableResult
    public func registerForTraitChanges<T: UITraitEnvironment>(_ traits: [UITrait], handler: @escaping (T, UITraitCollection) -> Void) -> any UITraitChangeRegistration { fatalError() }
}

public protocol UICoordinateSpace: AnyObject {
    var bounds: CGRect { get }
    func convert(_ rect: CGRect, to coordinateSpace: UICoordinateSpace) -> CGRect
    func convert(_ rect: CGRect, from coordinateSpace: UICoordinateSpace) -> CGRect
}

open class UIScreen: NSObject, UITraitEnvironment, UICoordinateSpace {
    @available(iOS, introduced: 2.0, deprecated: 16.0, message: "Use a UIScreen instance found through context instead: i.e, view.window.windowScene.screen")
    open class var main: UIScreen { UIScreen() }
    open var bounds: CGRect { .zero }
    open var nativeBounds: CGRect { .zero }
    open var scale: CGFloat { 2 }
    open var nativeScale: CGFloat { 2 }
    open var brightness: CGFloat = 0.5
    open var coordinateSpace: UICoordinateSpace { self }
    open var traitCollection: UITraitCollection { UITraitCollection() }
    open func convert(_ rect: CGRect, to coordinateSpace: UICoordinateSpace) -> CGRect { rect }
    open func convert(_ rect: CGRect, from coordinateSpace: UICoordinateSpace) -> CGRect { rect }
}

open class UIDevice: NSObject {
    open class var current: UIDevice { UIDevice() }
    open var userInterfaceIdiom: UIUserInterfaceIdiom { .phone }
    open var systemVersion: String { "" }
}

// MARK: Responders, views, windows

open class UIResponder: NSObject {
    public override init() {}
    open var next: UIResponder? { nil }
}

open class UIView: UIResponder, UITraitEnvironment, UICoordinateSpace, UITraitChangeObservable {
    public init(frame: CGRect) { self.frame = frame }
    public required init?(coder: NSCoder) {}
    public convenience override init() { self.init(frame: .zero) }
    open var frame: CGRect = .zero
    open var bounds: CGRect = .zero
    open var center: CGPoint = .zero
    open var window: UIWindow? { nil }
    open var superview: UIView? { nil }
    open var subviews: [UIView] { [] }
    open var backgroundColor: UIColor?
    open var alpha: CGFloat = 1
    open var isHidden = false
    open var tag = 0
    open var clipsToBounds = false
    open var accessibilityLabel: String?
    open var translatesAutoresizingMaskIntoConstraints = true
    open var layer: CALayer { CALayer() }
    open var traitCollection: UITraitCollection { UITraitCollection() }
    @available(iOS 11.0, *) open var safeAreaInsets: UIEdgeInsets { .zero }
    @available(iOS 11.0, *) open var safeAreaLayoutGuide: UILayoutGuide { UILayoutGuide() }
    open var layoutMargins: UIEdgeInsets = .zero
    open func addSubview(_ view: UIView) {}
    open func removeFromSuperview() {}
    open func layoutSubviews() {}
    open func setNeedsLayout() {}
    open func layoutIfNeeded() {}
    open func awakeFromNib() {}
    open func prepareForInterfaceBuilder() {}
    open func draw(_ rect: CGRect) {}
    open func didMoveToWindow() {}
    open func didMoveToSuperview() {}
    @available(iOS 9.0, *) open var topAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor() }
    @available(iOS 9.0, *) open var bottomAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor() }
    @available(iOS 11.0, *) open func safeAreaInsetsDidChange() {}
    @available(iOS, introduced: 8.0, deprecated: 17.0)
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}
    open func convert(_ rect: CGRect, to coordinateSpace: UICoordinateSpace) -> CGRect { rect }
    open func convert(_ rect: CGRect, from coordinateSpace: UICoordinateSpace) -> CGRect { rect }
    open func convert(_ rect: CGRect, to view: UIView?) -> CGRect { rect }
    open func convert(_ rect: CGRect, from view: UIView?) -> CGRect { rect }
    open func systemLayoutSizeFitting(_ size: CGSize) -> CGSize { size }
    public static let layoutFittingExpandedSize = CGSize(width: 1000, height: 1000)
    open class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void) {}
}

open class UILayoutGuide: NSObject {
    open var topAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor() }
    open var bottomAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor() }
    open var layoutFrame: CGRect { .zero }
}

open class NSLayoutYAxisAnchor: NSObject {
    open func constraint(equalTo anchor: NSLayoutYAxisAnchor) -> NSLayoutConstraint { NSLayoutConstraint() }
}

open class NSLayoutConstraint: NSObject {
    open var constant: CGFloat = 0
    open var isActive = false
    open class func activate(_ constraints: [NSLayoutConstraint]) {}
}

open class UIBezierPath: NSObject {
    public init(rect: CGRect) {}
    public init(roundedRect rect: CGRect, cornerRadius: CGFloat) {}
    public init(ovalIn rect: CGRect) {}
    open var lineWidth: CGFloat = 1
    open var cgPath: CGPath { CGPath() }
    open func stroke() {}
}

public protocol UILayoutSupport: AnyObject {
    var length: CGFloat { get }
    var topAnchor: NSLayoutYAxisAnchor { get }
    var bottomAnchor: NSLayoutYAxisAnchor { get }
}

open class UILabel: UIView {
    open var text: String?
    open var font: UIFont?
}

open class UIButton: UIView {}

open class UIImageView: UIView {
    public init(image: UIImage?) { super.init(frame: .zero) }
    public override init(frame: CGRect) { super.init(frame: frame) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }
    open var image: UIImage?
}

open class UITableViewCell: UIView {}

open class UITableView: UIView {
    open var rowHeight: CGFloat = 44
    open func reloadData() {}
}

open class UICollectionViewCell: UIView {}

public struct UIWindowLevel: Equatable {
    public let rawValue: CGFloat
    public init(rawValue: CGFloat) { self.rawValue = rawValue }
    public static let normal = UIWindowLevel(rawValue: 0), alert = UIWindowLevel(rawValue: 2000), statusBar = UIWindowLevel(rawValue: 1000)
}

open class UIWindow: UIView {
    public override init(frame: CGRect) { super.init(frame: frame) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }
    @available(iOS 13.0, *)
    public init(windowScene: UIWindowScene) { super.init(frame: .zero) }
    @available(iOS 13.0, *)
    open var windowScene: UIWindowScene? { get { nil } set {} }
    open var rootViewController: UIViewController?
    open var windowLevel: UIWindowLevel = .normal
    open var isKeyWindow: Bool { false }
    open var screen: UIScreen = UIScreen()
    open func makeKeyAndVisible() {}
    open func makeKey() {}
}

// MARK: View controllers

public protocol UIViewControllerTransitionCoordinatorContext: AnyObject {
    var isAnimated: Bool { get }
}

public protocol UIViewControllerTransitionCoordinator: UIViewControllerTransitionCoordinatorContext {
    @discardableResult
    func animate(alongsideTransition animation: ((UIViewControllerTransitionCoordinatorContext) -> Void)?,
                 completion: ((UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool
}

open class UIViewController: UIResponder, UITraitEnvironment, UITraitChangeObservable {
    public init(nibName: String?, bundle: Bundle?) {}
    public required init?(coder: NSCoder) {}
    public convenience override init() { self.init(nibName: nil, bundle: nil) }
    open var view: UIView! = UIView(frame: .zero)
    open var title: String?
    open var traitCollection: UITraitCollection { UITraitCollection() }
    open var navigationController: UINavigationController? { nil }
    open var presentedViewController: UIViewController? { nil }
    @available(iOS 7.0, *) open var preferredContentSize: CGSize = .zero
    open var children: [UIViewController] { [] }
    @available(iOS, introduced: 7.0, deprecated: 11.0) open var topLayoutGuide: UILayoutSupport { fatalError() }
    @available(iOS, introduced: 7.0, deprecated: 11.0) open var bottomLayoutGuide: UILayoutSupport { fatalError() }
    open var supportedInterfaceOrientations: UIInterfaceOrientationMask { .all }
    open var shouldAutorotate: Bool { true }
    // uikit/uiviewcontroller/prefersinterfaceorientationlocked and
    // setneedsupdateofprefersinterfaceorientationlocked(): iOS 26.0
    @available(iOS 26.0, *) open var prefersInterfaceOrientationLocked: Bool { false }
    @available(iOS 26.0, *) open func setNeedsUpdateOfPrefersInterfaceOrientationLocked() {}
    open func loadView() {}
    open func viewDidLoad() {}
    open func viewWillAppear(_ animated: Bool) {}
    open func viewDidAppear(_ animated: Bool) {}
    // uikit/uiviewcontroller/viewisappearing(_:): iOS 13.0 (back-deployed)
    @available(iOS 13.0, *) open func viewIsAppearing(_ animated: Bool) {}
    open func viewWillLayoutSubviews() {}
    open func viewDidLayoutSubviews() {}
    @available(iOS 11.0, *) open func viewSafeAreaInsetsDidChange() {}
    open func viewWillTransition(to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator) {}
    @available(iOS, introduced: 8.0, deprecated: 17.0)
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}
    open func present(_ viewController: UIViewController, animated: Bool, completion: (() -> Void)? = nil) {}
    open func dismiss(animated: Bool, completion: (() -> Void)? = nil) {}
    open func addChild(_ child: UIViewController) {}
}

open class UITableViewController: UIViewController {
    open var tableView: UITableView! = UITableView(frame: .zero)
}

open class UINavigationController: UIViewController {
    public init(rootViewController: UIViewController) { super.init(nibName: nil, bundle: nil) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }
    open var viewControllers: [UIViewController] = []
    open var topViewController: UIViewController? { viewControllers.last }
    open func pushViewController(_ viewController: UIViewController, animated: Bool) {}
}

// uikit/uisplitviewcontroller: iOS 3.2
open class UISplitViewController: UIViewController {
    open var viewControllers: [UIViewController] = []
}

open class UITabBarController: UIViewController {
    open var viewControllers: [UIViewController]?
}

open class UIStoryboard: NSObject {
    public init(name: String, bundle: Bundle?) {}
    open func instantiateInitialViewController() -> UIViewController? { nil }
    open func instantiateViewController(withIdentifier identifier: String) -> UIViewController { UIViewController() }
}

// MARK: The application

public protocol UIApplicationDelegate: AnyObject {}

/// What `application(_:continue:restorationHandler:)` hands back to be restored.
public protocol UIUserActivityRestoring: AnyObject {}

extension UIApplicationDelegate {
    /// What `@main` calls (UIKit's own starts the run loop); `@UIApplicationMain` is checked as `@main`.
    public static func main() {}
}

open class UIApplicationShortcutItem: NSObject {
    public let type: String
    public let localizedTitle: String
    public init(type: String, localizedTitle: String) { self.type = type; self.localizedTitle = localizedTitle }
}

open class UIApplication: UIResponder {
    open class var shared: UIApplication { UIApplication() }
    open weak var delegate: UIApplicationDelegate?
    @available(iOS, introduced: 2.0, deprecated: 15.0, message: "Use UIWindowScene.windows on a relevant window scene instead")
    open var windows: [UIWindow] { [] }
    @available(iOS, introduced: 2.0, deprecated: 13.0, message: "Should not be used for applications that support multiple scenes as it returns a key window across all connected scenes")
    open var keyWindow: UIWindow? { nil }
    @available(iOS, introduced: 2.0, deprecated: 13.0, message: "Use the statusBarManager property of the window scene instead.")
    open var statusBarFrame: CGRect { .zero }
    @available(iOS, introduced: 2.0, deprecated: 13.0, message: "Use the interfaceOrientation property of the window scene instead.")
    open var statusBarOrientation: UIInterfaceOrientation { .portrait }
    @available(iOS 13.0, *) open var connectedScenes: Set<UIScene> { [] }
    @available(iOS 13.0, *) open var openSessions: Set<UISceneSession> { [] }
    @available(iOS 13.0, *) open var supportsMultipleScenes: Bool { false }
    open var applicationState: State { .active }
    open var isIdleTimerDisabled = false
    open var applicationIconBadgeNumber = 0
    open var shortcutItems: [UIApplicationShortcutItem]?
    open func beginBackgroundTask(expirationHandler handler: (() -> Void)? = nil) -> UIBackgroundTaskIdentifier { .invalid }
    open func endBackgroundTask(_ identifier: UIBackgroundTaskIdentifier) {}
    open func open(_ url: URL, options: [OpenExternalURLOptionsKey: Any] = [:], completionHandler: ((Bool) -> Void)? = nil) {}
    open func canOpenURL(_ url: URL) -> Bool { false }

    public enum State: Int { case active, inactive, background }

    public struct LaunchOptionsKey: Hashable, RawRepresentable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let url = LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsURLKey")
        public static let sourceApplication = LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsSourceApplicationKey")
        public static let annotation = LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsAnnotationKey")
        public static let remoteNotification = LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsRemoteNotificationKey")
        @available(iOS 9.0, *) public static var shortcutItem: LaunchOptionsKey { LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsShortcutItemKey") }
        @available(iOS 8.0, *) public static var userActivityDictionary: LaunchOptionsKey { LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsUserActivityDictionaryKey") }
    }

    public struct OpenURLOptionsKey: Hashable, RawRepresentable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        @available(iOS 9.0, *) public static var sourceApplication: OpenURLOptionsKey { OpenURLOptionsKey(rawValue: "UIApplicationOpenURLOptionsSourceApplicationKey") }
        @available(iOS 9.0, *) public static var annotation: OpenURLOptionsKey { OpenURLOptionsKey(rawValue: "UIApplicationOpenURLOptionsAnnotationKey") }
        @available(iOS 9.0, *) public static var openInPlace: OpenURLOptionsKey { OpenURLOptionsKey(rawValue: "UIApplicationOpenURLOptionsOpenInPlaceKey") }
    }

    public struct OpenExternalURLOptionsKey: Hashable, RawRepresentable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let universalLinksOnly = OpenExternalURLOptionsKey(rawValue: "UIApplicationOpenURLOptionUniversalLinksOnly")
    }

    public static let didBecomeActiveNotification = Notification.Name("UIApplicationDidBecomeActiveNotification")
    public static let willResignActiveNotification = Notification.Name("UIApplicationWillResignActiveNotification")
    public static let didEnterBackgroundNotification = Notification.Name("UIApplicationDidEnterBackgroundNotification")
    public static let willEnterForegroundNotification = Notification.Name("UIApplicationWillEnterForegroundNotification")
}

// MARK: Scenes (iOS 13)

@available(iOS 13.0, *)
public protocol UISceneDelegate: AnyObject {}

@available(iOS 13.0, *)
public protocol UIWindowSceneDelegate: UISceneDelegate {}

// The delegates' optional methods that fix texts name (the protocols are markers
// otherwise): as defaults, so a scene delegate's own declaration is what runs.
@available(iOS 13.0, *)
extension UISceneDelegate {
    public func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {}
    public func sceneWillResignActive(_ scene: UIScene) {}
    public func sceneDidBecomeActive(_ scene: UIScene) {}
}
@available(iOS 13.0, *)
extension UIWindowSceneDelegate {
    @available(iOS 26.0, *)
    public func windowScene(_ windowScene: UIWindowScene, didUpdateEffectiveGeometry previousEffectiveGeometry: UIWindowScene.Geometry) {}
}

@available(iOS 13.0, *)
open class UISceneSession: NSObject {
    public struct Role: Hashable, RawRepresentable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let windowApplication = Role(rawValue: "UIWindowSceneSessionRoleApplication")
        public static let windowExternalDisplayNonInteractive = Role(rawValue: "UIWindowSceneSessionRoleExternalDisplayNonInteractive")
    }
    open var role: Role { .windowApplication }
    open var configuration: UISceneConfiguration { UISceneConfiguration(name: nil, sessionRole: role) }
    open var persistentIdentifier: String { "" }
    open var stateRestorationActivity: NSUserActivity? { nil }
    open var userInfo: [String: Any]?
}

@available(iOS 13.0, *)
open class UISceneConfiguration: NSObject {
    public init(name: String?, sessionRole: UISceneSession.Role) { self.name = name; role = sessionRole }
    public let name: String?
    public let role: UISceneSession.Role
    open var delegateClass: AnyClass?
    open var storyboard: UIStoryboard?
}

@available(iOS 13.0, *)
open class UIOpenURLContext: NSObject {
    open var url: URL { URL(fileURLWithPath: "/") }
    open var options: UIScene.OpenURLOptions { UIScene.OpenURLOptions() }
}

// UserNotifications: a notification response names the scene it was acted on in (iOS 13).
@available(iOS 10.0, *)
open class UNNotificationResponse: NSObject {
    @available(iOS 13.0, *)
    open var targetScene: UIScene? { nil }
}

@available(iOS 13.0, *)
open class UIScene: UIResponder {
    open var session: UISceneSession { UISceneSession() }
    open var delegate: UISceneDelegate?
    open var activationState: ActivationState { .foregroundActive }
    open var title: String!

    public enum ActivationState: Int { case unattached = -1, foregroundActive, foregroundInactive, background }

    open class ConnectionOptions: NSObject {
        open var urlContexts: Set<UIOpenURLContext> { [] }
        open var userActivities: Set<NSUserActivity> { [] }
        open var shortcutItem: UIApplicationShortcutItem? { nil }
        open var sourceApplication: String? { nil }
        open var handoffUserActivityType: String? { nil }
    }

    open class OpenURLOptions: NSObject {
        open var sourceApplication: String? { nil }
        open var annotation: Any? { nil }
        open var openInPlace: Bool { false }
    }

    public static let didActivateNotification = Notification.Name("UISceneDidActivateNotification")
    public static let willDeactivateNotification = Notification.Name("UISceneWillDeactivateNotification")
    public static let didEnterBackgroundNotification = Notification.Name("UISceneDidEnterBackgroundNotification")
    public static let willEnterForegroundNotification = Notification.Name("UISceneWillEnterForegroundNotification")
}

@available(iOS 13.0, *)
open class UIStatusBarManager: NSObject {
    open var statusBarFrame: CGRect { .zero }
    open var isStatusBarHidden: Bool { false }
}

@available(iOS 13.0, *)
open class UIWindowScene: UIScene {
    open var windows: [UIWindow] { [] }
    open var screen: UIScreen { UIScreen() }
    open var coordinateSpace: UICoordinateSpace { UIScreen() }
    open var traitCollection: UITraitCollection { UITraitCollection() }
    open var statusBarManager: UIStatusBarManager? { nil }
    open var interfaceOrientation: UIInterfaceOrientation { .portrait }
    @available(iOS 15.0, *) open var keyWindow: UIWindow? { nil }
    @available(iOS 16.0, *) open var effectiveGeometry: Geometry { Geometry() }

    @available(iOS 16.0, *)
    open class Geometry: NSObject {
        open var interfaceOrientation: UIInterfaceOrientation { .portrait }
        @available(iOS 26.0, *) open var coordinateSpace: UICoordinateSpace { UIScreen() }
        @available(iOS 26.0, *) open var isInteractivelyResizing: Bool { false }
    }
}

import RuleKit
import SourceLexing

/// `UIApplication.shared.windows` and `.keyWindow` assume one window. With several scenes the
/// first window or the key window is often not the one the code belongs to. Both are deprecated in
/// favour of the scene's windows (TN3187 "Migrating to the UIKit scene-based life cycle"); a real
/// app's adaptation to a two-display device (WWDC26 "Make your app ready for iPhone Duo") found that
/// code full of `UIApplication.shared.windows.first` fails as buttons that do not respond, half-drawn
/// pages, data that does not refresh, even crashes.
struct SharedWindowsRule: Rule {
    let description = RuleDescription(
        id: .sharedWindows, name: "Application-wide windows", severity: .warning, facet: .window,
        summary: "Reads UIApplication's windows or keyWindow instead of the window in context.",
        rationale: """
            With multiple scenes an app has several windows, and the key window belongs to whichever scene the \
            user touched last. Code that takes `windows.first` or `keyWindow` presents on, measures or configures the wrong \
            window — buttons that do not respond, alerts on the other display — and both properties are deprecated in \
            favour of the scene's own windows.
            """,
        sources: [.apple("UIApplication.keyWindow", "uikit/uiapplication/keywindow"), .apple("UIApplication.windows", "uikit/uiapplication/windows"), .apple("UIWindowScene.windows", "uikit/uiwindowscene/windows")],
        fix: GeometryFixes.window,
        triggering: [
            // A handler the system calls (Provenance's gamepad `valueChangedHandler`): no view of this object's to ask.
            Example("final class ControllerManager {\n    func listen(_ controller: GCController) {\n        controller.extendedGamepad?.valueChangedHandler = { gamepad, element in\n            let top = UIApplication.shared.↓windows.first { $0.isKeyWindow }?.rootViewController\n            top?.becomeFirstResponder()\n        }\n    }\n}",
                    suggestion: "This runs when the system calls it"),
            // A library presenting its own UI (Leanplum's message templates): the host app hands it a scene.
            Example("final class MessagePresenter {\n    func show(_ message: Message) {\n        UIApplication.shared.↓keyWindow?.rootViewController?.present(MessageController(message), animated: true)\n    }\n}",
                    path: "Sources/Kit/MessagePresenter.swift",
                    files: ["Package.swift": "let package = Package(name: \"Kit\", platforms: [.iOS(.v15)], products: [.library(name: \"Kit\", targets: [\"Kit\"])], targets: [.target(name: \"Kit\")])"],
                    suggestion: "A library that shows its own UI has no view of the host app's to ask"),
            // A scene looked at but not returned from: the application's windows are still the answer.
            Example("func anchor() -> UIWindow? {\n    if let windowScene = UIApplication.shared.connectedScenes.first as? UIWindowScene { log(windowScene) }\n    return UIApplication.shared.↓windows.first\n}"),
            // A SwiftUI view's header sized from a window's status bar (jami): the view has its own safe area.
            Example("import SwiftUI\nstruct Sharing: View {\n    var barHeight: CGFloat { 44 + (UIApplication.shared.↓windows.first?.windowScene?.statusBarManager?.statusBarFrame.height ?? 0) }\n    var body: some View { Color.clear.frame(height: barHeight) }\n}",
                    suggestion: "A SwiftUI view is given its own safe area"),
            // A window kept in a local and asked for the status bar's height: the view's safe area again (CovidCertificate's onboarding).
            Example("final class Onboarding: UIViewController {\n    override func viewDidLoad() {\n        super.viewDidLoad()\n        let window = UIApplication.shared.↓windows.filter { $0.isKeyWindow }.first\n        top.constant = window?.windowScene?.statusBarManager?.statusBarFrame.height ?? 0\n    }\n}",
                    suggestion: "constrain to `view.safeAreaLayoutGuide`"),
            // A stored property that is the window the object shows in, picked when it is made
            // (NotificationBanner's `appWindow`): no layout code decides it later.
            Example("final class Banner: UIView {\n    private let appWindow: UIWindow? = {\n        return UIApplication.shared.↓keyWindow\n    }()\n}",
                    suggestion: "This property picks, once, the window the object will show its views in"),
            // A method given the view to show beside picks the window to go into: that view's (EasyTipView).
            Example("final class TipView: UIView {\n    func show(forView view: UIView, withinSuperview superview: UIView? = nil) {\n        let container = superview ?? UIApplication.shared.↓windows.first!\n        container.addSubview(self)\n    }\n}",
                    suggestion: "use `view.window`, the window of the view it is given to show beside"),
            // A key window asked for, not only whether there is one.
            .objc("@implementation Probe\n+ (UIColor *)tint {\n    if (UIApplication.sharedApplication.↓keyWindow.tintColor) { return nil; }\n    return nil;\n}\n@end", wraps: false),
            // A view controller that presents itself looks for a presenter (SwifterSwift's `UIAlertController.show()`).
            Example("extension UIAlertController {\n    func show() {\n        UIApplication.shared.↓keyWindow?.rootViewController?.present(self, animated: true)\n    }\n}",
                    suggestion: "This view controller presents itself"),
            // A window's insets read for a constraint: the view's own safe area is the answer (ImagePicker, CovidCertificate).
            Example("final class Picker: UIViewController {\n    override func viewDidLoad() {\n        super.viewDidLoad()\n        bottom.constant = UIApplication.shared.↓keyWindow!.safeAreaInsets.bottom\n    }\n}",
                    suggestion: "constrain to `view.safeAreaLayoutGuide`"),
            // A block that stops at the window it looks for picks one (QMUI's first-responder window).
            .objc("@implementation Menus\n+ (UIWindow *)responderWindow {\n    __block UIWindow *found = nil;\n    [UIApplication.sharedApplication.↓windows enumerateObjectsUsingBlock:^(UIWindow *window, NSUInteger i, BOOL *stop) {\n        if (window.isHidden == NO) { found = window; *stop = YES; }\n    }];\n    return found;\n}\n@end"),
            // Whether its own window is key: the window answers that (QMUI's modal presentation).
            .objc("@implementation Modal\n- (void)hide {\n    if (UIApplication.sharedApplication.↓keyWindow == self.window) { [self.previous makeKeyWindow]; }\n}\n@end",
                  suggestion: "`window.isKeyWindow`"),
            // The key window saved in a property to be made key again later: the app's, not this view's (a window inspector).
            Example("final class Inspector: UIViewController {\n    var previous: UIWindow?\n    func open() { previous = UIApplication.shared.↓keyWindow }\n    func close() { previous?.makeKey() }\n}",
                    suggestion: "This code wants the app's windows"),
            // A delegate's callback has no caller to pass a window (Slide's watch session).
            Example("final class WatchSession: NSObject, WCSessionDelegate {\n    func session(_ session: WCSession, didReceiveMessage message: [String: Any]) {\n        UIApplication.shared.↓keyWindow?.rootViewController?.present(alert, animated: true)\n    }\n}",
                    suggestion: "This runs when the system calls it"),
            // The key window kept in a local, in a member named for the controller on top (Siskin's `visibleController()`).
            Example("final class Detector {\n    private func visibleController() -> UIViewController? {\n        let window = UIApplication.shared.↓windows.first(where: { $0.isKeyWindow })\n        if let controller = window?.rootViewController { return descend(from: controller) }\n        return nil\n    }\n}",
                    suggestion: "This looks for the view controller on top, to present on"),
            // The controller on top, for a notification's handler or a type method (Siskin's `topController()`).
            Example("final class Notifications: NSObject {\n    func topController() -> UIViewController? {\n        var top = UIApplication.shared.↓windows.first(where: { $0.isKeyWindow })?.rootViewController\n        while top?.presentedViewController != nil { top = top?.presentedViewController }\n        return top\n    }\n}",
                    suggestion: "This looks for the view controller on top, to present on"),
            // A free function reading the key window's insets for its callers (ZLPhotoBrowser's `deviceSafeAreaInsets()`).
            Example("func deviceSafeAreaInsets() -> UIEdgeInsets {\n    UIApplication.shared.↓keyWindow?.safeAreaInsets ?? .zero\n}",
                    suggestion: "have each caller that lays out read its view's `safeAreaInsets`"),
            // A parameter's default value has no `self` to ask (ZLPhotoBrowser's HUD).
            Example("public final class HUD: UIView {\n    public func show(in view: UIView? = UIApplication.shared.↓keyWindow, timeout: TimeInterval = 100) {\n        view?.addSubview(self)\n    }\n}",
                    suggestion: "This is the default value of a public parameter: the function already takes the view (or window) to work in"),
            // A view whose superclass is a vendored view (GitHawk's StyledTextView in Pods/) is a view.
            Example("final class LinkTextView: StyledTextView {\n    func share() { UIApplication.shared.↓keyWindow?.rootViewController?.present(sheet, animated: true) }\n}",
                    suggestion: "Use `window`."),
            Example("func f() { let w = UIApplication.shared.↓windows.first }"),
            Example("func f() { let w = UIApplication.shared.↓keyWindow?.rootViewController }"),
            Example("func f() { let w = UIApplication.shared.↓windows.filter { $0.isKeyWindow }.first }"),
            Example("func f() { let w = UIApplication.shared.↓windows[0] }"),
            .objc("UIWindow *w = [UIApplication sharedApplication].↓keyWindow;"),
            // Below iOS 13 targets still compile the pre-scene branch.
            .objc("#if __IPHONE_OS_VERSION_MIN_REQUIRED < __IPHONE_13_0\nUIWindow *KeyWindow(void) { return [UIApplication sharedApplication].↓keyWindow; }\n#endif",
                  files: ["Package.swift": "let package = Package(name: \"App\", platforms: [.iOS(.v12)])"], wraps: false),
            .objc("UIWindow *w = [[UIApplication sharedApplication] ↓keyWindow];"),
            .objc("UIWindow *w = UIApplication.sharedApplication.↓windows.firstObject;"),
            .objc("NSArray *all = [[UIApplication sharedApplication] ↓windows];"),
            // At launch, the app delegate's window is the one it made (openfoodfacts' AppDelegate).
            Example("""
                final class AppDelegate: UIResponder, UIApplicationDelegate {
                    var window: UIWindow?
                    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                        UIApplication.shared.↓keyWindow?.layer.speed = 100
                        return true
                    }
                }
                """, suggestion: "Use the window this app delegate creates and keeps (`window`)"),
            // Code that wants the app's windows, not its own (a window inspector): the scenes' windows are the advice.
            .objc("@implementation WindowList\n- (void)load {\n    self.keyWindow = UIApplication.sharedApplication.↓keyWindow;\n    self.windows = UIApplication.sharedApplication.↓windows;\n}\n@end",
                  suggestion: "go through `UIApplication.sharedApplication.connectedScenes`"),
            .objc("@implementation Top\n- (UIWindow *)highest {\n    UIWindow *top = UIApplication.sharedApplication.↓keyWindow;\n    for (UIWindow *w in UIApplication.sharedApplication.windows) { if (w.windowLevel > top.windowLevel) { top = w; } }\n    return top;\n}\n@end",
                  suggestion: "This code wants the app's windows, not its own"),
            .objc("@implementation Picker\n- (UIWindow *)other {\n    for (UIWindow *window in UIApplication.sharedApplication.↓windows) {\n        if (window != self.view.window) { return window; }\n    }\n    return nil;\n}\n@end",
                  suggestion: "This code wants the app's windows, not its own"),
            Example("final class Overlay: UIViewController {\n    func show() {\n        let old = UIApplication.shared.↓keyWindow\n        window.makeKeyAndVisible()\n        dismissHandler = { old?.makeKey() }\n        old?.makeKey()\n    }\n}",
                    suggestion: "go through `UIApplication.shared.connectedScenes`"),
            // An app delegate's action after launch: the window it concerns, not one to set up (TZImagePickerController's example).
            .objc("@implementation AppDelegate\n- (void)pushPicker {\n    UINavigationController *nav = (UINavigationController *)[UIApplication sharedApplication].↓keyWindow.rootViewController;\n    [nav pushViewController:[Picker new] animated:YES];\n}\n@end",
                  files: ["AppDelegate.h": "@interface AppDelegate : UIResponder <UIApplicationDelegate>\n@end"], suggestion: "This runs after launch"),
            // A window taking the key window's scene in its own initializer: its creator should give it one (ZFPlayer).
            .objc("@implementation LandscapeWindow\n- (instancetype)initWithFrame:(CGRect)frame {\n    if (self = [super initWithFrame:frame]) {\n        self.windowScene = UIApplication.sharedApplication.↓keyWindow.windowScene;\n    }\n    return self;\n}\n@end",
                  files: ["LandscapeWindow.h": "@interface LandscapeWindow : UIWindow\n@end"], suggestion: "This is a window's own code"),
            // An animator has the transition's container view, and so its window (eidolon's help screen).
            Example("final class Animator: NSObject, UIViewControllerAnimatedTransitioning {\n    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {\n        UIApplication.shared.↓keyWindow?.addSubview(dimming)\n    }\n}",
                    suggestion: "Use `transitionContext.containerView.window`"),
            // Skipping its own window anywhere in the method: it wants the others (FLEX's explorer).
            .objc("@implementation Explorer\n- (void)select {\n    UIWindow *target = UIApplication.sharedApplication.↓keyWindow;\n    for (UIWindow *window in Utility.allWindows) {\n        if (window != self.view.window) { target = window; break; }\n    }\n}\n@end",
                  files: ["Explorer.h": "@interface Explorer : UIViewController\n@end"], suggestion: "This code wants the app's windows, not its own"),
            // A class method answering with "the" window: its callers know which they mean (FLEX's `+appKeyWindow`, LGSideMenu's `getKeyWindow()`).
            .objc("@implementation Utility\n+ (UIWindow *)appKeyWindow {\n    for (UIWindow *window in UIApplication.sharedApplication.↓windows) {\n        if (window.isKeyWindow) { return window; }\n    }\n    return nil;\n}\n@end",
                  suggestion: "have its callers pass the view they work for"),
            // Ending editing in the key window dismisses the keyboard: no window is needed (CocoaDebug).
            Example("final class Tabs: UITabBarController {\n    override func viewDidLoad() {\n        super.viewDidLoad()\n        UIApplication.shared.↓keyWindow?.endEditing(true)\n    }\n}",
                    suggestion: "`UIApplication.shared.sendAction(#selector(UIResponder.resignFirstResponder), to: nil, from: nil, for: nil)`"),
            .objc("@implementation Form\n- (void)done {\n    [UIApplication.sharedApplication.↓keyWindow endEditing:YES];\n}\n@end",
                  files: ["Form.h": "@interface Form : UIViewController\n@end"], suggestion: "sendAction:@selector(resignFirstResponder)"),
            // UIKit calls traitCollectionDidChange in a window, whoever else calls it early (deltachat's share controller).
            Example("final class ShareProxy: UIViewController {\n    init() {\n        super.init(nibName: nil, bundle: nil)\n        traitCollectionDidChange(nil)\n    }\n    override func traitCollectionDidChange(_ previous: UITraitCollection?) {\n        guard let scene = UIApplication.shared.↓windows.first?.windowScene else { return }\n        stack.axis = scene.interfaceOrientation.isLandscape ? .horizontal : .vertical\n    }\n}",
                    suggestion: "Use `view.window`, or present from this view controller."),
            // A SwiftUI view has no window to read (AlertKit's `alert(isPresent:view:)` modifier).
            Example("import SwiftUI\nextension View {\n    func toast(_ banner: UIView) -> some View {\n        UIApplication.shared.↓windows.first { $0.isKeyWindow }?.addSubview(banner)\n        return self\n    }\n}",
                    suggestion: "`UIViewRepresentable` placed in this view"),
            // An `if #available` block that may fall through leaves what follows for every version.
            Example("func f() -> UIWindow? {\n    if #available(iOS 13.0, *) {\n        if let w = scene?.windows.first { return w }\n    }\n    return UIApplication.shared.↓keyWindow\n}"),
            // A window class's static member has no window of its own to ask: its callers know theirs (ivpn's `UIWindow.isLandscape`).
            Example("extension UIWindow {\n    static var isLandscape: Bool { UIApplication.shared.↓windows.first?.windowScene?.interfaceOrientation.isLandscape ?? false }\n}",
                    suggestion: "a type method or static member has no view of its own"),
            // A local that is walked but also read for one window picks that one.
            .objc("- (UIWindow *)f {\n    NSArray *windows = UIApplication.sharedApplication.↓windows;\n    for (UIWindow *w in windows) { [self match:w]; }\n    return windows.firstObject;\n}"),
            // A loop that picks one window still assumes there is one to pick.
            Example("func f() -> UIWindow? { for w in UIApplication.shared.↓windows { if w.isKeyWindow { return w } }; return nil }"),
            .objc("for (UIWindow *w in [UIApplication sharedApplication].↓windows) { if (w.isKeyWindow) { return w; } }"),
            .objc("""
                if (@available(iOS 15.0, *)) {
                    w = scene.keyWindow;
                } else {
                    w = [UIApplication sharedApplication].↓keyWindow;
                }
                """),
            // A chain none of whose conditions asks for a version runs its `else` everywhere.
            Example("func f() -> UIWindow? {\n    if let w = cached {\n        return w\n    } else if ready {\n        return nil\n    } else {\n        return UIApplication.shared.↓keyWindow\n    }\n}"),
        ],
        nonTriggering: [
            // Put into a log line (Provenance's layout dump): text, not a window to use.
            Example("import SwiftUI\nstruct SkinView: View {\n    var body: some View { Color.clear }\n    func dump() {\n        let info = \"\"\"\n        Insets: \\(UIApplication.shared.windows.first?.safeAreaInsets ?? .zero)\n        \"\"\"\n        print(info)\n    }\n}", wraps: false),
            // The last resort after the foreground scene's own window (Auth0's presentation anchor).
            Example("""
                func anchor() -> UIWindow? {
                    if let windowScene = UIApplication.shared.connectedScenes
                        .first(where: { $0.activationState == .foregroundActive }) as? UIWindowScene {
                        return windowScene.windows.last(where: \\.isKeyWindow)
                    }
                    return UIApplication.shared.windows.last(where: \\.isKeyWindow)
                }
                """),
            // Only whether there is a key window at all: any scene's answers (RESideMenu's flat-mode probe).
            .objc("@implementation Probe\n+ (BOOL)launched {\n    if (UIApplication.sharedApplication.keyWindow) { return YES; }\n    return NO;\n}\n@end", wraps: false),
            Example("func launched() -> Bool { UIApplication.shared.keyWindow != nil }"),
            // The project's own `keyWindow` on UIApplication, walking the scenes (Swiftfin, SideMenu).
            Example("""
                extension UIApplication {
                    var keyWindow: UIWindow? { connectedScenes.compactMap { ($0 as? UIWindowScene)?.keyWindow }.first }
                }
                func top() -> UIViewController? { UIApplication.shared.keyWindow?.rootViewController }
                """),
            // The list kept in a local and walked, each window alike (the Facebook SDK's view-tree capture).
            .objc("@implementation Bindings\n- (void)rematch {\n    NSArray<UIWindow *> *windows = UIApplication.sharedApplication.windows;\n    for (UIWindow *window in windows) {\n        [self matchSubviewsIn:window];\n    }\n}\n@end"),
            Example("func rematch() {\n    let windows = UIApplication.shared.windows\n    for window in windows { match(in: window) }\n}"),
            // Every window told of a theme change, in a block (QMUI's theme manager).
            .objc("@implementation Themes\n- (void)notify {\n    [UIApplication.sharedApplication.windows enumerateObjectsUsingBlock:^(UIWindow *window, NSUInteger i, BOOL *stop) {\n        if (!window.hidden) { [window.rootViewController themeDidChange]; }\n    }];\n}\n@end"),
            // Every window, each treated alike: with several scenes all their windows are in the list.
            .objc("@implementation Picker\n- (void)f {\n    for (UIWindow *window in UIApplication.sharedApplication.windows) {\n        if (window != self.view.window) { [self add:window]; }\n    }\n}\n@end"),
            .objc("""
                - (void)tearDown {
                  for (UIWindow *window in [UIApplication sharedApplication].windows) {
                    window.hidden = YES;
                    window.rootViewController = nil;
                  }
                }
                """),
            Example("func f() { for window in UIApplication.shared.windows { window.tintColor = .red } }"),
            Example("func f() { UIApplication.shared.windows.forEach { $0.overrideUserInterfaceStyle = .dark } }"),
            // RULES.md "Pre-scene fallbacks": with an iOS 13+ deployment target this is never compiled.
            .objc("#if __IPHONE_OS_VERSION_MIN_REQUIRED < __IPHONE_13_0\nUIWindow *KeyWindow(void) { return [UIApplication sharedApplication].keyWindow; }\n#endif",
                  files: ["Package.swift": "let package = Package(name: \"App\", platforms: [.iOS(.v15)])"]),
            Example("func f(scene: UIWindowScene) { let w = scene.windows.first; let k = scene.keyWindow }"),
            Example("class V: UIView { func f() { let w = window } }"),
            Example("func f() { let w = Utils.keyWindow() }"),
            Example("func f() { let scenes = UIApplication.shared.connectedScenes }"),
            .objc("UIWindow *w = [Utils keyWindow];"),
            .objc("UIWindow *w = self.view.window;"),
            .objc("UIWindow *w = [WindowSceneManager manager].keyWindow;"),
            .objc("""
                if (@available(iOS 13.0, *)) {
                    w = scene.windows.firstObject;
                } else {
                    w = [UIApplication sharedApplication].keyWindow;
                }
                """),
            // After an `if #available` block that returns: only below iOS 13 (NotificationBanner).
            Example("""
                func f() -> UIWindow? {
                    if #available(iOS 13.0, *) {
                        return UIApplication.shared.connectedScenes.compactMap { ($0 as? UIWindowScene)?.keyWindow }.first
                    }
                    return UIApplication.shared.keyWindow
                }
                """),
            .objc("- (UIWindow *)f {\n    if (@available(iOS 13.0, *)) {\n        return self.scene.windows.firstObject;\n    }\n    return [UIApplication sharedApplication].keyWindow;\n}"),
            // The `else` of a chain one of whose branches is `#available(iOS 13, *)` (Customer.io's root controller).
            Example("""
                func root() -> UIViewController? {
                    if let controller = UIApplication.shared.delegate?.window??.rootViewController {
                        return controller
                    } else if #available(iOS 13.0, *) {
                        return nil
                    } else {
                        return UIApplication.shared.keyWindow?.rootViewController
                    }
                }
                """),
            .objc("- (UIWindow *)f {\n    if (self.window) {\n        return self.window;\n    } else if (@available(iOS 13.0, *)) {\n        return nil;\n    } else if (self.ready) {\n        return [UIApplication sharedApplication].keyWindow;\n    }\n    return nil;\n}"),
            Example("""
                func f() -> UIWindow? {
                    guard #available(iOS 13, *) else { return UIApplication.shared.keyWindow }
                    if #unavailable(iOS 13) { return UIApplication.shared.windows.first }
                    return nil
                }
                """),
        ],
        fixNeedsScenes: true, readiness: .deviceAssumption)

    var triggers: Set<Word> { [.UIApplication] }
    /// The application is everywhere (`UIApplication.shared.open(url)`); its windows are not.
    var literals: Set<Literal> {
        [.all([.word("UIApplication"), .word("windows")]), .all([.word("UIApplication"), .word("keyWindow")])]
    }

    func check(at k: Int, in f: CodeFile, model: RepositoryModel, into sink: inout FindingSink) {
        guard let chain = Expr.applicationChain(at: k, in: f), chain.word(1) == .windows || chain.word(1) == .keyWindow,
              !Self.visitsEvery(chain, in: f), !Self.asksOnlyWhetherAny(chain, in: f), !Self.fallsBackFromScene(chain, in: f),
              // Put into a log line (Provenance's layout dump of the first window's insets): text, not a window to use.
              !Expr.isFormattedIntoText(chain.start, in: f) else { return }
        let at = chain.members[1].token
        var shapes: SiteShapes = Self.wantsEveryWindow(chain, in: f) ? .everyWindow : []
        if shapes.contains(.everyWindow), Self.isWindowHelper(chain, in: f) { shapes.insert(.windowHelper) }
        if chain.word(1) == .keyWindow, chain.members.count == 2,
           Self.comparisons.contains(f.text(chain.end + 1)) || Self.comparisons.contains(f.text(chain.start - 1)) {
            shapes.insert(.comparesKeyWindow)
        }
        if Self.endsEditing(chain, in: f) { shapes = [.endsEditing] }
        if Self.presentsItself(around: at, in: f) { shapes.insert(.presentsItself) }
        // `UIApplication.shared.keyWindow!.safeAreaInsets.bottom` (ImagePicker's, CovidCertificate's constraints).
        if Self.readsInsets(chain, in: f) { shapes.insert(.windowSafeArea) }
        // An app delegate's action or callback after launch (TZImagePickerController's button target).
        if !WindowInAppDelegateRule.runsAtLaunch(at, in: f) { shapes.insert(.afterLaunch) }
        // `…keyWindow?.rootViewController`, then down `presentedViewController`: the controller to present on.
        // A member named for it (`visibleController()`, `topMostViewController`) looks for it too, through a local or another member.
        if Self.readsRootController(after: chain, in: f),
           let body = f.innermostBody(of: chain.start), (body.open..<min(body.close, f.tokens.count)).contains(where: { f.text($0) == "presentedViewController" })
            || (f.enclosingFunction(of: chain.start)?.scope.name).map(Self.namesTopController) == true {
            shapes.insert(.topController)
        }
        // `in view: UIView? = UIApplication.shared.keyWindow` (ZLPhotoBrowser's HUD): no `self` there.
        shapes.formUnion(GeometrySite.defaultArgumentShapes(chain.start, at: at, in: f))
        // Where the project adds its own `keyWindow` to UIApplication (RULES.md "Receivers matter"),
        // the Swift read is that property (SideMenu's, Swiftfin's scene-walking `keyWindow`).
        sink.report(description, at: at, message: "`\(f.text(at))` of the application assumes one window; with several scenes it is often the wrong one",
                    shapes: shapes, unlessDeclared: f.language == .swift ? "UIApplication." + f.text(at) : nil)
    }

    static let comparisons: Set<String> = ["==", "!=", "===", "!=="]

    /// `topController`, `topMostViewController`, `visibleController`, `currentVisibleViewController`.
    static func namesTopController(_ name: String) -> Bool {
        let n = name.lowercased()
        return (n.contains("top") || n.contains("visible")) && n.contains("controller")
    }

    /// Whether the window the chain picks is asked for its `rootViewController` in the same
    /// expression (`windows.first(where: { $0.isKeyWindow })?.rootViewController`).
    static func readsRootController(after chain: Chain, in f: CodeFile) -> Bool {
        if (chain.start...chain.end).contains(where: { f.text($0) == "rootViewController" }) { return true }
        // `let window = UIApplication.shared.windows.first(where: …)` and then `window?.rootViewController` (Siskin's `visibleController()`).
        if let local = LocalFlow.local(initializedBy: chain.start, chain.end, in: f),
           LocalFlow.uses(of: local.name, after: local.token, in: local.body, of: f).contains(where: { u in
               (u + 1..<min(u + 4, f.tokens.count)).contains { f.text($0) == "rootViewController" }
           }) {
            return true
        }
        var q = chain.end + 1, steps = 0
        while q < f.tokens.count, steps < 12 {
            if f.isPunct(q, "(") || f.isPunct(q, "["), f.pair(q) > q { q = f.pair(q) + 1; continue }
            if f.text(q) == "rootViewController" { return true }
            guard f.isPunct(q, ".") || f.isPunct(q, "?") || f.isPunct(q, "!") || f[q].kind == .identifier, !f[q].isLineStart else { return false }
            q += 1
            steps += 1
        }
        return false
    }

    /// Whether the read is the last resort of a function that first returned from its window
    /// scene — `if let scene = …connectedScenes.first(where: …) as? UIWindowScene { return … }`,
    /// then `UIApplication.shared.windows…` (Auth0's presentation anchor): it runs only when no
    /// scene is in the foreground, where no scene's window is the one.
    static func fallsBackFromScene(_ chain: Chain, in f: CodeFile) -> Bool {
        guard f.language == .swift, let body = f.innermostBody(of: chain.start) else { return false }
        for scope in f.structure.scopes where scope.kind == .control && scope.open > body.open && scope.close < chain.start {
            guard let start = Availability.conditionStart(before: scope.open, in: f, acrossCalls: true), start > body.open,
                  (start..<scope.open).contains(where: { f.text($0) == "connectedScenes" }),
                  (start..<scope.open).contains(where: { f.is($0, .UIWindowScene) }),
                  (scope.open..<scope.close).contains(where: { f.is($0, .return) }) else { continue }
            return true
        }
        return false
    }

    /// Whether the code only asks whether there is a key window at all — `keyWindow != nil`, or the
    /// whole condition of an `if (…)` (RESideMenu's "are we past launch?"): any scene's answers that.
    static func asksOnlyWhetherAny(_ chain: Chain, in f: CodeFile) -> Bool {
        guard chain.word(1) == .keyWindow, chain.members.count == 2 else { return false }
        let nils: Set<String> = ["nil", "NULL", "Nil"]
        if ["!=", "=="].contains(f.text(chain.end + 1)), nils.contains(f.text(chain.end + 2)) { return true }
        if ["!=", "=="].contains(f.text(chain.start - 1)), nils.contains(f.text(chain.start - 2)) { return true }
        // `if (UIApplication.sharedApplication.keyWindow)` / `if ([UIApplication sharedApplication].keyWindow)`.
        var start = chain.start
        if f.isPunct(start - 1, "!") { start -= 1 }
        return f.isPunct(start - 1, "(") && f.pair(start - 1) == chain.end + 1 && f.is(start - 2, .if)
    }

    /// Whether the window read is asked for its insets — `keyWindow!.safeAreaInsets.bottom`, or
    /// through a local, `window?.safeAreaInsets` / `window?.windowScene?.statusBarManager?.statusBarFrame.height`
    /// (CovidCertificate's onboarding): the view's own safe area is the answer.
    static func readsInsets(_ chain: Chain, in f: CodeFile) -> Bool {
        func asksInsets(_ range: Range<Int>) -> Bool { range.contains { f.text($0) == "safeAreaInsets" || f.text($0) == "statusBarManager" } }
        if asksInsets(chain.start..<min(chain.end + 8, f.tokens.count)) { return true }
        guard let local = LocalFlow.local(initializedBy: chain.start, chain.end, in: f) else { return false }
        return LocalFlow.uses(of: local.name, after: local.token, in: local.body, of: f).contains { asksInsets($0..<min($0 + 8, f.tokens.count)) }
    }

    /// Whether the type the read is in presents itself (`….present(self, animated:…)`,
    /// `[… presentViewController:self animated:…]`): it looks for a presenter, and its own view is
    /// in no window until it is presented (SwifterSwift's `UIAlertController.show()`, moonlight's loading frame).
    static func presentsItself(around k: Int, in f: CodeFile) -> Bool {
        f.enclosingType(of: k).map { f.selfPresentingTypes.contains($0.open) } ?? false
    }

    /// Whether the read is in a helper of no instance that answers with a window (`+ (UIWindow *)appKeyWindow`,
    /// `static func getKeyWindow() -> UIWindow?`): it finds "the" window for its callers (FLEX's utility, LGSideMenu's helper).
    static func isWindowHelper(_ chain: Chain, in f: CodeFile) -> Bool {
        guard let function = f.enclosingFunction(of: chain.start)?.scope else { return false }
        return (!f.isInstanceMember(function) || f.enclosingType(of: function.open) == nil) && MemberTiming.returnsWindow(function, in: f)
    }

    /// Whether the window read is asked to end editing (`UIApplication.shared.keyWindow?.endEditing(true)`,
    /// `[[UIApplication sharedApplication].keyWindow endEditing:YES]`, `windows.first?.endEditing(true)`):
    /// the keyboard dismissed wherever it is (CocoaDebug's tab bar controller).
    static func endsEditing(_ chain: Chain, in f: CodeFile) -> Bool {
        if let last = chain.members.last, f.text(last.token) == "endEditing" { return true }
        // Objective-C: the chain is the receiver of `[… endEditing:YES]`.
        return f.language == .objectiveC && f.text(chain.end + 1) == "endEditing" && f.isPunct(chain.end + 2, ":")
    }

    /// The for-in loop body over the application's `windows` (`for w in UIApplication.shared.windows {`,
    /// `for (UIWindow *w in [UIApplication sharedApplication].windows)`, `.windows.forEach { … }`).
    static func loopBody(_ chain: Chain, in f: CodeFile) -> Range<Int>? {
        guard chain.word(1) == .windows else { return nil }
        var body: Int
        if chain.members.count == 3, f.text(chain.members[2].token) == "forEach" {
            body = chain.members[2].token + 1
            if f.isPunct(body, "("), f.pair(body) > body { body += 1 }
        } else if f.language != .swift, let message = chain.members.count == 3 ? chain.members[2].token : (chain.members.count == 2 ? chain.end + 1 : nil),
                  f.text(message).hasPrefix("enumerateObjects"), f.isPunct(message + 1, ":") {
            // `[UIApplication.sharedApplication.windows enumerateObjectsUsingBlock:^(UIWindow *w, …) { … }]`
            var q = message + 2
            while q < f.tokens.count, q - chain.end < 64, !f.isPunct(q, "{") { q += 1 }
            guard f.isPunct(q, "{") else { return nil }
            body = q
        } else if chain.members.count == 2 {
            return forInBody(over: chain.start, chain.end, in: f)
        } else {
            return nil
        }
        return statement(at: body, in: f)
    }

    /// The body of the for-in loop whose collection is the tokens `s...e` (`for w in windows {`,
    /// `for (UIWindow *w in windows)`), or nil when they are no loop's collection.
    static func forInBody(over s: Int, _ e: Int, in f: CodeFile) -> Range<Int>? {
        let after = e + 1, body: Int
        if f.language == .swift {
            guard f.isPunct(after, "{"), f.is(s - 1, .in) else { return nil }
            var q = s - 2
            while q >= 0, s - q < 8, !f.is(q, .for) { q -= 1 }
            guard q >= 0, f.is(q, .for) else { return nil }
            body = after
        } else {
            guard f.isPunct(after, ")"), f.pair(after) >= 0, f.is(f.pair(after) - 1, .for), f.is(s - 1, .in) else { return nil }
            body = after + 1
        }
        return statement(at: body, in: f)
    }

    /// The block or single statement that starts at `body`.
    private static func statement(at body: Int, in f: CodeFile) -> Range<Int> {
        var end = body
        if f.isPunct(body, "{"), f.pair(body) > body {
            end = f.pair(body)
        } else {
            while end < f.tokens.count, !f.isPunct(end, ";"), !f.isPunct(end, "}") { end += 1 }
        }
        return body..<min(end, f.tokens.count)
    }

    /// Whether the application's `windows` are visited one by one, each alike — `for w in
    /// UIApplication.shared.windows { … }`, `for (UIWindow *w in [UIApplication sharedApplication].windows)`,
    /// `.windows.forEach { … }` (Texture's test tearDown hiding every window) — with nothing in
    /// the body that picks one (`isKeyWindow`, `return`, `break`): every scene's windows are in it.
    static func visitsEvery(_ chain: Chain, in f: CodeFile) -> Bool {
        if let body = loopBody(chain, in: f) { return visitsAlike(body, in: f) }
        // The list kept in a local that is only ever looped over, each window alike
        // (`NSArray *windows = UIApplication.sharedApplication.windows; for (UIWindow *w in windows) { … }`,
        // the Facebook SDK's view-tree capture): the same walk.
        guard chain.word(1) == .windows, chain.members.count == 2, let local = LocalFlow.local(initializedBy: chain.start, chain.end, in: f) else { return false }
        let uses = LocalFlow.uses(of: local.name, after: local.token, in: local.body, of: f)
        return !uses.isEmpty && uses.allSatisfy { u in forInBody(over: u, u, in: f).map { visitsAlike($0, in: f) } ?? false }
    }

    /// Whether a loop body treats each window alike: nothing in it picks one (`isKeyWindow`,
    /// `return`, `break`, a block's `*stop = YES`).
    private static func visitsAlike(_ body: Range<Int>, in f: CodeFile) -> Bool {
        for q in body {
            let text = f.text(q)
            if text == "isKeyWindow" || text == "keyWindow" || f.is(q, .return) || text == "break" { return false }
            // A block's `*stop = YES` is its `break`: the loop looks for one window.
            if text == "stop", f.isPunct(q - 1, "*"), f.isPunct(q + 1, "=") { return false }
        }
        return true
    }

    /// Whether the code wants the app's windows rather than its own, so that "use your view's
    /// window" is the wrong advice (FLEX, a window inspector): the whole list kept or returned
    /// (`self.windows = UIApplication.sharedApplication.windows;`), a loop that skips its own
    /// window (`if (window != self.view.window)`), or the key window saved to be made key again.
    static func wantsEveryWindow(_ chain: Chain, in f: CodeFile) -> Bool {
        let whole = chain.members.count == 2
        let after = chain.end + 1
        let endsStatement = f.isPunct(after, ";") || (f.language == .swift && (after >= f.tokens.count || f[after].isLineStart || f.isPunct(after, "}")))
        if whole, endsStatement, chain.word(1) == .windows, f.is(chain.start - 1, .return) || f[chain.start - 1].isAssignment { return true }
        if let body = loopBody(chain, in: f) {
            for q in body where f.text(q) == "window" && f.isPunct(q - 1, ".") {
                if (q - 6...q + 2).contains(where: { $0 >= 0 && $0 < f.tokens.count && (f.text($0) == "!=" || f.text($0) == "==" || f.text($0) == "!==" || f.text($0) == "===") }) {
                    return true
                }
            }
        }
        if let function = f.enclosingFunction(of: chain.start)?.scope {
            // A helper of no instance that answers with a window (`+ (UIWindow *)appKeyWindow`,
            // `static func keyWindow() -> UIWindow?`) finds the app's window for its callers (FLEX's utility).
            if isWindowHelper(chain, in: f) { return true }
            // Code that skips its own window (`if (window != self.view.window)`), wherever in the
            // function it loops (FLEX's explorer looks through its own list of windows).
            for q in function.open..<min(function.close, f.tokens.count) where f.text(q) == "window" && f.isPunct(q - 1, ".") {
                var k = q
                while f.isPunct(k - 1, "."), f[k - 2].kind == .identifier { k -= 2 }
                if ["!=", "!=="].contains(f.text(q + 1)) || ["!=", "!=="].contains(f.text(k - 1)) { return true }
            }
        }
        // The key window read beside the whole list in one method (a window inspector's list, the
        // topmost of all windows): the same app-wide question.
        if chain.word(1) == .keyWindow, let function = f.enclosingFunction(of: chain.start)?.scope {
            for q in function.open..<min(function.close, f.tokens.count) where f.is(q, .UIApplication) && q != chain.start {
                guard let other = Expr.applicationChain(at: q, in: f), other.word(1) == .windows else { continue }
                if loopBody(other, in: f) != nil || wantsEveryWindow(other, in: f) { return true }
            }
        }
        // `UIWindow *old = UIApplication.sharedApplication.keyWindow; … [old makeKeyWindow];`, in
        // the function — or, saved in a property (`previous = …keyWindow`), anywhere in the type.
        if whole, endsStatement, chain.word(1) == .keyWindow, f[chain.start - 1].isAssignment, f[chain.start - 2].kind == .identifier,
           let function = f.enclosingFunction(of: chain.start)?.scope {
            let saved = f.text(chain.start - 2)
            let local = f.declaresLocal(saved, before: chain.start) || ["let", "var"].contains(f.text(chain.start - 3)) || f.isPunct(chain.start - 3, "*")
            let range = local ? function.open..<function.close : (f.enclosingType(of: chain.start).map { $0.open..<$0.close } ?? function.open..<function.close)
            for q in range where q < f.tokens.count && q != chain.start - 2 && f.text(q) == saved {
                let next = f.language == .swift ? (f.isPunct(q + 1, "?") ? q + 3 : q + 2) : q + 1
                if ["makeKeyWindow", "makeKeyAndVisible", "makeKey"].contains(f.text(next)) { return true }
            }
        }
        return false
    }
}

import RuleKit
import SourceLexing

/// Overlay, HUD and ad windows created with a frame belong to no scene and never show once an
/// app adopts scenes: a window such as a launch ad's must be created with its window scene,
/// `initWithWindowScene:` (TN3187 "Migrating to the UIKit scene-based life cycle").
struct WindowWithoutSceneRule: Rule {
    let description = RuleDescription(
        id: .windowWithoutScene, name: "Window without a scene", severity: .warning, facet: .window,
        summary: "Creates a UIWindow (or subclass) with a frame or no arguments, attached to no scene.",
        rationale: """
            Under the scene lifecycle a window is shown in the scene it belongs to; one created with \
            `init(frame:)` or `init()` belongs to none, so splash, ad and overlay windows must be created with \
            `init(windowScene:)`. With several scenes the code must also decide which scene the overlay \
            belongs to. A window attached afterwards in the same function (`window.windowScene = scene`) is fine.
            """,
        sources: [.tn3187, .apple("UIWindow.init(windowScene:)", "uikit/uiwindow/init(windowscene:)"), .apple("UIWindow.windowScene", "uikit/uiwindow/windowscene")],
        fix: { site in
            // A test's window (a fixture in setUp) goes into the test host's one scene — where there is
            // one. Tests with no host app are not judged by rules whose fix needs a scene (`Resolution.settle`).
            if site.inTests {
                // Where the test host is not known, the scene may not exist: the snippet must not crash without one.
                let scene = site.language == .swift ? "`UIApplication.shared.connectedScenes.first as? UIWindowScene`"
                    : "`(UIWindowScene *)UIApplication.sharedApplication.connectedScenes.anyObject`"
                return "A window with no scene is never shown, so views in it get no safe area, traits or appearance calls: where the tests run in a host app, create it in the host's scene — `\(site.windowSceneInitializer)` with \(scene) — and set on it the frame the test measures against (a scene's window takes the scene's size). A test bundle with no host app has no scene: there a window made with a frame still lays out and renders the views under test, and can stay."
            }
            if site.shapes.contains(.standsInForWindow) {
                return "This window only stands in where the view has none — where there is no scene to make it in, and a window in no scene never shows: do this while the view is in its window (the view controller's `viewIsAppearing` or later), or fall back to the foreground scene's key window, so that a real window is always returned."
            }
            if site.shapes.contains(.hostsSelf) {
                let what = site.context == .viewController ? "view controller" : "view"
                return "This window is where this \(what) is shown, so its own window (and window scene) exists only once the window does: create it with `\(site.windowSceneInitializer)` and the scene of the window it is shown from (the view it points at, or the key window's, read before this window is made), or a scene the caller passes in."
            }
            // A stored property's initial value (ProtonVPN's `lazy var window` on its dependency container) has no caller to ask.
            if site.inStoredProperty, site.context != .sceneDelegate {
                return "A stored property's initial value has no scene at hand: create the window where one is — in the scene delegate's `scene(_:willConnectTo:options:)`, with `\(site.windowSceneInitializer)` and that window scene — and give it to this object, or make it in a method that is given the scene."
            }
            let scene: String
            if site.context == .sceneDelegate, site.shapes.contains(.noSceneInHand) {
                // A helper of its own (Onion Browser's `show()`): the scene is the connection's.
                let connect = site.language == .swift ? "scene(_:willConnectTo:options:)" : "scene:willConnectToSession:options:"
                return "Create the window in `\(connect)`, with `\(site.windowSceneInitializer)` and the window scene given there (or keep that scene in a property for code like this that makes the window later): a window made here belongs to no scene."
            } else if site.context == .sceneDelegate {
                scene = "windowScene"
            } else if let r = site.receiver {
                scene = site.language == .swift ? r.window + "?.windowScene" : r.window + ".windowScene"
                if site.timing.contains(.beforeWindow) {
                    // Before the view is in a window its window scene is nil: a window made then never shows.
                    return "Here the view is not in a window yet, so \(scene) is nil: create the window once it is, in \(site.context == .viewController ? "viewDidAppear" : "didMoveToWindow"), with `\(site.windowSceneInitializer)` and \(scene)."
                }
            } else {
                // No view here (app start-up, a manager, a type method): the scene has to come from the caller.
                scene = "the window scene its caller passes in (from a scene delegate or a view's window)"
            }
            return site.language == .swift ? "Create it with `UIWindow(windowScene:)`, with \(scene)." : "Create it with `initWithWindowScene:` and \(scene)."
        },
        triggering: [
            // An empty window standing in for the view's (Habitica's sign-in presentation anchor).
            Example("final class Login: UIViewController {\n    func presentationAnchor() -> UIWindow {\n        return view.window ?? ↓UIWindow()\n    }\n}",
                    suggestion: "This window only stands in where the view has none"),
            // Made and shown at once is a window all the same.
            .objc("@implementation Splash\n- (void)show {\n    [[[↓UIWindow alloc] init] makeKeyAndVisible];\n}\n@end", wraps: false),
            // A modal that shows itself in its own window: it has no window scene of its own to lend (QMUI).
            .objc("@implementation ModalController\n- (void)show {\n    self.window = [[↓UIWindow alloc] init];\n    self.window.rootViewController = self;\n    [self.window makeKeyAndVisible];\n}\n@end",
                  files: ["ModalController.h": "@interface ModalController : UIViewController\n@property (nonatomic, strong) UIWindow *window;\n@end"],
                  suggestion: "the scene of the window it is shown from"),
            Example("class HUD { func show() { let w = ↓UIWindow(frame: .zero) } }"),
            // A scene delegate's own helper has no scene at hand (Onion Browser's `show()`).
            Example("final class SceneDelegate: UIResponder, UIWindowSceneDelegate {\n    var window: UIWindow?\n    func show(_ controller: UIViewController) {\n        if window == nil { window = ↓UIWindow(frame: .zero) }\n        window?.rootViewController = controller\n    }\n}",
                    suggestion: "Create the window in `scene(_:willConnectTo:options:)`, with `UIWindow(windowScene:)` and the window scene given there"),
            Example("class HUD { func show() { let w = ↓UIWindow() } }"),
            // A container's lazy window has no caller to pass a scene (ProtonVPN's DependencyContainer).
            Example("final class Container {\n    static let shared = Container()\n    lazy var window: UIWindow = ↓UIWindow(frame: .zero)\n}",
                    suggestion: "A stored property's initial value has no scene at hand: create the window where one is"),
            Example("class HUD { func show() { let w = ↓UIWindow.init(frame: .zero) } }"),
            Example("class AdPresenter { func show() { let w = ↓AdWindow(frame: .zero) } }", files: ["AdWindow.swift": "class AdWindow: UIWindow {}"]),
            .objc("""
                @implementation HUD
                - (void)show { self.overlay = [[↓UIWindow alloc] initWithFrame:CGRectZero]; }
                @end
                """),
            .objc("UIWindow *w = [↓UIWindow new];"),
            .objc("HUDWindow *w = [[↓HUDWindow alloc] init];", files: ["HUDWindow.h": "@interface BaseWindow : UIWindow\n@end\n@interface HUDWindow : BaseWindow\n@end"]),
        ],
        nonTriggering: [
            // What a mock answers (RSKImageCropper's test stubbing the view's `window`): a stand-in never shown.
            .objc("@implementation CropTests\n- (void)testDisplay {\n    id view = [OCMockObject partialMockForObject:controller.view];\n    [[[view stub] andReturn:[[UIWindow alloc] init]] window];\n}\n@end", wraps: false),
            // A window only asked for UIKit's default and dropped, never shown (RESideMenu's tint probe).
            .objc("@implementation Probe\n+ (BOOL)flat {\n    return [[UIWindow new] performSelector:@selector(tintColor)] != nil;\n}\n@end", wraps: false),
            Example("func defaultTint() -> UIColor? { UIWindow().tintColor }"),
            // A Swift package's tests run with no app, so with no scene, ever (lottie's snapshot tests,
            // Epoxy's safe-area specs): a frame window is a plain container there, nothing to change.
            Example("final class RenderTests: XCTestCase {\n    func testDraws() { let w = UIWindow(); w.addSubview(UIView()) }\n}",
                    path: "Tests/RenderTests/RenderTests.swift",
                    files: ["Package.swift": "let package = Package(name: \"Render\", platforms: [.iOS(.v13)], targets: [.target(name: \"Render\"), .testTarget(name: \"RenderTests\", dependencies: [\"Render\"])])"]),
            // The frame window is the fallback where the scene one could not be made (Google Sign-In's alert window).
            .objc("""
                @implementation AlertPresenter
                - (void)showAlert:(UIWindow *)keyWindow {
                  UIWindow *alertWindow;
                  if (@available(iOS 13, *)) {
                    if (keyWindow.windowScene) { alertWindow = [[UIWindow alloc] initWithWindowScene:keyWindow.windowScene]; }
                  }
                  if (!alertWindow) { alertWindow = [[UIWindow alloc] initWithFrame:keyWindow.bounds]; }
                  [alertWindow makeKeyAndVisible];
                }
                @end
                """),
            Example("func show(from key: UIWindow) {\n    var w: UIWindow?\n    if let scene = key.windowScene { w = UIWindow(windowScene: scene) }\n    if w == nil { w = UIWindow(frame: key.bounds) }\n}"),
            Example("func present(over window: UIWindow) -> UIWindow {\n    window.windowScene.flatMap(UIWindow.init) ?? UIWindow(frame: window.bounds)\n}"),
            // A window kept in a property and attached to a scene where the type shows it, through a local (FLEX's explorer window).
            .objc("@implementation Manager\n- (UIWindow *)explorerWindow {\n    if (!_explorerWindow) { _explorerWindow = [[UIWindow alloc] initWithFrame:CGRectZero]; }\n    return _explorerWindow;\n}\n- (void)show {\n    UIWindow *flex = self.explorerWindow;\n    flex.windowScene = Utility.activeScene;\n    flex.hidden = NO;\n}\n@end"),
            Example("final class Overlay {\n    lazy var window: UIWindow = UIWindow(frame: .zero)\n    func show(in scene: UIWindowScene) {\n        window.windowScene = scene\n        window.isHidden = false\n    }\n}"),
            // The branch where no window scene exists to attach to (owncloud's overlay window).
            Example("func overlay(over w: UIWindow) -> UIWindow {\n    if let scene = w.windowScene { return UIWindow(windowScene: scene) } else { return UIWindow(frame: w.bounds) }\n}",
                    files: ["Package.swift": "let package = Package(name: \"App\", platforms: [.iOS(.v13)])"]),
            Example("class HUD { func show(in scene: UIWindowScene) { let w = UIWindow(windowScene: scene) } }"),
            Example("class HUD { func show(scene: UIWindowScene) { let w = UIWindow(frame: .zero); w.windowScene = scene } }"),
            Example("class MyWindow: UIWindow { required init?(coder: NSCoder) { super.init(coder: coder) } }"),
            Example("class HUD { func show() { let w = NotAWindow(frame: .zero) } }"),
            Example("""
                class AppDelegate: UIResponder, UIApplicationDelegate {
                    func f() { window = UIWindow(frame: .zero) }
                }
                """),
            .objc("UIWindow *w = [[UIWindow alloc] initWithWindowScene:scene];"),
            .objc("UIView *v = [[UIView alloc] initWithFrame:CGRectZero];"),
        ],
        fixNeedsScenes: true, platforms: .uiKit)

    var triggers: Set<Word> { [.UIWindow] }
    var nameTriggers: NameTriggers { .windowTypes }

    func check(at k: Int, in f: CodeFile, model: RepositoryModel, into sink: inout FindingSink) {
        guard WindowCreation.isCreation(at: k, in: f, model: model), !WindowCreation.attachesScene(around: k, in: f) else { return }
        // `window.windowScene.flatMap(UIWindow.init) ?? UIWindow(frame: window.bounds)`: made with
        // the scene wherever there is one (zotero's presenter); the frame only where none is.
        if f.language == .swift, Expr.coalescedNames(before: k, in: f).contains(where: { $0 == "windowScene" || $0 == "UIWindowScene" }) { return }
        if Self.isOnlyAsked(k, in: f) || Self.isStubbedReturn(k, in: f) { return }
        var shapes: SiteShapes = Self.typeShowsItself(around: k, in: f) ? .hostsSelf : []
        if f.language == .swift, Expr.coalescedNames(before: k, in: f).contains(where: { $0 == "window" }) { shapes.insert(.standsInForWindow) }
        if let function = f.enclosingFunction(of: k)?.scope,
           !(function.declarationStart..<min(function.close, f.tokens.count)).contains(where: { ["windowScene", "UIWindowScene", "scene"].contains(f.text($0)) }) {
            shapes.insert(.noSceneInHand)
        }
        sink.report(description, at: k, message: "\(WindowCreation.describe(k, in: f)) creates a window attached to no scene",
                    onlyIn: [.view, .viewController, .sceneDelegate, .other], shapes: shapes)
    }

    /// Whether the new window is what a mock answers (`[[[mock stub] andReturn:[[UIWindow alloc] init]] window]`,
    /// RSKImageCropper's test; OCMock's `andReturn(…)`, a stub's `thenReturn(…)`): a stand-in that is
    /// only asked whether it is there, never shown.
    static func isStubbedReturn(_ k: Int, in f: CodeFile) -> Bool {
        let stubs: Set<String> = ["andReturn", "andReturnValue", "thenReturn", "willReturn", "returnValue", "stubReturn"]
        if f.language == .swift {
            guard let (open, _) = Expr.enclosingCall(k, in: f), open > 0 else { return false }
            return stubs.contains(f.text(open - 1))
        }
        var start = k - 1
        guard f.isPunct(start, "[") else { return false }
        if f.isPunct(start - 1, "[") { start -= 1 }
        return f.isPunct(start - 1, ":") && stubs.contains(f.text(start - 2))
    }

    /// Whether the new window is only asked something and dropped, never kept or shown:
    /// `UIWindow().tintColor`, `[[UIWindow new] performSelector:@selector(tintColor)]` (RESideMenu's
    /// probe of UIKit's default tint).
    static func isOnlyAsked(_ k: Int, in f: CodeFile) -> Bool {
        let shows: Set<String> = ["makeKeyAndVisible", "makeKey", "rootViewController", "setRootViewController", "addSubview",
                                  "isHidden", "setHidden", "hidden", "windowLevel", "setWindowLevel", "windowScene", "setWindowScene"]
        if f.language == .swift {
            var q = k + 1
            if f.isPunct(q, "."), f.text(q + 1) == "init" { q += 2 }
            guard f.isPunct(q, "("), f.pair(q) > q else { return false }
            let end = f.pair(q)
            return f.isPunct(end + 1, ".") && f[end + 2].kind == .identifier && !shows.contains(f.text(end + 2))
        }
        // `[UIWindow new]` or `[[UIWindow alloc] init…]`, as the receiver of another message.
        guard f.isPunct(k - 1, "[") else { return false }
        var start = k - 1
        if f.text(k + 1) == "alloc", f.isPunct(k + 2, "]"), f.isPunct(k - 2, "[") { start = k - 2 }
        let end = f.pair(start)
        guard end > k, f.isPunct(start - 1, "[") else { return false }
        return f[end + 1].kind == .identifier && !shows.contains(f.text(end + 1))
    }

    /// Whether the type holding `k` puts itself in a window: `….rootViewController = self`,
    /// `[… addSubview:self]`, `….addSubview(self)`.
    static func typeShowsItself(around k: Int, in f: CodeFile) -> Bool {
        guard let type = f.enclosingType(of: k) else { return false }
        for q in type.open..<min(type.close, f.tokens.count) where f[q].kind == .identifier {
            let t = f.text(q)
            if t == "rootViewController", f.isPunct(q + 1, "="), f.is(q + 2, .self), !f.isPunct(q + 3, ".") { return true }
            if t == "addSubview", f.isPunct(q + 1, ":") || f.isPunct(q + 1, "("), f.is(q + 2, .self), f.isPunct(q + 3, "]") || f.isPunct(q + 3, ")") { return true }
        }
        return false
    }
}

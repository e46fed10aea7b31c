import RuleKit
import SourceLexing

/// Under the scene lifecycle, windows belong to scenes: the app delegate handles process-level
/// services, the scene delegate creates the window in `scene(_:willConnectTo:options:)` with
/// `UIWindow(windowScene:)` (WWDC26 session 278 "Modernize your UIKit app"; TN3187 "Migrating to
/// the UIKit scene-based life cycle"). Apps built with the iOS 27 SDK must adopt scenes or they do
/// not launch.
struct WindowInAppDelegateRule: Rule {
    let description = RuleDescription(
        id: .windowInAppDelegate, name: "Window created in the app delegate", severity: .warning, facet: .lifecycle,
        summary: "The app delegate creates a window or makes one key and visible.",
        rationale: """
            With scenes (required by the iOS 27 SDK), the app delegate handles process-wide services and each \
            scene delegate creates its own window in `scene(_:willConnectTo:options:)` with \
            `UIWindow(windowScene:)`. A window made in \
            `application(_:didFinishLaunchingWithOptions:)` is attached to no scene and never appears.
            """,
        sources: [.tn3187, .modernizeUIKit, .apple("UIWindow.init(windowScene:)", "uikit/uiwindow/init(windowscene:)")],
        fix: { site in
            let connect = site.language == .swift ? "scene(_:willConnectTo:options:)" : "scene:willConnectToSession:options:"
            if site.shapes.contains(.afterLaunch) {
                return "This runs after launch, on a window the app delegate keeps; under scenes each window is a scene's, which its scene delegate creates in `\(connect)`: do this on the window of the scene it concerns (its scene delegate's `window`)."
            }
            // A second window (ivpn's privacy overlay): the app's `window` stays; each scene needs its own overlay.
            if site.shapes.contains(.secondWindow) {
                let active = site.language == .swift ? "sceneWillResignActive(_:)` and `sceneDidBecomeActive(_:)" : "sceneWillResignActive:` and `sceneDidBecomeActive:"
                return "This is a second window beside the app's, not the one to replace: under scenes each scene needs its own, so make it in the scene delegate — `\(site.windowSceneInitializer)` with the scene in `\(connect)` — keep it there, and show or hide it from that scene's `\(active)`."
            }
            // The storyboard makes the window (Siren's example): a window made here would replace it with an empty one.
            if site.shapes.contains(.storyboardWindow) {
                return "The main storyboard makes this window: under scenes, name the storyboard in the scene configuration (UISceneStoryboardFile) and give the scene delegate a `window` property — UIKit makes the storyboard's window and shows it — and drop this call."
            }
            return site.language == .swift
                ? "Move it to `scene(_:willConnectTo:options:)` in the scene delegate: `window = UIWindow(windowScene: windowScene)`."
                : "Move it to `scene:willConnectToSession:options:` in the scene delegate: `self.window = [[UIWindow alloc] initWithWindowScene:windowScene];`."
        },
        triggering: [
            // The main storyboard makes the window the launch only shows (Siren's example): no window to create.
            Example("class AppDelegate: UIResponder, UIApplicationDelegate {\n    var window: UIWindow?\n    func application(_ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {\n        window?.↓makeKeyAndVisible()\n        return true\n    }\n}",
                    files: ["Info.plist": "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict><key>LSRequiresIPhoneOS</key><true/><key>UIMainStoryboardFile</key><string>Main</string></dict></plist>\n"],
                    suggestion: "The main storyboard makes this window"),
            // After launch (a session that expired): the window is a scene's, not one to create (seafile's sign-in).
            .objc("@implementation AppDelegate\n- (void)sessionDidExpire {\n    self.window.rootViewController = self.signIn;\n    [self.window ↓makeKeyAndVisible];\n}\n@end",
                  files: ["AppDelegate.h": "@interface AppDelegate : UIResponder <UIApplicationDelegate>\n@property (strong, nonatomic) UIWindow *window;\n@end"],
                  suggestion: "This runs after launch"),
            // A privacy overlay beside the app's window (ivpn's `securityWindow`): each scene makes its own.
            Example("class AppDelegate: UIResponder, UIApplicationDelegate {\n    var window: UIWindow?\n    private lazy var securityWindow: UIWindow = {\n        let window = ↓UIWindow(frame: .zero)\n        return window\n    }()\n}",
                    suggestion: "This is a second window beside the app's, not the one to replace"),
            // A helper the launch calls is launch code.
            Example("class AppDelegate: UIResponder, UIApplicationDelegate {\n    var window: UIWindow?\n    func application(_ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool { show(); return true }\n    func show() { window?.↓makeKeyAndVisible() }\n}",
                    suggestion: "Move it to `scene(_:willConnectTo:options:)` in the scene delegate"),
            Example("""
                class AppDelegate: UIResponder, UIApplicationDelegate {
                    var window: UIWindow?
                    func application(_ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                        window = ↓UIWindow(frame: UIScreen.main.bounds)
                        window?.↓makeKeyAndVisible()
                        return true
                    }
                }
                """),
            .objc("""
                @implementation AppDelegate
                - (BOOL)application:(UIApplication *)app didFinishLaunchingWithOptions:(NSDictionary *)options {
                    self.window = [[↓UIWindow alloc] initWithFrame:[UIScreen mainScreen].bounds];
                    [self.window ↓makeKeyAndVisible];
                    return YES;
                }
                @end
                """, files: ["AppDelegate.h": "@interface AppDelegate : UIResponder <UIApplicationDelegate>\n@end"]),
            .objc("""
                @implementation AppDelegate
                - (void)setup { self.window = [[↓V2Window alloc] init]; }
                @end
                """, files: ["AppDelegate.h": "@interface AppDelegate : UIResponder <UIApplicationDelegate>\n@end",
                             "V2Window.h": "@interface V2Window : UIWindow\n@end"]),
            Example("""
                class AppDelegate: BaseAppDelegate {
                    func setup() { window = ↓UIWindow() }
                }
                """, files: ["Base.swift": "class BaseAppDelegate: UIResponder, UIApplicationDelegate {}"]),
        ],
        nonTriggering: [
            // A runtime version check that keeps the code below iOS 13, at a deployment target of 13 (FLEX's example app).
            Example("""
                final class AppDelegate: UIResponder, UIApplicationDelegate {
                    var window: UIWindow?
                    func setupWindow() {
                        guard ProcessInfo.processInfo.operatingSystemVersion.majorVersion < 13 else { return }
                        let window = UIWindow(frame: UIScreen.main.bounds)
                        window.makeKeyAndVisible()
                        self.window = window
                    }
                }
                """, files: ["Package.swift": "let package = Package(name: \"App\", platforms: [.iOS(.v13)])"]),
            Example("""
                class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                    var window: UIWindow?
                    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
                        guard let windowScene = scene as? UIWindowScene else { return }
                        window = UIWindow(windowScene: windowScene)
                        window?.makeKeyAndVisible()
                    }
                }
                """),
            Example("class AppDelegate: UIResponder, UIApplicationDelegate { func f(s: UIWindowScene) { let w = UIWindow(windowScene: s) } }"),
            Example("class Overlay { func show() { let w = UIWindow(frame: .zero) } }"),
            .objc("""
                @implementation AppDelegate
                - (void)f:(UIWindowScene *)s { self.window = [[UIWindow alloc] initWithWindowScene:s]; }
                @end
                """, files: ["AppDelegate.h": "@interface AppDelegate : UIResponder <UIApplicationDelegate>\n@end"]),
        ],
        fixNeedsScenes: true, platforms: .uiKit)

    var triggers: Set<Word> { [.UIWindow, .makeKeyAndVisible] }

    /// Whether token `k` is in the app delegate's launch (`application(_:didFinishLaunchingWithOptions:)`,
    /// `willFinishLaunching`, and their Objective-C selectors), in a method the launch calls, or
    /// outside any method (unknown: taken for launch).
    static func runsAtLaunch(_ k: Int, in f: CodeFile) -> Bool {
        guard let (function, _) = f.enclosingFunction(of: k) else { return true }
        func isLaunch(_ s: Scope) -> Bool {
            if f.language == .swift {
                return s.name == "application" && s.labels.count >= 2
                    && (s.labels[1] == "didFinishLaunchingWithOptions" || s.labels[1] == "willFinishLaunchingWithOptions")
            }
            return ["application:didFinishLaunchingWithOptions:", "application:willFinishLaunchingWithOptions:", "applicationDidFinishLaunching:"].contains(s.name)
        }
        if isLaunch(function) { return true }
        // A helper the launch calls by name (`[self setupWindow]`, `setupWindow()`).
        let name = String(function.name.prefix { $0 != ":" })
        guard !name.isEmpty else { return false }
        let hash = identifierHash(name)
        return f.structure.scopes.contains { s in
            s.kind == .function && isLaunch(s) && (s.open..<min(s.close, f.tokens.count)).contains { f[$0].hash == hash && f.text($0) == name }
        }
    }
    var nameTriggers: NameTriggers { .windowTypes }

    func check(at k: Int, in f: CodeFile, model: RepositoryModel, into sink: inout FindingSink) {
        if f.is(k, .makeKeyAndVisible) {
            guard Reads.isMemberRead(k, in: f) else { return }
            let atLaunch = Self.runsAtLaunch(k, in: f)
            let createsOne = atLaunch && f.tokens.indices.contains { WindowCreation.isCreation(at: $0, in: f, model: model) }
            sink.report(description, at: k, message: "The app delegate shows a window; under scenes the scene delegate owns it", onlyIn: [.appDelegate],
                        shapes: !atLaunch ? .afterLaunch : createsOne ? [] : .showsOnly)
            return
        }
        guard WindowCreation.isCreation(at: k, in: f, model: model) else { return }
        let kept = Self.keptAs(k, in: f)
        sink.report(description, at: k, message: "The app delegate creates a window (\(WindowCreation.describe(k, in: f))) attached to no scene",
                    onlyIn: [.appDelegate], shapes: kept.map { $0 != "window" && $0 != "_window" } == true ? .secondWindow : [])
    }

    /// The name a new window is kept under: the property or variable it is assigned to
    /// (`self.securityWindow = …`, `_window = …`), or, for a local made inside a stored property's
    /// initializer (`lazy var securityWindow: UIWindow = { let window = UIWindow(…); …; return window }()`),
    /// that property; nil when it is not assigned.
    static func keptAs(_ k: Int, in f: CodeFile) -> String? {
        guard let q = WindowCreation.assignment(of: k, in: f) else { return nil }
        let name = f.text(q - 1)
        let local = ["let", "var"].contains(f.text(q - 2)) || (f.language == .objectiveC && f.isPunct(q - 2, "*"))
        guard local else { return name }
        // The closure that initializes a stored property: `= {` after the property's name (and type).
        guard f.enclosingFunction(of: k) == nil, let closure = f.scopes(around: k).first(where: { f.isPunct($0.open - 1, "=") }) else { return name }
        var p = closure.open - 2
        if f[p].kind == .identifier, f.isPunct(p - 1, ":") { p -= 2 }
        return f[p].kind == .identifier && (f.is(p - 1, .var) || f.is(p - 1, .let)) ? f.text(p) : name
    }
}

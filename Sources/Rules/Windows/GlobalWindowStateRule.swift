import RuleKit

/// One stored window for the whole app is one too few with several scenes. A real app's adaptation
/// to a two-display device (WWDC26 "Make your app ready for iPhone Duo") found that shared data once
/// kept in global singletons must now carry its window's context, or two scenes running at once
/// overwrite each other's values; the key-window singleton a single-scene migration often adds is
/// only a workaround for one scene.
struct GlobalWindowStateRule: RepositoryRule {
    let description = RuleDescription(
        id: .globalWindowState, name: "App-wide window state", severity: .warning, facet: .window,
        summary: "A static, global or singleton property holds a UIWindow, UIWindowScene or navigation controller.",
        rationale: """
            A singleton that stores "the" key window or window scene — a common workaround while an app has a \
            single scene — breaks as soon as a second scene exists: the scenes overwrite each other's window and UI lands in \
            the wrong one. Per-scene state belongs on the scene delegate or the window scene. \
            In an app that declares a single scene this is a note; with multiple scenes, a warning.
            """,
        sources: [.tn3187, .apple("UIWindowScene", "uikit/uiwindowscene")],
        fix: RuleDescription.fixed("Keep windows, window scenes and root navigation controllers per scene: on the scene delegate in an app, in a table keyed by the `UIWindowScene` in a library (which has no scene delegate of its own), or passed down; reach them from a view's window when needed."),
        triggering: [
            Example("""
                final class WindowManager {
                    static let shared = WindowManager()
                    var ↓keyWindow: UIWindow?
                }
                """, wraps: false),
            Example("enum Current { static var ↓scene: UIWindowScene? }", wraps: false),
            .objc("""
                @interface PNCWindowSceneManager : NSObject
                + (instancetype)manager;
                @property (nonatomic, strong) UIWindow *↓keyWindow;
                @end
                """, path: "Manager.h", wraps: false),
            .objc("static UINavigationController *↓gRootNavigation;", wraps: false),
            Example("enum Current { static var ↓window: UIWindow? { didSet { print(\"moved\") } } }", wraps: false),
        ],
        nonTriggering: [
            // A class property is never synthesized: its getter finds a window each time (FLEX's `appKeyWindow`).
            .objc("@interface Utility : NSObject\n@property (nonatomic, readonly, class) UIWindow *appKeyWindow;\n@end"),
            Example("class SceneDelegate: UIResponder, UIWindowSceneDelegate { var window: UIWindow? }"),
            Example("final class Cell: UITableViewCell { weak var hostWindow: UIWindow? }"),
            Example("func f() { let w: UIWindow? = nil; print(w as Any) }"),
            // Computed: it looks the window up each time and keeps none (SwiftMessages' keyWindow).
            Example("""
                extension UIWindow {
                    static var keyWindow: UIWindow? {
                        UIApplication.shared.connectedScenes.compactMap { $0 as? UIWindowScene }.compactMap { $0.keyWindow }.first
                    }
                }
                """, wraps: false),
            .objc("@interface AppDelegate : UIResponder <UIApplicationDelegate>\n@property (strong, nonatomic) UIWindow *window;\n@end", path: "AppDelegate.h"),
            // A SwiftUI environment key's default: the value where no view sets one.
            Example("struct WindowKey: EnvironmentKey {\n    static var defaultValue: UIWindow? = nil\n}", wraps: false),
            // A test case's shared fixture: no app's scene ever holds it.
            Example("final class ScreenshotTests: XCTestCase {\n    private static let mockWindowScene: UIWindowScene? = nil\n}", wraps: false),
        ])

    func checkRepository(_ r: RepositoryView, into sink: inout RepositorySink) {
        let singletons = Set(r.facts.flatMap(\.singletons))
        // A warning where an app that builds the code declares multiple scenes (another app of the
        // repository doing so says nothing of this one: Provenance's bundled cores); a note otherwise.
        let apps = r.model.project.apps
        func severity(_ path: String) -> Severity {
            let owners = apps.filter { $0.compiles(path) }
            let multiple = owners.isEmpty ? r.model.project.declaresMultipleScenes : owners.contains { $0.facts.supportsMultipleScenes == true }
            return multiple ? .warning : .note
        }
        for facts in r.facts {
            for c in facts.windowState {
                guard c.isStatic || c.owner.map(singletons.contains) == true else { continue }
                // A test case's fixture (Sentry's `static let mockWindowScene` on an XCTestCase): the
                // tests share it, no scene of an app does.
                if let owner = c.owner, let parents = r.model.types[owner]?.parents, parents.contains("XCTestCase") || parents.contains("QuickSpec") { continue }
                // An environment key's `defaultValue` (Popovers' `static var defaultValue: UIWindow? = nil`):
                // the value where no view sets one, kept by no scene.
                if c.name == "defaultValue", let owner = c.owner, let parents = r.model.types[owner]?.parents, parents.contains(where: { $0.hasSuffix("Key") }) { continue }
                let context = r.model.context(ofType: c.owner, function: nil)
                guard context != .appDelegate, context != .sceneDelegate else { continue }
                let holder = c.owner.map { "`\($0).\(c.name)`" } ?? "`\(c.name)`"
                sink.report(description, path: c.site.path, line: c.site.line, column: c.site.column, column16: c.site.column16, offset: c.site.offset,
                            message: "\(holder) keeps one \(c.holds) for the whole app; with several scenes each needs its own",
                            identity: "\(c.owner ?? "").\(c.name)", typeName: c.owner, severity: severity(c.site.path))
            }
        }
    }
}

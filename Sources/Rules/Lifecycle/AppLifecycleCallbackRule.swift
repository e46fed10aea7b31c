import RuleKit

/// Under scenes the app delegate's activation and state-restoration callbacks are no longer
/// called (TN3187; the notifications still are): each one that does work needs a scene
/// delegate's counterpart — `sceneDidBecomeActive` and the rest, `stateRestorationActivity(for:)`.
/// A callback the repository's scene delegate already takes over is no finding (it serves the
/// iOS versions before scenes), nor is one Xcode's template left empty.
struct AppLifecycleCallbackRule: RepositoryRule {
    static let messages: [MethodFact.Kind: String] = [
        .applicationDidBecomeActive: "sceneDidBecomeActive", .applicationWillResignActive: "sceneWillResignActive",
        .applicationDidEnterBackground: "sceneDidEnterBackground", .applicationWillEnterForeground: "sceneWillEnterForeground",
        .applicationStateRestoration: "stateRestorationActivity(for:)",
    ]

    let description = RuleDescription(
        id: .appLifecycleCallback, name: "App delegate lifecycle callback", severity: .warning, facet: .lifecycle,
        summary: "The app delegate implements an activation or state-restoration callback that scenes stop calling, and no scene delegate takes it over.",
        rationale: """
            Once an app adopts scenes, `applicationDidBecomeActive`, `applicationWillResignActive`, \
            `applicationDidEnterBackground` and `applicationWillEnterForeground` are not called, nor is the app \
            delegate's state restoration (`application(_:shouldSaveSecureApplicationState:)` and the like); the \
            `UIApplication…Notification`s still are posted. With several scenes, activation is per window: \
            app-level state belongs in the notifications, window-level state in the scene delegate, and a scene \
            restores from the user activity its delegate returns from `stateRestorationActivity(for:)`. Where the \
            scene delegate implements the counterpart, the app delegate's method serves iOS versions before scenes.
            """,
        sources: [.tn3187, .apple("Managing your app's life cycle", "uikit/managing-your-app-s-life-cycle"), .apple("UISceneDelegate", "uikit/uiscenedelegate"),
                  .apple("UISceneDelegate.stateRestorationActivity(for:)", "uikit/uiscenedelegate/staterestorationactivity(for:)")],
        fix: RuleDescription.fixed("Move window-level work to the scene delegate's sceneDidBecomeActive, sceneWillResignActive, sceneDidEnterBackground and sceneWillEnterForeground (or call the app delegate's method from there), observe the UIApplication notifications for app-wide work, and restore state from stateRestorationActivity(for:)."),
        triggering: [
            Example("""
                class AppDelegate: UIResponder, UIApplicationDelegate {
                    func ↓applicationDidBecomeActive(_ application: UIApplication) { player.resume() }
                    func ↓applicationDidEnterBackground(_ application: UIApplication) {
                        super.applicationDidEnterBackground(application)
                        saveState()
                    }
                }
                """),
            .objc("""
                @implementation AppDelegate
                - (void)↓applicationWillResignActive:(UIApplication *)application {
                    [self.player pause];
                }
                - (void)↓applicationWillEnterForeground:(UIApplication *)application { [self refresh]; }
                @end
                """, files: ["AppDelegate.h": "@interface AppDelegate : UIResponder <UIApplicationDelegate>\n@end"]),
            Example("""
                extension AppDelegate {
                    func ↓applicationWillEnterForeground(_ application: UIApplication) { refresh() }
                }
                """, files: ["AppDelegate.swift": "class AppDelegate: UIResponder, UIApplicationDelegate {}"]),
            // A scene delegate that takes over other callbacks, not this one.
            Example("""
                class AppDelegate: UIResponder, UIApplicationDelegate {
                    func ↓applicationDidEnterBackground(_ application: UIApplication) { saveState() }
                    func ↓application(_ application: UIApplication, shouldSaveSecureApplicationState coder: NSCoder) -> Bool { true }
                }
                class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                    func sceneDidBecomeActive(_ scene: UIScene) {}
                }
                """),
            .objc("""
                @implementation AppDelegate
                - (BOOL)↓application:(UIApplication *)application shouldRestoreSecureApplicationState:(NSCoder *)coder { return YES; }
                @end
                """, files: ["AppDelegate.h": "@interface AppDelegate : UIResponder <UIApplicationDelegate>\n@end"]),
        ],
        nonTriggering: [
            // The handler of the notification of that name, which scenes still post (CleverTap's singleton).
            .objc("""
                @implementation CleverTap
                - (void)start {
                    [[NSNotificationCenter defaultCenter] addObserver:self selector:@selector(applicationDidBecomeActive:) name:UIApplicationDidBecomeActiveNotification object:nil];
                }
                - (void)applicationDidBecomeActive:(NSNotification *)notification { [self pushSession]; }
                @end
                """, files: ["CleverTap.h": "@interface CleverTap : NSObject <UIApplicationDelegate>\n@end"], wraps: false),
            Example("""
                final class Tracker: NSObject, UIApplicationDelegate {
                    func start() { NotificationCenter.default.addObserver(self, selector: #selector(applicationDidEnterBackground(_:)), name: UIApplication.didEnterBackgroundNotification, object: nil) }
                    @objc func applicationDidEnterBackground(_ application: UIApplication) { flush() }
                }
                """),
            // Xcode's template stubs: empty, only comments, or only a call to super (RULES.md v2).
            Example("""
                class AppDelegate: UIResponder, UIApplicationDelegate {
                    func applicationWillResignActive(_ application: UIApplication) {
                        // Sent when the application is about to move from active to inactive state.
                    }
                    func applicationDidBecomeActive(_ application: UIApplication) {}
                    override func applicationDidEnterBackground(_ application: UIApplication) { super.applicationDidEnterBackground(application) }
                }
                """),
            .objc("""
                @implementation AppDelegate
                - (void)applicationWillResignActive:(UIApplication *)application {
                    // Sent when the application is about to move from active to inactive state.
                    /* Use this method to pause ongoing tasks. */
                }
                - (void)applicationDidEnterBackground:(UIApplication *)application { [super applicationDidEnterBackground:application]; }
                @end
                """, files: ["AppDelegate.h": "@interface AppDelegate : UIResponder <UIApplicationDelegate>\n@end"]),
            Example("""
                class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                    func sceneDidBecomeActive(_ scene: UIScene) {}
                }
                """),
            Example("""
                class Player {
                    @objc func applicationDidEnterBackground(_ n: Notification) {}
                    init() { NotificationCenter.default.addObserver(self, selector: #selector(applicationDidEnterBackground), name: UIApplication.didEnterBackgroundNotification, object: nil) }
                }
                """),
            Example("class AppDelegate: UIResponder, UIApplicationDelegate { func f() { applicationDidBecomeActive(UIApplication.shared) } }"),
            // Migrated: the scene delegate takes them over, and the app delegate's serve iOS 12.
            Example("""
                class AppDelegate: UIResponder, UIApplicationDelegate {
                    func applicationDidBecomeActive(_ application: UIApplication) { player.resume() }
                    func application(_ application: UIApplication, shouldSaveSecureApplicationState coder: NSCoder) -> Bool { true }
                }
                @available(iOS 13.0, *)
                class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                    private var appDelegate: AppDelegate? { UIApplication.shared.delegate as? AppDelegate }
                    func sceneDidBecomeActive(_ scene: UIScene) { appDelegate?.applicationDidBecomeActive(UIApplication.shared) }
                    func stateRestorationActivity(for scene: UIScene) -> NSUserActivity? { nil }
                }
                """),
            .objc("""
                @implementation AppDelegate
                - (void)applicationWillResignActive:(UIApplication *)application { [self.player pause]; }
                @end
                @implementation SceneDelegate
                - (void)sceneWillResignActive:(UIScene *)scene { [(AppDelegate *)UIApplication.sharedApplication.delegate applicationWillResignActive:UIApplication.sharedApplication]; }
                @end
                """, files: ["AppDelegate.h": "@interface AppDelegate : UIResponder <UIApplicationDelegate>\n@end",
                             "SceneDelegate.h": "@interface SceneDelegate : UIResponder <UIWindowSceneDelegate>\n@end"]),
            .objc("@interface AppDelegate : UIResponder <UIApplicationDelegate>\n- (void)applicationDidBecomeActive:(UIApplication *)application;\n@end"),
            .objc("[[NSNotificationCenter defaultCenter] addObserver:self selector:@selector(applicationDidEnterBackground) name:UIApplicationDidEnterBackgroundNotification object:nil];"),
        ],
        fixNeedsScenes: true, platforms: .uiKit)

    func checkRepository(_ r: RepositoryView, into sink: inout RepositorySink) {
        let methods = r.facts.flatMap(\.methods)
        func context(_ m: MethodFact) -> Context { r.model.context(ofType: m.typeName, function: m.kind.rawValue) }
        // The scene delegates' callbacks, with the targets that build each: an app's scene delegate
        // answers for its own app delegate only (MJRefresh's package example has one; its
        // storyboard example's `applicationDidBecomeActive:` is still never called under scenes).
        let project = r.model.project
        let inScene = methods.filter { context($0) == .sceneDelegate }.map { (kind: $0.kind, owners: Set(project.owners(of: $0.site.path))) }
        for m in methods where !m.isEmpty && context(m) == .appDelegate {
            let owners = Set(project.owners(of: m.site.path))
            guard let counterpart = m.kind.sceneCounterpart, let replacement = Self.messages[m.kind],
                  !inScene.contains(where: { $0.kind == counterpart && (owners.isEmpty || $0.owners.isEmpty || !$0.owners.isDisjoint(with: owners)) }) else { continue }
            let name = String(m.kind.rawValue)
            let message = m.kind == .applicationStateRestoration
                ? "State restoration through the app delegate is not used under the scene lifecycle; a scene restores from the NSUserActivity its delegate returns from `stateRestorationActivity(for:)`"
                : "`\(name)` is not called under the scene lifecycle; use `\(replacement)` or the notification"
            sink.report(description, path: m.site.path, line: m.site.line, column: m.site.column, column16: m.site.column16, offset: m.site.offset,
                        message: message, identity: "\(m.typeName).\(m.kind.rawValue)", typeName: m.typeName)
        }
    }
}

import RuleKit
import SourceLexing

/// Under scenes the app delegate's activation callbacks are no longer called (seed 002 point 4:
/// "方法将不会被调用，但是该事件的通知还是会被触发"); seed 004 separates app-level from
/// window-level state.
struct AppLifecycleCallbackRule: Rule {
    static let callbacks: [Word: String] = [
        .applicationDidBecomeActive: "sceneDidBecomeActive", .applicationWillResignActive: "sceneWillResignActive",
        .applicationDidEnterBackground: "sceneDidEnterBackground", .applicationWillEnterForeground: "sceneWillEnterForeground",
    ]

    let description = RuleDescription(
        id: "app-lifecycle-callback", name: "App delegate lifecycle callback", severity: .warning, facet: .lifecycle,
        summary: "The app delegate implements an activation callback that scenes stop calling.",
        rationale: """
            Once an app adopts scenes, `applicationDidBecomeActive`, `applicationWillResignActive`, \
            `applicationDidEnterBackground` and `applicationWillEnterForeground` are not called; the \
            `UIApplication…Notification`s still are (seed 002, point 4). With several scenes, activation is \
            per window: app-level state belongs in the notifications, window-level state in the scene \
            delegate (seed 004).
            """,
        fix: RuleDescription.fixed("Move window-level work to the scene delegate (sceneDidBecomeActive, sceneWillResignActive, sceneDidEnterBackground, sceneWillEnterForeground); observe the UIApplication notifications for app-wide work."),
        triggering: [
            Example("""
                class AppDelegate: UIResponder, UIApplicationDelegate {
                    func ↓applicationDidBecomeActive(_ application: UIApplication) {}
                    func ↓applicationDidEnterBackground(_ application: UIApplication) {}
                }
                """),
            .objc("""
                @implementation AppDelegate
                - (void)↓applicationWillResignActive:(UIApplication *)application {
                }
                - (void)↓applicationWillEnterForeground:(UIApplication *)application { }
                @end
                """, files: ["AppDelegate.h": "@interface AppDelegate : UIResponder <UIApplicationDelegate>\n@end"]),
            Example("""
                extension AppDelegate {
                    func ↓applicationWillEnterForeground(_ application: UIApplication) {}
                }
                """, files: ["AppDelegate.swift": "class AppDelegate: UIResponder, UIApplicationDelegate {}"]),
        ],
        nonTriggering: [
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
            .objc("@interface AppDelegate : UIResponder <UIApplicationDelegate>\n- (void)applicationDidBecomeActive:(UIApplication *)application;\n@end"),
            .objc("[[NSNotificationCenter defaultCenter] addObserver:self selector:@selector(applicationDidEnterBackground) name:UIApplicationDidEnterBackgroundNotification object:nil];"),
        ],
        fixNeedsScenes: true, platforms: .uiKit)

    var triggers: Set<Word> { Set(Self.callbacks.keys) }

    func check(at k: Int, in f: CodeFile, model: RepositoryModel, into sink: inout FindingSink) {
        guard let replacement = Self.callbacks[f[k].word] else { return }
        if f.language == .swift {
            guard f.is(k - 1, .func), f.enclosingType(of: k)?.typeKind != .swiftProtocol else { return }
        } else {
            guard Expr.isDeclaredName(k, in: f), f.enclosingType(of: k)?.typeKind == .objcImplementation else { return }
        }
        sink.report(description, at: k, message: "`\(f.text(k))` is not called under the scene lifecycle; use `\(replacement)` or the notification",
                    onlyIn: [.appDelegate])
    }
}

import RuleKit

/// Under scenes, URL schemes and universal links arrive at the scene delegate: warm launches in
/// `scene(_:openURLContexts:)` / `scene(_:continue:)`, cold launches in the connection options
/// of `scene(_:willConnectTo:options:)`. Seed 002, points 8–10.
struct UrlHandlingUnmigratedRule: RepositoryRule {
    let description = RuleDescription(
        id: "url-handling-unmigrated", name: "URL handling not migrated", severity: .warning, facet: .lifecycle,
        summary: "Links are handled in the app delegate only, or a scene delegate misses the cold-launch link.",
        rationale: """
            Once an app adopts scenes, `application(_:open:options:)` and `application(_:continue:…)` are no \
            longer called: warm launches reach `scene(_:openURLContexts:)` and `scene(_:continue:)`, and a \
            cold launch only passes the link in `connectionOptions.urlContexts` / `userActivities` of \
            `scene(_:willConnectTo:options:)` — the cold launch is the case migrations most often miss.
            """,
        sources: [.tn3187, .apple("UISceneDelegate.scene(_:openURLContexts:)", "uikit/uiscenedelegate/scene(_:openurlcontexts:)"), .apple("UISceneDelegate.scene(_:willConnectTo:options:)", "uikit/uiscenedelegate/scene(_:willconnectto:options:)")],
        fix: RuleDescription.fixed("Handle URLs in scene(_:openURLContexts:), user activities in scene(_:continue:), and read connectionOptions.urlContexts and userActivities in scene(_:willConnectTo:options:) for cold launches."),
        triggering: [
            Example("""
                class AppDelegate: UIResponder, UIApplicationDelegate {
                    func ↓application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any]) -> Bool { true }
                }
                """, wraps: false),
            .objc("""
                @implementation AppDelegate
                - (BOOL)↓application:(UIApplication *)a continueUserActivity:(NSUserActivity *)u restorationHandler:(id)h { return YES; }
                @end
                """, files: ["AppDelegate.h": "@interface AppDelegate : UIResponder <UIApplicationDelegate>\n@end"], wraps: false),
            Example("""
                class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                    func ↓scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {}
                    func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {}
                }
                """, wraps: false),
        ],
        nonTriggering: [
            Example("""
                class AppDelegate: UIResponder, UIApplicationDelegate {
                    func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any]) -> Bool { true }
                }
                class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                        if let url = connectionOptions.urlContexts.first?.url { open(url) }
                    }
                    func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {}
                }
                """),
            .objc("""
                @implementation SceneDelegate
                - (void)scene:(UIScene *)scene willConnectToSession:(UISceneSession *)s options:(UISceneConnectionOptions *)o {
                    [self handle:o.URLContexts];
                }
                - (void)scene:(UIScene *)scene openURLContexts:(NSSet *)contexts { }
                @end
                """, files: ["SceneDelegate.h": "@interface SceneDelegate : UIResponder <UIWindowSceneDelegate>\n@end"]),
            Example("class Router { func application(_ app: UIApplication, open url: URL, options: [String: Any]) -> Bool { true } }"),
        ], platforms: .uiKit)

    func checkRepository(_ r: RepositoryView, into sink: inout RepositorySink) {
        let methods = r.facts.flatMap(\.methods)
        func context(_ m: MethodFact) -> Context { r.model.context(ofType: m.typeName, function: m.kind.rawValue) }
        let inApp = methods.filter { context($0) == .appDelegate }
        let inScene = methods.filter { context($0) == .sceneDelegate }
        func report(_ m: MethodFact, _ message: String) {
            sink.report(description, path: m.site.path, line: m.site.line, column: m.site.column, column16: m.site.column16, offset: m.site.offset,
                        message: message, identity: "\(m.typeName).\(m.kind.rawValue)", typeName: m.typeName)
        }
        if !inScene.contains(where: { $0.kind == .sceneOpenURL }) {
            for m in inApp where m.kind == .applicationOpenURL {
                report(m, "URLs are opened in the app delegate only; under scenes they arrive in scene(_:openURLContexts:)")
            }
        }
        if !inScene.contains(where: { $0.kind == .sceneContinueActivity }) {
            for m in inApp where m.kind == .applicationContinueActivity {
                report(m, "User activities are continued in the app delegate only; under scenes they arrive in scene(_:continue:)")
            }
        }
        for type in Set(inScene.map(\.typeName)).sorted() {
            let own = inScene.filter { $0.typeName == type }
            let warmURLs = own.contains { $0.kind == .sceneOpenURL }
            let warmActivities = own.contains { $0.kind == .sceneContinueActivity }
            guard warmURLs || warmActivities else { continue }
            let connect = own.first { $0.kind == .sceneWillConnect }
            let reads = (connect?.readsURLContexts ?? false) || (connect?.readsUserActivities ?? false)
            guard !reads, let at = connect ?? own.first(where: { $0.kind == .sceneOpenURL || $0.kind == .sceneContinueActivity }) else { continue }
            report(at, "The scene delegate handles links only when running; a cold launch passes them in connectionOptions.urlContexts / userActivities, which are never read")
        }
    }
}

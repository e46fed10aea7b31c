import RuleKit

/// Under scenes, URL schemes, universal links and Home Screen quick actions arrive at the scene
/// delegate: warm launches in `scene(_:openURLContexts:)` / `scene(_:continue:)` /
/// `windowScene(_:performActionFor:completionHandler:)`, cold launches in the connection options
/// of `scene(_:willConnectTo:options:)` — and no longer in the launch options (TN3187).
struct UrlHandlingUnmigratedRule: RepositoryRule {
    let description = RuleDescription(
        id: .urlHandlingUnmigrated, name: "URL handling not migrated", severity: .warning, facet: .lifecycle,
        summary: "Links or quick actions are handled in the app delegate only, read from the launch options, or a scene delegate misses the cold-launch link.",
        rationale: """
            Once an app adopts scenes, `application(_:open:options:)`, `application(_:continue:…)` and \
            `application(_:performActionFor:completionHandler:)` are no longer called: warm launches reach \
            `scene(_:openURLContexts:)`, `scene(_:continue:)` and `windowScene(_:performActionFor:completionHandler:)`, \
            and a cold launch only passes the link, activity or shortcut item in `connectionOptions.urlContexts` / \
            `userActivities` / `shortcutItem` of `scene(_:willConnectTo:options:)` — the launch options' `.url`, \
            `.userActivityDictionary` and `.shortcutItem` are empty. The cold launch is the case migrations most \
            often miss.
            """,
        sources: [.tn3187, .apple("UISceneDelegate.scene(_:openURLContexts:)", "uikit/uiscenedelegate/scene(_:openurlcontexts:)"), .apple("UISceneDelegate.scene(_:willConnectTo:options:)", "uikit/uiscenedelegate/scene(_:willconnectto:options:)")],
        fix: RuleDescription.fixed("Handle URLs in scene(_:openURLContexts:), user activities in scene(_:continue:), quick actions in windowScene(_:performActionFor:completionHandler:), and read connectionOptions.urlContexts, userActivities and shortcutItem in scene(_:willConnectTo:options:) for cold launches."),
        triggering: [
            Example("""
                class AppDelegate: UIResponder, UIApplicationDelegate {
                    func ↓application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any]) -> Bool { handle(url); return true }
                }
                """, wraps: false),
            // Only the modern callback of a pair with iOS 8's forwarder.
            .objc("""
                @implementation AppDelegate
                - (BOOL)application:(UIApplication *)a openURL:(NSURL *)url sourceApplication:(NSString *)s annotation:(id)an { return [self application:a openURL:url options:@{}]; }
                - (BOOL)↓application:(UIApplication *)a openURL:(NSURL *)url options:(NSDictionary *)o { [self handle:url]; return YES; }
                @end
                """, files: ["AppDelegate.h": "@interface AppDelegate : UIResponder <UIApplicationDelegate>\n@end"], wraps: false),
            // A SwiftUI app whose scenes take no links: the adaptor's callback is never called.
            Example("""
                class AppDelegate: NSObject, UIApplicationDelegate {
                    func ↓application(_ application: UIApplication, continue userActivity: NSUserActivity, restorationHandler: @escaping ([UIUserActivityRestoring]?) -> Void) -> Bool { handle(userActivity); return true }
                }
                @main struct TheApp: App {
                    @UIApplicationDelegateAdaptor(AppDelegate.self) var delegate
                    var body: some Scene { WindowGroup { ContentView().onOpenURL { url in open(url) } } }
                }
                """, wraps: false),
            .objc("""
                @implementation AppDelegate
                - (BOOL)↓application:(UIApplication *)a continueUserActivity:(NSUserActivity *)u restorationHandler:(id)h { [self handle:u]; return YES; }
                @end
                """, files: ["AppDelegate.h": "@interface AppDelegate : UIResponder <UIApplicationDelegate>\n@end"], wraps: false),
            Example("""
                class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                    func ↓scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {}
                    func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) { print("open"); router.open(URLContexts) }
                }
                """, wraps: false),
            // Quick actions and the launch options.
            Example("""
                class AppDelegate: UIResponder, UIApplicationDelegate {
                    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                        if let url = launchOptions?[.↓url] as? URL { open(url) }
                        if let item = launchOptions?[UIApplication.LaunchOptionsKey.↓shortcutItem] as? UIApplicationShortcutItem { perform(item) }
                        return true
                    }
                    func ↓application(_ application: UIApplication, performActionFor shortcutItem: UIApplicationShortcutItem, completionHandler: @escaping (Bool) -> Void) { perform(shortcutItem); completionHandler(true) }
                }
                """, wraps: false),
            .objc("""
                @implementation AppDelegate
                - (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
                    NSURL *url = launchOptions[↓UIApplicationLaunchOptionsURLKey];
                    return url != nil;
                }
                @end
                """, files: ["AppDelegate.h": "@interface AppDelegate : UIResponder <UIApplicationDelegate>\n@end"], wraps: false),
            Example("""
                class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                    func ↓scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {}
                    func windowScene(_ windowScene: UIWindowScene, performActionFor shortcutItem: UIApplicationShortcutItem, completionHandler: @escaping (Bool) -> Void) {
                        completionHandler(perform(shortcutItem))
                    }
                }
                """, wraps: false),
        ],
        nonTriggering: [
            // The options handed on to the code that starts the UI, which reads them (zotero's app coordinator).
            Example("""
                class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                        coordinator.start(options: connectionOptions, session: session)
                    }
                    func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) { coordinator.open(URLContexts) }
                }
                """, wraps: false),
            // The cold launch's quick action read where the app delegate configures the scene (Anytype).
            Example("""
                class AppDelegate: NSObject, UIApplicationDelegate {
                    func application(_ application: UIApplication, configurationForConnecting session: UISceneSession, options: UIScene.ConnectionOptions) -> UISceneConfiguration {
                        if let item = options.shortcutItem { pending = item }
                        let config = UISceneConfiguration(name: "Default", sessionRole: session.role)
                        config.delegateClass = SceneDelegate.self
                        return config
                    }
                }
                class SceneDelegate: NSObject, UIWindowSceneDelegate {
                    func windowScene(_ windowScene: UIWindowScene, performActionFor shortcutItem: UIApplicationShortcutItem, completionHandler: @escaping (Bool) -> Void) {
                        completionHandler(handle(shortcutItem))
                    }
                }
                """, wraps: false),
            // Handlers that only log handle no link a cold launch could lose (Amperfy's settings scene).
            Example("""
                class SettingsSceneDelegate: UIResponder, UIWindowSceneDelegate {
                    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {}
                    func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {
                        os_log("Settings: openURLContexts", log: self.log, type: .info)
                    }
                    func scene(_ scene: UIScene, continue userActivity: NSUserActivity) { Logger.scenes.debug("continue \\(userActivity.activityType)") }
                }
                """, wraps: false),
            // A handler that only tests the activity and answers continues nothing (5 Calls' app delegate).
            Example("""
                class AppDelegate: NSObject, UIApplicationDelegate {
                    func application(_: UIApplication, continue userActivity: NSUserActivity, restorationHandler _: @escaping ([UIUserActivityRestoring]?) -> Void) -> Bool {
                        guard userActivity.activityType == NSUserActivityTypeBrowsingWeb else {
                            return false
                        }
                        return true
                    }
                }
                """, wraps: false),
            // A stub that only answers continues nothing (blink's app delegate).
            .objc("""
                @implementation AppDelegate
                - (BOOL)application:(UIApplication *)application continueUserActivity:(NSUserActivity *)userActivity restorationHandler:(void (^)(NSArray *))restorationHandler {
                    return YES;
                }
                @end
                """, files: ["AppDelegate.h": "@interface AppDelegate : UIResponder <UIApplicationDelegate>\n@end"]),
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
            // A SwiftUI scene takes links and activities itself; the adaptor's callbacks are left over.
            Example("""
                class AppDelegate: NSObject, UIApplicationDelegate {
                    func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any]) -> Bool { true }
                    func application(_ application: UIApplication, continue userActivity: NSUserActivity, restorationHandler: @escaping ([UIUserActivityRestoring]?) -> Void) -> Bool { true }
                }
                @main struct TheApp: App {
                    @UIApplicationDelegateAdaptor(AppDelegate.self) var delegate
                    var body: some Scene {
                        WindowGroup { ContentView().onOpenURL { url in open(url) }.onContinueUserActivity("handoff") { activity in resume(activity) } }
                    }
                }
                """),
            // An AppKit delegate of the same name for the Mac build is no iOS app delegate.
            Example("""
                #if os(iOS)
                class AppDelegate: NSObject, UIApplicationDelegate {}
                #elseif os(macOS)
                class AppDelegate: NSObject, NSApplicationDelegate {
                    func application(_ application: NSApplication, continue userActivity: NSUserActivity, restorationHandler: @escaping ([NSUserActivityRestoring]) -> Void) -> Bool { true }
                }
                #endif
                """),
            // The scene delegate reads what a cold launch brings; the app delegate's reads serve iOS 12.
            Example("""
                class AppDelegate: UIResponder, UIApplicationDelegate {
                    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                        if let url = launchOptions?[.url] as? URL { open(url) }
                        return true
                    }
                    func application(_ application: UIApplication, performActionFor shortcutItem: UIApplicationShortcutItem, completionHandler: @escaping (Bool) -> Void) {}
                }
                class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                        for context in connectionOptions.urlContexts { open(context.url) }
                        if let item = connectionOptions.shortcutItem { perform(item) }
                    }
                    func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {}
                    func windowScene(_ windowScene: UIWindowScene, performActionFor shortcutItem: UIApplicationShortcutItem, completionHandler: @escaping (Bool) -> Void) {}
                }
                """),
            // Keys that are not the launch URL.
            Example("""
                class AppDelegate: UIResponder, UIApplicationDelegate {
                    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                        let push = launchOptions?[.remoteNotification]
                        let link = deepLinks[.url]
                        return push != nil || link != nil
                    }
                }
                """),
        ], platforms: .uiKit)

    func checkRepository(_ r: RepositoryView, into sink: inout RepositorySink) {
        let methods = r.facts.flatMap(\.methods)
        func context(_ m: MethodFact) -> Context { r.model.context(ofType: m.typeName, function: m.kind.rawValue) }
        // An app delegate's stub that handles nothing (`{ return YES; }`) has nothing to move.
        let inApp = methods.filter { context($0) == .appDelegate && !$0.isEmpty }
        let inScene = methods.filter { context($0) == .sceneDelegate }
        func report(_ m: MethodFact, _ message: String) {
            sink.report(description, path: m.site.path, line: m.site.line, column: m.site.column, column16: m.site.column16, offset: m.site.offset,
                        message: message, identity: "\(m.typeName).\(m.kind.rawValue)", typeName: m.typeName)
        }
        // A SwiftUI scene's `.onOpenURL` / `.onContinueUserActivity` takes what the app delegate
        // is no longer given, in the apps that compile both; a SwiftUI app is told of those, a
        // UIKit app of its scene delegate (AppAuth's examples: one SwiftUI, three UIKit).
        let apps = r.model.project.apps
        func appsCompiling(_ m: MethodFact) -> [ProjectModel.App] { apps.filter { $0.compiles(m.site.path) } }
        func isSwiftUIApp(_ m: MethodFact) -> Bool {
            let owners = appsCompiling(m)
            return owners.isEmpty ? r.facts.contains { !$0.appEntries.isEmpty } : owners.contains(where: r.hasSwiftUIEntry)
        }
        func handledBySwiftUI(_ m: MethodFact, _ kind: MethodFact.Kind) -> Bool {
            let owners = appsCompiling(m)
            return methods.contains { h in h.kind == kind && (owners.isEmpty || owners.contains { $0.compiles(h.site.path) }) }
        }
        if !inScene.contains(where: { $0.kind == .sceneOpenURL }) {
            for m in inApp where m.kind == .applicationOpenURL && !handledBySwiftUI(m, .swiftUIOpenURL) {
                report(m, isSwiftUIApp(m) ? "URLs are opened in the app delegate only; a SwiftUI app's scenes receive them in .onOpenURL"
                                          : "URLs are opened in the app delegate only; under scenes they arrive in scene(_:openURLContexts:)")
            }
        }
        if !inScene.contains(where: { $0.kind == .sceneContinueActivity }) {
            for m in inApp where m.kind == .applicationContinueActivity && !handledBySwiftUI(m, .swiftUIContinueActivity) {
                report(m, isSwiftUIApp(m) ? "User activities are continued in the app delegate only; a SwiftUI app's scenes receive them in .onContinueUserActivity"
                                          : "User activities are continued in the app delegate only; under scenes they arrive in scene(_:continue:)")
            }
        }
        if !inScene.contains(where: { $0.kind == .windowScenePerformShortcut }) {
            for m in inApp where m.kind == .applicationPerformShortcut {
                report(m, "Quick actions are performed in the app delegate only; under scenes they arrive in windowScene(_:performActionFor:completionHandler:)")
            }
        }
        // What a cold launch brings, read from the launch options, which scenes leave empty.
        let connects = inScene.filter { $0.kind == .sceneWillConnect }
        for m in inApp where m.kind == .applicationDidFinishLaunching {
            for read in m.launchOptionReads {
                let (instead, handled): (String, Bool)
                switch read.name {
                case ".url", "UIApplicationLaunchOptionsURLKey": (instead, handled) = ("connectionOptions.urlContexts", connects.contains(where: \.readsURLContexts))
                case ".userActivityDictionary", "UIApplicationLaunchOptionsUserActivityDictionaryKey":
                    (instead, handled) = ("connectionOptions.userActivities", connects.contains(where: \.readsUserActivities))
                default: (instead, handled) = ("connectionOptions.shortcutItem", connects.contains(where: \.readsShortcutItem))
                }
                guard !handled else { continue }
                sink.report(description, path: read.site.path, line: read.site.line, column: read.site.column, column16: read.site.column16,
                            offset: read.site.offset, message: "Under scenes the launch options hold no `\(read.name)`: a scene delegate receives it in \(instead)",
                            identity: "\(m.typeName).launchOptions\(read.name)", typeName: m.typeName)
            }
        }
        // A type is its name within the apps that build it: two apps' `SceneDelegate`s (an app's
        // and an untouched template's in an example: TwidereX) are two types.
        let keys = inScene.map { m in m.typeName + "\u{0}" + appsCompiling(m).map(\.name).sorted().joined(separator: ",") }
        var seen: Set<String> = []
        for i in inScene.indices.sorted(by: { (inScene[$0].typeName, inScene[$0].site.path, inScene[$0].site.offset) < (inScene[$1].typeName, inScene[$1].site.path, inScene[$1].site.offset) })
        where seen.insert(keys[i]).inserted {
            let own = inScene.indices.filter { keys[$0] == keys[i] }.map { inScene[$0] }
            // A handler that only logs (or is a stub) handles nothing a cold launch could lose.
            let warmURLs = own.contains { $0.kind == .sceneOpenURL && !$0.isEmpty }
            let warmActivities = own.contains { $0.kind == .sceneContinueActivity && !$0.isEmpty }
            let warmShortcuts = own.contains { $0.kind == .windowScenePerformShortcut && !$0.isEmpty }
            guard warmURLs || warmActivities || warmShortcuts else { continue }
            let connect = own.first { $0.kind == .sceneWillConnect }
            // The app delegate's `configurationForConnecting` is given the same options first.
            let configurations = methods.filter { m in
                m.kind == .configurationForConnecting && context(m) == .appDelegate
                    && (appsCompiling(m).isEmpty || appsCompiling(m).contains { $0.compiles(own[0].site.path) })
            }
            let reads = ([connect].compactMap { $0 } + configurations).contains { $0.readsURLContexts || $0.readsUserActivities || $0.readsShortcutItem }
            guard !reads, let at = connect ?? own.first(where: { $0.kind == .sceneOpenURL || $0.kind == .sceneContinueActivity || $0.kind == .windowScenePerformShortcut })
            else { continue }
            report(at, warmURLs || warmActivities
                   ? "The scene delegate handles links only when running; a cold launch passes them in connectionOptions.urlContexts / userActivities, which are never read"
                   : "The scene delegate performs quick actions only when running; a cold launch passes the item in connectionOptions.shortcutItem, which is never read")
        }
    }
}

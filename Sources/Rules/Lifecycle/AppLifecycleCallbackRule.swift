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
            `UIApplication…Notification`s still are. With several scenes, activation is \
            per window: app-level state belongs in the notifications, window-level state in the scene \
            delegate.
            """,
        sources: [.tn3187, .apple("Managing your app's life cycle", "uikit/managing-your-app-s-life-cycle"), .apple("UISceneDelegate", "uikit/uiscenedelegate")],
        fix: RuleDescription.fixed("Move window-level work to the scene delegate (sceneDidBecomeActive, sceneWillResignActive, sceneDidEnterBackground, sceneWillEnterForeground); observe the UIApplication notifications for app-wide work."),
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
        ],
        nonTriggering: [
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
        if Self.bodyIsEmpty(after: k, in: f) { return }
        sink.report(description, at: k, message: "`\(f.text(k))` is not called under the scene lifecycle; use `\(replacement)` or the notification",
                    onlyIn: [.appDelegate])
    }

    /// Whether the method declared at `k` has a body that is empty (comments are no tokens) or
    /// only calls its super implementation: Xcode's template stubs lose nothing under scenes.
    static func bodyIsEmpty(after k: Int, in f: CodeFile) -> Bool {
        var q = k + 1
        while q < f.tokens.count, q - k < 200 {
            if f.isPunct(q, "{") { break }
            if f.isPunct(q, ";") || f.isPunct(q, "}") { return false }
            if (f.isPunct(q, "(") || f.isPunct(q, "[")), f.pair(q) > q { q = f.pair(q) }
            q += 1
        }
        guard f.isPunct(q, "{"), f.pair(q) > q else { return false }
        let open = q, close = f.pair(q)
        var body = Array((open + 1)..<close)
        if let last = body.last, f.isPunct(last, ";") { body.removeLast() }
        if body.isEmpty { return true }
        // `super.name(args)` / `[super name:args]`, nothing else.
        if f.is(body[0], .super), f.isPunct(body[0] + 1, "."), f.text(body[0] + 2) == f.text(k),
           f.isPunct(body[0] + 3, "("), f.pair(body[0] + 3) == body.last { return true }
        if f.isPunct(body[0], "["), f.pair(body[0]) == body.last, f.is(body[0] + 1, .super), f.text(body[0] + 2) == f.text(k) { return true }
        return false
    }
}

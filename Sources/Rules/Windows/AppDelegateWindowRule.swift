import RuleKit
import SourceLexing

/// Under scenes the app delegate has no window: `UIApplication.shared.delegate.window` is nil
/// (TN3187 "Migrating to the UIKit scene-based life cycle": the delegate's window is no longer set).
struct AppDelegateWindowRule: Rule {
    let description = RuleDescription(
        id: .appDelegateWindow, name: "App delegate's window", severity: .warning, facet: .window,
        summary: "Reaches the window through the application delegate.",
        rationale: """
            Once an app adopts scenes, windows belong to scene delegates and the app delegate's `window` is nil: \
            every path that reaches the UI through `UIApplication.shared.delegate.window` silently stops working, and with \
            several scenes there is no single window to return. Reach the window through the view (`view.window`) or the \
            scene the code serves.
            """,
        sources: [.tn3187, .apple("UIApplicationDelegate.window", "uikit/uiapplicationdelegate/window")],
        fix: GeometryFixes.window,
        triggering: [
            // An app delegate's callback after launch: the window of the scene it concerns (tinode's notification banner).
            Example("final class AppDelegate: UIResponder, UIApplicationDelegate {\n    func userNotificationCenter(_ center: UNUserNotificationCenter, willPresent n: UNNotification) -> Bool {\n        return UIApplication.shared.delegate?.↓window??.rootViewController is ChatController\n    }\n}",
                    suggestion: "This runs after launch"),
            // A view controller relaying another window's answer: its own window would ask itself (PKHUD's relay).
            Example("final class RelayController: UIViewController {\n    override var supportedInterfaceOrientations: UIInterfaceOrientationMask {\n        if let root = UIApplication.shared.delegate?.↓window??.rootViewController { return root.supportedInterfaceOrientations }\n        return .all\n    }\n}",
                    suggestion: "its own window's would be itself"),
            // Through one local in the same function.
            Example("""
                func present(_ vc: UIViewController) {
                    guard let appDelegate = UIApplication.shared.delegate as? AppDelegate else { return }
                    appDelegate.↓window?.rootViewController?.present(vc, animated: true)
                }
                """),
            Example("func f() { let w = UIApplication.shared.delegate?.↓window }"),
            Example("func f() { let w = UIApplication.shared.delegate!.↓window!! }"),
            Example("func f() { let w = (UIApplication.shared.delegate as? AppDelegate)?.↓window }"),
            Example("func f() { let w = (UIApplication.shared.delegate as! AppDelegate).↓window?.rootViewController }"),
            .objc("UIWindow *w = [UIApplication sharedApplication].delegate.↓window;"),
            .objc("UIWindow *w = [[[UIApplication sharedApplication] delegate] ↓window];"),
            .objc("UIWindow *w = ((AppDelegate *)[UIApplication sharedApplication].delegate).↓window;"),
            .objc("UIWindow *w = UIApplication.sharedApplication.delegate.↓window;"),
        ],
        nonTriggering: [
            Example("func f() { let w = tableView.delegate?.window }"),
            Example("func f() { let d = UIApplication.shared.delegate }"),
            .objc("UIWindow *w = self.delegate.window;"),
            .objc("id d = [UIApplication sharedApplication].delegate;"),
        ],
        fixNeedsScenes: true, platforms: .uiKit, readiness: .deviceAssumption)

    var triggers: Set<Word> { [.UIApplication] }
    /// The application is everywhere; its delegate's window is not.
    var literals: Set<Literal> { [.all([.word("UIApplication"), .word("delegate"), .word("window")])] }

    func check(at k: Int, in f: CodeFile, model: RepositoryModel, into sink: inout FindingSink) {
        guard var chain = Expr.applicationChain(at: k, in: f), chain.word(1) == .delegate else { return }
        var window = chain.members.count > 2 && chain.word(2) == .window ? chain.members[2].token : nil
        if window == nil, chain.members.count == 2 {
            // A cast around the delegate: `(… as? AppDelegate)?.window`, `((AppDelegate *)….delegate).window`.
            var end = chain.end
            if f.is(end + 1, .as) {
                var q = end + 2
                while q < f.tokens.count, !f.isPunct(q, ")"), q - end < 8 { q += 1 }
                end = q - 1
            }
            var start = chain.start
            if f.isPunct(start - 1, ")"), f.language == .objectiveC, f.pair(start - 1) >= 0 { start = f.pair(start - 1) }
            if f.isPunct(start - 1, "("), f.pair(start - 1) == end + 1 {
                chain = Chain(start: start - 1, end: end + 1, members: [])
                chain.extend(in: f)
                if chain.word(0) == .window { window = chain.members[0].token }
            }
        }
        // `guard let delegate = UIApplication.shared.delegate as? AppDelegate` … `delegate.window`.
        if window == nil, chain.members.count == 2, let local = LocalFlow.local(initializedBy: chain.start, chain.end, in: f) {
            for use in LocalFlow.uses(of: local.name, after: local.token, in: local.body, of: f) {
                if f.isPunct(use + 1, ".") || f.isPunct(use + 1, "?") {
                    let member = f.isPunct(use + 1, "?") ? use + 3 : use + 2
                    if f.is(member, .window) { window = member; break }
                }
                if f.language == .objectiveC, f.isPunct(use - 1, "["), f.is(use + 1, .window) { window = use + 1; break }
            }
        }
        guard let w = window else { return }
        sink.report(description, at: w, message: "The application delegate's window: nil under scenes, or one scene's window where a scene delegate sets it",
                    shapes: GeometryFixes.relaysAnotherWindow(at: w, in: f) ? .relaysAnotherWindow
                        // An app delegate's callback after launch (tinode's notification banner decision).
                        : WindowInAppDelegateRule.runsAtLaunch(w, in: f) ? [] : .afterLaunch)
    }
}

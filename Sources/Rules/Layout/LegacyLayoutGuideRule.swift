import RuleKit
import SourceLexing

/// `topLayoutGuide` and `bottomLayoutGuide` know only the top and bottom bars; they ignore side
/// insets, which a foldable iPhone and landscape layouts have (WWDC26 "Make your app ready for
/// iPhone Duo": respect safe areas).
struct LegacyLayoutGuideRule: Rule {
    let description = RuleDescription(
        id: .legacyLayoutGuide, name: "Legacy layout guide", severity: .warning, facet: .insets,
        summary: "Uses topLayoutGuide or bottomLayoutGuide (deprecated since iOS 11).",
        rationale: """
            The top and bottom layout guides predate the safe area; they know nothing of side insets, which \
            landscape, Split View and a foldable iPhone's vertically stacked bar buttons all produce. Foreground \
            content belongs inside the safe area, each side on its own.
            """,
        sources: [.iPhoneDuo, .apple("UIViewController.topLayoutGuide", "uikit/uiviewcontroller/toplayoutguide"), .apple("UIView.safeAreaLayoutGuide", "uikit/uiview/safearealayoutguide")],
        fix: { site in
            // Another view controller's guide (`presentingViewController?.bottomLayoutGuide`, PanModal's
            // sample): that controller's view has the safe area meant, not this one's.
            if let owner = site.subject {
                return "Use the safe area of that view controller's view: `\(owner).view.safeAreaLayoutGuide` (or `\(owner).view.safeAreaInsets`)."
            }
            guard let view = site.receiver?.view else {
                return "Use the safe area of the view controller's view: its `safeAreaLayoutGuide` (or `safeAreaInsets`)."
            }
            return "Use `\(view).safeAreaLayoutGuide` (or `\(view).safeAreaInsets`)."
        },
        triggering: [
            Example("class VC: UIViewController { func f() { label.topAnchor.constraint(equalTo: ↓topLayoutGuide.bottomAnchor).isActive = true } }"),
            Example("func f(vc: UIViewController) { let h = vc.↓bottomLayoutGuide.length }", suggestion: "`vc.view.safeAreaLayoutGuide`"),
            // Another view controller's guide: its view's safe area (PanModal's sample).
            Example("final class Groups: UIViewController {\n    override func viewDidLayoutSubviews() {\n        super.viewDidLayoutSubviews()\n        table.contentInset.bottom = presentingViewController?.↓bottomLayoutGuide.length ?? 0\n    }\n}",
                    suggestion: "`presentingViewController?.view.safeAreaInsets`"),
            Example("class VC: UIViewController { func f() -> CGFloat { self.↓topLayoutGuide.length } }", suggestion: "Use `view.safeAreaLayoutGuide`"),
            .objc("CGFloat top = self.↓topLayoutGuide.length;"),
            .objc("id guide = [self ↓bottomLayoutGuide];"),
            // A guard on iOS 13 leaves the fallback running on iOS 11 and 12, which have the safe area.
            Example("func f(vc: UIViewController) -> CGFloat { if #available(iOS 13, *) { return 0 } else { return vc.↓topLayoutGuide.length } }"),
        ],
        nonTriggering: [
            Example("class VC: UIViewController { func f() { label.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor).isActive = true } }"),
            Example("class Model { func f(topLayoutGuide: Int) { print(topLayoutGuide) } }"),
            .objc("@property (nonatomic, strong) id topLayoutGuide;"),
            // The fallback for iOS 10 and earlier, which have no safe area (RULES.md "Pre-scene
            // fallbacks", for the fix's own version: 11).
            Example("func f(vc: UIViewController) -> CGFloat { if #available(iOS 11.0, *) { return vc.view.safeAreaInsets.top } else { return vc.topLayoutGuide.length } }"),
            .objc("- (CGFloat)f { if (@available(iOS 11.0, *)) { return self.view.safeAreaInsets.bottom; } else { return self.bottomLayoutGuide.length; } }"),
        ], fixNeedsIOS: 11)

    /// The view controller whose guide a member read asks for, as written (`presentingViewController?`,
    /// `vc`), nil for `self`'s own.
    static func owner(of k: Int, in f: CodeFile) -> String? {
        guard f.isPunct(k - 1, ".") else { return nil }
        let start = Expr.chainStart(endingAt: k - 2, in: f)
        guard start <= k - 2 else { return nil }
        let text = Expr.snippet(start, k - 2, in: f)
        return text == "self" || text.isEmpty ? nil : text
    }

    var triggers: Set<Word> { [.topLayoutGuide, .bottomLayoutGuide] }

    func check(at k: Int, in f: CodeFile, model: RepositoryModel, into sink: inout FindingSink) {
        let message = "`\(f.text(k))` ignores side insets; use the safe-area layout guide"
        if Reads.isMemberRead(k, in: f) {
            sink.report(description, at: k, message: message, subject: Self.owner(of: k, in: f))
        } else if Reads.isBareRead(k, in: f) {
            sink.report(description, at: k, message: message, onlyIn: [.viewController])
        }
    }
}

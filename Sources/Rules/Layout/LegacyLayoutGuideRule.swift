import RuleKit
import SourceLexing

/// `topLayoutGuide` and `bottomLayoutGuide` know only the top and bottom bars; they ignore side
/// insets, which a foldable iPhone and landscape layouts have (seed 001: respect safe areas).
struct LegacyLayoutGuideRule: Rule {
    let description = RuleDescription(
        id: "legacy-layout-guide", name: "Legacy layout guide", severity: .warning, facet: .insets,
        summary: "Uses topLayoutGuide or bottomLayoutGuide (deprecated since iOS 11).",
        rationale: """
            The top and bottom layout guides predate the safe area; they know nothing of side insets, which \
            landscape, Split View and a foldable iPhone's vertically stacked bar buttons all produce \
            (seed 001: keep foreground content inside the safe area, each side independently).
            """,
        fix: { _, language, _ in
            language == .swift ? "Use `view.safeAreaLayoutGuide` (or `view.safeAreaInsets`)." : "Use `self.view.safeAreaLayoutGuide` (or `self.view.safeAreaInsets`)."
        },
        triggering: [
            Example("class VC: UIViewController { func f() { label.topAnchor.constraint(equalTo: ↓topLayoutGuide.bottomAnchor).isActive = true } }"),
            Example("func f(vc: UIViewController) { let h = vc.↓bottomLayoutGuide.length }"),
            .objc("CGFloat top = self.↓topLayoutGuide.length;"),
            .objc("id guide = [self ↓bottomLayoutGuide];"),
        ],
        nonTriggering: [
            Example("class VC: UIViewController { func f() { label.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor).isActive = true } }"),
            Example("class Model { func f(topLayoutGuide: Int) { print(topLayoutGuide) } }"),
            .objc("@property (nonatomic, strong) id topLayoutGuide;"),
        ])

    var triggers: Set<Word> { [.topLayoutGuide, .bottomLayoutGuide] }

    func check(at k: Int, in f: CodeFile, model: RepositoryModel, into sink: inout FindingSink) {
        let message = "`\(f.text(k))` ignores side insets; use the safe-area layout guide"
        if Reads.isMemberRead(k, in: f) {
            sink.report(description, at: k, message: message)
        } else if Reads.isBareRead(k, in: f) {
            sink.report(description, at: k, message: message, onlyIn: [.viewController])
        }
    }
}

import RuleKit
import SourceLexing

/// Size transitions can arrive twice in quick succession while a window is resized; frames set
/// in the transition callback fight the final layout. A real app's adaptation moved the real
/// layout work into `layoutSubviews` and, on any size change, only marked layout as needed.
struct LayoutInWillTransitionRule: Rule {
    let description = RuleDescription(
        id: .layoutInWillTransition, name: "Layout in a transition callback", severity: .note, facet: .size,
        summary: "Assigns frames or constraint constants in viewWillTransition(to:with:) or willTransition(to:with:).",
        rationale: """
            While a window is dragged, size changes arrive in bursts and transition callbacks can fire twice \
            within moments; layout done there uses stale constraints and ends up wrong. Mark layout \
            as needed and lay out in viewDidLayoutSubviews / layoutSubviews, which always see the final size.
            """,
        sources: [.modernizeUIKit, .apple("viewWillTransition(to:with:)", "uikit/uicontentcontainer/viewwilltransition(to:with:)")],
        fix: RuleDescription.fixed("Call setNeedsLayout (or update state) in the transition callback and assign frames and constants in viewDidLayoutSubviews / layoutSubviews."),
        triggering: [
            Example("""
                class VC: UIViewController {
                    override func viewWillTransition(to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator) {
                        super.viewWillTransition(to: size, with: coordinator)
                        sidebar.↓frame = CGRect(x: 0, y: 0, width: size.width / 3, height: size.height)
                        coordinator.animate(alongsideTransition: { _ in self.widthConstraint.↓constant = size.width })
                    }
                }
                """),
            Example("""
                class VC: UIViewController {
                    override func willTransition(to newCollection: UITraitCollection, with coordinator: UIViewControllerTransitionCoordinator) {
                        header.↓frame.size.height += 10
                    }
                }
                """),
            .objc("""
                @implementation VC
                - (void)viewWillTransitionToSize:(CGSize)size withTransitionCoordinator:(id)coordinator {
                    self.sidebar.↓frame = CGRectMake(0, 0, size.width / 3, size.height);
                    [self.widthConstraint ↓setConstant:size.width];
                }
                @end
                """),
        ],
        nonTriggering: [
            Example("""
                class VC: UIViewController {
                    override func viewWillTransition(to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator) {
                        view.setNeedsLayout()
                        let old = sidebar.frame
                    }
                    override func viewDidLayoutSubviews() { sidebar.frame = view.bounds }
                }
                """),
            Example("class VC: UIViewController { func transition(to size: CGSize) { sidebar.frame = .zero } }"),
            .objc("@implementation VC\n- (void)viewDidLayoutSubviews { self.sidebar.frame = self.view.bounds; }\n@end"),
        ])

    var triggers: Set<Word> { [.frame, .constant, .setFrame, .setConstant] }
    /// `frame` is everywhere; the transition callbacks are not.
    var literals: Set<Literal> {
        [.word("viewWillTransition"), .word("willTransition"), .word("viewWillTransitionToSize"), .word("willTransitionToTraitCollection")]
    }

    func check(at k: Int, in f: CodeFile, model: RepositoryModel, into sink: inout FindingSink) {
        guard let (function, _) = f.enclosingFunction(of: k), isTransitionCallback(function, f.language) else { return }
        let tok = f[k]
        if tok.is(.setFrame) || tok.is(.setConstant) {
            guard f.language == .objectiveC, f.isPunct(k + 1, ":"), !f.isPunct(k - 1, "[") else { return }
        } else {
            guard f.isPunct(k - 1, ".") else { return }
            var e = k
            while f.isPunct(e + 1, "."), f[e + 2].kind == .identifier { e += 2 }
            guard f[e + 1].isAssignment else { return }
        }
        sink.report(description, at: k, message: "Layout assigned in `\(function.name)`; the size may change again before layout")
    }

    func isTransitionCallback(_ s: Scope, _ language: Language) -> Bool {
        if language == .swift {
            return (s.name == "viewWillTransition" || s.name == "willTransition") && s.labels == ["to", "with"]
        }
        return s.name == "viewWillTransitionToSize:withTransitionCoordinator:" || s.name == "willTransitionToTraitCollection:withTransitionCoordinator:"
    }
}

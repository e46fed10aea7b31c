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
        fix: { site in
            if site.shapes.contains(.ownRootView) {
                return "A view controller's own view is sized by its container — the window for a root view controller, the parent for a child — so a frame assigned here fights it: leave it to the container (an autoresizing mask or constraints where the view is added), and lay out its subviews in viewDidLayoutSubviews."
            }
            if site.shapes.contains(.presentationController) {
                return "A presentation controller lays out in containerViewWillLayoutSubviews / containerViewDidLayoutSubviews (and frameOfPresentedViewInContainerView), which see the final size: assign frames there, and only update state in the transition callback."
            }
            return "Call setNeedsLayout (or update state) in the transition callback and assign frames and constants in viewDidLayoutSubviews / layoutSubviews."
        },
        triggering: [
            // The view controller's own view: its container sizes it (FloatingPanel's hosted panel).
            Example("""
                class Panel: UIViewController {
                    override func viewWillTransition(to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator) {
                        super.viewWillTransition(to: size, with: coordinator)
                        if view.translatesAutoresizingMaskIntoConstraints { view.↓frame.size = size }
                    }
                }
                """, suggestion: "A view controller's own view is sized by its container"),
            Example("""
                final class PausePresentation: UIPresentationController {
                    override func viewWillTransition(to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator) {
                        super.viewWillTransition(to: size, with: coordinator)
                        contentView.↓frame = containerView!.bounds
                    }
                }
                """, suggestion: "A presentation controller lays out in containerViewWillLayoutSubviews"),
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
                    [coordinator animateAlongsideTransition:^(id ctx) { self.outline.↓frame = self.view.bounds; } completion:nil];
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
            // The completion runs after the transition, at the final size.
            Example("""
                class VC: UIViewController {
                    override func viewWillTransition(to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator) {
                        coordinator.animate(alongsideTransition: nil, completion: { _ in self.sidebar.frame = self.view.bounds })
                        coordinator.animate(alongsideTransition: { _ in self.fade() }) { _ in self.sidebar.frame = self.view.bounds }
                    }
                }
                """),
            .objc("""
                @implementation VC
                - (void)viewWillTransitionToSize:(CGSize)size withTransitionCoordinator:(id)coordinator {
                    [coordinator animateAlongsideTransition:^(id ctx) { [self fade]; } completion:^(id ctx) {
                        self.outline.frame = [self frameFor:self.view];
                    }];
                }
                @end
                """),
            .objc("@implementation VC\n- (void)viewDidLayoutSubviews { self.sidebar.frame = self.view.bounds; }\n@end"),
        ])

    var triggers: Set<Word> { [.frame, .constant, .setFrame, .setConstant] }
    /// `frame` is everywhere; the transition callbacks are not.
    var literals: Set<Literal> {
        [.word("viewWillTransition"), .word("willTransition"), .word("viewWillTransitionToSize"), .word("willTransitionToTraitCollection")]
    }

    func check(at k: Int, in f: CodeFile, model: RepositoryModel, into sink: inout FindingSink) {
        guard let (function, _) = f.enclosingFunction(of: k), isTransitionCallback(function, f.language) else { return }
        // The coordinator's completion runs once the transition is over, at the final size.
        if f.scopes(around: k).contains(where: { $0.open > function.open && Self.isCompletion(open: $0.open, in: f) }) { return }
        let tok = f[k]
        if tok.is(.setFrame) || tok.is(.setConstant) {
            guard f.language == .objectiveC, f.isPunct(k + 1, ":"), !f.isPunct(k - 1, "[") else { return }
        } else {
            guard f.isPunct(k - 1, ".") else { return }
            var e = k
            while f.isPunct(e + 1, "."), f[e + 2].kind == .identifier { e += 2 }
            guard f[e + 1].isAssignment else { return }
        }
        sink.report(description, at: k, message: "Layout assigned in `\(function.name)`; the size may change again before layout",
                    shapes: Self.isOwnRootView(k, in: f) ? .ownRootView
                        : f.enclosingType(of: k)?.inherits.contains("UIPresentationController") == true ? .presentationController : [])
    }

    /// Whether the frame set at `k` is the view controller's own view's: `view.frame`,
    /// `self.view.frame.size`, `[self.view setFrame:…]`.
    static func isOwnRootView(_ k: Int, in f: CodeFile) -> Bool {
        let view = f.isPunct(k - 1, ".") ? k - 2 : k - 1
        guard f.text(view) == "view", f.tokens[k].is(.frame) || f.tokens[k].is(.setFrame) || f.text(k) == "bounds" else { return false }
        return !f.isPunct(view - 1, ".") || (f.is(view - 2, .self) && !f.isPunct(view - 3, "."))
    }

    /// Whether the closure or block opened at `open` is a completion: `completion: { _ in … }`,
    /// the trailing closure of `animate(alongsideTransition: {…})`, `completion:^(id ctx) { … }`.
    static func isCompletion(open: Int, in f: CodeFile) -> Bool {
        guard f.isPunct(open, "{") else { return false }
        var q = open - 1
        if f.language == .objectiveC {
            if f.isPunct(q, ")"), f.pair(q) >= 0, f.pair(q) < q { q = f.pair(q) - 1 }
            guard f.isPunct(q, "^") else { return false }
            q -= 1
        } else if f.isPunct(q, ")"), f.pair(q) >= 0, f.pair(q) < q, f.text(f.pair(q) - 1) == "animate" {
            // A trailing closure after `animate(alongsideTransition: …)` is the completion.
            return !(f.pair(q)..<q).contains { f.text($0) == "completion" && f.isPunct($0 + 1, ":") }
        }
        return f.isPunct(q, ":") && f.text(q - 1) == "completion"
    }

    func isTransitionCallback(_ s: Scope, _ language: Language) -> Bool {
        if language == .swift {
            return (s.name == "viewWillTransition" || s.name == "willTransition") && s.labels == ["to", "with"]
        }
        return s.name == "viewWillTransitionToSize:withTransitionCoordinator:" || s.name == "willTransitionToTraitCollection:withTransitionCoordinator:"
    }
}

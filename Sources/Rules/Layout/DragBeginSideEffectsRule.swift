import RuleKit
import SourceLexing

/// In iOS 27 Siri can start drag sessions to load content, without any gesture. WWDC26 session 278
/// "Modernize your UIKit app": a drag session is not necessarily started by a user's gesture, so
/// `sessionWillBegin` should not present modal screens or play animations meant only for the drag
/// gesture.
struct DragBeginSideEffectsRule: Rule {
    let description = RuleDescription(
        id: .dragBeginSideEffects, name: "Side effects when a drag begins", severity: .note, facet: .lifecycle,
        summary: "Presents or animates in dragInteraction(_:sessionWillBegin:).",
        rationale: """
            Siri can load resources through an app's drag handlers, so a drag session may begin without a \
            finger on the screen. Presenting a modal or playing a gesture animation in \
            `sessionWillBegin` then happens at random; UI that should follow the user's drag belongs in \
            `sessionDidMove`.
            """,
        sources: [.modernizeUIKit, .apple("UIDragInteractionDelegate", "uikit/uidraginteractiondelegate")],
        fix: RuleDescription.fixed("Move presentation and drag-gesture animations to dragInteraction(_:sessionDidMove:) (or later)."),
        triggering: [
            Example("""
                class C: UIDragInteractionDelegate {
                    func dragInteraction(_ interaction: UIDragInteraction, sessionWillBegin session: UIDragSession) {
                        ↓present(alert, animated: true)
                        UIView.↓animate(withDuration: 0.2) { self.cell.alpha = 0.5 }
                    }
                }
                """),
            .objc("""
                @implementation C
                - (void)dragInteraction:(UIDragInteraction *)interaction sessionWillBegin:(id<UIDragSession>)session {
                    [self ↓presentViewController:alert animated:YES completion:nil];
                    [UIView ↓animateWithDuration:0.2 animations:^{ self.cell.alpha = 0.5; }];
                }
                @end
                """),
        ],
        nonTriggering: [
            Example("""
                class C: UIDragInteractionDelegate {
                    func dragInteraction(_ interaction: UIDragInteraction, sessionDidMove session: UIDragSession) {
                        present(alert, animated: true)
                    }
                    func f() { UIView.animate(withDuration: 0.2) {} }
                }
                """),
            .objc("- (void)dragInteraction:(UIDragInteraction *)i sessionDidMove:(id)s { [self presentViewController:a animated:YES completion:nil]; }"),
        ])

    var triggers: Set<Word> { [.present, .presentViewController, .animate, .animateWithDuration] }
    /// Presenting and animating are everywhere; the drag callback is not.
    var literals: Set<Literal> { [.word("sessionWillBegin")] }

    func check(at k: Int, in f: CodeFile, model: RepositoryModel, into sink: inout FindingSink) {
        guard let (function, _) = f.enclosingFunction(of: k) else { return }
        let isWillBegin = f.language == .swift
            ? function.name == "dragInteraction" && function.labels.count == 2 && function.labels[1] == "sessionWillBegin"
            : function.name == "dragInteraction:sessionWillBegin:"
        guard isWillBegin else { return }
        switch f[k].word {
        case .present:
            guard f.isPunct(k + 1, "("), !f.is(k - 1, .func) else { return }
        case .presentViewController:
            guard f.isPunct(k + 1, ":") else { return }
        case .animate:
            guard f.isPunct(k + 1, "("), f.isPunct(k - 1, "."), f.is(k - 2, .UIView) else { return }
        default:
            guard f.isPunct(k + 1, ":"), f.is(k - 1, .UIView) else { return }
        }
        sink.report(description, at: k, message: "`\(f.text(k))` when a drag session begins; Siri can begin drags without a gesture")
    }
}

import RuleKit
import SourceLexing

/// The keyboard's frame arrives in screen coordinates; with several windows and screens it is
/// in another coordinate space than the view. Seed 004: a keyboard notification observed by
/// two scenes "拿到了另一个坐标系里的frame直接把约束撑爆了" — fixed with `convert(_:from:)`.
struct KeyboardFrameUnconvertedRule: Rule {
    let description = RuleDescription(
        id: "keyboard-frame-unconverted", name: "Unconverted keyboard frame", severity: .note, facet: .insets,
        summary: "Reads the keyboard's end frame in a body that never converts it into a view's coordinates.",
        rationale: """
            `keyboardFrameEndUserInfoKey` is in the screen's coordinate space. In a resized window, on another \
            screen or with two scenes listening, the raw frame is offset from the view's own space; seed 004 \
            traced text fields pushed off screen to exactly this, fixed by converting the frame with \
            `convert(_:from:)` against the text field's window.
            """,
        fix: { _, language, _ in
            language == .swift ? "Convert it first: `let frame = view.convert(keyboardFrame, from: view.window?.screen.coordinateSpace)` (or `from: nil`)."
                : "Convert it first: `CGRect frame = [self.view convertRect:keyboardFrame fromView:nil];`."
        },
        triggering: [
            Example("""
                @objc func keyboardWillShow(_ n: Notification) {
                    let frame = n.userInfo?[UIResponder.↓keyboardFrameEndUserInfoKey] as? CGRect ?? .zero
                    bottom.constant = frame.height
                }
                """),
            .objc("""
                @implementation FormViewController
                - (void)keyboardWillShow:(NSNotification *)n {
                    CGRect r = [n.userInfo[↓UIKeyboardFrameEndUserInfoKey] CGRectValue];
                    CGRect b = [n.userInfo[↓UIKeyboardFrameBeginUserInfoKey] CGRectValue];
                    self.bottom.constant = r.size.height;
                }
                @end
                """),
            Example("""
                func observe() {
                    NotificationCenter.default.addObserver(forName: UIResponder.keyboardWillShowNotification, object: nil, queue: .main) { n in
                        let f = n.userInfo?[UIResponder.↓keyboardFrameEndUserInfoKey] as? CGRect
                        self.adjust(f)
                    }
                    let converted = view.convert(CGRect.zero, from: nil)
                }
                """),
        ],
        nonTriggering: [
            Example("""
                @objc func keyboardWillShow(_ n: Notification) {
                    guard let end = n.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? CGRect else { return }
                    let local = view.convert(end, from: view.window)
                }
                """),
            .objc("""
                @implementation FormViewController
                - (void)keyboardWillShow:(NSNotification *)n {
                    CGRect r = [n.userInfo[UIKeyboardFrameEndUserInfoKey] CGRectValue];
                    r = [self.view convertRect:r fromView:nil];
                }
                @end
                """),
            Example("let key = UIResponder.keyboardFrameBeginUserInfoKey"),
        ])

    /// The end frame and the begin frame: both are in the screen's coordinate space.
    var triggers: Set<Word> { [.keyboardFrameEndUserInfoKey, .UIKeyboardFrameEndUserInfoKey, .keyboardFrameBeginUserInfoKey, .UIKeyboardFrameBeginUserInfoKey] }

    func check(at k: Int, in f: CodeFile, model: RepositoryModel, into sink: inout FindingSink) {
        guard let body = f.innermostBody(of: k) else { return }
        var q = body.open + 1
        while q < body.close {
            let t = f[q]
            if t.is(.convert), f.isPunct(q + 1, UInt8(ascii: "(")) { return }
            if t.is(.convertRect), f.isPunct(q + 1, UInt8(ascii: ":")) { return }
            q += 1
        }
        sink.report(description, at: k, message: "The keyboard frame is in screen coordinates and is never converted into the view's")
    }
}

import RuleKit
import SourceLexing

/// The keyboard's frame arrives in screen coordinates; with several windows and screens it is
/// in another coordinate space than the view. A real app's adaptation found a keyboard notification
/// observed by two scenes, the second of which got a frame in another coordinate space that broke
/// the constraints — fixed with `convert(_:from:)`.
struct KeyboardFrameUnconvertedRule: Rule {
    let description = RuleDescription(
        id: .keyboardFrameUnconverted, name: "Unconverted keyboard frame", severity: .note, facet: .insets,
        summary: "Reads the keyboard's end frame in a body that never converts it into a view's coordinates.",
        rationale: """
            `keyboardFrameEndUserInfoKey` is in the screen's coordinate space. In a resized window, on another \
            screen or with two scenes listening, the raw frame is offset from the view's own space — text fields pushed \
            off screen are the usual symptom — so convert the frame with `convert(_:from:)` against the text field's \
            window, or use the keyboard layout guide.
            """,
        sources: [.apple("UIResponder.keyboardFrameEndUserInfoKey", "uikit/uiresponder/keyboardframeenduserinfokey"), .apple("UIKeyboardLayoutGuide", "uikit/uikeyboardlayoutguide")],
        fix: { site in
            // The frame is in the screen's coordinates; `from: nil` would be the window's, which a
            // resized window does not share.
            guard let r = site.receiver else {
                return "Convert it in the view that lays out from its window's screen's `coordinateSpace` (`\(site.language == .swift ? "convert(_:from:)" : "convertRect:fromCoordinateSpace:")`). " + site.parameter("that view")
            }
            let view = r.view == "self" ? "" : r.view + "."
            return site.language == .swift
                ? "Convert it from the screen's coordinate space first: `if let screen = \(r.window)?.screen { let frame = \(view)convert(keyboardFrame, from: screen.coordinateSpace) }`."
                : "Convert it from the screen's coordinate space first: `CGRect frame = [\(r.view) convertRect:keyboardFrame fromCoordinateSpace:\(r.window).screen.coordinateSpace];`."
        },
        triggering: [
            // One statement, no result: nothing is handed back.
            Example("func f(_ n: Notification) { bottom.constant = (n.userInfo?[UIResponder.↓keyboardFrameEndUserInfoKey] as? CGRect)?.height ?? 0 }"),
            Example("""
                @objc func keyboardWillShow(_ n: Notification) {
                    let frame = n.userInfo?[UIResponder.↓keyboardFrameEndUserInfoKey] as? CGRect ?? .zero
                    bottom.constant = frame.height
                }
                """),
            // The conversion named is the one that compiles where the code is.
            Example("""
                final class FormViewController: UIViewController {
                    @objc func keyboardWillShow(_ n: Notification) {
                        let frame = n.userInfo?[UIResponder.↓keyboardFrameEndUserInfoKey] as? CGRect ?? .zero
                        bottom.constant = frame.height
                    }
                }
                """, suggestion: "`if let screen = view.window?.screen { let frame = view.convert(keyboardFrame, from: screen.coordinateSpace) }`"),
            Example("""
                final class FormView: UIView {
                    @objc func keyboardWillShow(_ n: Notification) {
                        let frame = n.userInfo?[UIResponder.↓keyboardFrameEndUserInfoKey] as? CGRect ?? .zero
                        bottom.constant = frame.height
                    }
                }
                """, suggestion: "`if let screen = window?.screen { let frame = convert(keyboardFrame, from: screen.coordinateSpace) }`"),
            .objc("""
                @interface FormViewController : UIViewController
                @end
                @implementation FormViewController
                - (void)keyboardWillShow:(NSNotification *)n {
                    CGRect r = [n.userInfo[↓UIKeyboardFrameEndUserInfoKey] CGRectValue];
                    CGRect b = [n.userInfo[UIKeyboardFrameBeginUserInfoKey] CGRectValue];
                    self.bottom.constant = r.size.height;
                }
                @end
                """, suggestion: "`CGRect frame = [self.view convertRect:keyboardFrame fromCoordinateSpace:self.view.window.screen.coordinateSpace];`"),
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
            // The begin frame tells an appearance from a move (SlackTextViewController).
            Example("func f(_ n: Notification) { let begin = n.userInfo?[UIResponder.keyboardFrameBeginUserInfoKey] as? CGRect; moved = begin != nil }"),
            .objc("- (void)f:(NSNotification *)n { CGRect b = [n.userInfo[UIKeyboardFrameBeginUserInfoKey] CGRectValue]; self.moved = !CGRectIsNull(b); }"),
            // A test building the notification UIKit would post writes the key, reads nothing.
            Example("""
                func testKeyboard() {
                    let info: [AnyHashable: Any] = [UIResponder.keyboardFrameEndUserInfoKey: NSValue(cgRect: CGRect(x: 0, y: 500, width: 320, height: 216))]
                    NotificationCenter.default.post(name: UIResponder.keyboardWillShowNotification, object: nil, userInfo: info)
                }
                """),
            .objc("""
                - (void)postFake {
                    NSMutableDictionary *info = [NSMutableDictionary dictionary];
                    [info setObject:[NSValue valueWithCGRect:CGRectZero] forKey:UIKeyboardFrameEndUserInfoKey];
                    NSDictionary *other = @{UIKeyboardFrameEndUserInfoKey: [NSValue valueWithCGRect:CGRectZero]};
                    [[NSNotificationCenter defaultCenter] postNotificationName:UIKeyboardWillShowNotification object:nil userInfo:other];
                }
                """),
            // A helper that hands the frame back leaves converting it to its caller (GoMap's
            // `keyboardFrame(from:)`, whose caller converts).
            Example("""
                func keyboardFrame(from notification: Notification) -> CGRect {
                    let rect = (notification.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as! NSValue).cgRectValue
                    return rect
                }
                """),
            Example("func endFrame(_ n: Notification) -> CGRect? { n.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? CGRect }"),
            .objc("""
                @implementation Keyboard
                + (CGRect)endFrameOf:(NSNotification *)n {
                    return [n.userInfo[UIKeyboardFrameEndUserInfoKey] CGRectValue];
                }
                @end
                """),
        ])

    /// The end frame, where the keyboard will be (RULES.md): the begin frame is where it was,
    /// which code reads to tell an appearance from a move, not to lay out.
    var triggers: Set<Word> { [.keyboardFrameEndUserInfoKey, .UIKeyboardFrameEndUserInfoKey] }

    func check(at k: Int, in f: CodeFile, model: RepositoryModel, into sink: inout FindingSink) {
        guard let body = f.innermostBody(of: k), !Self.isWritten(k, in: f) else { return }
        var q = body.open + 1
        while q < body.close {
            let t = f[q]
            if t.is(.convert), f.isPunct(q + 1, "(") { return }
            if t.is(.convertRect), f.isPunct(q + 1, ":") { return }
            q += 1
        }
        if Self.isReturned(k, in: body, of: f) { return }
        sink.report(description, at: k, message: "The keyboard frame is in screen coordinates and is never converted into the view's")
    }

    /// Whether the key at `k` is written, not read: a dictionary literal's key
    /// (`[UIResponder.keyboardFrameEndUserInfoKey: NSValue(cgRect: r)]`, `@{UIKeyboardFrameEndUserInfoKey: v}`),
    /// a subscript assigned to (`info[key] = v`), or `setObject:forKey:` / `setValue:forKey:` —
    /// a test building the notification UIKit would post.
    static func isWritten(_ k: Int, in f: CodeFile) -> Bool {
        if f.isPunct(k + 1, ":") { return true }
        if f.isPunct(k + 1, "]"), f.isPunct(k + 2, "="), !f.isPunct(k + 3, "=") { return true }
        return f.language != .swift && f.isPunct(k - 1, ":") && f.text(k - 2) == "forKey"
    }

    /// Whether the body hands the frame read at `k` back to its caller: a `return` (or a
    /// single-expression body) with the read in it, or with the local the read initializes.
    static func isReturned(_ k: Int, in body: Scope, of f: CodeFile) -> Bool {
        if body.kind == .function, f.language == .swift,
           (body.declarationStart..<body.open).contains(where: { f[$0].kind == .punct && f.text($0) == "->" }),
           FactExtractor.singleExpression(body, in: f).map({ $0.0 <= k && k <= $0.1 }) == true { return true }
        // The local the read is bound to: `let rect = …read…`, `guard let end = …read… as? CGRect`.
        var name: String? = nil
        var q = k - 1
        var depth = 0
        while q > body.open, k - q < 48 {
            if f.isPunct(q, ")") || f.isPunct(q, "]") { depth += 1 }
            if f.isPunct(q, "(") || f.isPunct(q, "[") { depth -= 1 }
            if depth < 0 && f.language == .swift { depth = 0 }
            if f.isPunct(q, ";") || f.isPunct(q, "{") || f.isPunct(q, "}") { break }
            if depth <= 0, f.isPunct(q, "="), f[q - 1].kind == .identifier {
                name = f.text(q - 1)
                break
            }
            q -= 1
        }
        var r = body.open + 1
        while r < body.close {
            if f.is(r, .return) {
                var e = r + 1
                while e < body.close, !f.isPunct(e, ";"), !f.isPunct(e, "}"), !(e > r + 1 && f[e].isLineStart) {
                    if e == k || (name != nil && f[e].kind == .identifier && !f.isPunct(e - 1, ".") && f.text(e) == name) { return true }
                    e += 1
                }
            }
            r += 1
        }
        return false
    }
}

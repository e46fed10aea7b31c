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
            // SwiftUI has no view to convert into: it keeps content out of the keyboard by itself
            // (mlem's and Trio's keyboard-padding modifiers).
            if site.feedsSwiftUI, !site.isSwiftUIView, site.receiver == nil {
                return "This object hands the keyboard's frame to SwiftUI views, which SwiftUI already keeps out of the keyboard's way from iOS 14 (the keyboard safe area): let them rely on that and drop the padding made from this value (from iOS 14 on, where the code deploys lower); where a view needs the overlap itself, have it compare the frame with its own frame in global coordinates (from a `GeometryReader`), not with the screen's height."
            }
            if site.isSwiftUIView || site.inViewModifier {
                return "SwiftUI keeps views out of the keyboard's way by itself from iOS 14 (the keyboard safe area): drop the padding made from the keyboard's frame (from iOS 14 on, where the code deploys lower), and where the overlap itself is needed, compare that frame with the view's own frame in global coordinates (from a `GeometryReader`), not with the screen's height."
            }
            guard let r = site.receiver else {
                // A view at hand: a presentation controller's container (MZFormSheetPresentationController's keyboard handler).
                if let view = site.givenView, site.givenIsContainer {
                    let read = site.subject ?? "keyboardFrame"
                    return site.language == .swift
                        ? "Convert it into \(site.givenNoun) from the screen's coordinate space first: `if let container = \(view.hasSuffix("?") ? String(view.dropLast()) : view), let screen = container.window?.screen { let converted = container.convert(\(read), from: screen.coordinateSpace) }`."
                        : "Convert it into \(site.givenNoun) from the screen's coordinate space first: `CGRect converted = [\(view) convertRect:\(read) fromCoordinateSpace:\(view).window.screen.coordinateSpace];`."
                }
                let convert = "Convert it in the view that lays out from its window's screen's `coordinateSpace` (`\(site.language == .swift ? "convert(_:from:)" : "convertRect:fromCoordinateSpace:")`)."
                // A handler or accessor has no parameter to add: its object holds the view.
                if site.context == .other, site.inAction || site.inAccessor {
                    return convert + " UIKit calls this with its own arguments: give its object the view it works for (a weak reference), and convert into that view."
                }
                return convert + " " + site.parameter("that view")
            }
            let view = r.view == "self" ? "" : r.view + "."
            // The local the code reads the frame into (ZFPlayer's `CGRect frame = …`), so the snippet
            // neither names a variable that is not there nor declares one twice.
            let read = site.subject ?? "keyboardFrame"
            let converted = read == "converted" ? "convertedFrame" : "converted"
            // `let rect = …[key] as? CGRect` is optional: unwrapped in the same `if`.
            let unwrap = site.shapes.contains(.optionalSubject) ? "let \(read), " : ""
            return site.language == .swift
                ? "Convert it from the screen's coordinate space first: `if \(unwrap)let screen = \(r.window)?.screen { let \(converted) = \(view)convert(\(read), from: screen.coordinateSpace) }`."
                : "Convert it from the screen's coordinate space first: `CGRect \(converted) = [\(r.view) convertRect:\(read) fromCoordinateSpace:\(r.window).screen.coordinateSpace];`."
        },
        triggering: [
            // State SwiftUI views read (ExyteChat's keyboard state): SwiftUI's keyboard safe area.
            Example("import SwiftUI\nfinal class KeyboardState: ObservableObject {\n    @Published var height: CGFloat = 0\n    func changed(_ n: Notification) {\n        let frame = n.userInfo?[UIResponder.↓keyboardFrameEndUserInfoKey] as? CGRect ?? .zero\n        height = frame.height\n    }\n}",
                    suggestion: "This object hands the keyboard's frame to SwiftUI views"),
            // A SwiftUI modifier padding by the keyboard's height (mlem's `KeyboardAwareModifier`).
            Example("import SwiftUI\nstruct KeyboardAware: ViewModifier {\n    @State private var padding: CGFloat = 0\n    func body(content: Content) -> some View {\n        content.padding(.bottom, padding)\n            .onReceive(NotificationCenter.default.publisher(for: UIResponder.keyboardWillShowNotification)) { note in\n                padding = (note.userInfo?[UIResponder.↓keyboardFrameEndUserInfoKey] as? CGRect)?.height ?? 0\n            }\n    }\n}",
                    suggestion: "SwiftUI keeps views out of the keyboard's way by itself"),
            // A value's initializer given a notification is the project's to call, not UIKit's (tinode's `KeyboardInfo`).
            Example("struct KeyboardInfo {\n    let height: CGFloat\n    init(_ n: Notification) {\n        let frame = (n.userInfo?[UIResponder.↓keyboardFrameEndUserInfoKey] as? NSValue)?.cgRectValue ?? .zero\n        height = frame.height\n    }\n}",
                    suggestion: "as a parameter from the view or view controller that lays out"),
            // A presentation controller converts into its container (MZFormSheetPresentationController's keyboard handler).
            .objc("@implementation SheetPresentation\n- (void)willShowKeyboard:(NSNotification *)n {\n    CGRect end = [n.userInfo[↓UIKeyboardFrameEndUserInfoKey] CGRectValue];\n    self.keyboardHeight = end.size.height;\n}\n@end",
                  files: ["SheetPresentation.h": "@interface SheetPresentation : UIPresentationController\n@end"],
                  suggestion: "`CGRect converted = [self.containerView convertRect:end fromCoordinateSpace:self.containerView.window.screen.coordinateSpace];`"),
            // A member read bound to a name is no frame to convert (SCLAlertView's `….cgRectValue.minY`).
            Example("final class Alert: UIView {\n    @objc func keyboardWillShow(_ n: Notification) {\n        guard let top = (n.userInfo?[UIResponder.↓keyboardFrameEndUserInfoKey] as? NSValue)?.cgRectValue.minY else { return }\n        offset = top\n    }\n}",
                    suggestion: "convert(keyboardFrame, from: screen.coordinateSpace)"),
            // The name holds the boxed frame: the snippet converts its rect (PinLayout's form).
            Example("final class Form: UIView {\n    @objc func keyboardWillShow(_ n: Notification) {\n        guard let value = n.userInfo?[UIResponder.↓keyboardFrameEndUserInfoKey] as? NSValue else { return }\n        inset = value.cgRectValue.height\n    }\n}",
                    suggestion: "convert(value.cgRectValue, from: screen.coordinateSpace)"),
            .objc("@implementation Form\n- (void)keyboardWillShow:(NSNotification *)n {\n    NSValue *value = n.userInfo[↓UIKeyboardFrameEndUserInfoKey];\n    self.inset = value.CGRectValue.size.height;\n}\n@end",
                  files: ["Form.h": "@interface Form : UIView\n@end"], suggestion: "convertRect:value.CGRectValue fromCoordinateSpace:"),
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
                """, suggestion: "`if let screen = view.window?.screen { let converted = view.convert(frame, from: screen.coordinateSpace) }`"),
            // An optional local is unwrapped in the snippet (ZLPhotoBrowser's text input).
            Example("""
                final class InputViewController: UIViewController {
                    @objc func keyboardWillShow(_ n: Notification) {
                        let rect = n.userInfo?[UIApplication.↓keyboardFrameEndUserInfoKey] as? CGRect
                        bottom.constant = rect?.height ?? 366
                    }
                }
                """, suggestion: "`if let rect, let screen = view.window?.screen { let converted = view.convert(rect, from: screen.coordinateSpace) }`"),
            Example("""
                final class FormView: UIView {
                    @objc func keyboardWillShow(_ n: Notification) {
                        let frame = n.userInfo?[UIResponder.↓keyboardFrameEndUserInfoKey] as? CGRect ?? .zero
                        bottom.constant = frame.height
                    }
                }
                """, suggestion: "`if let screen = window?.screen { let converted = convert(frame, from: screen.coordinateSpace) }`"),
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
                """, suggestion: "`CGRect converted = [self.view convertRect:r fromCoordinateSpace:self.view.window.screen.coordinateSpace];`"),
            // A member bound and laid out with is the frame laid out with.
            Example("""
                @objc func keyboardWillShow(_ n: Notification) {
                    let height = (n.userInfo?[UIResponder.↓keyboardFrameEndUserInfoKey] as? CGRect)?.height ?? 0
                    bottom.constant = height
                }
                """),
            // Stored, and what reads it lays out with it raw.
            Example("""
                final class KeyboardObserver {
                    var screenFrame: CGRect = .zero
                    @objc func keyboardWillShow(_ n: Notification) {
                        let end = n.userInfo?[UIResponder.↓keyboardFrameEndUserInfoKey] as? CGRect ?? .zero
                        self.screenFrame = end
                    }
                    func layout() { bottom.constant = screenFrame.height }
                }
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
            // Only handed on to a delegate, which lays out with it (Material's text view): converting here would change its API.
            Example("final class TextView: UITextView {\n    weak var textViewDelegate: TextViewDelegate?\n    @objc func keyboardDidHide(notification: Notification) {\n        guard let v = notification.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? NSValue else { return }\n        (textViewDelegate as? TextViewDelegate)?.textView?(textView: self, didHideKeyboard: v)\n    }\n}", wraps: false),
            // Handed to a method that converts what it is given (Aztec's demo editor).
            Example("""
                final class Editor: UIViewController {
                    @objc func keyboardWillShow(_ n: Notification) {
                        guard let frame = (n.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? NSValue)?.cgRectValue else { return }
                        refreshInsets(forKeyboardFrame: frame)
                    }
                    private func refreshInsets(forKeyboardFrame keyboardFrame: CGRect) {
                        let origin = view.convert(keyboardFrame.origin, from: nil)
                        bottom.constant = max(view.frame.height - origin.y, 0)
                    }
                }
                """),
            .objc("@implementation Editor\n- (void)keyboardWillShow:(NSNotification *)n {\n    CGRect frame = [n.userInfo[UIKeyboardFrameEndUserInfoKey] CGRectValue];\n    [self layoutFor:frame];\n}\n- (void)layoutFor:(CGRect)keyboard {\n    CGRect local = [self.view convertRect:keyboard fromView:nil];\n    self.bottom.constant = local.size.height;\n}\n@end"),
            // Only logged: text, not layout (KeyboardKit's demo).
            Example("final class Demo: UIViewController {\n    @objc func keyboardWillShow(_ note: Notification) {\n        guard let keyboardFrame = note.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? CGRect else { return }\n        print(\"Keyboard height: \\(keyboardFrame.height)\")\n    }\n}"),
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
            // Read and dropped: whether the notification carries a frame.
            Example("@objc func keyboardWillShow(_ n: Notification) { let _ = n.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? CGRect; visible = true }"),
            // Only compared: is the keyboard floating, on screen, only a hardware keyboard's bar —
            // questions of the screen, asked in its coordinates (blink, a-Shell).
            Example("""
                @objc func keyboardWillChange(_ n: Notification) {
                    guard let end = n.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? CGRect else { return }
                    isFloating = end.origin.x > 0 && end.origin.y > 0
                    isOnScreen = screenHeight >= end.maxY
                }
                """),
            Example("""
                @objc func keyboardWillChange(_ n: Notification) {
                    let height = (n.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? CGRect)?.height ?? 0
                    let x = (n.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? CGRect)?.origin.x ?? 0
                    showsToolbar = height > 200 && x > 0
                }
                """),
            Example("""
                @objc func keyboardDidChange(_ notification: Notification) {
                    let keyboardFrame: CGRect = (notification.userInfo![UIResponder.keyboardFrameEndUserInfoKey] as! NSValue).cgRectValue
                    externalKeyboardPresent = keyboardFrame.size.height < 60
                }
                """),
            .objc("""
                - (void)keyboardDidChange:(NSNotification *)n {
                    CGRect keyboardFrame = [n.userInfo[UIKeyboardFrameEndUserInfoKey] CGRectValue];
                    self.externalKeyboardPresent = keyboardFrame.size.height < 60;
                }
                """),
            // Stored for the code that lays out, which converts it there (blink's `KBObserver`).
            Example("""
                final class KeyboardObserver {
                    var screenFrame: CGRect?
                    @objc func keyboardWillShow(_ n: Notification) {
                        let end = n.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? CGRect
                        self.screenFrame = end
                    }
                    func bottomInset(in view: UIView) -> CGFloat {
                        guard let screen = view.window?.screen, let frame = screenFrame else { return 0 }
                        return view.bounds.intersection(screen.coordinateSpace.convert(frame, to: view)).height
                    }
                }
                """),
            // Stored in a static a class method hands out, converted where it is used (JGProgressHUD).
            .objc("""
                static CGRect keyboardFrame;
                @implementation HUD
                + (void)keyboardFrameWillChange:(NSNotification *)n {
                    keyboardFrame = [n.userInfo[UIKeyboardFrameEndUserInfoKey] CGRectValue];
                }
                + (CGRect)currentKeyboardFrame { return keyboardFrame; }
                - (CGRect)insetFrameForView:(UIView *)view {
                    return [view convertRect:[[self class] currentKeyboardFrame] fromCoordinateSpace:view.window.screen.coordinateSpace];
                }
                @end
                """),
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
        let bound = Self.boundName(k, in: body, of: f)
        if let bound {
            // Read and dropped (`let _ = … as? CGRect`): a presence check.
            if bound.name == "_" { return }
            if bound.declared {
                let uses = LocalFlow.uses(of: bound.name, after: bound.token, in: body, of: f)
                // Only compared — is the keyboard on screen, floating, only a hardware keyboard's
                // bar: questions asked of the screen, in the screen's coordinates — or only put into
                // text, a log line (KeyboardKit's demo printing its height).
                if uses.allSatisfy({ Self.isCompared($0, in: f) || Expr.isFormattedIntoText($0, in: f) }) { return }
                // Stored for other code, which converts it where it lays out (blink's `kbScreenFrame`).
                let stored = Set(uses.compactMap { Self.storedName(at: $0, in: f) })
                if !stored.isEmpty, Self.isConverted(stored, in: f) { return }
                // Handed to a method of the file that converts what it is given (Aztec's `refreshInsets(forKeyboardFrame:)`).
                if uses.contains(where: { Self.isPassedToConversion($0, in: f) }) { return }
                // Only handed on to a delegate (Material's `textView(textView:didHideKeyboard:)`): what it is
                // in is the delegate's to convert, where it lays out; converting here would change the API.
                if !uses.isEmpty, uses.allSatisfy({ Self.isPassedToDelegate($0, in: f) }) { return }
            } else if Self.isConverted([bound.name], in: f) {
                // Stored straight into a property or static (`keyboardFrame = [… CGRectValue];`)
                // that code elsewhere in the file converts (JGProgressHUD's `insetFrameForView:`).
                return
            }
        }
        // The name holds the frame itself, not one of its members (`….cgRectValue.minY`, SCLAlertView): a
        // snippet converting it would pass a number.
        // A name holding the boxed frame (`guard let value = …[…] as? NSValue`, PinLayout's form) is
        // converted through its rect: a snippet passing the `NSValue` would not compile.
        let subject = bound.flatMap { b -> String? in
            guard b.declared, b.name != "_", !Self.readsAMember(after: k, in: f) else { return nil }
            guard Self.bindsABox(b.token, read: k, in: f) else { return b.name }
            return b.name + (f.language == .swift ? ".cgRectValue" : ".CGRectValue")
        }
        let optional = subject != nil && bound.map { Self.bindsAnOptional($0.token, read: k, in: f) } == true
        sink.report(description, at: k, message: "The keyboard frame is in screen coordinates and is never converted into the view's",
                    shapes: optional ? .optionalSubject : [], subject: subject)
    }

    /// Whether the Swift local declared at `name` holds an optional frame: `let rect = …[…] as? CGRect`
    /// on one line with no `??` default, not bound by `if let` or `guard let`.
    static func bindsAnOptional(_ name: Int, read k: Int, in f: CodeFile) -> Bool {
        guard f.language == .swift, f.is(name - 1, .let) || f.is(name - 1, .var), !f.is(name - 2, .if), !f.is(name - 2, .guard),
              !f.isPunct(name - 2, ",") else { return false }
        var q = k + 1, cast = false
        while q < f.tokens.count, !f[q].isLineStart {
            if f.text(q) == "??" { return false }
            if f.text(q) == "as", f.isPunct(q + 1, "?") { cast = true }
            q += 1
        }
        return cast
    }

    /// Whether the local declared at `name` for the read at `k` holds an `NSValue`: `as? NSValue`
    /// after the read, or `NSValue *value = …` in Objective-C.
    static func bindsABox(_ name: Int, read k: Int, in f: CodeFile) -> Bool {
        if f.language == .objectiveC { return f.isPunct(name - 1, "*") && f.text(name - 2) == "NSValue" }
        var q = k + 1
        while q < f.tokens.count, q - k < 24, !f[q].isLineStart, !f.isPunct(q, "{"), !f.isPunct(q, ";"), !f.isPunct(q, ",") {
            if f.text(q) == "NSValue", f.text(q - 1) == "as" || f.isPunct(q - 1, "?") || f.isPunct(q - 1, "!") { return true }
            q += 1
        }
        return false
    }

    /// The name the read at `k` is assigned to, in the statement that reads it: a local it
    /// declares (`let end = …`, `guard let end = …`, `CGRect r = …`; `declared`), or a variable or
    /// property it is stored in (`self.frame = …`, `keyboardFrame = …`). Nil when the read is
    /// used in place (`bottom.constant = (… as? CGRect)?.height ?? 0` stores a height, not the frame).
    static func boundName(_ k: Int, in body: Scope, of f: CodeFile) -> (name: String, token: Int, declared: Bool)? {
        guard let q = assignment(before: k, in: body, of: f),
              f[q - 1].kind == .identifier || f.text(q - 1) == "_" || f.isPunct(q - 1, "?") else { return nil }
        var name = q - 1
        // `let frame: CGRect = …`, `var end: CGRect? = …`: past the type to the name.
        if f.language == .swift {
            var t = name
            if f.isPunct(t, "?") { t -= 1 }
            if f[t].kind == .identifier, f.isPunct(t - 1, ":"), f[t - 2].kind == .identifier { name = t - 2 }
        }
        guard f[name].kind == .identifier || f.text(name) == "_" else { return nil }
        if f.text(name) == "_" { return ("_", name, true) }
        let declared = f.language == .swift ? (f.is(name - 1, .let) || f.is(name - 1, .var))
            : (f.isPunct(name - 1, "*") || f[name - 1].kind == .identifier)
        // Only the frame itself is bound: `= read as? CGRect`, `= [read CGRectValue]`, not
        // `= (read as? CGRect)?.height`.
        guard Self.bindsTheFrame(from: q + 1, read: k, in: f) else { return nil }
        return (f.text(name), name, declared)
    }

    /// The `=` of the statement that reads at `k`, outside the brackets the read is in
    /// (`let end = n.userInfo?[…]`), nil when the statement assigns nothing.
    static func assignment(before k: Int, in body: Scope, of f: CodeFile) -> Int? {
        var q = k - 1
        var depth = 0
        while q > body.open, k - q < 48 {
            if f.isPunct(q, ")") || f.isPunct(q, "]") { depth += 1 }
            if f.isPunct(q, "(") || f.isPunct(q, "[") { depth -= 1 }
            if depth < 0 && f.language == .swift { depth = 0 }
            if f.isPunct(q, ";") || f.isPunct(q, "{") || f.isPunct(q, "}") { return nil }
            if depth <= 0, f.isPunct(q, "=") { return q }
            q -= 1
        }
        return nil
    }

    /// Whether the initializer starting at `s` is the frame read at `k` or one of its members,
    /// and nothing more: the statement ends after the read's subscript, a cast (`as? CGRect`,
    /// `as! NSValue`), member reads (`.cgRectValue`, `?.height`, `.origin.x`), the Objective-C
    /// message the read is the receiver of (`CGRectValue`), or a default (`?? .zero`).
    static func bindsTheFrame(from s: Int, read k: Int, in f: CodeFile) -> Bool {
        var e = k + 1
        // The subscript or message the key is the argument of.
        while e < f.tokens.count, f.isPunct(e, "]") || f.isPunct(e, ")") { e += 1 }
        while e < f.tokens.count {
            if f.is(e, .as) { e += 1; if f.isPunct(e, "?") || f.isPunct(e, "!") { e += 1 }; e += 1; continue }
            if f.isPunct(e, "."), f[e + 1].kind == .identifier { e += 2; continue }
            if f.isPunct(e, "?") || f.isPunct(e, "!"), f.isPunct(e + 1, ".") { e += 1; continue }
            if f.text(e) == "CGRectValue", f.isPunct(e + 1, "]") { e += 2; continue }
            if f.isPunct(e, ")"), f.pair(e) >= s { e += 1; continue }
            if f[e].isPunct("?", "?") || (f.isPunct(e, "?") && f.isPunct(e + 1, "?")) { return true }
            break
        }
        return e >= f.tokens.count || f.isPunct(e, ";") || f.isPunct(e, ",") || f.is(e, .else) || f.isPunct(e, "{") || f[e].isLineStart
    }

    /// Whether the statement reading the frame at `k` goes on to one of its members (`.minY`,
    /// `?.size.height`), past the value's unwrapping (`cgRectValue`, `CGRectValue`).
    static func readsAMember(after k: Int, in f: CodeFile) -> Bool {
        var e = k + 1
        while e < f.tokens.count, e - k < 24, !f.isPunct(e, ";"), !f[e].isLineStart, !f.is(e, .else), !f.isPunct(e, "{") {
            // A member of what comes before (not `?? .zero`, an implicit member).
            let before = f[e - 1]
            if f.isPunct(e, "."), f[e + 1].kind == .identifier, !["cgRectValue", "CGRectValue"].contains(f.text(e + 1)),
               before.kind == .identifier || before.isPunct(")") || before.isPunct("]") || before.isPunct("?") || before.isPunct("!") {
                return true
            }
            e += 1
        }
        return false
    }

    /// Whether the use of a frame at `u` is an operand of a comparison, after its member chain
    /// (`frame.origin.x > 0`, `screenHeight >= frame.maxY`, `frame.size.height <= bar`).
    static func isCompared(_ u: Int, in f: CodeFile) -> Bool {
        var e = u
        while f.isPunct(e + 1, ".") || f.isPunct(e + 1, "?") || f.isPunct(e + 1, "!") {
            if f.isPunct(e + 1, "."), f[e + 2].kind == .identifier { e += 2 } else if f.isPunct(e + 1, "?") && f.isPunct(e + 2, ".") || f.isPunct(e + 1, "!") { e += 1 } else { break }
        }
        return f[e + 1].isComparison || (u > 0 && f[u - 1].isComparison)
    }

    /// The variable or property a use at `u` is stored in, as the whole right-hand side:
    /// `self.kbScreenFrame = frame`, `kbFrame = frame;`.
    static func storedName(at u: Int, in f: CodeFile) -> String? {
        guard f.isPunct(u - 1, "="), f[u - 2].kind == .identifier,
              f.isPunct(u + 1, ";") || f[u + 1].isLineStart || f.isPunct(u + 1, "}") else { return nil }
        if f.language == .swift, f.is(u - 3, .let) || f.is(u - 3, .var) { return nil }
        return f.text(u - 2)
    }

    /// Whether code in the file converts a value named in `names`, or what a member that
    /// returns one of them gives (`+currentKeyboardFrame { return keyboardFrame; }`): a body
    /// that calls `convert(`/`convertRect:` and mentions the name.
    /// Whether the use at `u` is an argument of a call to a function of this file whose body
    /// converts one of its parameters (`refreshInsets(forKeyboardFrame: frame)`, `[self layoutFor:frame]`).
    static func isPassedToConversion(_ u: Int, in f: CodeFile) -> Bool {
        let callee: String
        if f.language == .swift {
            guard let (open, _) = Expr.enclosingCall(u, in: f), open > 0, f[open - 1].kind == .identifier else { return false }
            callee = f.text(open - 1)
        } else {
            guard f.isPunct(u - 1, ":"), f[u - 2].kind == .identifier else { return false }
            callee = f.text(u - 2)
        }
        return f.structure.scopes.contains { scope in
            scope.kind == .function && (scope.name == callee || scope.name.hasPrefix(callee + ":"))
                && converts(Set(scope.parameterNames), within: scope.open..<min(scope.close, f.tokens.count), in: f)
        }
    }

    /// Whether the use at `u` is an argument of a message to a delegate: `delegate?.m(…, u)`,
    /// `(delegate as? D)?.m?(x: u)`, `[self.delegate m:u]` — a name ending in `delegate` in the
    /// call's statement, before the use.
    static func isPassedToDelegate(_ u: Int, in f: CodeFile) -> Bool {
        var q: Int
        if f.language == .swift {
            // From the call's callee back to the start of its line.
            guard let (open, _) = Expr.enclosingCall(u, in: f) else { return false }
            q = open - 1
        } else {
            guard f.isPunct(u - 1, ":") else { return false }
            q = u - 1
        }
        let from = q
        while q >= 0, from - q < 24, !f.isPunct(q, ";"), !f.isPunct(q, "{"), !f.isPunct(q, "}") {
            if f[q].kind == .identifier, f.text(q).lowercased().hasSuffix("delegate") { return true }
            if f.language == .swift, f[q].isLineStart { break }
            q -= 1
        }
        return false
    }

    static func isConverted(_ names: Set<String>, in f: CodeFile) -> Bool {
        var names = names
        // Members that hand a stored frame back, two steps deep.
        for _ in 0..<2 {
            for scope in f.structure.scopes where scope.kind == .function || scope.kind == .accessor {
                guard !names.contains(scope.name), scope.close - scope.open < 64 else { continue }
                var q = scope.open + 1
                while q < scope.close {
                    if f.is(q, .return), f[q + 1].kind == .identifier, names.contains(f.text(q + 1)) { names.insert(scope.name); break }
                    q += 1
                }
            }
        }
        return converts(names, within: 0..<f.tokens.count, in: f)
    }

    /// Whether a conversion (`convert(…)`, `convertRect:…`) in `range` stands in a body that reads
    /// one of `names`.
    static func converts(_ names: Set<String>, within range: Range<Int>, in f: CodeFile) -> Bool {
        range.contains { q in
            guard (f.is(q, .convert) && f.isPunct(q + 1, "(")) || (f.is(q, .convertRect) && f.isPunct(q + 1, ":")),
                  let body = f.innermostBody(of: q) else { return false }
            return (body.open + 1..<body.close).contains { f[$0].kind == .identifier && names.contains(f.text($0)) }
        }
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
        let name = assignment(before: k, in: body, of: f).flatMap { f[$0 - 1].kind == .identifier ? f.text($0 - 1) : nil }
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

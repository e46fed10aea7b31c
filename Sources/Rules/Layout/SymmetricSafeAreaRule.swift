import RuleKit
import SourceLexing

/// Safe areas are asymmetric: a foldable's vertical buttons, the camera in landscape, Split
/// View. WWDC26 "Make your app ready for iPhone Duo": do not assume opposite insets are equal;
/// write code that handles each side on its own — with the very example
/// `view.bounds.width - view.safeAreaInsets.left * 2`.
struct SymmetricSafeAreaRule: Rule {
    static let opposite: [Word: Word] = [.left: .right, .right: .left, .top: .bottom, .bottom: .top, .leading: .trailing, .trailing: .leading]

    let description = RuleDescription(
        id: .symmetricSafeArea, name: "Symmetric safe-area assumption", severity: .warning, facet: .insets,
        summary: "Doubles one safe-area or margin inset, or uses one side for the opposite side.",
        rationale: """
            Safe areas and layout margins are often asymmetric — in landscape, in Split View, and especially \
            on a foldable iPhone whose bar buttons can stand on one side: never assume opposite insets are equal. \
            `insets.left * 2` or reusing `.top` for the bottom puts content under hardware or system UI on the other side.
            """,
        sources: [.iPhoneDuo, .apple("UIView.safeAreaInsets", "uikit/uiview/safeareainsets")],
        fix: { site in
            guard let view = site.receiver?.view else {
                return "Treat each side on its own — `left` and `right`, `top` and `bottom` differ — or lay out against the view's `safeAreaLayoutGuide`."
            }
            let (bounds, insets) = view == "self" ? (site.language == .swift ? ("bounds", "safeAreaInsets") : ("self.bounds", "self.safeAreaInsets"))
                : ("\(view).bounds", "\(view).safeAreaInsets")
            return site.language == .swift
                ? "Use `\(bounds).inset(by: \(insets))` (or `safeAreaLayoutGuide`) and treat each side independently."
                : "Use `UIEdgeInsetsInsetRect(\(bounds), \(insets))` (or `safeAreaLayoutGuide`) and treat each side independently."
        },
        triggering: [
            Example("func f() { let w = view.bounds.width - view.↓safeAreaInsets.left * 2 }"),
            Example("func f() { let h = 2 * ↓safeAreaInsets.top }"),
            Example("func f(insets: UIEdgeInsets) { let w = width - ↓insets.left - insets.left }"),
            Example("func f() { let w = bounds.width - ↓layoutMargins.left * 2.0 }"),
            Example("func f() { let i = UIEdgeInsets(top: safeAreaInsets.top, left: 0, bottom: ↓safeAreaInsets.top, right: 0) }"),
            .objc("CGFloat w = CGRectGetWidth(self.view.bounds) - self.view.↓safeAreaInsets.left * 2;"),
            .objc("UIEdgeInsets i = UIEdgeInsetsMake(insets.top, insets.left, ↓insets.top, insets.left);"),
            .objc("CGFloat h = self.↓directionalLayoutMargins.leading + self.directionalLayoutMargins.leading;"),
            // Overridden margins are the type's own: the other type here reads the system's.
            Example("class Cell: UITableViewCell { func f() { let w = bounds.width - 2 * ↓layoutMargins.right } }\nclass Other: UITableViewCell { override var layoutMargins: UIEdgeInsets { get { .zero } set {} } }"),
        ],
        nonTriggering: [
            Example("func f() { let r = view.bounds.inset(by: view.safeAreaInsets) }"),
            // The cell's own fixed margins, symmetric by its own override (Amperfy's LyricTableCell).
            Example("""
                class LyricCell: UITableViewCell {
                    override var layoutMargins: UIEdgeInsets { get { UIEdgeInsets(top: 8, left: 16, bottom: 8, right: 16) } set {} }
                    override func layoutSubviews() { label.frame = CGRect(x: layoutMargins.left, y: 0, width: bounds.width - (2 * layoutMargins.right), height: bounds.height) }
                }
                """, wraps: false),
            .objc("""
                @implementation LyricCell
                - (UIEdgeInsets)layoutMargins { return UIEdgeInsetsMake(8, 16, 8, 16); }
                - (void)layoutSubviews { self.label.frame = CGRectMake(0, 0, self.bounds.size.width - 2 * self.layoutMargins.right, 20); }
                @end
                """, wraps: false),
            Example("func f() { let w = width - safeAreaInsets.left - safeAreaInsets.right }"),
            Example("func f() { let w = width - contentInset.left * 2 }"),
            Example("func f() { let w = width - padding.left * 2 }"),
            Example("func f() { let i = UIEdgeInsets(top: safeAreaInsets.top, left: safeAreaInsets.left, bottom: safeAreaInsets.bottom, right: safeAreaInsets.right) }"),
            Example("func f() { make.top.equalTo(view.safeAreaLayoutGuide.snp.top) }"),
            .objc("CGFloat w = self.view.bounds.size.width - self.view.safeAreaInsets.left - self.view.safeAreaInsets.right;"),
            // The insets of portrait, turned upside down: every side kept (QMUI's device insets).
            .objc("void f(UIEdgeInsets insets) { insets = UIEdgeInsetsMake(insets.bottom, insets.left, insets.top, insets.right); }"),
            .objc("void f(UIEdgeInsets insets) { insets = UIEdgeInsetsMake(insets.top, insets.right, insets.bottom, insets.left); }"),
            // The side was set to a fixed margin first (TOCropViewController's toolbar).
            .objc("void f(void) {\n    UIEdgeInsets insets = self.view.safeAreaInsets;\n    if (insets.bottom > 0.0f) { insets.bottom = 20.0f; } else { insets.bottom = 8.0f; }\n    CGFloat w = CGRectGetWidth(self.view.bounds) - MAX(r, insets.bottom * 2.0f);\n}"),
        ], fixNeedsIOS: 11)

    var triggers: Set<Word> { Set(Self.opposite.keys) }
    /// Sides (`top`, `left`) are everywhere; an insets name (`isInsetsName`) with a side read
    /// from it is not (`safeAreaLayoutGuide`, the common safe-area name, has no sides).
    var literals: Set<Literal> {
        Set(["safearea", "layoutmargins", "insets", "safeinsets"].map { Literal.checked($0, caseless: true, check: Self.sideOfInsets) })
    }

    /// Accepts an occurrence in an insets name followed by a side: `safeAreaInsets.left`,
    /// `insets?.top`, `self.layoutMargins.right`.
    static let sideOfInsets = LiteralCheck("side of an insets name") { bytes, match in
        let id = LiteralBytes.identifier(around: match, in: bytes)
        guard isInsetsName(LiteralBytes.text(id, in: bytes)),
              let dot = LiteralBytes.next(from: id.upperBound, in: bytes, skipping: [UInt8(ascii: "?"), UInt8(ascii: "!")]) else { return false }
        if dot.byte == UInt8(ascii: "/") { return true }
        guard dot.byte == UInt8(ascii: "."), let side = LiteralBytes.next(from: dot.index + 1, in: bytes) else { return false }
        if side.byte == UInt8(ascii: "/") { return true }
        return sides.contains { LiteralBytes.word($0, at: side.index, in: bytes) }
    }
    private static let sides: [StaticString] = ["left", "right", "top", "bottom", "leading", "trailing"]

    /// Names whose sides are safe-area or margin insets.
    static func isInsetsName(_ name: String) -> Bool {
        let lower = name.lowercased()
        return lower.contains("safearea") || lower.contains("layoutmargins") || lower == "insets" || lower == "safeinsets"
    }

    func check(at k: Int, in f: CodeFile, model: RepositoryModel, into sink: inout FindingSink) {
        guard let side = Self.opposite[f[k].word] != nil ? f[k].word : nil, f.isPunct(k - 1, ".") else { return }
        var r = k - 2
        while f.isPunct(r, "?") || f.isPunct(r, "!") { r -= 1 }
        guard f[r].kind == .identifier, Self.isInsetsName(f.text(r)) else { return }
        let (s, _) = Reads.extent(ofMemberAt: k, in: f)
        let e = k
        let text = f.text(from: s, through: e)
        // A side the body set to a number first is a fixed margin now, not the safe area's.
        if Self.isSetToConstant(text, length: e - s, before: s, in: f) { return }
        // The view's own margins where its type overrides them (`override var layoutMargins:
        // UIEdgeInsets { get { Self.margin } set {} }`, Amperfy's lyric cell): its own values.
        if r == s || f.is(s, .self), Self.overridesOwn(f.text(r), at: k, in: f) { return }
        let message: String
        if isDoubled(s, e, in: f) {
            message = "`\(text)` is doubled as if both sides were equal; safe areas are asymmetric"
        } else if f[e + 1].kind == .punct, f.isPunct(e + 1, "+") || f.isPunct(e + 1, "-"),
                  f.text(from: e + 2, through: e + 2 + (e - s)) == text {
            message = "`\(text)` is used twice as if both sides were equal; safe areas are asymmetric"
        } else if let used = oppositeArgument(s, side: side, in: f) {
            message = "`\(text)` is used for the \(used) side; safe areas are asymmetric"
        } else {
            return
        }
        sink.report(description, at: r, message: message)
    }

    /// Whether the type around `k` overrides the margins property `name` itself: a Swift
    /// `override var name` or an Objective-C getter `- (UIEdgeInsets)name {`.
    static func overridesOwn(_ name: String, at k: Int, in f: CodeFile) -> Bool {
        guard name.lowercased().contains("layoutmargins"), let type = f.enclosingType(of: k) else { return false }
        let end = min(type.close, f.tokens.count)
        return (type.open..<end).contains { q in
            guard f.text(q) == name else { return false }
            if f.language == .swift { return f.is(q - 1, .var) && f.is(q - 2, .override) }
            return f.isPunct(q - 1, ")") && f.isPunct(q + 1, "{") && f[q - 2].kind == .identifier && f.isPunct(f.pair(q - 1), "(")
                && f.isPunct(f.pair(q - 1) - 1, "-")
        }
    }

    /// `insets.bottom = 20;` earlier in the body holding `s`: the side read is that constant.
    static func isSetToConstant(_ text: String, length: Int, before s: Int, in f: CodeFile) -> Bool {
        guard let body = f.innermostBody(of: s) else { return false }
        var q = s - length - 3
        while q > body.open, s - q < 4096 {
            let eq = q + length + 1
            if f.isPunct(eq, "="), f[eq + 1].kind == .number, f.isPunct(eq + 2, ";") || f[eq + 2].isLineStart,
               f.text(from: q, through: q + length) == text {
                return true
            }
            q -= 1
        }
        return false
    }

    /// `UIEdgeInsetsMake(i.bottom, i.left, i.top, i.right)`: four sides of one insets value, each
    /// once — the insets turned with the interface (upside down, landscape), every side kept.
    static func isRotation(_ open: Int, in f: CodeFile) -> Bool {
        let close = f.pair(open)
        guard close > open else { return false }
        var arguments: [String] = [], start = open + 1, q = open + 1
        while q <= close {
            if q < close, f.isPunct(q, "(") || f.isPunct(q, "["), f.pair(q) > q { q = f.pair(q) + 1; continue }
            if q == close || f.isPunct(q, ",") { arguments.append(f.text(from: start, through: q - 1)); start = q + 1 }
            q += 1
        }
        guard arguments.count == 4 else { return false }
        var bases: Set<Substring> = [], sides: Set<Substring> = []
        for argument in arguments {
            guard let dot = argument.lastIndex(of: ".") else { return false }
            bases.insert(argument[..<dot]); sides.insert(argument[argument.index(after: dot)...])
        }
        return bases.count == 1 && sides.count == 4
    }

    func isDoubled(_ s: Int, _ e: Int, in f: CodeFile) -> Bool {
        func isTwo(_ i: Int) -> Bool {
            guard f[i].kind == .number else { return false }
            let t = f.text(i).lowercased()
            return t == "2" || t == "2.0" || t == "2.0f" || t == "2.f" || t == "2f"
        }
        return (f.isPunct(e + 1, "*") && isTwo(e + 2) && !f.isPunct(e + 3, "."))
            || (f.isPunct(s - 1, "*") && isTwo(s - 2))
    }

    /// `UIEdgeInsets(…, bottom: x.top, …)` or `UIEdgeInsetsMake(t, l, x.top, r)`: the side the
    /// argument fills, when it is the opposite of the side read.
    func oppositeArgument(_ s: Int, side: Word, in f: CodeFile) -> String? {
        guard let (open, _) = Expr.enclosingCall(s, in: f) else { return nil }
        let callee = f[open - 1].word
        let opposite = Self.opposite[side]!
        if callee == .UIEdgeInsets || callee == .NSDirectionalEdgeInsets {
            if f.isPunct(s - 1, ":"), f[s - 2].word == opposite { return f.text(s - 2) }
            return nil
        }
        if callee == .UIEdgeInsetsMake || callee == .NSDirectionalEdgeInsetsMake {
            if Self.isRotation(open, in: f) { return nil }
            let order: [Word] = callee == .UIEdgeInsetsMake ? [.top, .left, .bottom, .right] : [.top, .leading, .bottom, .trailing]
            var index = 0
            var q = open + 1
            while q < s {
                if f.isPunct(q, "("), f.pair(q) > q { q = f.pair(q) + 1; continue }
                if f.isPunct(q, ",") { index += 1 }
                q += 1
            }
            if index < order.count, order[index] == opposite { return order[index].spelling }
        }
        return nil
    }
}

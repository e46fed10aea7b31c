import RuleKit
import SourceLexing

/// Runtime availability checks: which code only runs on iOS versions below a given one.
enum Availability {
    /// The iOS version that introduced scenes (`UIWindowScene`, `UISceneDelegate`).
    static let scenesVersion = 13

    /// Whether token `k` only runs before scenes existed: in the `else` of
    /// `if #available(iOS 13, *)` / `if (@available(iOS 13.0, *))` (or an earlier version), in
    /// `guard #available(iOS 13, *) else { … }`, or in `if #unavailable(iOS 13)`. Code there has
    /// no scene API to migrate to, so findings whose fix needs scenes do not apply.
    static func isPreSceneFallback(_ k: Int, in f: CodeFile) -> Bool {
        for scope in f.scopes(around: k) where scope.kind == .control {
            if let version = fallbackVersion(of: scope, in: f), version <= scenesVersion { return true }
        }
        return false
    }

    /// For a block that runs only below some iOS version, that version.
    static func fallbackVersion(of scope: Scope, in f: CodeFile) -> Int? {
        let open = scope.open
        // `if #unavailable(iOS 13) {`
        if let condition = conditionStart(before: open, in: f), let v = version(in: condition..<open, word: .unavailable, in: f) {
            return v
        }
        guard f.is(open - 1, .else) else { return nil }
        // `guard #available(iOS 13, *) else {`
        var q = open - 2
        while q >= 0, q > open - 64, !f.is(q, .guard), !f.isPunct(q, UInt8(ascii: "}")), !f.isPunct(q, UInt8(ascii: ";")) { q -= 1 }
        if f.is(q, .guard) { return version(in: q..<(open - 1), word: .available, in: f) }
        // `if (…available…) { … } else if (…) { … } else {`: the first `if` of the chain decides.
        var close = open - 2
        var result: Int? = nil
        while f.isPunct(close, UInt8(ascii: "}")), f.pair(close) >= 0 {
            let blockOpen = f.pair(close)
            guard let start = conditionStart(before: blockOpen, in: f) else { break }
            result = version(in: start..<blockOpen, word: .available, in: f)
            if f.is(start - 1, .else) { close = start - 2 } else { break }
        }
        return result
    }

    /// The `if` that starts the condition before a block's `{`.
    static func conditionStart(before open: Int, in f: CodeFile) -> Int? {
        var q = open - 1
        if f.isPunct(q, UInt8(ascii: ")")), f.language == .objectiveC {
            let p = f.pair(q)
            return p > 0 && f.is(p - 1, .if) ? p - 1 : nil
        }
        while q >= 0, open - q < 64 {
            if f.is(q, .if) { return q }
            if f.isPunct(q, UInt8(ascii: "{")) || f.isPunct(q, UInt8(ascii: "}")) || f.isPunct(q, UInt8(ascii: ";")) { return nil }
            q -= 1
        }
        return nil
    }

    /// The iOS major version in an `@available(iOS N, *)` / `#available` / `#unavailable` in `range`.
    static func version(in range: Range<Int>, word: Word, in f: CodeFile) -> Int? {
        for q in range where (f[q].kind == .atWord || f[q].kind == .hashWord) && f[q].word == word {
            var r = q + 2
            while r < range.upperBound, !f.isPunct(r, UInt8(ascii: ")")) {
                let name = f.text(r)
                if name == "iOS" || name == "iOSApplicationExtension", f[r + 1].kind == .number {
                    return Int(f.text(r + 1).split(separator: ".").first ?? "")
                }
                r += 1
            }
        }
        return nil
    }
}

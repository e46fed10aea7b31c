import RuleKit
import SourceLexing

/// Recognising reads of a property by name, in every spelling.
enum Reads {
    /// Whether the identifier at `k` reads a member: `x.name`, `x?.name`, `[x name]`; not a
    /// declaration, a label or a selector keyword.
    static func isMemberRead(_ k: Int, in f: CodeFile) -> Bool {
        if Expr.isDeclaredName(k, in: f) || Expr.isLabel(k, in: f) { return false }
        if f.isPunct(k - 1, ".") { return true }
        if f.language == .objectiveC, f.isPunct(k + 1, "]") {
            let prev = f[k - 1]
            return prev.kind == .identifier || prev.isPunct("]") || prev.isPunct(")")
        }
        return false
    }

    /// Whether the identifier at `k` is a bare read (implicit `self`): not after `.`, not a
    /// declaration, label or local.
    static func isBareRead(_ k: Int, in f: CodeFile) -> Bool {
        if f.isPunct(k - 1, ".") || Expr.isDeclaredName(k, in: f) || Expr.isLabel(k, in: f) { return false }
        if f.language == .objectiveC { return false }
        if f.isPunct(k - 1, "\\") { return false }
        return !f.declaresLocal(f.text(k), before: k)
    }

    /// The extent of the expression ending in the member read at `k`: back over its receiver
    /// (`UIDevice.current.`) and, for a message, out to the enclosing brackets.
    static func extent(ofMemberAt k: Int, in f: CodeFile) -> (Int, Int) {
        if f.language == .objectiveC, f.isPunct(k + 1, "]") {
            let open = f.pair(k + 1)
            if open >= 0 { return extendDots(open, k + 1, in: f) }
        }
        var s = k
        while f.isPunct(s - 1, ".") {
            var r = s - 2
            while f.isPunct(r, "?") || f.isPunct(r, "!") { r -= 1 }
            let t = f[r]
            if t.kind == .identifier { s = r; continue }
            if t.isPunct(")") || t.isPunct("]"), f.pair(r) >= 0 {
                s = f.pair(r)
                if f[s - 1].kind == .identifier, f.isPunct(s, "(") { s -= 1 }
                continue
            }
            break
        }
        return extendDots(s, k, in: f)
    }

    /// Continues `s…e` through trailing `.member` reads.
    static func extendDots(_ s: Int, _ e: Int, in f: CodeFile) -> (Int, Int) {
        var e = e
        while f.isPunct(e + 1, "."), f[e + 2].kind == .identifier { e += 2 }
        return (s, e)
    }
}

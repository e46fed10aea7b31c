import RuleKit
import SourceLexing

/// Data flow through one local, within one function (issue-tested cases: an idiom kept in a
/// local and compared later, the app delegate bound by `guard let` and asked for its window).
enum LocalFlow {
    /// The local that the expression `s...e` initializes — `let x = <expr>`, `var x = <expr>`,
    /// `guard let x = <expr>`, `if let x = <expr>`, Objective-C `T *x = <expr>;` — with an
    /// optional cast after it (`as? AppDelegate`), and the body it lives in.
    static func local(initializedBy s: Int, _ e: Int, in f: CodeFile) -> (name: String, token: Int, body: Scope)? {
        guard let body = f.innermostBody(of: s) else { return nil }
        var end = e
        if f.is(end + 1, .as) {
            end += 2
            if f.isPunct(end, "?") || f.isPunct(end, "!") { end += 1 }
            if f[end].kind != .identifier { return nil }
        }
        // What follows must end the initializer.
        let after = end + 1
        guard f.isPunct(after, ";") || f.isPunct(after, ",") || f.is(after, .else) || f.isPunct(after, "{")
                || f[after].isLineStart || after >= body.close else { return nil }
        guard f.isPunct(s - 1, "="), f[s - 2].kind == .identifier else { return nil }
        let name = s - 2
        if f.language == .swift {
            guard f.is(name - 1, .let) || f.is(name - 1, .var) else { return nil }
        } else {
            guard f.isPunct(name - 1, "*") || f[name - 1].kind == .identifier else { return nil }
        }
        return (f.text(name), name, body)
    }

    /// Uses of the local named `name` after `from` in `body` (tokens of that identifier that are
    /// not member names and not a new declaration of it), within the 4,096 tokens after it: a
    /// generated function of thousands of locals must not cost each of them the rest of it.
    static func uses(of name: String, after from: Int, in body: Scope, of f: CodeFile) -> [Int] {
        var out: [Int] = []
        var q = from + 1
        let hash = identifierHash(name)
        while q < min(body.close, f.tokens.count, from + 4096), out.count < 64 {
            if f[q].kind == .identifier, f[q].hash == hash, !f.isPunct(q - 1, "."), f.text(q) == name {
                if f.is(q - 1, .let) || f.is(q - 1, .var) { break }  // shadowed from here on
                out.append(q)
            }
            q += 1
        }
        return out
    }
}

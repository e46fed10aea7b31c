import RuleKit
import SourceLexing

/// Where code creates a window without a scene: `UIWindow(frame:)`, `UIWindow()`,
/// `[[UIWindow alloc] initWithFrame:…]`, `[[UIWindow alloc] init]`, `[UIWindow new]`, and the
/// same for `UIWindow` subclasses declared in the repository.
enum WindowCreation {
    /// Whether the token at `k` (a window type's name) starts a scene-less window creation.
    static func isCreation(at k: Int, in f: CodeFile, model: RepositoryModel) -> Bool {
        let tok = f[k]
        guard tok.kind == .identifier else { return false }
        if !tok.is(.UIWindow) {
            guard model.mayDefine(hash: tok.hash), model.windowTypes.contains(f.text(k)) else { return false }
        }
        if f.language == .swift {
            var open = k + 1
            if f.isPunct(k + 1, "."), f.is(k + 2, .`init`) { open = k + 3 }
            guard f.isPunct(open, "("), !f.isPunct(k - 1, ".") else { return false }
            let close = f.pair(open)
            if close == open + 1 { return !Expr.isDeclaredName(k, in: f) }
            return f.is(open + 1, .frame) && f.isPunct(open + 2, ":")
        }
        guard f.isPunct(k - 1, "[") else { return false }
        if f.is(k + 1, .new), f.isPunct(k + 2, "]") { return true }
        guard f.is(k + 1, .alloc), f.isPunct(k + 2, "]") else { return false }
        if f.is(k + 3, .initWithFrame), f.isPunct(k + 4, ":") { return true }
        return f.is(k + 3, .`init`) && f.isPunct(k + 4, "]")
    }

    /// Whether the body around `k` attaches a window to a scene afterwards (`w.windowScene = scene`).
    static func attachesScene(around k: Int, in f: CodeFile) -> Bool {
        guard let body = f.enclosingFunction(of: k)?.scope else { return false }
        var q = body.open
        while q < body.close {
            if f.is(q, .windowScene), f.isPunct(q - 1, "."), f.isPunct(q + 1, "=") { return true }
            if f.language == .objectiveC, f.text(q) == "setWindowScene", f.isPunct(q + 1, ":") { return true }
            q += 1
        }
        return false
    }

    static func describe(_ k: Int, in f: CodeFile) -> String {
        f.language == .swift ? "`\(f.text(k))(…)`" : "`[\(f.text(k)) alloc]`"
    }
}

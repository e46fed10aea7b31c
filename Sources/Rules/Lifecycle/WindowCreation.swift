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
        if let body = f.enclosingFunction(of: k)?.scope,
           (body.open..<body.close).contains(where: { setsWindowScene(at: $0, in: f) }) { return true }
        return fallsBackFromScene(createdAt: k, in: f) || attachesStoredWindow(createdAt: k, in: f)
    }

    /// The `=` that assigns the window created at `k` to a name (`w = UIWindow(…)`,
    /// `_window = [[UIWindow alloc] …]`; the name is the token before it), or nil.
    static func assignment(of k: Int, in f: CodeFile) -> Int? {
        var q = k - 1
        while f.isPunct(q, "[") { q -= 1 }
        return q > 1 && f.isPunct(q, "=") && f[q - 1].kind == .identifier ? q : nil
    }

    /// Whether the window is the fallback of one the function first tried to make in a scene: the
    /// same variable assigned `initWithWindowScene:` / `UIWindow(windowScene:)` earlier (Google
    /// Sign-In's alert window: `if (@available(iOS 13, *)) { w = [[UIWindow alloc] initWithWindowScene:…]; }
    /// if (!w) { w = [[UIWindow alloc] initWithFrame:…]; }`) — made only where there is no scene.
    static func fallsBackFromScene(createdAt k: Int, in f: CodeFile) -> Bool {
        guard let q = assignment(of: k, in: f), let body = f.enclosingFunction(of: k)?.scope else { return false }
        let name = f.text(q - 1)
        for p in body.open..<(q - 1) where f[p].kind == .identifier && f.text(p) == name && f.isPunct(p + 1, "=") && !f.isPunct(p - 1, ".") {
            if (p + 2..<min(p + 10, q)).contains(where: { f.text($0) == "initWithWindowScene" || (f.is($0, .windowScene) && f.isPunct($0 + 1, ":")) }) { return true }
        }
        return false
    }

    /// Whether the token at `q` gives a window its scene: `w.windowScene = scene`, or Objective-C's
    /// `[w setWindowScene:scene]`; `sceneReceiver` is the token naming the window (`w`).
    static func setsWindowScene(at q: Int, in f: CodeFile) -> Bool { sceneReceiver(at: q, in: f) != nil }

    private static func sceneReceiver(at q: Int, in f: CodeFile) -> Int? {
        if f.is(q, .windowScene), f.isPunct(q - 1, "."), f.isPunct(q + 1, "=") { return q - 2 }
        if f.language == .objectiveC, f.text(q) == "setWindowScene", f.isPunct(q + 1, ":") { return q - 1 }
        return nil
    }

    /// Whether a window kept in a property when it is created (`_explorerWindow = [[FLEXWindow alloc] initWithFrame:…]`,
    /// a lazy getter's) is attached to a scene wherever its type shows it: `self.explorerWindow.windowScene = scene`,
    /// or through a local that holds it (`UIWindow *flex = self.explorerWindow; … flex.windowScene = …`; FLEX's manager).
    static func attachesStoredWindow(createdAt k: Int, in f: CodeFile) -> Bool {
        guard let q = assignment(of: k, in: f), q > 2, let type = f.enclosingType(of: k) else { return false }
        var stored = f.text(q - 1)
        if f.enclosingFunction(of: k) == nil {
            // A stored property's initial value: `lazy var window: UIWindow = UIWindow(frame: .zero)`.
            if f.isPunct(q - 2, ":"), f[q - 3].kind == .identifier { stored = f.text(q - 3) }
        } else if f.declaresLocal(stored, before: q - 1) || ["let", "var"].contains(f.text(q - 2)) || f.isPunct(q - 2, "*") {
            // Inside a function, a local of its own is no property.
            return false
        }
        let property = stored.hasPrefix("_") ? String(stored.dropFirst()) : stored
        var names: Set<String> = [property, "_" + property]
        let range = type.open..<min(type.close, f.tokens.count)
        // Locals that take the property: `UIWindow *flex = self.explorerWindow;`, `let w = window`.
        for r in range where f[r].kind == .identifier && names.contains(f.text(r)) && (f.isPunct(r + 1, ";") || f[r + 1].isLineStart) {
            var s = r
            while f.isPunct(s - 1, "."), f[s - 2].kind == .identifier { s -= 2 }
            if f.isPunct(s - 1, "="), f[s - 2].kind == .identifier { names.insert(f.text(s - 2)) }
        }
        return range.contains { r in sceneReceiver(at: r, in: f).map { names.contains(f.text($0)) } ?? false }
    }

    static func describe(_ k: Int, in f: CodeFile) -> String {
        f.language == .swift ? "`\(f.text(k))(…)`" : "`[\(f.text(k)) alloc]`"
    }
}

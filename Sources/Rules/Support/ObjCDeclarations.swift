import ProjectFiles
import RuleKit
import SourceLexing

/// The method and property declarations of an Objective-C `@interface`, category or protocol
/// (`- (void)show:(UIWindowScene *)s API_AVAILABLE(ios(13.0));`): statements ending in `;`.
enum ObjCDeclarations {
    /// The members of `scope` declared with an iOS availability (`API_AVAILABLE(ios(N))`,
    /// `NS_AVAILABLE_IOS(N_0)`, `__IOS_AVAILABLE(N)`), by selector; a property's setter too.
    static func availableMembers(of scope: Scope, in f: CodeFile) -> [(String, OSVersion)] {
        var out: [(String, OSVersion)] = []
        var start = scope.open + 1
        var q = start
        while q < min(scope.close, f.tokens.count) {
            if (f.isPunct(q, "{") || f.isPunct(q, "(") || f.isPunct(q, "[")), f.pair(q) > q { q = f.pair(q) + 1; continue }
            guard f.isPunct(q, ";") else { q += 1; continue }
            if let v = Availability.osVersion(in: start..<q, word: .available, in: f) {
                for selector in selectors(declaredIn: start..<q, in: f) { out.append((selector, v)) }
            }
            q += 1
            start = q
        }
        return out
    }

    /// The selectors a declaration statement declares: a method's (`show:from:`), or a
    /// property's getter and, unless it is read-only, its setter.
    static func selectors(declaredIn range: Range<Int>, in f: CodeFile) -> [String] {
        var s = range.lowerBound
        // The statement may begin with the `@interface` line or a `@required`/`@optional` mark.
        while s < range.upperBound, !(f.isPunct(s, "-") || f.isPunct(s, "+")) && !(f[s].kind == .atWord && f[s].word == .property) { s += 1 }
        guard s < range.upperBound else { return [] }
        if f[s].kind == .atWord {
            // `@property (nonatomic, readonly, class) UIWindowScene *activeScene API_AVAILABLE(ios(13.0));`
            var readonly = false
            var name: String? = nil
            var q = s + 1
            while q < range.upperBound {
                if f.isPunct(q, "("), f.pair(q) > q {
                    if q == s + 1 { readonly = (q..<f.pair(q)).contains { f.is($0, .readonly) } }
                    q = f.pair(q) + 1
                    continue
                }
                // The name is the declarator's last identifier before the attribute macros.
                if f[q].kind == .identifier, !isAttributeMacro(q, in: f) { name = f.text(q) } else if f[q].kind == .identifier { break }
                q += 1
            }
            guard let name else { return [] }
            return readonly ? [name] : [name, "set" + name.prefix(1).uppercased() + name.dropFirst() + ":"]
        }
        // `- (void)viewWillTransitionToSize:(CGSize)size withTransitionCoordinator:(id)c`
        var q = s + 1
        if f.isPunct(q, "("), f.pair(q) > q { q = f.pair(q) + 1 }
        var selector = ""
        while q < range.upperBound, f[q].kind == .identifier, !isAttributeMacro(q, in: f) {
            let part = f.text(q)
            q += 1
            guard f.isPunct(q, ":") else {
                if selector.isEmpty { selector = part }
                break
            }
            selector += part + ":"
            q += 1
            if f.isPunct(q, "("), f.pair(q) > q { q = f.pair(q) + 1 }
            if q < range.upperBound, f[q].kind == .identifier, !isAttributeMacro(q, in: f) { q += 1 }
        }
        return selector.isEmpty ? [] : [selector]
    }

    /// The availability written on the declaration statement holding `k` at an `@interface`'s
    /// (or a category's, or the file's) top level: a property's or method's own
    /// `API_AVAILABLE(ios(13.0))` covers the types it names.
    static func statementAvailability(at k: Int, in f: CodeFile) -> OSVersion? {
        if f.scopes(around: k).contains(where: { $0.kind != .type }) { return nil }
        var s = k, e = k
        // Back to the statement's start: after `;`, a brace or an `@end`/`@interface` line, or at its `@property`.
        while s > 0, !(f.isPunct(s - 1, ";") || f.isPunct(s - 1, "{") || f.isPunct(s - 1, "}")), k - s < 400 {
            if f[s].kind == .atWord, f[s].word != .property { s += 1; break }
            if f[s].kind == .atWord { break }
            s -= 1
        }
        while e < f.tokens.count, !(f.isPunct(e, ";") || f.isPunct(e, "{")), e - k < 400 { e += 1 }
        return Availability.osVersion(in: s..<e, word: .available, in: f)
    }

    /// `Type selector` of the Objective-C method whose header or body holds `k`.
    static func member(around k: Int, in f: CodeFile) -> String? {
        // In its body, or in its header (before the `{` that opens it).
        var found = f.scopes(around: k).first { $0.kind == .function }
        if found == nil {
            var q = k
            while q < f.tokens.count, q - k < 400, !f.isPunct(q, "{"), !f.isPunct(q, ";"), !f.isPunct(q, "}") { q += 1 }
            if q + 1 < f.tokens.count, f.isPunct(q, "{") {
                let s = f.structure.scopeIndex(of: q + 1)
                if s >= 0, f.structure.scopes[s].open == q, f.structure.scopes[s].declarationStart <= k { found = f.structure.scopes[s] }
            }
        }
        guard let method = found, method.kind == .function,
              f.isPunct(method.declarationStart, "-") || f.isPunct(method.declarationStart, "+"),
              let type = f.enclosingType(of: method.declarationStart) else { return nil }
        return type.name + " " + method.name
    }

    /// `API_AVAILABLE(…)`, `NS_SWIFT_NAME(…)`, `NS_REQUIRES_SUPER`: an all-capitals macro after
    /// a declarator, not part of its name.
    static func isAttributeMacro(_ q: Int, in f: CodeFile) -> Bool {
        let text = f.text(q)
        return text.count > 3 && text.allSatisfy { $0.isUppercase || $0 == "_" || $0.isNumber } && text.contains("_")
    }
}

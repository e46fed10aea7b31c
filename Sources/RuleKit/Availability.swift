import ProjectFiles
import SourceLexing

/// Runtime availability checks: which code only runs on iOS versions below a given one, and
/// which only runs from one on (rules and fixes alike ask).
public enum Availability {
    /// The iOS version that introduced scenes (`UIWindowScene`, `UISceneDelegate`).
    public static let scenesVersion = 13

    /// Whether token `k` only runs below iOS `major`: in the `else` of
    /// `if #available(iOS 13, *)` / `if (@available(iOS 13.0, *))` (or an earlier version), in
    /// `guard #available(iOS 13, *) else { … }`, or in `if #unavailable(iOS 13)`. Code there has
    /// no API of that version to migrate to, so findings whose fix needs it do not apply
    /// (scenes: 13; the safe area: 11). A guard on a later version leaves the fallback running
    /// where the fix exists, so it still counts.
    public static func isFallback(_ k: Int, below major: Int, in f: CodeFile) -> Bool {
        isFallback(runsOnlyBelow: runsOnlyBelow(k, in: f), below: major)
    }

    /// The same, from the code's `runsOnlyBelow` already found.
    public static func isFallback(runsOnlyBelow ceiling: Int?, below major: Int) -> Bool {
        ceiling.map { $0 <= major } ?? false
    }

    /// The iOS major version below which alone the code at `k` runs (the lowest of its blocks'
    /// `fallbackVersion`s), nil when it runs everywhere. At a deployment target of that version
    /// or later such code never runs.
    public static func runsOnlyBelow(_ k: Int, in f: CodeFile) -> Int? {
        var lowest: Int? = nil
        func take(_ v: Int?) { if let v, lowest.map({ v < $0 }) ?? true { lowest = v } }
        for scope in f.scopes(around: k) where scope.kind == .control { take(fallbackVersion(of: scope, in: f)) }
        // `guard ProcessInfo.processInfo.operatingSystemVersion.majorVersion < 13 else { return }`
        // earlier in an enclosing body: what follows runs only below 13.
        for v in versions(ofGuardsBefore: k, f.versionCeilingGuards, in: f) { take(v) }
        // `if (SYSTEM_VERSION_LESS_THAN(@"8.0") && UIInterfaceOrientationIsLandscape(…))`: what the
        // condition reads after `&&` is read only below 8 too (CWStatusBarNotification).
        var q = k - 1
        while q >= 0, k - q < 48, !f.isPunct(q, ";"), !f.isPunct(q, "{"), !f.isPunct(q, "}"), !f.is(q, .if) { q -= 1 }
        if q >= 0, f.is(q, .if), (q..<k).contains(where: { f.text($0) == "&&" }) { take(versionCeiling(in: q..<k, in: f)) }
        return lowest
    }

    /// For a block that runs only below some iOS version, that version.
    public static func fallbackVersion(of scope: Scope, in f: CodeFile) -> Int? {
        let open = scope.open
        // `if #unavailable(iOS 13) {`
        if let condition = conditionStart(before: open, in: f), let v = version(in: condition..<open, word: .unavailable, in: f) {
            return v
        }
        // `if (floor(NSFoundationVersionNumber) <= NSFoundationVersionNumber_iOS_7_1) {`: iOS 7.1
        // or earlier, so below 8; `< NSFoundationVersionNumber_iOS_8_0`: below 8.
        if let condition = conditionStart(before: open, in: f), let v = foundationCeiling(in: condition..<open, in: f) { return v }
        // `if ProcessInfo.processInfo.operatingSystemVersion.majorVersion < 13 {`, `systemVersion.floatValue < 13.0`
        if let condition = conditionStart(before: open, in: f), let v = versionCeiling(in: condition..<open, in: f) { return v }
        // `} else if (…) {`: as an `else`, below what the branches before it test.
        if !f.is(open - 1, .else) {
            guard let start = conditionStart(before: open, in: f), f.is(start - 1, .else) else { return nil }
            return chainFallback(endingAt: start - 2, in: f)
        }
        // `guard #available(iOS 13, *) else {`
        // Back over the condition, across its calls' parentheses and the closures in them
        // (`connectedScenes.compactMap({ $0 as? UIWindowScene }).first`, jami's screen dimensions).
        var q = open - 2
        while q >= 0, q > open - 256, !f.is(q, .guard), !f.isPunct(q, "}"), !f.isPunct(q, ";") {
            if f.isPunct(q, ")"), f.pair(q) >= 0, f.pair(q) < q { q = f.pair(q) }
            q -= 1
        }
        if f.is(q, .guard) { return version(in: q..<(open - 1), word: .available, in: f) ?? noSceneFallback(in: q..<(open - 1), in: f) }
        return chainFallback(endingAt: open - 2, in: f)
    }

    /// An `else` runs only when every condition of the chain before it was false, so an
    /// `#available(iOS 13, *)` anywhere in `if (…) { … } else if (…available…) { … } else {` keeps
    /// it below 13 (the lowest such version when several do); `close` is the `}` before the `else`.
    static func chainFallback(endingAt close: Int, in f: CodeFile) -> Int? {
        var close = close
        var result: Int? = nil
        while f.isPunct(close, "}"), f.pair(close) >= 0 {
            let blockOpen = f.pair(close)
            guard let start = conditionStart(before: blockOpen, in: f) else { break }
            if let v = version(in: start..<blockOpen, word: .available, in: f) ?? noSceneFallback(in: start..<blockOpen, in: f)
                ?? foundationCeiling(in: start..<blockOpen, in: f, otherwise: true) {
                result = min(result ?? v, v)
            }
            if f.is(start - 1, .else) { close = start - 2 } else { break }
        }
        return result
    }

    /// `if let scene = window.windowScene {` / `guard let scene = view.window?.windowScene else {`:
    /// the other branch is where there is no window scene to use (before iOS 13, or a window no
    /// scene holds), so what a scene-based fix needs does not exist there — 13, as for a
    /// pre-scene fallback.
    static func noSceneFallback(in range: Range<Int>, in f: CodeFile) -> Int? {
        guard f.language == .swift else { return nil }
        for q in range where f.is(q, .let) || f.is(q, .var) {
            var e = q + 1
            while e < range.upperBound, !f.isPunct(e, ","), !f.isPunct(e, "{"), !f.is(e, .else) {
                if f.is(e, .windowScene) || f.is(e, .UIWindowScene) { return scenesVersion }
                // A call's arguments, closures among them: `compactMap({ $0 as? UIWindowScene })`.
                if f.isPunct(e, "("), f.pair(e) > e, f.pair(e) < range.upperBound {
                    if (e..<f.pair(e)).contains(where: { f.is($0, .UIWindowScene) }) { return scenesVersion }
                    e = f.pair(e)
                }
                e += 1
            }
        }
        return nil
    }

    /// The `if` that starts the condition before a block's `{`. `acrossCalls`: over the condition's
    /// parenthesised calls and the closures in them too (`connectedScenes.first(where: { … }) as?
    /// UIWindowScene`), however long.
    public static func conditionStart(before open: Int, in f: CodeFile, acrossCalls: Bool = false) -> Int? {
        var q = open - 1
        if f.isPunct(q, ")"), f.language == .objectiveC {
            let p = f.pair(q)
            return p > 0 && f.is(p - 1, .if) ? p - 1 : nil
        }
        while q >= 0, open - q < (acrossCalls ? 256 : 64) {
            if f.is(q, .if) { return q }
            if acrossCalls, f.isPunct(q, ")") || f.isPunct(q, "]"), f.pair(q) >= 0, f.pair(q) < q { q = f.pair(q) - 1; continue }
            if f.isPunct(q, "{") || f.isPunct(q, "}") || f.isPunct(q, ";") { return nil }
            q -= 1
        }
        return nil
    }

    /// The version a condition `NSFoundationVersionNumber <= NSFoundationVersionNumber_iOS_X_Y`
    /// (or `<`, the constant on the right) keeps its block below: X + 1 for `<=`, X for `<` of
    /// `_X_0`. Nil for any other condition, and for one joined with `||`.
    /// `otherwise`: for the `else` of the condition — `> NSFoundationVersionNumber_iOS_7_1` leaves
    /// iOS 7.1 or earlier there, so below 8 (RESideMenu's iOS 7 frames).
    static func foundationCeiling(in range: Range<Int>, in f: CodeFile, otherwise: Bool = false) -> Int? {
        guard !range.contains(where: { f.text($0) == "||" }) else { return nil }
        for q in range where f.text(q).hasPrefix("NSFoundationVersionNumber_iOS_") {
            let parts = f.text(q).dropFirst("NSFoundationVersionNumber_iOS_".count).split(separator: "_")
            guard let major = parts.first.flatMap({ Int($0) }) else { return nil }
            let minor = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
            // The comparison just before the constant, with the version number on its left.
            guard f[q - 1].kind == .punct, (q - 8..<q - 1).contains(where: { f.text($0) == "NSFoundationVersionNumber" }) else { return nil }
            switch (f.text(q - 1), otherwise) {
            case ("<=", false), (">", true): return major + 1
            case ("<", false), (">=", true): return minor == 0 ? major : major + 1
            default: return nil
            }
        }
        return nil
    }

    /// The version a runtime comparison of the system's version keeps its code below:
    /// `operatingSystemVersion.majorVersion < 13` (or `<= 12`), `[[UIDevice currentDevice].systemVersion
    /// floatValue] < 13.0`, `UIDevice.current.systemVersion.floatValue < 13`. Nil for any other
    /// condition, and for one joined with `||`.
    static func versionCeiling(in range: Range<Int>, in f: CodeFile) -> Int? {
        guard !range.contains(where: { f.text($0) == "||" }) else { return nil }
        // The common macros over `[[UIDevice currentDevice].systemVersion compare:v options:NSNumericSearch]`:
        // `SYSTEM_VERSION_LESS_THAN(@"8.0")` runs below 8, `…_LESS_THAN_OR_EQUAL_TO(@"7.1")` below 8 (CWStatusBarNotification).
        for q in range where f[q].kind == .identifier && (f.text(q) == "SYSTEM_VERSION_LESS_THAN" || f.text(q) == "SYSTEM_VERSION_LESS_THAN_OR_EQUAL_TO") {
            guard f.isPunct(q + 1, "(") else { continue }
            let s = f.isPunct(q + 2, "@") ? q + 3 : q + 2
            guard s < range.upperBound, f[s].kind == .string else { continue }
            let literal = f.text(s).filter { $0.isNumber || $0 == "." }
            guard let value = Double(literal) else { continue }
            let major = Int(value.rounded(.down))
            return f.text(q) == "SYSTEM_VERSION_LESS_THAN" && value == value.rounded(.down) ? major : major + 1
        }
        for q in range where f.text(q) == "<" || f.text(q) == "<=" {
            guard q + 1 < range.upperBound, f[q + 1].kind == .number, let value = Double(f.text(q + 1).filter { $0 != "f" }) else { continue }
            var left = q - 1
            if f.isPunct(left, "]") || f.isPunct(left, ")"), f.pair(left) >= 0, f.pair(left) < left { left = f.pair(left) }
            let operand = max(range.lowerBound, left - 12)..<q
            let reads = operand.contains { f.text($0) == "majorVersion" }
                || (operand.contains { f.text($0) == "systemVersion" } && operand.contains { ["floatValue", "doubleValue", "intValue", "integerValue"].contains(f.text($0)) })
            guard reads else { continue }
            let major = Int(value.rounded(.down))
            return f.text(q) == "<" ? (value == value.rounded(.down) ? major : major + 1) : major + 1
        }
        return nil
    }

    /// The iOS major version in an `@available(iOS N, *)` / `#available` / `#unavailable` in `range`.
    public static func version(in range: Range<Int>, word: Word, in f: CodeFile) -> Int? {
        for q in range where (f[q].kind == .atWord || f[q].kind == .hashWord) && f[q].word == word {
            var r = q + 2
            while r < range.upperBound, !f.isPunct(r, ")") {
                let name = f.text(r)
                if name == "iOS" || name == "iOSApplicationExtension", f[r + 1].kind == .number {
                    return Int(f.text(r + 1).split(separator: ".").first ?? "")
                }
                r += 1
            }
        }
        return nil
    }

    /// The highest iOS version the code at `k` is guaranteed to run on by availability guards:
    /// the body of `if #available(iOS N, *)` / `if (@available(iOS N, *))`, code after
    /// `guard #available(iOS N, *) else`, and declarations marked `@available(iOS N, *)` or
    /// `API_AVAILABLE(ios(N))`.
    public static func guaranteed(at k: Int, in f: CodeFile) -> OSVersion? {
        var best: OSVersion? = nil
        func take(_ v: OSVersion?) { if let v, best.map({ v > $0 }) ?? true { best = v } }
        for scope in f.scopes(around: k) {
            switch scope.kind {
            case .control:
                if !f.is(scope.open - 1, .else), let start = conditionStart(before: scope.open, in: f) {
                    take(osVersion(in: start..<scope.open, word: .available, in: f))
                }
            case .function, .accessor, .type:
                take(declaredVersion(of: scope, in: f))
            default:
                break
            }
        }
        // `guard #available(iOS 17, *) else { return }` earlier in an enclosing body.
        for v in versions(ofGuardsBefore: k, f.availabilityGuards, in: f) { take(v) }
        return best
    }

    /// The versions of the `guard … else { … }` statements (`guards`, found once per file) that
    /// come before `k` in a body enclosing it: the code at `k` runs only where each held.
    static func versions<V>(ofGuardsBefore k: Int, _ guards: [(scope: Int, close: Int, version: V)], in f: CodeFile) -> [V] {
        guard !guards.isEmpty else { return [] }
        var out: [V] = []
        var s = k >= 0 && k < f.tokens.count ? f.structure.scopeIndex(of: k) : -1
        while s >= 0 {
            if f.structure.scopes[s].kind != .type {
                for g in guards where g.scope == s && g.close < k { out.append(g.version) }
            }
            s = f.structure.scopes[s].parent
        }
        return out
    }

    /// The file's `guard <runtime version below N> else {` statements (one pass, for `runsOnlyBelow`).
    static func ceilingGuards(in f: CodeFile) -> [(scope: Int, close: Int, version: Int)] {
        var out: [(scope: Int, close: Int, version: Int)] = []
        for q in f.tokens.indices where f.is(q, .guard) {
            var e = q + 1
            while e < f.tokens.count, !f.is(e, .else), e - q < 48 { e += 1 }
            guard f.is(e, .else), f.isPunct(e + 1, "{"), f.pair(e + 1) > e, let v = versionCeiling(in: q..<e, in: f) else { continue }
            out.append((f.structure.scopeIndex(of: q), f.pair(e + 1), v))
        }
        // `if #available(iOS 13.0, *) { …; return x }` with no `else`: what follows it runs only below
        // 13, as a `guard #available` body does (NotificationBanner's pre-scene `appWindow`).
        for q in f.tokens.indices where f.is(q, .if) && !f.is(q - 1, .else) {
            var open = q + 1
            while open < f.tokens.count, open - q < 48, !f.isPunct(open, "{") { open += 1 }
            let close = f.isPunct(open, "{") ? f.pair(open) : -1
            guard close > open, !f.is(close + 1, .else), let v = version(in: q..<open, word: .available, in: f),
                  exitsAlways(open, close, in: f) else { continue }
            out.append((f.structure.scopeIndex(of: q), close, v))
        }
        return out
    }

    /// Whether the block `open…close` always leaves its function: it holds a `return` or `throw`
    /// of its own, not one inside a nested block or closure (reached, it is reached on every path).
    static func exitsAlways(_ open: Int, _ close: Int, in f: CodeFile) -> Bool {
        var q = open + 1
        while q < close {
            if f.isPunct(q, "{") || f.isPunct(q, "(") || f.isPunct(q, "["), f.pair(q) > q { q = f.pair(q) + 1; continue }
            if f.is(q, .return) || f.text(q) == "throw" { return true }
            q += 1
        }
        return false
    }

    /// The file's `guard #available(iOS N, *) else {` statements (one pass, for `guaranteed`).
    static func guards(in f: CodeFile) -> [(scope: Int, close: Int, version: OSVersion)] {
        var out: [(scope: Int, close: Int, version: OSVersion)] = []
        for q in f.tokens.indices where f.is(q, .guard) {
            var e = q + 1
            while e < f.tokens.count, !f.is(e, .else), e - q < 48 { e += 1 }
            guard f.is(e, .else), f.isPunct(e + 1, "{"), f.pair(e + 1) > e, let v = osVersion(in: q..<e, word: .available, in: f) else { continue }
            out.append((f.structure.scopeIndex(of: q), f.pair(e + 1), v))
        }
        return out
    }

    /// `@available(iOS 17, *)`, `@available(iOS, introduced: 17)` before a declaration, or
    /// `API_AVAILABLE(ios(17.0))` in an Objective-C method or interface line.
    public static func declaredVersion(of scope: Scope, in f: CodeFile) -> OSVersion? {
        if scope.kind == .type, f.language == .objectiveC { return objcClassVersion(scope.name, in: f) }
        var from = scope.declarationStart
        while from > 0, f[from - 1].kind == .atWord || (f.isPunct(from - 1, ")") && f.pair(from - 1) > 0 && f[f.pair(from - 1) - 1].kind == .atWord) {
            from = f.isPunct(from - 1, ")") ? f.pair(from - 1) - 1 : from - 1
        }
        return osVersion(in: from..<scope.open, word: .available, in: f)
    }

    /// `API_AVAILABLE(ios(13.0))` on an `@interface` of `name` in this file — before it or at the
    /// end of its header line — which an `@implementation` or category of the class shares.
    public static func objcClassVersion(_ name: String, in f: CodeFile) -> OSVersion? {
        var best: OSVersion? = nil
        for scope in f.structure.scopes where scope.kind == .type && scope.name == name
            && (scope.typeKind == .objcInterface || scope.typeKind == .objcCategory || scope.typeKind == .objcImplementation) {
            if let v = objcInterfaceVersion(scope, in: f), best.map({ v > $0 }) ?? true { best = v }
        }
        return best
    }

    /// `API_AVAILABLE(ios(N))` right before an Objective-C `@interface` (or `@implementation`)
    /// or on its header line.
    public static func objcInterfaceVersion(_ scope: Scope, in f: CodeFile) -> OSVersion? {
        var from = scope.open, to = scope.open + 1
        if f.isPunct(from - 1, ")"), f.pair(from - 1) > 0, f.is(f.pair(from - 1) - 1, .API_AVAILABLE) { from = f.pair(from - 1) - 1 }
        while to < min(scope.close, f.tokens.count), !f[to].isLineStart { to += 1 }
        return osVersion(in: from..<to, word: .available, in: f)
    }

    /// The iOS version named by `@available`/`#available`/`API_AVAILABLE` in `range`. A guard
    /// that names Mac Catalyst and not iOS (`#available(macCatalyst 16, *)`, written for code
    /// only Catalyst compiles) counts with its Catalyst version: Catalyst's versions follow iOS's.
    public static func osVersion(in range: Range<Int>, word: Word, in f: CodeFile) -> OSVersion? {
        var catalyst: OSVersion? = nil
        for q in range {
            let t = f[q]
            // `NS_AVAILABLE_IOS(13_0)`, `NS_CLASS_AVAILABLE_IOS(13_0)`, `__IOS_AVAILABLE(13.0)`: the older SDK macros, iOS only.
            if word == .available, t.is(.NS_AVAILABLE_IOS) || t.is(.NS_CLASS_AVAILABLE_IOS) || t.is(.__IOS_AVAILABLE),
               f.isPunct(q + 1, "("), q + 2 < range.upperBound, f[q + 2].kind == .number {
                return OSVersion(f.text(q + 2).replacingOccurrences(of: "_", with: ".").filter { $0 != "f" })
            }
            let isGuard = ((t.kind == .atWord || t.kind == .hashWord) && t.word == word) || (t.is(.API_AVAILABLE) && word == .available)
            guard isGuard else { continue }
            var r = q + 1
            let end = min(range.upperBound, f.pair(q + 1) >= 0 ? f.pair(q + 1) : q + 16)
            while r < end {
                let name = f[r]
                if name.is(.iOS) || name.is(.ios) || f.text(r) == "iOSApplicationExtension" {
                    var v = r + 1
                    if f.isPunct(v, "(") { v += 1 }                     // ios(17.0)
                    if f.isPunct(v, ","), f.is(v + 1, .introduced), f.isPunct(v + 2, ":") { v += 3 }
                    if f[v].kind == .number { return OSVersion(f.text(v).filter { $0 != "f" }) }
                } else if catalyst == nil, f[r].kind == .identifier, f.text(r).lowercased() == "maccatalyst" {
                    var v = r + 1
                    if f.isPunct(v, "(") { v += 1 }
                    if f[v].kind == .number { catalyst = OSVersion(f.text(v).filter { $0 != "f" }) }
                }
                r += 1
            }
        }
        return catalyst
    }
}

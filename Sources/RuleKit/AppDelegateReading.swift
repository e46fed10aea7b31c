import SourceLexing

/// What both the lifecycle rules and `migrate scenes` read of an app delegate's methods, read
/// one way: whether a callback is a template stub, and which launch options it reads.
extension CodeFile {
    /// Whether the method `s`'s body is empty (comments are no tokens) or only calls its super
    /// implementation: Xcode's template stubs lose nothing under scenes.
    public func isTemplateStub(_ s: Scope) -> Bool {
        var body = Array((s.open + 1)..<min(s.close, tokens.count))
        if let last = body.last, isPunct(last, ";") { body.removeLast() }
        guard let first = body.first else { return true }
        let name = language == .swift ? s.name : String(s.name.split(separator: ":").first ?? "")
        // `super.name(args)` / `[super name:args]`, nothing else.
        if self.is(first, .super), isPunct(first + 1, "."), text(first + 2) == name, isPunct(first + 3, "("), pair(first + 3) == body.last { return true }
        return isPunct(first, "[") && pair(first) == body.last && self.is(first + 1, .super) && text(first + 2) == name
    }

    /// Whether the body of `s` does nothing but log: every statement a call of `print`, `NSLog`,
    /// `os_log`, a `DDLog…` macro or a logger's level method (`log.info(…)`, `Logger.app.debug(…)`)
    /// — a scene delegate's link handler that only notes the call handles nothing (Amperfy's
    /// settings and mini-player scenes).
    public func onlyLogs(_ s: Scope) -> Bool {
        var q = s.open + 1, calls = 0
        let end = min(s.close, tokens.count)
        while q < end {
            if isPunct(q, ";") { q += 1; continue }
            // A call: dotted names (`self.log.info`), then its parenthesised arguments.
            var names: [String] = []
            while q < end, self[q].kind == .identifier {
                names.append(text(q))
                guard isPunct(q + 1, ".") else { q += 1; break }
                q += 2
            }
            guard let last = names.last, isPunct(q, "("), pair(q) > q, pair(q) < end, Self.isLogging(names, last) else { return false }
            q = pair(q) + 1
            calls += 1
        }
        return calls > 0
    }

    static let logFunctions: Set<String> = ["print", "debugPrint", "NSLog", "os_log", "dump"]
    static let logLevels: Set<String> = ["trace", "debug", "verbose", "info", "notice", "warning", "warn", "error", "critical", "fault", "log"]

    static func isLogging(_ names: [String], _ last: String) -> Bool {
        if names.count == 1 { return logFunctions.contains(last) || last.hasPrefix("DDLog") }
        return logLevels.contains(last) && names.dropLast().contains { $0.lowercased().contains("log") }
    }

    /// Whether the body of `s` only tests and answers — no call, no assignment, every `return` a
    /// boolean: `return YES;`, Swift's `{ true }` (blink's `continueUserActivity` stub), `guard
    /// userActivity.activityType == NSUserActivityTypeBrowsingWeb else { return false }; return true`
    /// (5 Calls' app delegate). A handler that handles nothing.
    public func onlyTestsAndAnswers(_ s: Scope) -> Bool {
        let body = (s.open + 1)..<min(s.close, tokens.count)
        let answers: Set<String> = ["YES", "NO", "true", "false"]
        if body.count == 1, language == .swift { return answers.contains(text(body.lowerBound)) }
        guard body.contains(where: { self.is($0, .return) }) else { return false }
        for q in body {
            if isPunct(q, "("), self[q - 1].kind == .identifier || isPunct(q - 1, "]") || isPunct(q - 1, ")") { return false }
            if isPunct(q, "["), language == .objectiveC { return false }
            if self[q].kind == .punct, ["=", "+=", "-=", "*=", "/="].contains(text(q)) { return false }
            if self.is(q, .return), !answers.contains(text(q + 1)) { return false }
        }
        return true
    }

    /// In `application(_:didFinishLaunchingWithOptions:)` (`s`), the launch options' keys read
    /// that scenes leave empty — `launchOptions?[.url]`, `UIApplication.LaunchOptionsKey.shortcutItem`,
    /// `launchOptions[UIApplicationLaunchOptionsURLKey]` — as (key as written, token).
    public func launchOptionReads(in s: Scope) -> [(key: String, token: Int)] {
        var out: [(key: String, token: Int)] = []
        let options = s.parameterNames.count > 1 ? s.parameterNames[1] : "launchOptions"
        for q in (s.open + 1)..<min(s.close, tokens.count) where self[q].kind == .identifier {
            let t = text(q)
            if language == .swift {
                guard ["url", "shortcutItem", "userActivityDictionary"].contains(t), isPunct(q - 1, ".") else { continue }
                var p = q - 3
                if isPunct(p, "?") || isPunct(p, "!") { p -= 1 }
                if (isPunct(q - 2, "[") && text(p) == options) || text(q - 2) == "LaunchOptionsKey" { out.append(("." + t, q)) }
            } else if ["UIApplicationLaunchOptionsURLKey", "UIApplicationLaunchOptionsShortcutItemKey",
                       "UIApplicationLaunchOptionsUserActivityDictionaryKey"].contains(t) {
                out.append((t, q))
            }
        }
        return out
    }
}

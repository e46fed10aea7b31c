import Foundation

/// An Info.plist that Xcode runs through the C preprocessor before it is a property list
/// (`INFOPLIST_PREPROCESS = YES`): `#if`/`#ifdef`/`#ifndef`/`#elif`/`#else`/`#endif`, `#define`,
/// `#undef` and `#include` lines between elements. The conditions are evaluated as the source
/// scan evaluates its own, with three values: over the target's
/// `INFOPLIST_PREPROCESSOR_DEFINITIONS` and what the file itself defines, a name nothing defines
/// being known undefined only when every definition could be read. A branch whose condition is
/// unknown may be built either way, so the file is read twice — unknown conditions taken as true,
/// then as false — and whatever either reading holds counts as present.
public enum InfoPlistPreprocessor {
    /// The two readings (identical when no condition is unknown), each with every directive line
    /// blanked so that lines keep their numbers; nil when the file has no directive.
    public static func readings(_ bytes: [UInt8], definitions: [String: String], complete: Bool) -> (whenTrue: [UInt8], whenFalse: [UInt8], unknown: Bool)? {
        guard hasDirectives(bytes) else { return nil }
        let lines = bytes.split(separator: 10, omittingEmptySubsequences: false)
        var unknown = false
        func reading(_ assume: Bool) -> [UInt8] {
            var defined = definitions
            var complete = complete
            // Per open `#if`: whether this branch is taken, and whether one before it was.
            var stack: [(active: Bool, taken: Bool, outer: Bool)] = []
            var active: Bool { stack.last.map(\.active) ?? true }
            func value(_ condition: String) -> Bool {
                if let v = PlatformConditions.evaluate(condition, definitions: defined, complete: complete) { return v }
                unknown = true
                return assume
            }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count)
            for (n, line) in lines.enumerated() {
                if n > 0 { out.append(10) }
                guard let (name, rest) = directive(in: line) else {
                    if active { out += line }
                    continue
                }
                switch name {
                case "if", "ifdef", "ifndef":
                    let condition = name == "if" ? rest : (name == "ifdef" ? "defined(\(rest))" : "!defined(\(rest))")
                    let outer = active
                    let v = outer && value(condition)
                    stack.append((v, v, outer))
                case "elif":
                    guard var top = stack.popLast() else { continue }
                    let v = top.outer && !top.taken && value(rest)
                    top.active = v
                    top.taken = top.taken || v
                    stack.append(top)
                case "else":
                    guard var top = stack.popLast() else { continue }
                    top.active = top.outer && !top.taken
                    top.taken = true
                    stack.append(top)
                case "endif":
                    _ = stack.popLast()
                case "define" where active:
                    let parts = rest.split(separator: " ", maxSplits: 1)
                    if let first = parts.first { defined[String(first.prefix { $0 != "(" })] = parts.count > 1 ? String(parts[1]) : "1" }
                case "undef" where active:
                    defined[rest] = nil
                case "include" where active:
                    // What an included header defines is not read: names it may define are unknown.
                    complete = false
                default:
                    break
                }
            }
            return out
        }
        let whenTrue = reading(true)
        let whenFalse = reading(false)
        return (whenTrue, whenFalse, unknown)
    }

    /// Whether `bytes` hold a preprocessor directive line (`#if`, `#define`, …).
    public static func hasDirectives(_ bytes: [UInt8]) -> Bool {
        // Cheap first: no `#` at all is no directive.
        guard bytes.contains(UInt8(ascii: "#")) else { return false }
        return bytes.split(separator: 10, omittingEmptySubsequences: false).contains { directive(in: $0) != nil }
    }

    /// `#name rest` when `line` is a directive line (leading blanks allowed), else nil.
    static func directive(in line: ArraySlice<UInt8>) -> (String, String)? {
        var i = line.startIndex
        while i < line.endIndex, line[i] == 32 || line[i] == 9 { i += 1 }
        guard i < line.endIndex, line[i] == UInt8(ascii: "#") else { return nil }
        i += 1
        while i < line.endIndex, line[i] == 32 || line[i] == 9 { i += 1 }
        var j = i
        while j < line.endIndex, (line[j] | 0x20) >= 0x61 && (line[j] | 0x20) <= 0x7A { j += 1 }
        let name = String(decoding: line[i..<j], as: UTF8.self)
        guard ["if", "ifdef", "ifndef", "elif", "else", "endif", "define", "undef", "include", "import", "pragma", "error", "warning"].contains(name) else { return nil }
        var rest = String(decoding: line[j...], as: UTF8.self)
        // A trailing `//` or `/* */` comment is not part of the condition.
        if let r = rest.range(of: "//") { rest = String(rest[..<r.lowerBound]) }
        if let r = rest.range(of: "/*") { rest = String(rest[..<r.lowerBound]) }
        return (name == "import" ? "include" : name, rest.trimmingCharacters(in: .whitespaces))
    }

    /// The definitions `INFOPLIST_PREPROCESSOR_DEFINITIONS` gives (`NAME`, `NAME=value`, quoted or
    /// not), and whether they are all known (no build setting left unresolved).
    public static func definitions(_ setting: String?) -> (values: [String: String], complete: Bool) {
        guard let setting, !setting.isEmpty else { return ([:], true) }
        var values: [String: String] = [:]
        var complete = true
        for word in setting.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
            var w = String(word)
            if w.hasPrefix("\""), w.hasSuffix("\""), w.count >= 2 { w = String(w.dropFirst().dropLast()) }
            if w.contains("$(") || w.contains("${") { complete = false; continue }
            if w == "$(inherited)" || w.isEmpty { continue }
            let parts = w.split(separator: "=", maxSplits: 1)
            values[String(parts[0])] = parts.count > 1 ? String(parts[1]) : "1"
        }
        return (values, complete)
    }
}

import RuleKit
import ScanEngine

/// The tool's name and version, as reports state them.
public enum Tool {
    public static let name = "fleetscan"
    public static let version = "0.1.0"
}

/// What was scanned, for the report's `target`.
public struct ScanTarget: Sendable {
    public var path: String
    public var repo: String?
    public var rev: String?
    public var commit: String?

    public init(path: String, repo: String? = nil, rev: String? = nil, commit: String? = nil) {
        self.path = path
        self.repo = repo
        self.rev = rev
        self.commit = commit
    }
}

/// `path:line:col: warning: message [rule-id]`, one line per finding, as clang prints
/// diagnostics, so Xcode and editors jump to them. `display` turns a finding's path into the
/// path to print (relative to the current folder when the root is elsewhere).
public enum XcodeReport {
    public static func render(_ result: ScanResult, display: (String) -> String = { $0 }) -> String {
        var out = ""
        for f in result.findings {
            out += "\(display(f.path)):\(f.line):\(f.column): \(f.severity.rawValue): \(f.message) [\(f.rule)]\n"
        }
        return out
    }
}

/// The version-1 JSON contract of `scan --format json` (SPEC.md). Extend, never rename.
public enum JSONReport {
    public static let schemaVersion = 1

    public static func render(_ result: ScanResult, target: ScanTarget) -> String {
        value(result, target: target).rendered()
    }

    public static func value(_ result: ScanResult, target: ScanTarget) -> JSONValue {
        .object([
            ("schemaVersion", .int(schemaVersion)),
            ("tool", .object([("name", .string(Tool.name)), ("version", .string(Tool.version))])),
            ("target", .object([("path", .string(target.path)), ("repo", .optional(target.repo)),
                                ("rev", .optional(target.rev)), ("commit", .optional(target.commit))])),
            ("findings", .array(result.findings.map(finding))),
            ("summary", summary(result)),
            ("diagnostics", .array(result.diagnostics.map { .object([("path", .string($0.path)), ("message", .string($0.message))]) })),
        ])
    }

    static func finding(_ f: Finding) -> JSONValue {
        .object([
            ("rule", .string(f.rule)), ("severity", .string(f.severity.rawValue)), ("facet", .string(f.facet.rawValue)),
            ("context", .string(f.context.rawValue)), ("path", .string(f.path)), ("line", .int(f.line)),
            ("column", .int(f.column)), ("message", .string(f.message)), ("suggestion", .string(f.suggestion)),
            ("fingerprint", .string(f.fingerprint)),
        ])
    }

    static func summary(_ r: ScanResult) -> JSONValue {
        .object([
            ("files", .int(r.files)), ("skipped", .int(r.skipped)), ("diagnostics", .int(r.diagnostics.count)),
            ("error", .int(r.count(.error))), ("warning", .int(r.count(.warning))), ("note", .int(r.count(.note))),
            ("byRule", .object(r.byRule.sorted { $0.key < $1.key }.map { ($0.key, .int($0.value)) })),
            ("stage", .optional(r.stage)),
            ("symlinks", .int(r.symlinks)), ("submodules", .int(r.submodules)), ("lfsPointers", .int(r.lfsPointers)),
        ])
    }
}

/// The one-line summary printed after a scan.
public enum ScanSummary {
    public static func line(_ r: ScanResult) -> String {
        func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        var parts = [plural(r.files, "file")]
        let unscanned = [(r.skipped, "skipped"), (r.submodules, r.submodules == 1 ? "submodule" : "submodules"),
                         (r.lfsPointers, r.lfsPointers == 1 ? "LFS pointer" : "LFS pointers")].filter { $0.0 > 0 }
        if !unscanned.isEmpty { parts[0] += " (" + unscanned.map { "\($0.0) \($0.1)" }.joined(separator: ", ") + ")" }
        let findings = [plural(r.count(.error), "error"), plural(r.count(.warning), "warning"), plural(r.count(.note), "note")]
        var line = "fleetscan: \(parts[0]), \(findings.joined(separator: ", "))"
        if !r.diagnostics.isEmpty { line += ", \(plural(r.diagnostics.count, "diagnostic"))" }
        let ms = Int((r.seconds * 1000).rounded())
        line += " in \(ms < 1000 ? "\(ms) ms" : String(format3(r.seconds)) + " s")"
        return line
    }

    static func format3(_ seconds: Double) -> String {
        let hundredths = Int((seconds * 100).rounded())
        return "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)"
    }
}

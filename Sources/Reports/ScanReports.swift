import ResultStore
import RuleKit
import ScanEngine

/// What was scanned, for the report's `target`.
public struct ScanTarget: Sendable {
    public var path: String
    public var repo: String?
    public var rev: String?
    public var commit: String?
    /// What comes before a finding's path to make it a path from the top of the repository
    /// ("Fixtures/SampleApp/", or ""): the CI formats and SARIF give paths that way, because CI
    /// systems resolve them from the checkout, whichever folder was scanned.
    public var repositoryPrefix: String

    public init(path: String, repo: String? = nil, rev: String? = nil, commit: String? = nil, repositoryPrefix: String = "") {
        self.path = path
        self.repo = repo
        self.rev = rev
        self.commit = commit
        self.repositoryPrefix = repositoryPrefix
    }

    /// A finding's path from the top of the repository.
    public func inRepository(_ path: String) -> String { repositoryPrefix + path }
}

/// What every report format renders: a scan's result, what was scanned, and (with a baseline
/// or a diff base) which findings are new.
public struct ScanReport: Sendable {
    public var result: ScanResult
    public var target: ScanTarget
    /// One flag per finding of `result`, and the baseline counts; nil without a baseline.
    public var comparison: Baseline.Comparison?

    public init(result: ScanResult, target: ScanTarget, comparison: Baseline.Comparison? = nil) {
        self.result = result
        self.target = target
        self.comparison = comparison
    }

    /// Whether finding `i` is new (every finding is, without a baseline).
    public func isNew(_ i: Int) -> Bool { comparison?.isNew[i] ?? true }

    /// The findings that are new, in report order.
    public var newFindings: [Finding] {
        result.findings.enumerated().filter { isNew($0.offset) }.map(\.element)
    }
}

/// `path:line:col: warning: message [rule-id]`, one line per finding, as clang prints
/// diagnostics, so Xcode and editors jump to them. `display` turns a finding's path into the
/// path to print (relative to the current folder when the root is elsewhere). With a baseline,
/// new findings say so.
public enum XcodeReport {
    public static func render(_ result: ScanResult, display: (String) -> String = { $0 }) -> String {
        render(ScanReport(result: result, target: ScanTarget(path: "")), display: display)
    }

    public static func render(_ report: ScanReport, display: (String) -> String = { $0 }, colors: Colors = .off) -> String {
        var out = ""
        for (i, f) in report.result.findings.enumerated() {
            let mark = report.comparison != nil && report.isNew(i) ? "(new) " : ""
            // A name cannot forge a line nor reach the terminal raw (`Escape.line`); colour
            // codes are added around escaped text only.
            out += colors.bold("\(Escape.line(display(f.path))):\(f.line):\(f.column):") + " " + colors.severity(f.severity, f.severity.rawValue + ":")
                + " \(mark)\(Escape.line(f.message)) " + colors.dim("[\(f.rule)]\(apart(f.scope))") + "\n"
        }
        return out
    }

    /// Findings that never count towards a stage say whose code they are in.
    static func apart(_ scope: TargetScope) -> String {
        switch scope {
        case .app, .library: return ""
        case .example: return " (example app)"
        case .test: return " (test)"
        case .unbuilt: return " (no target builds this file)"
        }
    }
}

/// The version-1 JSON contract of `scan --format json` (SPEC.md). Extend, never rename.
public enum JSONReport {
    public static let schemaVersion = 1

    public static func render(_ result: ScanResult, target: ScanTarget) -> String {
        render(ScanReport(result: result, target: target))
    }

    public static func render(_ report: ScanReport) -> String {
        var out: [UInt8] = []
        write(report) { out += $0 }
        return String(decoding: out, as: UTF8.self)
    }

    /// The report in pieces, each finding made as it is written: a scan of a million findings
    /// is never held as one text (or one tree of values) besides the findings themselves.
    public static func write(_ report: ScanReport, _ emit: ([UInt8]) throws -> Void) rethrows {
        let result = report.result, target = report.target
        let labels = result.targetLabels
        try JSONValue.stream([
            ("schemaVersion", .value(.int(schemaVersion))),
            ("tool", .value(.object([("name", .string(Tool.name)), ("version", .string(Tool.version))]))),
            ("target", .value(.object([("path", .string(target.path)), ("repo", .optional(target.repo)),
                                       ("rev", .optional(target.rev)), ("commit", .optional(target.commit))]))),
            ("findings", .items(result.findings.count) { i in finding(result.findings[i], new: report.comparison == nil ? nil : report.isNew(i), labels: labels) }),
            ("summary", .value(summary(report))),
            ("diagnostics", .value(.array(result.diagnostics.map { .object([("path", .string($0.path)), ("message", .string($0.message))]) }))),
        ], emit)
    }

    /// A finding; `labels` name its targets as the summary's `targets` do.
    static func finding(_ f: Finding, new: Bool?, labels: [TargetID: String]) -> JSONValue {
        var fields: [(String, JSONValue)] = [
            ("rule", .string(f.rule.rawValue)), ("severity", .string(f.severity.rawValue)), ("facet", .string(f.facet.rawValue)),
            ("context", .string(f.context.rawValue)), ("path", .string(f.path)), ("line", .int(f.line)),
            ("column", .int(f.column)), ("message", .string(f.message)), ("suggestion", .string(f.suggestion)),
            ("fingerprint", .string(f.fingerprint)), ("contentFingerprint", .string(f.contentFingerprint)),
            ("lineFingerprint", .string(f.lineFingerprint)),
            ("scope", .string(f.scope.rawValue)), ("targets", .array(f.targets.map { .string(labels[$0] ?? $0.name) })),
        ]
        if let new { fields.append(("new", .bool(new))) }
        return .object(fields)
    }

    static func summary(_ report: ScanReport) -> JSONValue {
        let r = report.result
        var fields: [(String, JSONValue)] = [
            ("files", .int(r.files)), ("skipped", .int(r.skipped)), ("diagnostics", .int(r.diagnostics.count)),
            ("error", .int(r.count(.error))), ("warning", .int(r.count(.warning))), ("note", .int(r.count(.note))),
            ("byRule", .object(r.byRule.sorted { $0.key < $1.key }.map { ($0.key, .int($0.value)) })),
            ("stage", .optional(r.stage?.rawValue)),
            ("symlinks", .int(r.symlinks)), ("submodules", .int(r.submodules)), ("lfsPointers", .int(r.lfsPointers)),
            ("targets", .array(r.targets.map { t in
                var entry: [(String, JSONValue)] = [("name", .string(t.name)), ("platform", .string(t.platform)), ("scope", .string(t.scope.rawValue)),
                                                    ("stage", .string(t.stage.rawValue)),
                                                    ("blockers", .array(t.blockers.map { b in
                                                        .object([("rule", .string(b.rule)), ("path", .string(b.path)), ("line", .int(b.line))]) }))]
                if let reason = t.reason { entry.append(("reason", .string(reason))) }
                if let project = t.project { entry.append(("project", .string(project))) }
                return .object(entry)
            })),
        ]
        if let c = report.comparison {
            let fresh = report.newFindings
            fields.append(("new", .object(Severity.allCases.reversed().map { s in (s.rawValue, .int(fresh.filter { $0.severity == s }.count)) })))
            fields.append(("baseline", .object([("known", .int(c.known)), ("fixed", .int(c.fixed))])))
        }
        return .object(fields)
    }
}

/// The one-line summary printed after a scan.
public enum ScanSummary {
    public static func line(_ report: ScanReport, colors: Colors = .off) -> String {
        var text = line(report.result, colors: colors)
        guard let c = report.comparison else { return text }
        let fresh = report.newFindings
        let parts = Severity.allCases.reversed().compactMap { s -> String? in
            let n = fresh.filter { $0.severity == s }.count
            return n == 0 ? nil : "\(n) \(s.rawValue)\(n == 1 ? "" : "s")"
        }
        text += "; new: \(fresh.count)" + (parts.isEmpty ? "" : " (" + parts.joined(separator: ", ") + ")")
        text += ", known: \(c.known), fixed: \(c.fixed)"
        return text
    }

    public static func line(_ r: ScanResult, colors: Colors = .off) -> String {
        var parts = [plural(r.files, "file")]
        let unscanned = [(r.skipped, "skipped"), (r.submodules, r.submodules == 1 ? "submodule" : "submodules"),
                         (r.lfsPointers, r.lfsPointers == 1 ? "LFS pointer" : "LFS pointers")].filter { $0.0 > 0 }
        if !unscanned.isEmpty { parts[0] += " (" + unscanned.map { "\($0.0) \($0.1)" }.joined(separator: ", ") + ")" }
        let findings = Severity.allCases.reversed().map { colors.count(r.count($0), $0) }
        var line = "fleetscan: \(parts[0]), \(findings.joined(separator: ", "))"
        if !r.diagnostics.isEmpty { line += ", \(plural(r.diagnostics.count, "diagnostic"))" }
        let ms = Int((r.seconds * 1000).rounded())
        line += " in \(ms < 1000 ? "\(ms) ms" : String(format3(r.seconds)) + " s")"
        if let stage = r.stage { line += "; stage \(stage.rawValue)" + reason(r) }
        return line
    }

    /// What holds the repository at its stage: ` (Riot: scene-manifest-missing)`, or
    /// ` (Riot: scene-manifest-missing; Share: launch-screen-missing, +2 more)`.
    static func reason(_ r: ScanResult) -> String {
        guard let stage = r.stage else { return "" }
        if stage == .unknown {
            let unread = r.targets.filter { $0.stage == .unknown && $0.scope.counts }
            let what = Set(unread.compactMap { $0.reason.map { $0.contains(".pbxproj") || $0.contains("XcodeGen") ? "project file unreadable" : "Info.plist unreadable" } })
            return " (\(unread.count == 1 ? "1 target" : "\(unread.count) targets"): \(what.sorted().joined(separator: ", ")))"
        }
        let holding = r.targets.filter { $0.stage == stage && $0.scope.counts && !$0.blockers.isEmpty }
        guard !holding.isEmpty else {
            // Held by files no target compiles.
            let loose = Stage.blockers(r.findings.filter { $0.scope.counts && $0.targets.isEmpty })
            return loose.isEmpty ? "" : " (files in no target: " + TargetStage.ruleList(loose.map(\.rule.rawValue)) + ")"
        }
        let parts = holding.prefix(2).map { "\($0.name): " + TargetStage.ruleList($0.blockers.map(\.rule)) }
        return " (" + parts.joined(separator: "; ") + (holding.count > 2 ? "; +\(holding.count - 2) more" : "") + ")"
    }

    static func format3(_ seconds: Double) -> String {
        let hundredths = Int((seconds * 100).rounded())
        return "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)"
    }
}

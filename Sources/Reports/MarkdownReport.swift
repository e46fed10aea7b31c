import RuleKit
import ScanEngine

/// A pull-request comment: the readiness stage and counts first, then the new findings (all
/// findings without a baseline), errors first, each with its fix — at most `limit` of them, so
/// the comment stays short enough to read — and a per-rule table folded away.
public enum MarkdownReport {
    public static func render(_ report: ScanReport, limit: Int = 20) -> String {
        let r = report.result
        let fresh = report.newFindings
        var out = ""
        if report.comparison != nil {
            out += "## fleetscan: \(fresh.isEmpty ? "no new findings" : counted(fresh, "new finding"))\n\n"
        } else {
            out += "## fleetscan: \(r.findings.isEmpty ? "no findings" : counted(r.findings, "finding"))\n\n"
        }
        var facts: [String] = []
        if let stage = r.stage { facts.append("Readiness of this revision: **\(stage.rawValue)**") }
        facts.append("\(plural(r.count(.error), "error")), \(plural(r.count(.warning), "warning")), \(plural(r.count(.note), "note")) in \(plural(r.files, "file"))")
        if let c = report.comparison { facts.append("against the baseline: \(c.known) known, \(c.fixed) fixed") }
        if let commit = report.target.commit { facts.append("at `\(commit.prefix(10))`") }
        out += facts.joined(separator: " · ") + "\n\n"
        let listed = fresh.sorted { a, b in
            a.severity != b.severity ? a.severity > b.severity : Finding.precedes(a, b)
        }
        if !listed.isEmpty {
            out += report.comparison != nil ? "### New\n\n" : "### Findings\n\n"
            // Grouped by rule and fix, so a fix shared by many findings is written once.
            var groups: [(key: String, findings: [Finding])] = []
            var at: [String: Int] = [:]
            for f in listed.prefix(limit) {
                let key = "\(f.rule)\u{0}\(f.suggestion)"
                if let i = at[key] { groups[i].findings.append(f) } else { at[key] = groups.count; groups.append((key, [f])) }
            }
            for g in groups {
                let f = g.findings[0]
                out += "**\(f.severity.rawValue)** `\(f.rule)` — fix: \(Escape.markdownWithCode(f.suggestion))\n"
                for x in g.findings { out += "- \(Escape.codeSpan("\(x.path):\(x.line)")) \(Escape.markdownWithCode(x.message))\n" }
                out += "\n"
            }
            if listed.count > limit { out += "… and \(listed.count - limit) more in the full report.\n\n" }
        }
        if !r.findings.isEmpty {
            out += "<details><summary>All findings by rule</summary>\n\n| Rule | Severity | Findings |"
            out += report.comparison != nil ? " New |\n|---|---|---:|---:|\n" : "\n|---|---|---:|\n"
            var newByRule: [String: Int] = [:]
            for f in fresh { newByRule[f.rule.rawValue, default: 0] += 1 }
            var severity: [String: Severity] = [:]
            for f in r.findings { severity[f.rule.rawValue] = max(severity[f.rule.rawValue] ?? .note, f.severity) }
            for (rule, n) in r.byRule.sorted(by: { $0.key < $1.key }) {
                out += "| `\(rule)` | \(severity[rule]?.rawValue ?? "") | \(n) |"
                out += report.comparison != nil ? " \(newByRule[rule] ?? 0) |\n" : "\n"
            }
            out += "\n</details>\n"
        }
        return out
    }

    static func counted(_ findings: [Finding], _ noun: String) -> String {
        let parts = Severity.allCases.reversed().compactMap { s -> String? in
            let n = findings.filter { $0.severity == s }.count
            return n == 0 ? nil : "\(n) \(s.rawValue)\(n == 1 ? "" : "s")"
        }
        return "\(findings.count) \(noun)\(findings.count == 1 ? "" : "s") (\(parts.joined(separator: ", ")))"
    }

}

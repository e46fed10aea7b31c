import RuleKit
import ScanEngine

/// The formats CI systems read natively, as SwiftLint's reporters write them: GitHub Actions
/// workflow commands, Checkstyle XML (Jenkins warnings, many IDEs), JUnit XML (every CI's test
/// tab) and Code Climate JSON (GitLab's code quality widget). Paths are from the top of the
/// repository (`ScanTarget.inRepository`), as SARIF's are, where CI systems look for them.
public enum GitHubReport {
    /// `::warning file=…,line=…,col=…,title=…::message` per finding (notes as `::notice`).
    public static func render(_ report: ScanReport) -> String {
        report.result.findings.map { f in
            let command = f.severity == .error ? "error" : f.severity == .warning ? "warning" : "notice"
            return "::\(command) file=\(property(report.target.inRepository(f.path))),line=\(f.line),col=\(f.column16),title=\(property("fleetscan " + f.rule.rawValue))::"
                + data("\(f.message). Fix: \(f.suggestion)") + "\n"
        }.joined()
    }

    /// A command's message: `%`, CR and LF escaped, so a name can never start a command of its own.
    static func data(_ s: String) -> String {
        s.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
    }

    /// A property value: as `data`, and `:` and `,` too.
    static func property(_ s: String) -> String {
        data(s).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}

/// Checkstyle 4.3 XML: a `<file>` per path, an `<error>` per finding.
public enum CheckstyleReport {
    public static func render(_ report: ScanReport) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<checkstyle version=\"4.3\">\n"
        var byPath: [(String, [Finding])] = []
        for f in report.result.findings {
            if byPath.last?.0 == f.path { byPath[byPath.count - 1].1.append(f) } else { byPath.append((f.path, [f])) }
        }
        for (path, findings) in byPath {
            out += "  <file name=\"\(XML.attribute(report.target.inRepository(path)))\">\n"
            for f in findings {
                let severity = f.severity == .error ? "error" : f.severity == .warning ? "warning" : "info"
                out += "    <error line=\"\(f.line)\" column=\"\(f.column16)\" severity=\"\(severity)\" message=\"\(XML.attribute(f.message))\" "
                    + "source=\"fleetscan.\(XML.attribute(f.rule.rawValue))\"/>\n"
            }
            out += "  </file>\n"
        }
        return out + "</checkstyle>\n"
    }
}

/// JUnit XML: one failing test case per finding, named by rule and place, in one suite.
public enum JUnitReport {
    public static func render(_ report: ScanReport) -> String {
        let findings = report.result.findings
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<testsuites name=\"fleetscan\" tests=\"\(findings.count)\" failures=\"\(findings.count)\" errors=\"0\">\n"
            + "  <testsuite name=\"fleetscan \(XML.attribute(report.target.path))\" tests=\"\(findings.count)\" failures=\"\(findings.count)\" "
            + "errors=\"0\" skipped=\"0\">\n"
        for f in findings {
            let path = report.target.inRepository(f.path)
            out += "    <testcase classname=\"\(XML.attribute(path))\" name=\"\(XML.attribute(f.rule.rawValue)) at \(f.line):\(f.column16)\">\n"
                + "      <failure type=\"\(f.severity.rawValue)\" message=\"\(XML.attribute(f.message))\">"
                + XML.text("\(path):\(f.line):\(f.column16): \(f.severity.rawValue): \(f.message) [\(f.rule)]\nFix: \(f.suggestion)")
                + "</failure>\n    </testcase>\n"
        }
        return out + "  </testsuite>\n</testsuites>\n"
    }
}

/// Code Climate's issue format, which GitLab reads as a code quality report: a JSON array.
public enum CodeClimateReport {
    public static func render(_ report: ScanReport) -> String {
        JSONValue.array(report.result.findings.map { f in
            .object([
                ("type", .string("issue")),
                ("check_name", .string(f.rule.rawValue)),
                ("description", .string(f.message)),
                ("content", .object([("body", .string("Fix: \(f.suggestion)"))])),
                ("categories", .array([.string("Compatibility")])),
                ("severity", .string(f.severity == .error ? "critical" : f.severity == .warning ? "major" : "info")),
                ("fingerprint", .string(f.fingerprint)),
                ("location", .object([("path", .string(report.target.inRepository(f.path))), ("lines", .object([("begin", .int(f.line)), ("end", .int(f.line))]))])),
            ])
        }).rendered()
    }
}

/// XML 1.0 text and attribute values: `HTML.escape` (markup, quotes, and the C0 controls XML
/// 1.0 cannot hold replaced by U+FFFD), with an attribute's line breaks and tabs as character
/// references, which a parser would otherwise turn into spaces.
enum XML {
    static func text(_ s: String) -> String { HTML.escape(s) }

    static func attribute(_ s: String) -> String {
        HTML.escape(s).replacingOccurrences(of: "\n", with: "&#10;").replacingOccurrences(of: "\t", with: "&#9;")
    }
}

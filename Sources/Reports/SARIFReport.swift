import RuleKit
import Rules
import ScanEngine
import SourceLexing

/// SARIF 2.1.0, as GitHub code scanning reads it: one run, the tool's rules with their help,
/// results with a location relative to the repository root (`%SRCROOT%`), UTF-16 columns
/// (SARIF's default column kind), and partial fingerprints that survive moved lines, so code
/// scanning follows each finding from commit to commit. With a baseline, `baselineState` says
/// which results are new.
public enum SARIFReport {
    public static let schema = "https://json.schemastore.org/sarif-2.1.0.json"
    public static let informationURI = PublicSource.homepage

    /// A result's fix (SARIF `fixes[].artifactChanges`): its replacements in the result's file,
    /// each region by line and UTF-16 column and by byte offset and length.
    public struct Fix: Sendable {
        public struct Replacement: Sendable {
            public var startLine: Int
            public var startColumn: Int
            public var endLine: Int
            public var endColumn: Int
            public var byteOffset: Int
            public var byteLength: Int
            public var text: String

            public init(startLine: Int, startColumn: Int, endLine: Int, endColumn: Int, byteOffset: Int, byteLength: Int, text: String) {
                self.startLine = startLine
                self.startColumn = startColumn
                self.endLine = endLine
                self.endColumn = endColumn
                self.byteOffset = byteOffset
                self.byteLength = byteLength
                self.text = text
            }
        }

        public var description: String
        public var replacements: [Replacement]

        public init(description: String, replacements: [Replacement]) {
            self.description = description
            self.replacements = replacements
        }
    }

    /// `fixes`, when given, hold one fix per finding, in the findings' order (`fleetscan fix --format sarif`).
    public static func render(_ report: ScanReport, fixes: [Fix]? = nil) -> String {
        let rules = Catalog.rules.map(\.description)
        var index: [RuleID: Int] = [:]
        for (i, r) in rules.enumerated() { index[r.id] = i }
        let labels = report.result.targetLabels
        let results: [JSONValue] = report.result.findings.enumerated().map { i, f in
            var fields: [(String, JSONValue)] = [
                ("ruleId", .string(f.rule.rawValue)),
                ("ruleIndex", .int(index[f.rule] ?? 0)),
                ("level", .string(f.severity.rawValue)),
                ("message", .object([("text", .string("\(f.message). Fix: \(f.suggestion)"))])),
                ("locations", .array([.object([("physicalLocation", .object([
                    ("artifactLocation", .object([("uri", .string(uri(report.target.inRepository(f.path)))), ("uriBaseId", .string("%SRCROOT%"))])),
                    ("region", .object([("startLine", .int(f.line)), ("startColumn", .int(f.column16))])),
                ]))])])),
                ("partialFingerprints", .object([
                    ("fleetscan/v1", .string(f.fingerprint)), ("fleetscanContent/v1", .string(f.contentFingerprint)),
                ])),
                ("properties", .object([("context", .string(f.context.rawValue)), ("facet", .string(f.facet.rawValue)),
                                        ("scope", .string(f.scope.rawValue)), ("targets", .array(f.targets.map { .string(labels[$0] ?? $0.name) }))])),
            ]
            if report.comparison != nil { fields.append(("baselineState", .string(report.isNew(i) ? "new" : "unchanged"))) }
            if let fixes, i < fixes.count {
                let x = fixes[i]
                fields.append(("fixes", .array([.object([
                    ("description", .object([("text", .string(x.description))])),
                    ("artifactChanges", .array([.object([
                        ("artifactLocation", .object([("uri", .string(uri(report.target.inRepository(f.path)))), ("uriBaseId", .string("%SRCROOT%"))])),
                        ("replacements", .array(x.replacements.map { r in .object([
                            ("deletedRegion", .object([("startLine", .int(r.startLine)), ("startColumn", .int(r.startColumn)),
                                                       ("endLine", .int(r.endLine)), ("endColumn", .int(r.endColumn)),
                                                       ("byteOffset", .int(r.byteOffset)), ("byteLength", .int(r.byteLength))])),
                            ("insertedContent", .object([("text", .string(r.text))])),
                        ]) })),
                    ])])),
                ])])))
            }
            return .object(fields)
        }
        var run: [(String, JSONValue)] = [
            ("tool", .object([("driver", .object([
                ("name", .string(Tool.name)), ("version", .string(Tool.version)), ("semanticVersion", .string(Tool.version)),
                ("informationUri", .string(informationURI)),
                ("rules", .array(rules.map(rule))),
            ]))])),
            ("columnKind", .string("utf16CodeUnits")),
            ("results", .array(results)),
        ]
        if let commit = report.target.commit {
            var details: [(String, JSONValue)] = [("revisionId", .string(commit))]
            if let rev = report.target.rev { details.append(("branch", .string(rev))) }
            if let repo = report.target.repo { details.append(("repositoryUri", .string(repo))) }
            run.append(("versionControlProvenance", .array([.object(details)])))
        }
        return JSONValue.object([
            ("$schema", .string(schema)),
            ("version", .string("2.1.0")),
            ("runs", .array([.object(run)])),
        ]).rendered()
    }

    static func rule(_ r: RuleDescription) -> JSONValue {
        let fixes = fixesByContext(r)
        return .object([
            ("id", .string(r.id.rawValue)),
            ("name", .string(pascalCase(r.id.rawValue))),
            ("shortDescription", .object([("text", .string(r.summary))])),
            ("fullDescription", .object([("text", .string(r.rationale))])),
            ("helpUri", .string(PublicSource.catalog(r.id.rawValue))),
            ("help", .object([
                ("text", .string(fixes.map { "\($0.0): \($0.1)" }.joined(separator: "\n")
                                 + "\n\nSources:\n" + r.sources.map { "- \($0.title): \($0.url)" }.joined(separator: "\n"))),
                ("markdown", .string("**\(r.name)**\n\n\(r.rationale)\n\n**Fix**\n\n" + fixes.map { "- *\($0.0)*: \($0.1)" }.joined(separator: "\n")
                                     + "\n\n**Sources**\n\n" + r.sources.map { "- [\($0.title)](\($0.url))" }.joined(separator: "\n"))),
            ])),
            ("defaultConfiguration", .object([("level", .string(r.severity.rawValue))])),
            ("properties", .object([("tags", .array([.string("resizable-windows"), .string(r.facet.rawValue)])),
                                    ("precision", .string("high"))])),
        ])
    }

    /// The distinct fixes of a rule with the places they apply to.
    static func fixesByContext(_ r: RuleDescription) -> [(String, String)] {
        var order: [String] = []
        var places: [String: [String]] = [:]
        for site in r.fixPlaces(.swift) {
            let fix = r.fix(site)
            if places[fix] == nil { order.append(fix) }
            places[fix, default: []].append(site.place)
        }
        if order.count == 1 { return [("Everywhere", order[0])] }
        return order.map { (places[$0]!.joined(separator: "; ").capitalizedFirst, $0) }
    }

    /// `main-screen-bounds` → `MainScreenBounds`.
    static func pascalCase(_ id: String) -> String {
        id.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// A relative URI for a path: RFC 3986 percent-encoding of everything but unreserved
    /// characters and `/`.
    static func uri(_ path: String) -> String {
        var out = ""
        for b in path.utf8 {
            switch b {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.append(Character(Unicode.Scalar(b)))
            default:
                let hex = Array("0123456789ABCDEF")
                out += "%" + String(hex[Int(b >> 4)]) + String(hex[Int(b & 15)])
            }
        }
        return out
    }
}

extension String {
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}

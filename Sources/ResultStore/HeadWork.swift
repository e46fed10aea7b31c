import Foundation

/// A finding at a repository's head as a team's work list shows it, with its owners.
public struct HeadFinding: Sendable, Equatable {
    public var rule: String
    /// `error`, `warning` or `note`.
    public var severity: String
    public var path: String
    public var line: Int
    public var column: Int
    public var message: String
    /// What to change, for the finding's context.
    public var fix: String
    /// `app`, `library`, `example`, `test` or `unbuilt`.
    public var scope: String
    /// From CODEOWNERS: nil when no line matches the path (the manifest's team stands in),
    /// empty when the matching line names no owner (the file is unowned on purpose).
    public var owners: [String]?

    public init(rule: String, severity: String, path: String, line: Int, column: Int, message: String, fix: String,
                scope: String, owners: [String]?) {
        self.rule = rule
        self.severity = severity
        self.path = path
        self.line = line
        self.column = column
        self.message = message
        self.fix = fix
        self.scope = scope
        self.owners = owners
    }
}

/// Everything at a head that says who must act: its findings with owners, and the CODEOWNERS
/// file they came from with the lines it skipped.
public struct HeadWork: Sendable, Equatable {
    public var findings: [HeadFinding]
    /// The CODEOWNERS file read (`.github/CODEOWNERS`), nil when the head has none.
    public var ownersFile: String?
    /// Its lines that were skipped, each naming the file and line.
    public var ownerProblems: [String]

    public init(findings: [HeadFinding], ownersFile: String? = nil, ownerProblems: [String] = []) {
        self.findings = findings
        self.ownersFile = ownersFile
        self.ownerProblems = ownerProblems
    }

    /// The JSON text a store keeps for a head.
    func encoded() -> String {
        let list: [[String: Any]] = findings.map { f in
            var o: [String: Any] = ["rule": f.rule, "severity": f.severity, "path": f.path, "line": f.line, "column": f.column,
                                    "message": f.message, "fix": f.fix, "scope": f.scope]
            if let owners = f.owners { o["owners"] = owners }
            return o
        }
        var top: [String: Any] = ["findings": list, "ownerProblems": ownerProblems]
        if let ownersFile { top["ownersFile"] = ownersFile }
        let data = (try? JSONSerialization.data(withJSONObject: top, options: [.sortedKeys])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    static func decode(_ text: String) -> HeadWork {
        guard let top = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] else { return HeadWork(findings: []) }
        let list = top["findings"] as? [[String: Any]] ?? []
        return HeadWork(findings: list.map { f in
            HeadFinding(rule: f["rule"] as? String ?? "", severity: f["severity"] as? String ?? "note", path: f["path"] as? String ?? "",
                        line: f["line"] as? Int ?? 0, column: f["column"] as? Int ?? 0, message: f["message"] as? String ?? "",
                        fix: f["fix"] as? String ?? "", scope: f["scope"] as? String ?? "app", owners: f["owners"] as? [String])
        }, ownersFile: top["ownersFile"] as? String, ownerProblems: top["ownerProblems"] as? [String] ?? [])
    }
}

/// What a fleet manifest says about a repository beyond where it is: the team that owns what
/// CODEOWNERS does not, and link templates for its commits and files.
public struct RepositorySettings: Sendable, Equatable {
    /// `@org/team`: the owner of files no CODEOWNERS line matches.
    public var team: String?
    /// `https://git.example.com/mobile/app/commit/{commit}`.
    public var commitLink: String?
    /// `https://git.example.com/mobile/app/blob/{commit}/{path}#L{line}`.
    public var fileLink: String?
    /// The manifest's `"owners": "manifest"`: `team` owns every finding, over the repository's
    /// CODEOWNERS (an org mirroring upstream code has upstream's teams in it).
    public var teamOwnsAll = false

    public init(team: String? = nil, commitLink: String? = nil, fileLink: String? = nil, teamOwnsAll: Bool = false) {
        self.team = team
        self.commitLink = commitLink
        self.fileLink = fileLink
        self.teamOwnsAll = teamOwnsAll
    }
}

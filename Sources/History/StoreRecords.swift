import ResultStore
import RuleKit
import ScanEngine

// What a scan leaves, in the store's records: ScanEngine knows nothing of the store, and the
// store nothing of scans, so the translation lives with history, which writes both.

extension TargetStage {
    /// The stage as the store keeps it.
    public var record: TargetRecord {
        TargetRecord(name: name, platform: platform, scope: scope.rawValue, stage: stage,
                     blockers: blockers.map { TargetRecord.Blocker(rule: $0.rule, path: $0.path, line: $0.line) }, reason: reason, project: project)
    }
}

extension HeadWork {
    /// The findings at a head, each with its owners from `codeOwners` (nil when the head has none).
    public init(_ findings: [Finding], codeOwners: CodeOwners?) {
        var cache: [String: [String]?] = [:]
        self.init(findings: findings.map { f in
            let owners: [String]?
            if let known = cache[f.path] { owners = known } else {
                owners = codeOwners?.owners(of: f.path)
                cache[f.path] = .some(owners)
            }
            return HeadFinding(rule: f.rule.rawValue, severity: f.severity.rawValue, path: f.path, line: f.line, column: f.column,
                               message: f.message, fix: f.suggestion, scope: f.scope.rawValue, owners: owners)
        }, ownersFile: codeOwners?.path, ownerProblems: codeOwners?.problems.map { "\($0.path): \($0.message)" } ?? [])
    }
}

import Foundation
import RuleKit

/// What one scanned commit left: counts per rule and severity, the paths whose counts moved
/// against the parent, the readiness stage, or why it could not be scanned.
public struct CommitRecord: Sendable, Equatable {
    /// 40 hex digits.
    public var commit: String
    /// The first parent, nil for a root commit.
    public var parent: String?
    /// Author time, seconds since 1970.
    public var time: Int64
    public var subject: String
    public var stage: Stage?
    /// Why the commit could not be scanned (its counts are then empty).
    public var error: String?
    /// Files scanned.
    public var files: Int
    public var counts: [String: Int]
    public var errors: Int
    public var warnings: Int
    public var notes: Int
    /// Whether `fileDeltas` compare with the parent (false when the parent was not scanned).
    public var comparedWithParent: Bool
    /// Paths whose finding count differs from the parent's.
    public var fileDeltas: [FileDelta]
    /// Of `errors`, `warnings` and `notes`, those in example apps and tests: the org report's
    /// totals and burndowns count the rest (app and library code) and show these apart.
    public var apartErrors = 0
    public var apartWarnings = 0
    public var apartNotes = 0
    /// The author's name ("" in stores written before authors were kept).
    public var author = ""

    public init(commit: String, parent: String?, time: Int64, subject: String, stage: Stage? = nil, error: String? = nil,
                files: Int = 0, counts: [String: Int] = [:], errors: Int = 0, warnings: Int = 0, notes: Int = 0,
                comparedWithParent: Bool = false, fileDeltas: [FileDelta] = []) {
        self.commit = commit
        self.parent = parent
        self.time = time
        self.subject = subject
        self.stage = stage
        self.error = error
        self.files = files
        self.counts = counts
        self.errors = errors
        self.warnings = warnings
        self.notes = notes
        self.comparedWithParent = comparedWithParent
        self.fileDeltas = fileDeltas
    }

    /// All of its findings by severity (the row keeps the three columns).
    public var severities: SeverityCounts { SeverityCounts(errors: errors, warnings: warnings, notes: notes) }
    /// Those in example apps, tests and unbuilt code.
    public var apart: SeverityCounts {
        get { SeverityCounts(errors: apartErrors, warnings: apartWarnings, notes: apartNotes) }
        set { (apartErrors, apartWarnings, apartNotes) = (newValue.errors, newValue.warnings, newValue.notes) }
    }
    /// Those in app and library code: what totals and burndowns count.
    public var counted: SeverityCounts { severities - apart }
}

/// A target's readiness stage at a commit, and what holds it there (RULES.md "Readiness stages").
public struct TargetRecord: Sendable, Equatable {
    public struct Blocker: Sendable, Equatable {
        public var rule: String
        public var path: String
        public var line: Int

        public init(rule: String, path: String, line: Int) {
            self.rule = rule
            self.path = path
            self.line = line
        }
    }

    public var name: String
    /// The platforms it builds for, comma-separated.
    public var platform: String
    /// `app`, `library`, `example` or `test`.
    public var scope: String
    public var stage: Stage
    public var blockers: [Blocker]
    /// For an unknown stage: what could not be read.
    public var reason: String?
    /// The project file that declares it, when one does.
    public var project: String?

    public init(name: String, platform: String, scope: String, stage: Stage, blockers: [Blocker], reason: String? = nil, project: String? = nil) {
        self.name = name
        self.platform = platform
        self.scope = scope
        self.stage = stage
        self.blockers = blockers
        self.reason = reason
        self.project = project
    }

    /// The JSON text a store keeps for a commit's targets.
    static func encode(_ targets: [TargetRecord]) -> String {
        let list: [[String: Any]] = targets.map { t in
            var entry: [String: Any] = ["name": t.name, "platform": t.platform, "scope": t.scope, "stage": t.stage.rawValue,
                                        "blockers": t.blockers.map { ["rule": $0.rule, "path": $0.path, "line": $0.line] as [String: Any] }]
            if let reason = t.reason { entry["reason"] = reason }
            if let project = t.project { entry["project"] = project }
            return entry
        }
        let data = (try? JSONSerialization.data(withJSONObject: list, options: [.sortedKeys])) ?? Data("[]".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    static func decode(_ text: String) -> [TargetRecord] {
        guard let list = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [[String: Any]] else { return [] }
        return list.map { t in
            TargetRecord(name: t["name"] as? String ?? "", platform: t["platform"] as? String ?? "", scope: t["scope"] as? String ?? "app",
                         stage: (t["stage"] as? String).flatMap(Stage.init(rawValue:)) ?? .notLaunching, blockers: (t["blockers"] as? [[String: Any]] ?? []).map {
                             Blocker(rule: $0["rule"] as? String ?? "", path: $0["path"] as? String ?? "", line: $0["line"] as? Int ?? 1)
                         }, reason: t["reason"] as? String, project: t["project"] as? String)
        }
    }
}

/// A path whose number of findings changed in a commit.
public struct FileDelta: Sendable, Equatable {
    public var path: String
    /// Findings in the file after the commit.
    public var count: Int
    /// `count` minus the parent's.
    public var delta: Int

    public init(path: String, count: Int, delta: Int) {
        self.path = path
        self.count = count
        self.delta = delta
    }
}

/// A file's number of findings at a commit.
public struct FileCount: Sendable, Equatable {
    public var path: String
    public var count: Int

    public init(path: String, count: Int) {
        self.path = path
        self.count = count
    }
}

/// A repository the store knows.
public struct RepositoryRow: Sendable, Equatable {
    public var id: Int64
    public var name: String
    /// Without credentials.
    public var url: String
    /// What the latest run's manifest said about it.
    public var settings = RepositorySettings()

    public init(id: Int64, name: String, url: String, settings: RepositorySettings = RepositorySettings()) {
        self.id = id
        self.name = name
        self.url = url
        self.settings = settings
    }
}

/// One `fleet run`: when it started and, once it got to the end, when it finished (a run that
/// was killed has no `finished`).
public struct RunRecord: Sendable, Equatable {
    public var id: Int64
    public var started: Int64
    public var finished: Int64?
    /// The shard this run covered ("0/1" for a whole-fleet run).
    public var shard: String
    /// How far back the run walked a repository's first run (seconds since 1970).
    public var since: Int64?
    /// The migration's deadline the run's manifest gave (start of that day, seconds since 1970).
    public var deadline: Int64?

    public init(id: Int64, started: Int64, finished: Int64?, shard: String, since: Int64? = nil, deadline: Int64? = nil) {
        self.id = id
        self.started = started
        self.finished = finished
        self.shard = shard
        self.since = since
        self.deadline = deadline
    }
}

/// How a run left a repository: brought up to date and scanned, or failed (with a reason).
/// Stored as its raw value; anything else read back is a failure.
public enum RunStatus: String, Sendable, Equatable {
    case ok, failed

    public init(stored: String) { self = RunStatus(rawValue: stored) ?? .failed }
}

/// What a run did to one repository: brought it up to date and scanned it, or failed and why.
public struct RunRepositoryRecord: Sendable, Equatable {
    public var repository: String
    public var status: RunStatus
    public var reason: String?
    /// The branch head the run scanned up to (nil when the repository could not be read).
    public var head: String?
    /// Commits scanned now, and found already stored.
    public var scanned: Int
    public var alreadyStored: Int
    /// Commits of the range that could not be scanned (stored with their reason).
    public var failedCommits: Int
    public var seconds: Double

    public init(repository: String, status: RunStatus, reason: String? = nil, head: String? = nil, scanned: Int = 0,
                alreadyStored: Int = 0, failedCommits: Int = 0, seconds: Double = 0) {
        self.repository = repository
        self.status = status
        self.reason = reason
        self.head = head
        self.scanned = scanned
        self.alreadyStored = alreadyStored
        self.failedCommits = failedCommits
        self.seconds = seconds
    }
}

/// A per-blob memo entry's key: the blob, the path it was scanned at, and a digest of the
/// repository-wide facts the result used ("" for a file read on its own).
public struct MemoKey: Hashable, Sendable {
    public var blob: String
    public var path: String
    public var model: String

    public init(blob: String, path: String, model: String = "") {
        self.blob = blob
        self.path = path
        self.model = model
    }
}

/// A repository's results under one ruleset (the rule catalog's fingerprint, which separates
/// results of different fleetscan versions): what a store's questions about commits name.
public struct RulesetKey: Hashable, Sendable {
    public var repository: Int64
    public var ruleset: String

    public init(repository: Int64, ruleset: String) {
        self.repository = repository
        self.ruleset = ruleset
    }

    /// One commit's results under this key.
    public func commit(_ id: String) -> CommitKey { CommitKey(repository: repository, commit: id, ruleset: ruleset) }
}

/// One commit's results in a repository under a ruleset.
public struct CommitKey: Hashable, Sendable {
    public var repository: Int64
    public var commit: String
    public var ruleset: String

    public init(repository: Int64, commit: String, ruleset: String) {
        self.repository = repository
        self.commit = commit
        self.ruleset = ruleset
    }
}

/// Where results are kept. One store is used from one thread at a time; `ruleset` (the rule
/// catalog's fingerprint) separates results of different fleetscan versions.
public protocol Store: AnyObject {
    /// The store's location, without credentials.
    var location: String { get }
    /// The id of a repository, added on first use.
    func repository(name: String, url: String) throws -> Int64
    /// Commits stored for a repository.
    func storedCommits(_ key: RulesetKey) throws -> Set<String>
    /// Stored commits by id, in the order of `ids` (missing ones left out).
    func commits(_ key: RulesetKey, ids: [String]) throws -> [CommitRecord]
    /// Memo entries that exist among `keys`.
    func memo(_ keys: [MemoKey], ruleset: String) throws -> [MemoKey: [UInt8]]
    /// Stores commits with the memo entries their scans produced, in one transaction; storing a
    /// commit again replaces it.
    func record(_ commits: [CommitRecord], in key: RulesetKey, memo: [(MemoKey, [UInt8])]) throws
    /// A second handle on the same store (a new connection), for another thread.
    func anotherConnection() throws -> any Store
    /// Remembers which commit a revision pointed at after a run.
    func setReference(repository: Int64, name: String, commit: String) throws
    /// The commit a revision pointed at after the last run, if any.
    func reference(repository: Int64, name: String) throws -> String?
    /// Counts for tests and statistics: rows per table.
    func rowCounts() throws -> [String: Int]

    /// Every repository, by name.
    func repositories() throws -> [RepositoryRow]
    /// Every stored commit of a repository (in no particular order), with counts and file deltas.
    func allCommits(_ key: RulesetKey) throws -> [CommitRecord]
    /// Findings per file at a commit whose tree was scanned whole (replaces what was there).
    func setFileCounts(_ key: CommitKey, files: [FileCount]) throws
    /// Findings per file at a commit, nil when they were not stored.
    func fileCounts(_ key: CommitKey) throws -> [FileCount]?
    /// Each target's stage at a commit whose tree was scanned whole (replaces what was there).
    func setTargetStages(_ key: CommitKey, targets: [TargetRecord]) throws
    /// Each target's stage at a commit, nil when they were not stored.
    func targetStages(_ key: CommitKey) throws -> [TargetRecord]?

    /// The findings at a head whose tree was scanned whole, with their owners (replaces what was there).
    func setHeadWork(_ key: CommitKey, work: HeadWork) throws
    /// The findings at a head, nil when they were not stored.
    func headWork(_ key: CommitKey) throws -> HeadWork?
    /// What the manifest says about a repository: team, links (replaces what was there).
    func setSettings(repository: Int64, _ settings: RepositorySettings) throws

    /// Starts a fleet run; returns its id.
    func beginRun(started: Int64, shard: String, since: Int64?, deadline: Int64?) throws -> Int64
    /// What the run did to a repository (replaces an earlier record of the same run and repository).
    func recordRun(_ run: Int64, _ record: RunRepositoryRecord) throws
    func finishRun(_ run: Int64, finished: Int64) throws
    /// Every run, oldest first.
    func runs() throws -> [RunRecord]
    /// What a run did, by repository name.
    func runRepositories(_ run: Int64) throws -> [RunRepositoryRecord]
}

/// Opens the store a `--db` argument names.
public enum Stores {
    public static func isPostgres(_ location: String) -> Bool {
        location.hasPrefix("postgres://") || location.hasPrefix("postgresql://")
    }

    /// The location as messages may show it: a URL's password replaced by `***`.
    public static func redact(_ location: String) -> String { isPostgres(location) ? PostgresStore.redact(location) : location }

    public static func open(_ location: String) throws -> any Store {
        if isPostgres(location) { return try PostgresStore(url: location) }
        return try SQLiteStore(path: location)
    }
}

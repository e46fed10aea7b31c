import CSQLite
import Foundation
import RuleKit

/// The embedded store: one SQLite file in WAL mode, every write in a transaction, the schema
/// versioned and migrated on open.
public final class SQLiteStore: Store {
    let db: SQLiteConnection
    public var location: String { db.path }

    /// The `schema_version` this fleetscan leaves, the number older fleetscans check.
    public static var schemaVersion: Int { Dialect.sqlite.version(holdingFirst: Schema.migrations.count) }

    public init(path: String) throws {
        db = try SQLiteConnection(path: path)
        do {
            try walMode()
            try db.execute("PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON;")
            try migrate()
        } catch var e as StoreError {
            e.context = path  // "file is not a database" means little without the file
            throw e
        }
    }

    /// Switches a new file to WAL. Two processes opening one new file at once (two runs started
    /// together) both try; the switch needs the file to itself, and SQLite answers "database is
    /// locked" at once rather than through the busy timeout, so it is tried again for as long.
    func walMode() throws {
        let deadline = Date().addingTimeInterval(30)
        while true {
            do {
                try db.execute("PRAGMA journal_mode=WAL")
                return
            } catch let e as StoreError where e.isRetryable && Date() < deadline {
                usleep(5_000)
            }
        }
    }

    /// Brings the schema up to date, every step in one transaction: a failure anywhere leaves the
    /// file as it was. A file made by a newer fleetscan is refused rather than damaged.
    func migrate() throws {
        try db.transaction { try Schema.migrate(db, .sqlite, context: db.path) }
    }

    public func repository(name: String, url: String) throws -> Int64 {
        try db.transaction {
            try db.statement("INSERT INTO repositories(name, url) VALUES ($1, $2) ON CONFLICT(name) DO UPDATE SET url = excluded.url")
                .bind([.text(name), .text(url)]).run()
            let s = try db.statement("SELECT id FROM repositories WHERE name = $1").bind([.text(name)])
            guard try s.step() else { throw StoreError(function: "repository", code: 0, message: "repository row missing", context: name) }
            let id = s.int(0)
            s.reset()
            return id
        }
    }

    public func storedCommits(_ key: RulesetKey) throws -> Set<String> {
        let (repository, ruleset) = (key.repository, key.ruleset)
        let s = try db.statement("SELECT commit_id FROM commits WHERE repository = $1 AND ruleset = $2").bind([.int(repository), .text(ruleset)])
        var out = Set<String>()
        while try s.step() { if let c = s.text(0) { out.insert(c) } }
        return out
    }

    public func commits(_ key: RulesetKey, ids: [String]) throws -> [CommitRecord] {
        let (repository, ruleset) = (key.repository, key.ruleset)
        var out: [CommitRecord] = []
        for id in ids {
            let s = try db.statement("""
                SELECT parent, time, subject, stage, error, files, errors, warnings, notes, compared_with_parent,
                       apart_errors, apart_warnings, apart_notes, author
                FROM commits WHERE repository = $1 AND commit_id = $2 AND ruleset = $3
                """).bind([.int(repository), .text(id), .text(ruleset)])
            guard try s.step() else { continue }
            var r = CommitRecord(commit: id, parent: s.text(0), time: s.int(1), subject: s.text(2) ?? "", stage: s.text(3).flatMap(Stage.init(rawValue:)), error: s.text(4),
                                 files: Int(s.int(5)), errors: Int(s.int(6)), warnings: Int(s.int(7)), notes: Int(s.int(8)),
                                 comparedWithParent: s.int(9) != 0)
            (r.apartErrors, r.apartWarnings, r.apartNotes) = (Int(s.int(10)), Int(s.int(11)), Int(s.int(12)))
            r.author = s.text(13) ?? ""
            s.reset()
            let c = try db.statement("SELECT rule, count FROM commit_counts WHERE repository = $1 AND commit_id = $2 AND ruleset = $3")
                .bind([.int(repository), .text(id), .text(ruleset)])
            while try c.step() { r.counts[c.text(0) ?? ""] = Int(c.int(1)) }
            let f = try db.statement("""
                SELECT path, count, delta FROM commit_files WHERE repository = $1 AND commit_id = $2 AND ruleset = $3 ORDER BY path
                """).bind([.int(repository), .text(id), .text(ruleset)])
            while try f.step() { r.fileDeltas.append(FileDelta(path: f.text(0) ?? "", count: Int(f.int(1)), delta: Int(f.int(2)))) }
            out.append(r)
        }
        return out
    }

    public func memo(_ keys: [MemoKey], ruleset: String) throws -> [MemoKey: [UInt8]] {
        var out: [MemoKey: [UInt8]] = [:]
        for key in keys {
            let s = try db.statement("SELECT data FROM blob_results WHERE blob = $1 AND path = $2 AND ruleset = $3 AND model = $4")
                .bind([.text(key.blob), .text(key.path), .text(ruleset), .text(key.model)])
            if try s.step() { out[key] = s.blob(0) }
            s.reset()
        }
        return out
    }

    public func record(_ commits: [CommitRecord], in key: RulesetKey, memo: [(MemoKey, [UInt8])]) throws {
        let (repository, ruleset) = (key.repository, key.ruleset)
        try db.transaction {
            for (k, data) in memo {
                try db.statement("""
                    INSERT INTO blob_results(blob, path, ruleset, model, data) VALUES ($1, $2, $3, $4, $5)
                    ON CONFLICT(blob, path, ruleset, model) DO NOTHING
                    """).bind([.text(k.blob), .text(k.path), .text(ruleset), .text(k.model), .blob(data)]).run()
            }
            for commit in commits { try insert(commit, repository: repository, ruleset: ruleset) }
        }
    }

    private func insert(_ commit: CommitRecord, repository: Int64, ruleset: String) throws {
        let key: [SQLValue] = [.int(repository), .text(commit.commit), .text(ruleset)]
        for table in ["commit_counts", "commit_files"] {
            try db.statement("DELETE FROM \(table) WHERE repository = $1 AND commit_id = $2 AND ruleset = $3").bind(key).run()
        }
        try db.statement("""
            INSERT INTO commits(repository, commit_id, ruleset, parent, time, subject, stage, error, files, errors, warnings,
                                notes, compared_with_parent, apart_errors, apart_warnings, apart_notes, author)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)
            ON CONFLICT(repository, commit_id, ruleset) DO UPDATE SET
                parent = excluded.parent, time = excluded.time, subject = excluded.subject, stage = excluded.stage,
                error = excluded.error, files = excluded.files, errors = excluded.errors, warnings = excluded.warnings,
                notes = excluded.notes, compared_with_parent = excluded.compared_with_parent, apart_errors = excluded.apart_errors,
                apart_warnings = excluded.apart_warnings, apart_notes = excluded.apart_notes, author = excluded.author
            """).bind(key + [commit.parent.map { .text($0) } ?? .null, .int(commit.time), .text(commit.subject),
                             commit.stage.map { .text($0.rawValue) } ?? .null, commit.error.map { .text($0) } ?? .null,
                             .int(Int64(commit.files)), .int(Int64(commit.errors)), .int(Int64(commit.warnings)),
                             .int(Int64(commit.notes)), .int(commit.comparedWithParent ? 1 : 0), .int(Int64(commit.apartErrors)),
                             .int(Int64(commit.apartWarnings)), .int(Int64(commit.apartNotes)), .text(commit.author)]).run()
        for (rule, count) in commit.counts.sorted(by: { $0.key < $1.key }) {
            try db.statement("INSERT INTO commit_counts(repository, commit_id, ruleset, rule, count) VALUES ($1, $2, $3, $4, $5)")
                .bind(key + [.text(rule), .int(Int64(count))]).run()
        }
        for f in commit.fileDeltas {
            try db.statement("INSERT INTO commit_files(repository, commit_id, ruleset, path, count, delta) VALUES ($1, $2, $3, $4, $5, $6)")
                .bind(key + [.text(f.path), .int(Int64(f.count)), .int(Int64(f.delta))]).run()
        }
    }

    public func anotherConnection() throws -> any Store { try SQLiteStore(path: db.path) }

    public func setReference(repository: Int64, name: String, commit: String) throws {
        try db.transaction {
            try db.statement("""
                INSERT INTO refs(repository, name, commit_id) VALUES ($1, $2, $3)
                ON CONFLICT(repository, name) DO UPDATE SET commit_id = excluded.commit_id
                """).bind([.int(repository), .text(name), .text(commit)]).run()
        }
    }

    public func reference(repository: Int64, name: String) throws -> String? {
        let s = try db.statement("SELECT commit_id FROM refs WHERE repository = $1 AND name = $2").bind([.int(repository), .text(name)])
        defer { s.reset() }
        return try s.step() ? s.text(0) : nil
    }

    public func repositories() throws -> [RepositoryRow] {
        let s = try db.statement("SELECT id, name, url, team, commit_link, file_link, team_owns_all FROM repositories ORDER BY name")
        var out: [RepositoryRow] = []
        while try s.step() {
            out.append(RepositoryRow(id: s.int(0), name: s.text(1) ?? "", url: s.text(2) ?? "",
                                     settings: RepositorySettings(team: s.text(3), commitLink: s.text(4), fileLink: s.text(5), teamOwnsAll: s.int(6) != 0)))
        }
        return out
    }

    public func allCommits(_ key: RulesetKey) throws -> [CommitRecord] {
        let (repository, ruleset) = (key.repository, key.ruleset)
        var byID: [String: CommitRecord] = [:]
        var order: [String] = []
        let key: [SQLValue] = [.int(repository), .text(ruleset)]
        let s = try db.statement("""
            SELECT commit_id, parent, time, subject, stage, error, files, errors, warnings, notes, compared_with_parent,
                   apart_errors, apart_warnings, apart_notes, author
            FROM commits WHERE repository = $1 AND ruleset = $2
            """).bind(key)
        while try s.step() {
            let id = s.text(0) ?? ""
            order.append(id)
            var r = CommitRecord(commit: id, parent: s.text(1), time: s.int(2), subject: s.text(3) ?? "", stage: s.text(4).flatMap(Stage.init(rawValue:)),
                                 error: s.text(5), files: Int(s.int(6)), errors: Int(s.int(7)), warnings: Int(s.int(8)),
                                 notes: Int(s.int(9)), comparedWithParent: s.int(10) != 0)
            (r.apartErrors, r.apartWarnings, r.apartNotes) = (Int(s.int(11)), Int(s.int(12)), Int(s.int(13)))
            r.author = s.text(14) ?? ""
            byID[id] = r
        }
        let c = try db.statement("SELECT commit_id, rule, count FROM commit_counts WHERE repository = $1 AND ruleset = $2").bind(key)
        while try c.step() { byID[c.text(0) ?? ""]?.counts[c.text(1) ?? ""] = Int(c.int(2)) }
        let f = try db.statement("""
            SELECT commit_id, path, count, delta FROM commit_files WHERE repository = $1 AND ruleset = $2 ORDER BY commit_id, path
            """).bind(key)
        while try f.step() {
            byID[f.text(0) ?? ""]?.fileDeltas.append(FileDelta(path: f.text(1) ?? "", count: Int(f.int(2)), delta: Int(f.int(3))))
        }
        return order.compactMap { byID[$0] }
    }

    public func setFileCounts(_ key: CommitKey, files: [FileCount]) throws {
        let (repository, commit, ruleset) = (key.repository, key.commit, key.ruleset)
        let key: [SQLValue] = [.int(repository), .text(commit), .text(ruleset)]
        try db.transaction {
            try db.statement("DELETE FROM file_counts WHERE repository = $1 AND commit_id = $2 AND ruleset = $3").bind(key).run()
            try db.statement("""
                INSERT INTO file_count_sets(repository, commit_id, ruleset) VALUES ($1, $2, $3)
                ON CONFLICT(repository, commit_id, ruleset) DO NOTHING
                """).bind(key).run()
            for f in files {
                try db.statement("INSERT INTO file_counts(repository, commit_id, ruleset, path, count) VALUES ($1, $2, $3, $4, $5)")
                    .bind(key + [.text(f.path), .int(Int64(f.count))]).run()
            }
        }
    }

    public func fileCounts(_ key: CommitKey) throws -> [FileCount]? {
        let (repository, commit, ruleset) = (key.repository, key.commit, key.ruleset)
        let key: [SQLValue] = [.int(repository), .text(commit), .text(ruleset)]
        let exists = try db.statement("SELECT 1 FROM file_count_sets WHERE repository = $1 AND commit_id = $2 AND ruleset = $3").bind(key)
        guard try exists.step() else { return nil }
        exists.reset()
        let s = try db.statement("SELECT path, count FROM file_counts WHERE repository = $1 AND commit_id = $2 AND ruleset = $3 ORDER BY path")
            .bind(key)
        var out: [FileCount] = []
        while try s.step() { out.append(FileCount(path: s.text(0) ?? "", count: Int(s.int(1)))) }
        return out
    }

    public func setTargetStages(_ key: CommitKey, targets: [TargetRecord]) throws {
        let (repository, commit, ruleset) = (key.repository, key.commit, key.ruleset)
        try db.transaction {
            try db.statement("""
                INSERT INTO target_stages(repository, commit_id, ruleset, targets) VALUES ($1, $2, $3, $4)
                ON CONFLICT(repository, commit_id, ruleset) DO UPDATE SET targets = excluded.targets
                """).bind([.int(repository), .text(commit), .text(ruleset), .text(TargetRecord.encode(targets))]).run()
        }
    }

    public func targetStages(_ key: CommitKey) throws -> [TargetRecord]? {
        let (repository, commit, ruleset) = (key.repository, key.commit, key.ruleset)
        let s = try db.statement("SELECT targets FROM target_stages WHERE repository = $1 AND commit_id = $2 AND ruleset = $3")
            .bind([.int(repository), .text(commit), .text(ruleset)])
        guard try s.step() else { s.reset(); return nil }
        let text = s.text(0) ?? "[]"
        s.reset()  // no statement left open: an open read would hold the database
        return TargetRecord.decode(text)
    }

    public func setHeadWork(_ key: CommitKey, work: HeadWork) throws {
        let (repository, commit, ruleset) = (key.repository, key.commit, key.ruleset)
        try db.transaction {
            try db.statement("""
                INSERT INTO head_work(repository, commit_id, ruleset, work) VALUES ($1, $2, $3, $4)
                ON CONFLICT(repository, commit_id, ruleset) DO UPDATE SET work = excluded.work
                """).bind([.int(repository), .text(commit), .text(ruleset), .text(work.encoded())]).run()
        }
    }

    public func headWork(_ key: CommitKey) throws -> HeadWork? {
        let (repository, commit, ruleset) = (key.repository, key.commit, key.ruleset)
        let s = try db.statement("SELECT work FROM head_work WHERE repository = $1 AND commit_id = $2 AND ruleset = $3")
            .bind([.int(repository), .text(commit), .text(ruleset)])
        guard try s.step() else { s.reset(); return nil }
        let text = s.text(0) ?? "{}"
        s.reset()
        return HeadWork.decode(text)
    }

    public func setSettings(repository: Int64, _ settings: RepositorySettings) throws {
        try db.transaction {
            // SQLite numbers `$N` parameters in the order they first appear.
            try db.statement("UPDATE repositories SET team = $1, commit_link = $2, file_link = $3, team_owns_all = $4 WHERE id = $5")
                .bind([settings.team.map { .text($0) } ?? .null, settings.commitLink.map { .text($0) } ?? .null,
                       settings.fileLink.map { .text($0) } ?? .null, .int(settings.teamOwnsAll ? 1 : 0), .int(repository)]).run()
        }
    }

    public func beginRun(started: Int64, shard: String, since: Int64?, deadline: Int64?) throws -> Int64 {
        try db.transaction {
            try db.statement("INSERT INTO runs(started, finished, shard, since, deadline) VALUES ($1, NULL, $2, $3, $4)")
                .bind([.int(started), .text(shard), since.map { .int($0) } ?? .null, deadline.map { .int($0) } ?? .null]).run()
            let s = try db.statement("SELECT last_insert_rowid()")
            defer { s.reset() }
            _ = try s.step()
            return s.int(0)
        }
    }

    public func recordRun(_ run: Int64, _ r: RunRepositoryRecord) throws {
        try db.transaction {
            let s = try db.statement("SELECT id FROM repositories WHERE name = $1").bind([.text(r.repository)])
            guard try s.step() else {
                throw StoreError(function: "recordRun", code: 0, message: "unknown repository", context: r.repository)
            }
            let repository = s.int(0)
            s.reset()
            try db.statement("""
                INSERT INTO run_repositories(run, repository, status, reason, head, scanned, already_stored, failed_commits, seconds)
                VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
                ON CONFLICT(run, repository) DO UPDATE SET status = excluded.status, reason = excluded.reason, head = excluded.head,
                    scanned = excluded.scanned, already_stored = excluded.already_stored, failed_commits = excluded.failed_commits,
                    seconds = excluded.seconds
                """).bind([.int(run), .int(repository), .text(r.status.rawValue), r.reason.map { .text($0) } ?? .null,
                           r.head.map { .text($0) } ?? .null, .int(Int64(r.scanned)), .int(Int64(r.alreadyStored)),
                           .int(Int64(r.failedCommits)), .real(r.seconds)]).run()
        }
    }

    public func finishRun(_ run: Int64, finished: Int64) throws {
        try db.transaction {
            try db.statement("UPDATE runs SET finished = $1 WHERE id = $2").bind([.int(finished), .int(run)]).run()
        }
    }

    public func runs() throws -> [RunRecord] {
        let s = try db.statement("SELECT id, started, finished, shard, since, deadline FROM runs ORDER BY id")
        var out: [RunRecord] = []
        while try s.step() {
            out.append(RunRecord(id: s.int(0), started: s.int(1), finished: s.isNull(2) ? nil : s.int(2), shard: s.text(3) ?? "",
                                 since: s.isNull(4) ? nil : s.int(4), deadline: s.isNull(5) ? nil : s.int(5)))
        }
        return out
    }

    public func runRepositories(_ run: Int64) throws -> [RunRepositoryRecord] {
        let s = try db.statement("""
            SELECT r.name, x.status, x.reason, x.head, x.scanned, x.already_stored, x.failed_commits, x.seconds
            FROM run_repositories x JOIN repositories r ON r.id = x.repository WHERE x.run = $1 ORDER BY r.name
            """).bind([.int(run)])
        var out: [RunRepositoryRecord] = []
        while try s.step() {
            out.append(RunRepositoryRecord(repository: s.text(0) ?? "", status: RunStatus(stored: s.text(1) ?? ""), reason: s.text(2), head: s.text(3),
                                           scanned: Int(s.int(4)), alreadyStored: Int(s.int(5)), failedCommits: Int(s.int(6)),
                                           seconds: s.double(7)))
        }
        return out
    }

    public func rowCounts() throws -> [String: Int] {
        var out: [String: Int] = [:]
        for table in ["repositories", "commits", "commit_counts", "commit_files", "blob_results", "refs", "file_counts", "target_stages", "head_work",
                      "runs", "run_repositories"] {
            let s = try db.statement("SELECT count(*) FROM \(table)")
            if try s.step() { out[table] = Int(s.int(0)) }
            s.reset()
        }
        return out
    }
}

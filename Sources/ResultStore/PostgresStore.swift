import Foundation
import RuleKit

/// The shared store for fleets beyond one machine: one PostgreSQL database that every shard's
/// pod writes into. Writes are upserts keyed by repository, commit and blob, so a retried pod or
/// two overlapping pods never duplicate or lose rows; the schema is versioned, and pods that start
/// together apply each migration exactly once (under an advisory lock). The password comes from
/// `PGPASSWORD` or `~/.pgpass` (libpq reads both), never from the URL.
public final class PostgresStore: Store {
    let db: PGConnection
    let url: String
    public var location: String { db.location }

    /// Any constant: the advisory lock every fleetscan process takes to migrate the schema.
    static let migrationLock: Int64 = 0x666C_6565_7473_63  // "fleetsc"

    /// The `schema_version` this fleetscan leaves, the number older fleetscans check.
    public static var schemaVersion: Int { Dialect.postgres.version(holdingFirst: Schema.migrations.count) }

    /// Opens `url` (`postgres://user@host:port/database`); refuses a URL that holds a password.
    public convenience init(url: String) throws { try self.init(url: url, migrate: true) }

    /// `migrate: false` for a second connection of a process whose first one migrated.
    init(url: String, migrate: Bool) throws {
        if Self.hasPassword(url) {
            throw StoreError(function: "open", code: 0,
                             message: "the URL holds a password; give it in PGPASSWORD or ~/.pgpass instead, so it stays out of logs",
                             context: Self.redact(url))
        }
        self.url = url
        db = try PGConnection(url: url)
        if migrate { try self.migrate() }
    }

    /// Brings the schema up to date in one transaction. Pods that start together queue on the
    /// advisory lock; the first applies the migrations, the others then find nothing to do.
    func migrate() throws {
        try db.exec("SELECT pg_advisory_lock($1)", [.int(Self.migrationLock)])
        defer { _ = try? db.exec("SELECT pg_advisory_unlock($1)", [.int(Self.migrationLock)]) }
        try db.transaction { try Schema.migrate(db, .postgres, context: location) }
    }

    /// Whether a connection URL carries a password (`user:password@` or `password=`).
    static func hasPassword(_ url: String) -> Bool {
        guard let scheme = url.range(of: "://") else { return url.contains("password=") }
        let rest = url[scheme.upperBound...]
        let authority = rest.prefix { $0 != "/" && $0 != "?" }
        if let at = authority.lastIndex(of: "@"), authority[..<at].contains(":") { return true }
        return url.contains("password=")
    }

    /// The URL without user information's password, for messages.
    static func redact(_ url: String) -> String {
        guard let scheme = url.range(of: "://") else { return url }
        let rest = url[scheme.upperBound...]
        let authority = rest.prefix { $0 != "/" && $0 != "?" }
        guard let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") else { return url }
        return String(url[..<colon]) + ":***" + String(url[at...])
    }

    public func repository(name: String, url: String) throws -> Int64 {
        let r = try db.exec("""
            INSERT INTO repositories(name, url) VALUES ($1, $2) ON CONFLICT(name) DO UPDATE SET url = excluded.url RETURNING id
            """, [.text(name), .text(url)])
        return r.int(0, 0)
    }

    public func storedCommits(_ key: RulesetKey) throws -> Set<String> {
        let (repository, ruleset) = (key.repository, key.ruleset)
        let r = try db.exec("SELECT commit_id FROM commits WHERE repository = $1 AND ruleset = $2", [.int(repository), .text(ruleset)])
        return Set((0..<r.count).compactMap { r.text($0, 0) })
    }

    static let commitColumns = "commit_id, parent, time, subject, stage, error, files, errors, warnings, notes, compared_with_parent, "
        + "apart_errors, apart_warnings, apart_notes, author"

    func commitRecord(_ r: PGResult, _ i: Int) -> CommitRecord {
        var c = CommitRecord(commit: r.text(i, 0) ?? "", parent: r.text(i, 1), time: r.int(i, 2), subject: r.text(i, 3) ?? "", stage: r.text(i, 4).flatMap(Stage.init(rawValue:)),
                             error: r.text(i, 5), files: Int(r.int(i, 6)), errors: Int(r.int(i, 7)), warnings: Int(r.int(i, 8)),
                             notes: Int(r.int(i, 9)), comparedWithParent: r.bool(i, 10))
        (c.apartErrors, c.apartWarnings, c.apartNotes) = (Int(r.int(i, 11)), Int(r.int(i, 12)), Int(r.int(i, 13)))
        c.author = r.text(i, 14) ?? ""
        return c
    }

    /// Commits of a repository (all, or those in `ids`), with their counts and file deltas.
    func load(repository: Int64, ruleset: String, ids: [String]?) throws -> [String: CommitRecord] {
        var filter = ""
        var params: [SQLValue] = [.int(repository), .text(ruleset)]
        if let ids {
            filter = " AND commit_id = ANY($3::text[])"
            params.append(.text(pgTextArray(ids)))
        }
        var byID: [String: CommitRecord] = [:]
        let c = try db.exec("SELECT \(Self.commitColumns) FROM commits WHERE repository = $1 AND ruleset = $2" + filter, params)
        for i in 0..<c.count { let r = commitRecord(c, i); byID[r.commit] = r }
        let n = try db.exec("SELECT commit_id, rule, count FROM commit_counts WHERE repository = $1 AND ruleset = $2" + filter, params)
        for i in 0..<n.count { byID[n.text(i, 0) ?? ""]?.counts[n.text(i, 1) ?? ""] = Int(n.int(i, 2)) }
        let f = try db.exec("""
            SELECT commit_id, path, count, delta FROM commit_files WHERE repository = $1 AND ruleset = $2\(filter) ORDER BY commit_id, path COLLATE "C"
            """, params)
        for i in 0..<f.count {
            byID[f.text(i, 0) ?? ""]?.fileDeltas.append(FileDelta(path: f.text(i, 1) ?? "", count: Int(f.int(i, 2)), delta: Int(f.int(i, 3))))
        }
        return byID
    }

    public func commits(_ key: RulesetKey, ids: [String]) throws -> [CommitRecord] {
        let (repository, ruleset) = (key.repository, key.ruleset)
        guard !ids.isEmpty else { return [] }
        let byID = try load(repository: repository, ruleset: ruleset, ids: ids)
        return ids.compactMap { byID[$0] }
    }

    public func allCommits(_ key: RulesetKey) throws -> [CommitRecord] {
        let (repository, ruleset) = (key.repository, key.ruleset)
        return Array(try load(repository: repository, ruleset: ruleset, ids: nil).values)
    }

    public func memo(_ keys: [MemoKey], ruleset: String) throws -> [MemoKey: [UInt8]] {
        guard !keys.isEmpty else { return [:] }
        let r = try db.exec("""
            SELECT b.blob, b.path, b.model, b.data FROM blob_results b
            JOIN unnest($2::text[], $3::text[], $4::text[]) AS k(blob, path, model)
              ON b.blob = k.blob AND b.path = k.path AND b.model = k.model
            WHERE b.ruleset = $1
            """, [.text(ruleset), .text(pgTextArray(keys.map(\.blob))), .text(pgTextArray(keys.map(\.path))),
                  .text(pgTextArray(keys.map(\.model)))])
        var out: [MemoKey: [UInt8]] = [:]
        for i in 0..<r.count {
            out[MemoKey(blob: r.text(i, 0) ?? "", path: r.text(i, 1) ?? "", model: r.text(i, 2) ?? "")] = r.bytes(i, 3)
        }
        return out
    }

    /// One transaction, a handful of statements whatever the number of rows (arrays unnested on
    /// the server): a chunk of commits costs the same few round trips to a database across the
    /// network as to one on the same machine.
    public func record(_ commits: [CommitRecord], in key: RulesetKey, memo: [(MemoKey, [UInt8])]) throws {
        let (repository, ruleset) = (key.repository, key.ruleset)
        // Keys and commits in one order for every writer, so two pods storing the same rows lock
        // them in the same order and wait for each other instead of deadlocking.
        let memo = memo.sorted { ($0.0.blob, $0.0.path, $0.0.model) < ($1.0.blob, $1.0.path, $1.0.model) }
        var latest: [String: CommitRecord] = [:]
        for c in commits { latest[c.commit] = c }  // one row per commit: an upsert cannot touch a row twice
        let commits = latest.values.sorted { $0.commit < $1.commit }
        let hex = Array("0123456789abcdef".utf8)
        func bytea(_ bytes: [UInt8]) -> String {
            var out = [UInt8](repeating: 0, count: 2 + bytes.count * 2)
            out[0] = UInt8(ascii: "\\")
            out[1] = UInt8(ascii: "x")
            for (i, b) in bytes.enumerated() { out[2 + 2 * i] = hex[Int(b >> 4)]; out[3 + 2 * i] = hex[Int(b & 15)] }
            return String(decoding: out, as: UTF8.self)
        }
        try db.transaction {
            if !memo.isEmpty {
                try db.exec("""
                    INSERT INTO blob_results(blob, path, ruleset, model, data)
                    SELECT b, p, $1, m, d FROM unnest($2::text[], $3::text[], $4::text[], $5::bytea[]) AS t(b, p, m, d)
                    ON CONFLICT(blob, path, ruleset, model) DO NOTHING
                    """, [.text(ruleset), .text(pgTextArray(memo.map(\.0.blob))), .text(pgTextArray(memo.map(\.0.path))),
                          .text(pgTextArray(memo.map(\.0.model))), .text(pgTextArray(memo.map { bytea($0.1) }))])
            }
            guard !commits.isEmpty else { return }
            let ids = SQLValue.text(pgTextArray(commits.map(\.commit)))
            func ints(_ values: [Int]) -> SQLValue { .text("{" + values.map(String.init).joined(separator: ",") + "}") }
            // The commit rows are locked by the upsert until the transaction ends, so a second writer
            // of the same commits waits here, then replaces their rows rather than mixing with them.
            try db.exec("""
                INSERT INTO commits(repository, commit_id, ruleset, parent, time, subject, stage, error, files, errors, warnings,
                                    notes, compared_with_parent, apart_errors, apart_warnings, apart_notes, author)
                SELECT $1, c, $2, p, t, s, st, e, f, er, w, n, cp, ae, aw, an, au
                FROM unnest($3::text[], $4::text[], $5::bigint[], $6::text[], $7::text[], $8::text[], $9::int[], $10::int[],
                            $11::int[], $12::int[], $13::bool[], $14::int[], $15::int[], $16::int[], $17::text[])
                     AS x(c, p, t, s, st, e, f, er, w, n, cp, ae, aw, an, au)
                ON CONFLICT(repository, commit_id, ruleset) DO UPDATE SET
                    parent = excluded.parent, time = excluded.time, subject = excluded.subject, stage = excluded.stage,
                    error = excluded.error, files = excluded.files, errors = excluded.errors, warnings = excluded.warnings,
                    notes = excluded.notes, compared_with_parent = excluded.compared_with_parent, apart_errors = excluded.apart_errors,
                    apart_warnings = excluded.apart_warnings, apart_notes = excluded.apart_notes, author = excluded.author
                """, [.int(repository), .text(ruleset), ids, .text(pgTextArray(commits.map(\.parent))),
                      .text("{" + commits.map { String($0.time) }.joined(separator: ",") + "}"), .text(pgTextArray(commits.map(\.subject))),
                      .text(pgTextArray(commits.map { $0.stage?.rawValue })), .text(pgTextArray(commits.map(\.error))), ints(commits.map(\.files)),
                      ints(commits.map(\.errors)), ints(commits.map(\.warnings)), ints(commits.map(\.notes)),
                      .text("{" + commits.map { $0.comparedWithParent ? "t" : "f" }.joined(separator: ",") + "}"),
                      ints(commits.map(\.apartErrors)), ints(commits.map(\.apartWarnings)), ints(commits.map(\.apartNotes)),
                      .text(pgTextArray(commits.map(\.author)))])
            for table in ["commit_counts", "commit_files"] {
                try db.exec("DELETE FROM \(table) WHERE repository = $1 AND ruleset = $2 AND commit_id = ANY($3::text[])",
                            [.int(repository), .text(ruleset), ids])
            }
            let counts = commits.flatMap { c in c.counts.sorted { $0.key < $1.key }.map { (c.commit, $0.key, $0.value) } }
            if !counts.isEmpty {
                try db.exec("""
                    INSERT INTO commit_counts(repository, commit_id, ruleset, rule, count)
                    SELECT $1, c, $2, r, n FROM unnest($3::text[], $4::text[], $5::int[]) AS t(c, r, n)
                    """, [.int(repository), .text(ruleset), .text(pgTextArray(counts.map(\.0))), .text(pgTextArray(counts.map(\.1))),
                          ints(counts.map(\.2))])
            }
            let files = commits.flatMap { c in c.fileDeltas.map { (c.commit, $0) } }
            if !files.isEmpty {
                try db.exec("""
                    INSERT INTO commit_files(repository, commit_id, ruleset, path, count, delta)
                    SELECT $1, c, $2, p, n, d FROM unnest($3::text[], $4::text[], $5::int[], $6::int[]) AS t(c, p, n, d)
                    """, [.int(repository), .text(ruleset), .text(pgTextArray(files.map(\.0))), .text(pgTextArray(files.map(\.1.path))),
                          ints(files.map(\.1.count)), ints(files.map(\.1.delta))])
            }
        }
    }

    public func anotherConnection() throws -> any Store { try PostgresStore(url: url, migrate: false) }

    public func setReference(repository: Int64, name: String, commit: String) throws {
        try db.exec("""
            INSERT INTO refs(repository, name, commit_id) VALUES ($1, $2, $3)
            ON CONFLICT(repository, name) DO UPDATE SET commit_id = excluded.commit_id
            """, [.int(repository), .text(name), .text(commit)])
    }

    public func reference(repository: Int64, name: String) throws -> String? {
        try db.exec("SELECT commit_id FROM refs WHERE repository = $1 AND name = $2", [.int(repository), .text(name)]).text(0, 0)
    }

    public func rowCounts() throws -> [String: Int] {
        var out: [String: Int] = [:]
        for table in ["repositories", "commits", "commit_counts", "commit_files", "blob_results", "refs", "file_counts", "target_stages", "head_work",
                      "runs", "run_repositories"] {
            out[table] = Int(try db.exec("SELECT count(*) FROM \(table)").int(0, 0))
        }
        return out
    }

    public func repositories() throws -> [RepositoryRow] {
        let r = try db.exec("SELECT id, name, url, team, commit_link, file_link, team_owns_all FROM repositories ORDER BY name COLLATE \"C\"")
        return (0..<r.count).map {
            RepositoryRow(id: r.int($0, 0), name: r.text($0, 1) ?? "", url: r.text($0, 2) ?? "",
                          settings: RepositorySettings(team: r.text($0, 3), commitLink: r.text($0, 4), fileLink: r.text($0, 5),
                                                       teamOwnsAll: r.bool($0, 6)))
        }
    }

    public func setFileCounts(_ key: CommitKey, files: [FileCount]) throws {
        let (repository, commit, ruleset) = (key.repository, key.commit, key.ruleset)
        let key: [SQLValue] = [.int(repository), .text(commit), .text(ruleset)]
        try db.transaction {
            try db.exec("""
                INSERT INTO file_count_sets(repository, commit_id, ruleset) VALUES ($1, $2, $3)
                ON CONFLICT(repository, commit_id, ruleset) DO UPDATE SET ruleset = excluded.ruleset
                """, key)
            try db.exec("DELETE FROM file_counts WHERE repository = $1 AND commit_id = $2 AND ruleset = $3", key)
            if !files.isEmpty {
                try db.exec("""
                    INSERT INTO file_counts(repository, commit_id, ruleset, path, count)
                    SELECT $1, $2, $3, p, c FROM unnest($4::text[], $5::int[]) AS t(p, c)
                    """, key + [.text(pgTextArray(files.map(\.path))), .text("{" + files.map { String($0.count) }.joined(separator: ",") + "}")])
            }
        }
    }

    public func fileCounts(_ key: CommitKey) throws -> [FileCount]? {
        let (repository, commit, ruleset) = (key.repository, key.commit, key.ruleset)
        let key: [SQLValue] = [.int(repository), .text(commit), .text(ruleset)]
        guard try db.exec("SELECT 1 FROM file_count_sets WHERE repository = $1 AND commit_id = $2 AND ruleset = $3", key).count > 0 else {
            return nil
        }
        let r = try db.exec("""
            SELECT path, count FROM file_counts WHERE repository = $1 AND commit_id = $2 AND ruleset = $3 ORDER BY path COLLATE "C"
            """, key)
        return (0..<r.count).map { FileCount(path: r.text($0, 0) ?? "", count: Int(r.int($0, 1))) }
    }

    public func setTargetStages(_ key: CommitKey, targets: [TargetRecord]) throws {
        let (repository, commit, ruleset) = (key.repository, key.commit, key.ruleset)
        try db.exec("""
            INSERT INTO target_stages(repository, commit_id, ruleset, targets) VALUES ($1, $2, $3, $4)
            ON CONFLICT(repository, commit_id, ruleset) DO UPDATE SET targets = excluded.targets
            """, [.int(repository), .text(commit), .text(ruleset), .text(TargetRecord.encode(targets))])
    }

    public func targetStages(_ key: CommitKey) throws -> [TargetRecord]? {
        let (repository, commit, ruleset) = (key.repository, key.commit, key.ruleset)
        let r = try db.exec("SELECT targets FROM target_stages WHERE repository = $1 AND commit_id = $2 AND ruleset = $3",
                            [.int(repository), .text(commit), .text(ruleset)])
        guard r.count > 0 else { return nil }
        return TargetRecord.decode(r.text(0, 0) ?? "[]")
    }

    public func setHeadWork(_ key: CommitKey, work: HeadWork) throws {
        let (repository, commit, ruleset) = (key.repository, key.commit, key.ruleset)
        try db.exec("""
            INSERT INTO head_work(repository, commit_id, ruleset, work) VALUES ($1, $2, $3, $4)
            ON CONFLICT(repository, commit_id, ruleset) DO UPDATE SET work = excluded.work
            """, [.int(repository), .text(commit), .text(ruleset), .text(work.encoded())])
    }

    public func headWork(_ key: CommitKey) throws -> HeadWork? {
        let (repository, commit, ruleset) = (key.repository, key.commit, key.ruleset)
        let r = try db.exec("SELECT work FROM head_work WHERE repository = $1 AND commit_id = $2 AND ruleset = $3",
                            [.int(repository), .text(commit), .text(ruleset)])
        guard r.count > 0 else { return nil }
        return HeadWork.decode(r.text(0, 0) ?? "{}")
    }

    public func setSettings(repository: Int64, _ settings: RepositorySettings) throws {
        try db.exec("UPDATE repositories SET team = $2, commit_link = $3, file_link = $4, team_owns_all = $5 WHERE id = $1",
                    [.int(repository), settings.team.map { .text($0) } ?? .null, settings.commitLink.map { .text($0) } ?? .null,
                     settings.fileLink.map { .text($0) } ?? .null, .text(settings.teamOwnsAll ? "true" : "false")])
    }

    public func beginRun(started: Int64, shard: String, since: Int64?, deadline: Int64?) throws -> Int64 {
        try db.exec("INSERT INTO runs(started, finished, shard, since, deadline) VALUES ($1, NULL, $2, $3, $4) RETURNING id",
                    [.int(started), .text(shard), since.map { .int($0) } ?? .null, deadline.map { .int($0) } ?? .null]).int(0, 0)
    }

    public func recordRun(_ run: Int64, _ r: RunRepositoryRecord) throws {
        let found = try db.exec("SELECT id FROM repositories WHERE name = $1", [.text(r.repository)])
        guard found.count > 0 else { throw StoreError(function: "recordRun", code: 0, message: "unknown repository", context: r.repository) }
        try db.exec("""
            INSERT INTO run_repositories(run, repository, status, reason, head, scanned, already_stored, failed_commits, seconds)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
            ON CONFLICT(run, repository) DO UPDATE SET status = excluded.status, reason = excluded.reason, head = excluded.head,
                scanned = excluded.scanned, already_stored = excluded.already_stored, failed_commits = excluded.failed_commits,
                seconds = excluded.seconds
            """, [.int(run), .int(found.int(0, 0)), .text(r.status.rawValue), r.reason.map { .text($0) } ?? .null, r.head.map { .text($0) } ?? .null,
                  .int(Int64(r.scanned)), .int(Int64(r.alreadyStored)), .int(Int64(r.failedCommits)), .real(r.seconds)])
    }

    public func finishRun(_ run: Int64, finished: Int64) throws {
        try db.exec("UPDATE runs SET finished = $1 WHERE id = $2", [.int(finished), .int(run)])
    }

    public func runs() throws -> [RunRecord] {
        let r = try db.exec("SELECT id, started, finished, shard, since, deadline FROM runs ORDER BY id")
        return (0..<r.count).map {
            RunRecord(id: r.int($0, 0), started: r.int($0, 1), finished: r.isNull($0, 2) ? nil : r.int($0, 2), shard: r.text($0, 3) ?? "",
                      since: r.isNull($0, 4) ? nil : r.int($0, 4), deadline: r.isNull($0, 5) ? nil : r.int($0, 5))
        }
    }

    public func runRepositories(_ run: Int64) throws -> [RunRepositoryRecord] {
        let r = try db.exec("""
            SELECT p.name, x.status, x.reason, x.head, x.scanned, x.already_stored, x.failed_commits, x.seconds
            FROM run_repositories x JOIN repositories p ON p.id = x.repository WHERE x.run = $1 ORDER BY p.name COLLATE "C"
            """, [.int(run)])
        return (0..<r.count).map {
            RunRepositoryRecord(repository: r.text($0, 0) ?? "", status: RunStatus(stored: r.text($0, 1) ?? ""), reason: r.text($0, 2), head: r.text($0, 3),
                                scanned: Int(r.int($0, 4)), alreadyStored: Int(r.int($0, 5)), failedCommits: Int(r.int($0, 6)),
                                seconds: r.double($0, 7))
        }
    }
}

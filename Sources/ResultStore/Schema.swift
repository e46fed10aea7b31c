import Foundation

/// One change to the schema, named so a store can record that it holds it, with the SQL each
/// backend runs for it.
struct Migration: Sendable, Equatable {
    /// `0001-results`: the number orders the changes, the name says what the change is for.
    let id: String
    let sqlite: String
    let postgres: String

    /// A change the two backends need spelled apart beyond what `Dialect` covers.
    init(id: String, sqlite: String, postgres: String) {
        self.id = id
        self.sqlite = sqlite
        self.postgres = postgres
    }

    /// A change written once: `sql` gets each backend's spellings of the types they differ on.
    init(_ id: String, both sql: (Dialect) -> String) {
        self.init(id: id, sqlite: sql(.sqlite), postgres: sql(.postgres))
    }
}

/// What differs between the backends' schemas: the spelling of a few types, and how the
/// fleetscans before named migrations numbered each backend's versions.
struct Dialect: Sendable, Equatable {
    /// A row id the database assigns on insert (SQLite's rowid; a sequence in PostgreSQL).
    let serial: String
    /// Ids and times: SQLite's INTEGER is 64 bits already.
    let int64: String
    /// SQLite has no boolean type; its booleans are 0 and 1.
    let bool: String
    let `false`: String
    let double: String
    let bytes: String
    /// Appended to the memo's table: SQLite then keeps its rows in the primary-key index only,
    /// not in a second copy.
    let withoutRowID: String
    /// How many migrations an older fleetscan's `schema_version` 1 held. PostgreSQL came after
    /// SQLite's second version and started with both; each version since holds one.
    let firstVersionHeld: Int

    static let sqlite = Dialect(serial: "INTEGER PRIMARY KEY", int64: "INTEGER", bool: "INTEGER", false: "0", double: "REAL",
                                bytes: "BLOB", withoutRowID: " WITHOUT ROWID", firstVersionHeld: 1)
    static let postgres = Dialect(serial: "BIGSERIAL PRIMARY KEY", int64: "BIGINT", bool: "BOOLEAN", false: "FALSE",
                                  double: "DOUBLE PRECISION", bytes: "BYTEA", withoutRowID: "", firstVersionHeld: 2)

    /// The ids an older fleetscan had applied at `version` of this backend.
    func ids(atVersion version: Int) -> [String] {
        Schema.migrations.prefix(version == 0 ? 0 : version - 1 + firstVersionHeld).map(\.id)
    }

    /// The `schema_version` an older fleetscan reads for a store holding the first `count` migrations.
    func version(holdingFirst count: Int) -> Int { count < firstVersionHeld ? 0 : count - firstVersionHeld + 1 }
}

/// The stores' schema: every change in order, each written once for both backends, so SQLite and
/// PostgreSQL cannot drift apart, and what opening a store must do to bring it up to date.
enum Schema {
    /// In order; a new change goes at the end with the next number, and is never edited once
    /// released (stores that hold it are not migrated again).
    static let migrations: [Migration] = [
        // Commits with their counts and changed files, the per-blob memo, where refs pointed.
        Migration("0001-results") { d in """
            CREATE TABLE repositories(
                id \(d.serial),
                name TEXT NOT NULL UNIQUE,
                url TEXT NOT NULL);
            CREATE TABLE commits(
                repository \(d.int64) NOT NULL REFERENCES repositories(id),
                commit_id TEXT NOT NULL,
                ruleset TEXT NOT NULL,
                parent TEXT,
                time \(d.int64) NOT NULL,
                subject TEXT NOT NULL,
                stage TEXT,
                error TEXT,
                files INTEGER NOT NULL,
                errors INTEGER NOT NULL,
                warnings INTEGER NOT NULL,
                notes INTEGER NOT NULL,
                compared_with_parent \(d.bool) NOT NULL,
                PRIMARY KEY(repository, commit_id, ruleset));
            CREATE TABLE commit_counts(
                repository \(d.int64) NOT NULL,
                commit_id TEXT NOT NULL,
                ruleset TEXT NOT NULL,
                rule TEXT NOT NULL,
                count INTEGER NOT NULL,
                PRIMARY KEY(repository, commit_id, ruleset, rule));
            CREATE TABLE commit_files(
                repository \(d.int64) NOT NULL,
                commit_id TEXT NOT NULL,
                ruleset TEXT NOT NULL,
                path TEXT NOT NULL,
                count INTEGER NOT NULL,
                delta INTEGER NOT NULL,
                PRIMARY KEY(repository, commit_id, ruleset, path));
            CREATE TABLE blob_results(
                blob TEXT NOT NULL,
                path TEXT NOT NULL,
                ruleset TEXT NOT NULL,
                model TEXT NOT NULL,
                data \(d.bytes) NOT NULL,
                PRIMARY KEY(blob, path, ruleset, model))\(d.withoutRowID);
            CREATE TABLE refs(
                repository \(d.int64) NOT NULL,
                name TEXT NOT NULL,
                commit_id TEXT NOT NULL,
                PRIMARY KEY(repository, name));
            """ },
        // Findings per file at a head scanned whole; fleet runs and what each did per repository.
        Migration("0002-file-counts-and-runs") { d in """
            CREATE TABLE file_counts(
                repository \(d.int64) NOT NULL,
                commit_id TEXT NOT NULL,
                ruleset TEXT NOT NULL,
                path TEXT NOT NULL,
                count INTEGER NOT NULL,
                PRIMARY KEY(repository, commit_id, ruleset, path));
            CREATE TABLE file_count_sets(
                repository \(d.int64) NOT NULL,
                commit_id TEXT NOT NULL,
                ruleset TEXT NOT NULL,
                PRIMARY KEY(repository, commit_id, ruleset));
            CREATE TABLE runs(
                id \(d.serial),
                started \(d.int64) NOT NULL,
                finished \(d.int64),
                shard TEXT NOT NULL,
                since \(d.int64));
            CREATE TABLE run_repositories(
                run \(d.int64) NOT NULL REFERENCES runs(id),
                repository \(d.int64) NOT NULL REFERENCES repositories(id),
                status TEXT NOT NULL,
                reason TEXT,
                head TEXT,
                scanned INTEGER NOT NULL,
                already_stored INTEGER NOT NULL,
                failed_commits INTEGER NOT NULL,
                seconds \(d.double) NOT NULL,
                PRIMARY KEY(run, repository));
            """ },
        // Rules v2: each target's stage at a head, as JSON; per commit, the findings in examples and tests.
        Migration("0003-target-stages-and-apart-counts") { d in """
            CREATE TABLE target_stages(
                repository \(d.int64) NOT NULL,
                commit_id TEXT NOT NULL,
                ruleset TEXT NOT NULL,
                targets TEXT NOT NULL,
                PRIMARY KEY(repository, commit_id, ruleset));
            ALTER TABLE commits ADD COLUMN apart_errors INTEGER NOT NULL DEFAULT 0;
            ALTER TABLE commits ADD COLUMN apart_warnings INTEGER NOT NULL DEFAULT 0;
            ALTER TABLE commits ADD COLUMN apart_notes INTEGER NOT NULL DEFAULT 0;
            """ },
        // Steering: authors, the findings at a head with their owners, the manifest's team and
        // links per repository, a run's deadline.
        Migration("0004-steering") { d in """
            ALTER TABLE commits ADD COLUMN author TEXT NOT NULL DEFAULT '';
            CREATE TABLE head_work(
                repository \(d.int64) NOT NULL,
                commit_id TEXT NOT NULL,
                ruleset TEXT NOT NULL,
                work TEXT NOT NULL,
                PRIMARY KEY(repository, commit_id, ruleset));
            ALTER TABLE repositories ADD COLUMN team TEXT;
            ALTER TABLE repositories ADD COLUMN commit_link TEXT;
            ALTER TABLE repositories ADD COLUMN file_link TEXT;
            ALTER TABLE runs ADD COLUMN deadline \(d.int64);
            """ },
        // The manifest's team owns every finding of a repository (`"owners": "manifest"`).
        Migration("0005-team-owns-all") { d in """
            ALTER TABLE repositories ADD COLUMN team_owns_all \(d.bool) NOT NULL DEFAULT \(d.false);
            """ },
    ]

    /// The tables that say what a store holds, made before anything is read. `schema_migrations`
    /// names each migration applied (`applied_at` NULL for those an older fleetscan applied, when
    /// it did is not known); `schema_version` is the number older fleetscans read and is kept
    /// current, so one of them refuses a store it does not know in full rather than writing to it.
    static func bookkeeping(_ d: Dialect) -> String { """
        CREATE TABLE IF NOT EXISTS schema_version(version INTEGER NOT NULL);
        CREATE TABLE IF NOT EXISTS schema_migrations(id TEXT NOT NULL PRIMARY KEY, applied_at \(d.int64));
        """ }

    /// What opening a store must do, decided from what it holds before anything is written.
    struct Plan: Equatable {
        /// Migrations an older fleetscan applied (its `schema_version` says so) and did not name.
        var adopted: [String]
        /// The migrations still to run, in order.
        var pending: [Migration]
        /// The `schema_version` to leave for older fleetscans.
        var version: Int
    }

    /// The plan for a store at `schema_version` `version` that names `applied`; a store a newer
    /// fleetscan wrote (a version or an id this one does not know) is refused, not touched.
    static func plan(_ dialect: Dialect, version: Int, applied: [String], context: String) throws -> Plan {
        let known = dialect.version(holdingFirst: migrations.count)
        guard version <= known else {
            throw StoreError(function: "migrate", code: 0, message: "the store has schema version \(version); this fleetscan knows up to \(known)",
                             context: context)
        }
        let ids = Set(migrations.map(\.id))
        if let unknown = applied.filter({ !ids.contains($0) }).sorted().last {
            throw StoreError(function: "migrate", code: 0,
                             message: "the store has schema migration \(unknown); this fleetscan knows up to \(migrations.last?.id ?? "none")",
                             context: context)
        }
        let adopted = dialect.ids(atVersion: version).filter { !applied.contains($0) }
        let held = Set(applied + adopted)
        return Plan(adopted: adopted, pending: migrations.filter { !held.contains($0.id) }, version: known)
    }

    /// Brings the store behind `connection` up to date, inside the caller's transaction: adopts
    /// what an older fleetscan applied, runs what is missing, and leaves `schema_version` current.
    static func migrate(_ connection: some SchemaConnection, _ dialect: Dialect, context: String) throws {
        try connection.script(bookkeeping(dialect))
        let stored = try connection.column("SELECT version FROM schema_version")
        let version = stored.first.flatMap { $0.flatMap { Int($0) } } ?? 0
        let applied = try connection.column("SELECT id FROM schema_migrations").compactMap { $0 }
        let plan = try Schema.plan(dialect, version: version, applied: applied, context: context)
        for id in plan.adopted {
            try connection.run("INSERT INTO schema_migrations(id, applied_at) VALUES ($1, NULL)", [.text(id)])
        }
        let now = Int64(Date().timeIntervalSince1970)
        for migration in plan.pending {
            try connection.script(dialect == .sqlite ? migration.sqlite : migration.postgres)
            try connection.run("INSERT INTO schema_migrations(id, applied_at) VALUES ($1, $2)", [.text(migration.id), .int(now)])
        }
        if stored.isEmpty {
            try connection.run("INSERT INTO schema_version(version) VALUES ($1)", [.int(Int64(plan.version))])
        } else if plan.version != version {
            try connection.run("UPDATE schema_version SET version = $1", [.int(Int64(plan.version))])
        }
    }
}

/// The three things migrating needs of a backend's connection, so it is written once.
protocol SchemaConnection {
    /// Several statements, no values.
    func script(_ sql: String) throws
    /// One statement with values.
    func run(_ sql: String, _ values: [SQLValue]) throws
    /// A query's first column, as text.
    func column(_ sql: String) throws -> [String?]
}

extension SQLiteConnection: SchemaConnection {
    func script(_ sql: String) throws { try execute(sql) }

    func run(_ sql: String, _ values: [SQLValue]) throws { try statement(sql).bind(values).run() }

    func column(_ sql: String) throws -> [String?] {
        let s = try statement(sql)
        defer { s.reset() }
        var out: [String?] = []
        while try s.step() { out.append(s.text(0)) }
        return out
    }
}

extension PGConnection: SchemaConnection {
    func script(_ sql: String) throws { try exec(sql) }  // no values: the simple protocol, which takes several statements

    func run(_ sql: String, _ values: [SQLValue]) throws { try exec(sql, values) }

    func column(_ sql: String) throws -> [String?] {
        let r = try exec(sql)
        return (0..<r.count).map { r.text($0, 0) }
    }
}

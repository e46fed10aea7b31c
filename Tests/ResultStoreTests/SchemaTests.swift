import Foundation
import Testing
@testable import ResultStore
import TestSupport

/// A store as a release before named migrations left it: `schema_version` at `version`, the
/// historic SQL of that version run, and rows in every table it had.
struct OldStore: Sendable, CustomTestStringConvertible {
    let kind: StoreKind
    let version: Int

    var testDescription: String { "\(kind) version \(version)" }

    /// Every version the releases before named migrations left, on each backend tested.
    static var all: [OldStore] {
        StoreKind.tested.flatMap { kind in (1...history(kind).count).map { OldStore(kind: kind, version: $0) } }
    }

    static func history(_ kind: StoreKind) -> [String] { kind == .sqlite ? HistoricSchema.sqlite : HistoricSchema.postgres }

    /// How many named migrations it holds: PostgreSQL's version 1 held SQLite's first two.
    var held: Int { kind == .sqlite ? version : version + 1 }

    static let targets = [TargetRecord(name: "App", platform: "iOS", scope: "app", stage: .launches, blockers: [])]
    static let work = HeadWork(findings: [HeadFinding(rule: "main-screen-bounds", severity: "warning", path: "A.swift", line: 3, column: 9,
                                                      message: "m", fix: "f", scope: "app", owners: ["@org/shop"])])

    /// Rows written with only the columns and tables named migration `step` had added.
    func rows(_ step: Int) -> String {
        func quoted(_ s: String) -> String { "'" + s.replacingOccurrences(of: "'", with: "''") + "'" }
        switch step {
        case 0: return """
            INSERT INTO repositories(name, url) VALUES ('shop', 'u');
            INSERT INTO commits(repository, commit_id, ruleset, parent, time, subject, stage, error, files, errors, warnings, notes,
                                compared_with_parent) VALUES (1, 'c1', 'r', NULL, 5, 'Old', 'launches', NULL, 3, 0, 2, 0, TRUE);
            INSERT INTO commit_counts VALUES (1, 'c1', 'r', 'main-screen', 2);
            INSERT INTO commit_files VALUES (1, 'c1', 'r', 'A.swift', 2, 1);
            INSERT INTO blob_results VALUES ('b1', 'A.swift', 'r', '', \(kind == .sqlite ? "X'00ff'" : "'\\x00ff'::bytea"));
            INSERT INTO refs VALUES (1, 'main', 'c1');
            """
        case 1: return """
            INSERT INTO file_count_sets VALUES (1, 'c1', 'r');
            INSERT INTO file_counts VALUES (1, 'c1', 'r', 'A.swift', 2);
            INSERT INTO runs(started, finished, shard, since) VALUES (100, 200, '0/1', NULL);
            INSERT INTO run_repositories VALUES (1, 1, 'ok', NULL, 'c1', 1, 0, 0, 0.5);
            """
        case 2: return """
            INSERT INTO target_stages VALUES (1, 'c1', 'r', \(quoted(TargetRecord.encode(Self.targets))));
            UPDATE commits SET apart_warnings = 1;
            """
        case 3: return """
            UPDATE commits SET author = 'Zoë Lin';
            INSERT INTO head_work VALUES (1, 'c1', 'r', \(quoted(Self.work.encoded())));
            UPDATE repositories SET team = '@org/shop', commit_link = 'https://g/c/{commit}';
            UPDATE runs SET deadline = 300;
            """
        case 4: return "UPDATE repositories SET team_owns_all = TRUE;"
        default: preconditionFailure("the releases before named migrations had five migrations, not \(step + 1)")
        }
    }

    /// Makes the store at `location`, running the SQL the old release ran.
    func build(at location: String) throws {
        let db = try SchemaTests.connection(kind, location)
        try db.script("CREATE TABLE schema_version(version INTEGER NOT NULL); INSERT INTO schema_version VALUES (\(version));")
        for sql in Self.history(kind).prefix(version) { try db.script(sql) }
        for step in 0..<held { try db.script(rows(step)) }
    }

    /// What the new code must read back: the rows written, later columns at their defaults.
    func expectRowsKept(_ store: any Store) throws {
        let settings = RepositorySettings(team: held > 3 ? "@org/shop" : nil, commitLink: held > 3 ? "https://g/c/{commit}" : nil,
                                          teamOwnsAll: held > 4)
        #expect(try store.repositories() == [RepositoryRow(id: 1, name: "shop", url: "u", settings: settings)])
        var commit = CommitRecord(commit: "c1", parent: nil, time: 5, subject: "Old", stage: .launches, files: 3, counts: ["main-screen": 2],
                                  warnings: 2, comparedWithParent: true, fileDeltas: [FileDelta(path: "A.swift", count: 2, delta: 1)])
        commit.apartWarnings = held > 2 ? 1 : 0
        commit.author = held > 3 ? "Zoë Lin" : ""
        #expect(try store.allCommits(RulesetKey(repository: 1, ruleset: "r")) == [commit])
        let key = MemoKey(blob: "b1", path: "A.swift")
        #expect(try store.memo([key], ruleset: "r") == [key: [0, 255]])
        #expect(try store.reference(repository: 1, name: "main") == "c1")
        #expect(try store.fileCounts(CommitKey(repository: 1, commit: "c1", ruleset: "r")) == (held > 1 ? [FileCount(path: "A.swift", count: 2)] : nil))
        #expect(try store.runs() == (held > 1 ? [RunRecord(id: 1, started: 100, finished: 200, shard: "0/1", deadline: held > 3 ? 300 : nil)] : []))
        #expect(try store.runRepositories(1)
                == (held > 1 ? [RunRepositoryRecord(repository: "shop", status: .ok, head: "c1", scanned: 1, seconds: 0.5)] : []))
        #expect(try store.targetStages(CommitKey(repository: 1, commit: "c1", ruleset: "r")) == (held > 2 ? Self.targets : nil))
        #expect(try store.headWork(CommitKey(repository: 1, commit: "c1", ruleset: "r")) == (held > 3 ? Self.work : nil))
    }
}

@Suite struct SchemaTests {
    static func connection(_ kind: StoreKind, _ location: String) throws -> any SchemaConnection {
        kind == .sqlite ? try SQLiteConnection(path: location) : try PGConnection(url: location)
    }

    static func connection(of store: any Store) -> any SchemaConnection {
        if let s = store as? SQLiteStore { return s.db }
        return (store as! PostgresStore).db
    }

    /// The schema as lines both backends can be compared by: each table, each column's name, type
    /// class and nullability, the primary key, and every other index (its name when made by
    /// CREATE INDEX; a UNIQUE constraint's index is named differently by each database).
    static func shape(_ kind: StoreKind, _ db: any SchemaConnection) throws -> [String] {
        var out: [String] = []
        if kind == .sqlite {
            for table in try db.column("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").compactMap({ $0 }) {
                out.append(table)
                let columns = try db.rows("SELECT name, type, \"notnull\", pk FROM pragma_table_info('\(table)') ORDER BY pk", width: 4)
                let key = columns.filter { $0[3] != "0" }.map { $0[0] ?? "" }
                for c in columns {
                    // A rowid (an INTEGER primary key alone) is never NULL, as PostgreSQL's key columns are not.
                    let rowid = key == [c[0] ?? ""] && c[1] == "INTEGER"
                    out.append("\(table).\(c[0] ?? "") \(typeClass(c[1] ?? ""))\(c[2] == "1" || rowid ? " not null" : "")")
                }
                if !key.isEmpty { out.append("\(table) primary key (\(key.joined(separator: ", ")))") }
                for index in try db.rows("SELECT name, \"unique\", origin FROM pragma_index_list('\(table)')", width: 3) where index[2] != "pk" {
                    let columns = try db.column("SELECT name FROM pragma_index_info('\(index[0] ?? "")') ORDER BY seqno").compactMap { $0 }
                    out.append("\(table) \(index[1] == "1" ? "unique " : "")index \(index[2] == "c" ? index[0] ?? "" : "(constraint)")"
                               + " (\(columns.joined(separator: ", ")))")
                }
            }
        } else {
            out += try db.column("SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'")
                .compactMap { $0 }
            for c in try db.rows("SELECT table_name, column_name, data_type, is_nullable FROM information_schema.columns WHERE table_schema = current_schema()", width: 4) {
                out.append("\(c[0] ?? "").\(c[1] ?? "") \(typeClass(c[2] ?? ""))\(c[3] == "NO" ? " not null" : "")")
            }
            for i in try db.rows("""
                SELECT t.relname, i.relname, x.indisunique, x.indisprimary,
                       EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid AND c.conrelid = x.indrelid AND c.contype IN ('p', 'u')),
                       (SELECT string_agg(a.attname, ', ' ORDER BY k.n) FROM unnest(x.indkey::int2[]) WITH ORDINALITY AS k(attnum, n)
                        JOIN pg_attribute a ON a.attrelid = x.indrelid AND a.attnum = k.attnum)
                FROM pg_index x JOIN pg_class t ON t.oid = x.indrelid JOIN pg_class i ON i.oid = x.indexrelid
                WHERE t.relnamespace = current_schema()::regnamespace
                """, width: 6) {
                let table = i[0] ?? "", columns = i[5] ?? ""
                if i[3] == "t" { out.append("\(table) primary key (\(columns))"); continue }
                out.append("\(table) \(i[2] == "t" ? "unique " : "")index \(i[4] == "t" ? "(constraint)" : i[1] ?? "") (\(columns))")
            }
        }
        return out.sorted()
    }

    /// SQLite's declared type or PostgreSQL's `data_type`, as what it holds. Booleans are integers:
    /// SQLite has no other way to keep them.
    static func typeClass(_ type: String) -> String {
        switch type.lowercased() {
        case "integer", "bigint", "smallint", "boolean": return "integer"
        case "text", "character varying": return "text"
        case "real", "double precision": return "real"
        case "blob", "bytea": return "bytes"
        default: return "unknown type \(type)"
        }
    }

    /// Everything opening a store could change: the schema, what it records, and (SQLite) the
    /// schema cookie, which any DDL moves.
    static func snapshot(_ kind: StoreKind, _ store: any Store) throws -> [String] {
        let db = connection(of: store)
        let migrations = try db.rows("SELECT id, applied_at FROM schema_migrations ORDER BY id", width: 2).map { "\($0[0] ?? "") \($0[1] ?? "NULL")" }
        let rows = try store.rowCounts().sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
        let cookie = kind == .sqlite ? try db.column("PRAGMA schema_version").map { "cookie \($0 ?? "")" } : []
        return try shape(kind, db) + migrations + (try db.column("SELECT version FROM schema_version").map { "version \($0 ?? "")" }) + rows + cookie
    }

    /// Expects `a` and `b` to hold the same lines, and shows only the lines that differ.
    static func expectSame(_ a: [String], _ b: [String], _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let onlyFirst = a.filter { !b.contains($0) }, onlySecond = b.filter { !a.contains($0) }
        #expect(onlyFirst == [] && onlySecond == [], "\(what)", sourceLocation: sourceLocation)
        #expect(a.count == b.count, "\(what): a line twice", sourceLocation: sourceLocation)
    }

    @Test func bothBackendsEndWithTheSameTablesColumnsAndIndexes() throws {
        guard StoreKind.tested.contains(.postgres) else { return }
        let dir = TempDirectory()
        let sqlite = try Self.shape(.sqlite, Self.connection(of: try StoreKind.sqlite.fresh(in: dir)))
        let postgres = try Self.shape(.postgres, Self.connection(of: try StoreKind.postgres.fresh(in: dir)))
        Self.expectSame(sqlite, postgres, "SQLite against PostgreSQL")
        #expect(sqlite.contains("blob_results.data bytes not null") && sqlite.contains("repositories unique index (constraint) (name)"))
        #expect(!sqlite.contains { $0.contains("unknown type") })
    }

    @Test(arguments: OldStore.all) func everyEarlierVersionIsUpgradedAndKeepsItsRows(_ old: OldStore) throws {
        let dir = TempDirectory()
        let latest = try Self.shape(old.kind, Self.connection(of: try old.kind.fresh(in: dir, name: "latest")))
        let location = try old.kind.freshLocation(in: dir, name: "old")
        try old.build(at: location)
        let store = try Stores.open(location)
        let db = Self.connection(of: store)
        Self.expectSame(try Self.shape(old.kind, db), latest, "upgraded against new")
        try old.expectRowsKept(store)
        // What the old version held is adopted (applied_at unknown); the rest was run just now.
        let recorded = try db.rows("SELECT id, applied_at FROM schema_migrations ORDER BY id", width: 2)
        #expect(recorded.map { $0[0] ?? "" } == Schema.migrations.map(\.id))
        #expect(recorded.map { $0[1] == nil } == Schema.migrations.indices.map { $0 < old.held })
        let version = old.kind == .sqlite ? SQLiteStore.schemaVersion : PostgresStore.schemaVersion
        #expect(try db.column("SELECT version FROM schema_version") == ["\(version)"])
        // A second open finds nothing to do.
        let before = try Self.snapshot(old.kind, store)
        Self.expectSame(try Self.snapshot(old.kind, try Stores.open(location)), before, "second open against first")
        // And the upgraded store takes new rows in every column.
        let repo = try store.repository(name: "shop", url: "u")
        try store.record([StoreTests.record(String(repeating: "a", count: 40))], in: RulesetKey(repository: repo, ruleset: "r"), memo: [])
        try store.setSettings(repository: repo, RepositorySettings(team: "@org/x", teamOwnsAll: true))
        #expect(try store.allCommits(RulesetKey(repository: repo, ruleset: "r")).count == 2 && store.repositories().first?.settings.teamOwnsAll == true)
    }

    @Test(arguments: StoreKind.tested) func aMigrationFromANewerFleetscanIsRefusedNotDamaged(_ kind: StoreKind) throws {
        let dir = TempDirectory()
        let location = try kind.freshLocation(in: dir)
        let store = try Stores.open(location)
        try Self.connection(of: store).script("INSERT INTO schema_migrations(id, applied_at) VALUES ('0099-from-a-newer-fleetscan', 1)")
        let before = try Self.snapshot(kind, store)
        #expect { try Stores.open(location) } throws: { error in
            let message = (error as? StoreError)?.message ?? ""
            return message.contains("0099-from-a-newer-fleetscan") && message.contains(Schema.migrations.last!.id)
        }
        Self.expectSame(try Self.snapshot(kind, store), before, "after the refusal against before")
    }

    @Test func oldVersionsMapOntoTheMigrationsTheyHeld() throws {
        let ids = Schema.migrations.map(\.id)
        #expect(ids == ["0001-results", "0002-file-counts-and-runs", "0003-target-stages-and-apart-counts", "0004-steering", "0005-team-owns-all"])
        for version in 0...5 { #expect(Dialect.sqlite.ids(atVersion: version) == Array(ids.prefix(version))) }
        // PostgreSQL's first version made the tables of SQLite's first two.
        #expect(Dialect.postgres.ids(atVersion: 0) == [])
        #expect(Dialect.postgres.ids(atVersion: 1) == ["0001-results", "0002-file-counts-and-runs"])
        #expect(Dialect.postgres.ids(atVersion: 2) == Array(ids.prefix(3)))
        #expect(Dialect.postgres.ids(atVersion: 4) == ids)
        // The version older fleetscans read is the one they would have written.
        #expect(SQLiteStore.schemaVersion == HistoricSchema.sqlite.count && PostgresStore.schemaVersion == HistoricSchema.postgres.count)
        for dialect in [Dialect.sqlite, .postgres] {
            for version in 0...dialect.version(holdingFirst: ids.count) {
                #expect(dialect.version(holdingFirst: dialect.ids(atVersion: version).count) == version)
                let plan = try Schema.plan(dialect, version: version, applied: [], context: "")
                #expect(plan.adopted + plan.pending.map(\.id) == ids)
            }
        }
        // Ids recorded by name are not adopted again, and a gap is filled.
        let plan = try Schema.plan(.sqlite, version: 2, applied: ["0001-results", "0002-file-counts-and-runs", "0004-steering"], context: "")
        #expect(plan.adopted.isEmpty && plan.pending.map(\.id) == ["0003-target-stages-and-apart-counts", "0005-team-owns-all"])
    }

    @Test func podsStartingTogetherUpgradeAnOldStoreOnce() throws {
        guard StoreKind.tested.contains(.postgres) else { return }
        let dir = TempDirectory()
        let old = OldStore(kind: .postgres, version: 1)
        let location = try StoreKind.postgres.freshLocation(in: dir, name: "oldtogether")
        try old.build(at: location)
        let errors = NSLock()
        nonisolated(unsafe) var failures: [String] = []
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            do { _ = try Stores.open(location) } catch {
                errors.lock(); failures.append("\(error)"); errors.unlock()
            }
        }
        #expect(failures.isEmpty, "\(failures)")
        let store = try Stores.open(location)
        try old.expectRowsKept(store)
        #expect(try Self.connection(of: store).column("SELECT id FROM schema_migrations ORDER BY id") == Schema.migrations.map(\.id))
    }
}

extension SchemaConnection {
    /// A query's first `width` columns as text: what introspection needs beyond the one column
    /// migrating reads.
    func rows(_ sql: String, width: Int) throws -> [[String?]] {
        if let db = self as? SQLiteConnection {
            let s = try db.statement(sql)
            defer { s.reset() }
            var out: [[String?]] = []
            while try s.step() { out.append((0..<width).map { s.text(Int32($0)) }) }
            return out
        }
        let r = try (self as! PGConnection).exec(sql)
        return (0..<r.count).map { row in (0..<width).map { r.text(row, $0) } }
    }
}

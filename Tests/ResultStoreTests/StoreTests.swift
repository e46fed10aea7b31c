import Foundation
import Testing
@testable import ResultStore
import RuleKit
import TestSupport

@Suite struct StoreTests {
    static func record(_ id: String, parent: String? = nil, counts: [String: Int] = ["main-screen": 2]) -> CommitRecord {
        var r = CommitRecord(commit: id, parent: parent, time: 1_700_000_000, subject: "Commit \(id)", stage: .launches, files: 3, counts: counts,
                             errors: 0, warnings: counts.values.reduce(0, +), notes: 0, comparedWithParent: parent != nil,
                             fileDeltas: [FileDelta(path: "A.swift", count: 2, delta: 1)])
        r.apartWarnings = min(1, r.warnings)  // findings in examples and tests round-trip too
        return r
    }

    @Test(arguments: StoreKind.tested) func commitsRoundTripAndReplace(_ kind: StoreKind) throws {
        let dir = TempDirectory()
        let store = try kind.fresh(in: dir)
        let repo = try store.repository(name: "shop", url: "/srv/shop.git")
        #expect(try store.repository(name: "shop", url: "/srv/shop.git") == repo)
        let a = Self.record(String(repeating: "a", count: 40))
        let b = Self.record(String(repeating: "b", count: 40), parent: a.commit, counts: ["main-screen": 1, "idiom-layout": 4])
        try store.record([a, b], in: RulesetKey(repository: repo, ruleset: "r1"), memo: [])
        #expect(try store.storedCommits(RulesetKey(repository: repo, ruleset: "r1")) == [a.commit, b.commit])
        #expect(try store.storedCommits(RulesetKey(repository: repo, ruleset: "r2")).isEmpty)
        #expect(try store.commits(RulesetKey(repository: repo, ruleset: "r1"), ids: [b.commit, a.commit, "missing"]) == [b, a])
        // Storing a commit again replaces it, rows and all.
        var changed = b
        changed.counts = ["idiom-layout": 1]
        changed.fileDeltas = []
        try store.record([changed], in: RulesetKey(repository: repo, ruleset: "r1"), memo: [])
        #expect(try store.commits(RulesetKey(repository: repo, ruleset: "r1"), ids: [b.commit]) == [changed])
        let rows = try store.rowCounts()
        #expect(rows["commits"] == 2 && rows["commit_counts"] == 2 && rows["commit_files"] == 1)
    }

    @Test(arguments: StoreKind.tested) func awkwardTextAndBytesRoundTrip(_ kind: StoreKind) throws {
        let dir = TempDirectory()
        let store = try kind.fresh(in: dir)
        let repo = try store.repository(name: "shop", url: "u")
        // What a commit subject or a path may hold, and what array literals must escape.
        let awkward = #"He said "NULL", {a,b} \ back\slash\"# + " NULL ünïcode 🙂\ttab\nnewline"
        var c = Self.record(String(repeating: "c", count: 40), counts: ["NULL": 1, #"q"uote"#: 2])
        c.subject = awkward
        c.stage = nil
        c.error = "NULL"
        c.fileDeltas = [FileDelta(path: "NULL", count: 0, delta: 0), FileDelta(path: "Sources/a,b {c}/\"d\".swift", count: 1, delta: -1)]
        let key = MemoKey(blob: "b", path: awkward, model: "{}")
        let bytes: [UInt8] = [0, 92, 34, 123, 125, 44, 255, 0]
        try store.record([c], in: RulesetKey(repository: repo, ruleset: "r"), memo: [(key, bytes)])
        #expect(try store.commits(RulesetKey(repository: repo, ruleset: "r"), ids: [c.commit]) == [c])
        #expect(try store.memo([key], ruleset: "r")[key] == bytes)
        try store.setFileCounts(CommitKey(repository: repo, commit: c.commit, ruleset: "r"), files: [FileCount(path: awkward, count: 3)])
        #expect(try store.fileCounts(CommitKey(repository: repo, commit: c.commit, ruleset: "r")) == [FileCount(path: awkward, count: 3)])
    }

    @Test(arguments: StoreKind.tested) func memoEntriesAreKeptByBlobPathAndModel(_ kind: StoreKind) throws {
        let dir = TempDirectory()
        let store = try kind.fresh(in: dir)
        let repo = try store.repository(name: "shop", url: "u")
        let plain = MemoKey(blob: "b1", path: "A.swift"), withModel = MemoKey(blob: "b1", path: "A.swift", model: "d1")
        try store.record([], in: RulesetKey(repository: repo, ruleset: "r1"), memo: [(plain, [1, 2, 3]), (withModel, [4])])
        // A second write of the same key keeps the first (results are a function of the key).
        try store.record([], in: RulesetKey(repository: repo, ruleset: "r1"), memo: [(plain, [9])])
        let found = try store.memo([plain, withModel, MemoKey(blob: "b1", path: "B.swift")], ruleset: "r1")
        #expect(found == [plain: [1, 2, 3], withModel: [4]])
        #expect(try store.memo([plain], ruleset: "r2").isEmpty)
    }

    @Test(arguments: StoreKind.tested) func aFailedTransactionLeavesNothing(_ kind: StoreKind) throws {
        let dir = TempDirectory()
        let store = try kind.fresh(in: dir)
        let repo = try store.repository(name: "shop", url: "u")
        // The second commit lists one path twice: its insert fails after the memo entry and the
        // first commit were written in the same transaction.
        var broken = Self.record(String(repeating: "f", count: 40))
        broken.fileDeltas = [FileDelta(path: "A.swift", count: 1, delta: 1), FileDelta(path: "A.swift", count: 2, delta: 2)]
        #expect(throws: StoreError.self) {
            try store.record([Self.record(String(repeating: "e", count: 40)), broken], in: RulesetKey(repository: repo, ruleset: "r"), memo: [(MemoKey(blob: "x", path: "y"), [1])])
        }
        let rows = try store.rowCounts()
        #expect(rows["commits"] == 0 && rows["commit_counts"] == 0 && rows["commit_files"] == 0 && rows["blob_results"] == 0)
    }

    /// Runs raw SQL on a store's own connection (to play an older or newer fleetscan).
    static func execute(_ store: any Store, _ sql: String) throws {
        if let s = store as? SQLiteStore { try s.db.execute(sql) } else if let p = store as? PostgresStore { try p.db.exec(sql) }
    }

    @Test(arguments: StoreKind.tested) func reopeningKeepsDataAndSchema(_ kind: StoreKind) throws {
        let dir = TempDirectory()
        let location = try kind.freshLocation(in: dir)
        do {
            let store = try Stores.open(location)
            let repo = try store.repository(name: "shop", url: "u")
            try store.record([Self.record(String(repeating: "d", count: 40))], in: RulesetKey(repository: repo, ruleset: "r"), memo: [])
        }
        let again = try Stores.open(location)
        #expect(try again.rowCounts()["commits"] == 1)
        #expect(try again.anotherConnection().rowCounts()["commits"] == 1)
    }

    @Test(arguments: StoreKind.tested) func aNewerSchemaIsRefusedNotDamaged(_ kind: StoreKind) throws {
        let dir = TempDirectory()
        let location = try kind.freshLocation(in: dir)
        try Self.execute(try Stores.open(location), "UPDATE schema_version SET version = 99")
        #expect { try Stores.open(location) } throws: { ($0 as? StoreError)?.message.contains("schema version 99") == true }
    }

    @Test func aFileThatIsNotADatabaseIsAClearError() throws {
        let dir = TempDirectory()
        dir.write("junk.sqlite", String(repeating: "not a database ", count: 100))
        #expect { try Stores.open(dir.path + "/junk.sqlite") } throws: { ($0 as? StoreError)?.description.contains("junk.sqlite") == true }
    }

    @Test func aVersion1StoreIsMigratedAndKeepsItsData() throws {
        let dir = TempDirectory()
        let path = dir.path + "/old.sqlite"
        do {
            // The store as the first release left it.
            let db = try SQLiteConnection(path: path)
            try db.execute("CREATE TABLE schema_version(version INTEGER NOT NULL); INSERT INTO schema_version VALUES (1);")
            try db.execute(HistoricSchema.sqlite[0])
            try db.execute("INSERT INTO repositories(name, url) VALUES ('shop', 'u')")
            try db.execute("""
                INSERT INTO commits(repository, commit_id, ruleset, parent, time, subject, stage, error, files, errors, warnings, notes,
                                    compared_with_parent) VALUES (1, 'c1', 'r', NULL, 5, 'Old', 'launches', NULL, 3, 0, 2, 0, 1)
                """)
        }
        let store = try SQLiteStore(path: path)
        #expect(try store.repositories() == [RepositoryRow(id: 1, name: "shop", url: "u")])
        #expect(try store.runs().isEmpty && store.rowCounts()["file_counts"] == 0)
        // Columns later versions added read as their defaults: no author, nothing apart, no settings.
        let old = try #require(try store.allCommits(RulesetKey(repository: 1, ruleset: "r")).first)
        #expect(old.author == "" && old.apart == SeverityCounts() && old.warnings == 2 && old.subject == "Old")
        #expect(try store.headWork(CommitKey(repository: 1, commit: "c1", ruleset: "r")) == nil)
        #expect(try store.repositories().first?.settings == RepositorySettings())
        let s = try store.db.statement("SELECT version FROM schema_version")
        #expect(try s.step() && Int(s.int(0)) == SQLiteStore.schemaVersion)
    }

    @Test(arguments: StoreKind.tested) func runsAndWhatTheyDidRoundTrip(_ kind: StoreKind) throws {
        let dir = TempDirectory()
        let store = try kind.fresh(in: dir)
        _ = try store.repository(name: "shop", url: "u")
        _ = try store.repository(name: "kit", url: "v")
        let run = try store.beginRun(started: 1_800_000_000, shard: "1/3", since: 1_790_000_000, deadline: 1_830_000_000)
        try store.recordRun(run, RunRepositoryRecord(repository: "shop", status: .failed, reason: "cannot fetch"))
        // Recording a repository again within a run replaces its record.
        let ok = RunRepositoryRecord(repository: "shop", status: .ok, head: String(repeating: "a", count: 40), scanned: 3,
                                     alreadyStored: 7, failedCommits: 1, seconds: 0.5)
        try store.recordRun(run, ok)
        try store.recordRun(run, RunRepositoryRecord(repository: "kit", status: .ok))
        #expect(throws: StoreError.self) { try store.recordRun(run, RunRepositoryRecord(repository: "nobody", status: .ok)) }
        #expect(try store.runs() == [RunRecord(id: run, started: 1_800_000_000, finished: nil, shard: "1/3", since: 1_790_000_000,
                                               deadline: 1_830_000_000)])
        try store.finishRun(run, finished: 1_800_000_100)
        #expect(try store.runs().first?.finished == 1_800_000_100)
        #expect(try store.runRepositories(run) == [RunRepositoryRecord(repository: "kit", status: .ok), ok])
    }

    @Test(arguments: StoreKind.tested) func fileCountsAndWholeHistoriesRoundTrip(_ kind: StoreKind) throws {
        let dir = TempDirectory()
        let store = try kind.fresh(in: dir)
        let repo = try store.repository(name: "shop", url: "u")
        let a = Self.record(String(repeating: "a", count: 40))
        let b = Self.record(String(repeating: "b", count: 40), parent: a.commit, counts: ["idiom-layout": 4])
        try store.record([a, b], in: RulesetKey(repository: repo, ruleset: "r1"), memo: [])
        #expect(Set(try store.allCommits(RulesetKey(repository: repo, ruleset: "r1")).map(\.commit)) == [a.commit, b.commit])
        #expect(try store.allCommits(RulesetKey(repository: repo, ruleset: "r1")).first { $0.commit == b.commit } == b)
        #expect(try store.allCommits(RulesetKey(repository: repo, ruleset: "r2")).isEmpty)
        // Never stored is nil; stored empty is empty; storing again replaces.
        #expect(try store.fileCounts(CommitKey(repository: repo, commit: b.commit, ruleset: "r1")) == nil)
        try store.setFileCounts(CommitKey(repository: repo, commit: b.commit, ruleset: "r1"), files: [])
        #expect(try store.fileCounts(CommitKey(repository: repo, commit: b.commit, ruleset: "r1")) == [])
        let files = [FileCount(path: "A.swift", count: 3), FileCount(path: "B.m", count: 1)]
        try store.setFileCounts(CommitKey(repository: repo, commit: b.commit, ruleset: "r1"), files: files)
        try store.setFileCounts(CommitKey(repository: repo, commit: b.commit, ruleset: "r1"), files: files)
        #expect(try store.fileCounts(CommitKey(repository: repo, commit: b.commit, ruleset: "r1")) == files)
        #expect(try store.reference(repository: repo, name: "main") == nil)
        try store.setReference(repository: repo, name: "main", commit: b.commit)
        #expect(try store.reference(repository: repo, name: "main") == b.commit)
    }

}

@Suite struct StoreErrorTests {
    @Test func errorsSayWhetherRunningTheTransactionAgainCanSucceed() {
        func error(_ source: StoreError.Source) -> StoreError { StoreError(function: "f", source: source, message: "m", context: "") }
        #expect(error(.postgres("40001")).isRetryable)  // serialization_failure
        #expect(error(.postgres("40P01")).isRetryable)  // deadlock_detected
        #expect(!error(.postgres("23505")).isRetryable) // unique_violation
        #expect(!error(.postgres("")).isRetryable)      // a lost connection
        #expect(error(.sqlite(5)).isRetryable)           // SQLITE_BUSY
        #expect(error(.sqlite(517)).isRetryable)         // SQLITE_BUSY_SNAPSHOT
        #expect(error(.sqlite(6)).isRetryable)           // SQLITE_LOCKED
        #expect(!error(.sqlite(19)).isRetryable)         // SQLITE_CONSTRAINT
        #expect(!error(.store).isRetryable)
        #expect(error(.postgres("40001")).sqlState == "40001" && error(.postgres("40001")).code == 0)
        #expect(StoreError(function: "f", code: 19, message: "m", context: "").source == .sqlite(19))
        #expect(StoreError(function: "f", code: 0, message: "m", context: "").source == .store)
    }

    @Test func aSecondStatementInOnePrepareIsAnError() throws {
        let dir = TempDirectory()
        let store = try SQLiteStore(path: dir.path + "/tail.sqlite")
        #expect { _ = try store.db.statement("SELECT 1; SELECT 2") } throws: { error in
            (error as? StoreError)?.message.contains("more than one statement") == true
        }
        _ = try store.db.statement("SELECT 1;  ")
    }
}

/// What only the shared PostgreSQL store has to get right: several processes at once.
@Suite struct PostgresStoreTests {
    @Test func aSerializationFailureRunsTheTransactionAgain() throws {
        guard StoreKind.tested.contains(.postgres) else { return }
        let dir = TempDirectory()
        let store = try #require(try Stores.open(try StoreKind.postgres.freshLocation(in: dir, name: "retry")) as? PostgresStore)
        func failure(_ state: String) -> StoreError { StoreError(function: "t", source: .postgres(state), message: "m", context: "") }
        var attempts = 0
        try store.db.transaction {
            attempts += 1
            _ = try store.db.exec("SELECT 1")
            if attempts == 1 { throw failure("40001") }
        }
        #expect(attempts == 2)
        attempts = 0
        #expect(throws: StoreError.self) { try store.db.transaction { attempts += 1; throw failure("23505") } }
        #expect(attempts == 1)
        attempts = 0
        #expect(throws: StoreError.self) { try store.db.transaction { attempts += 1; throw failure("40P01") } }
        #expect(attempts == 4)
    }

    @Test func aPasswordInTheURLIsRefusedAndNeverShown() {
        #expect(PostgresStore.hasPassword("postgres://fleetscan:s3cret@db:5432/fleet"))
        #expect(PostgresStore.hasPassword("postgres://db/fleet?password=s3cret"))
        #expect(!PostgresStore.hasPassword("postgres://fleetscan@db:5432/fleet?sslmode=require"))
        #expect(PostgresStore.redact("postgres://fleetscan:s3cret@db/fleet") == "postgres://fleetscan:***@db/fleet")
        #expect { try Stores.open("postgres://fleetscan:s3cret@127.0.0.1:1/fleet") } throws: { error in
            let text = "\(error)"
            return text.contains("PGPASSWORD") && !text.contains("s3cret")
        }
    }

    @Test func aServerThatIsNotThereIsAClearError() {
        #expect { try Stores.open("postgres://fleetscan@127.0.0.1:1/fleet?connect_timeout=2") } throws: { error in
            ((error as? StoreError)?.description ?? "").contains("127.0.0.1")
        }
    }

    @Test func podsStartingTogetherMigrateOnce() throws {
        guard StoreKind.tested.contains(.postgres) else { return }
        let dir = TempDirectory()
        let location = try StoreKind.postgres.freshLocation(in: dir, name: "together")
        let errors = NSLock()
        nonisolated(unsafe) var failures: [String] = []
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            do { _ = try Stores.open(location) } catch {
                errors.lock(); failures.append("\(error)"); errors.unlock()
            }
        }
        #expect(failures.isEmpty, "\(failures)")
        let store = try #require(try Stores.open(location) as? PostgresStore)
        #expect(try store.db.exec("SELECT version FROM schema_version").count == 1)
        #expect(try store.db.exec("SELECT version FROM schema_version").int(0, 0) == Int64(PostgresStore.schemaVersion))
        #expect(try store.db.exec("SELECT id FROM schema_migrations").count == Schema.migrations.count)
    }

    @Test func overlappingWritersNeitherDuplicateNorLose() throws {
        guard StoreKind.tested.contains(.postgres) else { return }
        let dir = TempDirectory()
        let location = try StoreKind.postgres.freshLocation(in: dir, name: "overlap")
        let setup = try Stores.open(location)
        let repo = try setup.repository(name: "shop", url: "u")
        // Two pods (a retried one and its replacement) store the same commits and memo entries at once.
        let commits = (0..<40).map { i in
            StoreTests.record(String(repeating: String(i % 10), count: 39) + String(i / 10), counts: ["main-screen": i, "idiom-layout": 1])
        }
        let memo = (0..<40).map { (MemoKey(blob: "b\($0)", path: "A.swift"), [UInt8](repeating: UInt8($0), count: 300)) }
        let errors = NSLock()
        nonisolated(unsafe) var failures: [String] = []
        DispatchQueue.concurrentPerform(iterations: 4) { w in
            do {
                let store = try Stores.open(location)
                for chunk in stride(from: 0, to: 40, by: 10) {
                    let order = w % 2 == 0 ? Array(chunk..<chunk + 10) : Array((chunk..<chunk + 10).reversed())
                    try store.record(order.map { commits[$0] }, in: RulesetKey(repository: repo, ruleset: "r"), memo: order.map { memo[$0] })
                }
            } catch {
                errors.lock(); failures.append("\(error)"); errors.unlock()
            }
        }
        #expect(failures.isEmpty, "\(failures)")
        let rows = try setup.rowCounts()
        #expect(rows["commits"] == 40 && rows["commit_counts"] == 80 && rows["commit_files"] == 40 && rows["blob_results"] == 40)
        #expect(try setup.commits(RulesetKey(repository: repo, ruleset: "r"), ids: commits.map(\.commit)) == commits)
        #expect(try setup.memo(memo.map(\.0), ruleset: "r").count == 40)
        #expect(try setup.memo([memo[7].0], ruleset: "r")[memo[7].0] == memo[7].1)
    }
}

/// Target stages at a head: stored whole, replaced whole, nil until stored (rules v2, schema 3).
@Suite struct TargetStageStoreTests {
    @Test(arguments: StoreKind.tested) func targetStagesRoundTrip(_ kind: StoreKind) throws {
        let dir = TempDirectory()
        let store = try kind.fresh(in: dir)
        let repo = try store.repository(name: "app", url: "/a")
        #expect(try store.targetStages(CommitKey(repository: repo, commit: "c1", ruleset: "r")) == nil)
        let targets = [TargetRecord(name: "App \"main\"\n", platform: "iOS, macCatalyst", scope: "app", stage: .notLaunching,
                                    blockers: [.init(rule: "scene-manifest-missing", path: "App/Info.plist", line: 1)]),
                       TargetRecord(name: "AppTests", platform: "iOS", scope: "test", stage: .modern, blockers: [])]
        try store.setTargetStages(CommitKey(repository: repo, commit: "c1", ruleset: "r"), targets: targets)
        #expect(try store.targetStages(CommitKey(repository: repo, commit: "c1", ruleset: "r")) == targets)
        try store.setTargetStages(CommitKey(repository: repo, commit: "c1", ruleset: "r"), targets: [])
        #expect(try store.targetStages(CommitKey(repository: repo, commit: "c1", ruleset: "r")) == [])
        #expect(try store.targetStages(CommitKey(repository: repo, commit: "c1", ruleset: "other")) == nil)
    }

    @Test(arguments: StoreKind.tested) func authorsHeadWorkAndSettingsRoundTrip(_ kind: StoreKind) throws {
        let dir = TempDirectory()
        let store = try kind.fresh(in: dir)
        let repo = try store.repository(name: "shop", url: "u")
        var a = StoreTests.record(String(repeating: "a", count: 40))
        a.author = "Zoë Lin"
        try store.record([a], in: RulesetKey(repository: repo, ruleset: "r1"), memo: [])
        #expect(try store.commits(RulesetKey(repository: repo, ruleset: "r1"), ids: [a.commit]).first?.author == "Zoë Lin")
        #expect(try store.allCommits(RulesetKey(repository: repo, ruleset: "r1")).first?.author == "Zoë Lin")
        // Owners: nil (no CODEOWNERS line matched) and empty (a line that names none) stay apart.
        let work = HeadWork(findings: [
            HeadFinding(rule: "main-screen-bounds", severity: "warning", path: "App/V.swift", line: 3, column: 9, message: "m \"q\"",
                        fix: "use view.bounds", scope: "app", owners: ["@org/app", "a@b.co"]),
            HeadFinding(rule: "scene-manifest-missing", severity: "error", path: "App/Info.plist", line: 1, column: 1, message: "m2",
                        fix: "f2", scope: "app", owners: nil),
            HeadFinding(rule: "idiom-layout", severity: "warning", path: "Gen/X.swift", line: 1, column: 1, message: "m3",
                        fix: "f3", scope: "example", owners: []),
        ], ownersFile: ".github/CODEOWNERS", ownerProblems: [".github/CODEOWNERS: line 4: …"])
        #expect(try store.headWork(CommitKey(repository: repo, commit: a.commit, ruleset: "r1")) == nil)
        try store.setHeadWork(CommitKey(repository: repo, commit: a.commit, ruleset: "r1"), work: work)
        try store.setHeadWork(CommitKey(repository: repo, commit: a.commit, ruleset: "r1"), work: work)
        #expect(try store.headWork(CommitKey(repository: repo, commit: a.commit, ruleset: "r1")) == work)
        #expect(try store.headWork(CommitKey(repository: repo, commit: a.commit, ruleset: "r2")) == nil)
        let settings = RepositorySettings(team: "@org/shop", commitLink: "https://g/c/{commit}", fileLink: nil)
        try store.setSettings(repository: repo, settings)
        #expect(try store.repositories().first?.settings == settings)
        try store.setSettings(repository: repo, RepositorySettings())
        #expect(try store.repositories().first?.settings == RepositorySettings())
        let manifestOwns = RepositorySettings(team: "@org/shop", teamOwnsAll: true)
        try store.setSettings(repository: repo, manifestOwns)
        #expect(try store.repositories().first?.settings == manifestOwns)
    }
}

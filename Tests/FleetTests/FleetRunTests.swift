import Foundation
import Testing
@testable import Fleet
import Reports
import GitAccess
import ResultStore
import RuleKit
import ScanEngine
import TestSupport

/// Fleet runs over generated organisations (scripts/make-demo-org.py): what is stored,
/// what fails and why, what a rerun does, and what a killed run leaves for the next.
@Suite struct FleetRunTests {
    /// Five repositories and two broken ones: shop-ios, design-kit (held back 3 commits),
    /// payments-sdk (its head's .fleetscan.json is malformed), legacy-wallet (its pack is
    /// damaged), news-reader (held back), and archived-widgets (no repository at all).
    static let arguments = ["--repos", "5", "--commits", "14", "--missing", "--file-urls", "--hold-back", "3",
                            "--corrupt", "legacy-wallet", "--bad-config", "payments-sdk"]

    struct Run {
        let store: any Store
        let outcome: FleetOutcome
    }

    static func run(_ manifest: String, store location: String, cache: String, environment: [String: String] = [:]) throws -> Run {
        let store = try Stores.open(location)
        let m = try FleetManifest.load(manifest, environment: environment)
        let outcome = try FleetRun.run(manifest: m, store: store, options: FleetOptions(cache: cache, jobs: 2, transfers: 2,
                                                                                         since: ISODate.parse("2026-01-01")),
                                       environment: environment)
        return Run(store: store, outcome: outcome)
    }

    static func result(_ r: Run, _ name: String) throws -> FleetRepositoryResult {
        try #require(r.outcome.results.first { $0.record.repository == name })
    }

    @Test(arguments: StoreKind.tested) func aRunStoresEveryRepositoryRecordsFailuresAndRerunsOnlyWhatIsNew(_ kind: StoreKind) throws {
        let dir = TempDirectory()
        let org = dir.path + "/org"
        let manifest = try FixtureRepositories.demoOrg(Self.arguments, into: org)
        let db = try kind.freshLocation(in: dir)
        let first = try Self.run(manifest, store: db, cache: dir.path + "/cache")

        // Failures carry their reason; the others were scanned all the same.
        #expect(first.outcome.results.map(\.record.repository)
                == ["shop-ios", "design-kit", "payments-sdk", "legacy-wallet", "news-reader", "archived-widgets"])
        let corrupt = try Self.result(first, "legacy-wallet")
        // The damage shows when the pack is sent or when the tree is read, depending on where it fell.
        let why = corrupt.record.reason ?? ""
        #expect(corrupt.record.status == .failed && (why.contains("cannot fetch file://") || why.contains("cannot be scanned")), "\(why)")
        let missing = try Self.result(first, "archived-widgets")
        #expect(missing.record.status == .failed && missing.record.reason?.contains("no git repository at") == true && missing.record.reason?.hasSuffix("(no such folder)") == true)
        let badConfig = try Self.result(first, "payments-sdk")
        #expect(badConfig.record.status == .failed)
        #expect(badConfig.record.reason?.contains(".fleetscan.json: unknown key \"severty\"") == true)
        #expect(badConfig.record.scanned > 10)  // its history before the bad configuration is stored
        let records = try first.store.runRepositories(first.outcome.run)
        #expect(records.count == 6 && records.filter { $0.status == .failed }.map(\.repository).sorted()
                == ["archived-widgets", "legacy-wallet", "payments-sdk"])

        // What is stored equals git: every first-parent commit, and the head's counts equal a
        // fresh scan of the head's tree.
        let repositories = Dictionary(uniqueKeysWithValues: try first.store.repositories().map { ($0.name, $0.id) })
        for name in ["shop-ios", "design-kit", "news-reader"] {
            let source = org + "/\(name).git"
            let r = try Self.result(first, name)
            #expect(r.record.status == .ok)
            let head = try FixtureRepositories.run(["git", "-C", source, "rev-parse", "main"])
            let count = Int(try FixtureRepositories.run(["git", "-C", source, "rev-list", "--first-parent", "--count", "main"]))
            #expect(r.record.head == head && r.record.scanned == count && r.commits == count)
            let id = try #require(repositories[name])
            #expect(try first.store.storedCommits(RulesetKey(repository: id, ruleset: Ruleset.fingerprint)).count == count)
            let fresh = try GitScan.prepare(pool: RepositoryPool(path: source), repository: source, revision: head).run(jobs: 2)
            #expect(r.severities == SeverityCounts(errors: fresh.count(.error), warnings: fresh.count(.warning), notes: fresh.count(.note)))
            var perFile: [String: Int] = [:]
            for f in fresh.findings { perFile[f.path, default: 0] += 1 }
            let stored = try #require(try first.store.fileCounts(CommitKey(repository: id, commit: head, ruleset: Ruleset.fingerprint)))
            #expect(stored.map(\.path) == perFile.keys.sorted() && stored.allSatisfy { perFile[$0.path] == $0.count })
        }

        // Nothing new: nothing scanned, no row added but the run's own.
        let rows = try first.store.rowCounts()
        let second = try Self.run(manifest, store: db, cache: dir.path + "/cache")
        #expect(second.outcome.results.allSatisfy { $0.record.scanned == 0 && $0.blobsScanned == 0 })
        // Branches that did not move are not even walked; the one whose head failed is walked again.
        #expect(second.outcome.results.filter(\.upToDate).map(\.record.repository) == ["shop-ios", "design-kit", "news-reader"])
        var after = try second.store.rowCounts()
        #expect(after["runs"] == 2 && after["run_repositories"] == 12)
        after["runs"] = rows["runs"]
        after["run_repositories"] = rows["run_repositories"]
        #expect(after == rows)

        // A day of work in two repositories: only they are scanned, only their new commits.
        let moved = try FixtureRepositories.advanceDemoOrg(org)
        #expect(moved == ["design-kit", "news-reader"])
        let third = try Self.run(manifest, store: db, cache: dir.path + "/cache")
        for r in third.outcome.results {
            #expect(r.record.scanned == (moved.contains(r.record.repository) ? 3 : 0), "\(r.record.repository)")
        }
        let overview = try FleetOverview.load(third.store)
        let designKit = try #require(overview.repositories.first { $0.name == "design-kit" })
        #expect(designKit.change?.newCommits == 3)
        let shop = try #require(overview.repositories.first { $0.name == "shop-ios" })
        #expect(shop.change?.newCommits == 0 && shop.change?.delta == SeverityCounts())
    }

    /// Every row that describes the repositories (not the runs themselves), for comparing stores.
    static func contents(_ store: any Store) throws -> [String: [CommitRecord]] {
        var out: [String: [CommitRecord]] = [:]
        for r in try store.repositories() {
            out[r.name] = try store.allCommits(RulesetKey(repository: r.id, ruleset: Ruleset.fingerprint)).sorted { $0.commit < $1.commit }
            for c in out[r.name]! {
                if let files = try store.fileCounts(CommitKey(repository: r.id, commit: c.commit, ruleset: Ruleset.fingerprint)) {
                    out[r.name]![0].subject += "|" + files.map { "\($0.path)=\($0.count)" }.joined(separator: ",")
                }
            }
        }
        return out
    }

    @Test(arguments: StoreKind.tested) func aRunStoppedPartWayIsFinishedByTheNextAndEqualsAnUninterruptedOne(_ kind: StoreKind) throws {
        let dir = TempDirectory()
        let org = dir.path + "/org"
        let manifest = try FixtureRepositories.demoOrg(["--repos", "4", "--commits", "20"], into: org)
        let m = try FleetManifest.load(manifest, environment: [:])
        let options = FleetOptions(cache: dir.path + "/cache", jobs: 2, transfers: 2, since: ISODate.parse("2026-01-01"))
        // The store stops taking commits after two repositories, as a process killed then would.
        let killed = try kind.fresh(in: dir, name: "a")
        #expect(throws: StoreError.self) {
            try FleetRun.run(manifest: m, store: FailingStore(killed, writes: 2), options: options, environment: [:])
        }
        #expect(try killed.runs().last?.finished == nil)
        let resumed = try FleetRun.run(manifest: m, store: killed, options: options, environment: [:])
        // Two repositories (one chunk each) were stored before the store gave way; the rerun
        // scans the other two only. (Which two depends on the lanes' timing.)
        #expect(resumed.results.filter { $0.record.scanned == 0 }.count == 2)
        #expect(resumed.results.filter { $0.record.scanned > 0 }.count == 2)
        let whole = try kind.fresh(in: dir, name: "b")
        _ = try FleetRun.run(manifest: m, store: whole, options: options, environment: [:])
        #expect(try Self.contents(killed) == Self.contents(whole))
        var a = try killed.rowCounts(), b = try whole.rowCounts()
        #expect(a["runs"] == 2 && b["runs"] == 1)
        for k in ["runs", "run_repositories"] { a[k] = nil; b[k] = nil }
        #expect(a == b)
    }

    @Test func killNineMidRunThenRerunGivesTheSameStore() throws {
        let dir = TempDirectory()
        let org = dir.path + "/org"
        let manifest = try FixtureRepositories.demoOrg(["--repos", "8", "--commits", "60"], into: org)
        let binary = FixtureRepositories.executable
        let arguments = ["fleet", "run", "--manifest", manifest, "--cache", dir.path + "/cache", "--jobs", "2", "--quiet"]
        // Killed as soon as the store holds some commits (polled through a second connection).
        let p = Self.fleetRun(manifest, db: dir.path + "/killed.sqlite", cache: dir.path + "/cache")
        try p.run()
        let started = Date()
        var stored = 0
        while p.isRunning, Date().timeIntervalSince(started) < 60 {
            if let s = try? SQLiteStore(path: dir.path + "/killed.sqlite"), let n = try? s.rowCounts()["commits"] { stored = n }
            if stored > 0 { break }
            usleep(2_000)
        }
        kill(p.processIdentifier, SIGKILL)
        p.waitUntilExit()
        #expect(p.terminationReason == .uncaughtSignal, "the run finished before it could be killed")
        let killed = try SQLiteStore(path: dir.path + "/killed.sqlite")
        #expect(try killed.runs().allSatisfy { $0.finished == nil })
        let total = try killed.rowCounts()["commits"] ?? 0
        #expect(total > 0)
        // The rerun (a fresh process, as cron would start) finishes the work.
        try FixtureRepositories.run([binary] + arguments + ["--db", dir.path + "/killed.sqlite"])
        try FixtureRepositories.run([binary] + arguments + ["--db", dir.path + "/whole.sqlite", "--cache", dir.path + "/cache2"])
        let whole = try SQLiteStore(path: dir.path + "/whole.sqlite")
        // The rerun brought every repository up to date (a half-made mirror would fail one).
        let rerun = try #require(try killed.runs().last)
        let failed = try killed.runRepositories(rerun.id).filter { $0.status != .ok }
        #expect(failed.isEmpty, "\(failed)")
        #expect(try Self.contents(killed) == Self.contents(whole))
        var a = try killed.rowCounts(), b = try whole.rowCounts()
        for k in ["runs", "run_repositories"] { a[k] = nil; b[k] = nil }
        #expect(a == b)
    }

    /// The executable on an organisation, as cron starts it.
    static func fleetRun(_ manifest: String, db: String, cache: String) -> Process {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: FixtureRepositories.executable)
        p.arguments = ["fleet", "run", "--manifest", manifest, "--cache", cache, "--db", db, "--jobs", "2", "--quiet"]
        p.standardError = FileHandle.nullDevice
        return p
    }

    /// Commits and file counts, and every table's row count but the runs'.
    static func snapshot(_ store: any Store) throws -> ([String: [CommitRecord]], [String: Int]) {
        var counts = try store.rowCounts()
        for k in ["runs", "run_repositories"] { counts[k] = nil }
        return (try contents(store), counts)
    }

    /// kill -9 at ten random moments of a run — while cloning, scanning, writing or finishing —
    /// each on its own store and cache; the rerun always ends with the store an uninterrupted
    /// run writes, and no repository failed (a half-made mirror, a worker of the killed run
    /// still writing).
    @Test func killNineAtTenRandomMomentsThenRerunGivesTheSameStore() throws {
        let dir = TempDirectory()
        let manifest = try FixtureRepositories.demoOrg(["--repos", "6", "--commits", "50"], into: dir.path + "/org")
        let started = Date()
        let reference = Self.fleetRun(manifest, db: dir.path + "/whole.sqlite", cache: dir.path + "/whole-cache")
        try reference.run()
        reference.waitUntilExit()
        let duration = Date().timeIntervalSince(started)
        #expect(reference.terminationStatus == 0)
        let whole = try Self.snapshot(try SQLiteStore(path: dir.path + "/whole.sqlite"))
        let total = whole.0.values.map(\.count).reduce(0, +)
        var killed = 0
        for point in 0..<10 {
            // Three moments early in the run (fetching, cloning), seven once a random share of
            // the commits is stored (polled through a second connection).
            let db = dir.path + "/k\(point).sqlite", cache = dir.path + "/k\(point)-cache"
            let p = Self.fleetRun(manifest, db: db, cache: cache)
            let target = point < 3 ? 0 : Int.random(in: 1...(total * 9 / 10))
            let delay = point < 3 ? Double.random(in: 0.005...0.08) : 0
            try p.run()
            let moment = Date()
            if target == 0 { usleep(UInt32(delay * 1_000_000)) }
            while target > 0, p.isRunning, Date().timeIntervalSince(moment) < 60 {
                if let s = try? SQLiteStore(path: db), let n = try? s.rowCounts()["commits"], n >= target { break }
                usleep(1_000)
            }
            kill(p.processIdentifier, SIGKILL)
            p.waitUntilExit()
            let what = target == 0 ? "kill at \(delay) s" : "kill at \(target) of \(total) commits"
            if p.terminationReason == .uncaughtSignal { killed += 1 }
            let rerun = Self.fleetRun(manifest, db: db, cache: cache)
            try rerun.run()
            rerun.waitUntilExit()
            #expect(rerun.terminationStatus == 0, "rerun after a \(what)")
            let store = try SQLiteStore(path: db)
            let last = try #require(try store.runs().last)
            let failed = try store.runRepositories(last.id).filter { $0.status != .ok }
            #expect(failed.isEmpty, "\(what): \(failed)")
            let after = try Self.snapshot(store)
            #expect(after.0 == whole.0 && after.1 == whole.1, "\(what)")
        }
        #expect(killed >= 8, "only \(killed) of 10 runs were still going when killed (an uninterrupted one took \(duration) s)")
    }

    /// Two `fleet run`s started together on one cache and one store: one runs, the other
    /// refuses at once with the status a scheduler retries (75) and a message naming the cache;
    /// the store holds what one run writes.
    @Test func twoRunsAtOnceOnOneCacheAndStore() throws {
        let dir = TempDirectory()
        let manifest = try FixtureRepositories.demoOrg(["--repos", "6", "--commits", "50"], into: dir.path + "/org")
        let db = dir.path + "/s.sqlite", cache = dir.path + "/cache"
        let runs = [Self.fleetRun(manifest, db: db, cache: cache), Self.fleetRun(manifest, db: db, cache: cache)]
        let errors = [Pipe(), Pipe()]
        for (p, e) in zip(runs, errors) { p.standardError = e }
        for p in runs { try p.run() }
        let messages = errors.map { String(decoding: $0.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) }
        for p in runs { p.waitUntilExit() }
        #expect(runs.map(\.terminationStatus).sorted() == [0, 75], "\(messages)")
        #expect(messages.contains { $0.contains("another fleet run is using this cache folder; run again when it is done") }, "\(messages)")
        let whole = dir.path + "/whole.sqlite"
        let reference = Self.fleetRun(manifest, db: whole, cache: dir.path + "/whole-cache")
        try reference.run()
        reference.waitUntilExit()
        let store = try SQLiteStore(path: db)
        #expect(try store.runs().count == 1 && store.runs().allSatisfy { $0.finished != nil })
        let run = try #require(try store.runs().first)
        #expect(try store.runRepositories(run.id).allSatisfy { $0.status == .ok })
        let a = try Self.snapshot(store), b = try Self.snapshot(try SQLiteStore(path: whole))
        #expect(a.0 == b.0 && a.1 == b.1)
    }

    /// The store's disk fills part-way (a tmpfs of 400 KiB; the run needs about 1 MiB): the
    /// run stops with a message naming the store file and the status for a store failure (3),
    /// nothing crashes; given room, the rerun finishes and the store is what one run writes.
    @Test(.enabled(if: FleetRunTests.canMountTmpfs, "needs root to mount a small tmpfs"))
    func aFullDiskStopsTheRunClearlyAndARerunFinishes() throws {
        let dir = TempDirectory()
        let manifest = try FixtureRepositories.demoOrg(["--repos", "6", "--commits", "50"], into: dir.path + "/org")
        let disk = dir.path + "/disk"
        try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: true)
        try FixtureRepositories.run(["mount", "-t", "tmpfs", "-o", "size=400k", "tmpfs", disk])
        defer { _ = try? FixtureRepositories.run(["umount", disk]) }
        let db = disk + "/s.sqlite", cache = dir.path + "/cache"
        let full = Self.fleetRun(manifest, db: db, cache: cache)
        let error = Pipe()
        full.standardError = error
        try full.run()
        let message = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        full.waitUntilExit()
        #expect(full.terminationReason == .exit && full.terminationStatus == 3, "\(message)")
        #expect(message.contains("fleetscan: error: the store failed: \(db): database or disk is full"), "\(message)")
        #expect(!message.contains("the store failed: fleetscan"), "\(message)")
        try FixtureRepositories.run(["mount", "-o", "remount,size=8m", disk])
        let rerun = Self.fleetRun(manifest, db: db, cache: cache)
        try rerun.run()
        rerun.waitUntilExit()
        #expect(rerun.terminationStatus == 0)
        let reference = Self.fleetRun(manifest, db: dir.path + "/whole.sqlite", cache: dir.path + "/whole-cache")
        try reference.run()
        reference.waitUntilExit()
        let a = try Self.snapshot(try SQLiteStore(path: db)), b = try Self.snapshot(try SQLiteStore(path: dir.path + "/whole.sqlite"))
        #expect(a.0 == b.0 && a.1 == b.1)
    }

    /// Whether this process may mount a tmpfs (root on Linux, as CI is).
    static let canMountTmpfs: Bool = {
        let probe = TempDirectory()
        guard (try? FixtureRepositories.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", probe.path])) != nil else { return false }
        _ = try? FixtureRepositories.run(["umount", probe.path])
        return true
    }()

    @Test func aFirstRunWalksBackToSinceAndKeepsTheStateOnThatDate() throws {
        let dir = TempDirectory()
        let org = dir.path + "/org"
        let manifest = try FixtureRepositories.demoOrg(["--repos", "2", "--commits", "16"], into: org)
        let m = try FleetManifest.load(manifest, environment: [:])
        for (since, name) in [("2026-07-01", "mid"), ("2027-01-01", "dormant")] {
            let store = try SQLiteStore(path: dir.path + "/\(name).sqlite")
            let outcome = try FleetRun.run(manifest: m, store: store, options: FleetOptions(cache: dir.path + "/cache", jobs: 2,
                                                                                            since: ISODate.parse(since)),
                                           environment: [:])
            for r in outcome.results {
                let source = org + "/\(r.record.repository).git"
                let newer = Int(try FixtureRepositories.run(["git", "-C", source, "rev-list", "--first-parent", "--count",
                                                             "--since=\(since)T00:00:00Z", "main"])) ?? -1
                // The commits since the date, and the newest one before it: the repository as it stood then.
                #expect(r.record.status == .ok && r.commits == newer + 1, "\(since) \(r.record.repository)")
            }
            let overview = try FleetOverview.load(store)
            #expect(overview.timeline.days.first == max(ISODate.parse(since)!, 0) / 86_400 * 86_400 || name == "dormant")
            #expect(overview.repositories.allSatisfy { $0.counts.total > 0 || $0.stage == .modern })
        }
    }

    @Test func runsOnOneCacheKeepOutOfEachOthersWay() throws {
        let dir = TempDirectory()
        let cache = dir.path + "/cache"
        try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true)
        let half = Shard(index: 0, count: 2), other = Shard(index: 1, count: 2)
        do {
            // A whole-fleet run excludes every shard run, and the other way round.
            let whole = try CacheLock(folder: cache, shard: .whole)
            #expect(throws: CacheBusy.self) { try CacheLock(folder: cache, shard: half) }
            whole.release()
            let first = try CacheLock(folder: cache, shard: half)
            let second = try CacheLock(folder: cache, shard: other)  // shards share a cache
            #expect(throws: CacheBusy.self) { try CacheLock(folder: cache, shard: half) }  // one run per shard
            #expect(throws: CacheBusy.self) { try CacheLock(folder: cache, shard: .whole) }
            first.release()
            second.release()
        }
        // A mirror another run holds (shards of different counts) fails that repository only.
        let org = dir.path + "/org"
        let manifest = try FixtureRepositories.demoOrg(["--repos", "3", "--commits", "4", "--file-urls"], into: org)
        let m = try FleetManifest.load(manifest, environment: [:])
        let held = try #require(try MirrorLock(cache + "/" + Mirror.folderName(for: m.repositories[1].source)))
        let run = try withExtendedLifetime(held) { try Self.run(manifest, store: dir.path + "/s.db", cache: cache) }
        let busy = run.outcome.results[1]
        #expect(busy.record.status == .failed && busy.record.reason?.contains("is in use by another fleet run") == true)
        #expect(run.outcome.results.enumerated().allSatisfy { $0.offset == 1 || $0.element.record.status == .ok })
    }

    @Test func shardsSplitTheFleetByAStableHashOfTheName() throws {
        let names = (0..<200).map { "repo-\($0)" }
        let shards = (0..<3).map { Shard(index: $0, count: 3) }
        for name in names { #expect(shards.filter { $0.contains(name) }.count == 1) }
        let sizes = shards.map { s in names.filter(s.contains).count }
        #expect(sizes.allSatisfy { $0 > 40 })
        // Pinned: the assignment must not change between versions, or shards would swap repositories.
        #expect(Shard.hash("shop-ios") == 0xe3d5_e72a_c359_2399)
        #expect(Shard("0/1") == .whole && Shard("2/3") == Shard(index: 2, count: 3))
        #expect(Shard("3/3") == nil && Shard("-1/3") == nil && Shard("1") == nil && Shard("1/0") == nil)
    }

    /// Lanes update one shared state all the time; under contention every update is kept and
    /// events come one at a time. Run under ThreadSanitizer by scripts/test, where a lock hand-over
    /// it cannot see is reported as a race (as `Synchronization.Mutex` alone was).
    @Test func laneStateKeepsEveryUpdateOfContendingLanes() {
        let threads = 4, updates = 5_000
        let state = LaneState(threads, progress: FleetProgress(repositories: threads, fetched: 0, finished: 0, failed: 0,
                                                                filesScanned: 0, findings: 0, elapsed: 0))
        let seen = EventCount()
        DispatchQueue.concurrentPerform(iterations: threads) { t in
            for n in 0..<updates {
                state.update({ _ in seen.count += 1 }) { p in p.commitsDone += 1; p.current = "lane \(t) \(n)" }
            }
            state.finish(t, FleetRepositoryResult(record: RunRepositoryRecord(repository: "r\(t)", status: .ok, reason: nil)),
                         { _ in seen.count += 1 })
        }
        #expect(seen.count == threads * (updates + 1))
        #expect(state.results.compactMap { $0?.record.repository }.sorted() == ["r0", "r1", "r2", "r3"])
        #expect(state.next() == 0 && state.next() == 1)
    }
}

/// Counts events; written only inside `LaneState`'s lock (events are emitted there, one at a
/// time), which is what the test checks — hence `@unchecked Sendable`.
private final class EventCount: @unchecked Sendable { var count = 0 }

import StableHashing
import Foundation
import GitAccess
import ResultStore
import RuleKit
import ScanEngine

/// Which part of the fleet a process takes: repositories are assigned by a stable hash of their
/// name, so every process of an N-way run agrees without talking to the others.
public struct Shard: Sendable, Equatable, CustomStringConvertible {
    public var index: Int
    public var count: Int

    public static let whole = Shard(index: 0, count: 1)

    public init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// `I/N` with 0 ≤ I < N.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]), n >= 1, (0..<n).contains(i) else { return nil }
        self.init(index: i, count: n)
    }

    public var description: String { "\(index)/\(count)" }

    public func contains(_ name: String) -> Bool { Self.hash(name) % UInt64(count) == UInt64(index) }

    /// The name's stable hash: the same on every machine and every run.
    public static func hash(_ name: String) -> UInt64 { StableHash.of(name) }
}

/// How a fleet run goes, frozen before it starts.
public struct FleetOptions: Sendable {
    public var cache: String
    public var jobs: Int
    /// Fetches at once.
    public var transfers: Int
    /// Oldest author time walked (a repository's first run goes back this far).
    public var since: Int64?
    public var maxCommits: Int?
    public var shard: Shard
    /// The run's start time, seconds since 1970.
    public var now: Int64
    /// Repositories scanned at once (their files share one pool of `jobs` workers).
    public var lanes: Int

    public init(cache: String, jobs: Int = Parallel.cores, transfers: Int = 4, since: Int64? = nil, maxCommits: Int? = nil,
                shard: Shard = .whole, now: Int64 = Int64(Date().timeIntervalSince1970), lanes: Int = 2) {
        self.cache = cache
        self.lanes = max(1, lanes)
        self.jobs = max(1, jobs)
        self.transfers = max(1, transfers)
        self.since = since
        self.maxCommits = maxCommits
        self.shard = shard
        self.now = now
    }
}

/// What the run did to one repository, with its head's numbers.
public struct FleetRepositoryResult: Sendable, Equatable {
    public var record: RunRepositoryRecord
    public var stage: String?
    public var errors = 0
    public var warnings = 0
    public var notes = 0
    /// Commits in the walked range, and blobs read.
    public var commits = 0
    public var blobsScanned = 0
    /// The branch had not moved since the last run: nothing was walked.
    public var upToDate = false
}

/// Where a run is, for a progress line.
public struct FleetProgress: Sendable {
    public var repositories: Int
    public var fetched: Int
    public var finished: Int
    public var failed: Int
    /// The repository being scanned, and how far along its commits it is.
    public var current: String?
    public var commitsDone = 0
    public var commitsTotal = 0
    public var filesScanned: Int
    /// Files of the repository under way, not yet in `filesScanned`.
    var scanningNow = 0
    /// Findings at the heads of the repositories finished so far.
    public var findings: Int
    public var elapsed: Double

    /// Repositories done, counting the current one's share.
    public var fraction: Double {
        guard repositories > 0 else { return 1 }
        let partial = commitsTotal > 0 ? Double(commitsDone) / Double(commitsTotal) : 0
        return min(1, (Double(finished) + partial) / Double(repositories))
    }
}

public enum FleetEvent: Sendable {
    case progress(FleetProgress)
    case finished(FleetRepositoryResult)
}

public struct FleetOutcome: Sendable {
    public var run: Int64
    public var results: [FleetRepositoryResult]
    public var seconds: Double
    public var failed: Int { results.filter { $0.record.status != .ok }.count }
}

/// `fleetscan fleet run`: brings every repository of the manifest (of this shard) up to date
/// in its bare mirror under the cache — a bounded number of fetches at once, running ahead of
/// the scans — then walks each one's new commits with `HistoryScan`, which spreads the files of
/// a repository over every core. A repository that fails (unreachable, corrupt, bad
/// configuration at its head, a problem in its manifest entry) is recorded with its reason and
/// the run goes on. Everything is written in transactions as it goes: a killed run loses at most
/// a chunk of commits, which the next run redoes.
public enum FleetRun {
    public static func run(manifest: FleetManifest, store: any Store, options: FleetOptions, environment: [String: String],
                           events: @escaping (FleetEvent) -> Void = { _ in }) throws -> FleetOutcome {
        let started = Date()
        let entries = manifest.repositories.filter { options.shard.contains($0.name) }
        try FileManager.default.createDirectory(atPath: options.cache, withIntermediateDirectories: true)
        let lock = try CacheLock(folder: options.cache, shard: options.shard)
        defer { lock.release() }
        let token = manifest.token(environment)

        let run = try store.beginRun(started: options.now, shard: options.shard.description, since: options.since)
        var registered: [String: Int64] = [:]
        for e in entries { registered[e.name] = try store.repository(name: e.name, url: e.displayURL) }
        let ids = registered

        let fetches = Fetches(entries: entries, cache: options.cache, token: token, transfers: options.transfers)
        fetches.start()
        defer { fetches.cancel() }

        // Lanes: repositories scanned at once, each lane with its own store connections. Every
        // lane's files go to the same Dispatch pool, so one huge repository still takes every core
        // while small ones keep the cores busy between their per-commit steps.
        let lanes = max(1, min(options.lanes, entries.count))
        let connections: [(any Store, any Store)] = try (0..<lanes).map { _ in
            let reader = try store.anotherConnection()
            return (reader, try reader.anotherConnection())
        }
        let state = LaneState(entries.count, progress: FleetProgress(repositories: entries.count, fetched: 0, finished: 0, failed: 0,
                                                                      filesScanned: 0, findings: 0, elapsed: 0))
        let work = LaneWork(entries: entries, ids: ids, connections: connections, fetches: fetches, state: state, options: options,
                            run: run, started: started, events: events)
        let group = DispatchGroup()
        for lane in 0..<lanes {
            group.enter()
            let thread = Thread {
                work.run(lane: lane)
                group.leave()
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
        group.wait()
        if let error = state.error { throw error }
        try store.finishRun(run, finished: Int64(Date().timeIntervalSince1970))
        state.update(events) { p in
            p.current = nil
            p.fetched = fetches.done
            p.elapsed = Date().timeIntervalSince(started)
        }
        return FleetOutcome(run: run, results: state.results.map { $0! }, seconds: Date().timeIntervalSince(started))
    }

    /// Walks one repository's new commits and reads its head's numbers back from the store.
    static func scan(_ entry: FleetManifest.Entry, folder: String, mirror: GitRepository, repository: Int64, store: any Store,
                     writer: any Store, options: FleetOptions,
                     progress: @escaping (HistoryProgress) -> Void) throws -> FleetRepositoryResult {
        var result = FleetRepositoryResult(record: RunRepositoryRecord(repository: entry.name, status: .failed))
        let revision = entry.branch.map { "refs/heads/" + $0 } ?? "HEAD"
        do {
            let pool = RepositoryPool(path: folder, first: mirror)
            if let unchanged = try unchanged(entry, pool: pool, revision: revision, repository: repository, store: store) { return unchanged }
            let outcome = try HistoryScan.run(pool: pool, name: entry.name, url: entry.displayURL, store: store, writer: writer,
                                              options: HistoryOptions(revision: revision, since: options.since,
                                                                      maxCommits: options.maxCommits, jobs: options.jobs, includeStateAtSince: true),
                                              progress: progress)
            result.commits = outcome.chain.count
            result.blobsScanned = outcome.blobsScanned
            result.record.head = outcome.head
            result.record.scanned = outcome.scanned
            result.record.alreadyStored = outcome.alreadyStored
            result.record.failedCommits = outcome.failed
            guard let head = try store.commits(repository: repository, ruleset: Ruleset.fingerprint, ids: [outcome.head]).first else {
                // Cannot happen (the head is always walked), but a result must say something.
                result.record.reason = "its head \(outcome.head.prefix(10)) was not stored"
                return result
            }
            result.stage = head.stage
            // What the run reports counts app and library code; examples and tests are apart.
            result.errors = head.errors - head.apartErrors
            result.warnings = head.warnings - head.apartWarnings
            result.notes = head.notes - head.apartNotes
            if let error = head.error {
                result.record.reason = "its head \(head.commit.prefix(10)) cannot be scanned: \(error)"
                return result
            }
            result.record.status = .ok
            // A run killed between the last chunk and the head's file counts and target stages left
            // none: count them now.
            if try store.fileCounts(repository: repository, commit: head.commit, ruleset: Ruleset.fingerprint) == nil
                || store.targetStages(repository: repository, commit: head.commit, ruleset: Ruleset.fingerprint) == nil {
                let tree = try GitScan.prepare(pool: pool, repository: entry.displayURL, revision: head.commit)
                let scanned = tree.run(jobs: options.jobs)
                var counts: [String: Int] = [:]
                for f in scanned.findings { counts[f.path, default: 0] += 1 }
                try store.setFileCounts(repository: repository, commit: head.commit, ruleset: Ruleset.fingerprint,
                                        files: counts.map { FileCount(path: $0.key, count: $0.value) }.sorted { $0.path < $1.path })
                try store.setTargetStages(repository: repository, commit: head.commit, ruleset: Ruleset.fingerprint,
                                          targets: scanned.targets.map(\.record))
            }
        } catch let e as StoreError {
            throw e  // the store, not the repository, failed: the run cannot go on
        } catch let e as GitError {
            result.record.reason = Mirror.redact(e.description)
        } catch let e as ScanError {
            result.record.reason = Mirror.redact(e.message)
        } catch {
            result.record.reason = Mirror.redact("\(error)")
        }
        return result
    }
}

extension FleetRun {
    /// The result of a repository whose branch still points where the last run left it, read
    /// from the store without walking anything: the nightly case for most of a fleet.
    static func unchanged(_ entry: FleetManifest.Entry, pool: RepositoryPool, revision: String, repository: Int64,
                          store: any Store) throws -> FleetRepositoryResult? {
        let head = try pool.with { try $0.resolveCommit(revision) }.hex
        guard try store.reference(repository: repository, name: revision) == head,
              let record = try store.commits(repository: repository, ruleset: Ruleset.fingerprint, ids: [head]).first,
              record.error == nil,
              try store.fileCounts(repository: repository, commit: head, ruleset: Ruleset.fingerprint) != nil,
              try store.targetStages(repository: repository, commit: head, ruleset: Ruleset.fingerprint) != nil else { return nil }
        var result = FleetRepositoryResult(record: RunRepositoryRecord(repository: entry.name, status: .ok, head: head))
        result.stage = record.stage
        result.errors = record.errors - record.apartErrors
        result.warnings = record.warnings - record.apartWarnings
        result.notes = record.notes - record.apartNotes
        result.upToDate = true
        return result
    }
}

/// One lane's loop: take the next repository, wait for its fetch, scan it, record it. Holds
/// what the lane threads share (each lane uses only its own connections).
final class LaneWork: @unchecked Sendable {
    let entries: [FleetManifest.Entry]
    let ids: [String: Int64]
    let connections: [(any Store, any Store)]
    let fetches: Fetches
    let state: LaneState
    let options: FleetOptions
    let run: Int64
    let started: Date
    let events: (FleetEvent) -> Void

    init(entries: [FleetManifest.Entry], ids: [String: Int64], connections: [(any Store, any Store)], fetches: Fetches,
         state: LaneState, options: FleetOptions, run: Int64, started: Date, events: @escaping (FleetEvent) -> Void) {
        self.entries = entries
        self.ids = ids
        self.connections = connections
        self.fetches = fetches
        self.state = state
        self.options = options
        self.run = run
        self.started = started
        self.events = events
    }

    func run(lane: Int) {
        let (reader, writer) = connections[lane]
        while let i = state.next() {
            let entry = entries[i]
            state.update(events) { p in
                p.current = entry.name
                p.commitsDone = 0
                p.commitsTotal = 0
                p.fetched = fetches.done
                p.elapsed = Date().timeIntervalSince(started)
            }
            let repoStarted = Date()
            do {
                var result: FleetRepositoryResult
                switch fetches.wait(i) {
                case .failure(let reason):
                    result = FleetRepositoryResult(record: RunRepositoryRecord(repository: entry.name, status: .failed, reason: reason))
                case .success(let folder, let mirror):
                    result = try FleetRun.scan(entry, folder: folder, mirror: mirror, repository: ids[entry.name]!, store: reader,
                                               writer: writer, options: options) { [self] h in
                        state.update(events) { p in
                            p.current = entry.name
                            p.commitsDone = h.done
                            p.commitsTotal = h.total
                            p.fetched = fetches.done
                            p.elapsed = Date().timeIntervalSince(started)
                            p.scanningNow = h.blobsScanned
                        }
                    }
                }
                result.record.seconds = Date().timeIntervalSince(repoStarted)
                try reader.recordRun(run, result.record)
                state.finish(i, result, events)
            } catch {
                state.fail(error)  // the store failed: no lane takes more work
            }
        }
    }
}

/// What the lanes of a run share: the next repository to take, the results in manifest order,
/// the progress, the first store failure. Events are emitted under the lock, one at a time.
final class LaneState: @unchecked Sendable {
    private let lock = NSLock()
    private var nextIndex = 0
    private(set) var results: [FleetRepositoryResult?]
    private var progress: FleetProgress
    private(set) var error: (any Error)?

    init(_ count: Int, progress: FleetProgress) {
        results = Array(repeating: nil, count: count)
        self.progress = progress
    }

    func next() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard error == nil, nextIndex < results.count else { return nil }
        nextIndex += 1
        return nextIndex - 1
    }

    func update(_ events: (FleetEvent) -> Void, _ change: (inout FleetProgress) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        change(&progress)
        var shown = progress
        shown.filesScanned += progress.scanningNow
        events(.progress(shown))
    }

    func finish(_ i: Int, _ result: FleetRepositoryResult, _ events: (FleetEvent) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        results[i] = result
        progress.finished += 1
        if result.record.status != .ok { progress.failed += 1 }
        progress.filesScanned += result.blobsScanned
        progress.scanningNow = 0
        progress.findings += result.errors + result.warnings + result.notes
        events(.finished(result))
    }

    func fail(_ e: any Error) {
        lock.lock()
        defer { lock.unlock() }
        if error == nil { error = e }
    }
}

/// The fetches of a run: `transfers` threads take repositories in manifest order, so the ones
/// scanned first are fetched first; each result waits in its slot until the scan loop takes it.
final class Fetches: @unchecked Sendable {
    enum Outcome {
        /// The mirror's folder, and the mirror opened (handed to the scan loop's thread).
        case success(String, GitRepository)
        case failure(String)
    }

    let entries: [FleetManifest.Entry]
    let cache: String
    let token: String?
    let transfers: Int
    private let condition = NSCondition()
    private var slots: [Outcome?]
    private var next = 0
    private var cancelled = false
    private(set) var done = 0

    init(entries: [FleetManifest.Entry], cache: String, token: String?, transfers: Int) {
        self.entries = entries
        self.cache = cache
        self.token = token
        self.transfers = transfers
        slots = Array(repeating: nil, count: entries.count)
    }

    func start() {
        for _ in 0..<min(transfers, entries.count) {
            let thread = Thread { [self] in work() }
            thread.stackSize = 4 << 20
            thread.start()
        }
    }

    func cancel() {
        condition.lock()
        cancelled = true
        condition.unlock()
    }

    private func work() {
        while true {
            condition.lock()
            guard !cancelled, next < entries.count else { condition.unlock(); return }
            let i = next
            next += 1
            condition.unlock()
            let outcome = fetch(entries[i])
            condition.lock()
            slots[i] = outcome
            done += 1
            condition.broadcast()
            condition.unlock()
        }
    }

    func wait(_ i: Int) -> Outcome {
        condition.lock()
        defer { condition.unlock() }
        while slots[i] == nil { condition.wait() }
        let outcome = slots[i]!
        slots[i] = nil  // nothing of a scanned repository stays in memory
        return outcome
    }

    private func fetch(_ entry: FleetManifest.Entry) -> Outcome {
        if let problem = entry.problem { return .failure(problem) }
        let folder = cache + "/" + Mirror.folderName(for: entry.source)
        if entry.source.hasPrefix("/"), !FileManager.default.fileExists(atPath: entry.source) {
            return .failure("cannot fetch \(entry.displayURL): no repository at \(entry.source)")
        }
        do {
            CacheLock.removeStaleLocks(in: folder)
            let mirror = try Mirror.update(url: entry.source, at: folder, token: entry.isHTTPS ? token : nil, scope: .branch(entry.branch))
            return .success(folder, mirror)
        } catch let e as GitError {
            return .failure("cannot fetch \(entry.displayURL): " + Mirror.redact(e.message))
        } catch {
            return .failure("cannot fetch \(entry.displayURL): " + Mirror.redact("\(error)"))
        }
    }
}

/// One run of a shard at a time per cache folder (shards of one run hold different repositories,
/// so they may share a cache). While a run holds the lock, lock files that git left in its
/// mirrors can only come from a run that was killed, and are removed before fetching.
final class CacheLock {
    private var fd: Int32

    init(folder: String, shard: Shard) throws {
        let path = folder + (shard == .whole ? "/.fleetscan.lock" : "/.fleetscan-shard-\(shard.index)-of-\(shard.count).lock")
        fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw ScanError("\(path): cannot open the cache lock: \(String(cString: strerror(errno)))") }
        if flock(fd, LOCK_EX | LOCK_NB) != 0 {
            close(fd)
            fd = -1
            throw ScanError("\(folder): another fleet run is using this cache folder")
        }
    }

    func release() {
        if fd >= 0 { close(fd) }
        fd = -1
    }

    deinit { release() }

    static func removeStaleLocks(in mirror: String) {
        let fm = FileManager.default
        guard fm.fileExists(atPath: mirror) else { return }
        var paths = ((try? fm.contentsOfDirectory(atPath: mirror)) ?? []).map { mirror + "/" + $0 }
        if let refs = fm.enumerator(atPath: mirror + "/refs") {
            while let p = refs.nextObject() as? String { paths.append(mirror + "/refs/" + p) }
        }
        for p in paths where p.hasSuffix(".lock") { try? fm.removeItem(atPath: p) }
    }
}

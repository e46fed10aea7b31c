import Foundation
import GitAccess
import History
import Locking
import ResultStore
import RuleKit
import ScanEngine

/// One lane's loop: take the next repository, wait for its fetch, scan it, record it. Holds
/// what the lane threads share (each lane uses only its own connections).
///
/// `@unchecked Sendable`: every stored property is a `let` set in `init`; the stores in
/// `connections` are not `Sendable`, but lane `n` only ever touches `connections[n]`; `events`
/// is only called inside `LaneState`'s lock, one call at a time.
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
        let session = options.isolation.map { WorkerSession(limits: $0) }  // this lane's worker
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
                case .success(let folder, let mirror, let lock):
                    defer { withExtendedLifetime(lock) {} }
                    let progress = { [self] (h: HistoryProgress) in
                        state.update(events) { p in
                            p.current = entry.name
                            p.commitsDone = h.done
                            p.commitsTotal = h.total
                            p.fetched = fetches.done
                            p.elapsed = Date().timeIntervalSince(started)
                            p.scanningNow = h.blobsScanned
                        }
                    }
                    if let session {
                        result = try Worker.scan(entry, folder: folder, repository: ids[entry.name]!, options: options,
                                                 session: session, progress: progress)
                    } else {
                        result = try FleetRun.scan(entry, folder: folder, mirror: try mirror ?? GitRepository.open(folder),
                                                   repository: ids[entry.name]!, store: reader, writer: writer, options: options,
                                                   progress: progress)
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
/// the progress, the first store failure, all behind one `Mutex` (`Guarded`). Events are
/// emitted inside it, one at a time.
final class LaneState: Sendable {
    private struct Shared {
        var nextIndex = 0
        var results: [FleetRepositoryResult?]
        var progress: FleetProgress
        var error: (any Error)?
    }
    private let shared: Guarded<Shared>

    init(_ count: Int, progress: FleetProgress) {
        shared = Guarded(Shared(results: Array(repeating: nil, count: count), progress: progress))
    }

    var results: [FleetRepositoryResult?] { shared.withLock { $0.results } }
    var error: (any Error)? { shared.withLock { $0.error } }

    func next() -> Int? {
        shared.withLock { s in
            guard s.error == nil, s.nextIndex < s.results.count else { return nil }
            s.nextIndex += 1
            return s.nextIndex - 1
        }
    }

    func update(_ events: (FleetEvent) -> Void, _ change: (inout FleetProgress) -> Void) {
        shared.withLock { s in
            change(&s.progress)
            var shown = s.progress
            shown.filesScanned += s.progress.scanningNow
            events(.progress(shown))
        }
    }

    func finish(_ i: Int, _ result: FleetRepositoryResult, _ events: (FleetEvent) -> Void) {
        shared.withLock { s in
            s.results[i] = result
            s.progress.finished += 1
            if result.record.status != .ok { s.progress.failed += 1 }
            s.progress.filesScanned += result.blobsScanned
            s.progress.scanningNow = 0
            s.progress.findings += result.severities.total
            events(.finished(result))
        }
    }

    func fail(_ e: any Error) {
        shared.withLock { s in if s.error == nil { s.error = e } }
    }
}

/// The fetches of a run: `transfers` threads take repositories in manifest order, so the ones
/// scanned first are fetched first; each result waits in its slot until the scan loop takes it.
/// `finish()` stops taking repositories and waits for every fetch thread to end, so nothing
/// writes into the cache once the run lets go of its lock.
///
/// `@unchecked Sendable`: every `var` below (`slots`, `next`, `cancelled`, `fetched`,
/// `running`) is read and written only while holding `condition` (waits need a condition,
/// which `Mutex` has not); the `let`s are set once in `init`. A mirror in a slot is handed
/// from the fetch thread to one lane and used by that lane alone.
final class Fetches: @unchecked Sendable {
    enum Outcome {
        /// The mirror's folder, the mirror opened (handed to the scan loop's thread), and the
        /// lock that keeps other runs out of it until the scan is done.
        case success(String, GitRepository?, MirrorLock)
        case failure(String)
    }

    let entries: [FleetManifest.Entry]
    let cache: String
    /// Each entry's token and the server it is for (nil: none).
    let credentials: [GitCredential?]
    let transfers: Int
    let isolation: WorkerLimits?
    private let condition = NSCondition()
    private var slots: [Outcome?]
    private var next = 0
    private var cancelled = false
    private var fetched = 0
    private var running = 0

    /// Fetches finished so far.
    var done: Int {
        condition.lock()
        defer { condition.unlock() }
        return fetched
    }

    init(entries: [FleetManifest.Entry], cache: String, credentials: [GitCredential?], transfers: Int, isolation: WorkerLimits?) {
        self.isolation = isolation
        self.entries = entries
        self.cache = cache
        self.credentials = credentials
        self.transfers = transfers
        slots = Array(repeating: nil, count: entries.count)
    }

    func start() {
        let count = min(transfers, entries.count)
        condition.lock()
        running = count
        condition.unlock()
        for _ in 0..<count {
            let thread = Thread { [self] in
                work()
                condition.lock()
                running -= 1
                condition.broadcast()
                condition.unlock()
            }
            thread.stackSize = 4 << 20
            thread.start()
        }
    }

    /// Takes no more repositories and returns once every fetch thread has ended (a fetch under
    /// way is finished first: libgit2 cannot be interrupted part-way safely).
    func finish() {
        condition.lock()
        defer { condition.unlock() }
        cancelled = true
        while running > 0 { condition.wait() }
        // Mirrors fetched but never scanned (a run that stopped on a store error) give their
        // locks back now, not whenever the last reference to this object goes: a run started
        // right after in the same process would find them "in use by another fleet run".
        for i in slots.indices { slots[i] = nil }
    }

    private func work() {
        let session = isolation.map { WorkerSession(limits: $0) }  // this thread's worker
        while true {
            condition.lock()
            guard !cancelled, next < entries.count else { condition.unlock(); return }
            let i = next
            next += 1
            condition.unlock()
            let outcome = fetch(entries[i], credential: credentials[i], session: session)
            condition.lock()
            slots[i] = outcome
            fetched += 1
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

    private func fetch(_ entry: FleetManifest.Entry, credential: GitCredential?, session: WorkerSession?) -> Outcome {
        if let problem = entry.problem { return .failure(problem) }
        let folder = cache + "/" + Mirror.folderName(for: entry.source)
        if let problem = entry.localProblem { return .failure("cannot fetch \(entry.displayURL): \(problem)") }
        do {
            guard let lock = try MirrorLock(folder) else {
                return .failure("its mirror \(folder) is in use by another fleet run (shards of different counts over one cache?)")
            }
            // Held by this run alone: git lock files in it can only be left by a run that was killed.
            CacheLock.removeStaleLocks(in: folder)
            if let session {
                if let reason = Worker.fetch(entry, folder: folder, credential: credential, session: session) { return .failure(reason) }
                return .success(folder, nil, lock)
            }
            let mirror = try Mirror.update(url: entry.source, at: folder, credential: credential, scope: .branch(entry.branch))
            return .success(folder, mirror, lock)
        } catch let e as GitError {
            return .failure("cannot fetch \(entry.displayURL): " + Mirror.redact(e.message))
        } catch {
            return .failure("cannot fetch \(entry.displayURL): " + Mirror.redact("\(error)"))
        }
    }
}

/// Who may use a cache folder at once: a whole-fleet run alone, or any number of shard runs
/// (they hold different repositories) but one run per shard. A whole run takes the cache's lock
/// file exclusively; a shard run takes it shared, plus its shard's lock file exclusively. Shards
/// of different counts may still hold the same repository: `MirrorLock` keeps them apart per
/// mirror. Locks are `flock`s, released by the kernel when a process dies.
final class CacheLock {
    private var fds: [Int32] = []

    init(folder: String, shard: Shard) throws {
        do {
            try take(folder + "/.fleetscan.lock", shard == .whole ? LOCK_EX : LOCK_SH, folder: folder)
            if shard != .whole { try take(folder + "/.fleetscan-shard-\(shard.index)-of-\(shard.count).lock", LOCK_EX, folder: folder) }
        } catch {
            release()
            throw error
        }
    }

    private func take(_ path: String, _ mode: Int32, folder: String) throws {
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw ScanError("\(path): cannot open the cache lock: \(String(cString: strerror(errno)))") }
        guard flock(fd, mode | LOCK_NB) == 0 else {
            close(fd)
            throw CacheBusy(folder: folder)
        }
        fds.append(fd)
    }

    func release() {
        // Unlocked before it is closed: a child forked this instant (a worker, git) shares the
        // open file, and closing alone would leave the lock held until that child execs.
        for fd in fds {
            flock(fd, LOCK_UN)
            close(fd)
        }
        fds = []
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

/// Another fleet run holds the cache folder: nothing was done, and the same command run later
/// will do it (exit status 75, which a scheduler retries).
public struct CacheBusy: Error, CustomStringConvertible {
    public var folder: String
    public var description: String { "\(folder): another fleet run is using this cache folder; run again when it is done" }
}

/// One mirror, held by one run from its fetch to the end of its scan (a `flock` on a file
/// beside the mirror's folder, never inside it).
final class MirrorLock: Sendable {
    private let fd: Int32

    /// Nil when another process holds it.
    init?(_ mirror: String) throws {
        let path = mirror + ".fleetscan-lock"
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw ScanError("\(path): cannot open the mirror lock: \(String(cString: strerror(errno)))") }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            close(fd)
            return nil
        }
        self.fd = fd
    }

    deinit {
        flock(fd, LOCK_UN)  // as CacheLock.release: a child forked this instant shares the open file
        close(fd)
    }
}

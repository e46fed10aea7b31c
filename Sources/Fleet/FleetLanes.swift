import Foundation
import GitAccess
import ResultStore
import RuleKit
import ScanEngine

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
        progress.findings += result.severities.total
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

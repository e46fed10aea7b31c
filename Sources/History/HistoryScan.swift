import Foundation
import GitAccess
import Locking
import ResultStore
import RuleKit
import Rules
import ScanEngine
import SourceLexing

/// What `history` walks and how.
public struct HistoryOptions: Sendable {
    public var revision: String
    /// Only commits authored at or after this time (seconds since 1970).
    public var since: Int64?
    /// Only the newest this many first-parent commits.
    public var maxCommits: Int?
    public var jobs: Int
    /// Also walk the newest commit older than `since` — the repository as it stood on that date
    /// (its head, for a repository without newer commits): a fleet's trend then starts from
    /// every repository's real state, dormant ones included, instead of from nothing.
    public var includeStateAtSince: Bool
    /// Commits per chunk: enough to keep every core busy, few enough that a chunk's results stay
    /// small in memory and a killed run loses little.
    public var chunkSize: Int
    /// Whether new blobs without any literal go unanalysed (see `TreeState`).
    public var prefilter: PrefilterMode = .environment

    public init(revision: String, since: Int64? = nil, maxCommits: Int? = nil, jobs: Int = Parallel.cores, includeStateAtSince: Bool = false,
                chunkSize: Int = 128) {
        self.revision = revision
        self.includeStateAtSince = includeStateAtSince
        self.since = since
        self.maxCommits = maxCommits
        self.jobs = jobs
        self.chunkSize = max(1, chunkSize)
    }
}

/// What a history run did.
public struct HistoryOutcome: Sendable {
    public var head: String
    /// The commits of the range, oldest first.
    public var chain: [String]
    /// Commits scanned now, and found already stored.
    public var scanned = 0
    public var alreadyStored = 0
    public var failed = 0
    /// Blobs read and analysed, and blobs whose stored result was used instead.
    public var blobsScanned = 0
    public var blobsReused = 0
    /// Files read a second time with the repository's facts (not found in the memo).
    public var secondPasses = 0
    /// Things worth saying about the walk: a shallow clone's boundary, a commit that ends it.
    public var notes: [String] = []
}

/// One step of progress, for a progress line.
public struct HistoryProgress: Sendable {
    public var done: Int
    public var total: Int
    public var commit: String
    public var subject: String
    /// Blobs read and analysed so far in this run.
    public var blobsScanned: Int

    public init(done: Int, total: Int, commit: String, subject: String, blobsScanned: Int) {
        self.done = done
        self.total = total
        self.commit = commit
        self.subject = subject
        self.blobsScanned = blobsScanned
    }
}

/// `fleetscan history`: walks first-parent history oldest first and records every commit's
/// counts. The tree of each commit is not listed again: a tree-to-tree diff with the previous
/// commit gives the paths that changed; each (blob, path) is analysed once and memoised in the
/// store, so a rerun reads no blob twice and only the commits not stored yet are scanned.
/// Second passes are memoised by a digest of the model facts they read (`ModelDigest`), and
/// counts are only recomputed for files whose analysis or model changed.
public enum HistoryScan {
    /// `writer`, when given, is the connection the writer thread uses (else a new one is opened):
    /// a fleet keeps one per lane instead of connecting again for every repository.
    public static func run(pool: RepositoryPool, name: String, url: String, store: any Store, writer: (any Store)? = nil,
                           options: HistoryOptions, progress: ((HistoryProgress) -> Void)? = nil) throws -> HistoryOutcome {
        if options.prefilter == .on { LiteralPrefilter.prepare() }  // compiled while the history is walked
        return try pool.with { repo in
            let head = try repo.resolveCommit(options.revision)
            var outcome = HistoryOutcome(head: head.hex, chain: [])
            let chain = try walk(repo, from: head, options: options, notes: &outcome.notes)
            outcome.chain = chain.map(\.id.hex)
            let repositoryID = try store.repository(name: name, url: url)
            let stored = try store.storedCommits(RulesetKey(repository: repositoryID, ruleset: Ruleset.fingerprint))
            let toDo = chain.filter { !stored.contains($0.id.hex) }
            outcome.alreadyStored = chain.count - toDo.count
            let state = TreeState(pool: pool, store: store, jobs: options.jobs, prefilter: options.prefilter)
            // Chunks are written by a writer thread on its own connection while the next chunk
            // is scanned; a write that fails stops the run at the next chunk.
            let writer = BackgroundWriter(store: try writer ?? store.anotherConnection(), repository: repositoryID)
            var done = 0
            // Commits go in chunks: their tree diffs are computed in parallel, the files they bring
            // are scanned in one parallel batch, then each commit is settled in order; a chunk is
            // written in one transaction with its memo entries, so a run killed part-way loses
            // at most the chunk it was in, which the next run redoes.
            let chunks = stride(from: 0, to: toDo.count, by: options.chunkSize).map { Array(toDo[$0..<min($0 + options.chunkSize, toDo.count)]) }
            let jobs = options.jobs
            var ahead = chunks.first.map { first in Ahead { prepare(first, pool: pool, jobs: jobs) } }
            for (k, chunk) in chunks.enumerated() {
                try writer.check()
                let prepared = ahead!.value
                // The next chunk's tree diffs are computed on a thread of their own while this
                // one is settled, which is serial: they used to wait for each other, the second
                // core idle through the settling.
                ahead = k + 1 < chunks.count ? Ahead { [next = chunks[k + 1]] in prepare(next, pool: pool, jobs: 1) } : nil
                try state.prefetch(prepared.compactMap { $0 })
                var records: [CommitRecord] = []
                for (commit, changes) in zip(chunk, prepared) {
                    progress?(HistoryProgress(done: done, total: toDo.count, commit: commit.id.hex, subject: commit.subject,
                                               blobsScanned: state.blobsScanned))
                    done += 1
                    // Counts move against the parent only when the state holds the parent's tree:
                    // it does after the previous commit; else it is rebuilt from a stored parent
                    // (from the memo, so nothing is read twice); a root commit moves from nothing.
                    var compared = false
                    if let parent = commit.parents.first {
                        if state.commit == parent {
                            compared = true
                        } else if stored.contains(parent.hex) || state.recorded.contains(parent) {
                            if let p = try? repo.commit(parent), (try? state.advance(repo, to: p)) != nil { compared = state.commit == parent }
                        }
                    } else {
                        state.reset()
                        compared = true
                    }
                    if !compared { state.reset() }
                    var record: CommitRecord
                    do {
                        try state.advance(repo, to: commit, prepared: changes)
                        record = state.record(for: commit, comparedWithParent: compared)
                    } catch {
                        state.reset()
                        record = CommitRecord(commit: commit.id.hex, parent: commit.parents.first?.hex, time: commit.authorTime,
                                              subject: commit.subject, error: Mirror.redact("\(error)"))
                        record.author = commit.author
                    }
                    if record.error != nil { outcome.failed += 1 }
                    records.append(record)
                    state.recorded.insert(commit.id)
                    outcome.scanned += 1
                }
                // The chunk before this one is stored before this one is queued: the next chunk
                // finds the memo entries of every chunk but this one in the store, and this one's
                // in the state (`TreeState.takeMemo`), whatever the writer's pace.
                writer.drain()
                writer.write(records, memo: state.takeMemo())
                state.endChunk()
            }
            try writer.finish()
            // The head's findings per file (reports' top files), its targets' stages and its
            // findings with their owners (the work list), while the tree is at hand.
            if let last = chain.last, state.commit == last.id {
                let findings = state.findings()
                let head = CommitKey(repository: repositoryID, commit: last.id.hex, ruleset: Ruleset.fingerprint)
                try store.setFileCounts(head, files: state.fileCounts())
                try store.setTargetStages(head, targets: state.targetStages(findings).map(\.record))
                try store.setHeadWork(head, work: HeadWork(findings, codeOwners: CodeOwners.find(in: repo, tree: last.tree)))
            }
            outcome.blobsScanned = state.blobsScanned
            outcome.blobsReused = state.blobsReused
            outcome.secondPasses = state.secondPasses
            if let last = chain.last { try store.setReference(repository: repositoryID, name: options.revision, commit: last.id.hex) }
            return outcome
        }
    }

    /// Each commit's changes against its first parent (the empty tree for a root commit), or nil
    /// when they cannot be read (the commit is then settled on its own and fails with the reason).
    /// Workers take contiguous runs of commits, so each reads a tree once for two diffs.
    static func prepare(_ chunk: [Commit], pool: RepositoryPool, jobs: Int) -> [[TreeChange]?] {
        let workers = max(1, min(jobs, chunk.count))
        let ranges = (0..<workers).map { w in (chunk.count * w / workers)..<(chunk.count * (w + 1) / workers) }
        let parts: [[[TreeChange]?]] = Parallel.map(ranges, jobs: workers) { range in
            (try? pool.with { repo in
                range.map { i -> [TreeChange]? in
                    let c = chunk[i]
                    var base: ObjectID? = nil
                    if let p = c.parents.first {
                        if i > 0, chunk[i - 1].id == p { base = chunk[i - 1].tree } else {
                            guard let parent = try? repo.commit(p) else { return nil }
                            base = parent.tree
                        }
                    }
                    return try? repo.changes(from: base, to: c.tree)
                }
            }) ?? range.map { _ in nil }
        }
        return parts.flatMap { $0 }
    }

    /// The first-parent chain from `head`, oldest first, within the options' limits.
    static func walk(_ repo: GitRepository, from head: ObjectID, options: HistoryOptions, notes: inout [String]) throws -> [Commit] {
        var chain: [Commit] = []
        var next: ObjectID? = head
        while let id = next {
            if let max = options.maxCommits, chain.count >= max { break }
            let commit: Commit
            do {
                commit = try repo.commit(id)
            } catch let e as GitError where !chain.isEmpty {
                notes.append(repo.isShallow && e.isNotFound
                             ? "shallow clone: history ends at \(chain.last!.id.hex), whose parent is not in the clone"
                             : "history ends at \(chain.last!.id.hex): its parent \(id.hex) cannot be read (\(e.message))")
                break
            }
            if let stated = commit.statedTime {
                notes.append("commit \(id.hex): its author time \(stated) is out of range (years 1 to 9999); read as 1970-01-01")
            }
            if let since = options.since, commit.authorTime < since {
                if options.includeStateAtSince { chain.append(commit) }
                break
            }
            chain.append(commit)
            next = commit.parents.first
        }
        return chain.reversed()
    }
}

/// A first-pass result as the memo keeps it. Unreadable files are never memoised: the next run
/// tries them again.
struct MemoRecord: Codable {
    /// Stored as one byte; an unknown value fails to decode, and the file is analysed again.
    enum Kind: UInt8, Codable {
        case analyzed = 0, skipped = 1, lfsPointer = 2
    }

    var kind: Kind
    var analysis: FileAnalysis?
    var diagnostic: String?

    init?(_ first: TreeScan.FirstPass) {
        switch first {
        case .analyzed(let a): kind = .analyzed; analysis = a
        case .skipped(let d): kind = .skipped; diagnostic = d.message
        case .lfsPointer: kind = .lfsPointer
        case .unreadable: return nil
        }
    }

    func firstPass(path: String) -> TreeScan.FirstPass? {
        switch kind {
        case .analyzed: return analysis.map { .analyzed($0) }
        case .skipped: return .skipped(Diagnostic(path: path, message: diagnostic ?? ""))
        case .lfsPointer: return .lfsPointer
        }
    }
}

/// A chunk's tree diffs, computed on one of Dispatch's threads while the caller goes on;
/// `value` waits for them. Not `Background`'s thread of its own: a new thread per chunk may
/// take a malloc arena of its own, and home-assistant's peak was higher with them.
final class Ahead: Sendable {
    private let result = Guarded<[[TreeChange]?]?>(nil)
    private let done = DispatchSemaphore(value: 0)

    init(_ body: @escaping @Sendable () -> [[TreeChange]?]) {
        DispatchQueue.global().async { [self] in
            let value = body()
            result.withLock { $0 = value }
            done.signal()
        }
    }

    var value: [[TreeChange]?] {
        done.wait()
        done.signal()
        return result.withLock { $0! }
    }
}

/// Writes chunks in order on a serial queue, with its own store connection.
///
/// `@unchecked Sendable`: `store` is used only on `queue`, which is serial; `failure` is read
/// and written only while holding `lock`.
final class BackgroundWriter: @unchecked Sendable {
    private let store: any Store
    private let repository: Int64
    private let queue = DispatchQueue(label: "fleetscan.history.writer")
    private let lock = NSLock()
    private var failure: (any Error)?

    init(store: any Store, repository: Int64) {
        self.store = store
        self.repository = repository
    }

    func write(_ records: [CommitRecord], memo: [(MemoKey, [UInt8])]) {
        queue.async { [self] in
            guard error == nil else { return }
            do {
                try store.record(records, in: RulesetKey(repository: repository, ruleset: Ruleset.fingerprint), memo: memo)
            } catch {
                lock.lock()
                failure = error
                lock.unlock()
            }
        }
    }

    private var error: (any Error)? {
        lock.lock()
        defer { lock.unlock() }
        return failure
    }

    /// Throws the first write's error, if one failed.
    func check() throws {
        if let error { throw error }
    }

    /// Waits for the writes queued so far.
    func drain() {
        queue.sync {}
    }

    /// Waits for every write; throws the first error.
    func finish() throws {
        queue.sync {}
        try check()
    }
}

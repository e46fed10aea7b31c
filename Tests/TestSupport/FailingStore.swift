import Foundation
import ResultStore

/// A store that stops writing commits after `writes` batches, as a process killed at that
/// moment would: the batch that fails and everything after it are never stored. Every other
/// call goes to the real store.
public final class FailingStore: Store, @unchecked Sendable {
    /// Writes left, shared by every connection opened from this one.
    final class Budget: @unchecked Sendable {
        let lock = NSLock()
        var left: Int
        init(_ left: Int) { self.left = left }

        func take() -> Bool {
            lock.lock()
            defer { lock.unlock() }
            guard left > 0 else { return false }
            left -= 1
            return true
        }
    }

    public let inner: any Store
    let budget: Budget

    public convenience init(_ inner: any Store, writes: Int) { self.init(inner, budget: Budget(writes)) }

    init(_ inner: any Store, budget: Budget) {
        self.inner = inner
        self.budget = budget
    }

    public var location: String { inner.location }

    public func record(_ commits: [CommitRecord], in key: RulesetKey, memo: [(MemoKey, [UInt8])]) throws {
        guard budget.take() else { throw StoreError(function: "record", code: 9, message: "killed", context: "") }
        try inner.record(commits, in: key, memo: memo)
    }

    /// The writer thread's connection draws on the same budget.
    public func anotherConnection() throws -> any Store { FailingStore(try inner.anotherConnection(), budget: budget) }

    public func repository(name: String, url: String) throws -> Int64 { try inner.repository(name: name, url: url) }
    public func storedCommits(_ key: RulesetKey) throws -> Set<String> {
        try inner.storedCommits(key)
    }
    public func commits(_ key: RulesetKey, ids: [String]) throws -> [CommitRecord] {
        try inner.commits(key, ids: ids)
    }
    public func memo(_ keys: [MemoKey], ruleset: String) throws -> [MemoKey: [UInt8]] { try inner.memo(keys, ruleset: ruleset) }
    public func setReference(repository: Int64, name: String, commit: String) throws {
        try inner.setReference(repository: repository, name: name, commit: commit)
    }
    public func reference(repository: Int64, name: String) throws -> String? { try inner.reference(repository: repository, name: name) }
    public func rowCounts() throws -> [String: Int] { try inner.rowCounts() }
    public func repositories() throws -> [RepositoryRow] { try inner.repositories() }
    public func allCommits(_ key: RulesetKey) throws -> [CommitRecord] {
        try inner.allCommits(key)
    }
    public func setFileCounts(_ key: CommitKey, files: [FileCount]) throws {
        try inner.setFileCounts(key, files: files)
    }
    public func fileCounts(_ key: CommitKey) throws -> [FileCount]? {
        try inner.fileCounts(key)
    }
    public func setTargetStages(_ key: CommitKey, targets: [TargetRecord]) throws {
        try inner.setTargetStages(key, targets: targets)
    }
    public func targetStages(_ key: CommitKey) throws -> [TargetRecord]? {
        try inner.targetStages(key)
    }
    public func setHeadWork(_ key: CommitKey, work: HeadWork) throws {
        try inner.setHeadWork(key, work: work)
    }
    public func headWork(_ key: CommitKey) throws -> HeadWork? {
        try inner.headWork(key)
    }
    public func setSettings(repository: Int64, _ settings: RepositorySettings) throws { try inner.setSettings(repository: repository, settings) }
    public func beginRun(started: Int64, shard: String, since: Int64?, deadline: Int64?) throws -> Int64 {
        try inner.beginRun(started: started, shard: shard, since: since, deadline: deadline)
    }
    public func recordRun(_ run: Int64, _ record: RunRepositoryRecord) throws { try inner.recordRun(run, record) }
    public func finishRun(_ run: Int64, finished: Int64) throws { try inner.finishRun(run, finished: finished) }
    public func runs() throws -> [RunRecord] { try inner.runs() }
    public func runRepositories(_ run: Int64) throws -> [RunRepositoryRecord] { try inner.runRepositories(run) }
}

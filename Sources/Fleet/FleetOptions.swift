import StableHashing
import Foundation
import GitAccess
import ResultStore
import RuleKit
import ScanEngine

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
    /// Each repository's fetch and scan in a worker process with these limits; nil: in this
    /// process (tests of the coordinator itself).
    public var isolation: WorkerLimits?

    public init(cache: String, jobs: Int = Parallel.cores, transfers: Int = 4, since: Int64? = nil, maxCommits: Int? = nil,
                shard: Shard = .whole, now: Int64 = Int64(Date().timeIntervalSince1970), lanes: Int = 2,
                isolation: WorkerLimits? = nil) {
        self.isolation = isolation
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

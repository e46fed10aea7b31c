import Foundation
import GitAccess
import ResultStore
import RuleKit
import ScanEngine

/// What the run did to one repository, with its head's numbers.
public struct FleetRepositoryResult: Sendable, Equatable {
    public var record: RunRepositoryRecord
    public var stage: Stage?
    /// The head's findings in app and library code.
    public var severities = SeverityCounts()
    /// Commits in the walked range, and blobs analysed.
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

import Foundation
import GitAccess
import History
import ResultStore
import RuleKit
import ScanEngine

// What `fleet run` and its worker processes (`fleetscan fleet worker serve`) say to each other,
// both sides' one definition: a task is one JSON line on the worker's standard input; the worker
// answers with message lines on its standard output, the last of each task `done`. Reasons go
// to standard error, which the coordinator reads beside.

/// One piece of work for a worker.
public enum WorkerTask: Codable, Sendable, Equatable {
    /// Bring the mirror at `folder` up to date from `source`.
    case fetch(Fetch)
    /// Walk the mirror's history into the store (`FLEETSCAN_WORKER_DB`, never a command line).
    case scan(Scan)

    public struct Fetch: Codable, Sendable, Equatable {
        public var source: String
        public var folder: String
        public var branch: String?
        /// The token travels down the pipe, with the one server it is for.
        public var token: Token?
    }

    public struct Token: Codable, Sendable, Equatable {
        public var value: String
        public var host: String
        public var port: Int
    }

    public struct Scan: Codable, Sendable, Equatable {
        public var name: String
        public var displayURL: String
        public var folder: String
        public var branch: String?
        /// The repository's id in the store.
        public var repository: Int64
        public var jobs: Int
        public var since: Int64?
        public var maxCommits: Int?
    }

    /// `{"fetch": {…}}` or `{"scan": {…}}`.
    private enum Kind: String, CodingKey { case fetch, scan }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Kind.self)
        if c.contains(.fetch) { self = .fetch(try c.decode(Fetch.self, forKey: .fetch)); return }
        if c.contains(.scan) { self = .scan(try c.decode(Scan.self, forKey: .scan)); return }
        throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "neither \"fetch\" nor \"scan\""))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Kind.self)
        switch self {
        case .fetch(let f): try c.encode(f, forKey: .fetch)
        case .scan(let s): try c.encode(s, forKey: .scan)
        }
    }

    /// The repository the task is about, for fault injection in tests (`FLEETSCAN_WORKER_FAULT`).
    public var name: String? {
        switch self {
        case .fetch: nil
        case .scan(let s): s.name
        }
    }

    /// The task as a line (without its newline).
    public var line: String { String(decoding: (try? JSONEncoder.sorted.encode(self)) ?? Data("{}".utf8), as: UTF8.self) }

    /// The task a line holds; what is wrong with it when it holds none.
    public static func parse(_ line: String) throws -> WorkerTask {
        do {
            return try JSONDecoder().decode(WorkerTask.self, from: Data(line.utf8))
        } catch {
            throw WorkerProtocolError(message: "a worker task must be a fetch or scan object: \(WorkerProtocolError.describe(error))")
        }
    }
}

/// A line a worker writes.
public enum WorkerMessage: Sendable, Equatable {
    /// Where a scan's history walk is.
    case progress(done: Int, total: Int, blobsScanned: Int)
    /// What a scan stored, once at its end.
    case result(FleetRepositoryResult)
    /// The task ended: `done` (0), `failed` (2, the reason on standard error) or `storeFailed` (3).
    case done(WorkerStatus)

    public init(_ p: HistoryProgress) { self = .progress(done: p.done, total: p.total, blobsScanned: p.blobsScanned) }

    /// `P done total blobs`, `R {json}`, `D status`: short, and readable in a log.
    public var line: String {
        switch self {
        case let .progress(done, total, blobs): "P \(done) \(total) \(blobs)"
        case .result(let r): "R " + String(decoding: (try? JSONEncoder.sorted.encode(ResultLine(r))) ?? Data("{}".utf8), as: UTF8.self)
        case .done(let status): "D \(status.rawValue)"
        }
    }

    /// The message a line holds, or nil for a line that is none (a worker's stray output).
    public init?(line: String) {
        let body = line.dropFirst(2)
        if line.hasPrefix("P ") {
            let f = body.split(separator: " ")
            guard f.count == 3, let d = Int(f[0]), let t = Int(f[1]), let b = Int(f[2]) else { return nil }
            self = .progress(done: d, total: t, blobsScanned: b)
        } else if line.hasPrefix("R ") {
            guard let r = try? JSONDecoder().decode(ResultLine.self, from: Data(body.utf8)) else { return nil }
            self = .result(r.result)
        } else if line.hasPrefix("D "), let code = Int32(body), let status = WorkerStatus(rawValue: code) {
            self = .done(status)
        } else {
            return nil
        }
    }

    /// A result as its line carries it.
    struct ResultLine: Codable {
        var repository: String
        var status: String
        var reason: String?
        var head: String?
        var scanned: Int
        var alreadyStored: Int
        var failedCommits: Int
        var errors: Int
        var warnings: Int
        var notes: Int
        var commits: Int
        var blobsScanned: Int
        var upToDate: Bool
        var stage: String?

        init(_ r: FleetRepositoryResult) {
            repository = r.record.repository
            status = r.record.status.rawValue
            reason = r.record.reason
            head = r.record.head
            scanned = r.record.scanned
            alreadyStored = r.record.alreadyStored
            failedCommits = r.record.failedCommits
            errors = r.severities.errors
            warnings = r.severities.warnings
            notes = r.severities.notes
            commits = r.commits
            blobsScanned = r.blobsScanned
            upToDate = r.upToDate
            stage = r.stage?.rawValue
        }

        var result: FleetRepositoryResult {
            var r = FleetRepositoryResult(record: RunRepositoryRecord(repository: repository, status: RunStatus(rawValue: status) ?? .failed,
                                                                      reason: reason, head: head, scanned: scanned,
                                                                      alreadyStored: alreadyStored, failedCommits: failedCommits))
            r.stage = stage.flatMap(Stage.init(rawValue:))
            r.severities = SeverityCounts(errors: errors, warnings: warnings, notes: notes)
            r.commits = commits
            r.blobsScanned = blobsScanned
            r.upToDate = upToDate
            return r
        }
    }
}

/// How a worker's task ended, as its `D` line says.
public enum WorkerStatus: Int32, Sendable {
    case done = 0
    /// An error the worker reported (its words on standard error are the reason).
    case failed = 2
    /// The store failed: the coordinator stops the run, as it would in process.
    case storeFailed = 3
}

public struct WorkerProtocolError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }

    static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, let c): "no \"\(key.stringValue)\"" + at(c)
        case DecodingError.typeMismatch(_, let c), DecodingError.valueNotFound(_, let c): c.debugDescription + at(c)
        case DecodingError.dataCorrupted(let c): c.debugDescription + at(c)
        default: "\(error)"
        }
    }

    private static func at(_ c: DecodingError.Context) -> String {
        c.codingPath.isEmpty ? "" : " at " + c.codingPath.map(\.stringValue).joined(separator: ".")
    }
}

extension JSONEncoder {
    /// Keys in order, so a line is the same for the same value.
    static var sorted: JSONEncoder {
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return e
    }
}

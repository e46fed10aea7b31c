import Foundation
import Testing
@testable import Fleet
import History
import ResultStore
import RuleKit
import ScanEngine

/// The coordinator and its workers read one definition of what they say; what one side writes
/// the other reads back as the same value, and a line that is not a task is refused by name.
@Suite struct WorkerProtocolTests {
    @Test func tasksReadBackAsWritten() throws {
        let tasks: [WorkerTask] = [
            .fetch(.init(source: "https://example.com/a.git", folder: "/m/a", branch: nil, token: nil)),
            .fetch(.init(source: "https://example.com/a.git", folder: "/m/a", branch: "main",
                         token: .init(value: "t\"o\nken", host: "example.com", port: 8443))),
            .scan(.init(name: "a", displayURL: "https://example.com/a", folder: "/m/a", branch: nil, repository: 7, jobs: 2,
                        since: nil, maxCommits: nil)),
            .scan(.init(name: "b/c", displayURL: "x", folder: "/m/b", branch: "dev", repository: 1 << 40, jobs: 1,
                        since: 1_700_000_000, maxCommits: 50)),
        ]
        for task in tasks {
            #expect(!task.line.contains("\n"), "a task is one line: \(task.line)")
            #expect(try WorkerTask.parse(task.line) == task)
        }
        #expect(tasks[3].name == "b/c" && tasks[0].name == nil)
    }

    @Test func messagesReadBackAsWritten() {
        var result = FleetRepositoryResult(record: RunRepositoryRecord(repository: "a", status: .ok, reason: "why\nnot", head: "abc",
                                                                       scanned: 3, alreadyStored: 4, failedCommits: 1))
        result.stage = .launches
        result.severities = SeverityCounts(errors: 1, warnings: 2, notes: 3)
        result.commits = 9
        result.blobsScanned = 12
        result.upToDate = true
        let messages: [WorkerMessage] = [.progress(done: 1, total: 10, blobsScanned: 5), .result(result),
                                         .result(FleetRepositoryResult(record: RunRepositoryRecord(repository: "b", status: .failed))),
                                         .done(.done), .done(.failed), .done(.storeFailed)]
        for m in messages {
            #expect(!m.line.contains("\n"))
            #expect(WorkerMessage(line: m.line) == m, "\(m.line)")
        }
        #expect(WorkerMessage(HistoryProgress(done: 2, total: 3, commit: "c", subject: "s", blobsScanned: 4))
                == .progress(done: 2, total: 3, blobsScanned: 4))
        // Anything else a worker prints is not a message.
        for stray in ["", "D", "D x", "D 1", "P 1 2", "R {", "hello"] { #expect(WorkerMessage(line: stray) == nil, "\(stray)") }
    }

    @Test func aLineThatIsNoTaskIsRefusedByName() {
        func failure(_ line: String) -> String {
            do { _ = try WorkerTask.parse(line); return "parsed" } catch { return "\(error)" }
        }
        #expect(failure(#"["scan", "--name", "a"]"#).hasPrefix("a worker task must be a fetch or scan object"))
        #expect(failure(#"{"scan": {"name": "a"}}"#).contains("no \"displayURL\""))
        #expect(failure(#"{"scan": {"name": "a", "displayURL": "x", "folder": "f", "repository": "seven", "jobs": 1}}"#).contains("repository"))
    }
}

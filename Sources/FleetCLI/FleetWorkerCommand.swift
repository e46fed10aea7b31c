import Fleet
import Foundation
import GitAccess
import ResultStore
import ScanEngine

/// `fleetscan fleet worker serve`: the worker process of `fleet run` (not for people). Tasks come
/// one per line on standard input as JSON arrays — `["fetch", "--source", …]` or
/// `["scan", "--name", …]` — and each ends with a `D status` line on standard output (0 done,
/// 2 failed, 3 the store failed; the reason on standard error); a scan writes `P …` progress
/// lines and one `R {…}` result line first (`WorkerProtocol`). The store comes in the
/// environment (`FLEETSCAN_WORKER_DB`) and a token in the task, never on a command line.
enum FleetWorkerCommand {
    static let taskFlags = ["--source", "--folder", "--branch", "--token", "--token-host", "--token-port", "--name", "--display-url", "--repository", "--jobs", "--since",
                            "--max-commits"].map { Flag(name: $0, value: "VALUE", help: "") }

    static func run(_ words: [String], _ io: IO, environment: [String: String]) throws -> Int32 {
        guard words.first == "serve" else { throw CLIError.usage("fleet worker serve is the only worker command") }
        let p = try ParsedArguments.parse(Array(words.dropFirst()), flags: [Flag(name: "--memory", value: "BYTES", help: "")])
        if let memory = p.values["--memory"].flatMap(Int.init) { try WorkerLimits.applyInWorker(memory: memory) }
        WorkerLimits.endWithCoordinator()
        // The worker's two connections (reader and writer), opened on its first scan and kept.
        var store: (any Store, any Store)?
        while let text = readLine() {
            guard let data = text.data(using: .utf8), let task = (try? JSONSerialization.jsonObject(with: data)) as? [String] else {
                io.err("fleetscan: error: a worker task must be a JSON array of strings\n")
                io.out("D 2\n")
                continue
            }
            var status: Int32 = 0
            do {
                try perform(task, io, environment: environment, store: &store)
            } catch let e as StoreError {
                io.err("fleetscan: error: the store failed: \(e)\n")
                status = 3
            } catch let CLIError.usage(message) {
                io.err("fleetscan: error: \(message)\n")
                status = 2
            } catch let e as ScanError {
                io.err("fleetscan: error: \(e.message)\n")
                status = 2
            } catch {
                io.err("fleetscan: error: \(error)\n")
                status = 2
            }
            io.out("D \(status)\n")
        }
        return 0
    }

    static func perform(_ task: [String], _ io: IO, environment: [String: String], store: inout (any Store, any Store)?) throws {
        guard let kind = task.first else { throw CLIError.usage("an empty worker task") }
        let p = try ParsedArguments.parse(Array(task.dropFirst()), flags: taskFlags)
        func value(_ name: String) throws -> String {
            guard let v = p.values[name] else { throw CLIError.usage("fleet worker \(kind) needs \(name)") }
            return v
        }
        // For the isolation tests: a worker that crashes as a parser bug would.
        if let fault = environment["FLEETSCAN_WORKER_FAULT"], fault == "crash:" + (p.values["--name"] ?? "") {
            UnsafeMutablePointer<Int>(bitPattern: 8)!.pointee = 0  // a real invalid write, not a signal sent
        }
        // …and one whose coordinator is gone when it commits (its watch not yet woken).
        if let fault = environment["FLEETSCAN_WORKER_FAULT"], fault == "orphan:" + (p.values["--name"] ?? "") {
            CommitGate.install { false }
        }
        defer { CommitGate.install(WorkerLimits.coordinatorAlive) }
        switch kind {
        case "fetch":
            let credential = p.values["--token"].map {
                GitCredential(host: p.values["--token-host"] ?? "", port: p.values["--token-port"].flatMap { Int($0) } ?? 443, token: $0)
            }
            do {
                _ = try Mirror.update(url: try value("--source"), at: try value("--folder"), credential: credential,
                                      scope: .branch(p.values["--branch"]))
            } catch let e as GitError {
                // libgit2's words without the path they are about: the coordinator names the source,
                // as a run in process does.
                throw ScanError(e.message)
            }
        case "scan":
            if store == nil {
                guard let db = environment["FLEETSCAN_WORKER_DB"] else { throw CLIError.usage("fleet worker scan needs $FLEETSCAN_WORKER_DB") }
                let reader = try HistoryCommand.openStore(db)
                store = (reader, try reader.anotherConnection())
            }
            let folder = try value("--folder")
            let entry = FleetManifest.Entry(name: try value("--name"), source: folder, displayURL: try value("--display-url"),
                                            branch: p.values["--branch"])
            let options = FleetOptions(cache: "", jobs: Int(try value("--jobs")) ?? Parallel.cores,
                                       since: p.values["--since"].flatMap { Int64($0) }, maxCommits: p.values["--max-commits"].flatMap { Int($0) })
            guard let repository = Int64(try value("--repository")) else { throw CLIError.usage("fleet worker scan: --repository must be a number") }
            let result = try FleetRun.scan(entry, folder: folder, mirror: try GitRepository.open(folder), repository: repository,
                                           store: store!.0, writer: store!.1, options: options) { h in
                io.out(WorkerProtocol.line(h) + "\n")
            }
            io.out(WorkerProtocol.line(result) + "\n")
        default:
            throw CLIError.usage("unknown fleet worker task '\(kind)' (fetch or scan)")
        }
    }
}

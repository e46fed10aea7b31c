import Fleet
import Foundation
import GitAccess
import ResultStore
import ScanEngine

/// `fleetscan fleet worker fetch|scan …`: one repository's work, run by `fleet run` in a child
/// process (not for people: its options are what the coordinator passes). The store and the
/// token come in the environment (`FLEETSCAN_WORKER_DB`, `FLEETSCAN_WORKER_TOKEN`), never on
/// the command line. A scan writes `P …` progress lines and one `R {…}` result line
/// (`WorkerProtocol`); exit 3 means the store failed.
enum FleetWorkerCommand {
    static let flags = ["--memory", "--source", "--folder", "--branch", "--name", "--display-url", "--repository", "--jobs", "--since",
                        "--max-commits"].map { Flag(name: $0, value: "VALUE", help: "") }

    static func run(_ words: [String], _ io: IO, environment: [String: String]) throws -> Int32 {
        guard let task = words.first else { throw CLIError.usage("fleet worker needs a task: fetch or scan") }
        let p = try ParsedArguments.parse(Array(words.dropFirst()), flags: flags)
        func value(_ name: String) throws -> String {
            guard let v = p.values[name] else { throw CLIError.usage("fleet worker \(task) needs \(name)") }
            return v
        }
        if let memory = p.values["--memory"].flatMap(Int.init) { WorkerLimits.applyInWorker(memory: memory) }
        // For the isolation tests: a worker that crashes as a parser bug would.
        if let fault = environment["FLEETSCAN_WORKER_FAULT"], fault == "crash:" + (p.values["--name"] ?? "") {
            UnsafeMutablePointer<Int>(bitPattern: 8)!.pointee = 0  // a real invalid write, not a signal sent
        }
        switch task {
        case "fetch":
            _ = try Mirror.update(url: try value("--source"), at: try value("--folder"), token: environment["FLEETSCAN_WORKER_TOKEN"],
                                  scope: .branch(p.values["--branch"]))
            return 0
        case "scan":
            guard let db = environment["FLEETSCAN_WORKER_DB"] else { throw CLIError.usage("fleet worker scan needs $FLEETSCAN_WORKER_DB") }
            let store = try HistoryCommand.openStore(db)
            let folder = try value("--folder")
            let entry = FleetManifest.Entry(name: try value("--name"), source: folder, displayURL: try value("--display-url"),
                                                branch: p.values["--branch"])
            var options = FleetOptions(cache: "", jobs: Int(try value("--jobs")) ?? Parallel.cores,
                                       since: p.values["--since"].flatMap { Int64($0) }, maxCommits: p.values["--max-commits"].flatMap { Int($0) })
            options.isolation = nil
            guard let repository = Int64(try value("--repository")) else { throw CLIError.usage("fleet worker scan: --repository must be a number") }
            let result = try FleetRun.scan(entry, folder: folder, mirror: try GitRepository.open(folder), repository: repository,
                                           store: store, writer: try store.anotherConnection(), options: options) { h in
                io.out(WorkerProtocol.line(h) + "\n")
            }
            io.out(WorkerProtocol.line(result) + "\n")
            return 0
        default:
            throw CLIError.usage("unknown fleet worker task '\(task)' (fetch or scan)")
        }
    }
}

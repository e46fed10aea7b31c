import Fleet
import Foundation
import GitAccess
import ResultStore
import ScanEngine

/// `fleetscan fleet worker serve`: the worker process of `fleet run` (not for people). Tasks come
/// one per line on standard input (`WorkerTask`, in Fleet's `WorkerProtocol.swift`, which both
/// sides read), and each ends with a `done` message on standard output; a scan writes progress
/// and one result message first. Reasons go to standard error. The store comes in the
/// environment (`FLEETSCAN_WORKER_DB`) and a token in the task, never on a command line.
enum FleetWorkerCommand {
    static func run(_ words: [String], _ io: IO, environment: [String: String]) throws -> Int32 {
        guard words.first == "serve" else { throw CLIError.usage("fleet worker serve is the only worker command") }
        let p = try ParsedArguments.parse(Array(words.dropFirst()), flags: [Flag(name: "--memory", value: "BYTES", help: "")])
        if let memory = p.values["--memory"].flatMap(Int.init) { try WorkerLimits.applyInWorker(memory: memory) }
        WorkerLimits.endWithCoordinator()
        // The worker's two connections (reader and writer), opened on its first scan and kept.
        var store: (any Store, any Store)?
        while let text = readLine() {
            var status = WorkerStatus.done
            do {
                try perform(try WorkerTask.parse(text), io, environment: environment, store: &store)
            } catch let e as StoreError {
                io.err("fleetscan: error: the store failed: \(e)\n")
                status = .storeFailed
            } catch let CLIError.usage(message) {
                io.err("fleetscan: error: \(message)\n")
                status = .failed
            } catch let e as ScanError {
                io.err("fleetscan: error: \(e.message)\n")
                status = .failed
            } catch {
                io.err("fleetscan: error: \(error)\n")
                status = .failed
            }
            io.out(WorkerMessage.done(status).line + "\n")
        }
        return 0
    }

    static func perform(_ task: WorkerTask, _ io: IO, environment: [String: String], store: inout (any Store, any Store)?) throws {
        // For the isolation tests: a worker that crashes as a parser bug would.
        if let fault = environment["FLEETSCAN_WORKER_FAULT"], fault == "crash:" + (task.name ?? "") {
            UnsafeMutablePointer<Int>(bitPattern: 8)!.pointee = 0  // a real invalid write, not a signal sent
        }
        // …and one whose coordinator is gone when it commits (its watch not yet woken).
        if let fault = environment["FLEETSCAN_WORKER_FAULT"], fault == "orphan:" + (task.name ?? "") {
            CommitGate.install { false }
        }
        defer { CommitGate.install(WorkerLimits.coordinatorAlive) }
        switch task {
        case .fetch(let fetch):
            let credential = fetch.token.map { GitCredential(host: $0.host, port: $0.port, token: $0.value) }
            do {
                _ = try Mirror.update(url: fetch.source, at: fetch.folder, credential: credential, scope: .branch(fetch.branch))
            } catch let e as GitError {
                // libgit2's words without the path they are about: the coordinator names the source,
                // as a run in process does.
                throw ScanError(e.message)
            }
        case .scan(let scan):
            if store == nil {
                guard let db = environment["FLEETSCAN_WORKER_DB"] else { throw ScanError("fleet worker scan needs $FLEETSCAN_WORKER_DB") }
                let reader = try HistoryCommand.openStore(db)
                store = (reader, try reader.anotherConnection())
            }
            let entry = FleetManifest.Entry(name: scan.name, source: scan.folder, displayURL: scan.displayURL, branch: scan.branch)
            let options = FleetOptions(cache: "", jobs: scan.jobs, since: scan.since, maxCommits: scan.maxCommits)
            let result = try FleetRun.scan(entry, folder: scan.folder, mirror: try GitRepository.open(scan.folder), repository: scan.repository,
                                           store: store!.0, writer: store!.1, options: options) { h in
                io.out(WorkerMessage(h).line + "\n")
            }
            io.out(WorkerMessage.result(result).line + "\n")
        }
    }
}

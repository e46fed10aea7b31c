import Foundation
import GitAccess
import ResultStore
import RuleKit
import ScanEngine

/// Defence in depth for `fleet run`: each repository's fetch and scan run in a worker process
/// (the same executable, `fleetscan fleet worker …`) with a wall-clock budget and a memory
/// budget. A worker that crashes, runs out of time or memory, or fails fails that repository
/// only, with the reason; the night goes on. What a worker wrote to the store it wrote in whole
/// transactions, so a killed worker leaves nothing half-written.
public struct WorkerLimits: Sendable, Equatable {
    /// The fleetscan executable the workers run.
    public var executable: String
    /// The store the workers write to, as `--db` names it (passed in the environment, never on
    /// a command line others can read).
    public var store: String
    /// Wall-clock seconds one repository's fetch, and then its scan, may take.
    public var seconds: Double
    /// Resident memory a worker may reach, in bytes; its address space is limited to twice this
    /// (so a runaway allocation stops even between two samples of its resident size).
    public var memory: Int

    public static let defaultSeconds: Double = 3600
    public static let defaultMemory = 4 << 30

    public init(executable: String, store: String, seconds: Double = defaultSeconds, memory: Int = defaultMemory) {
        self.executable = executable
        self.store = store
        self.seconds = seconds
        self.memory = memory
    }

    /// Called first thing in a worker: its own limits (`Worker.limitSelf`).
    public static func applyInWorker(memory: Int) { Worker.limitSelf(memory: memory) }

    /// The running executable (for the coordinator to spawn itself); `FLEETSCAN_WORKER_EXECUTABLE`
    /// names another (tests that run the command line inside a test process).
    public static var currentExecutable: String {
        if let other = ProcessInfo.processInfo.environment["FLEETSCAN_WORKER_EXECUTABLE"] { return other }
        return (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }
}

/// How a worker ended.
enum WorkerEnd: Equatable {
    case exited(Int32)
    case signalled(Int32)
    case timedOut
    case overMemory

    /// The reason a repository failed, or nil for a clean exit.
    func reason(_ limits: WorkerLimits, stderr: String) -> String? {
        // What the worker said: its error line, else its last line.
        let lines = stderr.split(separator: "\n")
        let said = (lines.last { $0.hasPrefix("fleetscan: error: ") }.map { $0.dropFirst("fleetscan: error: ".count) } ?? lines.last)
            .map { String($0.prefix(300)) }
        switch self {
        case .exited(0): return nil
        case .exited(let status): return "the worker failed (exit \(status))" + (said.map { ": \($0)" } ?? "")
        case .signalled(let signal): return "the worker crashed (signal \(signal)\(Self.signalNames[signal].map { ", \($0)" } ?? ""))"
        case .timedOut: return "timed out after \(Int(limits.seconds)) s"
        case .overMemory: return "memory limit \(Self.size(limits.memory)) exceeded"
        }
    }

    static let signalNames: [Int32: String] = [SIGSEGV: "SIGSEGV", SIGBUS: "SIGBUS", SIGILL: "SIGILL", SIGABRT: "SIGABRT",
                                               SIGTRAP: "SIGTRAP", SIGFPE: "SIGFPE", SIGKILL: "SIGKILL", SIGTERM: "SIGTERM"]

    static func size(_ bytes: Int) -> String {
        bytes >= 1 << 30 && bytes % (1 << 30) == 0 ? "\(bytes >> 30) GiB" : "\(bytes >> 20) MiB"
    }
}

/// Spawning and watching one worker.
enum Worker {
    /// Runs the worker with `arguments` (after the executable) and extra `environment`, calling
    /// `line` with each line it writes to standard output, until it exits, its time is up or its
    /// resident memory passes the limit (then it is killed). Returns how it ended and the tail
    /// of what it wrote to standard error.
    static func run(_ arguments: [String], environment: [String: String], limits: WorkerLimits,
                    line: (String) -> Void) throws -> (WorkerEnd, String) {
        var out: [Int32] = [-1, -1], err: [Int32] = [-1, -1]
        guard pipe(&out) == 0, pipe(&err) == 0 else { throw ScanError("cannot make a pipe for a worker: \(String(cString: strerror(errno)))") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, out[1], 1)
        posix_spawn_file_actions_adddup2(&actions, err[1], 2)
        for fd in [out[0], out[1], err[0], err[1]] { posix_spawn_file_actions_addclose(&actions, fd) }
        var env = ProcessInfo.processInfo.environment
        for (k, v) in environment { env[k] = v }
        let argv = ([limits.executable, "fleet", "worker"] + arguments + ["--memory", String(limits.memory)]).map { strdup($0) } + [nil]
        let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let code = posix_spawn(&pid, limits.executable, &actions, nil, argv, envp)
        close(out[1])
        close(err[1])
        defer {
            close(out[0])
            close(err[0])
        }
        guard code == 0 else { throw ScanError("cannot start a worker (\(limits.executable)): \(String(cString: strerror(code)))") }

        let deadline = Date().addingTimeInterval(limits.seconds)
        var killed: WorkerEnd?
        var pending = [UInt8](), errTail = [UInt8]()
        var open = [out[0]: true, err[0]: true]
        var buffer = [UInt8](repeating: 0, count: 65536)
        while open.values.contains(true) {
            var fds = open.filter(\.value).map { pollfd(fd: $0.key, events: Int16(POLLIN), revents: 0) }
            let ready = poll(&fds, nfds_t(fds.count), 200)
            if ready < 0, errno != EINTR { break }
            for p in fds where p.revents != 0 {
                let n = buffer.withUnsafeMutableBytes { read(p.fd, $0.baseAddress!, $0.count) }
                if n <= 0 { open[p.fd] = false; continue }
                if p.fd == out[0] {
                    pending += buffer[..<n]
                    while let nl = pending.firstIndex(of: 10) {
                        line(String(decoding: pending[..<nl], as: UTF8.self))
                        pending.removeSubrange(...nl)
                    }
                } else {
                    errTail += buffer[..<n]
                    if errTail.count > 8192 { errTail.removeFirst(errTail.count - 8192) }
                }
            }
            if killed == nil {
                if Date() > deadline { killed = .timedOut } else if residentBytes(pid) > limits.memory { killed = .overMemory }
                if killed != nil { kill(pid, SIGKILL) }
            }
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        let stderr = String(decoding: errTail, as: UTF8.self)
        if let killed { return (killed, stderr) }
        let signal = status & 0x7f
        return (signal != 0 ? .signalled(signal) : .exited((status >> 8) & 0xff), stderr)
    }

    /// A process's resident memory, from /proc (0 when it cannot be read).
    static func residentBytes(_ pid: pid_t) -> Int {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// In the worker: the address space is capped at twice the memory budget, and libgit2 maps
    /// at most a quarter of it for packs.
    static func limitSelf(memory: Int) {
        var limit = rlimit(rlim_cur: rlim_t(memory) * 2, rlim_max: rlim_t(memory) * 2)
        _ = setrlimit(Int32(RLIMIT_AS.rawValue), &limit)
        Git.limitMappedPacks(to: memory / 2)
    }
}

// MARK: The two kinds of work

extension Worker {
    /// The coordinator's side of a fetch: the worker brings the mirror up to date.
    static func fetch(_ entry: FleetManifest.Entry, folder: String, token: String?, limits: WorkerLimits) -> String? {
        var arguments = ["fetch", "--source", entry.source, "--folder", folder]
        if let branch = entry.branch { arguments += ["--branch", branch] }
        do {
            let (end, stderr) = try run(arguments, environment: token.map { ["FLEETSCAN_WORKER_TOKEN": $0] } ?? [:], limits: limits) { _ in }
            return end.reason(limits, stderr: stderr).map { "cannot fetch \(entry.displayURL): " + Mirror.redact($0) }
        } catch {
            return "cannot fetch \(entry.displayURL): \(error)"
        }
    }

    /// The coordinator's side of a scan: the worker walks the history into the store (its own
    /// connection, `FLEETSCAN_WORKER_DB`) and writes its progress and its result as lines.
    static func scan(_ entry: FleetManifest.Entry, folder: String, repository: Int64, options: FleetOptions,
                     limits: WorkerLimits, progress: (HistoryProgress) -> Void) throws -> FleetRepositoryResult {
        var arguments = ["scan", "--name", entry.name, "--display-url", entry.displayURL, "--folder", folder,
                         "--repository", String(repository), "--jobs", String(options.jobs)]
        if let branch = entry.branch { arguments += ["--branch", branch] }
        if let since = options.since { arguments += ["--since", String(since)] }
        if let max = options.maxCommits { arguments += ["--max-commits", String(max)] }
        var result: FleetRepositoryResult?
        let (end, stderr) = try run(arguments, environment: ["FLEETSCAN_WORKER_DB": limits.store], limits: limits) { line in
            if line.hasPrefix("P "), let p = WorkerProtocol.progress(line) { progress(p) }
            if line.hasPrefix("R ") { result = WorkerProtocol.result(line) }
        }
        if end == .exited(3) {
            throw StoreError(function: "fleet worker", source: .store, message: stderr.split(separator: "\n").last.map(String.init) ?? "the store failed",
                             context: entry.name)
        }
        if let reason = end.reason(limits, stderr: stderr) {
            return FleetRepositoryResult(record: RunRepositoryRecord(repository: entry.name, status: .failed, reason: Mirror.redact(reason)))
        }
        guard let result else {
            return FleetRepositoryResult(record: RunRepositoryRecord(repository: entry.name, status: .failed,
                                                                     reason: "the worker ended without a result"))
        }
        return result
    }
}

/// The lines a scan worker writes: `P done total blobs` while it walks, `R {json}` at the end.
public enum WorkerProtocol {
    public static func line(_ p: HistoryProgress) -> String { "P \(p.done) \(p.total) \(p.blobsScanned)" }

    static func progress(_ line: String) -> HistoryProgress? {
        let f = line.split(separator: " ")
        guard f.count == 4, let d = Int(f[1]), let t = Int(f[2]), let b = Int(f[3]) else { return nil }
        return HistoryProgress(done: d, total: t, commit: "", subject: "", blobsScanned: b)
    }

    public static func line(_ r: FleetRepositoryResult) -> String {
        var o: [String: Any] = [
            "repository": r.record.repository, "status": r.record.status.rawValue, "scanned": r.record.scanned,
            "alreadyStored": r.record.alreadyStored, "failedCommits": r.record.failedCommits,
            "errors": r.severities.errors, "warnings": r.severities.warnings, "notes": r.severities.notes,
            "commits": r.commits, "blobsScanned": r.blobsScanned, "upToDate": r.upToDate,
        ]
        if let reason = r.record.reason { o["reason"] = reason }
        if let head = r.record.head { o["head"] = head }
        if let stage = r.stage { o["stage"] = stage.rawValue }
        let data = (try? JSONSerialization.data(withJSONObject: o, options: [.sortedKeys])) ?? Data("{}".utf8)
        return "R " + String(decoding: data, as: UTF8.self)
    }

    static func result(_ line: String) -> FleetRepositoryResult? {
        guard let o = try? JSONSerialization.jsonObject(with: Data(line.dropFirst(2).utf8)) as? [String: Any],
              let name = o["repository"] as? String, let status = (o["status"] as? String).flatMap(RunStatus.init(rawValue:)) else { return nil }
        func int(_ k: String) -> Int { o[k] as? Int ?? 0 }
        var r = FleetRepositoryResult(record: RunRepositoryRecord(repository: name, status: status, reason: o["reason"] as? String,
                                                                  head: o["head"] as? String, scanned: int("scanned"),
                                                                  alreadyStored: int("alreadyStored"), failedCommits: int("failedCommits")))
        r.stage = (o["stage"] as? String).flatMap(Stage.init(rawValue:))
        r.severities = SeverityCounts(errors: int("errors"), warnings: int("warnings"), notes: int("notes"))
        r.commits = int("commits")
        r.blobsScanned = int("blobsScanned")
        r.upToDate = o["upToDate"] as? Bool ?? false
        return r
    }
}

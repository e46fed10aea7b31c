import Foundation
import GitAccess
import History
import Locking
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
    public static func applyInWorker(memory: Int) throws { try Worker.limitSelf(memory: memory) }

    /// The process that started this worker, once `endWithCoordinator` ran.
    static let coordinator = Guarded<pid_t?>(nil)

    /// Whether the process that started this worker still runs (nil outside a worker).
    public static var coordinatorAlive: (@Sendable () -> Bool)? {
        guard let pid = coordinator.withLock({ $0 }) else { return nil }
        return { getppid() == pid }
    }

    /// A worker ends when its coordinator does: a coordinator killed with SIGKILL closes no
    /// pipe it could wait on in the middle of a task, so a thread watches for the worker being
    /// handed to another parent and ends the process at once (a store transaction under way is
    /// rolled back, as after any kill). Otherwise the next run would find the killed run's
    /// workers still scanning its repositories.
    public static func endWithCoordinator() {
        let coordinator = getppid()
        // Checked again right before every commit: the watch below takes up to 100 ms to notice,
        // in which a worker could store many commits after its coordinator was killed.
        Self.coordinator.withLock { $0 = coordinator }
        CommitGate.install(coordinatorAlive)
        Thread.detachNewThread {
            while getppid() == coordinator { usleep(100_000) }
            _exit(1)
        }
    }

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
        // Exit 2 is an error the worker reported: its words are the reason, as in-process runs give it.
        case .exited(2) where said != nil: return said
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

/// One worker process serving one thread's tasks in turn (`fleetscan fleet worker serve`: a
/// `WorkerTask` line on its standard input; it answers with `WorkerMessage` lines, the last
/// `done`). Started on first use and again after a worker dies, is
/// killed or grows past half its memory budget, so a night costs a few process starts, not two
/// per repository. Used by one thread only.
final class WorkerSession {
    let limits: WorkerLimits
    private var pid: pid_t = 0
    private var input: Int32 = -1, output: Int32 = -1, errors: Int32 = -1
    private var pending: [UInt8] = []

    init(limits: WorkerLimits) { self.limits = limits }

    deinit { stop(kill: false) }

    /// Workers are started one at a time: between `pipe` and marking its ends close-on-exec, no
    /// other thread may start a worker, which would inherit them and hold this worker's pipes
    /// open past its death. (dup2 onto 0, 1 and 2 clears the flag for the worker's own copies.)
    private static let starting = NSLock()

    private func start() throws {
        Self.starting.lock()
        defer { Self.starting.unlock() }
        var toChild: [Int32] = [-1, -1], out: [Int32] = [-1, -1], err: [Int32] = [-1, -1]
        guard pipe(&toChild) == 0, pipe(&out) == 0, pipe(&err) == 0 else {
            throw ScanError("cannot make a pipe for a worker: \(String(cString: strerror(errno)))")
        }
        for fd in toChild + out + err { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
        posix_spawn_file_actions_adddup2(&actions, out[1], 1)
        posix_spawn_file_actions_adddup2(&actions, err[1], 2)
        var env = ProcessInfo.processInfo.environment
        env["FLEETSCAN_WORKER_DB"] = limits.store
        let words: [String] = [limits.executable, "fleet", "worker", "serve", "--memory", String(limits.memory)]
        let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        let code = posix_spawn(&pid, limits.executable, &actions, nil, argv, envp)
        close(toChild[0])
        close(out[1])
        close(err[1])
        guard code == 0 else {
            [toChild[1], out[0], err[0]].forEach { close($0) }
            pid = 0
            throw ScanError("cannot start a worker (\(limits.executable)): \(String(cString: strerror(code)))")
        }
        input = toChild[1]
        output = out[0]
        errors = err[0]
        pending = []
    }

    /// Ends the worker: at once (`kill`), or by closing its input so it finishes and exits.
    /// Returns its wait status.
    @discardableResult
    private func stop(kill now: Bool) -> Int32 {
        guard pid != 0 else { return 0 }
        if now { kill(pid, SIGKILL) }
        if input >= 0 { close(input) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        if output >= 0 { close(output) }
        pid = 0
        input = -1
        output = -1
        return status
    }

    /// Runs one task, calling `message` with each progress and result message, until the
    /// worker says it is done, dies, runs out of time or passes its memory budget. Returns how
    /// the task ended and what the worker wrote to standard error meanwhile.
    func perform(_ task: WorkerTask, message: (WorkerMessage) -> Void) throws -> (WorkerEnd, String) {
        if pid == 0 { try start() }
        let line = Array(task.line.utf8) + [10]
        var sent = 0
        while sent < line.count {
            let n = line[sent...].withUnsafeBytes { write(input, $0.baseAddress!, $0.count) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { break }  // a dead worker shows below, as the end of its output
            sent += n
        }
        let deadline = Date().addingTimeInterval(limits.seconds)
        var errTail: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        /// What is waiting on standard error; after the worker's end, until end of file (at most a second).
        func drainErrors(blocking: Bool) {
            while true {
                var fd = pollfd(fd: errors, events: Int16(POLLIN), revents: 0)
                if poll(&fd, 1, blocking ? 1000 : 0) <= 0 { return }
                let n = buffer.withUnsafeMutableBytes { read(errors, $0.baseAddress!, $0.count) }
                if n <= 0 { return }
                errTail += buffer[..<n]
                if errTail.count > 8192 { errTail.removeFirst(errTail.count - 8192) }
            }
        }
        var killed: WorkerEnd?
        while true {
            var fds = [pollfd(fd: output, events: Int16(POLLIN), revents: 0), pollfd(fd: errors, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&fds, 2, 200)
            if ready < 0, errno != EINTR { break }
            if fds[1].revents & Int16(POLLIN) != 0 { drainErrors(blocking: false) }
            if fds[0].revents != 0 {
                let n = buffer.withUnsafeMutableBytes { read(output, $0.baseAddress!, $0.count) }
                if n <= 0 { break }  // the worker is gone
                pending += buffer[..<n]
                while let nl = pending.firstIndex(of: 10) {
                    let text = String(decoding: pending[..<nl], as: UTF8.self)
                    pending.removeSubrange(...nl)
                    guard let said = WorkerMessage(line: text) else { continue }
                    if case .done(let status) = said {
                        drainErrors(blocking: false)
                        // Done; a worker grown past half its budget is replaced before the next task.
                        if Worker.residentBytes(pid) > limits.memory / 2 { stop(kill: false); close(errors); errors = -1 }
                        return (.exited(status.rawValue), String(decoding: errTail, as: UTF8.self))
                    }
                    message(said)
                }
            }
            if Date() > deadline { killed = .timedOut } else if Worker.residentBytes(pid) > limits.memory { killed = .overMemory }
            if killed != nil { break }
        }
        // The worker died, or is killed now: how it ended is the task's end.
        let status = stop(kill: killed != nil)
        drainErrors(blocking: true)
        close(errors)
        errors = -1
        let said = String(decoding: errTail, as: UTF8.self)
        if let killed { return (killed, said) }
        let signal = status & 0x7f
        return (signal != 0 ? .signalled(signal) : .exited(status == 0 ? 1 : (status >> 8) & 0xff), said)
    }
}

/// Watching workers.
enum Worker {
    /// A process's resident memory, from /proc (0 when it cannot be read).
    static func residentBytes(_ pid: pid_t) -> Int {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// In the worker: the address space is capped at twice the memory budget, and libgit2 maps
    /// at most a quarter of it for packs.
    static func limitSelf(memory: Int) throws {
        // A sanitizer build (the CI's ThreadSanitizer run) reserves terabytes of address space
        // for its shadow memory at start, so a cap on it fails every mmap; such a worker keeps
        // the resident-memory budget the coordinator polls.
        if !underSanitizer {
            var limit = rlimit(rlim_cur: rlim_t(memory) * 2, rlim_max: rlim_t(memory) * 2)
            _ = setrlimit(Int32(RLIMIT_AS.rawValue), &limit)
        }
        try Git.limitMappedPacks(to: memory / 2)
    }

    /// Whether this process runs under ThreadSanitizer or AddressSanitizer (their runtimes'
    /// entry points are linked in).
    static let underSanitizer = dlsym(nil, "__tsan_init") != nil || dlsym(nil, "__asan_init") != nil
}

// MARK: The two kinds of work

extension Worker {
    /// The coordinator's side of a fetch: the worker brings the mirror up to date.
    static func fetch(_ entry: FleetManifest.Entry, folder: String, credential: GitCredential?, session: WorkerSession) -> String? {
        // The token goes down the pipe, never on a command line, with the one server it is for.
        let task = WorkerTask.fetch(.init(source: entry.source, folder: folder, branch: entry.branch,
                                          token: credential.map { .init(value: $0.token, host: $0.server.host, port: $0.server.port) }))
        do {
            let (end, stderr) = try session.perform(task) { _ in }
            return end.reason(session.limits, stderr: stderr).map { "cannot fetch \(entry.displayURL): " + Mirror.redact($0) }
        } catch {
            return "cannot fetch \(entry.displayURL): \(error)"
        }
    }

    /// The coordinator's side of a scan: the worker walks the history into the store (its own
    /// connection, `FLEETSCAN_WORKER_DB`) and writes its progress and its result as lines.
    static func scan(_ entry: FleetManifest.Entry, folder: String, repository: Int64, options: FleetOptions,
                     session: WorkerSession, progress: (HistoryProgress) -> Void) throws -> FleetRepositoryResult {
        let limits = session.limits
        let task = WorkerTask.scan(.init(name: entry.name, displayURL: entry.displayURL, folder: folder, branch: entry.branch,
                                         repository: repository, jobs: options.jobs, since: options.since, maxCommits: options.maxCommits))
        var result: FleetRepositoryResult?
        let (end, stderr) = try session.perform(task) { message in
            switch message {
            case let .progress(done, total, blobs):
                progress(HistoryProgress(done: done, total: total, commit: "", subject: "", blobsScanned: blobs))
            case .result(let r): result = r
            case .done: break
            }
        }
        if end == .exited(WorkerStatus.storeFailed.rawValue) {
            // The worker's own line, without its "fleetscan: error: the store failed: " (the
            // coordinator says it once).
            let line = stderr.split(separator: "\n").last.map(String.init) ?? "the store failed"
            let prefix = "fleetscan: error: the store failed: "
            throw StoreError(function: "fleet worker", source: .store, message: line.hasPrefix(prefix) ? String(line.dropFirst(prefix.count)) : line,
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

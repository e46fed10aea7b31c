import Foundation

/// Runs a command as a child process with a deadline, and reports how it ended: a crash or a
/// hang of fleetscan on hostile input is then a failed expectation, not a dead test process.
public struct BoundedRun: Sendable {
    /// The exit status, or nil when a signal ended it.
    public var status: Int32?
    /// The signal that ended it (SIGKILL after the deadline).
    public var signal: Int32?
    public var timedOut: Bool
    public var stdout: String
    public var stderr: String
    /// Peak resident memory of this child alone, in KiB: its `VmHWM`, read while it runs (the
    /// rusage of a child started with vfork counts the parent's memory too).
    public var maxRSSKiB: Int

    /// Ended by itself with status 0.
    public var succeeded: Bool { status == 0 && !timedOut }

    /// How it ended, for expectation messages.
    public var summary: String {
        let how = timedOut ? "timed out" : signal.map { "signal \($0)" } ?? "exit \(status ?? -1)"
        return "\(how); stderr: \(stderr.prefix(2000))"
    }

    /// Runs `arguments[0]` (a path, or a name found on PATH) with the rest.
    public static func run(_ arguments: [String], seconds: Double = 120,
                           environment: [String: String] = [:]) throws -> BoundedRun {
        let folder = TempDirectory()
        let outPath = folder.path + "/out", errPath = folder.path + "/err"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        var env = ProcessInfo.processInfo.environment
        env["GIT_CONFIG_NOSYSTEM"] = "1"
        env["GIT_CONFIG_GLOBAL"] = "/dev/null"
        for (k, v) in environment { env[k] = v }
        let executable = arguments[0].contains("/") ? arguments[0] : "/usr/bin/env"
        let argv = (arguments[0].contains("/") ? arguments : ["/usr/bin/env"] + arguments).map { strdup($0) } + [nil]
        let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let code = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        guard code == 0 else { throw FixtureRepositories.SetUpError(message: "posix_spawn \(executable): \(String(cString: strerror(code)))") }
        let deadline = Date().addingTimeInterval(seconds)
        var waitStatus: Int32 = 0
        var usage = rusage()
        var timedOut = false
        var peak = 0
        while true {
            if let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
               let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
               let kib = Int(line.split(separator: " ").dropFirst().first ?? "") {
                peak = max(peak, kib)
            }
            let done = wait4(pid, &waitStatus, WNOHANG, &usage)
            if done == pid { break }
            if done < 0, errno != EINTR { break }
            if !timedOut, Date() > deadline {
                timedOut = true
                kill(pid, SIGKILL)
            }
            usleep(5_000)
        }
        let signalled = (waitStatus & 0x7f) != 0
        let out = (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? String(decoding: (FileManager.default.contents(atPath: outPath) ?? Data()), as: UTF8.self)
        let err = String(decoding: (FileManager.default.contents(atPath: errPath) ?? Data()), as: UTF8.self)
        return BoundedRun(status: signalled ? nil : (waitStatus >> 8) & 0xff, signal: signalled ? waitStatus & 0x7f : nil,
                          timedOut: timedOut, stdout: out, stderr: err, maxRSSKiB: peak)
    }
}

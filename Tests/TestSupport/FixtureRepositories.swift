import Foundation

/// Git repositories built by `scripts/make-history-repo.py` (with `git fast-import`, in test
/// set-up only), once per process and shared by the tests that read them.
public enum FixtureRepositories {
    nonisolated(unsafe) private static var built: [String: String] = [:]
    private static let lock = NSLock()
    private static let folder = TempDirectory()

    /// The path of a bare repository made with these script arguments.
    public static func history(_ arguments: [String]) throws -> String {
        lock.lock()
        defer { lock.unlock() }
        let key = arguments.joined(separator: " ")
        if let path = built[key] { return path }
        let path = folder.path + "/repo-\(built.count).git"
        try run(["python3", repositoryRoot + "/scripts/make-history-repo.py", path] + arguments)
        built[key] = path
        return path
    }

    /// A hostile repository of `kind` (scripts/make-hostile-repo.py) at `path`; returns `path`.
    @discardableResult
    public static func hostile(_ kind: String, at path: String, size: Int? = nil) throws -> String {
        try run(["python3", repositoryRoot + "/scripts/make-hostile-repo.py", kind, path] + (size.map { ["--size", String($0)] } ?? []))
        return path
    }

    /// Builds a demo organisation (scripts/make-demo-org.py) into `folder`; returns the
    /// path of its fleet.json. Each call builds afresh: tests move its branches.
    @discardableResult
    public static func demoOrg(_ arguments: [String], into folder: String) throws -> String {
        try run(["python3", repositoryRoot + "/scripts/make-demo-org.py", folder] + arguments)
    }

    /// Moves the held-back branches of a demo organisation forward; returns the names moved.
    public static func advanceDemoOrg(_ folder: String) throws -> [String] {
        try run(["python3", repositoryRoot + "/scripts/make-demo-org.py", folder, "--advance"])
            .split(separator: " ").map(String.init)
    }

    /// The fleetscan executable built next to the test bundle (`FLEETSCAN_EXECUTABLE` names
    /// another: an older build, to see a regression test fail before its fix).
    public static var executable: String {
        if let other = ProcessInfo.processInfo.environment["FLEETSCAN_EXECUTABLE"] { return other }
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().path + "/fleetscan"
        if FileManager.default.isExecutableFile(atPath: beside) { return beside }
        return repositoryRoot + "/.build/debug/fleetscan"
    }

    /// Runs a command (git, python3) for set-up; throws with its output when it fails.
    @discardableResult
    public static func run(_ command: [String], in directory: String? = nil) throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = command
        if let directory { p.currentDirectoryURL = URL(fileURLWithPath: directory) }
        var env = ProcessInfo.processInfo.environment
        env["GIT_CONFIG_NOSYSTEM"] = "1"
        env["GIT_CONFIG_GLOBAL"] = "/dev/null"
        p.environment = env
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let output = out.fileHandleForReading.readDataToEndOfFile()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else {
            throw SetUpError(message: "\(command.joined(separator: " ")) failed: \(String(decoding: errors, as: UTF8.self))")
        }
        return String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    public struct SetUpError: Error, CustomStringConvertible {
        public var message: String
        public var description: String { message }
        public init(message: String) { self.message = message }
    }
}

/// Writes `text` to a temporary file and runs scripts/validate-report.py on it: "ok", or the problems.
public func validate(_ kind: String, _ text: String) throws -> String {
    let dir = TempDirectory()
    dir.write("report.json", text)
    do {
        return try FixtureRepositories.run(["python3", repositoryRoot + "/scripts/validate-report.py", kind, dir.path + "/report.json"])
    } catch let e as FixtureRepositories.SetUpError {
        return e.message
    }
}

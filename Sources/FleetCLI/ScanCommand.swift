import Foundation
import Reports
import RuleKit
import ScanEngine

/// `fleetscan scan [PATH…]`
enum ScanCommand {
    static let format = Flag(name: "--format", value: "FORMAT", help: "xcode (default: path:line:col: warning: message [rule]) or json (the version-1 contract)")
    static let failOn = Flag(name: "--fail-on", value: "LEVEL", help: "exit 1 when a finding is at least this severe: error (default), warning or note")
    static let jobs = Flag(name: "--jobs", value: "N", help: "worker threads (default: one per core)")
    static let output = Flag(name: "--output", value: "FILE", help: "write the report to FILE instead of standard output")
    static let quiet = Flag(name: "--quiet", value: nil, help: "print no summary or diagnostics on standard error")
    static let repo = Flag(name: "--repo", value: "PATH_OR_URL", help: "scan a git revision instead of folders: a local repository, or a URL mirrored into the cache")
    static let rev = Flag(name: "--rev", value: "REV", help: "the revision to scan with --repo (default: HEAD)")
    static let cache = Flag(name: "--cache", value: "DIR", help: "where mirrors of remote repositories are kept (default: $FLEETSCAN_CACHE, else ~/.cache/fleetscan)")
    static let flags = [format, failOn, jobs, output, quiet, repo, rev, cache]

    /// The environment variable an https access token is read from (never from the command line).
    static let tokenVariable = "FLEETSCAN_GIT_TOKEN"

    static let usage = """
        usage: fleetscan scan [PATH…] [options]

        Scans Swift and Objective-C sources under each PATH (default: the current folder) and
        reports what stands between them and resizable windows and multiple scenes. The first
        folder's .fleetscan.json applies; Pods, Carthage and other vendored folders are skipped.
        With --repo, scans a revision straight from git (no checkout); an https token is read
        from $FLEETSCAN_GIT_TOKEN.

        """

    /// The frozen options of one scan.
    struct Options {
        var paths: [String]
        var format: String
        var failOn: Severity
        var jobs: Int
        var output: String?
        var quiet: Bool
        var repo: String?
        var rev: String
        var cache: String
    }

    /// The cache folder: the flag, else $FLEETSCAN_CACHE, else ~/.cache/fleetscan.
    static func cacheFolder(_ flag: String?) -> String {
        let env = ProcessInfo.processInfo.environment
        if let flag { return flag }
        if let c = env["FLEETSCAN_CACHE"], !c.isEmpty { return c }
        if let x = env["XDG_CACHE_HOME"], !x.isEmpty { return x + "/fleetscan" }
        return (env["HOME"] ?? ".") + "/.cache/fleetscan"
    }

    static func options(_ words: [String]) throws -> Options {
        let p = try ParsedArguments.parse(words, flags: flags)
        return Options(paths: p.positionals,
                       format: try p.choice(format, ["xcode", "json"]) ?? "xcode",
                       failOn: Severity(rawValue: try p.choice(failOn, ["error", "warning", "note"]) ?? "error")!,
                       jobs: try p.positiveInt(jobs) ?? Parallel.cores,
                       output: p.values[output.name],
                       quiet: p.switches.contains(quiet.name),
                       repo: p.values[repo.name],
                       rev: p.values[rev.name] ?? "HEAD",
                       cache: cacheFolder(p.values[cache.name]))
    }

    static func run(_ words: [String], _ io: IO) throws -> Int32 {
        let o = try options(words)
        if o.repo == nil, words.contains(rev.name) || words.contains(where: { $0.hasPrefix(rev.name + "=") }) {
            throw CLIError.usage("option '--rev' needs --repo")
        }
        Timing.mark("start")
        let result: ScanResult
        let target: ScanTarget
        let display: (String) -> String
        if let repository = o.repo {
            guard o.paths.isEmpty else { throw CLIError.usage("give either --repo or paths, not both") }
            let token = ProcessInfo.processInfo.environment[tokenVariable]
            let pool = try GitScan.openRepository(repository, cache: o.cache, token: token, progress: fetchProgress(io, quiet: o.quiet))
            let scan = try GitScan.prepare(pool: pool, repository: repository, revision: o.rev)
            Timing.mark("listing (\(scan.input.files.count) files)")
            result = scan.run(jobs: o.jobs)
            target = ScanTarget(path: ".", repo: scan.repository, rev: o.rev, commit: scan.commit.hex)
            display = { $0 }
        } else {
            let scan = try PathScan.prepare(o.paths)
            Timing.mark("listing (\(scan.files.count) files)")
            result = scan.run(jobs: o.jobs)
            target = ScanTarget(path: scan.root)
            display = scan.display
        }
        let report: String
        switch o.format {
        case "json": report = JSONReport.render(result, target: target)
        default: report = XcodeReport.render(result, display: display)
        }
        Timing.mark("report")
        try deliver(report, to: o.output, io)
        if !o.quiet {
            for d in result.diagnostics { io.err("fleetscan: \(display(d.path)): \(d.message)\n") }
            io.err(ScanSummary.line(result) + "\n")
        }
        return result.findings.contains { $0.severity >= o.failOn } ? 1 : 0
    }
}

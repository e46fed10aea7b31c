import Foundation
import GitAccess
import Reports
import RuleKit
import ScanEngine

/// `fleetscan scan [PATH…]`
enum ScanCommand {
    static let format = Flag(name: "--format", value: "FORMAT",
                             help: "xcode (default: path:line:col: warning: message [rule]), json (the version-1 contract), sarif (SARIF 2.1.0), markdown (a pull-request comment), github (GitHub Actions annotations), checkstyle, junit or codeclimate (GitLab code quality)")
    static let failOn = Flag(name: "--fail-on", value: "LEVEL", help: "exit 1 when a finding (a new one, with --baseline or --diff-base) is at least this severe: error (default), warning or note")
    static let jobs = Flag(name: "--jobs", value: "N", help: "worker threads (default: one per core)")
    static let output = Flag(name: "--output", value: "FILE", help: "write the report to FILE instead of standard output")
    static let quiet = Flag(name: "--quiet", value: nil, help: "print no summary or diagnostics on standard error")
    static let repo = Flag(name: "--repo", value: "PATH_OR_URL", help: "scan a git revision instead of folders: a local repository, or a URL mirrored into the cache")
    static let rev = Flag(name: "--rev", value: "REV", help: "the revision to scan with --repo (default: HEAD)")
    static let cache = Flag(name: "--cache", value: "DIR", help: "where mirrors of remote repositories are kept (default: $FLEETSCAN_CACHE, else ~/.cache/fleetscan)")
    static let baseline = Flag(name: "--baseline", value: "FILE", help: "an earlier `--format json` report: mark and count new findings; --fail-on looks at new ones only")
    static let diffBase = Flag(name: "--diff-base", value: "REV", help: "with --repo: report only findings introduced since REV (the pull-request gate)")
    static let flags = [format, failOn, jobs, output, quiet, repo, rev, cache, baseline, diffBase]
    static let formats = ["xcode", "json", "sarif", "markdown", "github", "checkstyle", "junit", "codeclimate"]

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
        var baseline: String?
        var diffBase: String?
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
        let o = Options(paths: p.positionals,
                        format: try p.choice(format, formats) ?? "xcode",
                        failOn: Severity(rawValue: try p.choice(failOn, ["error", "warning", "note"]) ?? "error")!,
                        jobs: try p.positiveInt(jobs) ?? Parallel.cores,
                        output: p.values[output.name],
                        quiet: p.switches.contains(quiet.name),
                        repo: p.values[repo.name],
                        rev: p.values[rev.name] ?? "HEAD",
                        cache: cacheFolder(p.values[cache.name]),
                        baseline: p.values[baseline.name],
                        diffBase: p.values[diffBase.name])
        if o.repo == nil, p.values[rev.name] != nil { throw CLIError.usage("option '--rev' needs --repo") }
        if o.repo == nil, o.diffBase != nil { throw CLIError.usage("option '--diff-base' needs --repo") }
        if o.repo != nil, !o.paths.isEmpty { throw CLIError.usage("give either --repo or paths, not both") }
        if o.baseline != nil, o.diffBase != nil { throw CLIError.usage("give either --baseline or --diff-base, not both") }
        return o
    }

    static func run(_ words: [String], _ io: IO) throws -> Int32 {
        let o = try options(words)
        Timing.mark("start")
        // A bad baseline is reported before any scanning.
        let baseline = try o.baseline.map(Baseline.load)
        var report: ScanReport
        let display: (String) -> String
        if let repository = o.repo {
            let token = ProcessInfo.processInfo.environment[tokenVariable]
            let pool = try GitScan.openRepository(repository, cache: o.cache, token: token, progress: fetchProgress(io, quiet: o.quiet))
            let scan = try GitScan.prepare(pool: pool, repository: repository, revision: o.rev)
            Timing.mark("listing (\(scan.input.files.count) files)")
            report = ScanReport(result: scan.run(jobs: o.jobs),
                                target: ScanTarget(path: ".", repo: scan.repository, rev: o.rev, commit: scan.commit.hex))
            if let base = o.diffBase {
                report = try introduced(since: base, in: report, scan: scan, pool: pool, jobs: o.jobs)
            } else if let baseline {
                let renames = baseline.commit.flatMap { try? self.renames(pool, from: $0, to: scan.commit) } ?? [:]
                report.comparison = baseline.compare(report.result.findings, renames: renames)
            }
            display = { $0 }
        } else {
            let scan = try PathScan.prepare(o.paths)
            Timing.mark("listing (\(scan.files.count) files)")
            report = ScanReport(result: scan.run(jobs: o.jobs), target: ScanTarget(path: scan.root))
            if let baseline { report.comparison = baseline.compare(report.result.findings) }
            display = scan.display
        }
        let text: String
        switch o.format {
        case "json": text = JSONReport.render(report)
        case "sarif": text = SARIFReport.render(report)
        case "markdown": text = MarkdownReport.render(report)
        case "github": text = GitHubReport.render(report)
        case "checkstyle": text = CheckstyleReport.render(report)
        case "junit": text = JUnitReport.render(report)
        case "codeclimate": text = CodeClimateReport.render(report)
        default: text = XcodeReport.render(report, display: display)
        }
        Timing.mark("report")
        try deliver(text, to: o.output, io)
        if !o.quiet {
            for d in report.result.diagnostics { io.err("fleetscan: \(Escape.line(display(d.path))): \(Escape.line(d.message))\n") }
            io.err(ScanSummary.line(report) + "\n")
        }
        return report.newFindings.contains { $0.severity >= o.failOn } ? 1 : 0
    }

    /// Keeps the findings introduced since revision `base`: `base` is scanned too, and findings
    /// are matched by fingerprint, following the files git sees renamed.
    static func introduced(since base: String, in report: ScanReport, scan: GitScan, pool: RepositoryPool, jobs: Int) throws -> ScanReport {
        let before = try GitScan.prepare(pool: pool, repository: scan.repository, revision: base)
        let baseline = Baseline(findings: before.run(jobs: jobs).findings, commit: before.commit.hex)
        let comparison = baseline.compare(report.result.findings, renames: try renames(pool, from: before.commit.hex, to: scan.commit))
        var narrowed = report
        narrowed.result.findings = zip(report.result.findings, comparison.isNew).filter(\.1).map(\.0)
        narrowed.comparison = Baseline.Comparison(isNew: narrowed.result.findings.map { _ in true }, known: comparison.known,
                                                  fixed: comparison.fixed)
        return narrowed
    }

    /// Files renamed between a commit (40 hex) and `to`.
    static func renames(_ pool: RepositoryPool, from commit: String, to: ObjectID) throws -> [String: String] {
        guard let id = ObjectID(hex: commit) else { return [:] }
        do {
            return try pool.with { repo in try repo.renames(from: repo.commit(id).tree, to: repo.commit(to).tree) }
        } catch let e as GitError {
            throw ScanError(Mirror.redact(e.description))
        }
    }
}

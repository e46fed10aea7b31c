import Foundation
import GitAccess
import Reports
import RuleKit
import ScanEngine

/// `fleetscan scan [PATH…]`
enum ScanCommand {
    /// The environment variable an https access token is read from (never from the command line).
    static let tokenVariable = "FLEETSCAN_GIT_TOKEN"

    /// The frozen options of one scan.
    struct Options {
        var paths: [String]
        var format: ScanFormat
        var failOn: Severity
        var jobs: Int
        var output: String?
        var quiet: Bool
        var repo: String?
        var rev: String
        var cache: String
        var baseline: String?
        var diffBase: String?
        var config: String?
        var colors: (out: Colors, err: Colors)
    }

    /// The cache folder: the flag, else `Flags.cacheFallbacks`.
    static func cacheFolder(_ flag: String?, environment env: [String: String]) -> String {
        if let flag { return flag }
        if let c = env["FLEETSCAN_CACHE"], !c.isEmpty { return c }
        if let x = env["XDG_CACHE_HOME"], !x.isEmpty { return x + "/fleetscan" }
        return (env["HOME"] ?? ".") + "/.cache/fleetscan"
    }

    static func options(_ p: ParsedArguments, _ io: IO, environment: [String: String]) throws -> Options {
        if p.has(Flags.strict), let level = p.value(Flags.failOn), level != "warning" {
            throw CLIError.usage("--strict is --fail-on warning; give one or the other (got --fail-on \(level))")
        }
        let o = Options(paths: p.positionals,
                        format: p.format(Flags.scanFormat, default: ScanFormat.xcode),
                        failOn: Severity(rawValue: p.has(Flags.strict) ? "warning" : p.value(Flags.failOn) ?? "error")!,
                        jobs: try p.positiveInt(Flags.jobs) ?? Parallel.cores,
                        output: p.value(Flags.output),
                        quiet: p.has(Flags.quiet),
                        repo: p.value(Flags.repo),
                        rev: p.value(Flags.rev) ?? "HEAD",
                        cache: cacheFolder(p.value(Flags.cache), environment: environment),
                        baseline: p.value(Flags.baseline),
                        diffBase: p.value(Flags.diffBase),
                        config: p.value(Flags.config),
                        colors: p.colors(io, environment))
        if o.repo == nil, p.value(Flags.rev) != nil { throw CLIError.usage("option '--rev' needs --repo") }
        if o.repo == nil, o.diffBase != nil { throw CLIError.usage("option '--diff-base' needs --repo") }
        if o.repo != nil, !o.paths.isEmpty { throw CLIError.usage("give either --repo or paths, not both") }
        if o.baseline != nil, o.diffBase != nil { throw CLIError.usage("give either --baseline or --diff-base, not both") }
        return o
    }

    static func run(_ p: ParsedArguments, _ io: IO, environment: [String: String]) throws -> Int32 {
        let o = try options(p, io, environment: environment)
        Timing.mark("start")
        // A bad baseline is reported before any scanning.
        let baseline = try o.baseline.map(Baseline.load)
        var report: ScanReport
        let display: (String) -> String
        if let repository = o.repo {
            let token = environment[tokenVariable]
            let pool = try GitScan.openRepository(repository, cache: o.cache, token: token, progress: fetchProgress(io, quiet: o.quiet))
            let scan = try GitScan.prepare(pool: pool, repository: repository, revision: o.rev, configuration: o.config)
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
            let scan = try PathScan.prepare(o.paths, configuration: o.config)
            Timing.mark("listing (\(scan.files.count) files)")
            report = ScanReport(result: scan.run(jobs: o.jobs), target: ScanTarget(path: scan.root, repositoryPrefix: scan.repositoryPrefix()))
            if let baseline { report.comparison = baseline.compare(report.result.findings) }
            display = scan.display
        }
        let text: String
        switch o.format {
        case .json: text = ""  // streamed below
        case .sarif: text = SARIFReport.render(report)
        case .markdown: text = MarkdownReport.render(report)
        case .github: text = GitHubReport.render(report)
        case .checkstyle: text = CheckstyleReport.render(report)
        case .junit: text = JUnitReport.render(report)
        case .codeclimate: text = CodeClimateReport.render(report)
        case .xcode: text = XcodeReport.render(report, display: display, colors: o.colors.out)
        }
        if o.format == .json {
            try deliver(to: o.output, io) { emit in try JSONReport.write(report, emit) }
        } else {
            try deliver(text, to: o.output, io)
        }
        Timing.mark("report")
        if !o.quiet {
            for d in report.result.diagnostics { io.err("fleetscan: \(Escape.line(display(d.path))): \(Escape.line(d.message))\n") }
            io.err(ScanSummary.line(report, colors: o.colors.err) + "\n")
        }
        // Examples, tests and unbuilt files are reported but never fail the scan, as they never
        // lower the stage: a library's CI is not held by its demo app.
        return report.newFindings.contains { $0.severity >= o.failOn && $0.scope.counts } ? 1 : 0
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

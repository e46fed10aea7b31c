import Fleet
import Foundation
import GitAccess
import Reports
import ResultStore
import ScanEngine

/// `fleetscan fleet run|check --manifest fleet.json`
enum FleetCommand {
    static let manifest = Flag(name: "--manifest", value: "FILE", help: "the fleet manifest (fleet.json)")
    static let transfers = Flag(name: "--transfers", value: "N", help: "fetches at once (default 4)")
    static let since = Flag(name: "--since", value: "DATE", help: "a repository's first run walks back to DATE (default: the manifest's \"since\", else one year)")
    static let shard = Flag(name: "--shard", value: "I/N", help: "take shard I (from 0) of N; default $JOB_COMPLETION_INDEX of $FLEETSCAN_SHARDS, else the whole fleet")
    static let lanes = Flag(name: "--lanes", value: "N", help: "repositories scanned at once (default 2); their files share one pool of --jobs workers")
    static let report = Flag(name: "--report", value: "DIR", help: "write the HTML report of the store to DIR after the run")
    static let cache = Flag(name: "--cache", value: "DIR", help: "where mirrors are kept (default: the manifest's \"cache\", else $FLEETSCAN_CACHE, else ~/.cache/fleetscan)")
    static let workerTimeout = Flag(name: "--worker-timeout", value: "SECONDS",
                                    help: "wall-clock budget of one repository's fetch, and of its scan, in its worker process (default 3600)")
    static let workerMemory = Flag(name: "--worker-memory", value: "SIZE",
                                   help: "resident memory a worker may reach, like 4G or 512M (default 4G; its address space is limited to twice that)")
    static let inProcess = Flag(name: "--in-process", value: nil,
                                help: "fetch and scan in this process, without worker processes (no isolation: for debugging)")
    static let runFlags = [manifest, HistoryCommand.db, ScanCommand.jobs, lanes, transfers, since, HistoryCommand.maxCommits, cache, shard, report,
                           workerTimeout, workerMemory, inProcess, ScanCommand.quiet]
    static let checkFlags = [manifest]

    static let usage = """
        usage: fleetscan fleet run --manifest fleet.json [options]
               fleetscan fleet check --manifest fleet.json

        run: clones (first run) or fetches every repository of the manifest into bare mirrors in the
        cache, scans the commits not stored yet (a first run walks back to --since) and stores
        everything. Each repository is fetched and scanned in a worker process with a time and a
        memory budget: a repository that fails, crashes its worker or exceeds a budget is recorded
        with its reason; the others go on. A run that is killed can be run again: it finishes the
        work, and nothing is stored twice. Exit status 75: another run holds the cache (try later).
        check: validates the manifest and lists its problems (exit 2 if any).

        """

    static func run(_ words: [String], _ io: IO, environment: [String: String]) throws -> Int32 {
        guard let sub = words.first else { throw CLIError.usage("fleet needs a subcommand: run or check") }
        let rest = Array(words.dropFirst())
        switch sub {
        case "run": return try runFleet(rest, io, environment: environment)
        case "check": return try check(rest, io, environment: environment)
        case "worker": return try FleetWorkerCommand.run(rest, io, environment: environment)
        default: throw CLIError.usage("unknown fleet subcommand '\(sub)' (run or check)")
        }
    }

    /// The manifest, its warnings printed (they do not stop the run).
    static func loadManifest(_ p: ParsedArguments, _ io: IO, environment: [String: String]) throws -> FleetManifest {
        guard p.positionals.isEmpty else { throw CLIError.usage("fleet takes no paths (give the manifest with --manifest)") }
        guard let path = p.values[manifest.name] else { throw CLIError.usage("fleet needs --manifest FILE") }
        let m = try FleetManifest.load(path, environment: environment)
        for w in m.warnings { io.err("fleetscan: warning: \(Escape.line(w))\n") }
        return m
    }

    static func check(_ words: [String], _ io: IO, environment: [String: String]) throws -> Int32 {
        let m = try loadManifest(try ParsedArguments.parse(words, flags: checkFlags), io, environment: environment)
        let problems = m.repositories.compactMap(\.problem)
        for p in problems { io.err("fleetscan: \(m.path): \(Escape.line(p))\n") }
        io.out("\(m.path): \(m.repositories.count) repositories, \(problems.count) with problems\n")
        return problems.isEmpty ? 0 : 2
    }

    /// A size like `4G`, `512M`, `65536K` or a number of bytes.
    static func size(_ p: ParsedArguments, _ flag: Flag) throws -> Int? {
        guard let v = p.values[flag.name] else { return nil }
        let units: [Character: Int] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30]
        var digits = Substring(v), unit = 1
        if let last = v.last?.uppercased().first, let u = units[last] { digits = v.dropLast(); unit = u }
        guard let n = Int(digits), n > 0, n <= Int.max / unit, n * unit >= 64 << 20 else {
            throw CLIError.usage("option '\(flag.name)' must be a size of at least 64M, like 4G or 512M (got '\(v)')")
        }
        return n * unit
    }

    static func shardOption(_ p: ParsedArguments, environment: [String: String]) throws -> Shard {
        if let text = p.values[shard.name] {
            guard let s = Shard(text) else { throw CLIError.usage("option '--shard' must be I/N with 0 ≤ I < N (got '\(text)')") }
            return s
        }
        if let index = environment["JOB_COMPLETION_INDEX"], let count = environment["FLEETSCAN_SHARDS"] {
            guard let s = Shard("\(index)/\(count)") else {
                throw CLIError.usage("$JOB_COMPLETION_INDEX (\(index)) and $FLEETSCAN_SHARDS (\(count)) do not make a shard I/N")
            }
            return s
        }
        return .whole
    }

    static func runFleet(_ words: [String], _ io: IO, environment: [String: String]) throws -> Int32 {
        let p = try ParsedArguments.parse(words, flags: runFlags)
        let shard = try shardOption(p, environment: environment)
        let m = try loadManifest(p, io, environment: environment)
        let now = Int64(Date().timeIntervalSince1970)
        var sinceTime: Int64 = m.since ?? now - 365 * 86_400
        if let text = p.values[since.name] {
            guard let t = ISODate.parse(text) else {
                throw CLIError.usage("option '--since' must be a date like 2026-01-31 (got '\(text)')")
            }
            sinceTime = t
        }
        let cacheFolder = p.values[cache.name].map { ScanCommand.cacheFolder($0) } ?? m.cache ?? ScanCommand.cacheFolder(nil)
        var options = FleetOptions(cache: cacheFolder, jobs: try p.positiveInt(ScanCommand.jobs) ?? Parallel.cores,
                                   transfers: try p.positiveInt(transfers) ?? 4, since: sinceTime,
                                   maxCommits: try p.positiveInt(HistoryCommand.maxCommits),
                                   shard: shard, now: now, lanes: try p.positiveInt(lanes) ?? 2)
        let quiet = p.switches.contains(ScanCommand.quiet.name)
        let db = p.values[HistoryCommand.db.name] ?? "fleetscan.sqlite"
        if !p.switches.contains(inProcess.name) {
            options.isolation = WorkerLimits(executable: WorkerLimits.currentExecutable, store: db,
                                             seconds: Double(try p.positiveInt(workerTimeout) ?? Int(WorkerLimits.defaultSeconds)),
                                             memory: try size(p, workerMemory) ?? WorkerLimits.defaultMemory)
        }
        let store = try HistoryCommand.openStore(db)
        let interactive = !quiet && isatty(STDERR_FILENO) == 1
        var lastDraw = Date.distantPast
        let outcome = try FleetRun.run(manifest: m, store: store, options: options, environment: environment) { event in
            switch event {
            case .progress(let pr):
                guard interactive, Date().timeIntervalSince(lastDraw) > 0.1 || pr.current == nil else { return }
                lastDraw = Date()
                io.err("\r\u{1B}[K" + Escape.line(progressLine(pr)))
            case .finished(let r):
                guard !quiet else { return }
                if interactive { io.err("\r\u{1B}[K") }
                io.err(Escape.line(resultLine(r)) + "\n")
            }
        }
        if interactive { io.err("\r\u{1B}[K") }
        if !quiet {
            let commits = outcome.results.reduce(0) { $0 + $1.record.scanned }
            io.err("fleetscan: fleet: \(outcome.results.count) repositories (\(outcome.failed) failed), \(commits) commits scanned in "
                   + String(format: "%.1f s", outcome.seconds) + ", shard \(options.shard), store \(store.location)\n")
        }
        if let dir = p.values[report.name] {
            try ReportCommand.write(try FleetOverview.load(store), format: "html", to: dir)
            if !quiet { io.err("fleetscan: report: \(dir)/index.html\n") }
        }
        return 0
    }

    static func progressLine(_ p: FleetProgress) -> String {
        let rate = p.elapsed > 0 ? Double(p.filesScanned) / p.elapsed : 0
        var eta = ""
        if p.fraction > 0.02, p.fraction < 1 {
            let left = Int(p.elapsed * (1 - p.fraction) / p.fraction)
            eta = " · ETA " + (left >= 60 ? "\(left / 60)m\(String(format: "%02d", left % 60))s" : "\(left)s")
        }
        let current = p.current.map { " · \($0)" + (p.commitsTotal > 0 ? " \(p.commitsDone)/\(p.commitsTotal) commits" : "") } ?? ""
        return "fleetscan: fleet: \(p.fetched)/\(p.repositories) fetched · \(p.finished)/\(p.repositories) scanned"
            + (p.failed > 0 ? " (\(p.failed) failed)" : "") + " · \(p.filesScanned) files · \(p.findings) findings · "
            + String(format: "%.0f files/s", rate) + eta + current
    }

    static func resultLine(_ r: FleetRepositoryResult) -> String {
        let rec = r.record
        guard rec.status == .ok else { return "fleetscan: \(rec.repository): failed: \(rec.reason ?? "unknown reason")" }
        let head = rec.head.map { " at \($0.prefix(10))" } ?? ""
        func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        let work = r.upToDate ? "up to date" : "\(plural(rec.scanned, "commit")) scanned, \(rec.alreadyStored) already stored"
        let c = r.severities
        let failed = rec.failedCommits > 0 ? ", \(rec.failedCommits) failed" : ""
        let found = "\(plural(c.errors, "error")), \(plural(c.warnings, "warning")), \(plural(c.notes, "note"))"
        return "fleetscan: \(rec.repository): \(work)\(failed)\(head): \(found), stage \(r.stage?.rawValue ?? "unknown")" + String(format: " (%.1f s)", rec.seconds)
    }
}

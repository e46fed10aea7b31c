import Fleet
import Foundation
import GitAccess
import Reports
import ResultStore
import RuleKit
import ScanEngine

/// `fleetscan fleet run|check --manifest fleet.json`
enum FleetCommand {
    /// The manifest, its warnings printed (they do not stop the run).
    static func loadManifest(_ p: ParsedArguments, _ io: IO, environment: [String: String]) throws -> FleetManifest {
        guard let path = p.value(Flags.manifest) else { throw CLIError.usage("fleet needs --manifest FILE") }
        let m = try FleetManifest.load(path, environment: environment)
        for w in m.warnings { io.err("fleetscan: warning: \(Escape.line(w))\n") }
        return m
    }

    static func check(_ p: ParsedArguments, _ io: IO, environment: [String: String]) throws -> Int32 {
        let m = try loadManifest(p, io, environment: environment)
        // A manifest's own problems, then local sources that are not there to fetch.
        let problems = m.repositories.compactMap { e in e.problem ?? e.localProblem.map { "repository \(e.name): \($0)" } }
        for p in problems { io.err("fleetscan: \(m.path): \(Escape.line(p))\n") }
        io.out("\(m.path): \(plural(m.repositories.count, "repository", "repositories")), \(problems.count) with problems\n")
        return problems.isEmpty ? 0 : 2
    }

    static func shardOption(_ p: ParsedArguments, environment: [String: String]) throws -> Shard {
        if let s = try p.shard(Flags.shard) { return s }
        if let index = environment["JOB_COMPLETION_INDEX"], let count = environment["FLEETSCAN_SHARDS"] {
            guard let s = Shard("\(index)/\(count)") else {
                throw CLIError.usage("$JOB_COMPLETION_INDEX (\(index)) and $FLEETSCAN_SHARDS (\(count)) do not make a shard I/N")
            }
            return s
        }
        return .whole
    }

    static func runFleet(_ p: ParsedArguments, _ io: IO, environment: [String: String]) throws -> Int32 {
        let shard = try shardOption(p, environment: environment)
        let m = try loadManifest(p, io, environment: environment)
        let now = Int64(Date().timeIntervalSince1970)
        let sinceTime: Int64 = try p.date(Flags.fleetSince) ?? m.since ?? now - 365 * 86_400
        let cacheFolder = p.value(Flags.fleetCache) ?? m.cache ?? ScanCommand.cacheFolder(nil, environment: environment)
        var options = FleetOptions(cache: cacheFolder, jobs: try p.positiveInt(Flags.jobs) ?? Parallel.cores,
                                   transfers: try p.positiveInt(Flags.transfers) ?? 4, since: sinceTime,
                                   maxCommits: try p.positiveInt(Flags.maxCommits),
                                   shard: shard, now: now, lanes: try p.positiveInt(Flags.lanes) ?? 2)
        let quiet = p.has(Flags.quiet)
        let colors = p.colors(io, environment).err
        let db = p.value(Flags.db) ?? "fleetscan.sqlite"
        if !p.has(Flags.inProcess) {
            options.isolation = WorkerLimits(executable: WorkerLimits.currentExecutable, store: db,
                                             seconds: Double(try p.positiveInt(Flags.workerTimeout) ?? Int(WorkerLimits.defaultSeconds)),
                                             memory: try p.size(Flags.workerMemory) ?? WorkerLimits.defaultMemory)
        }
        let store = try HistoryCommand.openStore(db)
        let interactive = !quiet && io.errIsTerminal
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
                io.err(resultLine(r, colors) + "\n")
            }
        }
        if interactive { io.err("\r\u{1B}[K") }
        if !quiet {
            let commits = outcome.results.reduce(0) { $0 + $1.record.scanned }
            let failed = outcome.failed > 0 ? colors.bad("\(outcome.failed) failed") : "0 failed"
            io.err("fleetscan: fleet: \(plural(outcome.results.count, "repository", "repositories")) (\(failed)), \(plural(commits, "commit")) scanned in "
                   + String(format: "%.1f s", outcome.seconds) + ", shard \(options.shard), store \(Escape.line(store.location))\n")
        }
        if let dir = p.value(Flags.fleetReport) {
            try ReportCommand.write(try FleetOverview.load(store), format: .html, to: dir)
            if !quiet { io.err("fleetscan: report: \(Escape.line(dir))/index.html\n") }
        }
        // Everything that could be stored is; a repository that failed still makes the run
        // fail, so a cron job or a CI step notices (its reason is in the store and above).
        if outcome.failed > 0, !p.has(Flags.allowFailures) {
            if !quiet {
                io.err("fleetscan: error: \(plural(outcome.failed, "repository", "repositories")) failed; exit status 1 (--allow-failures keeps 0)\n")
            }
            return 1
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
        let current = p.current.map { " · \($0)" + (p.commitsTotal > 0 ? " \(p.commitsDone)/\(plural(p.commitsTotal, "commit"))" : "") } ?? ""
        return "fleetscan: fleet: \(p.fetched)/\(p.repositories) fetched · \(p.finished)/\(p.repositories) scanned"
            + (p.failed > 0 ? " (\(p.failed) failed)" : "") + " · \(plural(p.filesScanned, "file")) · \(plural(p.findings, "finding")) · "
            + String(format: "%.0f files/s", rate) + eta + current
    }

    /// One repository's line, escaped (names and reasons come from the manifest and git).
    static func resultLine(_ r: FleetRepositoryResult, _ colors: Colors = .off) -> String {
        let rec = r.record
        guard rec.status == .ok else {
            return "fleetscan: \(Escape.line(rec.repository)): " + colors.bad("failed") + ": \(Escape.line(rec.reason ?? "unknown reason"))"
        }
        let head = rec.head.map { " at \($0.prefix(10))" } ?? ""
        let work = r.upToDate ? "up to date" : "\(plural(rec.scanned, "commit")) scanned, \(rec.alreadyStored) already stored"
        let c = r.severities
        let failed = rec.failedCommits > 0 ? ", \(rec.failedCommits) failed" : ""
        let found = [colors.count(c.errors, .error), colors.count(c.warnings, .warning), colors.count(c.notes, .note)].joined(separator: ", ")
        return "fleetscan: \(Escape.line(rec.repository)): \(work)\(failed)\(head): \(found), stage \(r.stage?.rawValue ?? "unknown")" + String(format: " (%.1f s)", rec.seconds)
    }
}

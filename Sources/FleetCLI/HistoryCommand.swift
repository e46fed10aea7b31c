import Foundation
import GitAccess
import Reports
import ResultStore
import ScanEngine

/// `fleetscan history --repo PATH_OR_URL --rev REV`
enum HistoryCommand {
    static let since = Flag(name: "--since", value: "DATE", help: "only commits authored on or after DATE (YYYY-MM-DD or YYYY-MM-DDTHH:MM:SSZ, UTC)")
    static let maxCommits = Flag(name: "--max-commits", value: "N", help: "only the newest N first-parent commits")
    static let db = Flag(name: "--db", value: "FILE", help: "the result store (default: ./fleetscan.sqlite)")
    static let format = Flag(name: "--format", value: "FORMAT", help: "markdown (default: a table of commits and the net change) or json")
    static let rev = Flag(name: "--rev", value: "REV", help: "the revision whose first-parent history is walked (default: HEAD)")
    static let allCommits = Flag(name: "--all-commits", value: nil, help: "markdown lists every commit, not only those that changed a count")
    static let flags = [ScanCommand.repo, rev, since, maxCommits, db, format, allCommits, ScanCommand.output, ScanCommand.jobs,
                        ScanCommand.cache, ScanCommand.quiet]

    static let usage = """
        usage: fleetscan history --repo PATH_OR_URL [--rev REV] [options]

        Walks the first-parent history of REV, oldest first, and records each commit's counts per
        rule, its change against the parent and the files that moved. Each distinct blob is
        scanned once; results are stored, so a second run only scans commits it has not stored.

        """

    struct Options {
        var repo: String
        var rev: String
        var since: Int64?
        var maxCommits: Int?
        var db: String
        var format: String
        var output: String?
        var jobs: Int
        var cache: String
        var quiet: Bool
        var allCommits = false
    }

    static func options(_ words: [String]) throws -> Options {
        let p = try ParsedArguments.parse(words, flags: flags)
        guard p.positionals.isEmpty else { throw CLIError.usage("history takes no paths (give the repository with --repo)") }
        guard let repo = p.values[ScanCommand.repo.name] else { throw CLIError.usage("history needs --repo PATH_OR_URL") }
        var sinceTime: Int64? = nil
        if let text = p.values[since.name] {
            guard let t = ISODate.parse(text) else {
                throw CLIError.usage("option '--since' must be a date like 2026-01-31 or 2026-01-31T12:00:00Z (got '\(text)')")
            }
            sinceTime = t
        }
        return Options(repo: repo, rev: p.values[rev.name] ?? "HEAD", since: sinceTime, maxCommits: try p.positiveInt(maxCommits),
                       db: p.values[db.name] ?? "fleetscan.sqlite", format: try p.choice(format, ["markdown", "json"]) ?? "markdown",
                       output: p.values[ScanCommand.output.name], jobs: try p.positiveInt(ScanCommand.jobs) ?? Parallel.cores,
                       cache: ScanCommand.cacheFolder(p.values[ScanCommand.cache.name]), quiet: p.switches.contains(ScanCommand.quiet.name),
                       allCommits: p.switches.contains(allCommits.name))
    }

    /// Opens a `--db` store; a failure names it.
    static func openStore(_ db: String) throws -> any Store {
        do {
            return try Stores.open(db)
        } catch var e as StoreError {
            // A database server that cannot be reached, or a store another process keeps busy,
            // may be ready on a retry (exit 3); a bad location or a file that is not a store
            // will not (exit 2).
            guard (Stores.isPostgres(db) && e.function != "open") || e.isRetryable else {
                throw ScanError("\(Stores.redact(db)): cannot open the store: \(e.message)")
            }
            e.message = "cannot open the store: " + e.message
            throw e
        }
    }

    static func run(_ words: [String], _ io: IO) throws -> Int32 {
        let o = try options(words)
        let token = ProcessInfo.processInfo.environment[ScanCommand.tokenVariable]
        let pool = try GitScan.openRepository(o.repo, cache: o.cache, token: token, progress: fetchProgress(io, quiet: o.quiet))
        let store = try openStore(o.db)
        let name = Mirror.redact(o.repo)
        let interactive = !o.quiet && isatty(STDERR_FILENO) == 1
        let outcome: HistoryOutcome
        do {
            outcome = try HistoryScan.run(pool: pool, name: name, url: name, store: store,
                                          options: HistoryOptions(revision: o.rev, since: o.since, maxCommits: o.maxCommits, jobs: o.jobs),
                                          progress: interactive ? { p in
                                              io.err("\r\u{1B}[Kfleetscan: history: commit \(p.done + 1)/\(p.total) \(p.commit.prefix(10)) \(Escape.line(String(p.subject.prefix(50))))")
                                          } : nil)
        } catch let e as GitError {
            throw ScanError(Mirror.redact(e.description))
        }
        if interactive { io.err("\r\u{1B}[K") }
        let repositoryID = try store.repository(name: name, url: name)
        let records = try store.commits(repository: repositoryID, ruleset: Ruleset.fingerprint, ids: outcome.chain)
        var byID: [String: CommitRecord] = [:]
        for r in records { byID[r.commit] = r }
        // Parents outside the range are looked up too, so the first commit has a delta when it can.
        let outside = records.compactMap(\.parent).filter { byID[$0] == nil }
        for r in try store.commits(repository: repositoryID, ruleset: Ruleset.fingerprint, ids: outside) { byID[r.commit] = r }
        let entries = records.map { r -> HistoryEntry in
            var parentCounts: [String: Int]? = nil
            if r.error == nil {
                if let p = r.parent, let parent = byID[p], parent.error == nil { parentCounts = parent.counts } else if r.parent == nil { parentCounts = [:] }
            }
            return HistoryEntry(record: r, parentCounts: parentCounts)
        }
        let input = HistoryReportInput(repository: name, revision: o.rev, entries: entries, outcome: outcome, allCommits: o.allCommits)
        let report = o.format == "json" ? HistoryJSON.render(input) : HistoryMarkdown.render(input)
        try deliver(report, to: o.output, io)
        if !o.quiet {
            for note in outcome.notes { io.err("fleetscan: \(Escape.line(note))\n") }
            io.err("fleetscan: history: \(outcome.chain.count) commits (\(outcome.scanned) scanned, \(outcome.alreadyStored) already stored"
                   + (outcome.failed > 0 ? ", \(outcome.failed) failed" : "") + "), \(outcome.blobsScanned) blobs scanned, "
                   + "\(outcome.blobsReused) reused, store \(store.location)\n")
        }
        return 0
    }
}

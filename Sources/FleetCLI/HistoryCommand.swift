import Foundation
import GitAccess
import History
import Reports
import ResultStore
import ScanEngine

/// `fleetscan history --repo PATH_OR_URL --rev REV`
enum HistoryCommand {
    struct Options {
        var repo: String
        var rev: String
        var since: Int64?
        var maxCommits: Int?
        var db: String
        var format: HistoryFormat
        var output: String?
        var jobs: Int
        var cache: String
        var quiet: Bool
        var allCommits = false
    }

    static func options(_ p: ParsedArguments, environment: [String: String]) throws -> Options {
        guard let repo = p.value(Flags.repo) else { throw CLIError.usage("history needs --repo PATH_OR_URL") }
        return Options(repo: repo, rev: p.value(Flags.historyRev) ?? "HEAD", since: try p.date(Flags.since), maxCommits: try p.positiveInt(Flags.maxCommits),
                       db: p.value(Flags.db) ?? "fleetscan.sqlite", format: p.format(Flags.historyFormat, default: HistoryFormat.markdown),
                       output: p.value(Flags.output), jobs: try p.positiveInt(Flags.jobs) ?? Parallel.cores,
                       cache: ScanCommand.cacheFolder(p.value(Flags.cache), environment: environment), quiet: p.has(Flags.quiet), allCommits: p.has(Flags.allCommits))
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

    static func run(_ p: ParsedArguments, _ io: IO, environment: [String: String]) throws -> Int32 {
        let o = try options(p, environment: environment)
        let token = environment[ScanCommand.tokenVariable]
        let pool = try GitScan.openRepository(o.repo, cache: o.cache, token: token, progress: fetchProgress(io, quiet: o.quiet))
        let store = try openStore(o.db)
        let name = Mirror.redact(o.repo)
        let interactive = !o.quiet && io.errIsTerminal
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
        let records = try store.commits(RulesetKey(repository: repositoryID, ruleset: Ruleset.fingerprint), ids: outcome.chain)
        var byID: [String: CommitRecord] = [:]
        for r in records { byID[r.commit] = r }
        // Parents outside the range are looked up too, so the first commit has a delta when it can.
        let outside = records.compactMap(\.parent).filter { byID[$0] == nil }
        for r in try store.commits(RulesetKey(repository: repositoryID, ruleset: Ruleset.fingerprint), ids: outside) { byID[r.commit] = r }
        let entries = records.map { r -> HistoryEntry in
            var parentCounts: [String: Int]? = nil
            if r.error == nil {
                if let p = r.parent, let parent = byID[p], parent.error == nil { parentCounts = parent.counts } else if r.parent == nil { parentCounts = [:] }
            }
            return HistoryEntry(record: r, parentCounts: parentCounts)
        }
        let input = HistoryReportInput(repository: name, revision: o.rev, entries: entries, outcome: outcome, allCommits: o.allCommits)
        let report = switch o.format {
        case .json: HistoryJSON.render(input)
        case .markdown: HistoryMarkdown.render(input)
        }
        try deliver(report, to: o.output, io)
        if !o.quiet {
            for note in outcome.notes { io.err("fleetscan: \(Escape.line(note))\n") }
            io.err("fleetscan: history: \(plural(outcome.chain.count, "commit")) (\(outcome.scanned) scanned, \(outcome.alreadyStored) already stored"
                   + (outcome.failed > 0 ? ", \(outcome.failed) failed" : "") + "), \(plural(outcome.blobsScanned, "blob")) scanned, "
                   + "\(outcome.blobsReused) reused, store \(store.location)\n")
        }
        return 0
    }
}

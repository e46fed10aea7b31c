import History
import ResultStore
import ScanEngine

/// A commit of a history report with what it is compared to.
public struct HistoryEntry: Sendable {
    public var record: CommitRecord
    /// The parent's counts per rule, when the parent was scanned (nil: no delta to show).
    public var parentCounts: [String: Int]?

    public init(record: CommitRecord, parentCounts: [String: Int]?) {
        self.record = record
        self.parentCounts = parentCounts
    }

    /// Count per rule minus the parent's, rules that did not move left out.
    public var delta: [String: Int]? {
        guard let before = parentCounts else { return nil }
        var d: [String: Int] = [:]
        for rule in Set(before.keys).union(record.counts.keys) {
            let change = (record.counts[rule] ?? 0) - (before[rule] ?? 0)
            if change != 0 { d[rule] = change }
        }
        return d
    }

    var total: Int { record.errors + record.warnings + record.notes }
}

/// What `history` reports: the commits of a range, oldest first.
public struct HistoryReportInput: Sendable {
    public var repository: String
    public var revision: String
    public var entries: [HistoryEntry]
    public var outcome: HistoryOutcome
    /// Markdown lists every commit, not only those that changed a count (or failed).
    public var allCommits: Bool

    public init(repository: String, revision: String, entries: [HistoryEntry], outcome: HistoryOutcome, allCommits: Bool = false) {
        self.repository = repository
        self.revision = revision
        self.entries = entries
        self.outcome = outcome
        self.allCommits = allCommits
    }
}

/// The version-1 JSON contract of `history --format json` (SPEC.md), extended with severity
/// counts, each moved file's count, and run statistics.
public enum HistoryJSON {
    public static func render(_ input: HistoryReportInput) -> String {
        JSONValue.object([
            ("schemaVersion", .int(1)),
            ("repo", .string(input.repository)),
            ("rev", .string(input.revision)),
            ("commits", .array(input.entries.map(commit))),
            ("stats", .object([
                ("commits", .int(input.entries.count)), ("blobsScanned", .int(input.outcome.blobsScanned)),
                ("blobsReused", .int(input.outcome.blobsReused)), ("secondPasses", .int(input.outcome.secondPasses)),
                ("scanned", .int(input.outcome.scanned)), ("alreadyStored", .int(input.outcome.alreadyStored)),
                ("failed", .int(input.outcome.failed)),
            ])),
            ("notes", .array(input.outcome.notes.map(JSONValue.string))),
        ]).rendered()
    }

    static func commit(_ e: HistoryEntry) -> JSONValue {
        let r = e.record
        return .object([
            ("commit", .string(r.commit)), ("parent", .optional(r.parent)), ("time", .string(ISODate.string(r.time))),
            ("subject", .string(r.subject)), ("author", .string(r.author)),
            ("counts", counts(r.counts)),
            ("delta", e.delta.map(counts) ?? .null),
            ("files", .array(r.fileDeltas.map { .object([("path", .string($0.path)), ("delta", .int($0.delta)), ("count", .int($0.count))]) })),
            ("stage", .optional(r.stage?.rawValue)), ("error", .optional(r.error)),
            ("severity", .object([("error", .int(r.errors)), ("warning", .int(r.warnings)), ("note", .int(r.notes))])),
            ("files_scanned", .int(r.files)),
        ])
    }

    static func counts(_ c: [String: Int]) -> JSONValue {
        .object(c.sorted { $0.key < $1.key }.map { ($0.key, .int($0.value)) })
    }
}

/// A history as Markdown: the net change over the range, then one table row per commit with
/// its counts, delta and the files that moved.
public enum HistoryMarkdown {
    public static func render(_ input: HistoryReportInput) -> String {
        var out = "# Migration history of \(input.repository) (`\(input.revision)`)\n\n"
        guard let first = input.entries.first, let last = input.entries.last else {
            return out + "No commits in the range.\n"
        }
        let o = input.outcome
        out += "\(input.entries.count) commit\(input.entries.count == 1 ? "" : "s"), \(ISODate.day(first.record.time)) to \(ISODate.day(last.record.time)). "
        out += "Scanned now: \(o.scanned) (\(plural(o.blobsScanned, "blob")) analysed, \(o.blobsReused) reused); already stored: \(o.alreadyStored)"
        out += o.failed > 0 ? "; failed: \(o.failed).\n\n" : ".\n\n"
        for note in o.notes { out += "> \(note)\n\n" }
        // The net change compares the first commit's parent (when scanned) with the last commit.
        let startCounts = first.parentCounts ?? first.record.counts
        let startLabel = first.parentCounts != nil ? "before \(short(first.record.commit))" : short(first.record.commit)
        out += "## Net change (\(startLabel) → \(short(last.record.commit)))\n\n"
        out += "| Rule | Start | End | Change |\n|---|---:|---:|---:|\n"
        let rules = Set(startCounts.keys).union(last.record.counts.keys).sorted()
        var startTotal = 0, endTotal = 0
        for rule in rules {
            let a = startCounts[rule] ?? 0, b = last.record.counts[rule] ?? 0
            startTotal += a
            endTotal += b
            out += "| `\(rule)` | \(a) | \(b) | \(signed(b - a)) |\n"
        }
        out += "| **All** | **\(startTotal)** | **\(endTotal)** | **\(signed(endTotal - startTotal))** |\n\n"
        if let s = first.record.stage, let e = last.record.stage { out += "Readiness stage: \(s) → \(e).\n\n" }
        // By default only the commits that moved a count, or failed: the rest change nothing a reader acts on.
        let shown = input.allCommits ? input.entries : input.entries.filter { e in e.record.error != nil || e.delta.map { !$0.isEmpty } ?? true }
        let hidden = input.entries.count - shown.count
        out += input.allCommits ? "## Commits\n\n"
            : "## Commits that changed a count\n\n" + (hidden > 0 ? "\(plural(hidden, "commit")) that changed nothing \(hidden == 1 ? "is" : "are") left out (`--all-commits` lists them).\n\n" : "")
        out += "| Commit | Date | Author | Subject | Errors | Warnings | Notes | Change | Rules that moved | Files that moved |\n"
        out += "|---|---|---|---|---:|---:|---:|---:|---|---|\n"
        for e in shown {
            let r = e.record
            let author = cell(r.author.isEmpty ? "–" : r.author)
            if let error = r.error {
                out += "| `\(short(r.commit))` | \(ISODate.day(r.time)) | \(author) | \(cell(r.subject)) | – | – | – | – | – | failed: \(cell(error)) |\n"
                continue
            }
            let change = e.parentCounts.map { signed(e.total - $0.values.reduce(0, +)) } ?? "–"
            let rules = (e.delta ?? [:]).sorted { (abs($0.value), $1.key) > (abs($1.value), $0.key) }
            var ruleText = rules.prefix(4).map { "`\($0.key)` \(signed($0.value))" }.joined(separator: ", ")
            if rules.count > 4 { ruleText += " and \(rules.count - 4) more" }
            let moved = r.fileDeltas.sorted { abs($0.delta) > abs($1.delta) || (abs($0.delta) == abs($1.delta) && $0.path < $1.path) }
            var files = moved.prefix(3).map { "\(Escape.codeSpan($0.path, inTable: true)) \(signed($0.delta))" }.joined(separator: ", ")
            if moved.count > 3 { files += " and \(moved.count - 3) more" }
            out += "| `\(short(r.commit))` | \(ISODate.day(r.time)) | \(author) | \(cell(r.subject)) | \(r.errors) | \(r.warnings) | \(r.notes) | \(change) | \(ruleText) | \(files) |\n"
        }
        return out
    }

    static func short(_ commit: String) -> String { String(commit.prefix(10)) }

    static func signed(_ n: Int) -> String { n > 0 ? "+\(n)" : n < 0 ? "−\(-n)" : "0" }

    /// Repository text (a subject, a reason) shown as written inside a table cell.
    static func cell(_ s: String) -> String { Escape.markdown(s) }
}

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

    public init(repository: String, revision: String, entries: [HistoryEntry], outcome: HistoryOutcome) {
        self.repository = repository
        self.revision = revision
        self.entries = entries
        self.outcome = outcome
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
            ("subject", .string(r.subject)),
            ("counts", counts(r.counts)),
            ("delta", e.delta.map(counts) ?? .null),
            ("files", .array(r.fileDeltas.map { .object([("path", .string($0.path)), ("delta", .int($0.delta)), ("count", .int($0.count))]) })),
            ("stage", .optional(r.stage)), ("error", .optional(r.error)),
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
        out += "Scanned now: \(o.scanned) (\(o.blobsScanned) blobs read, \(o.blobsReused) reused); already stored: \(o.alreadyStored)"
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
        out += "## Commits\n\n| Commit | Date | Subject | Errors | Warnings | Notes | Change | Files that moved |\n"
        out += "|---|---|---|---:|---:|---:|---:|---|\n"
        for e in input.entries {
            let r = e.record
            if let error = r.error {
                out += "| `\(short(r.commit))` | \(ISODate.day(r.time)) | \(cell(r.subject)) | – | – | – | – | failed: \(cell(error)) |\n"
                continue
            }
            let change = e.parentCounts.map { signed(e.total - $0.values.reduce(0, +)) } ?? "–"
            let moved = r.fileDeltas.sorted { abs($0.delta) > abs($1.delta) || (abs($0.delta) == abs($1.delta) && $0.path < $1.path) }
            var files = moved.prefix(3).map { "`\($0.path)` \(signed($0.delta))" }.joined(separator: ", ")
            if moved.count > 3 { files += " and \(moved.count - 3) more" }
            out += "| `\(short(r.commit))` | \(ISODate.day(r.time)) | \(cell(r.subject)) | \(r.errors) | \(r.warnings) | \(r.notes) | \(change) | \(files) |\n"
        }
        return out
    }

    static func short(_ commit: String) -> String { String(commit.prefix(10)) }

    static func signed(_ n: Int) -> String { n > 0 ? "+\(n)" : n < 0 ? "−\(-n)" : "0" }

    /// Text safe inside a table cell.
    static func cell(_ s: String) -> String {
        s.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }
}

/// Dates as reports write them, in UTC, without Foundation's formatters (pure and fast).
public enum ISODate {
    /// `2026-11-29T14:25:00Z`
    public static func string(_ seconds: Int64) -> String {
        let (y, m, d) = civil(days: floorDiv(seconds, 86_400))
        let s = seconds - floorDiv(seconds, 86_400) * 86_400
        return "\(pad(y, 4))-\(pad(m, 2))-\(pad(d, 2))T\(pad(Int(s / 3600), 2)):\(pad(Int(s / 60 % 60), 2)):\(pad(Int(s % 60), 2))Z"
    }

    /// `2026-11-29`
    public static func day(_ seconds: Int64) -> String { String(string(seconds).prefix(10)) }

    /// Seconds since 1970 for `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM:SSZ` (UTC); nil if malformed.
    public static func parse(_ text: String) -> Int64? {
        let parts = text.split(whereSeparator: { $0 == "T" || $0 == " " })
        let date = parts.first.map { $0.split(separator: "-").compactMap { Int($0) } } ?? []
        guard date.count == 3, (1...12).contains(date[1]), (1...31).contains(date[2]) else { return nil }
        var seconds = Int64(days(y: date[0], m: date[1], d: date[2])) * 86_400
        if parts.count > 1 {
            var time = String(parts[1])
            if time.hasSuffix("Z") { time.removeLast() }
            let hms = time.split(separator: ":").compactMap { Int($0) }
            guard (2...3).contains(hms.count), hms[0] < 24, hms[1] < 60 else { return nil }
            seconds += Int64(hms[0] * 3600 + hms[1] * 60 + (hms.count > 2 ? hms[2] : 0))
        }
        return seconds
    }

    static func pad(_ n: Int, _ width: Int) -> String {
        let s = String(n)
        return String(repeating: "0", count: max(0, width - s.count)) + s
    }

    static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 { a >= 0 ? a / b : -((-a + b - 1) / b) }

    /// Howard Hinnant's days-from-civil and its inverse.
    static func days(y: Int, m: Int, d: Int) -> Int {
        let y = m <= 2 ? y - 1 : y
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    static func civil(days: Int64) -> (Int, Int, Int) {
        let z = Int(days) + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let y = yoe + era * 400
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp + (mp < 10 ? 3 : -9)
        return (m <= 2 ? y + 1 : y, m, d)
    }
}

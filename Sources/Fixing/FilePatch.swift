/// A file's edits, applied to its bytes and shown as a unified diff `git apply` takes.
public struct FilePatch: Sendable, Equatable {
    /// Relative to the root the diff is against, `/`-separated.
    public var path: String
    public var original: [UInt8]
    /// Sorted, none overlapping another.
    public private(set) var edits: [Edit]

    /// The edits that fix a finding (not the ones they need).
    public var fixes: Int { edits.filter { !$0.supports }.count }

    /// `edits` sorted, keeping the first of any that overlap (two findings on one spelling).
    public init(path: String, original: [UInt8], edits: [Edit]) {
        self.path = path
        self.original = original
        var kept: [Edit] = []
        // Stable: insertions at one offset keep the order they were given in.
        for e in edits.enumerated().sorted(by: { ($0.element.range.lowerBound, $0.element.range.upperBound, $0.offset)
            < ($1.element.range.lowerBound, $1.element.range.upperBound, $1.offset) }).map(\.element) {
            if let last = kept.last, e.range.lowerBound < last.range.upperBound { continue }
            // The same supporting insertion for two fixes (one property for two reads) is made once.
            if e.supports, kept.contains(where: { $0.supports && $0.range == e.range && $0.replacement == e.replacement }) { continue }
            kept.append(e)
        }
        self.edits = kept
    }

    /// The file's bytes with every edit made; everything else byte for byte as it was
    /// (encoding, line endings, indentation).
    public func applied() -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(original.count + edits.count * 32)
        var at = 0
        for e in edits {
            out += original[at..<e.range.lowerBound]
            out += Array(e.replacement.utf8)
            at = e.range.upperBound
        }
        out += original[at...]
        return out
    }

    /// Lines with their terminators (`\n`, or `\r\n` kept whole), and where each starts.
    static func lines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var out: [ArraySlice<UInt8>] = []
        var start = 0
        for (i, b) in bytes.enumerated() where b == 10 {
            out.append(bytes[start...i])
            start = i + 1
        }
        if start < bytes.count { out.append(bytes[start...]) }
        return out
    }

    /// The unified diff (three lines of context) from the original to the edited file, with
    /// `a/` and `b/` prefixes as git writes them. A replacement may hold line breaks (an
    /// insertion of whole lines is an empty range at a line's start).
    public func unifiedDiff(context: Int = 3) -> String {
        guard !edits.isEmpty else { return "" }
        let old = Self.lines(original)
        var starts: [Int] = []
        var offset = 0
        for l in old { starts.append(offset); offset += l.count }
        func line(of byte: Int) -> Int {
            guard !starts.isEmpty else { return 0 }
            var lo = 0, hi = starts.count - 1
            while lo < hi {
                let mid = (lo + hi + 1) / 2
                if starts[mid] <= byte { lo = mid } else { hi = mid - 1 }
            }
            return lo
        }
        // The old lines each edit touches, as merged half-open runs with the edits inside them: an
        // insertion at a line's start touches no line (an empty run before it).
        var runs: [(lines: Range<Int>, edits: [Edit])] = []
        for e in edits {
            let first = line(of: e.range.lowerBound)
            let r: Range<Int>
            if e.range.isEmpty, !starts.isEmpty, starts[first] == e.range.lowerBound || e.range.lowerBound == original.count {
                let at = e.range.lowerBound == original.count ? old.count : first
                r = at..<at
            } else {
                r = first..<(line(of: max(e.range.lowerBound, e.range.upperBound - 1)) + 1)
            }
            if let last = runs.last, r.lowerBound <= last.lines.upperBound {
                runs[runs.count - 1] = (last.lines.lowerBound..<max(last.lines.upperBound, r.upperBound), last.edits + [e])
            } else {
                runs.append((r, [e]))
            }
        }
        // What each run's lines become.
        func replaced(_ run: (lines: Range<Int>, edits: [Edit])) -> [ArraySlice<UInt8>] {
            let from = run.lines.lowerBound < old.count ? starts[run.lines.lowerBound] : original.count
            let to = run.lines.isEmpty ? from : starts[run.lines.upperBound - 1] + old[run.lines.upperBound - 1].count
            var bytes: [UInt8] = []
            var at = from
            for e in run.edits {
                bytes += original[at..<e.range.lowerBound]
                bytes += Array(e.replacement.utf8)
                at = e.range.upperBound
            }
            bytes += original[at..<to]
            return Self.lines(bytes)
        }
        var out = "diff --git a/\(path) b/\(path)\n--- a/\(path)\n+++ b/\(path)\n"
        func text(_ l: ArraySlice<UInt8>, _ mark: String) -> String {
            mark + String(decoding: l, as: UTF8.self) + (l.last == 10 ? "" : "\n\\ No newline at end of file\n")
        }
        // Hunks: runs with their context, merged when the contexts touch.
        var hunks: [[Int]] = []
        for (i, r) in runs.enumerated() {
            if let last = hunks.last?.last, r.lines.lowerBound - context <= runs[last].lines.upperBound + context {
                hunks[hunks.count - 1].append(i)
            } else {
                hunks.append([i])
            }
        }
        var delta = 0
        for hunk in hunks {
            let first = runs[hunk.first!].lines.lowerBound, last = runs[hunk.last!].lines.upperBound
            let lo = max(0, first - context), hi = min(old.count, last + context)
            var body = "", oldCount = 0, newCount = 0
            var k = lo
            for i in hunk {
                let r = runs[i]
                while k < r.lines.lowerBound { body += text(old[k], " "); k += 1; oldCount += 1; newCount += 1 }
                for j in r.lines { body += text(old[j], "-"); oldCount += 1 }
                for l in replaced(r) { body += text(l, "+"); newCount += 1 }
                k = r.lines.upperBound
            }
            while k < hi { body += text(old[k], " "); k += 1; oldCount += 1; newCount += 1 }
            // A hunk with no old line starts after the line before it (`-N,0`).
            let oldStart = oldCount == 0 ? lo : lo + 1, newStart = newCount == 0 ? lo + delta : lo + 1 + delta
            out += "@@ -\(oldStart),\(oldCount) +\(newStart),\(newCount) @@\n" + body
            delta += newCount - oldCount
        }
        return out
    }

    /// A new file as a diff: `git apply` creates it.
    public static func creation(path: String, bytes: [UInt8]) -> String {
        let lines = Self.lines(bytes)
        var out = "diff --git a/\(path) b/\(path)\nnew file mode 100644\n--- /dev/null\n+++ b/\(path)\n@@ -0,0 +1,\(lines.count) @@\n"
        for l in lines { out += "+" + String(decoding: l, as: UTF8.self) + (l.last == 10 ? "" : "\n\\ No newline at end of file\n") }
        return out
    }
}

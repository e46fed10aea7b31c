/// A file's edits, applied to its bytes and shown as a unified diff `git apply` takes.
public struct FilePatch: Sendable, Equatable {
    /// Relative to the root the diff is against, `/`-separated.
    public var path: String
    public var original: [UInt8]
    /// Sorted, none overlapping another.
    public private(set) var edits: [Edit]

    /// `edits` sorted, keeping the first of any that overlap (two findings on one spelling).
    public init(path: String, original: [UInt8], edits: [Edit]) {
        self.path = path
        self.original = original
        var kept: [Edit] = []
        for e in edits.sorted(by: { ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound) }) {
            if let last = kept.last, e.range.lowerBound < last.range.upperBound { continue }
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
    /// `a/` and `b/` prefixes as git writes them.
    public func unifiedDiff(context: Int = 3) -> String {
        guard !edits.isEmpty else { return "" }
        let old = Self.lines(original), new = Self.lines(applied())
        // Lines an edit touches, as runs: edits change bytes within lines, so line k of the old
        // file maps to line k + (lines added so far) of the new one — here 0, as a replacement
        // never holds a line break.
        var changed: [ClosedRange<Int>] = []
        var starts: [Int] = []
        var offset = 0
        for l in old { starts.append(offset); offset += l.count }
        func line(of byte: Int) -> Int {
            var lo = 0, hi = starts.count - 1
            while lo < hi {
                let mid = (lo + hi + 1) / 2
                if starts[mid] <= byte { lo = mid } else { hi = mid - 1 }
            }
            return lo
        }
        for e in edits {
            let r = line(of: e.range.lowerBound)...line(of: max(e.range.lowerBound, e.range.upperBound - 1))
            if let last = changed.last, r.lowerBound <= last.upperBound + 1 { changed[changed.count - 1] = last.lowerBound...max(last.upperBound, r.upperBound) } else { changed.append(r) }
        }
        // Hunks: changed runs with their context, merged when the contexts touch.
        var hunks: [(ClosedRange<Int>, [ClosedRange<Int>])] = []
        for r in changed {
            let span = max(0, r.lowerBound - context)...min(old.count - 1, r.upperBound + context)
            if let last = hunks.last, span.lowerBound <= last.0.upperBound + 1 {
                hunks[hunks.count - 1] = (last.0.lowerBound...max(last.0.upperBound, span.upperBound), last.1 + [r])
            } else {
                hunks.append((span, [r]))
            }
        }
        var out = "diff --git a/\(path) b/\(path)\n--- a/\(path)\n+++ b/\(path)\n"
        func text(_ l: ArraySlice<UInt8>, _ mark: String) -> String {
            let body = String(decoding: l, as: UTF8.self)
            return mark + body + (l.last == 10 ? "" : "\n\\ No newline at end of file\n")
        }
        for (span, runs) in hunks {
            let count = span.count
            out += "@@ -\(span.lowerBound + 1),\(count) +\(span.lowerBound + 1),\(count) @@\n"
            var k = span.lowerBound
            for r in runs {
                while k < r.lowerBound { out += text(old[k], " "); k += 1 }
                for j in r { out += text(old[j], "-") }
                for j in r { out += text(new[j], "+") }
                k = r.upperBound + 1
            }
            while k <= span.upperBound { out += text(old[k], " "); k += 1 }
        }
        return out
    }
}

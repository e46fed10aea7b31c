/// Suggestions for a mistyped name — a command, a flag, a rule id: the known names within a few
/// edits of it (Damerau–Levenshtein with adjacent swaps, case ignored), closest first.
public enum Spelling {
    /// The names of `known` close to `word`: within a third of the word's length in edits (at
    /// least one, at most three), or one a prefix of the other (three characters or more).
    public static func suggestions(for word: String, among known: [String]) -> [String] {
        // A flag's dashes are not part of what was mistyped.
        func letters(_ s: String) -> [Unicode.Scalar] { Array(s.lowercased().drop { $0 == "-" }.unicodeScalars) }
        let w = letters(word)
        guard !w.isEmpty else { return [] }
        let limit = min(3, max(1, w.count / 3))
        var scored: [(Int, String)] = []
        for name in known {
            let n = letters(name)
            let d = distance(w, n)
            let prefix = (w.count >= 3 && n.starts(with: w)) || (n.count >= 3 && w.starts(with: n))
            if d <= limit || prefix { scored.append((d, name)) }
        }
        var seen = Set<String>()
        return scored.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.map(\.1).filter { seen.insert($0).inserted }
    }

    /// " (did you mean `a` or `b`?)", or "" when nothing is close.
    public static func hint(for word: String, among known: [String], format: (String) -> String = { "`\($0)`" }) -> String {
        let close = suggestions(for: word, among: known).prefix(3).map(format)
        guard let last = close.last else { return "" }
        let list = close.count == 1 ? last : close.dropLast().joined(separator: ", ") + " or " + last
        return " (did you mean \(list)?)"
    }

    /// The optimal-string-alignment distance: insertions, deletions, substitutions and swaps of
    /// neighbours each cost one.
    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var d = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d = min(d, before[j - 2] + 1) }
                current[j] = d
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }
}

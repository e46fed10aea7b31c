/// Glob patterns of project manifests (`**/*.md`, `Tests`, `Sources/**/Generated/*`), matched in
/// time proportional to pattern × path (a table, never backtracking): `**` any run of
/// characters, `*` and `?` within one path component. A pattern names a folder too: `Tests`
/// matches everything under it.
public enum PathPattern {
    public static func matches(_ pattern: String, _ path: String) -> Bool {
        let p = Array(pattern.utf8), s = Array(path.utf8)
        if wildcardFree(p) { return s == p || (s.count > p.count && s[p.count] == UInt8(ascii: "/") && s.starts(with: p)) }
        return match(p, s) || match(p + Array("/**".utf8), s)
    }

    static func wildcardFree(_ p: [UInt8]) -> Bool { !p.contains { $0 == UInt8(ascii: "*") || $0 == UInt8(ascii: "?") } }

    /// reach[j]: the pattern's first i bytes can match the path's first j.
    static func match(_ p: [UInt8], _ s: [UInt8]) -> Bool {
        guard p.count <= 4096, s.count <= 4096 else { return false }
        let slash = UInt8(ascii: "/"), star = UInt8(ascii: "*"), question = UInt8(ascii: "?")
        var reach = [Bool](repeating: false, count: s.count + 1)
        reach[0] = true
        var next = reach
        var i = 0
        while i < p.count {
            for j in next.indices { next[j] = false }
            if p[i] == star {
                let double = i + 1 < p.count && p[i + 1] == star
                if double, i + 2 < p.count, p[i + 2] == slash {
                    // `**/`: zero or more whole folders.
                    var seen = false
                    for j in 0...s.count {
                        next[j] = reach[j] || (seen && j > 0 && s[j - 1] == slash)
                        if reach[j] { seen = true }
                    }
                    i += 3
                } else {
                    var open = false
                    for j in 0...s.count {
                        if reach[j] { open = true }
                        if open { next[j] = true }
                        if j < s.count, !double, s[j] == slash { open = false }
                    }
                    i += double ? 2 : 1
                }
            } else {
                for j in 0..<s.count where reach[j] {
                    if p[i] == s[j] || (p[i] == question && s[j] != slash) { next[j + 1] = true }
                }
                i += 1
            }
            swap(&reach, &next)
            if !reach.contains(true) { return false }
        }
        return reach[s.count]
    }
}

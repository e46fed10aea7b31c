/// Path globs for `.fleetscan.json`: `*` and `?` within one path component, `**` across
/// components. A pattern without `/` matches any component (`Generated` excludes every
/// folder of that name); one with `/` matches from the root; a trailing `/` means the folder
/// and everything in it.
public struct Glob: Sendable, Equatable {
    public let pattern: String
    private let segments: [Substring]
    private let anchored: Bool
    private let folderOnly: Bool

    public init(_ pattern: String) {
        var p = pattern
        if p.hasPrefix("./") { p.removeFirst(2) }
        let rooted = p.hasPrefix("/")
        if rooted { p.removeFirst() }
        folderOnly = p.hasSuffix("/")
        while p.hasSuffix("/") { p.removeLast() }
        // As in .gitignore: a slash at the start or in the middle anchors the pattern at the root.
        anchored = rooted || p.contains("/")
        if anchored, folderOnly { p += "/**" }
        self.pattern = pattern
        segments = p.split(separator: "/", omittingEmptySubsequences: true)
    }

    /// Whether the relative path `path` matches.
    public func matches(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        if anchored { return Self.match(segments[...], parts[...]) }
        guard let only = segments.first else { return false }
        let candidates = folderOnly ? parts.dropLast() : parts[...]
        return candidates.contains { Self.matchComponent(Array(only.utf8)[...], Array($0.utf8)[...]) }
    }

    /// The leading components without wildcards (`Pods/MyFork` for `Pods/MyFork/**`).
    public var literalPrefix: [Substring] {
        guard anchored else { return [] }
        return Array(segments.prefix { !$0.contains("*") && !$0.contains("?") })
    }

    /// Components against components, `**` standing for any run of them: the two-pointer
    /// wildcard match (backtrack only to the last `**`), so any number of `**` costs at most
    /// pattern × path component matches — never the exponential of a recursive match.
    static func match(_ pattern: ArraySlice<Substring>, _ path: ArraySlice<Substring>) -> Bool {
        let p = Array(pattern), s = Array(path)
        var pi = 0, si = 0, star = -1, mark = 0
        while si < s.count {
            if pi < p.count, p[pi] != "**", matchComponent(Array(p[pi].utf8)[...], Array(s[si].utf8)[...]) {
                pi += 1
                si += 1
            } else if pi < p.count, p[pi] == "**" {
                star = pi
                mark = si
                pi += 1
            } else if star >= 0 {
                pi = star + 1
                mark += 1
                si = mark
            } else {
                return false
            }
        }
        while pi < p.count, p[pi] == "**" { pi += 1 }
        return pi == p.count
    }

    /// `*` and `?` within one component, iteratively (no exponential backtracking).
    static func matchComponent(_ p: ArraySlice<UInt8>, _ s: ArraySlice<UInt8>) -> Bool {
        let p = Array(p), s = Array(s)
        var pi = 0, si = 0, star = -1, mark = 0
        while si < s.count {
            if pi < p.count, p[pi] == UInt8(ascii: "?") || p[pi] == s[si] {
                pi += 1
                si += 1
            } else if pi < p.count, p[pi] == UInt8(ascii: "*") {
                star = pi
                mark = si
                pi += 1
            } else if star >= 0 {
                pi = star + 1
                mark += 1
                si = mark
            } else {
                return false
            }
        }
        while pi < p.count, p[pi] == UInt8(ascii: "*") { pi += 1 }
        return pi == p.count
    }
}

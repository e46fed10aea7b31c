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

    /// Components against components, `**` standing for any run of them (`wildcard`).
    static func match(_ pattern: ArraySlice<Substring>, _ path: ArraySlice<Substring>) -> Bool {
        wildcard(Array(pattern), Array(path), isStar: { $0 == "**" },
                 matches: { p, s in matchComponent(Array(p.utf8)[...], Array(s.utf8)[...]) })
    }

    /// `*` and `?` within one component (`wildcard` over bytes).
    static func matchComponent(_ p: ArraySlice<UInt8>, _ s: ArraySlice<UInt8>) -> Bool {
        wildcard(Array(p), Array(s), isStar: { $0 == UInt8(ascii: "*") },
                 matches: { p, s in p == UInt8(ascii: "?") || p == s })
    }

    /// The two-pointer wildcard match, for bytes within a component and for components within
    /// a path: on a mismatch it backtracks only to the last star, so any number of stars costs
    /// at most pattern × subject steps — never the exponential of a recursive match.
    static func wildcard<P, S>(_ p: [P], _ s: [S], isStar: (P) -> Bool, matches: (P, S) -> Bool) -> Bool {
        var pi = 0, si = 0, star = -1, mark = 0
        while si < s.count {
            if pi < p.count, !isStar(p[pi]), matches(p[pi], s[si]) {
                pi += 1
                si += 1
            } else if pi < p.count, isStar(p[pi]) {
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
        while pi < p.count, isStar(p[pi]) { pi += 1 }
        return pi == p.count
    }
}

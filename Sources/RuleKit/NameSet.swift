import SourceLexing

/// Names asked about many tokens (a type's members, a rule's word list): a token's hash rules
/// most identifiers out — one bit of a word, then a set of hashes — before its text is made.
public struct NameSet: Sendable {
    private var bits: UInt64 = 0
    private var hashes: Set<UInt32> = []
    public private(set) var names: Set<String> = []

    public init(_ names: some Sequence<String>) {
        for name in names { insert(name) }
    }

    public mutating func insert(_ name: String) {
        let h = identifierHash(name)
        bits |= 1 << UInt64(h & 63)
        hashes.insert(h)
        names.insert(name)
    }

    /// Whether an identifier of this hash may be one of the names (false: it is none).
    @inline(__always) public func mayContain(hash: UInt32) -> Bool { bits & (1 << UInt64(hash & 63)) != 0 && hashes.contains(hash) }

    /// Whether token `i` of `file` is an identifier spelling one of the names.
    @inline(__always) public func contains(_ i: Int, in file: CodeFile) -> Bool {
        let t = file[i]
        return t.kind == .identifier && mayContain(hash: t.hash) && names.contains(file.text(i))
    }
}

extension CodeFile {
    /// Whether identifier `i` holds `needle` (lower-case ASCII) in any letter case, read on its
    /// bytes (`carplay` in `isCarPlayConnected`).
    public func spells(_ i: Int, caseless needle: StaticString) -> Bool {
        guard i >= 0, i < tokens.count, self[i].kind == .identifier else { return false }
        let t = tokens[i], n = needle.utf8CodeUnitCount
        let start = Int(t.start), end = t.end
        guard end - start >= n else { return false }
        let p = buffer.base, w = needle.utf8Start
        for s in start...(end - n) {
            var k = 0
            while k < n, p[s + k] | 0x20 == w[k] { k += 1 }
            if k == n { return true }
        }
        return false
    }
}

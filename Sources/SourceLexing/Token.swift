/// The two languages fleetscan lexes; Objective-C covers C, C++ and Objective-C++ too.
public enum Language: String, Sendable, CaseIterable, Codable {
    case swift
    case objectiveC = "objc"

    /// The language of a path by its extension, or nil when fleetscan does not read it.
    public init?(path: some StringProtocol) {
        guard let language = path.utf8.withContiguousStorageIfAvailable(Language.of) ?? Array(path.utf8).withUnsafeBufferPointer(Language.of)
        else { return nil }
        self = language
    }

    /// The language of the path in `bytes`: on bytes, because every file of a tree is asked.
    /// The extension follows the last `.` of the last component, and is at most five bytes long.
    private static func of(_ bytes: UnsafeBufferPointer<UInt8>) -> Language? {
        var ext: UInt64 = 0, length = 0
        for b in bytes.reversed() {
            if b == UInt8(ascii: ".") {
                if length == 5, ext == Language.swiftExtension { return .swift }
                return Language.objectiveCExtensions.contains(ext) ? .objectiveC : nil
            }
            if b == UInt8(ascii: "/") || length == 5 { return nil }
            ext = ext << 8 | UInt64(b)
            length += 1
        }
        return nil
    }

    private static let swiftExtension = packed("swift")
    private static let objectiveCExtensions: [UInt64] = ["m", "mm", "h", "hh", "hpp"].map(packed)

    /// An extension's bytes as one number, first byte lowest (as the loop above builds it).
    private static func packed(_ s: StaticString) -> UInt64 {
        var v: UInt64 = 0
        s.withUTF8Buffer { for b in $0.reversed() { v = v << 8 | UInt64(b) } }
        return v
    }
}

/// What a token is. Comments and dead code never become tokens.
public enum TokenKind: UInt8, Sendable {
    /// A name or keyword; `word` says which, when it is one the rules know.
    case identifier
    /// A numeric literal, including suffixes (`812.0f`, `0x1F`, `1_000`).
    case number
    /// A string or character literal, or one literal segment of an interpolated Swift string.
    case string
    /// Punctuation or an operator (maximal munch); `code` holds its first two bytes.
    case punct
    /// `@` and a name: Objective-C `@interface`, Swift `@objc`; `word` is the name's.
    case atWord
    /// Swift `#` and a name: `#selector`, `#available`; `word` is the name's.
    case hashWord
    /// Start of an Objective-C `#define` line; its body tokens follow, then `directiveEnd`.
    case directive
    /// End of the logical line of a `#define`.
    case directiveEnd
}

/// One token: where it is and what it is. 16 bytes; files hold millions.
public struct Token: Sendable, Equatable {
    /// Byte offset of the first byte.
    public var start: UInt32
    /// Length in bytes.
    public var length: UInt32
    /// Known word (identifiers, `@`/`#` words, directives) or punctuation code.
    public var code: UInt16
    public var kind: TokenKind
    /// `Token.Flags` bits.
    public var flags: UInt8
    /// Identifiers: `hashBytes` of the bytes (a word-at-a-time multiply-xorshift, not a
    /// stable cross-release hash), to match names the repository defines (aliases,
    /// constants, subclasses) without a string. Brackets: the index of the matching bracket
    /// (`UInt32.max` when unmatched). Other tokens: 0.
    public var hash: UInt32

    public init(start: Int, length: Int, kind: TokenKind, code: UInt16 = 0, flags: UInt8 = 0, hash: UInt32 = 0) {
        self.start = UInt32(truncatingIfNeeded: start)
        self.length = UInt32(truncatingIfNeeded: length)
        self.code = code
        self.kind = kind
        self.flags = flags
        self.hash = hash
    }

    public enum Flags {
        /// White space or a comment precedes the token.
        public static let spaceBefore: UInt8 = 1
        /// The token is the first on its line.
        public static let lineStart: UInt8 = 2
        /// The token is in the body of a `#define`.
        public static let inDirective: UInt8 = 4
    }

    @inline(__always) public var end: Int { Int(start) + Int(length) }
    /// For `(` `[` `{` and their closers, the index of the matching bracket; -1 otherwise.
    @inline(__always) public var pair: Int { kind == .punct && hash != UInt32.max && length == 1 && isBracket ? Int(hash) : -1 }
    @inline(__always) var isBracket: Bool {
        let c = UInt8(truncatingIfNeeded: code)
        return c == UInt8(ascii: "(") || c == UInt8(ascii: ")") || c == UInt8(ascii: "[") || c == UInt8(ascii: "]")
            || c == UInt8(ascii: "{") || c == UInt8(ascii: "}")
    }
    @inline(__always) public var word: Word { kind == .punct ? .none : Word.byCode(code) }
    @inline(__always) public var isIdentifier: Bool { kind == .identifier }
    @inline(__always) public var isLineStart: Bool { flags & Flags.lineStart != 0 }
    @inline(__always) public var hasSpaceBefore: Bool { flags & Flags.spaceBefore != 0 }
    @inline(__always) public var isInDirective: Bool { flags & Flags.inDirective != 0 }

    /// Whether this is the one-byte punctuation `c`.
    /// Whether this is the one-byte punctuation `c`, spelled as a character: `isPunct("(")`.
    @inline(__always) public func isPunct(_ c: Unicode.Scalar) -> Bool { isPunct(UInt8(c.value)) }

    /// Whether this is the two-byte punctuation `ab`: `isPunct("?", "?")`.
    @inline(__always) public func isPunct(_ a: Unicode.Scalar, _ b: Unicode.Scalar) -> Bool { isPunct(UInt8(a.value), UInt8(b.value)) }

    @inline(__always) public func isPunct(_ c: UInt8) -> Bool {
        kind == .punct && length == 1 && code == UInt16(c)
    }

    /// Whether this is the two-byte punctuation `a b`.
    @inline(__always) public func isPunct(_ a: UInt8, _ b: UInt8) -> Bool {
        kind == .punct && length == 2 && code == UInt16(a) | UInt16(b) << 8
    }

    /// Whether this is an identifier spelled `w`.
    @inline(__always) public func `is`(_ w: Word) -> Bool {
        kind == .identifier && code == w.rawValue
    }

    /// Comparison operators: `==` `!=` `<` `>` `<=` `>=` `===` `!==`.
    public var isComparison: Bool {
        guard kind == .punct else { return false }
        let a = UInt8(truncatingIfNeeded: code), b = UInt8(truncatingIfNeeded: code >> 8)
        switch length {
        case 1: return a == UInt8(ascii: "<") || a == UInt8(ascii: ">")
        case 2: return b == UInt8(ascii: "=") && (a == UInt8(ascii: "=") || a == UInt8(ascii: "!") || a == UInt8(ascii: "<") || a == UInt8(ascii: ">"))
        case 3: return b == UInt8(ascii: "=") && (a == UInt8(ascii: "=") || a == UInt8(ascii: "!"))
        default: return false
        }
    }

    /// Assignment operators: `=` and compound ones (`+=`, `-=`, …), not comparisons.
    public var isAssignment: Bool {
        guard kind == .punct else { return false }
        let a = UInt8(truncatingIfNeeded: code), b = UInt8(truncatingIfNeeded: code >> 8)
        if length == 1 { return a == UInt8(ascii: "=") }
        if length == 2, b == UInt8(ascii: "=") {
            return a == UInt8(ascii: "+") || a == UInt8(ascii: "-") || a == UInt8(ascii: "*") || a == UInt8(ascii: "/")
        }
        return false
    }
}

/// The hash every identifier carries: eight bytes at a time, multiplied and folded. `p` must
/// be readable for 8 bytes past `count` (source buffers are padded with zeros).
@inline(__always) public func hashBytes(_ p: UnsafePointer<UInt8>, _ count: Int) -> UInt32 {
    var h: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: count)
    var i = 0
    let raw = UnsafeRawPointer(p)
    while i + 8 <= count {
        h = (h ^ raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
        h ^= h >> 29
        i += 8
    }
    if i < count {
        let tail = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & (UInt64.max >> UInt64(64 - 8 * (count - i)))
        h = (h ^ tail) &* 0xC4CE_B9FE_1A85_EC53
        h ^= h >> 32
    }
    return UInt32(truncatingIfNeeded: h ^ (h >> 32))
}

/// The hash of a name, the same as the lexer computes for an identifier spelled `name`.
public func identifierHash(_ name: String) -> UInt32 {
    var bytes = Array(name.utf8)
    let count = bytes.count
    bytes += [UInt8](repeating: 0, count: 8)
    return bytes.withUnsafeBufferPointer { hashBytes($0.baseAddress!, count) }
}

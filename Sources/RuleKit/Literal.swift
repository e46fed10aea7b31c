/// Text whose occurrence makes a file worth analysing (the prefilter's unit). Comments and
/// strings match too: a false candidate only costs an analysis. A literal must be a necessary
/// condition of what it stands for — a file it does not occur in holds none of it — so a
/// check may only ever accept too much: where a comment could hide what it looks for, it accepts.
/// (Not `indirect`: `all` holds its parts in an array, which is indirection enough, and a boxed
/// case's pointer carries the case in its spare bits, which LeakSanitizer cannot follow — the
/// fuzz targets reported every literal a static holds as leaked.)
public enum Literal: Hashable, Sendable {
    /// An identifier, as a whole word.
    case word(String)
    /// A type's declaration or extension: `class Name`, `extension Name`, `@interface Name`,
    /// `@implementation Name`, …, where `check` (when given) accepts the name's occurrence.
    case declaration(String, check: LiteralCheck? = nil)
    /// Text in any case of its ASCII letters, anywhere (`wholeWord`: as a whole word).
    case caseless(String, wholeWord: Bool)
    /// `text` (`caseless`: its ASCII letters in either case), where `check` accepts the occurrence:
    /// the identifier it is part of, what comes before or after it.
    case checked(String, caseless: Bool, check: LiteralCheck)
    /// Every one of `parts` somewhere in the file, in any order (none of them an `all`).
    case all([Literal])
}

/// A test of one occurrence of a checked literal, on the file's bytes and the occurrence's
/// range in them. Checks are told apart by `name`: two with one name must test alike.
public struct LiteralCheck: Hashable, Sendable {
    public let name: String
    /// Whether only a whole identifier is checked (the literal's text is not part of a longer
    /// name): such a literal can be answered from a file's identifiers (`IdentifierIndex`).
    public let wholeWord: Bool
    public let accepts: @Sendable (_ bytes: UnsafeRawBufferPointer, _ match: Range<Int>) -> Bool

    public init(_ name: String, wholeWord: Bool = false, _ accepts: @escaping @Sendable (_ bytes: UnsafeRawBufferPointer, _ match: Range<Int>) -> Bool) {
        self.name = name
        self.wholeWord = wholeWord
        self.accepts = accepts
    }

    public static func == (a: LiteralCheck, b: LiteralCheck) -> Bool { a.name == b.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

/// Byte-level reading for checks: identifiers as the lexers delimit them, and the space between
/// tokens, where a `/` may open a comment (which a check cannot see past, so it accepts).
public enum LiteralBytes {
    /// Letters, digits, `_`, `$` and every byte of a multi-byte character, as the lexers read identifiers.
    @inline(__always) public static func isIdentifier(_ b: UInt8) -> Bool {
        (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39) || b == 0x5F || b == 0x24 || b >= 0x80
    }

    @inline(__always) public static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || (b >= 0x09 && b <= 0x0D) }

    /// Whether `match` is a whole identifier.
    public static func isWholeWord(_ match: Range<Int>, in bytes: UnsafeRawBufferPointer) -> Bool {
        (match.lowerBound == 0 || !isIdentifier(bytes[match.lowerBound - 1])) && (match.upperBound == bytes.count || !isIdentifier(bytes[match.upperBound]))
    }

    /// The identifier `match` is part of.
    public static func identifier(around match: Range<Int>, in bytes: UnsafeRawBufferPointer) -> Range<Int> {
        var s = match.lowerBound, e = match.upperBound
        while s > 0, isIdentifier(bytes[s - 1]) { s -= 1 }
        while e < bytes.count, isIdentifier(bytes[e]) { e += 1 }
        return s..<e
    }

    /// The first byte at or after `i` that is not white space and not one of `skipping`, or nil
    /// at the end (where it is a `/`, a comment may start there: checks accept).
    public static func next(from i: Int, in bytes: UnsafeRawBufferPointer, skipping: [UInt8] = []) -> (index: Int, byte: UInt8)? {
        var i = i
        while i < bytes.count, isSpace(bytes[i]) || skipping.contains(bytes[i]) { i += 1 }
        return i < bytes.count ? (i, bytes[i]) : nil
    }

    /// The last byte before `i` that is not white space, or nil at the start.
    public static func previous(before i: Int, in bytes: UnsafeRawBufferPointer) -> (index: Int, byte: UInt8)? {
        var i = i
        while i > 0, isSpace(bytes[i - 1]) { i -= 1 }
        return i > 0 ? (i - 1, bytes[i - 1]) : nil
    }

    /// Whether `word` starts at `i` as a whole identifier.
    public static func word(_ word: StaticString, at i: Int, in bytes: UnsafeRawBufferPointer) -> Bool {
        let n = word.utf8CodeUnitCount
        guard i + n <= bytes.count else { return false }
        let w = UnsafeRawBufferPointer(start: word.utf8Start, count: n)
        for j in 0..<n where bytes[i + j] != w[j] { return false }
        return i + n == bytes.count || !isIdentifier(bytes[i + n])
    }

    /// The identifier that ends right before `i` across white space, and across a backtick and a
    /// dotted qualifier (`extension UIKit.UIView`: `extension`); nil where none does.
    public static func keyword(before i: Int, in bytes: UnsafeRawBufferPointer) -> Range<Int>? {
        var p = i
        if p > 0, bytes[p - 1] == UInt8(ascii: "`") { p -= 1 }
        if p > 0, bytes[p - 1] == UInt8(ascii: ".") {
            while p > 0, isIdentifier(bytes[p - 1]) || bytes[p - 1] == UInt8(ascii: ".") { p -= 1 }
        }
        while p > 0, isSpace(bytes[p - 1]) { p -= 1 }
        var s = p
        while s > 0, isIdentifier(bytes[s - 1]) { s -= 1 }
        return s < p ? s..<p : nil
    }

    /// Whether `i` is inside a Swift type's body (`public enum L10n {` … `enum View {`), read from
    /// the start of the bytes: braces outside comments and strings, a brace a type's when the line
    /// before it declares one (`class`, `struct`, `enum`, `protocol`, `actor`, `extension`) and no
    /// function, property or initializer. False wherever the reading is unsure (a raw string, an
    /// interpolation holding a string or a brace, an unterminated comment or string, a `}` with
    /// none open), so a check that skips what this says is nested still accepts too much, never
    /// too little.
    public static func isInSwiftTypeBody(_ i: Int, in bytes: UnsafeRawBufferPointer) -> Bool {
        let quote = UInt8(ascii: "\""), slash = UInt8(ascii: "/"), star = UInt8(ascii: "*"), backslash = UInt8(ascii: "\\")
        var open: [Bool] = []  // each open brace: whether it is a type's
        var declaresType = false, declaresOther = false, parens = 0
        var p = 0
        let end = min(i, bytes.count)
        func newStatement() { declaresType = false; declaresOther = false }
        while p < end {
            let b = bytes[p]
            switch b {
            case slash where p + 1 < bytes.count && bytes[p + 1] == slash:
                while p < bytes.count, bytes[p] != 0x0A { p += 1 }
                continue
            case slash where p + 1 < bytes.count && bytes[p + 1] == star:
                var depth = 1
                p += 2
                while p + 1 < bytes.count, depth > 0 {
                    if bytes[p] == slash, bytes[p + 1] == star { depth += 1; p += 2 } else if bytes[p] == star, bytes[p + 1] == slash { depth -= 1; p += 2 } else { p += 1 }
                }
                guard depth == 0, p <= end else { return false }
                continue
            case quote:
                let triple = p + 2 < bytes.count && bytes[p + 1] == quote && bytes[p + 2] == quote
                p += triple ? 3 : 1
                var closed = false
                while p < bytes.count {
                    let c = bytes[p]
                    if c == backslash {
                        if p + 1 < bytes.count, bytes[p + 1] == UInt8(ascii: "(") {
                            // An interpolation: plain expressions only.
                            var depth = 1
                            p += 2
                            while p < bytes.count, depth > 0 {
                                switch bytes[p] {
                                case UInt8(ascii: "("): depth += 1
                                case UInt8(ascii: ")"): depth -= 1
                                case quote, UInt8(ascii: "{"), UInt8(ascii: "}"), 0x0A: return false
                                default: break
                                }
                                p += 1
                            }
                            continue
                        }
                        p += 2
                        continue
                    }
                    if c == 0x0A, !triple { return false }
                    if c == quote, !triple || (p + 2 < bytes.count && bytes[p + 1] == quote && bytes[p + 2] == quote) {
                        p += triple ? 3 : 1
                        closed = true
                        break
                    }
                    p += 1
                }
                guard closed, p <= end else { return false }
                continue
            case UInt8(ascii: "#") where p + 1 < bytes.count && (bytes[p + 1] == quote || bytes[p + 1] == UInt8(ascii: "#")),
                 UInt8(ascii: "'"):
                return false
            case UInt8(ascii: "{"):
                open.append(declaresType && !declaresOther)
                newStatement()
            case UInt8(ascii: "}"):
                guard open.popLast() != nil else { return false }
                newStatement()
            case UInt8(ascii: ";"):
                newStatement()
            case 0x0A where parens == 0:
                newStatement()
            case UInt8(ascii: "("): parens += 1
            case UInt8(ascii: ")"): parens = max(0, parens - 1)
            case UInt8(ascii: "="):
                declaresOther = true
            default:
                guard isIdentifier(b) else { break }
                let start = p
                while p < end, isIdentifier(bytes[p]) { p += 1 }
                let before = start > 0 ? bytes[start - 1] : 0
                guard before != UInt8(ascii: "."), before != UInt8(ascii: "`") else { continue }
                if word("class", at: start, in: bytes) || word("struct", at: start, in: bytes) || word("enum", at: start, in: bytes)
                    || word("protocol", at: start, in: bytes) || word("actor", at: start, in: bytes) || word("extension", at: start, in: bytes) {
                    declaresType = true
                } else if word("func", at: start, in: bytes) || word("var", at: start, in: bytes) || word("let", at: start, in: bytes)
                    || word("init", at: start, in: bytes) || word("subscript", at: start, in: bytes) || word("deinit", at: start, in: bytes) {
                    declaresOther = true
                }
                continue
            }
            p += 1
        }
        return open.contains(true)
    }

    /// The text of `range`, for a check that asks what an identifier says.
    public static func text(_ range: Range<Int>, in bytes: UnsafeRawBufferPointer) -> String {
        String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }
}

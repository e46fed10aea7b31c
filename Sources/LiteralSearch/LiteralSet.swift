// Literal search through Hyperscan's API (Debian's libvectorscan-dev, the portable fork, loaded on
// first use: LibHS.swift), the only importer of CVectorscan. A set of patterns is compiled once
// into (at most) two databases — literals through Hyperscan's literal compiler, which takes
// milliseconds for thousands of them, and regular expressions, which take about a millisecond each
// — and a scan asks whether any pattern occurs in a buffer and stops at the first match, which is
// what a prefilter needs (ripgrep rules most bytes out the same way before any real work runs).
// A set of whole words only is not compiled at all: its words are looked up (WordTable.swift).
import CVectorscan
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A pattern set that could not be compiled or scanned, with Hyperscan's own words.
public struct LiteralSearchError: Error, CustomStringConvertible, Sendable {
    /// The pattern Hyperscan refused, when it names one.
    public var pattern: String?
    public var message: String
    public var description: String { pattern.map { "pattern \($0): \(message)" } ?? message }
}

/// What a checked pattern's match must also satisfy, tested on the buffer around it: the
/// match's byte range in `bytes`. Checks are told apart by `name` (two with one name must test
/// alike), so patterns holding them stay comparable.
public struct MatchCheck: Hashable, Sendable, CustomStringConvertible {
    public let name: String
    public let accepts: @Sendable (_ bytes: UnsafeRawBufferPointer, _ match: Range<Int>) -> Bool

    public init(_ name: String, _ accepts: @escaping @Sendable (_ bytes: UnsafeRawBufferPointer, _ match: Range<Int>) -> Bool) {
        self.name = name
        self.accepts = accepts
    }

    public static func == (a: MatchCheck, b: MatchCheck) -> Bool { a.name == b.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
    public var description: String { name }
}

/// Patterns compiled into Hyperscan block-mode databases.
public final class LiteralSet: Sendable {
    /// What one entry of a set matches. Word characters are ASCII letters, digits and `_`, as
    /// in Hyperscan's own `\b` and `\w`; text is matched as UTF-8 bytes.
    public enum Pattern: Hashable, Sendable {
        /// `text` as it is (`caseless`: ASCII letters in either case). `wholeWord`: where an
        /// end of `text` is a word character, the byte beyond it is not one (`\b`; a non-word
        /// end is left open, which can only match more).
        case literal(String, wholeWord: Bool = true, caseless: Bool = false)
        /// `name` as a whole word right after one of `keywords` (a whole word): across
        /// whitespace, a dotted qualifier and a backtick — `class Name`, `extension UIKit.Name`,
        /// `` struct `Name` ``, `@interface Name`. The same as the expression
        /// `\b(?:k1|k2…)\s+(?:[\w.]+\.)?`?\bName\b`, at the cost of a literal.
        /// `check`, when given, must accept the name's match too.
        case declared(String, after: [String], check: MatchCheck? = nil)
        /// `text` (`caseless`: its ASCII letters in either case) where `check` accepts the match:
        /// what a literal cannot say of its surroundings (the identifier it is part of, what
        /// follows it), at the cost of a call per occurrence.
        /// `wholeWord`: as `literal`'s, tested before the check.
        case checked(String, caseless: Bool = false, wholeWord: Bool = false, check: MatchCheck)
        /// A regular expression in Hyperscan's syntax.
        case regex(String)
        /// Every one of `parts` somewhere in the buffer, in any order, each as it matches alone
        /// (no part may be an `all` itself).
        case all([Pattern])
    }

    /// The patterns, in the order given (a match reports its index).
    public let patterns: [Pattern]
    /// Literal, declared and checked patterns — the parts of `all` patterns among them, each
    /// once — by atom index (the literal database's ids).
    private let literals: Database?
    /// The same atoms when every one is a whole word matched as it is (`WordTable`), instead of
    /// `literals`: no database is compiled for them.
    private let words: WordTable?
    /// Regular expressions, by atom index.
    private let expressions: Database?
    /// What a literal match must also satisfy, by atom index.
    private let checks: [Check]
    /// Per atom, the patterns whose match it makes (or, for a part, may make) complete.
    private let users: [[Int]]
    /// Per pattern, the atoms that must all occur for an `all` pattern, nil for the others.
    private let parts: [[Int]?]
    /// A scratch space that fits every database, never scanned with: each scan clones its own
    /// (a few KB, a microsecond), so parallel scans share nothing and no lock is needed. Nil
    /// when no database was compiled (a set of whole words only).
    private let prototype: Handle?

    /// A pointer Hyperscan owns. Sendable because neither a database nor the prototype scratch
    /// space is ever written once made: a database is read-only once compiled (Hyperscan
    /// documents concurrent scans of one database as safe), and the prototype is only read, by
    /// `hs_clone_scratch`; the scratch a scan writes is its own clone.
    private struct Handle: @unchecked Sendable { let pointer: OpaquePointer }

    private final class Database: Sendable {
        let handle: Handle
        init(_ pointer: OpaquePointer) { handle = Handle(pointer: pointer) }
        deinit { _ = lib.hs_free_database(handle.pointer) }
    }

    private struct Check: Sendable {
        var length = 0
        /// `\b` before and after the match.
        var left = false, right = false
        /// Keywords one of which must come before (declared patterns).
        var after: [[UInt8]] = []
        /// What a checked pattern's match must satisfy.
        var custom: MatchCheck? = nil
    }

    /// Whether Hyperscan is installed and runs on this processor (it needs SSSE3 on x86-64).
    public static var platformSupported: Bool {
        guard case .success(let lib) = LibHS.loaded else { return false }
        return lib.hs_valid_platform() == HS_SUCCESS
    }

    public init(_ patterns: [Pattern]) throws(LiteralSearchError) {
        guard !patterns.isEmpty else { throw LiteralSearchError(message: "no patterns to compile") }
        // The library is loaded here: without it no set is made, and the caller scans without one.
        _ = try LibHS.loaded.get()
        guard Self.platformSupported else {
            throw LiteralSearchError(message: "Hyperscan does not run on this processor (it needs SSSE3 on x86-64)")
        }
        self.patterns = patterns
        // Atoms: what Hyperscan searches for. A pattern is one atom, an `all` pattern several,
        // and an atom two patterns share is searched for once.
        var atoms: [Pattern] = [], atomIndex: [Pattern: Int] = [:], users: [[Int]] = [], parts: [[Int]?] = []
        func atom(_ p: Pattern, of pattern: Int) -> Int {
            let a = atomIndex[p] ?? { atoms.append(p); users.append([]); atomIndex[p] = atoms.count - 1; return atoms.count - 1 }()
            if users[a].last != pattern { users[a].append(pattern) }
            return a
        }
        for (i, p) in patterns.enumerated() {
            guard case .all(let all) = p else { _ = atom(p, of: i); parts.append(nil); continue }
            if all.isEmpty { throw LiteralSearchError(pattern: "\(p)", message: "an empty conjunction matches everywhere") }
            if all.contains(where: { if case .all = $0 { return true } else { return false } }) {
                throw LiteralSearchError(pattern: "\(p)", message: "a conjunction's parts cannot be conjunctions")
            }
            parts.append(all.map { atom($0, of: i) })
        }
        var checks = [Check](repeating: Check(), count: atoms.count)
        var texts: [(id: Int, bytes: [UInt8], caseless: Bool)] = []
        var regexes: [(id: Int, expression: String)] = []
        for (i, p) in atoms.enumerated() {
            switch p {
            case .literal(let text, let whole, let caseless):
                let bytes = Array(text.utf8)
                checks[i] = Check(length: bytes.count, left: whole && Self.isWord(bytes.first), right: whole && Self.isWord(bytes.last))
                texts.append((i, bytes, caseless))
            case .declared(let name, let keywords, let check):
                let bytes = Array(name.utf8)
                checks[i] = Check(length: bytes.count, left: Self.isWord(bytes.first), right: Self.isWord(bytes.last),
                                  after: keywords.map { Array($0.utf8) }, custom: check)
                texts.append((i, bytes, false))
            case .checked(let text, let caseless, let whole, let check):
                let bytes = Array(text.utf8)
                checks[i] = Check(length: bytes.count, left: whole && Self.isWord(bytes.first), right: whole && Self.isWord(bytes.last), custom: check)
                texts.append((i, bytes, caseless))
            case .regex(let expression):
                regexes.append((i, expression))
            case .all:
                preconditionFailure("conjunctions were taken apart above")
            }
        }
        if let empty = texts.first(where: { $0.bytes.isEmpty }) {
            throw LiteralSearchError(pattern: "\(atoms[empty.id])", message: "an empty literal matches everywhere")
        }
        self.checks = checks
        self.users = users
        self.parts = parts
        // Whole words only (no caseless text, no open end but a non-word prefix's, no expression):
        // looked up, not compiled.
        let split = texts.map { t -> (id: Int, prefix: [UInt8], word: [UInt8])? in
            guard !t.caseless, checks[t.id].right, let (prefix, word) = WordTable.split(t.bytes), !prefix.isEmpty || checks[t.id].left else { return nil }
            return (t.id, prefix, word)
        }
        let wholeWords = regexes.isEmpty && !texts.isEmpty && split.allSatisfy { $0 != nil }
        words = wholeWords ? WordTable(split.map { $0! }) : nil
        literals = try texts.isEmpty || wholeWords ? nil : Self.compile(texts.map(\.id), patterns: atoms) { ids, db, error in
            let cStrings = texts.map { t in t.bytes.withUnsafeBufferPointer { b in
                let p = UnsafeMutablePointer<CChar>.allocate(capacity: max(1, b.count))
                b.withMemoryRebound(to: CChar.self) { if let base = $0.baseAddress { p.update(from: base, count: b.count) } }
                return p
            } }
            defer { cStrings.forEach { $0.deallocate() } }
            let lengths = texts.map(\.bytes.count)
            let flags = texts.map { $0.caseless ? UInt32(HS_FLAG_CASELESS) : 0 }
            return cStrings.map { UnsafePointer($0) }.withUnsafeBufferPointer { expressions in
                lib.hs_compile_lit_multi(expressions.baseAddress, flags, ids, lengths, UInt32(texts.count), UInt32(HS_MODE_BLOCK), nil, &db, &error)
            }
        }
        expressions = try regexes.isEmpty ? nil : Self.compile(regexes.map(\.id), patterns: atoms) { ids, db, error in
            let cStrings = regexes.map { strdup($0.expression) }
            defer { cStrings.forEach { free($0) } }
            let flags = [UInt32](repeating: UInt32(HS_FLAG_SINGLEMATCH), count: regexes.count)
            return cStrings.map { UnsafePointer($0) }.withUnsafeBufferPointer { expressions in
                lib.hs_compile_multi(expressions.baseAddress, flags, ids, UInt32(regexes.count), UInt32(HS_MODE_BLOCK), nil, &db, &error)
            }
        }
        // One scratch space fits both databases.
        var scratch: OpaquePointer?
        let databases = [literals, expressions].compactMap { $0 }
        for db in databases where lib.hs_alloc_scratch(db.handle.pointer, &scratch) != HS_SUCCESS {
            if let scratch { _ = lib.hs_free_scratch(scratch) }
            throw LiteralSearchError(message: "cannot allocate Hyperscan scratch space")
        }
        if databases.isEmpty {
            prototype = nil
        } else {
            guard let scratch else { throw LiteralSearchError(message: "cannot allocate Hyperscan scratch space") }
            prototype = Handle(pointer: scratch)
        }
    }

    /// Runs one Hyperscan compiler over the patterns `ids` name, turning its error into ours.
    private static func compile(_ ids: [Int], patterns: [Pattern],
                                _ body: ([UInt32], inout OpaquePointer?, inout UnsafeMutablePointer<hs_compile_error_t>?) -> hs_error_t)
        throws(LiteralSearchError) -> Database {
        var db: OpaquePointer?
        var compileError: UnsafeMutablePointer<hs_compile_error_t>?
        let status = body(ids.map { UInt32($0) }, &db, &compileError)
        guard status == HS_SUCCESS, let db else {
            var error = LiteralSearchError(message: "cannot compile the patterns (Hyperscan error \(status))")
            if let compileError {
                error.message = String(cString: compileError.pointee.message)
                let which = Int(compileError.pointee.expression)
                if which >= 0, which < ids.count { error.pattern = "\(patterns[ids[which]])" }
                _ = lib.hs_free_compile_error(compileError)
            }
            throw error
        }
        return Database(db)
    }

    deinit {
        if let prototype { _ = lib.hs_free_scratch(prototype.pointer) }
    }

    /// Whether any pattern occurs in `bytes`; the scan stops at the first match.
    public func matchesAny(_ bytes: UnsafeRawBufferPointer) throws(LiteralSearchError) -> Bool {
        var found = false
        try scan(bytes, stopAtFirst: true) { _ in found = true }
        return found
    }

    /// The indices of the patterns that occur in `bytes`, in increasing order.
    public func matches(in bytes: UnsafeRawBufferPointer) throws(LiteralSearchError) -> [Int] {
        var seen: [Bool] = Array(repeating: false, count: patterns.count)
        try scan(bytes, stopAtFirst: false) { seen[$0] = true }
        return seen.indices.filter { seen[$0] }
    }

    /// Calls `onMatch` with the index of each pattern that matches (once per pattern, or only
    /// the first when `stopAtFirst`).
    private func scan(_ bytes: UnsafeRawBufferPointer, stopAtFirst: Bool, onMatch: (Int) -> Void) throws(LiteralSearchError) {
        guard bytes.count <= Int(UInt32.max) else { throw LiteralSearchError(message: "a buffer of \(bytes.count) bytes is too large to scan") }
        var scratch: Handle? = nil
        if let prototype {
            var clone: OpaquePointer?
            guard lib.hs_clone_scratch(prototype.pointer, &clone) == HS_SUCCESS, let clone else {
                throw LiteralSearchError(message: "cannot allocate Hyperscan scratch space")
            }
            scratch = Handle(pointer: clone)
        }
        defer { if let scratch { _ = lib.hs_free_scratch(scratch.pointer) } }
        var seen = [Bool](repeating: false, count: checks.count), matched = [Bool](repeating: false, count: patterns.count)
        var stopped = false
        // An atom found: every pattern it completes matches (an `all` once its last part is found).
        func accept(_ id: Int, _ end: Int) -> Bool {
            guard !seen[id], verify(id, end: end, in: bytes) else { return false }
            seen[id] = true
            var stop = false
            for p in users[id] where !matched[p] {
                if let all = parts[p], !all.allSatisfy({ seen[$0] }) { continue }
                matched[p] = true
                onMatch(p)
                stop = stop || stopAtFirst
            }
            return stop
        }
        if let words { stopped = words.scan(bytes, accept) }
        for db in [literals, expressions] {
            guard let db, let scratch, !stopped else { continue }
            let status = Self.run(db, bytes, scratch, accept)
            guard status == HS_SUCCESS || status == HS_SCAN_TERMINATED else {
                throw LiteralSearchError(message: "scan failed (Hyperscan error \(status))")
            }
            stopped = status == HS_SCAN_TERMINATED
        }
    }

    /// One `hs_scan`; `accept(id, end)` says whether to stop.
    private static func run(_ db: Database, _ bytes: UnsafeRawBufferPointer, _ scratch: Handle, _ accept: (Int, Int) -> Bool) -> hs_error_t {
        withoutActuallyEscaping(accept) { accept in
            var context = accept
            return withUnsafeMutablePointer(to: &context) { pointer in
                // An empty buffer has no base address; Hyperscan still wants a pointer.
                let data = bytes.baseAddress?.assumingMemoryBound(to: CChar.self) ?? UnsafePointer<CChar>(bitPattern: 1)!
                return lib.hs_scan(db.handle.pointer, data, UInt32(bytes.count), 0, scratch.pointer, { id, _, to, _, raw in
                    raw!.assumingMemoryBound(to: ((Int, Int) -> Bool).self).pointee(Int(id), Int(to)) ? 1 : 0
                }, pointer)
            }
        }
    }

    /// Whether the match of atom `id` ending at `end` stands: its word boundaries, for a
    /// declared name the keyword before it, for a checked one its check. Regular expressions
    /// stand as Hyperscan found them.
    private func verify(_ id: Int, end: Int, in bytes: UnsafeRawBufferPointer) -> Bool {
        let c = checks[id]
        guard c.length > 0 else { return true }
        let start = end - c.length
        if c.left, start > 0, Self.isWord(bytes[start - 1]) { return false }
        if c.right, end < bytes.count, Self.isWord(bytes[end]) { return false }
        guard !c.after.isEmpty else { return c.custom?.accepts(bytes, start..<end) ?? true }
        return Self.follows(keywords: c.after, name: start, in: bytes) && (c.custom?.accepts(bytes, start..<end) ?? true)
    }

    /// Whether one of `keywords` (a whole word) comes before the name starting at `start`, across
    /// white space, a dotted qualifier and a backtick: what a `declared` pattern's match must satisfy.
    static func follows(keywords: [[UInt8]], name start: Int, in bytes: UnsafeRawBufferPointer) -> Bool {
        // Backwards: an optional backtick, an optional qualifier (`[\w.]+\.`), whitespace, a keyword.
        var p = start
        if p > 0, bytes[p - 1] == UInt8(ascii: "`") { p -= 1 }
        if p > 0, bytes[p - 1] == UInt8(ascii: ".") {
            var q = p - 1
            while q > 0, Self.isWord(bytes[q - 1]) || bytes[q - 1] == UInt8(ascii: ".") { q -= 1 }
            guard p - q >= 2 else { return false }
            p = q
        }
        let spaceEnd = p
        while p > 0, Self.isSpace(bytes[p - 1]) { p -= 1 }
        guard p < spaceEnd else { return false }
        return keywords.contains { k in
            guard p >= k.count else { return false }
            let from = p - k.count
            for (j, b) in k.enumerated() where bytes[from + j] != b { return false }
            return from == 0 || !Self.isWord(bytes[from - 1]) || !Self.isWord(k.first)
        }
    }

    // MARK: Bytes

    static func isWord(_ b: UInt8?) -> Bool {
        guard let b else { return false }
        return (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F
    }

    /// Hyperscan's `\s`: space, tab, line feed, vertical tab, form feed, carriage return.
    static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || (b >= 0x09 && b <= 0x0D) }

    /// `text` with every character that means something in a regular expression escaped, and
    /// non-ASCII bytes written `\xHH` (patterns match bytes, not characters).
    public static func escaped(_ text: String) -> String {
        var out = ""
        for b in text.utf8 {
            if isWord(b) {
                out.unicodeScalars.append(Unicode.Scalar(b))
            } else if b < 0x80 {
                out += "\\" + String(Unicode.Scalar(b))
            } else {
                out += "\\x" + String(b, radix: 16, uppercase: true)
            }
        }
        return out
    }
}

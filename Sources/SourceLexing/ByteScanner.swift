#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The state both lexers share: position, output, `#if` liveness and the suppression scan.
/// Everything is a loop over a pointer; nothing recurses, so no input can exhaust the stack.
struct ByteScanner {
    let buffer: SourceBuffer
    let p: UnsafePointer<UInt8>
    let n: Int
    let cls = ByteClass.table
    let words = WordTable.shared
    var i = 0
    var tokens: [Token] = []
    var suppressions: [SuppressionComment] = []
    var problems: [LexProblem] = []
    /// Flags for the next token.
    var pending: UInt8 = Token.Flags.lineStart
    /// Inside the body of an Objective-C `#define`.
    var inDirective = false
    /// `#if` frames: whether the enclosing code is live, and whether this branch is.
    var conditions: [(parentLive: Bool, branchLive: Bool, offset: Int)] = []
    var live = true
    /// The open chains' current branch: where it started, its condition, the ones before it.
    var chains: [(start: Int, own: String?, previous: [String])] = []
    var branches: [ConditionalBranch] = []
    /// Token indexes of `#define` directives.
    var defines: [Int32] = []
    /// Open brackets (token indexes), and where the current `#define` body's begin.
    var brackets: [Int32] = []
    var directiveBase: Int? = nil

    init(buffer: SourceBuffer) {
        self.buffer = buffer
        self.p = UnsafePointer(buffer.base)
        self.n = buffer.count
        tokens.reserveCapacity(buffer.count / 3 + 16)
        // A UTF-8 byte order mark is not code.
        if n >= 3, p[0] == 0xEF, p[1] == 0xBB, p[2] == 0xBF { i = 3 }
    }

    @inline(__always) func byteClass(_ b: UInt8) -> UInt8 { cls[Int(b)] & 0x0F }

    /// Skips a run of spaces, tabs and (when `newlines`) line breaks: indentation is a good
    /// share of every source file's bytes.
    @inline(__always) mutating func skipSpace() {
        var j = i + 1
        var sawNewline = false
        while j < n {
            let c = p[j]
            if c == 32 || c == 9 || c == 13 { j += 1; continue }
            if c == 10, !inDirective { sawNewline = true; j += 1; continue }
            break
        }
        if p[i] == 10 { sawNewline = true }
        i = j
        pending |= sawNewline ? Token.Flags.spaceBefore | Token.Flags.lineStart : Token.Flags.spaceBefore
    }
    @inline(__always) func continuesIdentifier(_ b: UInt8) -> Bool { cls[Int(b)] & ByteClass.identContinue != 0 }
    @inline(__always) func continuesOperator(_ b: UInt8) -> Bool { cls[Int(b)] & ByteClass.opContinue != 0 }

    // MARK: Emitting

    @inline(__always) mutating func emit(_ start: Int, _ end: Int, _ kind: TokenKind, code: UInt16 = 0, hash: UInt32 = 0) {
        if live {
            var flags = pending
            if inDirective { flags |= Token.Flags.inDirective }
            tokens.append(Token(start: start, length: end - start, kind: kind, code: code, flags: flags, hash: hash))
            if kind == .directive {
                directiveBase = brackets.count
            } else if kind == .directiveEnd, let base = directiveBase {
                brackets.removeSubrange(base...)
                directiveBase = nil
            }
        }
        pending = 0
    }

    mutating func emitPunct(_ start: Int, _ end: Int) {
        let a = UInt16(p[start]), b = end - start > 1 ? UInt16(p[start + 1]) : 0
        emit(start, end, .punct, code: a | b << 8, hash: UInt32.max)
        if live, end - start == 1 { pairBracket(UInt8(a)) }
    }

    /// Pairs the bracket just emitted with its opener, recovering from imbalance: a closer
    /// finds the nearest opener of its kind (dropping unclosed ones above it), but a `)` or
    /// `]` never closes across an open `{`. A `#define` body is matched on its own.
    @inline(__always) mutating func pairBracket(_ c: UInt8) {
        let k = Int32(tokens.count - 1)
        switch c {
        case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
            brackets.append(k)
        case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
            let want: UInt8 = c == UInt8(ascii: ")") ? UInt8(ascii: "(") : c == UInt8(ascii: "]") ? UInt8(ascii: "[") : UInt8(ascii: "{")
            let floor = directiveBase ?? 0
            var s = brackets.count - 1
            while s >= floor, UInt8(truncatingIfNeeded: tokens[Int(brackets[s])].code) != want { s -= 1 }
            guard s >= floor else { return }
            if c != UInt8(ascii: "}") {
                for q in (s + 1)..<brackets.count where UInt8(truncatingIfNeeded: tokens[Int(brackets[q])].code) == UInt8(ascii: "{") {
                    return
                }
            }
            let o = brackets[s]
            tokens[Int(o)].hash = UInt32(k)
            tokens[Int(k)].hash = UInt32(o)
            brackets.removeSubrange(s...)
        default:
            break
        }
    }

    /// Scans an identifier from `i`; returns its end, hash and word code.
    @inline(__always) mutating func scanIdentifier() -> (end: Int, hash: UInt32, code: UInt16) {
        let start = i
        var j = i + 1
        while j < n, cls[Int(p[j])] & ByteClass.identContinue != 0 { j += 1 }
        i = j
        let h = hashBytes(p + start, j - start)
        return (j, h, words.lookup(p + start, j - start, hash: h))
    }

    mutating func lexIdentifier() {
        let start = i
        let (end, hash, code) = scanIdentifier()
        emit(start, end, .identifier, code: code, hash: hash)
    }

    /// Numbers, with suffixes, exponents and separators, in one token. In C a `.` after digits
    /// always continues the number (`88.f`, `1.`); in Swift only when a digit follows (`x.0.1`).
    mutating func lexNumber(cDot: Bool = false) {
        let start = i
        var j = i + 1
        let hex = p[i] == UInt8(ascii: "0") && (p[j] | 0x20) == UInt8(ascii: "x")
        while j < n {
            let b = p[j]
            if continuesIdentifier(b) {
                let lower = b | 0x20
                j += 1
                if (lower == UInt8(ascii: "e") && !hex) || lower == UInt8(ascii: "p"),
                   p[j] == UInt8(ascii: "+") || p[j] == UInt8(ascii: "-") { j += 1 }
            } else if b == UInt8(ascii: "."), byteClass(p[j + 1]) == ByteClass.digit {
                j += 2
            } else if cDot, b == UInt8(ascii: "."), p[j + 1] != UInt8(ascii: ".") {
                j += 1
            } else {
                break
            }
        }
        i = min(j, n)
        emit(start, i, .number)
    }

    /// C operators: the longest of the language's own (`->`, `<<=`, `==`…), so `a=-1` is `=` `-`.
    mutating func lexCOperator() {
        let start = i
        let a = p[i], b = p[i + 1], c = p[i + 2]
        var length = 1
        switch (a, b) {
        case (UInt8(ascii: "<"), UInt8(ascii: "<")), (UInt8(ascii: ">"), UInt8(ascii: ">")):
            length = c == UInt8(ascii: "=") ? 3 : 2
        case (UInt8(ascii: "-"), UInt8(ascii: ">")), (UInt8(ascii: "+"), UInt8(ascii: "+")), (UInt8(ascii: "-"), UInt8(ascii: "-")),
             (UInt8(ascii: "&"), UInt8(ascii: "&")), (UInt8(ascii: "|"), UInt8(ascii: "|")):
            length = 2
        case (_, UInt8(ascii: "=")) where a != UInt8(ascii: "?") && a != UInt8(ascii: "~"):
            length = 2
        default:
            length = 1
        }
        i += length
        emitPunct(start, i)
    }

    /// Swift operators: any run of operator characters is one operator.
    mutating func lexOperator() {
        let start = i
        i += 1
        while i < n, continuesOperator(p[i]) {
            // `//` and `/*` start comments even right after an operator.
            if p[i] == UInt8(ascii: "/"), p[i + 1] == UInt8(ascii: "/") || p[i + 1] == UInt8(ascii: "*") { break }
            i += 1
        }
        emitPunct(start, i)
    }

    // MARK: Comments

    /// Skips a `//` comment (not its newline), recording a suppression it holds.
    mutating func skipLineComment(continuations: Bool) {
        let start = i
        i += 2
        while i < n, p[i] == UInt8(ascii: "/") { i += 1 }
        while i < n, p[i] == UInt8(ascii: " ") || p[i] == UInt8(ascii: "\t") { i += 1 }
        if live, p[i] == UInt8(ascii: "f"), buffer.matches("fleetscan:ignore", at: i) {
            parseSuppression(commentStart: start)
        }
        while i < n {
            guard let nl = memchr(p + i, 10, n - i) else { i = n; break }
            i = UnsafePointer<UInt8>(nl.assumingMemoryBound(to: UInt8.self)) - p
            // A backslash before the newline continues a C comment.
            if continuations, i > 0, p[i - 1] == UInt8(ascii: "\\") || (p[i - 1] == 13 && i > 1 && p[i - 2] == UInt8(ascii: "\\")) {
                i += 1
                continue
            }
            break
        }
        pending |= Token.Flags.spaceBefore
    }

    mutating func parseSuppression(commentStart: Int) {
        i += 16
        var wholeFile = false
        if buffer.matches("-file", at: i) { wholeFile = true; i += 5 }
        // `fleetscan:ignored`, say, is not a directive.
        guard i >= n || p[i] == UInt8(ascii: " ") || p[i] == UInt8(ascii: "\t") || p[i] == 10 || p[i] == 13 else { return }
        var ids: [String] = []
        while true {
            while i < n, p[i] == UInt8(ascii: " ") || p[i] == UInt8(ascii: "\t") || p[i] == UInt8(ascii: ",") { i += 1 }
            let s = i
            while i < n {
                let b = p[i]
                let isID = (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: "-")
                if !isID { break }
                i += 1
            }
            if i == s { break }
            ids.append(buffer.text(s..<i))
            // Only a comma continues the list; anything else is the reason, in prose.
            var j = i
            while j < n, p[j] == UInt8(ascii: " ") || p[j] == UInt8(ascii: "\t") { j += 1 }
            if p[j] != UInt8(ascii: ",") { break }
        }
        suppressions.append(SuppressionComment(offset: commentStart, ruleIDs: ids, wholeFile: wholeFile))
    }

    /// Skips a block comment; Swift's nest, C's do not.
    mutating func skipBlockComment(nested: Bool) {
        let start = i
        i += 2
        var depth = 1
        while i < n {
            let b = p[i]
            if b == UInt8(ascii: "*"), p[i + 1] == UInt8(ascii: "/") {
                i += 2
                depth -= 1
                if depth == 0 || !nested { pending |= Token.Flags.spaceBefore; return }
            } else if nested, b == UInt8(ascii: "/"), p[i + 1] == UInt8(ascii: "*") {
                i += 2
                depth += 1
            } else {
                if b == 10 { pending |= Token.Flags.lineStart }
                i += 1
            }
        }
        problems.append(LexProblem(offset: start, kind: .unterminatedBlockComment))
        pending |= Token.Flags.spaceBefore
    }

    // MARK: Conditional compilation

    /// Reads the rest of a directive line (after the directive name), without comments, trimmed.
    mutating func readDirectiveRest(continuations: Bool) -> String {
        var out: [UInt8] = []
        while i < n {
            let b = p[i]
            if b == 10 { break }
            if continuations, b == UInt8(ascii: "\\"), p[i + 1] == 10 || (p[i + 1] == 13 && p[i + 2] == 10) {
                i += p[i + 1] == 13 ? 3 : 2
                out.append(UInt8(ascii: " "))
                continue
            }
            if b == UInt8(ascii: "/"), p[i + 1] == UInt8(ascii: "/") {
                while i < n, p[i] != 10 { i += 1 }
                break
            }
            if b == UInt8(ascii: "/"), p[i + 1] == UInt8(ascii: "*") {
                let savedPending = pending
                skipBlockComment(nested: !continuations)
                pending = savedPending
                out.append(UInt8(ascii: " "))
                continue
            }
            out.append(b)
            i += 1
        }
        var s = String(decoding: out, as: UTF8.self)
        while let f = s.first, f == " " || f == "\t" || f == "\r" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" || l == "\r" { s.removeLast() }
        return s
    }

    /// Whether a condition is literally false: `0`, `false`, possibly parenthesised.
    static func isDeadCondition(_ condition: String) -> Bool {
        var c = condition.filter { $0 != " " && $0 != "\t" }
        while c.hasPrefix("("), c.hasSuffix(")") { c = String(c.dropFirst().dropLast()) }
        return c == "0" || c == "false"
    }

    mutating func conditional(_ directive: Word, condition: String, at offset: Int) {
        recordBranch(directive, condition: condition, at: offset)
        switch directive {
        case .if, .ifdef, .ifndef:
            conditions.append((live, directive != .if || !Self.isDeadCondition(condition), offset))
        case .elif, .elseif:
            if !conditions.isEmpty { conditions[conditions.count - 1].branchLive = !Self.isDeadCondition(condition) }
        case .else:
            if !conditions.isEmpty { conditions[conditions.count - 1].branchLive = true }
        case .endif:
            _ = conditions.popLast()
        default:
            break
        }
        live = conditions.last.map { $0.parentLive && $0.branchLive } ?? true
    }

    /// Closes the current branch of the chain at `offset` and opens the next, as `directive` says.
    mutating func recordBranch(_ directive: Word, condition: String, at offset: Int) {
        func close() {
            guard let c = chains.last, branches.count < 4096 else { return }
            branches.append(ConditionalBranch(start: c.start, end: offset, own: c.own, previous: c.previous))
        }
        switch directive {
        case .if: chains.append((offset, condition, []))
        case .ifdef: chains.append((offset, "defined(\(condition))", []))
        case .ifndef: chains.append((offset, "!defined(\(condition))", []))
        case .elif, .elseif, .else:
            guard let c = chains.last else { return }
            close()
            let previous = c.previous + (c.own.map { [$0] } ?? [])
            chains[chains.count - 1] = (offset, directive == .else ? nil : condition, previous)
        case .endif:
            close()
            _ = chains.popLast()
        default:
            break
        }
    }

    mutating func finish() {
        if inDirective { emit(n, n, .directiveEnd); inDirective = false }
        if let open = conditions.first { problems.append(LexProblem(offset: open.offset, kind: .unterminatedConditional)) }
    }
}

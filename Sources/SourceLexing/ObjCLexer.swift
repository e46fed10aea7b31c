/// Objective-C, C and Objective-C++: `@"…"`, C strings and character literals, raw C++
/// strings, the preprocessor (`#define` bodies become tokens, `#if 0` blocks are dead,
/// `#import` and `#pragma` lines are skipped), `\` line splices.
extension ByteScanner {
    mutating func lexObjC() {
        while i < n {
            let c = p[i]
            switch byteClass(c) {
            case ByteClass.space:
                skipSpace()
            case ByteClass.newline:
                i += 1
                if inDirective {
                    emit(i - 1, i - 1, .directiveEnd)
                    inDirective = false
                }
                pending |= Token.Flags.spaceBefore | Token.Flags.lineStart
            case ByteClass.backslash:
                if p[i + 1] == 10 || (p[i + 1] == 13 && p[i + 2] == 10) {
                    i += p[i + 1] == 13 ? 3 : 2  // a line splice is not a line end
                    pending |= Token.Flags.spaceBefore
                } else {
                    emitPunct(i, i + 1)
                    i += 1
                }
            case ByteClass.identStart:
                let start = i
                let (end, hash, code) = scanIdentifier()
                if p[end] == UInt8(ascii: "\""), let raw = Self.stringPrefix(p + start, end - start) {
                    i = end
                    lexCString(start: start, quote: UInt8(ascii: "\""), raw: raw)
                } else if p[end] == UInt8(ascii: "'"), Self.stringPrefix(p + start, end - start) == false {
                    i = end
                    lexCString(start: start, quote: UInt8(ascii: "'"), raw: false)
                } else {
                    emit(start, end, .identifier, code: code, hash: hash)
                }
            case ByteClass.digit:
                lexNumber(cDot: true)
            case ByteClass.quote:
                lexCString(start: i, quote: c, raw: false)
            case ByteClass.apostrophe:
                lexCString(start: i, quote: c, raw: false)
            case ByteClass.slash:
                if p[i + 1] == UInt8(ascii: "/") {
                    skipLineComment(continuations: true)
                } else if p[i + 1] == UInt8(ascii: "*") {
                    skipBlockComment(nested: false)
                } else {
                    lexCOperator()
                }
            case ByteClass.hash:
                if pending & Token.Flags.lineStart != 0, !inDirective {
                    lexPreprocessorLine()
                } else {
                    let start = i
                    i += p[i + 1] == UInt8(ascii: "#") ? 2 : 1
                    emitPunct(start, i)
                }
            case ByteClass.at:
                let start = i
                if p[i + 1] == UInt8(ascii: "\"") {
                    i += 1
                    lexCString(start: start, quote: UInt8(ascii: "\""), raw: false)
                } else if byteClass(p[i + 1]) == ByteClass.identStart {
                    i += 1
                    let (end, hash, code) = scanIdentifier()
                    emit(start, end, .atWord, code: code, hash: hash)
                } else {
                    emitPunct(i, i + 1)
                    i += 1
                }
            case ByteClass.single:
                emitPunct(i, i + 1)
                i += 1
            case ByteClass.op:
                lexCOperator()
            case ByteClass.dot:
                let start = i
                i += 1
                if p[i] == UInt8(ascii: "."), p[i + 1] == UInt8(ascii: ".") { i += 2 }
                emitPunct(start, i)
            default:
                emitPunct(i, i + 1)
                i += 1
            }
        }
    }

    /// Whether an identifier immediately before a quote is a literal prefix (`L`, `u8`, `@`…);
    /// true for raw-string prefixes (`R`, `u8R`), false for plain ones, nil for neither.
    static func stringPrefix(_ s: UnsafePointer<UInt8>, _ length: Int) -> Bool? {
        let text = String(decoding: UnsafeBufferPointer(start: s, count: length), as: UTF8.self)
        switch text {
        case "L", "u", "U", "u8": return false
        case "R", "LR", "uR", "UR", "u8R": return true
        default: return nil
        }
    }

    /// A C string or character literal from its opening quote at `i`; `start` may be earlier
    /// (a prefix such as `@` or `L`). Unterminated literals end at the line end.
    mutating func lexCString(start: Int, quote: UInt8, raw: Bool) {
        if raw {
            // R"delim( … )delim"
            var j = i + 1
            while j < n, p[j] != UInt8(ascii: "("), p[j] != 10, j - i <= 17 { j += 1 }
            let delimiter = Array(UnsafeBufferPointer(start: p + i + 1, count: j - i - 1))
            var k = j + 1
            while k < n {
                if p[k] == UInt8(ascii: ")"), k + 1 + delimiter.count < n {
                    var ok = true
                    for (m, d) in delimiter.enumerated() where p[k + 1 + m] != d { ok = false; break }
                    if ok, p[k + 1 + delimiter.count] == UInt8(ascii: "\"") {
                        i = k + 2 + delimiter.count
                        emit(start, i, .string)
                        return
                    }
                }
                k += 1
            }
            i = n
            if live { problems.append(LexProblem(offset: start, kind: .unterminatedString)) }
            emit(start, i, .string)
            return
        }
        var j = i + 1
        while j < n {
            let b = p[j]
            if b == quote { j += 1; break }
            if b == UInt8(ascii: "\\") {
                j += p[j + 1] == 13 && p[j + 2] == 10 ? 3 : 2
                continue
            }
            if b == 10 {
                // Prose in `#if 0` blocks is full of apostrophes; only live code is worth a word.
                if live, !inDirective || quote == UInt8(ascii: "\"") {
                    problems.append(LexProblem(offset: start, kind: .unterminatedString))
                }
                break
            }
            j += 1
        }
        i = min(j, n)
        emit(start, i, .string)
    }

    /// A line whose first token is `#`.
    mutating func lexPreprocessorLine() {
        let hashAt = i
        i += 1
        while i < n, p[i] == UInt8(ascii: " ") || p[i] == UInt8(ascii: "\t") { i += 1 }
        guard i < n, byteClass(p[i]) == ByteClass.identStart else {
            _ = readDirectiveRest(continuations: true)  // `#` alone, or `# 12 "file"` line markers
            return
        }
        let (end, hash, code) = scanIdentifier()
        let directive = Word(rawValue: code) ?? .none
        switch directive {
        case .define where live:
            defines.append(Int32(tokens.count))
            emit(hashAt, end, .directive, code: code, hash: hash)
            inDirective = true
        case .if, .ifdef, .ifndef, .elif, .else, .endif:
            let condition = readDirectiveRest(continuations: true)
            conditional(directive, condition: condition, at: hashAt)
            pending |= Token.Flags.spaceBefore
        default:
            _ = readDirectiveRest(continuations: true)
            pending |= Token.Flags.spaceBefore
        }
    }
}

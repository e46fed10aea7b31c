/// Swift: nested block comments, interpolated, multi-line and raw strings, `#if` blocks,
/// attributes, `#selector`, backtick names. Interpolated code is lexed as code; the literal
/// text around it becomes string tokens.
extension ByteScanner {
    /// An open string literal; `inLiteral` is false while lexing one of its interpolations.
    struct StringFrame {
        var hashes: Int
        var multiline: Bool
        var inLiteral: Bool
        var parenDepth: Int
        var segmentStart: Int
        var start: Int
    }

    mutating func lexSwift() {
        var strings: [StringFrame] = []
        while i < n {
            if let top = strings.last, top.inLiteral {
                lexSwiftStringBody(&strings)
                continue
            }
            let c = p[i]
            switch byteClass(c) {
            case ByteClass.space, ByteClass.newline:
                skipSpace()
            case ByteClass.identStart:
                lexIdentifier()
            case ByteClass.digit:
                lexNumber()
            case ByteClass.quote:
                beginSwiftString(&strings, start: i, hashes: 0)
            case ByteClass.slash:
                if p[i + 1] == UInt8(ascii: "/") {
                    skipLineComment(continuations: false)
                } else if p[i + 1] == UInt8(ascii: "*") {
                    skipBlockComment(nested: true)
                } else {
                    lexOperator()
                }
            case ByteClass.hash:
                lexSwiftHash(&strings)
            case ByteClass.at:
                if byteClass(p[i + 1]) == ByteClass.identStart {
                    let start = i
                    i += 1
                    let (end, hash, code) = scanIdentifier()
                    emit(start, end, .atWord, code: code, hash: hash)
                } else {
                    emitPunct(i, i + 1)
                    i += 1
                }
            case ByteClass.backtick:
                let start = i
                var j = i + 1
                while j < n, p[j] != UInt8(ascii: "`"), p[j] != 10 { j += 1 }
                let innerCount = max(0, j - start - 1)
                i = j < n && p[j] == UInt8(ascii: "`") ? j + 1 : j
                // A backtick name is never a keyword, but `UIScreen` is still UIScreen.
                let hash = hashBytes(p + start + 1, innerCount)
                var code = words.lookup(p + start + 1, innerCount, hash: hash)
                if let w = Word(rawValue: code), w.isSwiftKeyword { code = 0 }
                emit(start, i, .identifier, code: code, hash: hash)
            case ByteClass.single:
                if var top = strings.last, !top.inLiteral {
                    if c == UInt8(ascii: "(") {
                        top.parenDepth += 1
                    } else if c == UInt8(ascii: ")") {
                        if top.parenDepth == 0 {
                            // The `)` that closes `\(`: back to the literal.
                            i += 1
                            top.inLiteral = true
                            top.segmentStart = i
                            strings[strings.count - 1] = top
                            pending = 0
                            continue
                        }
                        top.parenDepth -= 1
                    }
                    strings[strings.count - 1] = top
                }
                emitPunct(i, i + 1)
                i += 1
            case ByteClass.op:
                lexOperator()
            case ByteClass.dot:
                let start = i
                i += 1
                if p[i] == UInt8(ascii: ".") {
                    while i < n, p[i] == UInt8(ascii: ".") || continuesOperator(p[i]) { i += 1 }
                }
                emitPunct(start, i)
            default:
                emitPunct(i, i + 1)
                i += 1
            }
        }
        if let open = strings.first, live {
            problems.append(LexProblem(offset: open.start, kind: .unterminatedString))
        }
    }

    /// `#` starts a raw string, a regex literal, a compiler directive or a `#word`.
    mutating func lexSwiftHash(_ strings: inout [StringFrame]) {
        let start = i
        var j = i
        while p[j] == UInt8(ascii: "#") { j += 1 }
        let hashes = j - i
        if p[j] == UInt8(ascii: "\"") {
            i = j
            beginSwiftString(&strings, start: start, hashes: hashes)
            return
        }
        if p[j] == UInt8(ascii: "/") {
            // `#/regex/#`: skip to the closing `/` followed by the same number of `#`.
            var k = j + 1
            while k < n {
                if p[k] == UInt8(ascii: "\\") { k += 2; continue }
                if p[k] == UInt8(ascii: "/") {
                    var m = k + 1, closing = 0
                    while closing < hashes, p[m] == UInt8(ascii: "#") { m += 1; closing += 1 }
                    if closing == hashes { k = m; break }
                }
                k += 1
            }
            i = min(k, n)
            emit(start, i, .string)
            return
        }
        guard hashes == 1, byteClass(p[j]) == ByteClass.identStart else {
            emitPunct(start, j)
            i = j
            return
        }
        i = j
        let (end, hash, code) = scanIdentifier()
        switch Word(rawValue: code) ?? .none {
        case .if, .elseif, .else, .endif:
            let condition = readDirectiveRest(continuations: false)
            conditional(Word(rawValue: code)!, condition: condition, at: start)
            pending |= Token.Flags.spaceBefore
        default:
            emit(start, end, .hashWord, code: code, hash: hash)
        }
    }

    /// At the opening quote(s) of a literal whose first byte (or first `#`) is at `start`.
    mutating func beginSwiftString(_ strings: inout [StringFrame], start: Int, hashes: Int) {
        var multiline = false
        if p[i + 1] == UInt8(ascii: "\""), p[i + 2] == UInt8(ascii: "\"") {
            multiline = true
            i += 3
        } else {
            i += 1
        }
        strings.append(StringFrame(hashes: hashes, multiline: multiline, inLiteral: true, parenDepth: 0,
                                   segmentStart: start, start: start))
    }

    /// Scans literal text up to the closing quote or the next interpolation.
    mutating func lexSwiftStringBody(_ strings: inout [StringFrame]) {
        var f = strings[strings.count - 1]
        while i < n {
            let b = p[i]
            if b == UInt8(ascii: "\\") {
                var j = i + 1, h = 0
                while h < f.hashes, p[j] == UInt8(ascii: "#") { j += 1; h += 1 }
                if h == f.hashes {
                    if p[j] == UInt8(ascii: "(") {
                        emit(f.segmentStart, i, .string)
                        i = j + 1
                        f.inLiteral = false
                        f.parenDepth = 0
                        strings[strings.count - 1] = f
                        return
                    }
                    i = j + 1  // an escape: skip the escaped byte
                    continue
                }
                i += 1
                continue
            }
            if b == UInt8(ascii: "\"") {
                if f.multiline {
                    if p[i + 1] == UInt8(ascii: "\""), p[i + 2] == UInt8(ascii: "\""), closesRaw(at: i + 3, hashes: f.hashes) {
                        i += 3 + f.hashes
                        emit(f.segmentStart, i, .string)
                        strings.removeLast()
                        return
                    }
                } else if closesRaw(at: i + 1, hashes: f.hashes) {
                    i += 1 + f.hashes
                    emit(f.segmentStart, i, .string)
                    strings.removeLast()
                    return
                }
                i += 1
                continue
            }
            if b == 10, !f.multiline {
                // A single-line literal cannot span lines: end it here and say so.
                if live { problems.append(LexProblem(offset: f.start, kind: .unterminatedString)) }
                emit(f.segmentStart, i, .string)
                strings.removeAll()
                return
            }
            i += 1
        }
        emit(f.segmentStart, n, .string)
        if live { problems.append(LexProblem(offset: f.start, kind: .unterminatedString)) }
        strings.removeAll()
    }

    @inline(__always) func closesRaw(at j: Int, hashes: Int) -> Bool {
        for k in 0..<hashes where p[j + k] != UInt8(ascii: "#") { return false }
        return true
    }
}

/// The XML property-list format, parsed with an explicit stack.
enum XMLPlist {
    /// A container being filled, appended to in place (an enum's payload would be copied out
    /// and back on every append: quadratic in a long array).
    final class Frame {
        var items: [PlistValue]?
        var entries: [String: PlistValue]?
        var pendingKey: String?

        init(dict: Bool) {
            if dict { entries = [:] } else { items = [] }
        }
    }

    static func parse(_ bytes: [UInt8]) throws -> PlistValue {
        var p = XMLScanner(bytes: bytes)
        var stack: [Frame] = []
        var result: PlistValue? = nil

        func add(_ value: PlistValue, _ p: XMLScanner) throws {
            guard let top = stack.last else {
                guard result == nil else { throw PlistError("more than one top-level value", line: p.line) }
                result = value
                return
            }
            if top.items != nil {
                top.items!.append(value)
            } else {
                guard let key = top.pendingKey else { throw PlistError("a dictionary value without a <key>", line: p.line) }
                top.entries![key] = value
                top.pendingKey = nil
            }
        }

        while let tag = try p.nextTag() {
            switch tag.name {
            case "?xml", "!DOCTYPE", "!--":
                continue
            case "plist":
                continue
            case "dict", "array":
                if tag.isClosing {
                    guard let top = stack.popLast() else { throw PlistError("</\(tag.name)> closes nothing", line: p.line) }
                    if tag.name == "array", let items = top.items {
                        top.items = nil
                        try add(.array(items), p)
                    } else if tag.name == "dict", let entries = top.entries {
                        if let key = top.pendingKey { throw PlistError("<key>\(key)</key> has no value", line: p.line) }
                        top.entries = nil
                        try add(.dict(entries), p)
                    } else {
                        throw PlistError("</\(tag.name)> does not close the open element", line: p.line)
                    }
                } else if tag.isEmpty {
                    try add(tag.name == "dict" ? .dict([:]) : .array([]), p)
                } else {
                    guard stack.count < PropertyList.maximumDepth else { throw PlistError("nested too deeply", line: p.line) }
                    stack.append(Frame(dict: tag.name == "dict"))
                }
            case "key":
                let text = try p.text(until: "key")
                guard let top = stack.last, top.entries != nil else { throw PlistError("<key> outside a <dict>", line: p.line) }
                if let existing = top.pendingKey { throw PlistError("<key>\(existing)</key> has no value", line: p.line) }
                top.pendingKey = text
            case "string", "date", "integer", "real", "data":
                let text = tag.isEmpty ? "" : try p.text(until: tag.name)
                let value: PlistValue
                switch tag.name {
                case "string": value = .string(text)
                case "date": value = .date(text)
                case "integer":
                    guard let n = Int64(text.trimmingSpaces) else { throw PlistError("<integer>\(text)</integer> is not a whole number", line: p.line) }
                    value = .integer(n)
                case "real":
                    guard let d = Double(text.trimmingSpaces) else { throw PlistError("<real>\(text)</real> is not a number", line: p.line) }
                    value = .real(d)
                default:
                    value = .data(Base64.decode(text))
                }
                try add(value, p)
            case "true", "false":
                try add(.bool(tag.name == "true"), p)
                if !tag.isEmpty { _ = try p.text(until: tag.name) }
            default:
                throw PlistError("unknown element <\(tag.name)>", line: p.line)
            }
        }
        guard stack.isEmpty else { throw PlistError("the file ends inside an open <dict> or <array>", line: p.line) }
        guard let result else { throw PlistError("no value in the property list", line: p.line) }
        return result
    }
}

/// Tags and text of an XML document, with entity decoding; tracks the line for errors.
struct XMLScanner {
    let bytes: [UInt8]
    var i = 0
    var line = 1

    init(bytes: [UInt8]) { self.bytes = bytes }

    struct Tag {
        var name: String
        var isClosing: Bool
        var isEmpty: Bool
    }

    mutating func advance() {
        if bytes[i] == 10 { line += 1 }
        i += 1
    }

    /// The next tag, skipping text between tags (white space, in a well-formed plist).
    mutating func nextTag() throws -> Tag? {
        while i < bytes.count, bytes[i] != UInt8(ascii: "<") {
            let b = bytes[i]
            if b != 32, b != 9, b != 10, b != 13 { throw PlistError("unexpected text outside an element", line: line) }
            advance()
        }
        guard i < bytes.count else { return nil }
        advance()
        if starts("!--") {
            guard let end = find("-->") else { throw PlistError("unterminated comment", line: line) }
            while i < end + 3 { advance() }
            return Tag(name: "!--", isClosing: false, isEmpty: true)
        }
        let start = i
        while i < bytes.count, bytes[i] != UInt8(ascii: ">") {
            if bytes[i] == UInt8(ascii: "<") { throw PlistError("'<' inside a tag", line: line) }
            advance()
        }
        guard i < bytes.count else { throw PlistError("unterminated tag", line: line) }
        var inner = Array(bytes[start..<i])
        advance()
        var closing = false, empty = false
        if inner.first == UInt8(ascii: "/") { closing = true; inner.removeFirst() }
        if inner.last == UInt8(ascii: "/") { empty = true; inner.removeLast() }
        if inner.last == UInt8(ascii: "?") { empty = true }
        let nameEnd = inner.firstIndex { $0 == 32 || $0 == 9 || $0 == 10 || $0 == 13 } ?? inner.count
        let name = String(decoding: inner[..<nameEnd], as: UTF8.self)
        if name.hasPrefix("?") || name.hasPrefix("!") { empty = true }
        return Tag(name: name, isClosing: closing, isEmpty: empty)
    }

    /// Text up to `</name>`, entities decoded; consumes the closing tag.
    mutating func text(until name: String) throws -> String {
        let close = Array("</\(name)>".utf8)
        var out: [UInt8] = []
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "<") {
                if starts("<![CDATA[") {
                    guard let end = find("]]>") else { throw PlistError("unterminated CDATA", line: line) }
                    for _ in 0..<9 { advance() }
                    while i < end { out.append(bytes[i]); advance() }
                    for _ in 0..<3 { advance() }
                    continue
                }
                guard i + close.count <= bytes.count, Array(bytes[i..<(i + close.count)]) == close else {
                    throw PlistError("<\(name)> holds markup or is not closed", line: line)
                }
                for _ in 0..<close.count { advance() }
                return String(decoding: out, as: UTF8.self)
            }
            if bytes[i] == UInt8(ascii: "&") {
                guard let semi = bytes[i...].prefix(12).firstIndex(of: UInt8(ascii: ";")) else {
                    throw PlistError("an '&' that starts no entity", line: line)
                }
                let entity = String(decoding: bytes[(i + 1)..<semi], as: UTF8.self)
                switch entity {
                case "amp": out.append(UInt8(ascii: "&"))
                case "lt": out.append(UInt8(ascii: "<"))
                case "gt": out.append(UInt8(ascii: ">"))
                case "quot": out.append(UInt8(ascii: "\""))
                case "apos": out.append(UInt8(ascii: "'"))
                default:
                    var scalar: UInt32? = nil
                    if entity.hasPrefix("#x") { scalar = UInt32(entity.dropFirst(2), radix: 16) }
                    else if entity.hasPrefix("#") { scalar = UInt32(entity.dropFirst()) }
                    guard let value = scalar, let u = Unicode.Scalar(value) else { throw PlistError("unknown entity &\(entity);", line: line) }
                    out += Array(String(Character(u)).utf8)
                }
                while i <= semi { advance() }
                continue
            }
            out.append(bytes[i])
            advance()
        }
        throw PlistError("the file ends inside <\(name)>", line: line)
    }

    func starts(_ s: String) -> Bool {
        let u = Array(s.utf8)
        return i + u.count <= bytes.count && Array(bytes[i..<(i + u.count)]) == u
    }

    func find(_ s: String) -> Int? {
        ByteSearch.firstIndex(of: Array(s.utf8), in: bytes, from: i)
    }
}

extension StringProtocol {
    var trimmingSpaces: String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\n" || f == "\t" || f == "\r" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\n" || l == "\t" || l == "\r" { s.removeLast() }
        return String(s)
    }
}

/// Base64 for `<data>`; characters outside the alphabet (white space) are skipped.
enum Base64 {
    static func decode(_ text: String) -> [UInt8] {
        var out: [UInt8] = []
        var buffer: UInt32 = 0, bits = 0
        for c in text.utf8 {
            let v: UInt32
            switch c {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): v = UInt32(c - UInt8(ascii: "A"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): v = UInt32(c - UInt8(ascii: "a")) + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): v = UInt32(c - UInt8(ascii: "0")) + 52
            case UInt8(ascii: "+"): v = 62
            case UInt8(ascii: "/"): v = 63
            default: continue
            }
            buffer = buffer << 6 | v
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
            }
        }
        return out
    }
}

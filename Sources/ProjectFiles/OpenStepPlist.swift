/// The old-style (OpenStep) property list that Xcode writes as `project.pbxproj`: quoted and
/// unquoted strings, `/* */` and `//` comments, nested dictionaries and arrays. Parsed with an
/// explicit stack; records the line of every key of the top two levels whose value is a dictionary
/// (in a pbxproj, the object ids), so findings can point at the object's line.
public enum OpenStepPlist {
    public struct Result: Sendable {
        public var value: PlistValue
        /// Line of each key whose value is a dictionary, in the top-level dictionary and the
        /// dictionaries it holds. Deeper keys are not recorded: a project's `TargetAttributes`
        /// is keyed by target ids too, and must not move a target to its attributes.
        public var lines: [String: Int]
    }

    /// An open dictionary or array. A class, so values are added in place: with an enum the
    /// container would be copied on every insertion, quadratic in a large project's objects.
    final class Frame {
        var entries: [String: PlistValue]?
        var items: [PlistValue]?
        /// The key whose value comes next, and its line.
        var key: String?
        var keyLine = 0

        init(dictionary: Bool) {
            if dictionary { entries = [:] } else { items = [] }
        }
    }

    public static func parse(_ bytes: [UInt8]) throws -> Result {
        try parse(bytes, in: 0..<bytes.count, line: 1, depth: 0)
    }

    /// Parses the one value that fills `range` of `bytes`, whose first line is `line`, nested
    /// `depth` deep in an enclosing file (so the depth limit holds for the whole file).
    static func parse(_ bytes: [UInt8], in range: Range<Int>, line: Int, depth: Int) throws -> Result {
        var s = Scanner(bytes: bytes, range: range, line: line)
        var stack: [Frame] = []
        var lines: [String: Int] = [:]
        var result: PlistValue? = nil

        func emit(_ value: PlistValue) throws {
            guard let top = stack.last else {
                guard result == nil else { throw PlistError("more than one top-level value", line: s.line) }
                result = value
                return
            }
            if top.entries != nil {
                guard let key = top.key else { throw PlistError("a value without a key", line: s.line) }
                top.entries![key] = value
                if case .dict = value, depth + stack.count <= 2 { lines[key] = top.keyLine }
                top.key = nil
                try s.skipTrivia()
                guard s.peek == UInt8(ascii: ";") else { throw PlistError("expected ';' after the value of \"\(key)\"", line: s.line) }
                s.i += 1
            } else {
                top.items!.append(value)
                try s.skipTrivia()
                if s.peek == UInt8(ascii: ",") { s.i += 1 } else if s.peek != UInt8(ascii: ")") {
                    throw PlistError("expected ',' or ')' in an array", line: s.line)
                }
            }
        }

        while true {
            try s.skipTrivia()
            if s.atEnd {
                guard stack.isEmpty else { throw PlistError("the file ends inside an open dictionary or array", line: s.line) }
                break
            }
            if let top = stack.last, top.entries != nil, top.key == nil {
                if s.peek == UInt8(ascii: "}") {
                    s.i += 1
                    stack.removeLast()
                    let entries = top.entries!
                    top.entries = nil
                    try emit(.dict(entries))
                    continue
                }
                let keyLine = s.line
                guard let key = try s.string() else { throw PlistError("expected a key or '}'", line: s.line) }
                try s.skipTrivia()
                guard s.peek == UInt8(ascii: "=") else { throw PlistError("expected '=' after \"\(key)\"", line: s.line) }
                s.i += 1
                top.key = key
                top.keyLine = keyLine
                continue
            }
            if let top = stack.last, top.items != nil, s.peek == UInt8(ascii: ")") {
                s.i += 1
                stack.removeLast()
                let items = top.items!
                top.items = nil
                try emit(.array(items))
                continue
            }
            guard result == nil || !stack.isEmpty else { throw PlistError("text after the top-level value", line: s.line) }
            switch s.peek {
            case UInt8(ascii: "{"):
                guard depth + stack.count < PropertyList.maximumDepth else { throw PlistError("nested too deeply", line: s.line) }
                s.i += 1
                stack.append(Frame(dictionary: true))
            case UInt8(ascii: "("):
                guard depth + stack.count < PropertyList.maximumDepth else { throw PlistError("nested too deeply", line: s.line) }
                s.i += 1
                stack.append(Frame(dictionary: false))
            case UInt8(ascii: "<"):
                try emit(.data(try s.data()))
            default:
                guard let string = try s.string() else { throw PlistError("unexpected character '\(Character(Unicode.Scalar(s.peek)))'", line: s.line) }
                try emit(.string(string))
            }
        }
        guard let result else { throw PlistError("no value in the file", line: s.line) }
        return Result(value: result, lines: lines)
    }

    struct Scanner {
        let bytes: [UInt8]
        var i: Int
        /// Where the text being read ends (the whole file, or one value of it).
        let end: Int
        var line: Int

        init(bytes: [UInt8], range: Range<Int>? = nil, line: Int = 1) {
            self.bytes = bytes
            let range = range ?? 0..<bytes.count
            i = range.lowerBound
            end = range.upperBound
            self.line = line
            if i == 0, end >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { i = 3 }
        }

        var atEnd: Bool { i >= end }
        var peek: UInt8 { i < end ? bytes[i] : 0 }

        mutating func skipTrivia() throws {
            while i < end {
                let b = bytes[i]
                if b == 10 { line += 1; i += 1; continue }
                if b == 32 || b == 9 || b == 13 { i += 1; continue }
                if b == UInt8(ascii: "/"), i + 1 < end, bytes[i + 1] == UInt8(ascii: "/") {
                    while i < end, bytes[i] != 10 { i += 1 }
                    continue
                }
                if b == UInt8(ascii: "/"), i + 1 < end, bytes[i + 1] == UInt8(ascii: "*") {
                    let start = line
                    i += 2
                    while i + 1 < end, !(bytes[i] == UInt8(ascii: "*") && bytes[i + 1] == UInt8(ascii: "/")) {
                        if bytes[i] == 10 { line += 1 }
                        i += 1
                    }
                    guard i + 1 < end else { throw PlistError("unterminated comment", line: start) }
                    i += 2
                    continue
                }
                return
            }
        }

        static func isUnquoted(_ b: UInt8) -> Bool {
            (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z"))
                || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: "_") || b == UInt8(ascii: "$")
                || b == UInt8(ascii: "/") || b == UInt8(ascii: ":") || b == UInt8(ascii: ".") || b == UInt8(ascii: "-")
                || b == UInt8(ascii: "+") || b >= 0x80
        }

        /// A quoted or unquoted string, or nil when none starts here.
        mutating func string() throws -> String? {
            if peek == UInt8(ascii: "\"") || peek == UInt8(ascii: "'") {
                let quote = peek
                let start = line
                i += 1
                var out: [UInt8] = []
                while i < end, bytes[i] != quote {
                    var b = bytes[i]
                    if b == 10 { line += 1 }
                    if b == UInt8(ascii: "\\"), i + 1 < end {
                        i += 1
                        b = bytes[i]
                        switch b {
                        case UInt8(ascii: "n"): out.append(10)
                        case UInt8(ascii: "t"): out.append(9)
                        case UInt8(ascii: "r"): out.append(13)
                        case UInt8(ascii: "U"), UInt8(ascii: "u"):
                            let hex = bytes[(i + 1)..<min(i + 5, end)]
                            if hex.count == 4, let v = UInt32(String(decoding: hex, as: UTF8.self), radix: 16), let u = Unicode.Scalar(v) {
                                out += Array(String(Character(u)).utf8)
                                i += 4
                            } else {
                                out.append(b)
                            }
                        default: out.append(b)
                        }
                        i += 1
                        continue
                    }
                    out.append(b)
                    i += 1
                }
                guard i < end else { throw PlistError("unterminated string", line: start) }
                i += 1
                return String(decoding: out, as: UTF8.self)
            }
            let start = i
            while i < end, Self.isUnquoted(bytes[i]) { i += 1 }
            return i > start ? String(decoding: bytes[start..<i], as: UTF8.self) : nil
        }

        /// Moves past one value without building it — a string, or a dictionary or array with
        /// everything nested in it — counting lines. Only extents are found here: what lies
        /// inside is checked when the value is parsed.
        mutating func skipValue() throws {
            var depth = 0
            repeat {
                try skipTrivia()
                guard i < end else { throw PlistError("the file ends inside an open dictionary or array", line: line) }
                let b = bytes[i]
                switch b {
                case UInt8(ascii: "{"), UInt8(ascii: "("):
                    depth += 1
                    i += 1
                case UInt8(ascii: "}"), UInt8(ascii: ")"):
                    guard depth > 0 else { throw PlistError("unexpected '\(Character(Unicode.Scalar(b)))'", line: line) }
                    depth -= 1
                    i += 1
                case UInt8(ascii: "\""), UInt8(ascii: "'"):
                    let start = line
                    i += 1
                    while i < end, bytes[i] != b {
                        if bytes[i] == 10 { line += 1 }
                        if bytes[i] == UInt8(ascii: "\\"), i + 1 < end { i += 1; if bytes[i] == 10 { line += 1 } }
                        i += 1
                    }
                    guard i < end else { throw PlistError("unterminated string", line: start) }
                    i += 1
                case UInt8(ascii: "<"):
                    while i < end, bytes[i] != UInt8(ascii: ">") { if bytes[i] == 10 { line += 1 }; i += 1 }
                    guard i < end else { throw PlistError("unterminated <data>", line: line) }
                    i += 1
                case UInt8(ascii: "="), UInt8(ascii: ";"), UInt8(ascii: ","):
                    guard depth > 0 else { throw PlistError("unexpected '\(Character(Unicode.Scalar(b)))'", line: line) }
                    i += 1
                default:
                    let start = i
                    while i < end, Self.isUnquoted(bytes[i]) { i += 1 }
                    guard i > start else { throw PlistError("unexpected character '\(Character(Unicode.Scalar(b)))'", line: line) }
                }
            } while depth > 0
        }

        mutating func data() throws -> [UInt8] {
            i += 1
            var out: [UInt8] = [], nibble: UInt8? = nil
            while i < end, bytes[i] != UInt8(ascii: ">") {
                let b = bytes[i]
                i += 1
                if b == 32 || b == 10 || b == 9 || b == 13 { if b == 10 { line += 1 }; continue }
                guard let v = UInt8(String(Character(Unicode.Scalar(b))), radix: 16) else { throw PlistError("bad hex in <data>", line: line) }
                if let high = nibble { out.append(high << 4 | v); nibble = nil } else { nibble = v }
            }
            guard i < end else { throw PlistError("unterminated <data>", line: line) }
            i += 1
            return out
        }
    }
}

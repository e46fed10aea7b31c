/// The old-style (OpenStep) property list that Xcode writes as `project.pbxproj`: quoted and
/// unquoted strings, `/* */` and `//` comments, nested dictionaries and arrays. Parsed by
/// recursive descent, never deeper than `PropertyList.maximumDepth`; records the line of every
/// key of the top two levels whose value is a dictionary (in a pbxproj, the object ids), so
/// findings can point at the object's line.
public enum OpenStepPlist {
    public struct Result: Sendable {
        public var value: PlistValue
        /// Line of each key whose value is a dictionary, in the top-level dictionary and the
        /// dictionaries it holds. Deeper keys are not recorded: a project's `TargetAttributes`
        /// is keyed by target ids too, and must not move a target to its attributes.
        public var lines: Lines

        public init(value: PlistValue, lines: [String: Int]) {
            self.value = value
            self.lines = Lines(lines)
        }

        init(value: PlistValue, lines: Lines) {
            self.value = value
            self.lines = lines
        }
    }

    /// The lines a `Result` records, as a dictionary would hold them. A project read through its
    /// object memo (`parseProject`) keeps the lines of its top-level keys and targets (what a
    /// derivation asks for) and finds any other object's in the version's entries when asked:
    /// a dictionary of every object's line cost a hashed insertion per object per version.
    public struct Lines: Sendable {
        /// Lines looked up first, then the entries', then `under`'s: top-level keys written at
        /// or after `objects` (a later key wins), targets; top-level keys written before it.
        let known: [String: Int]
        let entries: [PBXObjectMemo.Entry]
        /// The line each of `entries` starts at.
        let starts: [Int]
        let under: [String: Int]

        init(_ known: [String: Int], entries: [PBXObjectMemo.Entry] = [], starts: [Int] = [], under: [String: Int] = [:]) {
            self.known = known
            self.entries = entries
            self.starts = starts
            self.under = under
        }

        public subscript(key: String) -> Int? {
            if let line = known[key] { return line }
            // Entries are given only when their ids are all different: the first is the one.
            for (entry, start) in zip(entries, starts) where entry.id == key {
                if case .dict = entry.value { return start }
                break
            }
            return under[key]
        }
    }

    public static func parse(_ bytes: [UInt8]) throws -> Result {
        try parse(bytes, in: 0..<bytes.count, line: 1, depth: 0)
    }

    /// Parses the one value that fills `range` of `bytes`, whose first line is `line`, nested
    /// `depth` deep in an enclosing file (so the depth limit holds for the whole file).
    static func parse(_ bytes: [UInt8], in range: Range<Int>, line: Int, depth: Int) throws -> Result {
        try bytes.withUnsafeBufferPointer { try parse($0, in: range, line: line, depth: depth) }
    }

    static func parse(_ buffer: UnsafeBufferPointer<UInt8>, in range: Range<Int>, line: Int, depth: Int) throws -> Result {
        var p = Parser(bytes: buffer, range: range, line: line)
        try p.skipTrivia()
        guard p.i < p.end else { throw PlistError("no value in the file", line: p.line) }
        let value = try p.value(level: depth)
        try p.skipTrivia()
        guard p.i >= p.end else { throw PlistError("text after the top-level value", line: p.line) }
        return Result(value: value, lines: p.lines)
    }

    /// A recursive-descent reader over the file's bytes: each dictionary and array is built in
    /// a local and returned whole (a project's objects are thousands of small dictionaries; an
    /// explicit stack of frames made each insertion go through a class and an optional).
    struct Parser {
        let bytes: UnsafeBufferPointer<UInt8>
        var i: Int
        let end: Int
        var line: Int
        var lines: [String: Int] = [:]

        /// A reader of `range` of `bytes` (a byte order mark at the file's start skipped), whose
        /// first line is `line`.
        init(bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>? = nil, line: Int = 1) {
            self.bytes = bytes
            let range = range ?? 0..<bytes.count
            i = range.lowerBound
            end = range.upperBound
            self.line = line
            if i == 0, end >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { i = 3 }
        }

        @inline(__always) var peek: UInt8 { i < end ? bytes[i] : 0 }

        /// The value starting here (after trivia), `level` containers deep in the whole file.
        mutating func value(level: Int) throws -> PlistValue {
            switch peek {
            case UInt8(ascii: "{"):
                guard level < PropertyList.maximumDepth else { throw PlistError("nested too deeply", line: line) }
                i += 1
                return .dict(try dictionary(level: level + 1))
            case UInt8(ascii: "("):
                guard level < PropertyList.maximumDepth else { throw PlistError("nested too deeply", line: line) }
                i += 1
                return .array(try array(level: level + 1))
            case UInt8(ascii: "<"):
                return .data(try data())
            default:
                guard let string = try string() else { throw PlistError("unexpected character '\(Character(Unicode.Scalar(peek)))'", line: line) }
                return .string(string)
            }
        }

        /// The entries of a dictionary whose `{` has been read; `level` counts it. Keys of the
        /// top two levels whose value is a dictionary have their line recorded. The entries are
        /// gathered first and hashed into a dictionary of their number once (a later one of two
        /// with one key wins, as assigning them did): growing it entry by entry rehashed a
        /// project's objects a dozen times.
        mutating func dictionary(level: Int) throws -> [String: PlistValue] {
            var entries: [(String, PlistValue)] = []
            while true {
                try skipTrivia()
                guard i < end else { throw PlistError("the file ends inside an open dictionary or array", line: line) }
                if bytes[i] == UInt8(ascii: "}") {
                    i += 1
                    var dictionary = [String: PlistValue](minimumCapacity: entries.count)
                    for (key, value) in entries { dictionary[key] = value }
                    return dictionary
                }
                let keyLine = line
                guard let key = try string() else { throw PlistError("expected a key or '}'", line: line) }
                try skipTrivia()
                guard peek == UInt8(ascii: "=") else { throw PlistError("expected '=' after \"\(key)\"", line: line) }
                i += 1
                try skipTrivia()
                guard i < end else { throw PlistError("the file ends inside an open dictionary or array", line: line) }
                let v = try value(level: level)
                if case .dict = v, level <= 2 { lines[key] = keyLine }
                entries.append((key, v))
                try skipTrivia()
                guard peek == UInt8(ascii: ";") else { throw PlistError("expected ';' after the value of \"\(key)\"", line: line) }
                i += 1
            }
        }

        /// The items of an array whose `(` has been read (a trailing comma is allowed).
        mutating func array(level: Int) throws -> [PlistValue] {
            var items: [PlistValue] = []
            while true {
                try skipTrivia()
                guard i < end else { throw PlistError("the file ends inside an open dictionary or array", line: line) }
                if bytes[i] == UInt8(ascii: ")") {
                    i += 1
                    return items
                }
                items.append(try value(level: level))
                try skipTrivia()
                if peek == UInt8(ascii: ",") { i += 1 } else if peek != UInt8(ascii: ")") {
                    throw PlistError("expected ',' or ')' in an array", line: line)
                }
            }
        }

        mutating func skipTrivia() throws {
            while i < end {
                let b = bytes[i]
                if b == 10 { line += 1; i += 1; continue }
                if b == 32 || b == 9 || b == 13 { i += 1; continue }
                guard b == UInt8(ascii: "/"), i + 1 < end else { return }
                if bytes[i + 1] == UInt8(ascii: "/") {
                    while i < end, bytes[i] != 10 { i += 1 }
                    continue
                }
                guard bytes[i + 1] == UInt8(ascii: "*") else { return }
                let start = line
                i += 2
                while i + 1 < end, !(bytes[i] == UInt8(ascii: "*") && bytes[i + 1] == UInt8(ascii: "/")) {
                    if bytes[i] == 10 { line += 1 }
                    i += 1
                }
                guard i + 1 < end else { throw PlistError("unterminated comment", line: start) }
                i += 2
            }
        }

        /// A quoted or unquoted string, or nil when none starts here.
        mutating func string() throws -> String? {
            guard i < end else { return nil }
            let quote = bytes[i]
            guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
                let start = i
                while i < end, Self.isUnquoted(bytes[i]) { i += 1 }
                return i > start ? String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self) : nil
            }
            let startLine = line
            i += 1
            // Most quoted strings have no escape: taken from the bytes in one piece.
            let start = i
            while i < end, bytes[i] != quote, bytes[i] != UInt8(ascii: "\\") {
                if bytes[i] == 10 { line += 1 }
                i += 1
            }
            if i < end, bytes[i] == quote {
                i += 1
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<(i - 1)]), as: UTF8.self)
            }
            var out = Array(UnsafeBufferPointer(rebasing: bytes[start..<i]))
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
                        let hex = UnsafeBufferPointer(rebasing: bytes[(i + 1)..<min(i + 5, end)])
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
            guard i < end else { throw PlistError("unterminated string", line: startLine) }
            i += 1
            return String(decoding: out, as: UTF8.self)
        }

        mutating func data() throws -> [UInt8] {
            i += 1
            var out: [UInt8] = [], nibble: UInt8? = nil
            while i < end, bytes[i] != UInt8(ascii: ">") {
                let b = bytes[i]
                i += 1
                if b == 32 || b == 10 || b == 9 || b == 13 { if b == 10 { line += 1 }; continue }
                guard let v = Self.hexValue(b) else { throw PlistError("bad hex in <data>", line: line) }
                if let high = nibble { out.append(high << 4 | v); nibble = nil } else { nibble = v }
            }
            guard i < end else { throw PlistError("unterminated <data>", line: line) }
            i += 1
            return out
        }

        @inline(__always) var atEnd: Bool { i >= end }

        /// Moves past one value without building it — a string, or a dictionary or array with
        /// everything nested in it — counting lines. Only extents are found here: what lies
        /// inside is checked when the value is parsed.
        mutating func skipValue() throws {
            var nesting = 0
            repeat {
                try skipTrivia()
                guard i < end else { throw PlistError("the file ends inside an open dictionary or array", line: line) }
                let b = bytes[i]
                switch b {
                case UInt8(ascii: "{"), UInt8(ascii: "("):
                    nesting += 1
                    i += 1
                case UInt8(ascii: "}"), UInt8(ascii: ")"):
                    guard nesting > 0 else { throw PlistError("unexpected '\(Character(Unicode.Scalar(b)))'", line: line) }
                    nesting -= 1
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
                    guard nesting > 0 else { throw PlistError("unexpected '\(Character(Unicode.Scalar(b)))'", line: line) }
                    i += 1
                default:
                    let start = i
                    while i < end, Self.isUnquoted(bytes[i]) { i += 1 }
                    guard i > start else { throw PlistError("unexpected character '\(Character(Unicode.Scalar(b)))'", line: line) }
                }
            } while nesting > 0
        }


        /// The value of a hexadecimal digit.
        static func hexValue(_ b: UInt8) -> UInt8? {
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return b - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): return b - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): return b - UInt8(ascii: "A") + 10
            default: return nil
            }
        }


        static func isUnquoted(_ b: UInt8) -> Bool {
            (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z"))
                || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: "_") || b == UInt8(ascii: "$")
                || b == UInt8(ascii: "/") || b == UInt8(ascii: ":") || b == UInt8(ascii: ".") || b == UInt8(ascii: "-")
                || b == UInt8(ascii: "+") || b >= 0x80
        }
    }
}

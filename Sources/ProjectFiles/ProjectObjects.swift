import Foundation

/// The objects of earlier versions of one project.pbxproj, parsed, by the bytes of their entry
/// (`id /* comment */ = {…};`). A history reads a large project again at every commit that
/// changes it (duckduckgo/iOS's 990 KB project changes in 1,290 of its 2,838 commits), and such
/// a commit changes a handful of its thousands of objects: only those are parsed again.
///
/// A value: a reading takes one and gives back the next, holding exactly the entries of the
/// version just read, so it never grows past one version of the file.
public struct PBXObjectMemo: Sendable {
    /// An entry's bytes, with their hash computed once. Equal keys have equal bytes, so a
    /// reused object is the one the bytes would parse to.
    struct Key: Hashable, Sendable {
        let bytes: ArraySlice<UInt8>
        let hash: Int

        init(_ bytes: ArraySlice<UInt8>) {
            self.bytes = bytes
            hash = bytes.withUnsafeBytes { Self.hash(of: $0) }
        }

        func hash(into hasher: inout Hasher) { hasher.combine(hash) }

        static func == (a: Key, b: Key) -> Bool {
            guard a.hash == b.hash, a.bytes.count == b.bytes.count else { return false }
            return a.bytes.withUnsafeBytes { x in b.bytes.withUnsafeBytes { y in memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0 } }
        }

        /// A fast hash of 8 bytes at a time (equal keys are compared byte for byte anyway, so it
        /// needs to spread, not to resist anyone): SipHash over a whole project was a fifth of
        /// reading it.
        static func hash(of bytes: UnsafeRawBufferPointer) -> Int {
            var h: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
            var i = 0
            while i + 8 <= bytes.count {
                h = (h ^ bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
                h ^= h >> 32
                i += 8
            }
            while i < bytes.count {
                h = (h ^ UInt64(bytes[i])) &* 0xC4CE_B9FE_1A85_EC53
                i += 1
            }
            h ^= h >> 29
            return Int(truncatingIfNeeded: h)
        }
    }

    /// One object's entry: its bytes, id, parsed value and the newlines its bytes hold. A class:
    /// a version's table holds thousands, each carried into the next version's by one retain.
    final class Entry: Sendable {
        let key: Key
        let id: String
        let value: PlistValue
        let newlines: Int
        /// A target's entry (`isa = PBX…Target`): its line is asked for by every derivation.
        let isTarget: Bool

        init(key: Key, id: String, value: PlistValue, newlines: Int) {
            self.key = key
            self.id = id
            self.value = value
            self.newlines = newlines
            isTarget = value["isa"]?.string?.hasSuffix("Target") == true
        }
    }

    /// This version's entries in file order, and where each one's bytes are in it, by the hash
    /// of its bytes (a hit is compared byte for byte; of two entries with one hash the later
    /// is found, the other parsed again). A version is mostly the one before in the same
    /// order, so each entry is first compared with the one after the last entry matched (no
    /// hash, no scan for its end); only one that differs is looked up by its bytes.
    var order: [Entry] = []
    var index: [Int: Int] = [:]
    /// This version's objects by id, when its ids are all different: the next version changes
    /// a copy where it differs instead of inserting every object again.
    var objects: [String: PlistValue]?

    /// How many of this version's objects came from the memo of the version before.
    public internal(set) var reused = 0

    /// Ids of the objects added, changed or removed since the version before; nil when there
    /// was none to compare with (everything is new).
    public internal(set) var changed: Set<String>?

    /// How many targets of this version were taken from the version before, not derived again.
    public internal(set) var targetsReused = 0

    /// Whether the version had an id twice.
    var repeatedIDs = false

    /// What the version's targets were derived from, for the next version (XcodeProject).
    var derived: XcodeProject.Derivation?

    public init() {}

    /// Objects held.
    public var count: Int { order.count }
}

extension OpenStepPlist {
    /// Reads a project.pbxproj as `parse` does — the same value, the same line for every
    /// object id, the same error for a malformed file — taking every object whose entry's
    /// bytes `memo` already holds from it instead of parsing it again. Returns the memo of this
    /// version. A file not shaped as Xcode writes it (a top-level dictionary whose `objects` is
    /// a dictionary) is parsed whole, and gives an empty memo.
    public static func parseProject(_ bytes: [UInt8], memo: PBXObjectMemo) throws -> (Result, PBXObjectMemo) {
        if let read = try? readTable(bytes, memo: memo) { return read }
        return (try parseProjectFile(bytes), PBXObjectMemo())
    }

    /// A project.pbxproj in any of the forms Xcode reads: OpenStep text as Xcode writes it, or an
    /// XML or binary property list (some tools write those; Xcode rewrites them as text on the
    /// next save). Lines are the objects' `<key>` lines in XML, none in binary.
    public static func parseProjectFile(_ bytes: [UInt8]) throws -> Result {
        var i = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { i = 3 }
        while i < bytes.count, bytes[i] == 32 || bytes[i] == 9 || bytes[i] == 10 || bytes[i] == 13 { i += 1 }
        let binary = bytes.count >= 8 && bytes[0..<6].elementsEqual("bplist".utf8)
        guard binary || (i < bytes.count && bytes[i] == UInt8(ascii: "<")) else { return try parse(bytes) }
        let value = try PropertyList.parse(bytes)
        return Result(value: value, lines: binary ? [:] : xmlKeyLines(bytes))
    }

    /// The line of each `<key>` in an XML property list's root dictionary and the dictionaries
    /// it holds (a project's top-level keys and its object ids), as `parse` records for text.
    static func xmlKeyLines(_ bytes: [UInt8]) -> [String: Int] {
        var lines: [String: Int] = [:]
        var depth = 0, line = 1, i = 0
        let n = bytes.count
        func starts(_ s: String, at k: Int) -> Bool {
            let u = Array(s.utf8)
            return k + u.count <= n && bytes[k..<(k + u.count)].elementsEqual(u)
        }
        while i < n {
            let b = bytes[i]
            if b == 10 { line += 1; i += 1; continue }
            guard b == UInt8(ascii: "<") else { i += 1; continue }
            if starts("<dict/>", at: i) { i += 7; continue }
            if starts("<dict>", at: i) { depth += 1; i += 6; continue }
            if starts("</dict>", at: i) { depth -= 1; i += 7; continue }
            if starts("<!--", at: i) {
                // Comments may hold anything, line breaks too.
                i += 4
                while i < n, !starts("-->", at: i) { if bytes[i] == 10 { line += 1 }; i += 1 }
                i += 3
                continue
            }
            if starts("<key>", at: i), depth >= 1, depth <= 2 {
                var j = i + 5
                while j < n, bytes[j] != UInt8(ascii: "<") { j += 1 }
                let key = String(decoding: bytes[(i + 5)..<j], as: UTF8.self)
                lines[key] = line
                i = j
                continue
            }
            i += 1
        }
        return lines
    }

    /// Not the shape `parseProject` reads entry by entry: parse the file whole instead.
    struct Unusual: Error {}

    private static func readTable(_ bytes: [UInt8], memo: PBXObjectMemo) throws -> (Result, PBXObjectMemo) {
        try bytes.withUnsafeBufferPointer { try readTable(bytes, $0, memo: memo) }
    }

    private static func readTable(_ bytes: [UInt8], _ buffer: UnsafeBufferPointer<UInt8>, memo: PBXObjectMemo) throws -> (Result, PBXObjectMemo) {
        var s = Parser(bytes: buffer)
        var next = PBXObjectMemo()
        next.order.reserveCapacity(memo.order.count)
        next.index.reserveCapacity(memo.order.count)
        var top: [String: PlistValue] = [:]
        /// Lines of the top-level keys written before `objects`, and of those at or after it.
        var linesBefore: [String: Int] = [:], linesAfter: [String: Int] = [:]
        var targetLines: [String: Int] = [:]
        var starts: [Int] = []
        starts.reserveCapacity(memo.order.count)
        /// Entries parsed anew (not in the version before).
        var fresh: [PBXObjectMemo.Entry] = []
        var objectsRead = false
        /// Entries of the version before that this one has (by position in its order).
        var seen = [Bool](repeating: false, count: memo.order.count)
        try s.skipTrivia()
        guard s.peek == UInt8(ascii: "{") else { throw Unusual() }
        s.i += 1
        while true {
            try s.skipTrivia()
            if s.peek == UInt8(ascii: "}") { s.i += 1; break }
            let keyLine = s.line
            guard let key = try s.string() else { throw Unusual() }
            try s.skipTrivia()
            guard s.peek == UInt8(ascii: "=") else { throw Unusual() }
            s.i += 1
            try s.skipTrivia()
            let value: PlistValue
            // A second `objects` would replace the first: read whole instead.
            if key == "objects", objectsRead { throw Unusual() }
            if key == "objects", s.peek == UInt8(ascii: "{") {
                objectsRead = true
                s.i += 1
                var expected = 0
                while true {
                    try s.skipTrivia()
                    if s.peek == UInt8(ascii: "}") { s.i += 1; break }
                    let start = s.i, line = s.line
                    let entry: PBXObjectMemo.Entry
                    if expected < memo.order.count, Self.bytes(bytes, at: start, equal: memo.order[expected].key.bytes) {
                        // The same bytes as the next entry of the version before: the same entry,
                        // ending where it ended (where it ends depends on its bytes alone).
                        entry = memo.order[expected]
                        seen[expected] = true
                        expected += 1
                        next.reused += 1
                    } else {
                        // Elsewhere: its extent by the fast pass (the first `;` outside strings,
                        // comments and brackets — where a well-formed entry ends), then its bytes
                        // looked up; only a new entry is read with the parser's own scanner, which
                        // must agree on where it ends.
                        guard let (end, newlines) = Self.entryEnd(bytes, from: start) else { throw Unusual() }
                        let probe = PBXObjectMemo.Key(bytes[start..<end])
                        if let at = memo.index[probe.hash], memo.order[at].key == probe {
                            entry = memo.order[at]
                            seen[at] = true
                            expected = at + 1
                            next.reused += 1
                        } else {
                            guard let id = try s.string() else { throw Unusual() }
                            try s.skipTrivia()
                            guard s.peek == UInt8(ascii: "=") else { throw Unusual() }
                            s.i += 1
                            try s.skipTrivia()
                            let valueStart = s.i, valueLine = s.line
                            try s.skipValue()
                            let valueEnd = s.i
                            try s.skipTrivia()
                            guard s.peek == UInt8(ascii: ";"), s.i + 1 == end else { throw Unusual() }
                            let parsed = try parse(buffer, in: valueStart..<valueEnd, line: valueLine, depth: 2).value
                            // A copy: a key must not keep this version's whole buffer alive.
                            entry = PBXObjectMemo.Entry(key: PBXObjectMemo.Key(ArraySlice(Array(probe.bytes))), id: id, value: parsed, newlines: newlines)
                            fresh.append(entry)
                        }
                    }
                    s.i = start + entry.key.bytes.count
                    s.line = line + entry.newlines
                    next.index[entry.key.hash] = next.order.count
                    next.order.append(entry)
                    starts.append(line)
                    if entry.isTarget, case .dict = entry.value { targetLines[entry.id] = line }
                }
                // Filled in below, from the entries.
                value = .dict([:])
            } else {
                let valueStart = s.i, valueLine = s.line
                try s.skipValue()
                value = try parse(buffer, in: valueStart..<s.i, line: valueLine, depth: 1).value
            }
            top[key] = value
            if case .dict = value {
                if objectsRead { linesAfter[key] = keyLine } else { linesBefore[key] = keyLine }
            }
            try s.skipTrivia()
            guard s.peek == UInt8(ascii: ";") else { throw Unusual() }
            s.i += 1
        }
        try s.skipTrivia()
        guard s.atEnd, objectsRead else { throw Unusual() }
        // The objects by id: the version before's without the entries this one lacks and with
        // the ones it parsed anew, when the version before had every id once. That holds every
        // id of this version, each once, exactly when it has one object per entry (an entry
        // kept twice, or a new one with a kept one's id, leaves fewer); else every entry is
        // inserted in order, the last of a repeated id counting.
        var gone: [String] = []
        for (k, entry) in memo.order.enumerated() where !seen[k] { gone.append(entry.id) }
        var objects: [String: PlistValue]
        if var known = memo.objects {
            for id in gone { known[id] = nil }
            for entry in fresh { known[entry.id] = entry.value }
            objects = known
        } else {
            objects = Self.objects(next.order)
        }
        // With an id repeated (the last one counts), which object an id means can change with
        // no entry changing: nothing is compared then.
        next.repeatedIDs = objects.count != next.order.count
        if next.repeatedIDs, memo.objects != nil { objects = Self.objects(next.order) }
        if !next.repeatedIDs { next.objects = objects }
        top["objects"] = .dict(objects)
        if !memo.order.isEmpty, !next.repeatedIDs, !memo.repeatedIDs {
            // Changed: every object parsed anew, and every object of the version before that
            // is gone (an object changed in place is among the first already).
            var changed = Set(fresh.map(\.id))
            for id in gone where objects[id] == nil { changed.insert(id) }
            next.changed = changed
        }
        let lines: Lines
        if next.repeatedIDs {
            // Every line, as reading the whole file records them.
            var all = linesBefore
            for (entry, start) in zip(next.order, starts) { if case .dict = entry.value { all[entry.id] = start } }
            for (k, line) in linesAfter { all[k] = line }
            lines = Lines(all)
        } else {
            lines = Lines(targetLines.merging(linesAfter) { _, after in after }, entries: next.order, starts: starts, under: linesBefore)
        }
        return (Result(value: .dict(top), lines: lines), next)
    }

    /// A version's objects by id, inserted in file order.
    private static func objects(_ order: [PBXObjectMemo.Entry]) -> [String: PlistValue] {
        var objects: [String: PlistValue] = [:]
        objects.reserveCapacity(order.count)
        for entry in order { objects[entry.id] = entry.value }
        return objects
    }

    /// Whether `bytes` at `start` begin with `other`.
    static func bytes(_ bytes: [UInt8], at start: Int, equal other: ArraySlice<UInt8>) -> Bool {
        guard start + other.count <= bytes.count, !other.isEmpty else { return false }
        return bytes.withUnsafeBytes { b in other.withUnsafeBytes { o in memcmp(b.baseAddress! + start, o.baseAddress!, o.count) == 0 } }
    }

    /// Where the entry starting at `start` ends (just after its `;`) and the newlines before
    /// that, or nil when the bytes end first or a bracket closes that the entry did not open.
    static func entryEnd(_ bytes: [UInt8], from start: Int) -> (Int, Int)? {
        bytes.withUnsafeBufferPointer { p -> (Int, Int)? in
            var i = start, depth = 0, lines = 0
            let n = p.count
            while i < n {
                let b = p[i]
                switch b {
                case 10: lines += 1
                case UInt8(ascii: ";"): if depth == 0 { return (i + 1, lines) }
                case UInt8(ascii: "{"), UInt8(ascii: "("): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: ")"):
                    depth -= 1
                    if depth < 0 { return nil }
                case UInt8(ascii: "\""), UInt8(ascii: "'"):
                    i += 1
                    while i < n, p[i] != b {
                        if p[i] == 10 { lines += 1 }
                        if p[i] == UInt8(ascii: "\\") { i += 1; if i < n, p[i] == 10 { lines += 1 } }
                        i += 1
                    }
                    if i >= n { return nil }
                case UInt8(ascii: "/") where i + 1 < n && p[i + 1] == UInt8(ascii: "*"):
                    i += 2
                    while i + 1 < n, !(p[i] == UInt8(ascii: "*") && p[i + 1] == UInt8(ascii: "/")) {
                        if p[i] == 10 { lines += 1 }
                        i += 1
                    }
                    if i + 1 >= n { return nil }
                    i += 1
                case UInt8(ascii: "/") where i + 1 < n && p[i + 1] == UInt8(ascii: "/"):
                    while i < n, p[i] != 10 { i += 1 }
                    continue
                default: break
                }
                i += 1
            }
            return nil
        }
    }
}

import CLibGit2

/// A git object id (SHA-1), a value type that never refers to libgit2 memory.
public struct ObjectID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The 20 bytes, big-endian in three words.
    let a: UInt64, b: UInt64, c: UInt32

    init(_ oid: git_oid) {
        var oid = oid
        (a, b, c) = withUnsafeBytes(of: &oid.id) { raw in
            var a: UInt64 = 0, b: UInt64 = 0, c: UInt32 = 0
            for i in 0..<8 { a = a << 8 | UInt64(raw[i]) }
            for i in 8..<16 { b = b << 8 | UInt64(raw[i]) }
            for i in 16..<20 { c = c << 8 | UInt32(raw[i]) }
            return (a, b, c)
        }
    }

    init(_ pointer: UnsafePointer<git_oid>) { self.init(pointer.pointee) }

    /// Parses 40 hex digits.
    public init?(hex: String) {
        let bytes = Array(hex.utf8)
        guard bytes.count == 40 else { return nil }
        var words: [UInt64] = [0, 0, 0]
        for (i, ch) in bytes.enumerated() {
            let v: UInt8
            switch ch {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): v = ch - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): v = ch - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): v = ch - UInt8(ascii: "A") + 10
            default: return nil
            }
            let w = i < 16 ? 0 : i < 32 ? 1 : 2
            words[w] = words[w] << 4 | UInt64(v)
        }
        a = words[0]
        b = words[1]
        c = UInt32(words[2])
    }

    /// The libgit2 form.
    var raw: git_oid {
        var oid = git_oid()
        withUnsafeMutableBytes(of: &oid.id) { raw in
            for i in 0..<8 { raw[i] = UInt8(truncatingIfNeeded: a >> (56 - 8 * UInt64(i))) }
            for i in 0..<8 { raw[8 + i] = UInt8(truncatingIfNeeded: b >> (56 - 8 * UInt64(i))) }
            for i in 0..<4 { raw[16 + i] = UInt8(truncatingIfNeeded: c >> (24 - 8 * UInt32(i))) }
        }
        return oid
    }

    /// Whether this is the all-zero id libgit2 uses for "no object".
    public var isZero: Bool { a == 0 && b == 0 && c == 0 }

    /// 40 lowercase hex digits.
    public var hex: String {
        let digits = Array("0123456789abcdef".utf8)
        var out = [UInt8](repeating: 0, count: 40)
        for i in 0..<16 { out[i] = digits[Int((a >> (60 - 4 * UInt64(i))) & 15)] }
        for i in 0..<16 { out[16 + i] = digits[Int((b >> (60 - 4 * UInt64(i))) & 15)] }
        for i in 0..<8 { out[32 + i] = digits[Int((c >> (28 - 4 * UInt32(i))) & 15)] }
        return String(decoding: out, as: UTF8.self)
    }

    public var description: String { hex }

    public static func < (l: ObjectID, r: ObjectID) -> Bool { (l.a, l.b, l.c) < (r.a, r.b, r.c) }
}

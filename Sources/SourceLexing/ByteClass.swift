/// Byte classes for the scanners, in one 256-entry table allocated once.
enum ByteClass {
    static let other: UInt8 = 0, space: UInt8 = 1, newline: UInt8 = 2, identStart: UInt8 = 3
    static let digit: UInt8 = 4, quote: UInt8 = 5, slash: UInt8 = 6, hash: UInt8 = 7, at: UInt8 = 8
    static let single: UInt8 = 9, op: UInt8 = 10, dot: UInt8 = 11, apostrophe: UInt8 = 12
    static let backtick: UInt8 = 13, backslash: UInt8 = 14
    /// Bit set on bytes that continue an identifier.
    static let identContinue: UInt8 = 0x10
    /// Bit set on bytes that continue an operator.
    static let opContinue: UInt8 = 0x20

    nonisolated(unsafe) static let table: UnsafePointer<UInt8> = {
        let t = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
        t.initialize(repeating: other, count: 256)
        func set(_ s: String, _ v: UInt8) { for b in s.utf8 { t[Int(b)] = v } }
        set(" \t\r\u{0B}\u{0C}", space)
        set("\n", newline)
        for b in UInt8(ascii: "a")...UInt8(ascii: "z") { t[Int(b)] = identStart | identContinue }
        for b in UInt8(ascii: "A")...UInt8(ascii: "Z") { t[Int(b)] = identStart | identContinue }
        for b in 0x80...0xFF { t[b] = identStart | identContinue }
        t[Int(UInt8(ascii: "_"))] = identStart | identContinue
        t[Int(UInt8(ascii: "$"))] = identStart | identContinue
        for b in UInt8(ascii: "0")...UInt8(ascii: "9") { t[Int(b)] = digit | identContinue }
        set("\"", quote)
        set("/", slash | opContinue)
        set("#", hash)
        set("@", at)
        set("()[]{},;:", single)
        set("=-+!*%<>&|^~?", op | opContinue)
        set(".", dot)
        set("'", apostrophe)
        set("`", backtick)
        set("\\", backslash)
        return UnsafePointer(t)
    }()
}

// StableHashing exists because several modules (mirrors, memo keys, fingerprints, fleet shards)
// store or compare hashes across processes, and all must compute the same one.
/// FNV-1a, 64 bits: one hash whose values are the same on every machine and every run (Swift's
/// `Hasher` is seeded per process). Fingerprints, the model digest, fleet shards and memo keys
/// are all stored or compared across processes, so they all go through this.
/// Every member is `@inlinable`: memo keys and fact signatures hash on every commit, and an
/// unspecialised call per byte across the module boundary cost history 3.5 %.
@frozen public struct StableHash: Sendable {
    public static let offset: UInt64 = 0xcbf2_9ce4_8422_2325
    public static let prime: UInt64 = 0x0000_0100_0000_01B3

    /// The hash so far (set it only to seed a hash).
    public var value: UInt64

    @inlinable public init(seed: UInt64 = StableHash.offset) { value = seed }

    @inlinable @inline(__always) public mutating func add(byte: UInt8) { value = (value ^ UInt64(byte)) &* Self.prime }

    @inlinable public mutating func add<S: Sequence>(bytes: S) where S.Element == UInt8 { for b in bytes { add(byte: b) } }

    /// The hash of a string's UTF-8 bytes.
    @inlinable public static func of(_ text: String) -> UInt64 {
        var h = StableHash()
        h.add(bytes: text.utf8)
        return h.value
    }

    /// FNV-1a, 32 bits, of a string's UTF-8 bytes (what binary memo entries name fields by).
    @inlinable public static func of32(_ text: String) -> UInt32 {
        var h: UInt32 = 0x811C_9DC5
        for b in text.utf8 { h = (h ^ UInt32(b)) &* 0x0100_0193 }
        return h
    }

    /// 16 lowercase hex digits.
    public static func hex(_ v: UInt64) -> String {
        let s = String(v, radix: 16)
        return String(repeating: "0", count: 16 - s.count) + s
    }
}

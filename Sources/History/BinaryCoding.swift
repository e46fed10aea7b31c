// A compact binary form for Codable values, for the per-blob memo: results of thousands of
// files are written and read on every history run, and JSON's text and key names would cost
// more than the scan saved. A keyed container is a field count, then fields in declaration
// order, each after a 32-bit hash of its key, so an optional field that is absent (synthesised
// `encodeIfPresent` writes nothing) is recognised when the next key does not match or the
// container has no field left. Not a format for other programs. Keys are hashes, so a
// dictionary keyed by strings or integers or an enum with associated values (which decode
// through `allKeys`) is not supported: it fails to
// decode rather than decoding wrong, and no memo type holds one.
import StableHashing


/// Encodes a value to bytes.
public enum BinaryCoding {
    public static func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
        let writer = ByteWriter()
        try value.encode(to: BinaryValueEncoder(writer: writer))
        return writer.bytes
    }

    public static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
        let reader = ByteReader(bytes)
        let value = try T(from: BinaryValueDecoder(reader: reader))
        guard reader.position == bytes.count else { throw BinaryCodingError.malformed("\(bytes.count - reader.position) bytes left over") }
        return value
    }

    /// The 32-bit stable hash of a key's name: what a field is recognised by.
    @inline(__always) static func keyHash(_ key: some CodingKey) -> UInt32 { StableHash.of32(key.stringValue) }
}

public enum BinaryCodingError: Error, CustomStringConvertible {
    case malformed(String)
    case unsupported(String)

    public var description: String {
        switch self {
        case .malformed(let m): return "malformed memo entry: \(m)"
        case .unsupported(let m): return "cannot encode: \(m)"
        }
    }
}

final class ByteWriter {
    var bytes: [UInt8] = []

    init() { bytes.reserveCapacity(512) }

    @inline(__always) func u8(_ v: UInt8) { bytes.append(v) }

    @inline(__always) func u32(_ v: UInt32) {
        bytes.append(UInt8(truncatingIfNeeded: v))
        bytes.append(UInt8(truncatingIfNeeded: v >> 8))
        bytes.append(UInt8(truncatingIfNeeded: v >> 16))
        bytes.append(UInt8(truncatingIfNeeded: v >> 24))
    }

    /// Variable-length unsigned integer (7 bits per byte).
    @inline(__always) func varint(_ v: UInt64) {
        var v = v
        while v >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: v) | 0x80)
            v >>= 7
        }
        bytes.append(UInt8(v))
    }

    /// Signed integers zig-zag encoded, so small negatives stay small.
    @inline(__always) func signed(_ v: Int64) { varint(UInt64(bitPattern: (v << 1) ^ (v >> 63))) }

    /// The 32-bit count at `offset`.
    func count(at offset: Int) -> Int {
        Int(bytes[offset]) | Int(bytes[offset + 1]) << 8 | Int(bytes[offset + 2]) << 16 | Int(bytes[offset + 3]) << 24
    }

    /// Adds one to the 32-bit count at `offset`.
    func patchCount(at offset: Int) {
        let n = UInt32(count(at: offset) + 1)
        bytes[offset] = UInt8(truncatingIfNeeded: n)
        bytes[offset + 1] = UInt8(truncatingIfNeeded: n >> 8)
        bytes[offset + 2] = UInt8(truncatingIfNeeded: n >> 16)
        bytes[offset + 3] = UInt8(truncatingIfNeeded: n >> 24)
    }

    func string(_ s: String) {
        var s = s
        s.withUTF8 { utf8 in
            varint(UInt64(utf8.count))
            bytes.append(contentsOf: utf8)
        }
    }
}

final class ByteReader {
    let bytes: [UInt8]
    var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    @inline(__always) func u8() throws -> UInt8 {
        guard position < bytes.count else { throw BinaryCodingError.malformed("truncated") }
        defer { position += 1 }
        return bytes[position]
    }

    @inline(__always) func peekU32() -> UInt32? {
        guard position + 4 <= bytes.count else { return nil }
        return UInt32(bytes[position]) | UInt32(bytes[position + 1]) << 8 | UInt32(bytes[position + 2]) << 16 | UInt32(bytes[position + 3]) << 24
    }

    @inline(__always) func u32() throws -> UInt32 {
        guard let v = peekU32() else { throw BinaryCodingError.malformed("truncated") }
        position += 4
        return v
    }

    @inline(__always) func varint() throws -> UInt64 {
        var v: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let b = try u8()
            v |= UInt64(b & 0x7F) << shift
            if b < 0x80 { return v }
            shift += 7
            guard shift < 64 else { throw BinaryCodingError.malformed("varint too long") }
        }
    }

    @inline(__always) func signed() throws -> Int64 {
        let z = try varint()
        return Int64(bitPattern: (z >> 1) ^ (0 &- (z & 1)))
    }

    func string() throws -> String {
        let n = Int(try varint())
        guard n <= bytes.count - position else { throw BinaryCodingError.malformed("string past the end") }
        defer { position += n }
        return String(decoding: bytes[position..<(position + n)], as: UTF8.self)
    }
}

// MARK: Encoding

private struct BinaryValueEncoder: Encoder {
    let writer: ByteWriter
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(KeyedWriter<Key>(writer: writer))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer { UnkeyedWriter(writer: writer) }

    func singleValueContainer() -> any SingleValueEncodingContainer { SingleWriter(writer: writer) }
}

/// Writes primitives; shared by the three container kinds.
private protocol PrimitiveWriting {
    var writer: ByteWriter { get }
}

extension PrimitiveWriting {
    func write(_ value: Bool) { writer.u8(value ? 1 : 0) }
    func write(_ value: String) { writer.string(value) }
    func write(_ value: Double) { writer.varint(value.bitPattern) }
    func write(_ value: Float) { writer.varint(UInt64(value.bitPattern)) }
    func write<I: FixedWidthInteger & SignedInteger>(signed value: I) { writer.signed(Int64(value)) }
    func write<I: FixedWidthInteger & UnsignedInteger>(unsigned value: I) { writer.varint(UInt64(value)) }
    func write<T: Encodable>(value: T) throws {
        // Type checks rather than `as?` casts: these are resolved when the generic is
        // specialised, where dynamic casts cost a runtime call per value.
        if T.self == String.self { return write(unsafeBitCast(value, to: String.self)) }
        if T.self == Int.self { return write(signed: unsafeBitCast(value, to: Int.self)) }
        if T.self == Bool.self { return write(unsafeBitCast(value, to: Bool.self)) }
        if T.self == UInt32.self { return write(unsigned: unsafeBitCast(value, to: UInt32.self)) }
        // A set is written in sorted order: its own order follows the process's random hash seed,
        // and memo entries are keyed by content, so equal results must be equal bytes (shards
        // of a fleet write the same entries from different processes).
        if let set = value as? any SortedEncodable { return try set.encodeSorted(into: writer) }
        try value.encode(to: BinaryValueEncoder(writer: writer))
    }
}

/// Values whose encoding is made independent of hash order.
protocol SortedEncodable {
    func encodeSorted(into writer: ByteWriter) throws
}

extension Set: SortedEncodable where Element: Encodable {
    /// As an unkeyed container (a count, then the elements) with the elements in the order of
    /// their encoded bytes, which needs nothing of the element type but its encoding.
    func encodeSorted(into writer: ByteWriter) throws {
        let parts = try map { try BinaryCoding.encode($0) }.sorted { $0.lexicographicallyPrecedes($1) }
        writer.u32(UInt32(parts.count))
        for p in parts { writer.bytes += p }
    }
}

/// Fields follow a 32-bit count (patched as fields are written), so a reader never takes the
/// next container's bytes for an absent optional at the end of this one.
private struct KeyedWriter<Key: CodingKey>: KeyedEncodingContainerProtocol, PrimitiveWriting {
    let writer: ByteWriter
    let countAt: Int
    var codingPath: [any CodingKey] { [] }

    init(writer: ByteWriter) {
        self.writer = writer
        countAt = writer.bytes.count
        writer.u32(0)
    }

    private func key(_ k: Key) {
        writer.patchCount(at: countAt)
        writer.u32(BinaryCoding.keyHash(k))
    }

    mutating func encodeNil(forKey k: Key) throws {}
    mutating func encode(_ v: Bool, forKey k: Key) throws { key(k); write(v) }
    mutating func encode(_ v: String, forKey k: Key) throws { key(k); write(v) }
    mutating func encode(_ v: Double, forKey k: Key) throws { key(k); write(v) }
    mutating func encode(_ v: Float, forKey k: Key) throws { key(k); write(v) }
    mutating func encode(_ v: Int, forKey k: Key) throws { key(k); write(signed: v) }
    mutating func encode(_ v: Int8, forKey k: Key) throws { key(k); write(signed: v) }
    mutating func encode(_ v: Int16, forKey k: Key) throws { key(k); write(signed: v) }
    mutating func encode(_ v: Int32, forKey k: Key) throws { key(k); write(signed: v) }
    mutating func encode(_ v: Int64, forKey k: Key) throws { key(k); write(signed: v) }
    mutating func encode(_ v: UInt, forKey k: Key) throws { key(k); write(unsigned: v) }
    mutating func encode(_ v: UInt8, forKey k: Key) throws { key(k); write(unsigned: v) }
    mutating func encode(_ v: UInt16, forKey k: Key) throws { key(k); write(unsigned: v) }
    mutating func encode(_ v: UInt32, forKey k: Key) throws { key(k); write(unsigned: v) }
    mutating func encode(_ v: UInt64, forKey k: Key) throws { key(k); write(unsigned: v) }
    mutating func encode<T: Encodable>(_ v: T, forKey k: Key) throws { key(k); try write(value: v) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey k: Key) -> KeyedEncodingContainer<NestedKey> {
        key(k)
        return KeyedEncodingContainer(KeyedWriter<NestedKey>(writer: writer))
    }

    mutating func nestedUnkeyedContainer(forKey k: Key) -> any UnkeyedEncodingContainer {
        key(k)
        return UnkeyedWriter(writer: writer)
    }

    mutating func superEncoder() -> any Encoder { BinaryValueEncoder(writer: writer) }
    mutating func superEncoder(forKey k: Key) -> any Encoder { key(k); return BinaryValueEncoder(writer: writer) }
}

/// Elements follow a 32-bit count that each encode patches, since a container never learns
/// when it is finished.
private struct UnkeyedWriter: UnkeyedEncodingContainer, PrimitiveWriting {
    let writer: ByteWriter
    let countAt: Int
    var codingPath: [any CodingKey] { [] }
    var count: Int { writer.count(at: countAt) }

    init(writer: ByteWriter) {
        self.writer = writer
        countAt = writer.bytes.count
        writer.u32(0)
    }

    private func bump() { writer.patchCount(at: countAt) }

    mutating func encodeNil() throws { throw BinaryCodingError.unsupported("nil in an array") }
    mutating func encode(_ v: Bool) throws { bump(); write(v) }
    mutating func encode(_ v: String) throws { bump(); write(v) }
    mutating func encode(_ v: Double) throws { bump(); write(v) }
    mutating func encode(_ v: Float) throws { bump(); write(v) }
    mutating func encode(_ v: Int) throws { bump(); write(signed: v) }
    mutating func encode(_ v: Int8) throws { bump(); write(signed: v) }
    mutating func encode(_ v: Int16) throws { bump(); write(signed: v) }
    mutating func encode(_ v: Int32) throws { bump(); write(signed: v) }
    mutating func encode(_ v: Int64) throws { bump(); write(signed: v) }
    mutating func encode(_ v: UInt) throws { bump(); write(unsigned: v) }
    mutating func encode(_ v: UInt8) throws { bump(); write(unsigned: v) }
    mutating func encode(_ v: UInt16) throws { bump(); write(unsigned: v) }
    mutating func encode(_ v: UInt32) throws { bump(); write(unsigned: v) }
    mutating func encode(_ v: UInt64) throws { bump(); write(unsigned: v) }
    mutating func encode<T: Encodable>(_ v: T) throws { bump(); try write(value: v) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        bump()
        return KeyedEncodingContainer(KeyedWriter<NestedKey>(writer: writer))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        bump()
        return UnkeyedWriter(writer: writer)
    }

    mutating func superEncoder() -> any Encoder { bump(); return BinaryValueEncoder(writer: writer) }
}

private struct SingleWriter: SingleValueEncodingContainer, PrimitiveWriting {
    let writer: ByteWriter
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() throws { throw BinaryCodingError.unsupported("a bare nil") }
    mutating func encode(_ v: Bool) throws { write(v) }
    mutating func encode(_ v: String) throws { write(v) }
    mutating func encode(_ v: Double) throws { write(v) }
    mutating func encode(_ v: Float) throws { write(v) }
    mutating func encode(_ v: Int) throws { write(signed: v) }
    mutating func encode(_ v: Int8) throws { write(signed: v) }
    mutating func encode(_ v: Int16) throws { write(signed: v) }
    mutating func encode(_ v: Int32) throws { write(signed: v) }
    mutating func encode(_ v: Int64) throws { write(signed: v) }
    mutating func encode(_ v: UInt) throws { write(unsigned: v) }
    mutating func encode(_ v: UInt8) throws { write(unsigned: v) }
    mutating func encode(_ v: UInt16) throws { write(unsigned: v) }
    mutating func encode(_ v: UInt32) throws { write(unsigned: v) }
    mutating func encode(_ v: UInt64) throws { write(unsigned: v) }
    mutating func encode<T: Encodable>(_ v: T) throws { try write(value: v) }
}

// MARK: Decoding

private struct BinaryValueDecoder: Decoder {
    let reader: ByteReader
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(try KeyedReader<Key>(reader: reader))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { try UnkeyedReader(reader: reader) }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { SingleReader(reader: reader) }
}

private protocol PrimitiveReading {
    var reader: ByteReader { get }
}

extension PrimitiveReading {
    func readBool() throws -> Bool { try reader.u8() != 0 }
    func readString() throws -> String { try reader.string() }
    func readDouble() throws -> Double { Double(bitPattern: try reader.varint()) }
    func readFloat() throws -> Float { Float(bitPattern: UInt32(truncatingIfNeeded: try reader.varint())) }
    func readSigned<I: FixedWidthInteger & SignedInteger>(_ type: I.Type) throws -> I {
        let v = try reader.signed()
        guard let i = I(exactly: v) else { throw BinaryCodingError.malformed("\(v) does not fit \(I.self)") }
        return i
    }
    func readUnsigned<I: FixedWidthInteger & UnsignedInteger>(_ type: I.Type) throws -> I {
        let v = try reader.varint()
        guard let i = I(exactly: v) else { throw BinaryCodingError.malformed("\(v) does not fit \(I.self)") }
        return i
    }
    func readValue<T: Decodable>(_ type: T.Type) throws -> T {
        if T.self == String.self { return unsafeBitCast(try readString(), to: T.self) }
        if T.self == Int.self { return unsafeBitCast(try readSigned(Int.self), to: T.self) }
        if T.self == Bool.self { return unsafeBitCast(try readBool(), to: T.self) }
        if T.self == UInt32.self { return unsafeBitCast(try readUnsigned(UInt32.self), to: T.self) }
        return try T(from: BinaryValueDecoder(reader: reader))
    }
}

private struct KeyedReader<Key: CodingKey>: KeyedDecodingContainerProtocol, PrimitiveReading {
    /// Fields of this container not read yet (a class: containers are copied freely).
    final class Remaining {
        var count: Int
        init(_ count: Int) { self.count = count }
    }
    let reader: ByteReader
    let remaining: Remaining
    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { [] }

    init(reader: ByteReader) throws {
        self.reader = reader
        remaining = Remaining(Int(try reader.u32()))
    }

    /// Whether the next field is `k` (an absent optional is followed by another key, or by the end).
    func contains(_ k: Key) -> Bool { remaining.count > 0 && reader.peekU32() == BinaryCoding.keyHash(k) }

    private func key(_ k: Key) throws {
        guard remaining.count > 0, try reader.u32() == BinaryCoding.keyHash(k) else {
            throw BinaryCodingError.malformed("field '\(k.stringValue)' not where expected")
        }
        remaining.count -= 1
    }

    func decodeNil(forKey k: Key) throws -> Bool { !contains(k) }
    func decode(_ t: Bool.Type, forKey k: Key) throws -> Bool { try key(k); return try readBool() }
    func decode(_ t: String.Type, forKey k: Key) throws -> String { try key(k); return try readString() }
    func decode(_ t: Double.Type, forKey k: Key) throws -> Double { try key(k); return try readDouble() }
    func decode(_ t: Float.Type, forKey k: Key) throws -> Float { try key(k); return try readFloat() }
    func decode(_ t: Int.Type, forKey k: Key) throws -> Int { try key(k); return try readSigned(t) }
    func decode(_ t: Int8.Type, forKey k: Key) throws -> Int8 { try key(k); return try readSigned(t) }
    func decode(_ t: Int16.Type, forKey k: Key) throws -> Int16 { try key(k); return try readSigned(t) }
    func decode(_ t: Int32.Type, forKey k: Key) throws -> Int32 { try key(k); return try readSigned(t) }
    func decode(_ t: Int64.Type, forKey k: Key) throws -> Int64 { try key(k); return try readSigned(t) }
    func decode(_ t: UInt.Type, forKey k: Key) throws -> UInt { try key(k); return try readUnsigned(t) }
    func decode(_ t: UInt8.Type, forKey k: Key) throws -> UInt8 { try key(k); return try readUnsigned(t) }
    func decode(_ t: UInt16.Type, forKey k: Key) throws -> UInt16 { try key(k); return try readUnsigned(t) }
    func decode(_ t: UInt32.Type, forKey k: Key) throws -> UInt32 { try key(k); return try readUnsigned(t) }
    func decode(_ t: UInt64.Type, forKey k: Key) throws -> UInt64 { try key(k); return try readUnsigned(t) }
    func decode<T: Decodable>(_ t: T.Type, forKey k: Key) throws -> T { try key(k); return try readValue(t) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey k: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try key(k)
        return KeyedDecodingContainer(try KeyedReader<NestedKey>(reader: reader))
    }

    func nestedUnkeyedContainer(forKey k: Key) throws -> any UnkeyedDecodingContainer {
        try key(k)
        return try UnkeyedReader(reader: reader)
    }

    func superDecoder() throws -> any Decoder { BinaryValueDecoder(reader: reader) }
    func superDecoder(forKey k: Key) throws -> any Decoder { try key(k); return BinaryValueDecoder(reader: reader) }
}

private struct UnkeyedReader: UnkeyedDecodingContainer, PrimitiveReading {
    let reader: ByteReader
    var codingPath: [any CodingKey] { [] }
    let total: Int
    var currentIndex = 0
    var count: Int? { total }
    var isAtEnd: Bool { currentIndex >= total }

    init(reader: ByteReader) throws {
        self.reader = reader
        total = Int(try reader.u32())
        // Every element takes at least one byte: a count past the end is corruption, not a reason
        // to reserve memory.
        guard total <= reader.bytes.count - reader.position else { throw BinaryCodingError.malformed("array count past the end") }
    }

    private mutating func next() throws {
        guard currentIndex < total else { throw BinaryCodingError.malformed("read past the end of an array") }
        currentIndex += 1
    }

    mutating func decodeNil() throws -> Bool { false }
    mutating func decode(_ t: Bool.Type) throws -> Bool { try next(); return try readBool() }
    mutating func decode(_ t: String.Type) throws -> String { try next(); return try readString() }
    mutating func decode(_ t: Double.Type) throws -> Double { try next(); return try readDouble() }
    mutating func decode(_ t: Float.Type) throws -> Float { try next(); return try readFloat() }
    mutating func decode(_ t: Int.Type) throws -> Int { try next(); return try readSigned(t) }
    mutating func decode(_ t: Int8.Type) throws -> Int8 { try next(); return try readSigned(t) }
    mutating func decode(_ t: Int16.Type) throws -> Int16 { try next(); return try readSigned(t) }
    mutating func decode(_ t: Int32.Type) throws -> Int32 { try next(); return try readSigned(t) }
    mutating func decode(_ t: Int64.Type) throws -> Int64 { try next(); return try readSigned(t) }
    mutating func decode(_ t: UInt.Type) throws -> UInt { try next(); return try readUnsigned(t) }
    mutating func decode(_ t: UInt8.Type) throws -> UInt8 { try next(); return try readUnsigned(t) }
    mutating func decode(_ t: UInt16.Type) throws -> UInt16 { try next(); return try readUnsigned(t) }
    mutating func decode(_ t: UInt32.Type) throws -> UInt32 { try next(); return try readUnsigned(t) }
    mutating func decode(_ t: UInt64.Type) throws -> UInt64 { try next(); return try readUnsigned(t) }
    mutating func decode<T: Decodable>(_ t: T.Type) throws -> T { try next(); return try readValue(t) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next()
        return KeyedDecodingContainer(try KeyedReader<NestedKey>(reader: reader))
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try next()
        return try UnkeyedReader(reader: reader)
    }

    mutating func superDecoder() throws -> any Decoder { try next(); return BinaryValueDecoder(reader: reader) }
}

private struct SingleReader: SingleValueDecodingContainer, PrimitiveReading {
    let reader: ByteReader
    var codingPath: [any CodingKey] { [] }

    func decodeNil() -> Bool { false }
    func decode(_ t: Bool.Type) throws -> Bool { try readBool() }
    func decode(_ t: String.Type) throws -> String { try readString() }
    func decode(_ t: Double.Type) throws -> Double { try readDouble() }
    func decode(_ t: Float.Type) throws -> Float { try readFloat() }
    func decode(_ t: Int.Type) throws -> Int { try readSigned(t) }
    func decode(_ t: Int8.Type) throws -> Int8 { try readSigned(t) }
    func decode(_ t: Int16.Type) throws -> Int16 { try readSigned(t) }
    func decode(_ t: Int32.Type) throws -> Int32 { try readSigned(t) }
    func decode(_ t: Int64.Type) throws -> Int64 { try readSigned(t) }
    func decode(_ t: UInt.Type) throws -> UInt { try readUnsigned(t) }
    func decode(_ t: UInt8.Type) throws -> UInt8 { try readUnsigned(t) }
    func decode(_ t: UInt16.Type) throws -> UInt16 { try readUnsigned(t) }
    func decode(_ t: UInt32.Type) throws -> UInt32 { try readUnsigned(t) }
    func decode(_ t: UInt64.Type) throws -> UInt64 { try readUnsigned(t) }
    func decode<T: Decodable>(_ t: T.Type) throws -> T { try readValue(t) }
}

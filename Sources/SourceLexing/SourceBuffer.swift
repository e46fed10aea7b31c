// SourceLexing exists so that every rule sees Swift and Objective-C the way the compiler
// does: comments, strings and dead `#if 0` code are not code. It works on bytes, never on
// String, because it runs over every byte of every scanned blob.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The bytes of one source file, padded with zeros so scanners may look a few bytes ahead.
///
/// `@unchecked Sendable`: the bytes are written only by `init`'s fill closure, before the
/// buffer is shared, and only read afterwards.
public final class SourceBuffer: @unchecked Sendable {
    /// Bytes that may be read past `count`; all zero.
    public static let padding = 16
    /// The number of real bytes.
    public let count: Int
    /// Start of the bytes; valid for `count + padding` reads.
    public let base: UnsafeMutablePointer<UInt8>

    /// Copies `bytes` into a new padded buffer.
    public convenience init<C: Collection>(_ bytes: C) where C.Element == UInt8 {
        self.init(capacity: bytes.count) { buffer in
            _ = buffer.initialize(from: bytes)
            return bytes.count
        }
    }

    /// Copies the UTF-8 of `text`.
    public convenience init(text: String) {
        self.init(Array(text.utf8))
    }

    /// Lets `fill` write up to `capacity` bytes and return how many it wrote.
    public init(capacity: Int, fill: (UnsafeMutableBufferPointer<UInt8>) throws -> Int) rethrows {
        let base = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity + Self.padding)
        // Only what `fill` does not write is zeroed (the padding here, a short fill's tail below):
        // zeroing every file's bytes before reading them over was a pass over all a scan reads.
        // (UInt8 is trivial: `fill` may write bytes never initialised.)
        (base + capacity).initialize(repeating: 0, count: Self.padding)
        let written: Int
        do {
            written = try fill(UnsafeMutableBufferPointer(start: base, count: capacity))
        } catch {
            base.deallocate()
            throw error
        }
        self.base = base
        self.count = min(max(written, 0), capacity)
        if count < capacity { (base + count).update(repeating: 0, count: capacity - count) }
    }

    deinit { base.deallocate() }

    /// The byte at `offset`, or 0 past the end.
    @inline(__always) public subscript(offset: Int) -> UInt8 {
        offset < count ? base[offset] : 0
    }

    /// The real bytes. Valid only while the buffer lives (use `withExtendedLifetime`).
    public var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    /// The bytes in `range` decoded as UTF-8 (invalid sequences replaced).
    public func text(_ range: Range<Int>) -> String {
        let lower = max(0, min(range.lowerBound, count)), upper = max(lower, min(range.upperBound, count))
        return String(decoding: UnsafeBufferPointer(start: base + lower, count: upper - lower), as: UTF8.self)
    }

    /// Whether the bytes in `range` equal `ascii`.
    public func matches(_ ascii: StaticString, at offset: Int) -> Bool {
        let n = ascii.utf8CodeUnitCount
        guard offset >= 0, offset + n <= count else { return false }
        let p = ascii.utf8Start
        for k in 0..<n where base[offset + k] != p[k] { return false }
        return true
    }

    /// Whether the file contains a NUL byte in its first `limit` bytes (the usual binary test).
    public func looksBinary(limit: Int = 8192) -> Bool {
        let n = min(count, limit)
        return n > 0 && memchrNUL(base, n)
    }

    /// Whether the file is a Git LFS pointer (the real content lives elsewhere): a small text
    /// that starts with the LFS spec line.
    public var isLFSPointer: Bool {
        let prefix = Array("version https://git-lfs.github.com/spec/".utf8)
        guard count >= prefix.count, count < 1024 else { return false }
        for i in prefix.indices where base[i] != prefix[i] { return false }
        return true
    }
}

@inline(__always) private func memchrNUL(_ p: UnsafePointer<UInt8>, _ n: Int) -> Bool {
    memchr(p, 0, n) != nil
}

/// Maps byte offsets to 1-based lines and UTF-8 byte columns.
public struct LineTable: Sendable {
    /// Offset of the first byte of each line.
    public let starts: [Int]
    /// For a file with non-ASCII bytes: at every `block` bytes from the start, how many more
    /// UTF-8 bytes than UTF-16 units came before (continuation bytes, less one per 4-byte
    /// character); empty for an ASCII file, where the two counts agree.
    let surplus: [Int32]
    static let block = 256

    public init(_ buffer: SourceBuffer) {
        var starts = [0]
        starts.reserveCapacity(buffer.count / 32 + 1)
        let p = buffer.base
        // Line feeds with memchr (vectorised in the C library), then whether any byte is
        // non-ASCII eight bytes at a time: the table is built for nearly every file.
        var at = 0
        while at < buffer.count, let found = memchr(p + at, 10, buffer.count - at) {
            at = UnsafeRawPointer(found) - UnsafeRawPointer(p) + 1
            starts.append(at)
        }
        self.starts = starts
        var high: UInt64 = 0
        let words = buffer.count / 8
        for w in 0..<words { high |= UnsafeRawPointer(p + w * 8).loadUnaligned(as: UInt64.self) }
        for i in (words * 8)..<buffer.count { high |= UInt64(p[i]) }
        guard high & 0x8080_8080_8080_8080 != 0 else { surplus = []; return }
        var surplus: [Int32] = [0]
        surplus.reserveCapacity(buffer.count / Self.block + 1)
        var total = 0
        for blockStart in stride(from: 0, to: buffer.count, by: Self.block) {
            if blockStart > 0 { surplus.append(Int32(truncatingIfNeeded: total)) }
            total += Self.surplus(p, blockStart, min(blockStart + Self.block, buffer.count))
        }
        self.surplus = surplus
    }

    @inline(__always) static func surplus(of b: UInt8) -> Int {
        b & 0xC0 == 0x80 ? 1 : b >= 0xF0 ? -1 : 0
    }

    /// The surplus of the bytes `from..<to`: continuation bytes (`10xxxxxx`) less 4-byte leads
    /// (`11110xxx`), counted eight bytes at a time with bit masks.
    static func surplus(_ p: UnsafeMutablePointer<UInt8>, _ from: Int, _ to: Int) -> Int {
        let high: UInt64 = 0x8080_8080_8080_8080
        var n = 0, i = from
        while i + 8 <= to {
            let w = UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self)
            // Bit 7 of a byte, tested with the byte's own lower bits shifted up into it.
            let continuation = w & ~(w << 1) & high
            let lead4 = w & (w << 1) & (w << 2) & (w << 3) & high
            n += continuation.nonzeroBitCount - lead4.nonzeroBitCount
            i += 8
        }
        while i < to { n += surplus(of: p[i]); i += 1 }
        return n
    }

    /// UTF-8 bytes less UTF-16 units before `offset`, from the nearest block start.
    private func surplus(before offset: Int, in buffer: SourceBuffer) -> Int {
        let blockIndex = min(offset / Self.block, surplus.count - 1)
        let start = blockIndex * Self.block
        return Int(surplus[blockIndex]) + Self.surplus(buffer.base, start, max(start, min(offset, buffer.count)))
    }

    /// The number of lines (a trailing newline does not start a counted line of its own).
    public var lineCount: Int { starts.count }

    /// The 1-based line containing `offset`.
    public func line(of offset: Int) -> Int {
        var lo = 0, hi = starts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if starts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        return lo + 1
    }

    /// The 1-based line and 1-based UTF-8 byte column of `offset`.
    public func location(of offset: Int) -> (line: Int, column: Int) {
        let line = line(of: offset)
        return (line, offset - starts[line - 1] + 1)
    }

    /// The 1-based column of `offset` in UTF-16 code units (what SARIF and most editors count),
    /// where `location(of:)` counts UTF-8 bytes as clang does. At most one block is read, so
    /// many findings on one long line cost no more than on short ones.
    public func utf16Column(of offset: Int, in buffer: SourceBuffer) -> Int {
        let start = starts[line(of: offset) - 1]
        let offset = min(offset, buffer.count)
        guard !surplus.isEmpty else { return offset - start + 1 }
        return offset - start - (surplus(before: offset, in: buffer) - surplus(before: start, in: buffer)) + 1
    }

    /// The byte range of `line` (1-based), without its line terminator.
    public func range(ofLine line: Int, in buffer: SourceBuffer) -> Range<Int> {
        guard line >= 1, line <= starts.count else { return buffer.count..<buffer.count }
        let start = starts[line - 1]
        var end = line < starts.count ? starts[line] - 1 : buffer.count
        if end > start, buffer[end - 1] == 13 { end -= 1 }
        return start..<max(start, end)
    }
}

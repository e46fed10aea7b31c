// Whole words found by looking a buffer's words up, instead of by a Hyperscan database: for a
// set whose every literal is a whole word (what the prefilter's later rounds search for, the
// names the analysed files make matter), compiling a database cost far more than the search
// itself — 100 M instructions for duckduckgo's 185 names, on one core while the other waited.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whole-word texts (ASCII letters, digits and `_`, matched as they are, bounded on both sides
/// by a byte that is none of those): exactly the maximal runs of word bytes that equal one. A
/// text may follow a prefix of other bytes (`@Environment`), whose end is then left open, as
/// Hyperscan's whole-word literals leave a non-word end.
struct WordTable: Sendable {
    /// Each distinct word once, with the ids it stands for and the prefix each needs before it.
    private let texts: [[UInt8]]
    private let ids: [[(id: Int, prefix: [UInt8])]]
    /// Open addressing over `texts` (index + 1; 0 is an empty slot), at most half full.
    private let slots: [Int32]
    /// Bit n is set when a text has n bytes (63: 63 or more).
    private let lengths: UInt64
    /// Bit (first byte × 256 + second byte, 0 for a one-byte text) set for each text's first
    /// two bytes: most words of a buffer are ruled out by these two tests, without hashing.
    private let pairs: [UInt64]

    /// `text` as non-word bytes (maybe none) then word bytes (at least one), or nil: the texts
    /// a table can hold, as `scan` delimits words.
    static func split(_ text: [UInt8]) -> (prefix: [UInt8], word: [UInt8])? {
        let start = text.firstIndex { wordByte[Int($0)] } ?? text.count
        guard start < text.count, text[start...].allSatisfy({ wordByte[Int($0)] }) else { return nil }
        return (Array(text[..<start]), Array(text[start...]))
    }

    /// `words`: each word with its id and the prefix it needs (`split`'s parts); a word may come
    /// with several ids.
    init(_ words: [(id: Int, prefix: [UInt8], word: [UInt8])]) {
        var index: [[UInt8]: Int] = [:], texts: [[UInt8]] = [], ids: [[(id: Int, prefix: [UInt8])]] = []
        var lengths: UInt64 = 0, pairs = [UInt64](repeating: 0, count: 1024)
        for (id, prefix, bytes) in words {
            if let i = index[bytes] { ids[i].append((id, prefix)); continue }
            index[bytes] = texts.count
            texts.append(bytes)
            ids.append([(id, prefix)])
            lengths |= 1 << UInt64(Swift.min(bytes.count, 63))
            let pair = Int(bytes[0]) << 8 | Int(bytes.count > 1 ? bytes[1] : 0)
            pairs[pair >> 6] |= 1 << UInt64(pair & 63)
        }
        var size = 16
        while size < texts.count * 2 { size <<= 1 }
        var slots = [Int32](repeating: 0, count: size)
        for (i, text) in texts.enumerated() {
            var s = text.withUnsafeBufferPointer { Self.hash($0.baseAddress!, $0.count) } & (size - 1)
            while slots[s] != 0 { s = (s + 1) & (size - 1) }
            slots[s] = Int32(i + 1)
        }
        (self.texts, self.ids, self.slots, self.lengths, self.pairs) = (texts, ids, slots, lengths, pairs)
    }

    /// Calls `found(id, end)` for each word of `bytes` that is a text, for each of its ids, in
    /// the order the words end (as Hyperscan reports matches), until `found` says to stop;
    /// returns whether it did. Words are delimited 64 bytes at a time, from a mask of the word
    /// bytes among them (eight at a time, with bit arithmetic), so a block costs no branch per byte.
    func scan(_ bytes: UnsafeRawBufferPointer, _ found: (Int, Int) -> Bool) -> Bool {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return false }
        let n = bytes.count
        var runStart = 0, inWord = false
        // The last partial block is read from a zeroed copy (a zero byte is no word byte).
        var tail = (UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0))
        var block = 0
        while block < n {
            var mask: UInt64 = 0
            if block + 64 <= n {
                let raw = UnsafeRawPointer(base + block)
                for k in 0..<8 { mask |= Self.wordBits(raw.loadUnaligned(fromByteOffset: k * 8, as: UInt64.self)) << UInt64(k * 8) }
            } else {
                withUnsafeMutableBytes(of: &tail) { t in
                    t.copyMemory(from: UnsafeRawBufferPointer(start: base + block, count: n - block))
                    for k in 0..<8 { mask |= Self.wordBits(t.loadUnaligned(fromByteOffset: k * 8, as: UInt64.self)) << UInt64(k * 8) }
                }
            }
            // Bit k of `shifted`: byte k - 1 is a word byte. A word ends at each bit of `ends` and
            // starts at the last bit of `starts` below it (or in an earlier block).
            let shifted = mask << 1 | (inWord ? 1 : 0)
            let starts = mask & ~shifted
            var ends = ~mask & shifted
            while ends != 0 {
                let k = ends.trailingZeroBitCount
                ends &= ends &- 1
                let before = starts & ((1 << UInt64(k)) &- 1)
                let s = before == 0 ? runStart : block + 63 - before.leadingZeroBitCount
                if check(s, block + k, base, found) { return true }
            }
            if starts != 0 { runStart = block + 63 - starts.leadingZeroBitCount }
            inWord = mask >> 63 != 0
            block += 64
        }
        // A word running to the end of the buffer.
        return inWord && n > runStart && check(runStart, n, base, found)
    }

    /// The word `s..<e` looked up: `found` for each id it is, where its prefix comes before it.
    @inline(__always) private func check(_ s: Int, _ e: Int, _ base: UnsafePointer<UInt8>, _ found: (Int, Int) -> Bool) -> Bool {
        let length = e - s
        guard lengths & (1 << UInt64(Swift.min(length, 63))) != 0 else { return false }
        let pair = Int(base[s]) << 8 | Int(length > 1 ? base[s + 1] : 0)
        guard pairs[pair >> 6] & (1 << UInt64(pair & 63)) != 0 else { return false }
        let mask = slots.count - 1
        var slot = Self.hash(base + s, length) & mask
        while slots[slot] != 0 {
            let t = Int(slots[slot]) - 1
            let same = texts[t].withUnsafeBufferPointer { text in text.count == length && memcmp(text.baseAddress!, base + s, length) == 0 }
            if same {
                for (id, prefix) in ids[t] where Self.precedes(prefix, s, base) && found(id, e) { return true }
                return false
            }
            slot = (slot + 1) & mask
        }
        return false
    }

    /// Bit k set when byte k of `x` (in memory order) is a word byte: ASCII letters, digits, `_`.
    /// Each test sets a byte's high bit by adding to its low seven bits, which cannot carry into
    /// the next byte; bytes of 0x80 and above are never word bytes.
    @inline(__always) static func wordBits(_ x: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101, high = ones &* 0x80
        let low = x & (ones &* 0x7F)
        @inline(__always) func within(_ v: UInt64, _ lo: UInt64, _ hi: UInt64) -> UInt64 {
            (v &+ ones &* (0x80 - lo)) & ~(v &+ ones &* (0x7F - hi))
        }
        let letters = within(low | ones &* 0x20, 0x61, 0x7A)
        let words = (letters | within(low, 0x30, 0x39) | within(low, 0x5F, 0x5F)) & ~x & high
        return ((words >> 7) &* 0x0102_0408_1020_4080) >> 56
    }

    /// Whether `prefix` ends right before offset `s` of `base`.
    @inline(__always) private static func precedes(_ prefix: [UInt8], _ s: Int, _ base: UnsafePointer<UInt8>) -> Bool {
        prefix.isEmpty || (s >= prefix.count && prefix.withUnsafeBufferPointer { memcmp($0.baseAddress!, base + s - prefix.count, prefix.count) == 0 })
    }

    /// FNV-1a over the bytes, mixed so that the low bits (the slot) depend on all of them.
    private static func hash(_ p: UnsafePointer<UInt8>, _ count: Int) -> Int {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for k in 0..<count { h = (h ^ UInt64(p[k])) &* 0x0000_0100_0000_01b3 }
        return Int(truncatingIfNeeded: ((h ^ (h >> 29)) &* 0x9E37_79B9_7F4A_7C15) >> 32)
    }

    /// Word bytes as Hyperscan's `\w` and `LiteralSet.isWord` count them.
    private static let wordByte: [Bool] = (0..<256).map { LiteralSet.isWord(UInt8($0)) }
}

// One literal search over bytes for the project-file readers (podspecs, manifests, XML
// property lists) and for path and name tests: the first byte found with `memchr`, the rest
// compared with `memcmp`.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

public enum ByteSearch {
    /// The first index at or after `start` where `needle` occurs in `bytes`; nil for an empty needle.
    public static func firstIndex(of needle: [UInt8], in bytes: [UInt8], from start: Int = 0) -> Int? {
        bytes.withUnsafeBufferPointer { firstIndex(of: needle, in: $0, from: start) }
    }

    public static func firstIndex(of needle: [UInt8], in h: UnsafeBufferPointer<UInt8>, from start: Int = 0) -> Int? {
        guard let first = needle.first, start >= 0, h.count >= needle.count, let base = h.baseAddress else { return nil }
        let last = h.count - needle.count
        var i = start
        return needle.withUnsafeBufferPointer { n in
            while i <= last {
                guard let p = memchr(base + i, Int32(first), last - i + 1) else { return nil }
                i = base.distance(to: p.assumingMemoryBound(to: UInt8.self))
                if memcmp(base + i, n.baseAddress!, n.count) == 0 { return i }
                i += 1
            }
            return nil
        }
    }
}

extension StringProtocol {
    /// Whether `needle` occurs in this string, its UTF-8 bytes compared as bytes: what a search
    /// in a path or a name means. Foundation's `contains` bridges to NSString on every call
    /// (about 10 K instructions), and the listing and target matching ask it of every file.
    public func containsBytes(_ needle: String) -> Bool {
        let n = Array(needle.utf8)
        guard !n.isEmpty else { return true }
        return utf8.withContiguousStorageIfAvailable { ByteSearch.firstIndex(of: n, in: $0) != nil }
            ?? (ByteSearch.firstIndex(of: n, in: Array(utf8)) != nil)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension String {
    /// Whether this string sorts before `other` byte by byte in UTF-8 — git's order, and the
    /// same on every machine whatever its locale. Native strings are compared with one
    /// `memcmp`; others element by element.
    @inlinable public func utf8Precedes(_ other: String) -> Bool {
        let fast = utf8.withContiguousStorageIfAvailable { a in
            other.utf8.withContiguousStorageIfAvailable { b -> Bool in
                let n = Swift.min(a.count, b.count)
                let c = n == 0 ? 0 : memcmp(a.baseAddress!, b.baseAddress!, n)
                return c != 0 ? c < 0 : a.count < b.count
            }
        }
        if let fast, let result = fast { return result }
        return utf8.lexicographicallyPrecedes(other.utf8)
    }
}

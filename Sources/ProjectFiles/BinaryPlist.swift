/// The binary property-list format (`bplist00`): a trailer, an offset table and typed objects
/// that refer to each other by index. References are followed with a depth limit and a guard
/// against cycles; each object is decoded once however many times it is referred to (a file
/// whose objects each hold the next twice would otherwise unfold to 2^n values); every offset,
/// count and size read from the file is checked, in arithmetic that cannot overflow, before
/// anything is read with it.
enum BinaryPlist {
    /// Whether `count` items of `size` bytes from `start` end at or before `limit`, for any
    /// non-negative numbers (no product or sum is formed that could overflow).
    static func fits(_ start: Int, _ count: Int, _ size: Int, within limit: Int) -> Bool {
        guard start >= 0, count >= 0, size >= 0, start <= limit else { return false }
        return size == 0 || count <= (limit - start) / size
    }

    final class Reader {
        let bytes: [UInt8]
        let offsets: [Int]
        let refSize: Int
        /// Objects decoded so far, by index.
        var decoded: [Int: PlistValue] = [:]

        init(bytes: [UInt8], offsets: [Int], refSize: Int) {
            self.bytes = bytes
            self.offsets = offsets
            self.refSize = refSize
        }

        func int(at offset: Int, size: Int) throws -> Int {
            guard size >= 1, size <= 8, fits(offset, 1, size, within: bytes.count) else { throw PlistError("binary plist: a number runs past the end") }
            var v: UInt64 = 0
            for k in 0..<size { v = v << 8 | UInt64(bytes[offset + k]) }
            guard v <= UInt64(Int.max) else { throw PlistError("binary plist: a number is out of range") }
            return Int(v)
        }

        /// The count of an object with marker `marker` at `offset`, and where its payload starts.
        func count(_ marker: UInt8, at offset: Int) throws -> (Int, Int) {
            let low = Int(marker & 0x0F)
            if low != 0x0F { return (low, offset + 1) }
            guard offset + 1 < bytes.count else { throw PlistError("binary plist: a count runs past the end") }
            let intMarker = bytes[offset + 1]
            guard intMarker >> 4 == 0x1 else { throw PlistError("binary plist: a count is not an integer") }
            let size = 1 << Int(intMarker & 0x0F)
            return (try int(at: offset + 2, size: size), offset + 2 + size)
        }

        func object(_ index: Int, depth: Int, path: inout Set<Int>) throws -> PlistValue {
            guard index >= 0, index < offsets.count else { throw PlistError("binary plist: a reference to object \(index) that does not exist") }
            guard depth < PropertyList.maximumDepth else { throw PlistError("binary plist: nested too deeply") }
            guard path.insert(index).inserted else { throw PlistError("binary plist: an object contains itself") }
            defer { path.remove(index) }
            if let known = decoded[index] { return known }
            let value = try decode(index, depth: depth, path: &path)
            decoded[index] = value
            return value
        }

        private func decode(_ index: Int, depth: Int, path: inout Set<Int>) throws -> PlistValue {
            let offset = offsets[index]
            guard offset >= 0, offset < bytes.count else { throw PlistError("binary plist: an object offset past the end") }
            let marker = bytes[offset]
            switch marker >> 4 {
            case 0x0:
                switch marker {
                case 0x08: return .bool(false)
                case 0x09: return .bool(true)
                default: return .string("")
                }
            case 0x1:
                let size = 1 << Int(marker & 0x0F)
                if size == 16 { return .integer(Int64(truncatingIfNeeded: try int(at: offset + 9, size: 8))) }
                var v: UInt64 = 0
                guard size <= 8, fits(offset + 1, 1, size, within: bytes.count) else { throw PlistError("binary plist: an integer runs past the end") }
                for k in 0..<size { v = v << 8 | UInt64(bytes[offset + 1 + k]) }
                return .integer(Int64(bitPattern: v))
            case 0x2:
                let size = 1 << Int(marker & 0x0F)
                guard size == 4 || size == 8, fits(offset + 1, 1, size, within: bytes.count) else { throw PlistError("binary plist: a bad real") }
                var v: UInt64 = 0
                for k in 0..<size { v = v << 8 | UInt64(bytes[offset + 1 + k]) }
                return .real(size == 4 ? Double(Float(bitPattern: UInt32(v))) : Double(bitPattern: v))
            case 0x3:
                guard fits(offset + 1, 1, 8, within: bytes.count) else { throw PlistError("binary plist: a date runs past the end") }
                var v: UInt64 = 0
                for k in 0..<8 { v = v << 8 | UInt64(bytes[offset + 1 + k]) }
                return .date(String(Double(bitPattern: v)))
            case 0x4, 0x5, 0x6:
                let (n, start) = try count(marker, at: offset)
                guard fits(start, n, marker >> 4 == 0x6 ? 2 : 1, within: bytes.count) else { throw PlistError("binary plist: data runs past the end") }
                let length = marker >> 4 == 0x6 ? n * 2 : n
                let payload = Array(bytes[start..<(start + length)])
                switch marker >> 4 {
                case 0x4: return .data(payload)
                case 0x5: return .string(String(decoding: payload, as: UTF8.self))
                default:
                    var units: [UInt16] = []
                    units.reserveCapacity(n)
                    for k in 0..<n { units.append(UInt16(payload[2 * k]) << 8 | UInt16(payload[2 * k + 1])) }
                    return .string(String(decoding: units, as: UTF16.self))
                }
            case 0x8:
                return .integer(Int64(try int(at: offset + 1, size: Int(marker & 0x0F) + 1)))
            case 0xA:
                let (n, start) = try count(marker, at: offset)
                guard fits(start, n, refSize, within: bytes.count) else { throw PlistError("binary plist: an array runs past the end") }
                var items: [PlistValue] = []
                for k in 0..<n { items.append(try object(try int(at: start + k * refSize, size: refSize), depth: depth + 1, path: &path)) }
                return .array(items)
            case 0xD:
                let (n, start) = try count(marker, at: offset)
                guard n <= Int.max / 2, fits(start, 2 * n, refSize, within: bytes.count) else { throw PlistError("binary plist: a dictionary runs past the end") }
                var entries: [String: PlistValue] = [:]
                for k in 0..<n {
                    let key = try object(try int(at: start + k * refSize, size: refSize), depth: depth + 1, path: &path)
                    guard let name = key.string else { throw PlistError("binary plist: a dictionary key is not a string") }
                    entries[name] = try object(try int(at: start + (n + k) * refSize, size: refSize), depth: depth + 1, path: &path)
                }
                return .dict(entries)
            default:
                throw PlistError("binary plist: unknown object type \(marker >> 4)")
            }
        }
    }

    static func parse(_ bytes: [UInt8]) throws -> PlistValue {
        guard bytes.count >= 8 + 32 else { throw PlistError("binary plist: too short") }
        let t = bytes.count - 32
        let offsetSize = Int(bytes[t + 6]), refSize = Int(bytes[t + 7])
        let probe = Reader(bytes: bytes, offsets: [], refSize: 1)
        let count = try probe.int(at: t + 8, size: 8)
        let top = try probe.int(at: t + 16, size: 8)
        let tableStart = try probe.int(at: t + 24, size: 8)
        guard (1...8).contains(offsetSize), (1...8).contains(refSize), count > 0, count <= bytes.count,
              tableStart >= 8, fits(tableStart, count, offsetSize, within: t) else {
            throw PlistError("binary plist: the trailer is inconsistent")
        }
        var offsets: [Int] = []
        offsets.reserveCapacity(count)
        for k in 0..<count { offsets.append(try probe.int(at: tableStart + k * offsetSize, size: offsetSize)) }
        let reader = Reader(bytes: bytes, offsets: offsets, refSize: refSize)
        var path = Set<Int>()
        guard top < count else { throw PlistError("binary plist: the top object does not exist") }
        return try reader.object(top, depth: 0, path: &path)
    }
}

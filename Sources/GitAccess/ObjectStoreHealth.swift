import Foundation

/// Why objects a repository names cannot be read, said in its own terms: libgit2 skips a pack
/// whose index it cannot load and reports the objects inside as missing ("unknown revision
/// 'main'" for a branch that exists), and an object kept in an alternate store, which fleetscan
/// does not follow, as "object not found". Asked only after a read failed, so a healthy
/// repository never pays for it; it reads each pack's header and trailer and its index whole
/// (an index is about 28 bytes an object), never the pack's body.
enum ObjectStoreHealth {
    /// What is wrong with the object store of the git directory `gitDirectory`, one sentence
    /// per problem, paths relative to it; empty when nothing is found.
    static func problems(gitDirectory: String) -> [String] {
        let root = gitDirectory.hasSuffix("/") ? String(gitDirectory.dropLast()) : gitDirectory
        var out: [String] = []
        let packs = root + "/objects/pack"
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: packs)) ?? []).sorted()
        for name in names where name.hasSuffix(".idx") {
            let base = String(name.dropLast(4))
            let index = "objects/pack/" + name
            let pack = "objects/pack/" + base + ".pack"
            if let problem = check(index: root + "/" + index, pack: root + "/" + pack, indexName: index, packName: pack) { out.append(problem) }
        }
        for name in names where name.hasSuffix(".pack") && !names.contains(String(name.dropLast(5)) + ".idx") {
            out.append("pack objects/pack/\(name) has no index (objects/pack/\(name.dropLast(5)).idx), so its objects are not read")
        }
        for file in alternatesFiles {
            guard let text = try? String(contentsOfFile: root + "/" + file, encoding: .utf8) else { continue }
            let named = stores(text)
            guard !named.isEmpty else { continue }
            out.append("objects are in an alternate object store, which is not followed (\(file) names \(named.count == 1 ? "one" : "\(named.count)"))")
        }
        if let text = try? String(contentsOfFile: root + "/" + droppedAlternates, encoding: .utf8) {
            let files = text.split(separator: "\n")
            if !files.isEmpty {
                out.append("objects of the source are in an alternate object store, which is not followed (the source's \(files.joined(separator: " and ")) \(files.count == 1 ? "was" : "were") not copied into this mirror)")
            }
        }
        return out
    }

    /// `message` with the problems after it (" — pack index … is damaged"), as every failed read
    /// says them; `message` alone when there are none.
    static func annotated(_ message: String, _ problems: [String]) -> String {
        problems.isEmpty ? message : message + " — " + problems.joined(separator: "; ")
    }

    /// The files that name other object stores.
    static let alternatesFiles = ["objects/info/alternates", "objects/info/http-alternates"]
    /// In a mirror, the alternates files its source had and the mirror does not (git reads no such file).
    static let droppedAlternates = "fleetscan-dropped-alternates"

    /// The stores an alternates file names (comments and blank lines are not stores).
    static func stores(_ text: String) -> [String] {
        text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }

    /// A pack and its index, checked against each other: the index's header, fan-out and size,
    /// the pack's header, object count and trailing checksum (which the index records).
    static func check(index indexPath: String, pack packPath: String, indexName: String, packName: String) -> String? {
        guard let index = FileManager.default.contents(atPath: indexPath).map([UInt8].init) else {
            return "pack index \(indexName) cannot be read"
        }
        func damaged(_ why: String) -> String { "pack index \(indexName) is damaged (\(why))" }
        func word(_ at: Int) -> Int {
            var n = 0
            for b in index[at..<(at + 4)] { n = n << 8 | Int(b) }
            return n
        }
        let version2 = index.count >= 8 && index[0..<4] == [0xFF, 0x74, 0x4F, 0x63]
        let fanout = version2 ? 8 : 0
        guard index.count >= fanout + 1024 + 40 else { return damaged("\(index.count) bytes, too short for an index") }
        if version2 && word(4) != 2 { return damaged("version \(word(4)); 2 is the only one with this header") }
        var previous = 0
        for i in 0..<256 {
            let n = word(fanout + 4 * i)
            if n < previous { return damaged("its fan-out table goes down at entry \(i)") }
            previous = n
        }
        let count = previous
        let offsets: Int, large: Int
        if version2 {
            offsets = 8 + 1024 + count * 24
            guard index.count >= offsets + count * 4 + 40 else { return damaged("\(index.count) bytes for \(count) objects") }
            large = (0..<count).filter { index[offsets + 4 * $0] & 0x80 != 0 }.count
            guard index.count == offsets + count * 4 + large * 8 + 40 else { return damaged("\(index.count) bytes for \(count) objects") }
        } else {
            offsets = 1024
            large = 0
            guard index.count == 1024 + count * 24 + 40 else { return damaged("\(index.count) bytes for \(count) objects") }
        }
        let recorded = Array(index[(index.count - 40)..<(index.count - 20)])
        guard let handle = FileHandle(forReadingAtPath: packPath) else {
            return "pack \(packName) is missing or unreadable; its index \(indexName) lists \(count) objects"
        }
        defer { try? handle.close() }
        let size = (try? handle.seekToEnd()).map(Int.init) ?? 0
        try? handle.seek(toOffset: 0)
        let header = [UInt8]((try? handle.read(upToCount: 12)) ?? Data())
        guard size >= 32, header.count == 12, header[0..<4] == [0x50, 0x41, 0x43, 0x4B] else {
            return "pack \(packName) is damaged (\(size) bytes, no pack header)"
        }
        var packCount = 0
        for b in header[8..<12] { packCount = packCount << 8 | Int(b) }
        if packCount != count { return "pack \(packName) holds \(packCount) objects, its index \(indexName) lists \(count)" }
        try? handle.seek(toOffset: UInt64(size - 20))
        let trailer = [UInt8]((try? handle.read(upToCount: 20)) ?? Data())
        if trailer != recorded { return "pack \(packName) is truncated or damaged (\(size) bytes; its checksum is not the one its index records)" }
        // The largest plain offset must lie inside the pack (large offsets are in their own table).
        var last = 0
        for i in 0..<count {
            let offset = version2 ? word(offsets + 4 * i) : word(1024 + 24 * i)
            if offset & 0x8000_0000 == 0 || !version2 { last = max(last, offset) }
        }
        if count > 0 && last >= size - 20 { return "pack \(packName) is truncated (\(size) bytes; its index places an object at \(last))" }
        return nil
    }
}

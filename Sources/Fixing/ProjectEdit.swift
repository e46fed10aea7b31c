import ProjectFiles
import StableHashing

/// Insertions into a project.pbxproj that keep its formatting: each new object or list entry is
/// a copy of the app delegate's own, next to it, with new ids and names — so a project Xcode
/// wrote on one line per object gets one line, one written an attribute per line gets that.
enum ProjectEdit {
    struct Objects {
        let objects: [String: PlistValue]
        let lines: [Substring]
        /// Byte offset of each line's start.
        let starts: [Int]

        init(_ path: String, _ bytes: [UInt8]) throws {
            guard let parsed = try? OpenStepPlist.parse(bytes), let objects = parsed.value["objects"]?.dict else {
                throw MigrationRefusal("\(path): cannot read the project file")
            }
            self.objects = objects
            let text = String(decoding: bytes, as: UTF8.self)
            lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            var s: [Int] = [], at = 0
            for l in lines { s.append(at); at += l.utf8.count + 1 }
            starts = s
        }

        func target(_ name: String, _ path: String) throws -> (id: String, value: [String: PlistValue]) {
            let found = objects.filter { $0.value["isa"]?.string == "PBXNativeTarget" && $0.value["name"]?.string == name }
            guard found.count == 1, let t = found.first, let d = t.value.dict else { throw MigrationRefusal("\(path): no single target named \(name)") }
            return (t.key, d)
        }

        /// The line range of object `id`'s definition (`ID /* … */ = {` to its `};`).
        func block(_ id: String) -> Range<Int>? {
            guard let first = lines.firstIndex(where: { $0.drop { $0 == " " || $0 == "\t" }.hasPrefix(id + " ") && $0.contains("= {") }) else { return nil }
            if lines[first].trimmingCharacters(in: .whitespaces).hasSuffix("};") { return first..<(first + 1) }
            let indent = lines[first].prefix { $0 == " " || $0 == "\t" }
            guard let last = lines[(first + 1)...].firstIndex(where: { $0 == indent + "};" }) else { return nil }
            return first..<(last + 1)
        }

        /// The line that lists `id` as an element (`ID /* … */,`), after line `from`.
        func element(_ id: String, after from: Int = 0) -> Int? {
            lines.indices.first { $0 >= from && lines[$0].drop { $0 == " " || $0 == "\t" }.hasPrefix(id) && lines[$0].hasSuffix(",") && !lines[$0].contains("=") }
        }

        func text(_ range: Range<Int>) -> String { lines[range].joined(separator: "\n") + "\n" }
        func offset(afterLine l: Int) -> Int { l + 1 < starts.count ? starts[l + 1] : starts[l] + lines[l].utf8.count }
    }

    /// 24 hexadecimal digits no object of the project has, from `seed` (the project's `StableHash`:
    /// the same ids on every machine, so a diff is reproducible).
    static func newID(_ seed: String, taken: Set<String>) -> String {
        var attempt = 0
        while true {
            let id = (StableHash.hex(StableHash.of(seed + "#\(attempt)")) + StableHash.hex(StableHash.of("\(attempt)#" + seed))).prefix(24).uppercased()
            if !taken.contains(id) { return id }
            attempt += 1
        }
    }

    /// Insertions that add `files` (new, next to the app delegate at `nextTo`) to the app
    /// delegate's group and, for sources, to the target's sources phase; throws when the project
    /// does not list the app delegate (a synchronized folder picks the files up by itself).
    static func addFiles(_ files: [String], nextTo appDelegate: String, header: String?, target: String, project path: String,
                         bytes: [UInt8]) throws -> [Edit] {
        let o = try Objects(path, bytes)
        let t = try o.target(target, path)
        let name = appDelegate.split(separator: "/").last.map(String.init) ?? appDelegate
        let phases = t.value["buildPhases"]?.array?.compactMap(\.string) ?? []
        guard let sources = phases.first(where: { o.objects[$0]?["isa"]?.string == "PBXSourcesBuildPhase" }) else {
            throw MigrationRefusal("\(path): \(target) has no sources phase")
        }
        let buildFiles = o.objects[sources]?["files"]?.array?.compactMap(\.string) ?? []
        func reference(_ id: String) -> String? { o.objects[id]?["fileRef"]?.string }
        func named(_ ref: String, _ n: String) -> Bool {
            let f = o.objects[ref]
            return f?["isa"]?.string == "PBXFileReference" && (f?["path"]?.string.map { $0.split(separator: "/").last.map(String.init) == n } ?? false || f?["name"]?.string == n)
        }
        guard let adBuild = buildFiles.first(where: { reference($0).map { named($0, name) } ?? false }), let adRef = reference(adBuild) else {
            throw MigrationRefusal("\(path): \(name) is not in \(target)'s sources phase")
        }
        guard let group = o.objects.first(where: { $0.value["isa"]?.string == "PBXGroup" && ($0.value["children"]?.array?.contains(.string(adRef)) ?? false) })?.key else {
            throw MigrationRefusal("\(path): no group holds \(name)")
        }
        let headerRef = header.flatMap { h -> String? in
            let hn = h.split(separator: "/").last.map(String.init) ?? h
            return o.objects[group]?["children"]?.array?.compactMap(\.string).first { named($0, hn) }
        }
        var taken = Set(o.objects.keys)
        var edits: [Edit] = []
        func insert(afterLine l: Int, _ text: String) {
            let at = o.offset(afterLine: l)
            edits.append(Edit(path: path, rule: .sceneManifestMissing, line: 0, column: 0, range: at..<at, original: "", replacement: text))
        }
        guard let buildBlock = o.block(adBuild), let groupBlock = o.block(group), let phaseBlock = o.block(sources),
              let fileLine = o.element(adBuild, after: phaseBlock.lowerBound) else {
            throw MigrationRefusal("\(path): cannot find \(name)'s entries in the form Xcode writes them")
        }
        for file in files {
            let newName = file.split(separator: "/").last.map(String.init) ?? file
            let isHeader = newName.hasSuffix(".h")
            // The model: the app delegate's own entries (its header's, for a header).
            let modelRef = isHeader ? (headerRef ?? adRef) : adRef
            let modelName = isHeader && headerRef != nil ? (header!.split(separator: "/").last.map(String.init) ?? name) : name
            guard let modelBlock = o.block(modelRef), let modelChild = o.element(modelRef, after: groupBlock.lowerBound) else { continue }
            let ref = newID("\(path):\(file):ref", taken: taken)
            taken.insert(ref)
            var refText = o.text(modelBlock).replacingOccurrences(of: modelRef, with: ref).replacingOccurrences(of: modelName, with: newName)
            if isHeader && headerRef == nil { refText = refText.replacingOccurrences(of: "sourcecode.c.objc", with: "sourcecode.c.h") }
            insert(afterLine: modelBlock.upperBound - 1, refText)
            insert(afterLine: modelChild, o.text(modelChild..<(modelChild + 1)).replacingOccurrences(of: modelRef, with: ref)
                .replacingOccurrences(of: modelName, with: newName))
            guard !isHeader else { continue }
            let build = newID("\(path):\(file):build", taken: taken)
            taken.insert(build)
            insert(afterLine: buildBlock.upperBound - 1, o.text(buildBlock).replacingOccurrences(of: adBuild, with: build)
                .replacingOccurrences(of: adRef, with: ref).replacingOccurrences(of: name, with: newName))
            insert(afterLine: fileLine, o.text(fileLine..<(fileLine + 1)).replacingOccurrences(of: adBuild, with: build)
                .replacingOccurrences(of: name, with: newName))
        }
        return edits
    }

    /// Insertions that set `key = value` in every build configuration of `target`.
    static func addBuildSetting(_ key: String, _ value: String, target: String, project path: String, bytes: [UInt8]) throws -> [Edit] {
        let o = try Objects(path, bytes)
        let t = try o.target(target, path)
        guard let list = t.value["buildConfigurationList"]?.string,
              let configurations = o.objects[list]?["buildConfigurations"]?.array?.compactMap(\.string), !configurations.isEmpty else {
            throw MigrationRefusal("\(path): \(target) has no build configurations")
        }
        var edits: [Edit] = []
        for c in configurations {
            guard let block = o.block(c), let open = o.lines[block].firstIndex(where: { $0.contains("buildSettings = {") }) else {
                throw MigrationRefusal("\(path): cannot find the build settings of \(target)'s configuration \(c)")
            }
            let next = o.lines[open + 1]
            let indent = next.prefix { $0 == " " || $0 == "\t" }
            let at = o.offset(afterLine: open)
            edits.append(Edit(path: path, rule: .sceneManifestMissing, line: 0, column: 0, range: at..<at, original: "",
                              replacement: "\(indent)\(key) = \(value);\n"))
        }
        return edits
    }
}

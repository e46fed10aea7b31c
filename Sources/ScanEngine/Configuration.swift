import Foundation
import RuleKit
import Rules
import YAMLAccess

/// A repository's configuration (`.fleetscan.yml`, `.fleetscan.yaml` or `.fleetscan.json`), validated and frozen. Workers only ever see this value.
public struct Configuration: Sendable, Equatable {
    public var exclude: [Glob] = []
    public var include: [Glob] = []
    public var disabled: Set<RuleID> = []
    public var severity: [RuleID: Severity] = [:]
    /// Paths (and target names) of demo, example and sample apps, and of tests, where the
    /// folder and target names do not tell (RULES.md "Scopes").
    public var examples: [Glob] = []
    public var tests: [Glob] = []

    public init(exclude: [Glob] = [], include: [Glob] = [], disabled: Set<RuleID> = [], severity: [RuleID: Severity] = [:],
                examples: [Glob] = [], tests: [Glob] = []) {
        self.examples = examples
        self.tests = tests
        self.exclude = exclude
        self.include = include
        self.disabled = disabled
        self.severity = severity
    }

    /// The names a root's configuration may have; one root holds at most one of them.
    public static let fileNames = [".fleetscan.yml", ".fleetscan.yaml", ".fleetscan.json"]

    /// Folders skipped unless an `include` glob names them: whole path components, in any case
    /// (Apple's file systems do not tell `Vendor` from `vendor`: CocoaDebug's example apps keep
    /// AFNetworking and ASIHTTPRequest under `Vendor/`). Other projects' code, and what builds
    /// write (`DerivedData`, CMake's `CMakeFiles`: Provenance's cores keep a CMake build tree whose
    /// test tools' Info.plists read as apps).
    public static let vendoredFolders: Set<String> = ["Pods", "Carthage", "vendor", "ThirdParty", "third_party", ".build", "DerivedData", "CMakeFiles"]

    /// Whether the path component `name` is a vendored folder's, in any case.
    static func isVendoredFolder<S: StringProtocol>(_ name: S) -> Bool { vendoredLowercased.contains(name.lowercased()) }
    static let vendoredLowercased = Set(vendoredFolders.map { $0.lowercased() })

    static let keys = ["exclude", "include", "disable", "severity", "examples", "tests"]

    /// Whether `source` names a YAML file (by its extension); anything else is read as JSON (a
    /// file given with --config must be named .json then).
    public static func isYAML(_ source: String) -> Bool { source.hasSuffix(".yml") || source.hasSuffix(".yaml") }

    /// The one configuration file among `present` (names found at a root), or an error naming
    /// them when there are several: which one would win is not something to guess.
    public static func single(_ present: [String], at root: String) throws -> String? {
        guard present.count > 1 else { return present.first }
        throw ScanError("\(root): \(present.joined(separator: " and ")) are both configurations; keep one")
    }

    /// A configuration document as JSON or YAML gives it, with a YAML node's line.
    enum Node {
        case string(String)
        case list([Node])
        case map([(String, Node)])
        case other(String)

        var kind: String {
            switch self {
            case .string: return "a string"
            case .list: return "a list"
            case .map: return "a mapping"
            case .other(let k): return k
            }
        }

        init(json: Any) {
            if let s = json as? String { self = .string(s) }
            else if let a = json as? [Any] { self = .list(a.map(Node.init(json:))) }
            else if let o = json as? [String: Any] { self = .map(o.sorted { $0.key < $1.key }.map { ($0.key, Node(json: $0.value)) }) }
            else if json is NSNull { self = .other("null") }
            else { self = .other("a number or boolean") }
        }
    }

    /// Parses the configuration text — YAML when `source` ends in .yml or .yaml, JSON
    /// otherwise; `source` names it in errors (with the line, for YAML).
    public static func parse(_ data: Data, source: String) throws -> Configuration {
        var lines: [String: Int] = [:]
        let root: Node
        if isYAML(source) {
            let doc: YAMLNode
            do { doc = try YAML.parse(Array(data)) } catch let e as YAMLError {
                // Line 0: no document was read (libyaml could not be loaded).
                throw ScanError(e.line > 0 ? "\(source):\(e.line): not valid YAML (\(e.message))" : "\(source): \(e.message)")
            }
            func convert(_ n: YAMLNode, _ path: String) -> Node {
                lines[path] = n.line
                switch n.value {
                case .scalar(let s): return .string(s)
                case .sequence(let a): return .list(a.enumerated().map { convert($1, path + "[\($0)]") })
                case .mapping(let m): return .map(m.map { ($0.key, convert($0.value, path + "." + $0.key)) })
                }
            }
            root = convert(doc, "")
            if case .string(let s) = root, s.isEmpty { return Configuration() }
        } else {
            do {
                root = Node(json: try JSONSerialization.jsonObject(with: data, options: []))
            } catch {
                throw ScanError("\(source): not valid JSON (\(Self.describe(error)))")
            }
        }
        func at(_ path: String) -> String { lines[path].map { "\(source):\($0)" } ?? source }
        guard case .map(let object) = root else { throw ScanError("\(at("")): expected a mapping (an object) at the top level") }
        var config = Configuration()
        for (key, _) in object where !keys.contains(key) {
            throw ScanError("\(at("." + key)): unknown key \"\(key)\"" + Spelling.hint(for: key, among: keys, format: { "\"\($0)\"" })
                            + " (known keys: \(keys.joined(separator: ", ")))")
        }
        let values = Dictionary(object, uniquingKeysWith: { _, last in last })
        func strings(_ key: String) throws -> [String] {
            guard let value = values[key] else { return [] }
            guard case .list(let list) = value else { throw ScanError("\(at("." + key)): \"\(key)\" must be a list of strings, not \(value.kind)") }
            return try list.enumerated().map { i, item in
                guard case .string(let s) = item else {
                    throw ScanError("\(at(".\(key)[\(i)]")): \"\(key)\" must be a list of strings; item \(i + 1) is \(item.kind)")
                }
                return s
            }
        }
        func rule(_ text: String, _ key: String, _ path: String) throws -> RuleID {
            guard let id = Catalog.canonicalID(text) else {
                throw ScanError("\(at(path)): \"\(key)\" names unknown rule \"\(text)\""
                                + Catalog.suggestions(for: text))
            }
            return id
        }
        config.exclude = try strings("exclude").map(Glob.init)
        config.include = try strings("include").map(Glob.init)
        config.examples = try strings("examples").map(Glob.init)
        config.tests = try strings("tests").map(Glob.init)
        for (i, text) in try strings("disable").enumerated() { config.disabled.insert(try rule(text, "disable", ".disable[\(i)]")) }
        if let value = values["severity"] {
            guard case .map(let map) = value else { throw ScanError("\(at(".severity")): \"severity\" must be a mapping of rule id to severity") }
            for (text, level) in map {
                let id = try rule(text, "severity", ".severity." + text)
                guard case .string(let s) = level, let severity = Severity(rawValue: s) else {
                    throw ScanError("\(at(".severity." + text)): \"severity\".\"\(text)\" must be \"error\", \"warning\" or \"note\"")
                }
                config.severity[id] = severity
            }
        }
        return config
    }

    /// The configuration of the folder `root`: `override` when given (a file anywhere),
    /// else the root's one configuration file, else the default.
    public static func load(root: String, override: String? = nil) throws -> Configuration {
        if let override { return try load(file: override) }
        let base = root.hasSuffix("/") ? root : root + "/"
        var found: [(String, stat)] = []
        for name in fileNames {
            var st = stat()
            if lstat(base + name, &st) == 0 { found.append((name, st)) }
        }
        guard let name = try single(found.map(\.0), at: root) else { return Configuration() }
        let st = found.first { $0.0 == name }!.1
        return try read(base + name, st)
    }

    /// The configuration in the file at `path` (anywhere: `--config`), YAML or JSON by its name.
    public static func load(file path: String) throws -> Configuration {
        guard isYAML(path) || path.hasSuffix(".json") else {
            throw ScanError("\(path): a configuration is YAML (.yml, .yaml) or JSON (.json), read by its extension")
        }
        var st = stat()
        guard stat(path, &st) == 0 else { throw ScanError("\(path): no such configuration file") }
        return try read(path, st)
    }

    static func read(_ path: String, _ st: stat) throws -> Configuration {
        guard (st.st_mode & S_IFMT) == S_IFREG else { throw ScanError("\(path): not a regular file") }
        guard Int(st.st_size) <= ProjectScan.maximumSize else { throw ScanError("\(path): larger than \(ProjectScan.maximumSize >> 20) MiB; not read") }
        let bytes: [UInt8]
        do { bytes = try Disk.readBytes(path) } catch let e as ScanError { throw ScanError("\(path): \(e.message)") }
        return try parse(Data(bytes), source: path)
    }

    public static func describe(_ error: Error) -> String {
        let ns = error as NSError
        return (ns.userInfo[NSDebugDescriptionErrorKey] as? String) ?? ns.localizedDescription
    }

    // MARK: Which files

    /// Whether the file at `path` (relative) is scanned.
    public func includes(file path: String) -> Bool {
        if exclude.contains(where: { $0.matches(path) }) { return false }
        if !include.isEmpty, !include.contains(where: { $0.matches(path) }) { return false }
        if isVendored(path), !include.contains(where: { names(vendoredPathOf: path, in: $0) }) { return false }
        return true
    }

    /// Whether the walk should enter the folder at `path` (relative): vendored folders only on
    /// the way to (or under) an `include` glob that names them. Excluded folders are walked so
    /// that what they hold is counted as skipped.
    public func entersFolder(_ path: String) -> Bool {
        guard Self.hasVendoredComponent(path, includingLast: true) else { return true }
        let parts = path.split(separator: "/")
        return include.contains { glob in
            let prefix = glob.literalPrefix
            let n = min(prefix.count, parts.count)
            return prefix.count > 0 && Array(prefix.prefix(n)) == Array(parts.prefix(n))
                && (prefix.count >= parts.count || parts.prefix(prefix.count).contains { Self.isVendoredFolder($0) })
        }
    }

    func isVendored(_ path: String) -> Bool { Self.hasVendoredComponent(path, includingLast: false) }

    /// Whether a component of `path` (its folders; with `includingLast`, its last component
    /// too) is a vendored folder's name — on the path's bytes, without a string per component:
    /// every file and folder of a tree is asked.
    static func hasVendoredComponent(_ path: String, includingLast: Bool) -> Bool {
        func check(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
            var start = 0
            for i in 0...b.count where i == b.count ? includingLast : b[i] == UInt8(ascii: "/") {
                let length = i - start
                if vendoredLengths.contains(length), vendoredBytes.contains(where: { name in
                    name.count == length && (0..<length).allSatisfy { k in Self.asciiLowercased(b[start + k]) == name[k] }
                }) {
                    return true
                }
                start = i + 1
            }
            return false
        }
        if let fast = path.utf8.withContiguousStorageIfAvailable(check) { return fast }
        return Array(path.utf8).withUnsafeBufferPointer(check)
    }

    /// The vendored folders' names as bytes, and the range of their lengths (a component of
    /// another length is none of them).
    static let vendoredBytes: [[UInt8]] = vendoredLowercased.map { Array($0.utf8) }
    @inline(__always) static func asciiLowercased(_ c: UInt8) -> UInt8 { c >= 65 && c <= 90 ? c | 0x20 : c }
    static let vendoredLengths = (vendoredBytes.map(\.count).min() ?? 0)...(vendoredBytes.map(\.count).max() ?? 0)

    /// Whether `glob` names the vendored folders of `path` literally (so it opts them back in).
    func names(vendoredPathOf path: String, in glob: Glob) -> Bool {
        let parts = path.split(separator: "/").dropLast()
        guard let last = parts.lastIndex(where: { Self.isVendoredFolder($0) }) else { return true }
        let needed = Array(parts[...last])
        let prefix = glob.literalPrefix
        return prefix.count >= needed.count && Array(prefix.prefix(needed.count)) == needed
    }
}

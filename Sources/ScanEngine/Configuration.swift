import Foundation
import RuleKit
import Rules

/// A repository's `.fleetscan.json`, validated and frozen. Workers only ever see this value.
public struct Configuration: Sendable, Equatable {
    public var exclude: [Glob] = []
    public var include: [Glob] = []
    public var disabled: Set<String> = []
    public var severity: [String: Severity] = [:]
    /// Paths (and target names) of demo, example and sample apps, and of tests, where the
    /// folder and target names do not tell (RULES.md "Scopes").
    public var examples: [Glob] = []
    public var tests: [Glob] = []

    public init(exclude: [Glob] = [], include: [Glob] = [], disabled: Set<String> = [], severity: [String: Severity] = [:],
                examples: [Glob] = [], tests: [Glob] = []) {
        self.examples = examples
        self.tests = tests
        self.exclude = exclude
        self.include = include
        self.disabled = disabled
        self.severity = severity
    }

    public static let fileName = ".fleetscan.json"

    /// Folders skipped unless an `include` glob names them: whole path components.
    public static let vendoredFolders: Set<String> = ["Pods", "Carthage", "vendor", "ThirdParty", "third_party", ".build", "DerivedData"]

    static let keys = ["exclude", "include", "disable", "severity", "examples", "tests"]

    /// Parses the configuration text; `source` names it in errors.
    public static func parse(_ data: Data, source: String) throws -> Configuration {
        let json: Any
        do {
            json = try JSONSerialization.jsonObject(with: data, options: [])
        } catch {
            throw ScanError("\(source): not valid JSON (\(Self.describe(error)))")
        }
        guard let object = json as? [String: Any] else { throw ScanError("\(source): expected a JSON object at the top level") }
        var config = Configuration()
        for key in object.keys.sorted() where !keys.contains(key) {
            throw ScanError("\(source): unknown key \"\(key)\" (known keys: \(keys.joined(separator: ", ")))")
        }
        func strings(_ key: String) throws -> [String] {
            guard let value = object[key] else { return [] }
            guard let list = value as? [Any], let strings = list as? [String], list.count == strings.count else {
                throw ScanError("\(source): \"\(key)\" must be an array of strings")
            }
            return strings
        }
        config.exclude = try strings("exclude").map(Glob.init)
        config.include = try strings("include").map(Glob.init)
        config.examples = try strings("examples").map(Glob.init)
        config.tests = try strings("tests").map(Glob.init)
        for id in try strings("disable") {
            guard Catalog.isKnown(id) else { throw ScanError("\(source): \"disable\" names unknown rule \"\(id)\"") }
            config.disabled.insert(id)
        }
        if let value = object["severity"] {
            guard let map = value as? [String: Any] else { throw ScanError("\(source): \"severity\" must be an object of rule id to severity") }
            for (id, level) in map.sorted(by: { $0.key < $1.key }) {
                guard Catalog.isKnown(id) else { throw ScanError("\(source): \"severity\" names unknown rule \"\(id)\"") }
                guard let s = level as? String, let severity = Severity(rawValue: s) else {
                    throw ScanError("\(source): \"severity\".\"\(id)\" must be \"error\", \"warning\" or \"note\"")
                }
                config.severity[id] = severity
            }
        }
        return config
    }

    /// The configuration at `root/.fleetscan.json`, or the default when there is none.
    public static func load(root: String) throws -> Configuration {
        let path = root.hasSuffix("/") ? root + fileName : root + "/" + fileName
        var st = stat()
        guard lstat(path, &st) == 0 else { return Configuration() }
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
        let parts = path.split(separator: "/")
        guard parts.contains(where: { Self.vendoredFolders.contains(String($0)) }) else { return true }
        return include.contains { glob in
            let prefix = glob.literalPrefix
            let n = min(prefix.count, parts.count)
            return prefix.count > 0 && Array(prefix.prefix(n)) == Array(parts.prefix(n))
                && (prefix.count >= parts.count || parts.prefix(prefix.count).contains { Self.vendoredFolders.contains(String($0)) })
        }
    }

    func isVendored(_ path: String) -> Bool {
        path.split(separator: "/").dropLast().contains { Self.vendoredFolders.contains(String($0)) }
    }

    /// Whether `glob` names the vendored folders of `path` literally (so it opts them back in).
    func names(vendoredPathOf path: String, in glob: Glob) -> Bool {
        let parts = path.split(separator: "/").dropLast()
        guard let last = parts.lastIndex(where: { Self.vendoredFolders.contains(String($0)) }) else { return true }
        let needed = Array(parts[...last])
        let prefix = glob.literalPrefix
        return prefix.count >= needed.count && Array(prefix.prefix(needed.count)) == needed
    }
}

/// Build settings as Xcode layers them: the project's xcconfig, the project's settings, the
/// target's xcconfig, the target's settings — each level over the one below, `$(inherited)`
/// standing for the level below, `KEY[sdk=…]` over `KEY` for the SDK being built, and `$(VAR)`
/// references expanded at the end.
public struct SettingsLayer: Sendable {
    public struct Assignment: Sendable {
        public var key: String
        /// `[sdk=iphoneos*][config=Release]`, or empty.
        public var condition: Substring
        public var value: String
    }
    public var assignments: [Assignment] = []

    public init() {}

    /// A layer from a pbxproj `buildSettings` dictionary.
    public init(dictionary: [String: String]) {
        for (k, v) in dictionary.sorted(by: { $0.key < $1.key }) { add(key: k, value: v) }
    }

    /// Adds `KEY = value` or `KEY[cond] = value`.
    public mutating func add(key: String, value: String) {
        if let bracket = key.firstIndex(of: "[") {
            assignments.append(Assignment(key: String(key[..<bracket]).trimmingSpaces, condition: Substring(key[bracket...]), value: value))
        } else {
            assignments.append(Assignment(key: key.trimmingSpaces, condition: "", value: value))
        }
    }

    public mutating func append(_ other: SettingsLayer) { assignments += other.assignments }

    /// Applies this layer over `settings` for a build with `sdk`: plain assignments in order,
    /// then the conditional ones that hold (a condition beats the plain key at the same level).
    public func apply(over settings: inout [String: String], sdk: String) {
        let below = settings
        var mine: [String: String] = [:]
        func set(_ a: Assignment) {
            let lower = mine[a.key] ?? below[a.key] ?? ""
            mine[a.key] = BuildSettings.replacingInherited(in: a.value, of: a.key, with: lower)
        }
        for a in assignments where a.condition.isEmpty { set(a) }
        var conditional: [String: String] = [:]
        for a in assignments where !a.condition.isEmpty && BuildSettings.condition(a.condition, holdsFor: sdk) {
            let lower = mine[a.key] ?? below[a.key] ?? ""
            conditional[a.key] = BuildSettings.replacingInherited(in: a.value, of: a.key, with: lower)
        }
        for (k, v) in mine { settings[k] = v }
        for (k, v) in conditional { settings[k] = v }
    }
}

public enum BuildSettings {
    /// The settings of `layers` (lowest first) for `sdk`, with `$(VAR)` references expanded.
    public static func resolve(_ layers: [SettingsLayer], sdk: String) -> [String: String] {
        var settings: [String: String] = [:]
        for layer in layers { layer.apply(over: &settings, sdk: sdk) }
        var out = settings
        for (k, v) in settings where v.utf8.contains(UInt8(ascii: "$")) { out[k] = expand(v, of: k, in: settings) }
        return out
    }

    /// Whether a setting condition such as `[sdk=iphoneos*]` or `[config=Release][arch=*]`
    /// holds for a build with `sdk`; conditions on other SDKs do not.
    public static func condition(_ conditions: Substring, holdsFor sdk: String) -> Bool {
        for part in conditions.split(separator: "[") {
            let body = part.hasSuffix("]") ? part.dropLast() : part
            guard let eq = body.firstIndex(of: "=") else { continue }
            let key = body[..<eq].trimmingSpaces
            let value = body[body.index(after: eq)...].trimmingSpaces
            if key == "sdk" {
                let pattern = value.hasSuffix("*") ? String(value.dropLast()) : value
                if !(value == "*" || sdk.hasPrefix(pattern) || pattern.hasPrefix(sdk)
                     || (sdk == "iphoneos" && pattern.hasPrefix("iphonesimulator"))) { return false }
            }
        }
        return true
    }

    /// `$(inherited)` — and the setting naming itself (`OTHER_LDFLAGS = $(OTHER_LDFLAGS) -ObjC`,
    /// as CocoaPods writes), which Xcode reads the same way — replaced by the level below.
    static func replacingInherited(in value: String, of key: String, with lower: String) -> String {
        guard value.utf8.contains(UInt8(ascii: "$")) else { return value }  // no Foundation search for most values
        var replaced = value
        for name in ["inherited", key] { replaced = replaced.replacingAll("$(\(name))", with: lower).replacingAll("${\(name)}", with: lower) }
        return replaced.trimmingSpaces
    }

    /// How far one value's references are followed: levels, references, and characters out. A
    /// setting that names itself, or a chain whose every level names the next many times
    /// (`A1 = $(A0)$(A0)`, `A2 = $(A1)$(A1)`, …), would otherwise take time and memory
    /// exponential in its length; Xcode's own values are a few references a few levels deep.
    public static let maximumDepth = 8, maximumReferences = 4_096, maximumLength = 16 << 10

    /// `$(NAME)` / `${NAME}` replaced by the setting's value, up to a few levels deep; names the
    /// settings do not define, a reference to a setting being expanded (a cycle), and what is
    /// left once a limit is reached stay as written (SRCROOT and the like are resolved by paths).
    static func expand(_ value: String, of key: String, in settings: [String: String]) -> String {
        var budget = maximumReferences
        var expanding = [key]
        return expand(value, in: settings, expanding: &expanding, budget: &budget)
    }

    private static func expand(_ value: String, in settings: [String: String], expanding: inout [String], budget: inout Int) -> String {
        guard expanding.count <= maximumDepth, value.utf8.contains(UInt8(ascii: "$")) else { return value }
        var out = ""
        var rest = Substring(value)
        while let dollar = rest.firstIndex(of: "$") {
            out += rest[..<dollar]
            let after = rest.index(after: dollar)
            guard after < rest.endIndex, rest[after] == "(" || rest[after] == "{" else {
                out.append("$")
                rest = rest[after...]
                continue
            }
            let close: Character = rest[after] == "(" ? ")" : "}"
            guard let end = rest[after...].firstIndex(of: close) else { out += rest[dollar...]; rest = ""; break }
            let name = String(rest[rest.index(after: after)..<end])
            // `$(VAR:modifier)` keeps the variable's name.
            let base = name.split(separator: ":").first.map(String.init) ?? name
            if let v = settings[base], base != "inherited", !expanding.contains(base), budget > 0, out.utf8.count < maximumLength {
                budget -= 1
                expanding.append(base)
                out += expand(v, in: settings, expanding: &expanding, budget: &budget)
                expanding.removeLast()
            } else {
                out += rest[dollar...end]
            }
            rest = rest[rest.index(after: end)...]
            if out.utf8.count >= maximumLength { break }
        }
        out += rest
        return out
    }
}

/// An `.xcconfig` file: `KEY = value` lines, `KEY[sdk=…] = value`, `//` comments and
/// `#include "other.xcconfig"` / `#include? "optional.xcconfig"` relative to the including file.
public enum XCConfig {
    /// Reads the xcconfig at `path` (relative to the scanned root) and what it includes;
    /// `read` returns a file's bytes, or nil when the file is not in the repository. Problems
    /// (missing includes, cycles, lines that are not assignments) are added as
    /// `path:line: message`.
    /// An include is looked up beside the including file, then in `projectFolder` (Xcode does both).
    /// Nil when the file at `path` itself is not in the repository (each file is read once).
    public static func load(_ path: String, projectFolder: String = "", read: (String) -> [UInt8]?, problems: inout [String]) -> SettingsLayer? {
        guard let bytes = read(path) else { return nil }
        var layer = SettingsLayer()
        var visiting: [String] = []
        load([path], projectFolder: projectFolder, read: read, into: &layer, visiting: &visiting, problems: &problems, from: nil, bytes: bytes)
        return layer
    }

    /// Loads the first of `candidates` that exists (an include beside the file, else in the project folder).
    private static func load(_ candidates: [String], projectFolder: String, read: (String) -> [UInt8]?, into layer: inout SettingsLayer, visiting: inout [String],
                             problems: inout [String], from: (path: String, line: Int, optional: Bool)?, bytes known: [UInt8]? = nil) {
        var path = candidates[0]
        var found = known
        if found == nil {
            for c in candidates { if let b = read(c) { found = b; path = c; break } }
        }
        if visiting.contains(path) {
            if let from { problems.append("\(from.path):\(from.line): #include cycle through \(path)") }
            return
        }
        guard visiting.count < 32 else {
            if let from { problems.append("\(from.path):\(from.line): #include nested more than 32 deep") }
            return
        }
        guard let bytes = found else {
            // CocoaPods' and Carthage's files exist only after `pod install`.
            let generated = path.split(separator: "/").contains { XcodeProject.generatedFolders.contains($0) }
            if let from, !from.optional, !generated { problems.append("\(from.path):\(from.line): included file \(path) is not in the repository") }
            return
        }
        visiting.append(path)
        defer { visiting.removeLast() }
        let folder = path.split(separator: "/").dropLast().joined(separator: "/")
        var lineNumber = 0
        for raw in String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            var line = Substring(raw)
            if let comment = line.range(of: "//") { line = line[..<comment.lowerBound] }
            let text = line.trimmingSpaces
            if text.isEmpty { continue }
            if text.hasPrefix("#include") {
                let optional = text.hasPrefix("#include?")
                guard let open = text.firstIndex(of: "\""), let close = text[text.index(after: open)...].firstIndex(of: "\"") else {
                    problems.append("\(path):\(lineNumber): #include without a quoted path")
                    continue
                }
                let target = String(text[text.index(after: open)..<close])
                if target.hasPrefix("/") || target.hasPrefix("<") { continue }  // outside the repository
                let beside = XcodeProject.normalize(folder.isEmpty ? target : folder + "/" + target)
                let fromProject = XcodeProject.normalize(projectFolder.isEmpty ? target : projectFolder + "/" + target)
                load(beside == fromProject ? [beside] : [beside, fromProject], projectFolder: projectFolder, read: read, into: &layer,
                     visiting: &visiting, problems: &problems, from: (path, lineNumber, optional))
                continue
            }
            // `KEY[sdk=iphoneos*] = value`: the assignment's `=` comes after the conditions.
            let searchFrom = text.lastIndex(of: "]").map { text.index(after: $0) } ?? text.startIndex
            guard let eq = text[searchFrom...].firstIndex(of: "=") else {
                problems.append("\(path):\(lineNumber): not a `KEY = value` line")
                continue
            }
            var value = text[text.index(after: eq)...].trimmingSpaces
            if value.hasSuffix(";") { value.removeLast() }
            layer.add(key: String(text[..<eq]), value: value)
        }
    }
}

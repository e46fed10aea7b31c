import Foundation

/// What an app's Info.plist (or its generated keys) says about scenes, launch and orientation.
public struct InfoPlistFacts: Sendable, Equatable {
    public struct SceneConfiguration: Sendable, Equatable {
        public var role: String
        public var name: String?
        public var delegateClass: String?
        public var storyboard: String?

        public init(role: String, name: String?, delegateClass: String?, storyboard: String?) {
            self.role = role
            self.name = name
            self.delegateClass = delegateClass
            self.storyboard = storyboard
        }
    }

    public var hasSceneManifest = false
    public var supportsMultipleScenes: Bool?
    public var configurations: [SceneConfiguration] = []
    public var hasLaunchScreen = false
    public var orientations: [String]?
    public var iPadOrientations: [String]?
    public var requiresFullScreen: Bool?
    /// Keys that mark an iOS application bundle when no project file says so.
    public var looksLikeApp = false
    /// `CFBundlePackageType` says a framework or a loadable bundle (`FMWK`, `BNDL`), not an
    /// application: an app target pointing at it builds another product's Info.plist (a stale
    /// harness: blink's `smartkeys`, whose INFOPLIST_FILE is its framework's).
    public var declaresOtherBundle = false
    /// `UIMainStoryboardFile` (or `INFOPLIST_KEY_UIMainStoryboardFile`): the storyboard UIKit
    /// loads the app's window from without scenes; under scenes only a scene configuration's
    /// `UISceneStoryboardFile` is loaded.
    public var mainStoryboard: String?
    /// `UIMainStoryboardFile~ipad`: the iPad's own storyboard (moonlight's), which one scene
    /// configuration naming `mainStoryboard` would replace on the iPad.
    public var iPadStoryboard: String?
    /// Keys whose facts differ between the readings of a preprocessed Info.plist (a key inside
    /// an `#if` on a definition the build may set either way): counted present, and findings
    /// that rest on one say so.
    public var conditional: Set<String> = []

    public init() {}

    /// The facts of a parsed Info.plist.
    public init(plist: PlistValue) {
        let d = plist.dict ?? [:]
        if let manifest = d["UIApplicationSceneManifest"]?.dict {
            hasSceneManifest = true
            supportsMultipleScenes = manifest["UIApplicationSupportsMultipleScenes"]?.bool
            for (role, list) in manifest["UISceneConfigurations"]?.dict ?? [:] {
                for entry in list.array ?? [] {
                    configurations.append(SceneConfiguration(role: role, name: entry["UISceneConfigurationName"]?.string,
                                                             delegateClass: entry["UISceneDelegateClassName"]?.string,
                                                             storyboard: entry["UISceneStoryboardFile"]?.string))
                }
            }
            configurations.sort { ($0.role, $0.name ?? "") < ($1.role, $1.name ?? "") }
        }
        hasLaunchScreen = d["UILaunchStoryboardName"] != nil || d["UILaunchScreen"] != nil
        orientations = d["UISupportedInterfaceOrientations"]?.array?.compactMap(\.string)
        iPadOrientations = d["UISupportedInterfaceOrientations~ipad"]?.array?.compactMap(\.string)
        requiresFullScreen = d["UIRequiresFullScreen"]?.bool
        looksLikeApp = d["LSRequiresIPhoneOS"] != nil || d["UIApplicationExitsOnSuspend"] != nil || d["UILaunchStoryboardName"] != nil
        declaresOtherBundle = ["FMWK", "BNDL"].contains(d["CFBundlePackageType"]?.string ?? "")
        mainStoryboard = d["UIMainStoryboardFile"]?.string.flatMap { $0.isEmpty ? nil : $0 }
        iPadStoryboard = d["UIMainStoryboardFile~ipad"]?.string.flatMap { $0.isEmpty || $0 == mainStoryboard ? nil : $0 }
    }

    /// Adds what `INFOPLIST_KEY_*` build settings generate (Xcode merges them into the file).
    public mutating func merge(generated settings: [String: String]) {
        if settings["INFOPLIST_KEY_UIApplicationSceneManifest_Generation"].flatMap({ PlistValue.string($0).bool }) == true {
            hasSceneManifest = true
            if !configurations.contains(where: { $0.role == "UIWindowSceneSessionRoleApplication" }) {
                supportsMultipleScenes = supportsMultipleScenes ?? true
            }
        }
        if settings["INFOPLIST_KEY_UILaunchStoryboardName"].map({ !$0.isEmpty }) == true
            || settings["INFOPLIST_KEY_UILaunchScreen_Generation"].flatMap({ PlistValue.string($0).bool }) == true {
            hasLaunchScreen = true
        }
        if let o = settings["INFOPLIST_KEY_UISupportedInterfaceOrientations"] { orientations = o.split(separator: " ").map(String.init) }
        if let o = settings["INFOPLIST_KEY_UISupportedInterfaceOrientations_iPad"] { iPadOrientations = o.split(separator: " ").map(String.init) }
        if let s = settings["INFOPLIST_KEY_UIMainStoryboardFile"], !s.isEmpty { mainStoryboard = s }
        if let f = settings["INFOPLIST_KEY_UIRequiresFullScreen"].flatMap({ PlistValue.string($0).bool }) { requiresFullScreen = f }
    }

    /// What either of two readings holds (a preprocessed Info.plist read with its unknown
    /// conditions true, then false): a key in either is present, a list holds both's entries.
    public func union(_ other: InfoPlistFacts) -> InfoPlistFacts {
        var u = self
        u.hasSceneManifest = hasSceneManifest || other.hasSceneManifest
        u.declaresOtherBundle = declaresOtherBundle && other.declaresOtherBundle
        u.supportsMultipleScenes = supportsMultipleScenes ?? other.supportsMultipleScenes
        for c in other.configurations where !u.configurations.contains(c) { u.configurations.append(c) }
        u.hasLaunchScreen = hasLaunchScreen || other.hasLaunchScreen
        func merge(_ a: [String]?, _ b: [String]?) -> [String]? {
            guard let a else { return b }
            return a + (b ?? []).filter { !a.contains($0) }
        }
        u.orientations = merge(orientations, other.orientations)
        u.iPadOrientations = merge(iPadOrientations, other.iPadOrientations)
        u.requiresFullScreen = requiresFullScreen == true || other.requiresFullScreen == true ? true : requiresFullScreen ?? other.requiresFullScreen
        u.looksLikeApp = looksLikeApp || other.looksLikeApp
        u.mainStoryboard = mainStoryboard ?? other.mainStoryboard
        u.iPadStoryboard = iPadStoryboard ?? other.iPadStoryboard
        // What the two readings disagree on: the build decides it.
        u.conditional = conditional.union(other.conditional)
        if hasSceneManifest != other.hasSceneManifest || configurations != other.configurations { u.conditional.insert("UIApplicationSceneManifest") }
        if hasLaunchScreen != other.hasLaunchScreen { u.conditional.insert("UILaunchStoryboardName") }
        if orientations != other.orientations { u.conditional.insert("UISupportedInterfaceOrientations") }
        if iPadOrientations != other.iPadOrientations { u.conditional.insert("UISupportedInterfaceOrientations~ipad") }
        if requiresFullScreen != other.requiresFullScreen { u.conditional.insert("UIRequiresFullScreen") }
        return u
    }

    /// What a finding that rests on `key` adds when the key is conditional, else "".
    public func conditionalNote(_ key: String) -> String {
        conditional.contains(key) ? " (`\(key)` is inside an #if of the preprocessed Info.plist: the build may define it either way)" : ""
    }
}

/// `platforms: [.iOS(.v16)]` in a Package.swift, read as text (a manifest is never executed).
public enum PackageManifest {
    /// A `.target(name: "X", path: "P")` / `.testTarget(…)` declaration.
    public struct TargetDeclaration: Sendable, Equatable {
        public var name: String
        /// The folder relative to the package: `path:` when given, else `Sources/NAME` or `Tests/NAME`.
        public var folder: String
        public var isTest: Bool
        /// `sources:`, relative to `folder`: only these paths are the target's (TZImagePickerController's
        /// `path: "."` with two source folders); empty when the whole folder is.
        public var sources: [String]

        public init(name: String, folder: String, isTest: Bool, sources: [String] = []) {
            self.name = name
            self.folder = folder
            self.isTest = isTest
            self.sources = sources
        }

        /// The folders (or files) the target compiles: `folder`, or each of `sources` inside it.
        public var roots: [String] {
            sources.isEmpty ? [folder] : sources.map { XcodeProject.normalize(folder.isEmpty ? $0 : folder + "/" + $0) }
        }

        /// The length of the longest root that holds `path`, nil when none does. A documentation
        /// catalog in the target's folder is DocC's, not the compiler's (TCA's tutorials' code steps).
        public func match(_ path: String) -> Int? {
            guard !PackageManifest.inDocumentationCatalog(path) else { return nil }
            return roots.filter { !$0.isEmpty && (path.hasPrefix($0 + "/") || path == $0) }.map(\.count).max()
        }
    }

    /// Whether `path` lies in a DocC documentation catalog (`Kit.docc/Tutorials/Step-01.swift`):
    /// its Swift files are a tutorial's code listings, which no target compiles.
    public static func inDocumentationCatalog(_ path: String) -> Bool {
        path.containsBytes(".docc/") && path.split(separator: "/").dropLast().contains { $0.hasSuffix(".docc") }
    }

    /// The targets a manifest declares, read as text: `.target(`, `.testTarget(`,
    /// `.executableTarget(` with their `name:` and optional `path:`, whatever arguments come
    /// between (`dependencies: [.product(name: …)]`). A target a helper function builds
    /// (`func example(name: String) -> Target { .target(name: "Kit_" + name, path: "Examples/\\(name)") }`)
    /// is declared once per call with string literals (`example(name: "Skype")`).
    public static func targets(_ text: String) -> [TargetDeclaration] {
        let bytes = Array(text.utf8)
        // Helper functions returning a target, and where their bodies are.
        var helpers: [String: (parameters: [(label: String, name: String)], body: Range<Int>)] = [:]
        var i = 0
        while let f = find("func ", in: bytes, from: i) {
            i = f + 5
            var n = i
            while n < bytes.count, isIdentifier(bytes[n]) { n += 1 }
            guard n > i, n < bytes.count, bytes[n] == UInt8(ascii: "("), let close = matching(bytes, n) else { continue }
            let name = String(decoding: bytes[i..<n], as: UTF8.self)
            // `label name: String`, `_ name: String` or `name: String`: the label callers write, and the name the body reads.
            let parameters = split(bytes, (n + 1)..<close).map { part -> (label: String, name: String) in
                let words = String(decoding: bytes[part], as: UTF8.self).split(separator: ":").first?.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }) ?? []
                return (String(words.first ?? ""), String(words.last ?? ""))
            }
            var b = close + 1
            while b < min(bytes.count, close + 200), bytes[b] != UInt8(ascii: "{") { b += 1 }
            guard b < bytes.count, bytes[b] == UInt8(ascii: "{"), let end = matching(bytes, b), helpers.count < 64,
                  String(decoding: bytes[close..<b], as: UTF8.self).contains("Target") else { continue }
            helpers[name] = (parameters, (b + 1)..<end)
            i = end
        }
        var out: [TargetDeclaration] = []
        func declare(_ isTest: Bool, _ args: [(label: String, value: Range<Int>)], _ env: [String: String]) {
            guard let nameArg = args.first(where: { $0.label == "name" }), let name = evaluate(bytes, nameArg.value, env), !name.isEmpty else { return }
            let path = args.first(where: { $0.label == "path" }).flatMap { evaluate(bytes, $0.value, env) }
            // `sources: ["A", "B"]`: the array literal's strings.
            var sources: [String] = []
            if let list = args.first(where: { $0.label == "sources" })?.value {
                var open = list.lowerBound
                while open < list.upperBound, bytes[open] != UInt8(ascii: "[") { open += 1 }
                if open < list.upperBound, let close = matching(bytes, open), close <= list.upperBound {
                    sources = arguments(bytes, (open + 1)..<close).compactMap { evaluate(bytes, $0.value, env) }.filter { !$0.isEmpty }
                }
            }
            out.append(TargetDeclaration(name: name, folder: XcodeProject.normalize(path ?? ((isTest ? "Tests/" : "Sources/") + name)), isTest: isTest,
                                         sources: sources))
        }
        let kinds: [(String, Bool)] = [(".testTarget(", true), (".target(", false), (".executableTarget(", false)]
        // Every declaration and helper call, in the order they come.
        var events: [(at: Int, open: Int, isTest: Bool, helper: String?)] = []
        for (marker, isTest) in kinds {
            var from = 0
            while let at = find(marker, in: bytes, from: from) { events.append((at, at + marker.utf8.count - 1, isTest, nil)); from = at + 1 }
        }
        for name in helpers.keys {
            var from = 0
            while let at = find(name + "(", in: bytes, from: from) {
                from = at + 1
                // A call, not the declaration or a longer name.
                if at > 0, isIdentifier(bytes[at - 1]) || bytes[at - 1] == UInt8(ascii: ".") { continue }
                events.append((at, at + name.utf8.count, false, name))
            }
        }
        events.sort { $0.at < $1.at }
        var cursor = 0
        for e in events where e.at >= cursor {
            guard out.count < 4_096, let close = matching(bytes, e.open) else { break }
            if let name = e.helper, let h = helpers[name] {
                if h.body.contains(e.at) { continue }
                // The values the call passes, by the helper's parameter labels in order.
                var env: [String: String] = [:]
                for (k, a) in arguments(bytes, (e.open + 1)..<close).enumerated() {
                    let parameter = a.label.isEmpty ? (k < h.parameters.count ? h.parameters[k] : nil) : h.parameters.first { $0.label == a.label }
                    if let parameter, let v = evaluate(bytes, a.value, [:]) { env[parameter.name] = v }
                }
                var inside = h.body.lowerBound
                for inner in events where inner.at >= inside && h.body.contains(inner.at) && inner.helper == nil {
                    guard let innerClose = matching(bytes, inner.open) else { continue }
                    declare(inner.isTest, arguments(bytes, (inner.open + 1)..<innerClose), env)
                    inside = innerClose
                }
                cursor = close
            } else if !helpers.values.contains(where: { $0.body.contains(e.at) }) {
                // A declaration inside a helper's body is declared by its calls; what is inside a
                // declaration (`dependencies: [.target(name: "Core")]`) is no declaration.
                declare(e.isTest, arguments(bytes, (e.open + 1)..<close), [:])
                cursor = close
            }
        }
        return out
    }

    static func isIdentifier(_ b: UInt8) -> Bool {
        (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z"))
            || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: "_")
    }

    /// The first index of `needle` at or after `from`.
    static func find(_ needle: String, in bytes: [UInt8], from: Int) -> Int? {
        ByteSearch.firstIndex(of: Array(needle.utf8), in: bytes, from: from)
    }

    /// The index of the bracket closing the one at `open`, skipping string literals and comments.
    static func matching(_ bytes: [UInt8], _ open: Int) -> Int? {
        var depth = 0, i = open
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
                if depth == 0 { return i }
            case UInt8(ascii: "\""): i = stringEnd(bytes, i)
            case UInt8(ascii: "/") where i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "/"):
                while i < bytes.count, bytes[i] != UInt8(ascii: "\n") { i += 1 }
            default: break
            }
            i += 1
        }
        return nil
    }

    /// The index of the quote closing the string literal opening at `open` (the last index when it never closes).
    static func stringEnd(_ bytes: [UInt8], _ open: Int) -> Int {
        var i = open + 1
        while i < bytes.count, bytes[i] != UInt8(ascii: "\""), bytes[i] != UInt8(ascii: "\n") {
            if bytes[i] == UInt8(ascii: "\\") { i += 1 }
            i += 1
        }
        return min(i, bytes.count - 1)
    }

    /// The top-level comma-separated parts of `range`.
    static func split(_ bytes: [UInt8], _ range: Range<Int>) -> [Range<Int>] {
        var out: [Range<Int>] = []
        var start = range.lowerBound, i = range.lowerBound
        while i < range.upperBound {
            switch bytes[i] {
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): i = matching(bytes, i) ?? range.upperBound
            case UInt8(ascii: "\""): i = stringEnd(bytes, i)
            case UInt8(ascii: ","): out.append(start..<i); start = i + 1
            default: break
            }
            i += 1
        }
        out.append(start..<range.upperBound)
        return out
    }

    /// The top-level arguments in `range`: `label: value` (label empty when there is none).
    static func arguments(_ bytes: [UInt8], _ range: Range<Int>) -> [(label: String, value: Range<Int>)] {
        split(bytes, range).compactMap { part in
            var a = part.lowerBound
            while a < part.upperBound, bytes[a] == UInt8(ascii: " ") || bytes[a] == UInt8(ascii: "\n") || bytes[a] == UInt8(ascii: "\t") { a += 1 }
            guard a < part.upperBound else { return nil }
            var l = a
            while l < part.upperBound, isIdentifier(bytes[l]) { l += 1 }
            var c = l
            while c < part.upperBound, bytes[c] == UInt8(ascii: " ") { c += 1 }
            if l > a, c < part.upperBound, bytes[c] == UInt8(ascii: ":") { return (String(decoding: bytes[a..<l], as: UTF8.self), (c + 1)..<part.upperBound) }
            return ("", a..<part.upperBound)
        }
    }

    /// A string expression's value: literals (with `\\(name)` interpolations) and names joined
    /// by `+`, names from `env`; nil for anything else.
    static func evaluate(_ bytes: [UInt8], _ range: Range<Int>, _ env: [String: String]) -> String? {
        var out: [UInt8] = [], i = range.lowerBound, expectOperand = true
        while i < range.upperBound {
            let b = bytes[i]
            if b == UInt8(ascii: " ") || b == UInt8(ascii: "\n") || b == UInt8(ascii: "\t") { i += 1; continue }
            // A comment after the value (`path: "Kit/Sources" // swiftSettings: …`, Blueprint's manifest).
            if b == UInt8(ascii: "/"), i + 1 < range.upperBound, bytes[i + 1] == UInt8(ascii: "/") {
                while i < range.upperBound, bytes[i] != UInt8(ascii: "\n") { i += 1 }
                continue
            }
            if b == UInt8(ascii: "/"), i + 1 < range.upperBound, bytes[i + 1] == UInt8(ascii: "*") {
                i += 2
                while i + 1 < range.upperBound, !(bytes[i] == UInt8(ascii: "*") && bytes[i + 1] == UInt8(ascii: "/")) { i += 1 }
                i += 2
                continue
            }
            if expectOperand, b == UInt8(ascii: "\"") {
                let end = stringEnd(bytes, i)
                guard end < range.upperBound, bytes[end] == UInt8(ascii: "\"") else { return nil }
                var j = i + 1
                while j < end {
                    if bytes[j] == UInt8(ascii: "\\"), j + 1 < end, bytes[j + 1] == UInt8(ascii: "(") {
                        var k = j + 2
                        while k < end, bytes[k] != UInt8(ascii: ")") { k += 1 }
                        guard let v = env[String(decoding: bytes[(j + 2)..<k], as: UTF8.self)] else { return nil }
                        out += Array(v.utf8)
                        j = k + 1
                    } else {
                        out.append(bytes[j])
                        j += 1
                    }
                }
                i = end + 1
                expectOperand = false
            } else if expectOperand, isIdentifier(b) {
                var k = i
                while k < range.upperBound, isIdentifier(bytes[k]) { k += 1 }
                guard let v = env[String(decoding: bytes[i..<k], as: UTF8.self)] else { return nil }
                out += Array(v.utf8)
                i = k
                expectOperand = false
            } else if !expectOperand, b == UInt8(ascii: "+") {
                i += 1
                expectOperand = true
            } else {
                return nil
            }
        }
        return expectOperand ? nil : String(decoding: out, as: UTF8.self)
    }

    /// The platforms `platforms: [.iOS(.v16), .macOS(.v13)]` names (iOS brings Mac Catalyst,
    /// which builds iOS code); empty when the manifest names none. SwiftPM still builds a
    /// package for platforms it does not name; the named ones say what it is written for.
    public static func platforms(_ text: String) -> Set<Platform> {
        guard let r = text.range(of: "platforms:") else { return [] }
        var rest = text[r.upperBound...]
        while let f = rest.first, f == " " || f == "\n" || f == "\t" { rest.removeFirst() }
        guard rest.first == "[", let end = rest.firstIndex(of: "]") else { return [] }
        let list = rest[..<end]
        var out: Set<Platform> = []
        for (spelling, platform) in [(".iOS(", Platform.iOS), (".macCatalyst(", .macCatalyst), (".visionOS(", .visionOS),
                                     (".tvOS(", .tvOS), (".watchOS(", .watchOS), (".macOS(", .macOS)] where list.contains(spelling) {
            out.insert(platform)
        }
        if out.contains(.iOS) { out.insert(.macCatalyst) }
        return out
    }

    /// The iOS deployment target a manifest declares, if any.
    public static func iOSVersion(_ text: String) -> OSVersion? {
        guard let range = text.range(of: ".iOS(") else { return nil }
        var rest = text[range.upperBound...]
        while let f = rest.first, f == " " { rest.removeFirst() }
        if rest.hasPrefix("\"") {
            let body = rest.dropFirst().prefix { $0 != "\"" }
            return OSVersion(String(body))
        }
        if rest.hasPrefix(".v") {
            let body = rest.dropFirst(1).prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            return OSVersion(String(body))
        }
        return nil
    }
}

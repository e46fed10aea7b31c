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
        if let f = settings["INFOPLIST_KEY_UIRequiresFullScreen"].flatMap({ PlistValue.string($0).bool }) { requiresFullScreen = f }
    }

    /// What either of two readings holds (a preprocessed Info.plist read with its unknown
    /// conditions true, then false): a key in either is present, a list holds both's entries.
    public func union(_ other: InfoPlistFacts) -> InfoPlistFacts {
        var u = self
        u.hasSceneManifest = hasSceneManifest || other.hasSceneManifest
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

        public init(name: String, folder: String, isTest: Bool) {
            self.name = name
            self.folder = folder
            self.isTest = isTest
        }
    }

    /// The targets a manifest declares, read as text: `.target(`, `.testTarget(`,
    /// `.executableTarget(` with their `name:` and optional `path:` string literals.
    public static func targets(_ text: String) -> [TargetDeclaration] {
        var out: [TargetDeclaration] = []
        var rest = Substring(text)
        let kinds = [(".testTarget(", true), (".target(", false), (".executableTarget(", false)]
        while true {
            var best: (Range<Substring.Index>, Bool)? = nil
            for (marker, isTest) in kinds {
                if let r = rest.range(of: marker), best == nil || r.lowerBound < best!.0.lowerBound { best = (r, isTest) }
            }
            guard let (range, isTest) = best else { break }
            let body = rest[range.upperBound...].prefix(600)
            let end = body.firstIndex(of: ")").map { body[..<$0] } ?? body
            if let name = literal(after: "name:", in: body) {
                let folder = literal(after: "path:", in: end) ?? ((isTest ? "Tests/" : "Sources/") + name)
                out.append(TargetDeclaration(name: name, folder: XcodeProject.normalize(folder), isTest: isTest))
            }
            rest = rest[range.upperBound...]
        }
        return out
    }

    /// The string literal after `label` in `text`, if the label is followed by one.
    static func literal(after label: String, in text: Substring) -> String? {
        guard let r = text.range(of: label) else { return nil }
        var rest = text[r.upperBound...]
        while let f = rest.first, f == " " || f == "\n" || f == "\t" { rest.removeFirst() }
        guard rest.first == "\"" else { return nil }
        let body = rest.dropFirst().prefix { $0 != "\"" && $0 != "\n" }
        return body.isEmpty ? nil : String(body)
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

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
}

/// `platforms: [.iOS(.v16)]` in a Package.swift, read as text (a manifest is never executed).
public enum PackageManifest {
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

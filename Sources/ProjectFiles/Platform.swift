/// The Apple platforms a target builds for. iOS covers iPadOS (one SDK, `iphoneos`).
public enum Platform: String, Sendable, Codable, CaseIterable, Comparable {
    case iOS, macCatalyst, visionOS, tvOS, watchOS, macOS

    /// Where windows resize and scenes come and go: the geometry, device, window and layout
    /// rules apply to code compiled for these (RULES.md "Platforms decide").
    public static let resizable: Set<Platform> = [.iOS, .macCatalyst, .visionOS]
    /// Where UIKit's scene lifecycle is the app's lifecycle (TN3187 names them all).
    public static let uiKit: Set<Platform> = [.iOS, .macCatalyst, .visionOS, .tvOS]

    /// The platform of an SDK name as build settings spell it (`iphoneos`, `iphonesimulator18.0`,
    /// `appletvos`, `xros`, `macosx`, `watchsimulator`).
    public init?(sdk: Substring) {
        let s = sdk.lowercased()
        if s.hasPrefix("iphone") { self = .iOS }
        else if s.hasPrefix("appletv") { self = .tvOS }
        else if s.hasPrefix("watch") { self = .watchOS }
        else if s.hasPrefix("xr") { self = .visionOS }
        else if s.hasPrefix("macosx") { self = .macOS }
        else { return nil }
    }

    /// A build file's `platformFilter` / `platformFilters` name: `ios`, `maccatalyst`, `xros`,
    /// `tvos`, `watchos`, `macos` (Xcode's "Filters" column); nil for others (`driverkit`).
    public init?(platformFilter name: Substring) {
        switch name.lowercased() {
        case "ios": self = .iOS
        case "maccatalyst": self = .macCatalyst
        case "xros", "visionos": self = .visionOS
        case "tvos": self = .tvOS
        case "watchos": self = .watchOS
        case "macos": self = .macOS
        default: return nil
        }
    }

    /// The SDK a build for this platform uses, for `KEY[sdk=…]` conditions.
    public var sdk: String {
        switch self {
        case .iOS, .macCatalyst: return "iphoneos"
        case .visionOS: return "xros"
        case .tvOS: return "appletvos"
        case .watchOS: return "watchos"
        case .macOS: return "macosx"
        }
    }

    public static func < (a: Platform, b: Platform) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }

    /// The platforms build settings name: SUPPORTED_PLATFORMS when set (a multi-platform
    /// framework lists them all; a visionOS target may inherit `SDKROOT = iphoneos` and say
    /// `xros` here), else SDKROOT, plus Mac Catalyst when SUPPORTS_MACCATALYST is on. Without
    /// either — set in a base xcconfig that is not in the repository, such as a Carthage checkout
    /// of shared xcconfigs (Authenticator's `iOS-Application.xcconfig`) — the device family
    /// (`TARGETED_DEVICE_FAMILY = 1`: an iPhone's), else the one platform a deployment target is
    /// set for. Empty when nothing says (callers decide the default).
    public static func of(settings: [String: String]) -> Set<Platform> {
        var out: Set<Platform> = []
        for name in (settings["SUPPORTED_PLATFORMS"] ?? "").split(separator: " ") {
            if let p = Platform(sdk: name) { out.insert(p) }
        }
        if out.isEmpty, let p = Platform(sdk: Substring(settings["SDKROOT"] ?? "")) { out.insert(p) }
        if out.isEmpty, (settings["SDKROOT"] ?? "").isEmpty {
            for family in (settings["TARGETED_DEVICE_FAMILY"] ?? "").split(whereSeparator: { $0 == "," || $0 == " " }) {
                switch family {
                case "1", "2": out.insert(.iOS)
                case "3": out.insert(.tvOS)
                case "4": out.insert(.watchOS)
                case "7": out.insert(.visionOS)
                default: break
                }
            }
            if out.isEmpty {
                let deployments: [(String, Platform)] = [("IPHONEOS_DEPLOYMENT_TARGET", .iOS), ("TVOS_DEPLOYMENT_TARGET", .tvOS),
                                                        ("WATCHOS_DEPLOYMENT_TARGET", .watchOS), ("XROS_DEPLOYMENT_TARGET", .visionOS),
                                                        ("MACOSX_DEPLOYMENT_TARGET", .macOS)]
                let named = deployments.filter { !(settings[$0.0] ?? "").isEmpty }
                if named.count == 1 { out.insert(named[0].1) }
            }
        }
        if out.contains(.iOS), PlistValue.string(settings["SUPPORTS_MACCATALYST"] ?? "").bool == true { out.insert(.macCatalyst) }
        return out
    }
}

/// What a target builds, from its product type.
public enum TargetKind: String, Sendable, Codable {
    case application, appExtension, framework, staticLibrary, unitTests, uiTests, watchApp, other

    /// Every product type Xcode (and XcodeGen, Tuist) has written for apps, extensions, libraries
    /// and tests; the rest (bundles, tools, XPC services) is `other`.
    public init(productType: String) {
        switch productType {
        case "com.apple.product-type.application", "com.apple.product-type.application.on-demand-install-capable",
             "com.apple.product-type.application.messages":
            self = .application
        case "com.apple.product-type.application.watchapp", "com.apple.product-type.application.watchapp2",
             "com.apple.product-type.application.watchapp2-container", "com.apple.product-type.watchkit-extension",
             "com.apple.product-type.watchkit2-extension":
            self = .watchApp
        // `app-extension`, `.messages`, `.messages-sticker-pack`, `.intents-service`; ExtensionKit;
        // tvOS extensions (`tv-app-extension`) and Xcode source editor extensions are extensions too.
        case _ where productType.hasPrefix("com.apple.product-type.app-extension") || productType.hasPrefix("com.apple.product-type.extensionkit-extension"),
             "com.apple.product-type.tv-app-extension", "com.apple.product-type.xcode-extension":
            self = .appExtension
        case "com.apple.product-type.framework", "com.apple.product-type.library.dynamic", "com.apple.product-type.framework.static",
             "com.apple.product-type.xcframework":
            self = .framework
        case "com.apple.product-type.library.static": self = .staticLibrary
        // `bundle.ocunit-test` is the `.octest` bundle of SenTestingKit (Xcode 4 and older).
        case "com.apple.product-type.bundle.unit-test", "com.apple.product-type.bundle.ocunit-test": self = .unitTests
        case "com.apple.product-type.bundle.ui-testing": self = .uiTests
        default: self = .other
        }
    }

    /// The same, for a target whose build settings are known: Xcode 4's OCUnit template wrote
    /// its test bundle as a plain `com.apple.product-type.bundle` with `WRAPPER_EXTENSION =
    /// octest` and a `TEST_HOST`, so such a bundle is a test bundle too.
    public init(productType: String, settings: [String: String]) {
        self.init(productType: productType)
        guard self == .other, productType == "com.apple.product-type.bundle" else { return }
        let wrapper = settings["WRAPPER_EXTENSION"] ?? ""
        if wrapper == "octest" || wrapper == "xctest" || !(settings["TEST_HOST"] ?? "").isEmpty { self = .unitTests }
    }

    public var isTest: Bool { self == .unitTests || self == .uiTests }
    public var isLibrary: Bool { self == .framework || self == .staticLibrary }
}

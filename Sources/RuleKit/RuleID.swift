/// A rule's stable id, as RULES.md names it: the key of findings, suppressions, configuration,
/// baselines and stores. Code names a rule by its constant (`.mainScreenScale`), never by a
/// string, so a misspelt id is a compile error; `RuleIDLiteralTests` fails on an id written as a
/// string anywhere else in `Sources/`. Text a user typed or a store kept becomes an id through
/// `init(rawValue:)` (the catalog says whether it names a rule).
public struct RuleID: RawRepresentable, Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    public var description: String { rawValue }

    /// Bytewise, as reports order paths.
    public static func < (a: RuleID, b: RuleID) -> Bool { a.rawValue.utf8Precedes(b.rawValue) }

    /// Encoded as its text, as findings have always been written.
    public init(from decoder: any Decoder) throws { rawValue = try decoder.singleValueContainer().decode(String.self) }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(rawValue)
    }
}

extension RuleID {
    public static let apiAboveDeploymentTarget = RuleID(rawValue: "api-above-deployment-target")
    public static let appDelegateWindow = RuleID(rawValue: "app-delegate-window")
    public static let appLifecycleCallback = RuleID(rawValue: "app-lifecycle-callback")
    public static let dragBeginSideEffects = RuleID(rawValue: "drag-begin-side-effects")
    public static let globalGeometryConstant = RuleID(rawValue: "global-geometry-constant")
    public static let globalWindowState = RuleID(rawValue: "global-window-state")
    public static let hardcodedBarHeight = RuleID(rawValue: "hardcoded-bar-height")
    public static let idiomLayout = RuleID(rawValue: "idiom-layout")
    public static let iPadOrientationsIncomplete = RuleID(rawValue: "ipad-orientations-incomplete")
    public static let keyboardFrameUnconverted = RuleID(rawValue: "keyboard-frame-unconverted")
    public static let launchScreenMissing = RuleID(rawValue: "launch-screen-missing")
    public static let layoutInWillTransition = RuleID(rawValue: "layout-in-will-transition")
    public static let legacyLayoutGuide = RuleID(rawValue: "legacy-layout-guide")
    public static let mainScreen = RuleID(rawValue: "main-screen")
    public static let mainScreenBounds = RuleID(rawValue: "main-screen-bounds")
    public static let mainScreenScale = RuleID(rawValue: "main-screen-scale")
    public static let orientationLayout = RuleID(rawValue: "orientation-layout")
    public static let requiresFullscreen = RuleID(rawValue: "requires-fullscreen")
    public static let safeAreaReadTooEarly = RuleID(rawValue: "safe-area-read-too-early")
    public static let sceneDelegateUnresolved = RuleID(rawValue: "scene-delegate-unresolved")
    public static let sceneManifestMissing = RuleID(rawValue: "scene-manifest-missing")
    public static let screenSizeDeviceCheck = RuleID(rawValue: "screen-size-device-check")
    public static let sharedWindows = RuleID(rawValue: "shared-windows")
    public static let statusBarFrame = RuleID(rawValue: "status-bar-frame")
    public static let symmetricSafeArea = RuleID(rawValue: "symmetric-safe-area")
    public static let traitCollectionDidChange = RuleID(rawValue: "trait-collection-did-change")
    public static let unusedSuppression = RuleID(rawValue: "unused-suppression")
    public static let urlHandlingUnmigrated = RuleID(rawValue: "url-handling-unmigrated")
    public static let windowInAppDelegate = RuleID(rawValue: "window-in-app-delegate")
    public static let windowWithoutScene = RuleID(rawValue: "window-without-scene")
}

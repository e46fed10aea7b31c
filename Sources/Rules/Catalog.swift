// Rules exists to say, for each rule id of RULES.md, what it catches and why, with examples
// that the tests run. Each rule is one file; this catalog lists them all, sorted by id.
import RuleKit
import SourceLexing

/// Every rule fleetscan runs, in id order: the one list that `rules`, `explain`, the scan and
/// the tests read.
public enum Catalog {
    public static let rules: [any Rule] = [
        AppDelegateWindowRule(),
        AppLifecycleCallbackRule(),
        DragBeginSideEffectsRule(),
        GlobalGeometryConstantRule(),
        HardcodedBarHeightRule(),
        IdiomLayoutRule(),
        KeyboardFrameUnconvertedRule(),
        LayoutInWillTransitionRule(),
        LegacyLayoutGuideRule(),
        MainScreenRule(),
        MainScreenBoundsRule(),
        MainScreenScaleRule(),
        OrientationLayoutRule(),
        SafeAreaReadTooEarlyRule(),
        ScreenSizeDeviceCheckRule(),
        SharedWindowsRule(),
        StatusBarFrameRule(),
        SymmetricSafeAreaRule(),
        TraitCollectionDidChangeRule(),
        UnusedSuppressionRule(),
        WindowInAppDelegateRule(),
        WindowWithoutSceneRule(),
    ]

    /// Rule ids of RULES.md that need the project model (Info.plist, project.pbxproj, Package.swift)
    /// and are not implemented yet.
    public static let plannedRuleIDs: [String] = [
        "api-above-deployment-target", "global-window-state", "ipad-orientations-incomplete", "launch-screen-missing",
        "requires-fullscreen", "scene-delegate-unresolved", "scene-manifest-missing", "url-handling-unmigrated",
    ]

    private static let byID: [String: any Rule] = Dictionary(uniqueKeysWithValues: rules.map { ($0.id, $0) })

    /// The rule with this id.
    public static func rule(_ id: String) -> (any Rule)? { byID[id] }

    /// The description of the rule with this id.
    public static func description(_ id: String) -> RuleDescription? { byID[id]?.description }

    /// Whether `id` names a rule (implemented or planned).
    public static func isKnown(_ id: String) -> Bool { byID[id] != nil || plannedRuleIDs.contains(id) }

    /// A fingerprint of the catalog, for caches: changes whenever a rule is added or removed.
    public static var fingerprint: String { rules.map(\.id).joined(separator: ",") }
}

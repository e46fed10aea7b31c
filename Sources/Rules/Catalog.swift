// Rules exists to say, for each rule id of RULES.md, what it catches and why, with examples
// that the tests run. Each rule is one file; this catalog lists them all, sorted by id.
import RuleKit
import SourceLexing

/// Every rule fleetscan runs, in id order: the one list that `rules`, `explain`, the scan and
/// the tests read.
public enum Catalog {
    public static let rules: [any Rule] = [
        ApiAboveDeploymentTargetRule(),
        AppDelegateWindowRule(),
        AppLifecycleCallbackRule(),
        DragBeginSideEffectsRule(),
        GlobalGeometryConstantRule(),
        GlobalWindowStateRule(),
        HardcodedBarHeightRule(),
        IdiomLayoutRule(),
        IPadOrientationsIncompleteRule(),
        KeyboardFrameUnconvertedRule(),
        LaunchScreenMissingRule(),
        LayoutInWillTransitionRule(),
        LegacyLayoutGuideRule(),
        MainScreenRule(),
        MainScreenBoundsRule(),
        MainScreenScaleRule(),
        OrientationLayoutRule(),
        RequiresFullscreenRule(),
        SafeAreaReadTooEarlyRule(),
        SceneDelegateUnresolvedRule(),
        SceneManifestMissingRule(),
        ScreenSizeDeviceCheckRule(),
        SharedWindowsRule(),
        StatusBarFrameRule(),
        SymmetricSafeAreaRule(),
        TraitCollectionDidChangeRule(),
        UnusedSuppressionRule(),
        UrlHandlingUnmigratedRule(),
        WindowInAppDelegateRule(),
        WindowWithoutSceneRule(),
    ]

    /// Rule ids of RULES.md not implemented yet (none: kept so configurations and suppressions
    /// can name ids before their rules land).
    public static let plannedRuleIDs: [RuleID] = []

    private static let byID: [RuleID: any Rule] = Dictionary(uniqueKeysWithValues: rules.map { ($0.id, $0) })

    /// The rule with this id.
    public static func rule(_ id: RuleID) -> (any Rule)? { byID[id] }

    /// The description of the rule with this id.
    public static func description(_ id: RuleID) -> RuleDescription? { byID[id]?.description }

    /// The rules whose findings `fleetscan migrate scenes` writes the change for (Fixing's
    /// `SceneMigration`: a scene manifest, a scene delegate, the window moved into it).
    public static let migratedByScenes: Set<RuleID> = [.sceneManifestMissing, .sceneDelegateUnresolved]

    /// Whether `id` names a rule (implemented or planned).
    public static func isKnown(_ id: RuleID) -> Bool { byID[id] != nil || plannedRuleIDs.contains(id) }

    /// The id `text` names when case is ignored (`MAIN-SCREEN-BOUNDS` is `main-screen-bounds`):
    /// ids are lowercase, and what a user types is matched without regard to case.
    public static func canonicalID(_ text: String) -> RuleID? {
        let id = RuleID(rawValue: text.lowercased())
        return isKnown(id) ? id : nil
    }

    /// "no rule 'X'", with the ids within a few edits of it.
    public static func unknown(_ text: String) -> String { "no rule '\(text)'" + suggestions(for: text) }

    /// " (did you mean `id`?)" for the rule ids (implemented or planned) close to `text`, or "".
    public static func suggestions(for text: String) -> String {
        Spelling.hint(for: text, among: (rules.map(\.id) + plannedRuleIDs).map(\.rawValue))
    }

    /// A fingerprint of the catalog, for caches: changes whenever a rule is added or removed.
    public static var fingerprint: String { rules.map(\.id.rawValue).joined(separator: ",") }
}

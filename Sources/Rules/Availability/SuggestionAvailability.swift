import Locking
import ProjectFiles
import RuleKit
import SourceLexing

/// What a suggestion's code needs of iOS. A fix text names APIs (`view.window?.windowScene?.screen`
/// is iOS 13, `registerForTraitChanges` iOS 17) that code deploying to an earlier iOS can only
/// use behind an availability check; the suggestion then says so, with the check spelt in the
/// file's language. The versions are `api-above-deployment-target`'s own table, read from the
/// code between backticks as that rule reads a source file.
public enum SuggestionAvailability {
    /// The newest iOS version an API in the suggestion's code needs, nil when none is in the table.
    public static func needed(by suggestion: String, language: Language) -> OSVersion? {
        neededAPIs(by: suggestion, language: language).map(\.version).max()
    }

    /// The APIs in the suggestion's code that need some iOS version, each once with the newest
    /// version it needs, in the order they first appear.
    static func neededAPIs(by suggestion: String, language: Language) -> [(name: String, version: OSVersion)] {
        let key = language.rawValue + "\u{0}" + suggestion
        if let known = cache.withLock({ $0[key] }) { return known }
        let rule = ApiAboveDeploymentTargetRule()
        var found: [(name: String, version: OSVersion)] = []
        for (i, part) in suggestion.split(separator: "`", omittingEmptySubsequences: false).enumerated() where i % 2 == 1 {
            let file = CodeFile(path: language == .swift ? "Suggestion.swift" : "Suggestion.m",
                                lexed: Lexer.lex(SourceBuffer(text: String(part)), language: language))
            for k in file.tokens.indices {
                let (name, version): (String, OSVersion)
                if let (n, v) = ApiAboveDeploymentTargetRule.apis[file[k].word], rule.isUse(k, file[k].word, in: file) {
                    (name, version) = (n, v)
                } else if file[k].kind == .identifier, let v = suggestedOnly[file.text(k)] {
                    (name, version) = (file.text(k), v)
                } else {
                    continue
                }
                if let i = found.firstIndex(where: { $0.name == name }) {
                    if version > found[i].version { found[i].version = version }
                } else {
                    found.append((name, version))
                }
            }
        }
        cache.withLock { $0[key] = found }
        return found
    }

    /// APIs that suggestions write and the catalogue does not look for: the safe area, which
    /// `legacy-layout-guide`, `symmetric-safe-area` and `hardcoded-bar-height` send code to, for
    /// apps that still deploy below iOS 11 (uikit/uiview/safearealayoutguide and
    /// uikit/uiview/safeareainsets: iOS 11.0), and the SwiftUI sizes views are told to read
    /// (swiftui/view/containerrelativeframe(_:alignment:): iOS 17.0; swiftui/viewthatfits: iOS 16.0).
    /// The scene's orientation lock preference, where a lock is what the code needs
    /// (uikit/uiviewcontroller/prefersinterfaceorientationlocked and
    /// setneedsupdateofprefersinterfaceorientationlocked(): iOS 26.0).
    /// A window scene the caller hands in, written as a bare name (`windowScene.windows`, SPIndicator's
    /// presenter at iOS 12): a `UIWindowScene` (uikit/uiwindowscene: iOS 13.0).
    static let suggestedOnly: [String: OSVersion] = ["safeAreaLayoutGuide": OSVersion(11), "safeAreaInsets": OSVersion(11),
                                                     "windowScene": OSVersion(13),
                                                     "containerRelativeFrame": OSVersion(17), "ViewThatFits": OSVersion(16),
                                                     "prefersInterfaceOrientationLocked": OSVersion(26),
                                                     "setNeedsUpdateOfPrefersInterfaceOrientationLocked": OSVersion(26)]

    /// Methods UIKit calls that suggestions send code to, with the iOS version from which it calls
    /// them and the method that runs at that moment before (uikit/uiviewcontroller/viewisappearing(_:):
    /// iOS 13.0, back-deployed): below that version no guard helps, the code must live in the older
    /// method too.
    /// A scene delegate's `scene(_:willConnectTo:options:)` likewise: below iOS 13 there are no
    /// scenes, and the app delegate keeps setting up its window (Google Sign-In's sample, iOS 11).
    static let callbacks: [String: (OSVersion, before: String)] = [
        "viewIsAppearing": (OSVersion(13), "viewDidAppear"),
        "scene(_:willConnectTo:options:)": (OSVersion(13), "application(_:didFinishLaunchingWithOptions:), as now"),
    ]

    /// The callbacks named in backticks in `suggestion` that the code can run without.
    static func callbacksNeeded(by suggestion: String, above floor: OSVersion) -> [(name: String, since: OSVersion, before: String)] {
        var out: [(String, OSVersion, String)] = []
        for (i, part) in suggestion.split(separator: "`", omittingEmptySubsequences: false).enumerated() where i % 2 == 1 {
            if let (since, before) = callbacks[String(part)], since > floor, !out.contains(where: { $0.0 == String(part) }) {
                out.append((String(part), since, before))
            }
        }
        return out
    }

    /// `suggestion`, followed by the guard it needs where the code can run on an iOS older than
    /// what the suggestion uses: the deployment target is lower, and no check or declaration
    /// around the finding (`guaranteed`) covers it. A scene delegate's code runs on iOS 13 and
    /// later only, so there it needs none for iOS 13.
    /// `alsoTVOS`: a tvOS target builds the code too, so the check names tvOS at the same version
    /// (UIKit's APIs came to tvOS with iOS's version numbers); `*` alone would leave tvOS unchecked.
    /// `platform`: the system the code deploys to, named in the text ("tvOS" for a tvOS app's Info.plist).
    public static func suggestion(_ suggestion: String, language: Language, context: Context, deployment: OSVersion?,
                                  guaranteed: OSVersion?, alsoTVOS: Bool = false, platform: Platform = .iOS) -> String {
        guard let deployment else { return suggestion }
        let floor = max(deployment, guaranteed ?? deployment, context == .sceneDelegate ? OSVersion(13) : deployment)
        var out = suggestion
        // A method UIKit calls only from some version on: below it, the older method must do the work.
        for c in callbacksNeeded(by: suggestion, above: floor) {
            out += " `\(c.name)` is called from \(platform) \(c.since) on and this code deploys to \(platform) \(deployment): before \(platform) \(c.since), do it in \(c.before)."
        }
        // Named: a suggestion may offer APIs of several versions (`GeometryReader`, iOS 13, or
        // `containerRelativeFrame`, iOS 17; `safeAreaInsets`, iOS 11, or `windowScene`, iOS 13).
        let above = neededAPIs(by: suggestion, language: language).filter { $0.version > floor }
        guard let newest = above.map(\.version).max() else { return out }
        func check(_ v: OSVersion) -> String {
            let platforms = platform != .iOS ? "\(platform) \(v), *" : alsoTVOS ? "iOS \(v), tvOS \(v), *" : "iOS \(v), *"
            return language == .swift ? "if #available(\(platforms)) { … }" : "if (@available(\(platforms))) { … }"
        }
        if Set(above.map(\.version)).count == 1 {
            let names = above.map { "`\($0.name)`" }.joined(separator: " and ")
            return out + " \(names) need\(above.count == 1 ? "s" : "") \(platform) \(newest) and this code deploys to \(platform) \(deployment): use \(above.count == 1 ? "it" : "them") inside `\(check(newest))` and keep the current code as the fallback."
        }
        let each = above.sorted { $0.version < $1.version }.map { "`\($0.name)` \(platform) \($0.version)" }.joined(separator: ", ")
        return out + " These need newer systems than \(platform) \(deployment), which this code deploys to: \(each). Use each inside a check for its version (`\(check(above.map(\.version).min()!))` …) and keep the current code as the fallback."
    }

    static let cache = Guarded<[String: [(name: String, version: OSVersion)]]>([:])
}

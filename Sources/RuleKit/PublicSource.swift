/// A public source a rule's reasoning rests on: a WWDC session, a technote, Apple's API
/// documentation. What `explain` lists under "Sources" and SARIF's rule help links to; every
/// rule cites at least one (a test checks).
public struct PublicSource: Sendable, Equatable {
    public let title: String
    public let url: String

    public init(_ title: String, _ url: String) {
        self.title = title
        self.url = url
    }

    public static let modernizeUIKit = PublicSource("WWDC26 session 278, “Modernize your UIKit app”",
                                                    "https://developer.apple.com/videos/play/wwdc2026/278/")
    /// The session's number is not known here: the link is the WWDC26 video list it is in.
    public static let iPhoneDuo = PublicSource("WWDC26, “Make your app ready for iPhone Duo”", "https://developer.apple.com/videos/wwdc2026/")
    public static let tn3187 = PublicSource("TN3187: Migrating to the UIKit scene-based life cycle",
                                            "https://developer.apple.com/documentation/technotes/tn3187-migrating-to-the-uikit-scene-based-life-cycle")
    public static let transitioning = PublicSource("Transitioning to the UIKit scene-based life cycle",
                                                   "https://developer.apple.com/documentation/uikit/transitioning-to-the-uikit-scene-based-life-cycle")
    public static let availability = PublicSource("The Swift Programming Language: Checking API Availability",
                                                  "https://docs.swift.org/swift-book/documentation/the-swift-programming-language/controlflow/#Checking-API-Availability")
    public static let observableMigration = PublicSource("Migrating from the Observable Object protocol to the Observable macro",
                                                         "https://developer.apple.com/documentation/swiftui/migrating-from-the-observable-object-protocol-to-the-observable-macro")

    /// Apple's documentation of `symbol`, at `path` under developer.apple.com/documentation/.
    public static func apple(_ symbol: String, _ path: String) -> PublicSource {
        PublicSource("Apple documentation: \(symbol)", "https://developer.apple.com/documentation/" + path)
    }

    /// The project's home, the one place its URL is written: SARIF's `informationUri`, the
    /// catalog's and README's links, the JSON schemas' ids and README's install steps derive
    /// from it (a test reads README, docs/ and the schemas for any other).
    public static let homepage = "https://github.com/fleetscan/fleetscan"

    /// A file of the project's main branch, by its path in the repository.
    public static func projectFile(_ path: String) -> String { homepage + "/blob/main/" + path }

    /// Where a rule is described in the project's own catalog (SARIF `helpUri`): a stable
    /// anchor per rule id in docs/RULES.md.
    public static func catalog(_ id: String) -> String { catalogURL + "#" + id }
    public static let catalogURL = projectFile("docs/RULES.md")
}

import RuleKit

/// iPad multitasking and window resizing need every orientation; WWDC26 session 278 "Modernize
/// your UIKit app" treats rotation as a bounds change, and iPhone apps on iPad join resizing in
/// iOS 27.
struct IPadOrientationsIncompleteRule: RepositoryRule {
    static let all: Set<String> = ["UIInterfaceOrientationPortrait", "UIInterfaceOrientationPortraitUpsideDown",
                                   "UIInterfaceOrientationLandscapeLeft", "UIInterfaceOrientationLandscapeRight"]

    let description = RuleDescription(
        id: .iPadOrientationsIncomplete, name: "iPad orientations incomplete", severity: .warning, facet: .orientation,
        summary: "An app that runs on iPad, not full screen, declares fewer than all four iPad orientations.",
        rationale: """
            On iPad, Split View, Stage Manager and resizable windows need an app that accepts every \
            orientation; a rotation is only an animated change of bounds, and a foldable's inner display ignores \
            declared orientations anyway.
            """,
        sources: [.modernizeUIKit, .iPhoneDuo, .apple("UISupportedInterfaceOrientations", "bundleresources/information-property-list/uisupportedinterfaceorientations")],
        fix: RuleDescription.fixed("Declare all four orientations in UISupportedInterfaceOrientations~ipad (or INFOPLIST_KEY_UISupportedInterfaceOrientations_iPad) and lay out by size instead."),
        triggering: [
            .infoPlist(Example.appKeys + Example.launchKeys + """
                <key>UISupportedInterfaceOrientations~ipad</key>
                <array><string>UIInterfaceOrientationPortrait</string><string>UIInterfaceOrientationPortraitUpsideDown</string></array>
                """, marked: true),
        ],
        nonTriggering: [
            .infoPlist(Example.appKeys + Example.launchKeys + """
                <key>UISupportedInterfaceOrientations~ipad</key>
                <array><string>UIInterfaceOrientationPortrait</string><string>UIInterfaceOrientationPortraitUpsideDown</string>
                <string>UIInterfaceOrientationLandscapeLeft</string><string>UIInterfaceOrientationLandscapeRight</string></array>
                """, marked: false),
            .infoPlist(Example.appKeys + Example.launchKeys + """
                <key>UIRequiresFullScreen</key><true/>
                <key>UISupportedInterfaceOrientations~ipad</key><array><string>UIInterfaceOrientationPortrait</string></array>
                """, marked: false),
            .infoPlist(Example.appKeys + Example.launchKeys + """
                <key>UISupportedInterfaceOrientations</key><array><string>UIInterfaceOrientationPortrait</string></array>
                """, marked: false),
            .objc("@implementation NotAnApp\n@end"),
        ])

    func checkRepository(_ r: RepositoryView, into sink: inout RepositorySink) {
        for app in r.model.project.readableApps where app.isIOS && app.runsOnIPad && app.facts.requiresFullScreen != true {
            guard let declared = app.facts.iPadOrientations ?? app.facts.orientations else { continue }
            let missing = Self.all.subtracting(declared)
            guard !missing.isEmpty else { continue }
            let (path, line) = app.location
            let names = missing.sorted().map { $0.replacingAll("UIInterfaceOrientation", with: "") }.joined(separator: ", ")
            sink.report(description, path: path, line: line, column: 1,
                        message: "App `\(r.label(app))` runs on iPad but does not support \(names): it cannot join Split View or resize freely"
                            + app.facts.conditionalNote(app.facts.iPadOrientations != nil ? "UISupportedInterfaceOrientations~ipad" : "UISupportedInterfaceOrientations"),
                        identity: r.label(app), target: app.id)
        }
    }
}

extension String {
    func replacingAll(_ a: String, with b: String) -> String {
        split(separator: a, omittingEmptySubsequences: false).joined(separator: b)
    }
}

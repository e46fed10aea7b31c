import RuleKit

/// Without a launch screen an app runs letterboxed at fixed sizes and cannot resize; the iOS 27
/// SDK refuses it at upload (RULES.md; the resizable-window model of WWDC26 session 278
/// "Modernize your UIKit app").
struct LaunchScreenMissingRule: RepositoryRule {
    let description = RuleDescription(
        id: .launchScreenMissing, name: "No launch screen", severity: .error, facet: .size,
        summary: "An iOS app target with neither UILaunchStoryboardName nor UILaunchScreen.",
        rationale: """
            A launch screen is how an iOS app tells the system it lays itself out for any size; without one it \
            is letterboxed at legacy sizes and cannot join window resizing at all (an app must follow the space its scene \
            has), and the iOS 27 SDK refuses it at upload.
            """,
        sources: [.modernizeUIKit, .apple("UILaunchScreen", "bundleresources/information-property-list/uilaunchscreen")],
        fix: RuleDescription.fixed("Add a launch storyboard (UILaunchStoryboardName) or a UILaunchScreen dictionary (or INFOPLIST_KEY_UILaunchScreen_Generation = YES)."),
        triggering: [
            .infoPlist(Example.appKeys + Example.sceneKeys, marked: true, files: ["App/SceneDelegate.swift": Example.sceneDelegateSource]),
        ],
        nonTriggering: [
            .infoPlist(Example.appKeys + Example.launchKeys, marked: false),
            .infoPlist(Example.appKeys + "<key>UILaunchScreen</key><dict/>", marked: false),
            .infoPlist("<key>NSExtension</key><dict/>", marked: false),
            .objc("@implementation NotAnApp\n@end"),
        ], readiness: .blocksLaunch)

    func checkRepository(_ r: RepositoryView, into sink: inout RepositorySink) {
        for app in r.model.project.readableApps where app.isIOS && !app.facts.hasLaunchScreen {
            let (path, line) = app.location
            sink.report(description, path: path, line: line, column: 1,
                        message: "App `\(r.label(app))` has no launch screen: it is letterboxed at fixed sizes and cannot resize",
                        identity: r.label(app), target: app.id)
        }
    }
}

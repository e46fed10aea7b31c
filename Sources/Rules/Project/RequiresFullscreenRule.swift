import RuleKit

/// `UIRequiresFullScreen` no longer opts out of resizing in iOS 27: it only makes resizing
/// discrete, and is meant for games (WWDC26 session 278 "Modernize your UIKit app": ordinary apps
/// should not use it as a switch to escape adaptive layout).
struct RequiresFullscreenRule: RepositoryRule {
    let description = RuleDescription(
        id: .requiresFullscreen, name: "Requires full screen", severity: .note, facet: .size,
        summary: "UIRequiresFullScreen = true: resizing becomes discrete, it does not go away.",
        rationale: """
            In resizable environments iOS 27 still honours UIRequiresFullScreen for iPhone apps, but only by \
            resizing in discrete steps between supported screen configurations; a foldable still resizes the \
            app when it opens or closes. It suits games that must re-render at full quality, \
            not apps avoiding adaptive layout.
            """,
        sources: [.modernizeUIKit, .iPhoneDuo, .apple("UIRequiresFullScreen", "bundleresources/information-property-list/uirequiresfullscreen")],
        fix: RuleDescription.fixed("Remove UIRequiresFullScreen unless the app is a game or renders at fixed sizes; adopt adaptive layout instead."),
        triggering: [
            .infoPlist(Example.appKeys + Example.launchKeys + "<key>UIRequiresFullScreen</key><true/>", marked: true),
        ],
        nonTriggering: [
            .infoPlist(Example.appKeys + Example.launchKeys + "<key>UIRequiresFullScreen</key><false/>", marked: false),
            .infoPlist(Example.appKeys + Example.launchKeys, marked: false),
            .objc("@implementation NotAnApp\n@end"),
        ])

    func checkRepository(_ r: RepositoryView, into sink: inout RepositorySink) {
        for app in r.model.project.readableApps where app.isIOS && app.facts.requiresFullScreen == true {
            let (path, line) = app.location
            sink.report(description, path: path, line: line, column: 1,
                        message: "App `\(r.label(app))` requires full screen: iOS 27 still resizes it, in discrete steps" + app.facts.conditionalNote("UIRequiresFullScreen"),
                        identity: r.label(app), target: app.id)
        }
    }
}

import ProjectFiles
import RuleKit

/// Apps built with the iOS 27 SDK must adopt the scene lifecycle or they do not launch
/// (WWDC26 session 278 "Modernize your UIKit app": with the latest SDK the UIScene lifecycle is a
/// requirement, and an app that has not adopted it will not launch). TN3187 "Migrating to the UIKit
/// scene-based life cycle" and Apple's "Transitioning to the UIKit scene-based life cycle" walk
/// through the migration, the Info.plist scene manifest included.
struct SceneManifestMissingRule: RepositoryRule {
    let description = RuleDescription(
        id: .sceneManifestMissing, name: "No scene manifest", severity: .error, facet: .lifecycle,
        summary: "An iOS app target without a UIApplicationSceneManifest (and no SwiftUI App): it will not launch.",
        rationale: """
            With the iOS 27 SDK the UIScene lifecycle is required: an app that has not adopted it does not \
            launch. Adoption starts with the Info.plist's UIApplicationSceneManifest — or the \
            generated one, INFOPLIST_KEY_UIApplicationSceneManifest_Generation — and a scene delegate that \
            creates the window. A SwiftUI `App` adopts scenes by itself.
            """,
        sources: [.tn3187, .transitioning, .modernizeUIKit, .apple("UIApplicationSceneManifest", "bundleresources/information-property-list/uiapplicationscenemanifest")],
        fix: { site in
            // A storyboard app has no window creation to move, and a configuration without the
            // storyboard shows a black window (TN3187; FSCalendar's and BulletinBoard's examples).
            site.shapes.contains(.storyboardWindow)
                ? "Add UIApplicationSceneManifest to the Info.plist with a scene configuration whose UISceneStoryboardFile is the storyboard UIMainStoryboardFile names and whose UISceneDelegateClassName is a scene delegate with a `window` property: under scenes UIKit loads the storyboard from the scene configuration, not from UIMainStoryboardFile. Move any window the app delegate sets up to `scene(_:willConnectTo:options:)`."
                    // moonlight's iPhone and iPad storyboards: one configuration would give the iPad the iPhone's.
                    + (site.shapes.contains(.iPadStoryboard) ? " The iPad has a storyboard of its own (UIMainStoryboardFile~ipad): give it its own manifest, UIApplicationSceneManifest~ipad, whose configuration names that storyboard." : "")
                // The build setting only counts where the target generates its Info.plist (Toast-Swift's
                // and ImagePicker's demos keep a file of their own: there it would do nothing).
                : site.shapes.contains(.generatesInfoPlist)
                    ? "Add UIApplicationSceneManifest to the Info.plist, or set INFOPLIST_KEY_UIApplicationSceneManifest_Generation = YES (this target generates its Info.plist; the generated configuration names $(PRODUCT_MODULE_NAME).SceneDelegate), with a scene delegate of that name, and move window creation to `scene(_:willConnectTo:options:)`."
                    : "Add UIApplicationSceneManifest to the Info.plist with a scene configuration naming your scene delegate, and move window creation to `scene(_:willConnectTo:options:)`."
        },
        triggering: [
            .infoPlist(Example.appKeys + Example.launchKeys, marked: true),
            .infoPlist(Example.appKeys, marked: true, files: ["App/AppDelegate.m": "@interface AppDelegate : UIResponder <UIApplicationDelegate>\n@end"]),
            // The window comes from the main storyboard: the configuration must name it.
            .infoPlist(Example.appKeys + "<key>UIMainStoryboardFile</key><string>Main</string>", marked: true,
                       suggestion: "a scene configuration whose UISceneStoryboardFile is the storyboard UIMainStoryboardFile names"),
            // An iPad storyboard of its own needs a manifest of its own (moonlight's iPhone and iPad storyboards).
            .infoPlist(Example.appKeys + "<key>UIMainStoryboardFile</key><string>iPhone</string><key>UIMainStoryboardFile~ipad</key><string>iPad</string>", marked: true,
                       suggestion: "UIApplicationSceneManifest~ipad"),
        ],
        nonTriggering: [
            .infoPlist(Example.appKeys + Example.sceneKeys, marked: false, files: ["App/SceneDelegate.swift": Example.sceneDelegateSource]),
            .infoPlist("<key>CFBundleIdentifier</key><string>com.example.Kit</string>", marked: false),
            .infoPlist(Example.appKeys, marked: false, files: ["App/MyApp.swift": "@main\nstruct MyApp: App { var body: some Scene { WindowGroup { Text(\"Hi\") } } }"]),
            // The `App` conformance in an extension of the `@main` type (WhatsNewKit's example).
            .infoPlist(Example.appKeys, marked: false, files: ["App/App.swift": "import SwiftUI\n@main\nstruct App {}\nextension App: SwiftUI.App {\n    var body: some Scene { WindowGroup { Text(\"Hi\") } }\n}"]),
            .objc("@implementation NotAnApp\n@end"),
        ], platforms: .uiKit, readiness: .blocksLaunch)

    static func shapes(of app: ProjectModel.App) -> SiteShapes {
        var shapes: SiteShapes = []
        if app.facts.mainStoryboard != nil { shapes.insert(.storyboardWindow) }
        if app.facts.iPadStoryboard != nil { shapes.insert(.iPadStoryboard) }
        if PlistValue.string(app.target?.settings["GENERATE_INFOPLIST_FILE"] ?? "").bool == true { shapes.insert(.generatesInfoPlist) }
        return shapes
    }

    /// The SDK an app is built with, as its platforms name it: TN3187's requirement is the same
    /// for iOS, tvOS and visionOS apps (Mac Catalyst builds with the iOS SDK).
    static func sdk(of platforms: Set<Platform>) -> String {
        if platforms.contains(.iOS) || platforms.contains(.macCatalyst) || platforms.isEmpty { return "iOS" }
        if platforms.contains(.visionOS) { return "visionOS" }
        if platforms.contains(.tvOS) { return "tvOS" }
        return "iOS"
    }

    func checkRepository(_ r: RepositoryView, into sink: inout RepositorySink) {
        for app in r.model.project.readableApps where !app.facts.hasSceneManifest && !r.hasSwiftUIEntry(app) {
            let (path, line) = app.location
            sink.report(description, path: path, line: line, column: 1,
                        message: "App `\(r.label(app))` has no UIApplicationSceneManifest; built with the \(Self.sdk(of: app.platforms)) 27 SDK it will not launch",
                        identity: r.label(app), target: app.id,
                        shapes: Self.shapes(of: app))
        }
    }
}

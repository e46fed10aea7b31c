import ProjectFiles
import RuleKit

/// A scene manifest whose names do not agree with the code launches no window: the delegate
/// class must exist, the configuration name the code asks for must be declared, and the
/// storyboard must be there (TN3187 "Migrating to the UIKit scene-based life cycle"): the name the
/// app delegate gives `UISceneConfiguration` must equal the Info.plist's `UISceneConfigurationName`.
struct SceneDelegateUnresolvedRule: RepositoryRule {
    let description = RuleDescription(
        id: .sceneDelegateUnresolved, name: "Scene names that do not resolve", severity: .error, facet: .lifecycle,
        summary: "The scene manifest names a delegate class, storyboard or configuration that does not exist.",
        rationale: """
            UIKit instantiates the scene delegate by the class name in the manifest and matches the \
            configuration the app delegate returns by name: the names must be identical. A \
            misspelt class, a renamed configuration or a deleted storyboard means the scene connects with no \
            delegate and no window — the app launches to a black screen.
            """,
        sources: [.tn3187, .apple("UIApplicationSceneManifest", "bundleresources/information-property-list/uiapplicationscenemanifest"), .apple("UISceneConfiguration", "uikit/uisceneconfiguration")],
        fix: RuleDescription.fixed("Make UISceneDelegateClassName name a declared class ($(PRODUCT_MODULE_NAME).Name for Swift), use the UISceneConfigurationName the manifest declares in code, and point UISceneStoryboardFile at an existing storyboard (or remove it); a manifest that configures nothing needs a scene delegate that makes the window (fleetscan migrate scenes writes one)."),
        triggering: [
            .infoPlist(Example.appKeys + Example.launchKeys + Example.sceneKeys, marked: true,
                       files: ["App/SceneDelegate.swift": "class MySceneDelegate: UIResponder, UIWindowSceneDelegate {}"]),
            // The key alone, added to silence UIKit's warning; the app delegate still makes the window.
            .infoPlist(Example.appKeys + Example.launchKeys + Self.emptyManifest, marked: true, files: [
                "App/AppDelegate.m": """
                    @implementation AppDelegate
                    - (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)options {
                        self.window = [[UIWindow alloc] initWithFrame:[UIScreen mainScreen].bounds];
                        [self.window makeKeyAndVisible];
                        return YES;
                    }
                    @end
                    """]),
            // Set in code, but to a class declared nowhere: still unresolved.
            .infoPlist(Example.appKeys + Example.launchKeys + Example.sceneKeys, marked: true, files: [
                "App/AppDelegate.swift": """
                    class AppDelegate: UIResponder, UIApplicationDelegate {
                        func f(s: UISceneSession) -> UISceneConfiguration {
                            let c = UISceneConfiguration(name: "Default Configuration", sessionRole: s.role)
                            c.delegateClass = RemovedSceneDelegate.self
                            return c
                        }
                    }
                    """]),
            Example("""
                class AppDelegate: UIResponder, UIApplicationDelegate {
                    func f(s: UISceneSession) -> UISceneConfiguration { UISceneConfiguration(name: ↓"Default", sessionRole: s.role) }
                }
                """, files: ["App/Info.plist": plistText(Example.appKeys + Example.launchKeys + Example.sceneKeys),
                             "App/SceneDelegate.swift": Example.sceneDelegateSource], wraps: false),
            .objc("""
                @implementation AppDelegate
                - (UISceneConfiguration *)f:(UISceneSession *)s {
                    return [[UISceneConfiguration alloc] initWithName:↓@"Main" sessionRole:s.role];
                }
                @end
                """, files: ["App/Info.plist": plistText(Example.appKeys + Example.launchKeys + Example.sceneKeys),
                             "App/SceneDelegate.h": "@interface SceneDelegate : UIResponder <UIWindowSceneDelegate>\n@end"], wraps: false),
            // Beside a name that resolves, an unknown one leaves only its own scenes without a
            // delegate, and says so (blink's What's New window).
            .objc("""
                @implementation AppDelegate
                - (UISceneConfiguration *)application:(UIApplication *)a configurationForConnectingSceneSession:(UISceneSession *)s options:(UISceneConnectionOptions *)o {
                    if ([o.userActivities.anyObject.activityType isEqual:@"com.example.whatsnew"]) {
                        return [UISceneConfiguration configurationWithName:↓@"whatsnew" sessionRole:s.role];
                    }
                    return [UISceneConfiguration configurationWithName:@"Default Configuration" sessionRole:s.role];
                }
                @end
                """, files: ["App/Info.plist": plistText(Example.appKeys + Example.launchKeys + Example.sceneKeys),
                             "App/SceneDelegate.h": "@interface SceneDelegate : UIResponder <UIWindowSceneDelegate>\n@end"], wraps: false,
                  message: "Scene configuration \"whatsnew\" is not a UISceneConfigurationName App `App`'s Info.plist declares: the scenes asked for with it connect with no delegate and no window (\"Default Configuration\", asked for otherwise, resolves)"),
        ],
        nonTriggering: [
            .infoPlist(Example.appKeys + Example.launchKeys + Example.sceneKeys, marked: false,
                       files: ["App/SceneDelegate.swift": Example.sceneDelegateSource]),
            // A manifest that configures nothing, in a SwiftUI app (its App makes the scenes) or
            // with a scene delegate the app delegate returns in code.
            .infoPlist(Example.appKeys + Example.launchKeys + Self.emptyManifest, marked: false,
                       files: ["App/App.swift": "@main struct Notes: App { var body: some Scene { WindowGroup { Text(\"\") } } }"]),
            .infoPlist(Example.appKeys + Example.launchKeys + Self.emptyManifest, marked: false, files: [
                "App/AppDelegate.swift": """
                    class AppDelegate: UIResponder, UIApplicationDelegate {
                        func application(_ a: UIApplication, configurationForConnecting s: UISceneSession, options: UIScene.ConnectionOptions) -> UISceneConfiguration {
                            let c = UISceneConfiguration(name: nil, sessionRole: s.role)
                            c.delegateClass = SceneDelegate.self
                            return c
                        }
                    }
                    """, "App/SceneDelegate.swift": Example.sceneDelegateSource]),
            // The manifest's class is gone, but the app delegate builds that configuration in code
            // with a delegate class that exists (RULES.md "Scene configurations set in code").
            .infoPlist(Example.appKeys + Example.launchKeys + Example.sceneKeys, marked: false, files: [
                "App/AppDelegate.swift": """
                    class AppDelegate: UIResponder, UIApplicationDelegate {
                        func application(_ a: UIApplication, configurationForConnecting s: UISceneSession, options: UIScene.ConnectionOptions) -> UISceneConfiguration {
                            let c = UISceneConfiguration(name: "Default Configuration", sessionRole: s.role)
                            c.delegateClass = QuickActionSceneDelegate.self
                            return c
                        }
                    }
                    """,
                "App/QuickActionSceneDelegate.swift": "class QuickActionSceneDelegate: UIResponder, UIWindowSceneDelegate {}"]),
            .infoPlist(Example.appKeys + Example.launchKeys + Example.sceneKeys, marked: false, files: [
                "App/AppDelegate.m": """
                    @implementation AppDelegate
                    - (UISceneConfiguration *)application:(UIApplication *)a configurationForConnectingSceneSession:(UISceneSession *)s options:(UISceneConnectionOptions *)o {
                        UISceneConfiguration *c = [[UISceneConfiguration alloc] initWithName:@"Default Configuration" sessionRole:s.role];
                        c.delegateClass = [MainSceneDelegate class];
                        return c;
                    }
                    @end
                    """,
                "App/MainSceneDelegate.h": "@interface MainSceneDelegate : UIResponder <UIWindowSceneDelegate>\n@end"]),
            // A name no Info.plist declares, resolved in code (a generated manifest declares none).
            Example("""
                class AppDelegate: UIResponder, UIApplicationDelegate {
                    func application(_ a: UIApplication, configurationForConnecting s: UISceneSession, options: UIScene.ConnectionOptions) -> UISceneConfiguration {
                        let configuration = UISceneConfiguration(name: "Phone", sessionRole: s.role)
                        configuration.delegateClass = SceneDelegate.self
                        return configuration
                    }
                }
                """, files: ["App/Info.plist": plistText(Example.appKeys + Example.launchKeys + Example.sceneKeys),
                             "App/SceneDelegate.swift": Example.sceneDelegateSource]),
            .infoPlist(Example.appKeys + Example.launchKeys + Example.sceneKeys, marked: false,
                       files: ["App/SceneDelegate.h": "@interface SceneDelegate : UIResponder <UIWindowSceneDelegate>\n@end"]),
            .infoPlist(Example.appKeys + Example.launchKeys + Example.sceneKeys, marked: false,
                       files: ["App/Scene.swift": "@objc(SceneDelegate) class Scene: UIResponder, UIWindowSceneDelegate {}"]),
            .objc("""
                @implementation AppDelegate
                - (UISceneConfiguration *)f:(UISceneSession *)s {
                    return [[UISceneConfiguration alloc] initWithName:@"Default Configuration" sessionRole:s.role];
                }
                @end
                """, files: ["App/Info.plist": plistText(Example.appKeys + Example.launchKeys + Example.sceneKeys),
                             "App/SceneDelegate.h": "@interface SceneDelegate : UIResponder <UIWindowSceneDelegate>\n@end"], wraps: false),
        ], platforms: .uiKit, readiness: .blocksLaunch)

    /// A scene manifest with no configuration.
    static let emptyManifest = """
        <key>UIApplicationSceneManifest</key>
        <dict>
            <key>UIApplicationSupportsMultipleScenes</key><false/>
            <key>UISceneConfigurations</key>
            <dict/>
        </dict>
        """

    /// `$(PRODUCT_MODULE_NAME).SceneDelegate`, `MyApp.SceneDelegate` → `SceneDelegate`.
    static func className(_ value: String) -> String {
        value.split(separator: ".").last.map(String.init) ?? value
    }

    func checkRepository(_ r: RepositoryView, into sink: inout RepositorySink) {
        let apps = r.model.project.readableApps
        // Configurations the app delegate builds in code with their own delegate class.
        var resolvedInCode: Set<String> = []
        for facts in r.facts {
            for use in facts.sceneConfigurationNames {
                guard let by = use.resolvedBy, by == "storyboard" || by == "?" || r.typeNames.contains(Self.className(by)) else { continue }
                resolvedInCode.insert(use.name)
            }
        }
        for app in apps where app.facts.hasSceneManifest {
            var problems: [String] = []
            for c in app.facts.configurations {
                if let cls = c.delegateClass, !r.typeNames.contains(Self.className(cls)), !(c.name.map(resolvedInCode.contains) ?? false) {
                    problems.append("scene delegate class `\(cls)` is declared nowhere")
                }
                if let board = c.storyboard, !r.model.project.storyboards.contains(board) {
                    problems.append("storyboard `\(board)` does not exist")
                }
            }
            guard !problems.isEmpty else { continue }
            let (path, line) = app.location
            sink.report(description, path: path, line: line, column: 1,
                        message: "App `\(r.label(app))`: \(problems.joined(separator: "; "))", identity: r.label(app), target: app.id)
        }
        // A manifest that configures nothing — no delegate class, no storyboard — in an app whose
        // code provides neither (no configuration set in code, no scene delegate declared, no
        // SwiftUI App): the key silences UIKit's warning, but the app has not adopted scenes
        // (Kodi Remote's empty UISceneConfigurations, its window still made by the app delegate).
        let declaresSceneDelegate = r.model.hasSceneDelegate
        if !declaresSceneDelegate, resolvedInCode.isEmpty {
            for app in apps where app.facts.hasSceneManifest && !r.hasSwiftUIEntry(app)
            && !app.facts.configurations.contains(where: { $0.delegateClass != nil || $0.storyboard != nil }) {
                let (path, line) = app.location
                sink.report(description, path: path, line: line, column: 1,
                            message: "App `\(r.label(app))`: the scene manifest names no scene delegate or storyboard and no code provides one: "
                                + "the app has not adopted scenes yet (its window is the app delegate's), and built with the iOS 27 SDK it does not launch",
                            identity: r.label(app) + " empty", target: app.id)
            }
        }
        let withManifest = apps.filter(\.facts.hasSceneManifest)
        guard !withManifest.isEmpty else { return }
        for facts in r.facts {
            // A name in code is looked up in the Info.plist of the app that compiles it: a tvOS
            // app delegate's configuration in the tvOS target's plist. Code no project maps is
            // looked up in every app's.
            let owning = apps.filter { $0.target != nil && $0.compiles(facts.path) }
            let candidates = owning.isEmpty ? withManifest : owning.filter(\.facts.hasSceneManifest)
            // An app without a manifest is scene-manifest-missing's finding, not this rule's.
            guard !candidates.isEmpty else { continue }
            // A configuration whose delegate class (or storyboard) the code sets resolves itself.
            func resolves(_ name: String) -> Bool {
                resolvedInCode.contains(name) || candidates.contains(where: { app in app.facts.configurations.contains { $0.name == name } })
            }
            for use in facts.sceneConfigurationNames where !resolves(use.name) {
                let where_ = candidates.count == 1 ? "App `\(candidates[0].name)`'s Info.plist" : "the Info.plist"
                // Beside a name that resolves in the same method, only the scenes asked for with this
                // one (a What's New window for one activity type: blink) get no delegate: said so. It
                // stays an error, as the catalogue has it: stages are kept per rule, and a scene that
                // connects with no delegate shows no window.
                let other = facts.sceneConfigurationNames.first { $0.owner == use.owner && $0.function == use.function && $0.name != use.name && resolves($0.name) }
                sink.report(description, path: use.site.path, line: use.site.line, column: use.site.column, column16: use.site.column16, offset: use.site.offset,
                            message: "Scene configuration \"\(use.name)\" is not a UISceneConfigurationName \(where_) declares"
                                + (other.map { ": the scenes asked for with it connect with no delegate and no window (\"\($0.name)\", asked for otherwise, resolves)" } ?? ""),
                            identity: "configuration \(use.name)", typeName: use.owner, functionName: use.function)
            }
        }
    }
}

/// An Info.plist text around `keys`.
func plistText(_ keys: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0">
    <dict>
    \(keys)
    </dict>
    </plist>
    """
}

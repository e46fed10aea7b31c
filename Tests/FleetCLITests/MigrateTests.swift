import Foundation
import Testing
@testable import FleetCLI
import TestSupport

/// `fleetscan migrate scenes` on the fixtures of `Fixtures/Projects`, each after the public code
/// it mirrors: the patch applies, every Swift and Objective-C file of the migrated target compiles
/// at the target's deployment target against the SDK stand-ins (before the migration too, so a
/// failure is the patch's), the re-scan no longer holds the app at not-launching, the generated
/// files hold no finding, and a second run has nothing to do.
@Suite struct MigrateTests {
    static func copy(_ fixture: String) throws -> TempDirectory {
        let dir = TempDirectory()
        _ = try FixtureRepositories.run(["cp", "-R", repositoryRoot + "/Fixtures/Projects/\(fixture)/.", dir.path])
        return dir
    }

    /// The scan's findings, as (rule, path, line).
    static func findings(_ folder: String) throws -> [(rule: String, path: String, line: Int)] {
        let r = run(["scan", folder, "--format", "json", "--quiet"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        #expect((json["diagnostics"] as? [Any])?.isEmpty ?? true, "\(json["diagnostics"] ?? "")")
        return (json["findings"] as? [[String: Any]] ?? []).compactMap { f in
            guard let rule = f["rule"] as? String, let path = f["path"] as? String, let line = f["line"] as? Int else { return nil }
            return (rule, path, line)
        }
    }

    static func rules(_ folder: String) throws -> [String] { try findings(folder).map(\.rule) }

    /// Every source of `folder` in `language`, compiled at `deployment`; Objective-C with the
    /// source folder on the include path.
    /// Swift is type-checked as the target's one module; Objective-C file by file, only the app
    /// and scene delegates (the files a migration writes: other files of a fixture may use newer
    /// APIs on purpose, for the scan's sake).
    static func compile(_ folder: String, sources: String, swift: Bool, deployment: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let dir = folder + "/" + sources
        let files = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
            .filter { swift ? $0.hasSuffix(".swift") : ["AppDelegate.m", "SceneDelegate.m"].contains($0) }.map { dir + "/" + $0 }
        #expect(!files.isEmpty, sourceLocation: sourceLocation)
        let errors = swift ? try SDKCheck.swift(files, deployment: deployment) : try SDKCheck.objectiveC(files, deployment: deployment, includes: [dir])
        #expect(errors == "", "\(sources) does not compile at iOS \(deployment):\n\(errors)", sourceLocation: sourceLocation)
    }

    /// Migrates the fixture: the diff (with its to-do header) matches its golden and applies with
    /// `git apply --check`, both before and after compile, the written result re-scans without the
    /// launch blocker and without findings in the new files, and a second run has nothing to do.
    @discardableResult
    static func migrate(_ fixture: String, sources: String, swift: Bool, deployment: String, golden: String,
                        sourceLocation: SourceLocation = #_sourceLocation) throws -> (dir: TempDirectory, diff: String, err: String) {
        let dir = try copy(fixture)
        try compile(dir.path, sources: sources, swift: swift, deployment: deployment, sourceLocation: sourceLocation)
        let diff = run(["migrate", "scenes", dir.path])
        #expect(diff.code == 0, "\(diff.err)", sourceLocation: sourceLocation)
        expectGolden(diff.out, golden, sourceLocation: sourceLocation)
        let patch = dir.path + "/../migrate-\(UUID().uuidString).diff"
        try diff.out.write(toFile: patch, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: patch) }
        _ = try FixtureRepositories.run(["git", "apply", "--check", patch], in: dir.path)

        let written = run(["migrate", "scenes", dir.path, "--write", "--quiet"])
        #expect(written.code == 0, "\(written.err)", sourceLocation: sourceLocation)
        try compile(dir.path, sources: sources, swift: swift, deployment: deployment, sourceLocation: sourceLocation)
        let after = try findings(dir.path)
        // The migrated target launches (an example next to it is not the patch's).
        #expect(!after.contains { ($0.rule == "scene-manifest-missing" || $0.rule == "scene-delegate-unresolved") && $0.path.hasPrefix(sources + "/") },
                "\(after)", sourceLocation: sourceLocation)
        let generated = after.filter { $0.path.contains("SceneDelegate") }
        #expect(generated.isEmpty, "the scaffold has findings of its own: \(generated)", sourceLocation: sourceLocation)
        // What the scene delegate takes over is gone; what it cannot is on the to-do list.
        let left = after.filter { $0.rule == "app-lifecycle-callback" || $0.rule == "url-handling-unmigrated" }
        for path in Set(left.map(\.path)) {
            let todo = diff.out.components(separatedBy: "\n").filter { $0.hasPrefix("  - \(path):") }
            #expect(todo.count >= left.filter { $0.path == path }.count, "left without a to-do: \(left)", sourceLocation: sourceLocation)
        }
        let again = run(["migrate", "scenes", dir.path])
        #expect(again.code == 0 && again.out.isEmpty && again.err.contains("nothing to migrate"), "\(again.err)", sourceLocation: sourceLocation)
        return (dir, diff.out, diff.err)
    }

    @Test func anObjectiveCAppGetsItsManifestSceneDelegateAndProjectEntries() throws {
        let (dir, _, err) = try Self.migrate("LegacyObjCApp", sources: "Shop", swift: false, deployment: "12.0", golden: "migrate-objc.diff")
        #expect(err.contains("fleetscan: migrate: Shop: changes Shop/Info.plist, changes Shop/AppDelegate.m, changes LegacyObjCApp.xcodeproj/project.pbxproj, adds Shop/SceneDelegate.h, adds Shop/SceneDelegate.m"))
        let project = try String(contentsOfFile: dir.path + "/LegacyObjCApp.xcodeproj/project.pbxproj", encoding: .utf8)
        #expect(project.contains("path = SceneDelegate.m;") && project.contains("path = SceneDelegate.h;"))
    }

    @Test func aSwiftAppWithAGeneratedInfoPlistGetsTheBuildSettingAndASceneDelegate() throws {
        let (dir, diff, _) = try Self.migrate("LegacySwiftApp", sources: "Notes", swift: true, deployment: "15.0", golden: "migrate-swift.diff")
        #expect(diff.contains("+\t\t\t\tINFOPLIST_KEY_UIApplicationSceneManifest_Generation = YES;"))
        let delegate = try String(contentsOfFile: dir.path + "/Notes/SceneDelegate.swift", encoding: .utf8)
        #expect(delegate.contains("connectionOptions.urlContexts") && delegate.contains("connectionOptions.userActivities")
                && delegate.contains("func scene(_ scene: UIScene, continue userActivity: NSUserActivity)"))
        // A generated Info.plist declares no configuration: the delegate class is set in code.
        let appDelegate = try String(contentsOfFile: dir.path + "/Notes/AppDelegate.swift", encoding: .utf8)
        #expect(appDelegate.contains("configuration.delegateClass = SceneDelegate.self"))
        #expect(!diff.contains("@available(iOS 13.0, *)"), "iOS 15 needs no availability annotations")
    }

    /// V2ex-Swift's launch: a window subclass, held by a client singleton and a HUD, sized from
    /// the screen, at iOS 12.0, with a theme refreshed on activation.
    @Test func aSwiftAppBelowIOS13KeepsItsWindowPathAndEveryHolderGetsTheScenesWindow() throws {
        let (dir, diff, _) = try Self.migrate("V2exSwiftApp", sources: "Forum", swift: true, deployment: "12.0", golden: "migrate-v2ex-swift.diff")
        let delegate = try String(contentsOfFile: dir.path + "/Forum/SceneDelegate.swift", encoding: .utf8)
        #expect(delegate.contains("@available(iOS 13.0, *)\nclass SceneDelegate"))
        #expect(delegate.contains("let window = ThemedWindow(windowScene: windowScene)"), "the scene makes the app's own window class")
        #expect(delegate.contains("appDelegate?.setUpWindow(window)"))
        #expect(delegate.contains("func sceneDidBecomeActive(_ scene: UIScene) {\n        appDelegate?.applicationDidBecomeActive(UIApplication.shared)"))
        #expect(!delegate.contains("sceneWillResignActive"), "an empty template callback is not passed on")
        let app = try String(contentsOfFile: dir.path + "/Forum/AppDelegate.swift", encoding: .utf8)
        // Below iOS 13 launch makes, sizes and shows the window as before; above, the scene does.
        #expect(app.contains("if #available(iOS 13.0, *) {"))
        #expect(app.contains("let window = ThemedWindow()\n            window.frame = UIScreen.main.bounds;\n            setUpWindow(window)\n            window.makeKeyAndVisible()"))
        // Whoever held the launch window holds the scene's: the client, the HUD, the debug label.
        let setUp = try #require(app.range(of: "func setUpWindow(_ newWindow: ThemedWindow) {")).upperBound
        let method = String(app[setUp..<(app[setUp...].range(of: "\n    }\n")?.lowerBound ?? app.endIndex)])
        for holder in ["ForumClient.shared.window = self.window", "ProgressHUD.setContainerView(self.window!)", "self.window?.addSubview(fps)",
                       "#if DEBUG", "#endif", "self.window?.rootViewController = drawer"] {
            #expect(method.contains(holder), "setUpWindow lacks \(holder)")
        }
        #expect(!method.contains("UIScreen.main.bounds") && !method.contains("makeKeyAndVisible"), "a scene sizes its window; its delegate shows it")
        #expect(app.contains("@available(iOS 13.0, *)\n    func application(_ application: UIApplication, configurationForConnecting"))
        #expect(app.contains("        Analytics.start()\n        return true"), "what launch does after the window stays at launch")
        #expect(!diff.contains("To do by hand"), "nothing is left to do by hand")
    }

    /// An Objective-C app at iOS 9.0 carrying ECSlidingViewController: availability macros, the
    /// idle timer and background task passed on, links with their source application.
    @Test func anObjectiveCAppAtIOS9GetsAvailabilityMacrosAndItsLifecycle() throws {
        let (dir, diff, _) = try Self.migrate("SlidingMenuObjCApp", sources: "Reader", swift: false, deployment: "9.0", golden: "migrate-sliding-menu.diff")
        let header = try String(contentsOfFile: dir.path + "/Reader/SceneDelegate.h", encoding: .utf8)
        #expect(header.contains("API_AVAILABLE(ios(13.0))\n@interface SceneDelegate"))
        let delegate = try String(contentsOfFile: dir.path + "/Reader/SceneDelegate.m", encoding: .utf8)
        #expect(delegate.contains("[self.appDelegate applicationDidBecomeActive:UIApplication.sharedApplication];"))
        #expect(delegate.contains("[self.appDelegate applicationDidEnterBackground:UIApplication.sharedApplication];"))
        #expect(delegate.contains("options[UIApplicationOpenURLOptionsSourceApplicationKey] = context.options.sourceApplication;"))
        let app = try String(contentsOfFile: dir.path + "/Reader/AppDelegate.m", encoding: .utf8)
        #expect(app.contains("#import \"SceneDelegate.h\""))
        #expect(app.contains("options:(UISceneConnectionOptions *)options API_AVAILABLE(ios(13.0)) {"))
        #expect(app.contains("if (@available(iOS 13.0, *)) {"))
        // The launch URL reaches the app delegate's link handler through the scene: nothing to do.
        #expect(!diff.contains("To do by hand"))
        // The overlay still reads the app delegate's window, which is now the scene's.
        #expect(try Self.rules(dir.path).contains("app-delegate-window"))
    }

    /// After Simplenote and Artsy's energy: the window made in a helper only when there is none,
    /// the view controllers it shows built between its statements, a category and a test delegate
    /// that also adopt UIApplicationDelegate, two-space indentation.
    @Test func onlyTheWindowsStatementsMoveAndLaunchKeepsWhatItBuilds() throws {
        let (dir, diff, err) = try Self.migrate("NotesObjCApp", sources: "Notes", swift: false, deployment: "12.0", golden: "migrate-notes.diff")
        // A vendored library's example app is no candidate unless asked for.
        #expect(err.contains("fleetscan: migrate: Notes is the app; LockExample (example or test) can be migrated with --target"), "\(err)")
        let app = try String(contentsOfFile: dir.path + "/Notes/AppDelegate.m", encoding: .utf8)
        // What the window shows is still built at launch, which reads it later; the window's own
        // statements move, and below iOS 13 launch keeps the window it has.
        #expect(app.contains("- (void)setupDefaultWindow\n{\n  self.listViewController = [[UIViewController alloc] initWithNibName:nil bundle:nil];\n  self.listViewController.title = @\"Notes\";\n"))
        // A method that uses the window (`applyTheme`) moves with it.
        #expect(app.contains("- (void)setUpWindow:(UIWindow *)window {\n  self.window = window;\n  self.window.tintColor = self.window.tintColor;\n  self.window.rootViewController = self.listViewController;\n  [self applyTheme];\n}"))
        #expect(app.contains("    UIWindow *window = self.window ?: [[UIWindow alloc] initWithFrame:[[UIScreen mainScreen] bounds]];"))
        // The app's delegate is the one main.m names, not its category or the test delegate.
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/Notes/TestAppDelegate+Scenes.m"))
        // Launch code that presents on the window is the reviewer's to move.
        #expect(diff.contains("  - Notes/AppDelegate.m:40: launch calls showLockIfNeeded, which uses the window, but under scenes the window exists only once a scene connects"))
        let scene = try String(contentsOfFile: dir.path + "/Notes/SceneDelegate.m", encoding: .utf8)
        #expect(scene.contains("\n  return [(NSObject *)delegate isKindOfClass:[AppDelegate class]] ? (AppDelegate *)delegate : nil;\n"))
    }

    /// A launch blocker scenes do not lift is on the to-do list: the patch alone does not make the app launch.
    @Test func aLaunchBlockerLeftAfterTheMigrationIsOnTheToDoList() throws {
        let dir = try Self.copy("NotesObjCApp")
        let plist = dir.path + "/Notes/Info.plist"
        let text = try String(contentsOfFile: plist, encoding: .utf8)
        try text.replacingOccurrences(of: "<key>UILaunchStoryboardName</key>\n\t<string>LaunchScreen</string>\n", with: "")
            .write(toFile: plist, atomically: true, encoding: .utf8)
        let diff = run(["migrate", "scenes", dir.path])
        #expect(diff.code == 0, "\(diff.err)")
        #expect(diff.out.contains("  - Notes/Info.plist:1: launch-screen-missing: App `Notes` has no launch screen"), "\(diff.out.prefix(600))")
        #expect(diff.out.contains("Notes still does not launch until this is fixed"))
    }

    /// A manifest that configures nothing (Kodi Remote's, added to silence UIKit's warning) holds
    /// the app at not-launching and is replaced by one that names the new scene delegate.
    @Test func anEmptySceneManifestIsReplaced() throws {
        let dir = try Self.copy("NotesObjCApp")
        let plist = dir.path + "/Notes/Info.plist"
        let text = try String(contentsOfFile: plist, encoding: .utf8)
        let empty = "\t<key>UIApplicationSceneManifest</key>\n\t<dict>\n\t\t<key>UIApplicationSupportsMultipleScenes</key>\n\t\t<false/>\n"
            + "\t\t<key>UISceneConfigurations</key>\n\t\t<dict/>\n\t</dict>\n"
        try text.replacingOccurrences(of: "</dict>\n</plist>", with: empty + "</dict>\n</plist>").write(toFile: plist, atomically: true, encoding: .utf8)
        #expect(try Self.rules(dir.path).contains("scene-delegate-unresolved"))
        let written = run(["migrate", "scenes", dir.path, "--write", "--quiet"])
        #expect(written.code == 0, "\(written.err)")
        let after = try String(contentsOfFile: plist, encoding: .utf8)
        #expect(after.components(separatedBy: "<key>UIApplicationSceneManifest</key>").count == 2)
        #expect(after.contains("<key>UISceneDelegateClassName</key>\n\t\t\t\t\t<string>SceneDelegate</string>"), "\(after)")
        #expect(try !Self.findings(dir.path).contains { $0.rule == "scene-delegate-unresolved" || ($0.rule == "scene-manifest-missing" && $0.path.hasPrefix("Notes/")) })
        try Self.compile(dir.path, sources: "Notes", swift: false, deployment: "12.0")
    }

    /// A Router that takes the app delegate's window or makes its own, a storyboard with no
    /// first screen, quick actions, a shortcut item from the launch options, state restoration.
    @Test func aRouterGetsTheScenesWindowAndAStoryboardWithoutAFirstScreenIsNotNamed() throws {
        let (dir, diff, _) = try Self.migrate("RouterSwiftApp", sources: "Recipes", swift: true, deployment: "11.0", golden: "migrate-router.diff")
        let plist = try String(contentsOfFile: dir.path + "/Recipes/Info.plist", encoding: .utf8)
        #expect(plist.contains("UIApplicationSceneManifest") && !plist.contains("UISceneStoryboardFile"), "a storyboard with no initial view controller shows nothing")
        let app = try String(contentsOfFile: dir.path + "/Recipes/AppDelegate.swift", encoding: .utf8)
        #expect(app.contains("func setUpWindow(_ newWindow: UIWindow?) {\n        self.window = newWindow\n        Router.shared.start(in: window)\n    }"))
        let delegate = try String(contentsOfFile: dir.path + "/Recipes/SceneDelegate.swift", encoding: .utf8)
        #expect(delegate.contains("if let item = connectionOptions.shortcutItem { perform(item) { _ in } }"))
        #expect(delegate.contains("func windowScene(_ windowScene: UIWindowScene, performActionFor shortcutItem: UIApplicationShortcutItem,"))
        // What cannot be done mechanically is in the patch's header, with file and line.
        #expect(diff.hasPrefix("fleetscan migrate scenes: Recipes adopts the scene life cycle"))
        #expect(diff.contains("  * Recipes/Info.plist:1: the scene configuration names no storyboard: UIMainStoryboardFile Main has no initial view controller"))
        #expect(diff.contains("  - Recipes/AppDelegate.swift:20: application(_:shouldSaveSecureApplicationState:) is not called under scenes"))
        #expect(diff.contains("  - Recipes/AppDelegate.swift:24: application(_:shouldRestoreSecureApplicationState:) is not called under scenes"))
    }

    /// The Info.plist names `$(PRODUCT_MODULE_NAME).SceneDelegate` and nothing declares it.
    @Test func anUnresolvedSceneDelegateIsWrittenUnderTheNameThePlistGives() throws {
        let (dir, diff, _) = try Self.migrate("UnresolvedSceneDelegateApp", sources: "Timer", swift: true, deployment: "15.0", golden: "migrate-unresolved.diff")
        #expect(!diff.contains("Info.plist"), "the manifest is there already")
        #expect(!diff.contains("configurationForConnecting"), "the Info.plist's configuration names the class")
        let delegate = try String(contentsOfFile: dir.path + "/Timer/SceneDelegate.swift", encoding: .utf8)
        #expect(delegate.contains("class SceneDelegate: UIResponder, UIWindowSceneDelegate"))
    }

    @Test func itRefusesWhatItCannotDoSafely() throws {
        // Already adopted: nothing to do is not an error.
        let adopted = try Self.copy("MultiPlatformApp")
        let nothing = run(["migrate", "scenes", adopted.path, "--target", "PlayerTV"])
        #expect(nothing.code == 0 && nothing.err.contains("PlayerTV already adopts scenes"), "\(nothing.err)")
        // A scene delegate the Info.plist misnames is a name to fix, not a migration.
        let migrated = try Self.copy("MigratedSwiftApp")
        let misnamed = run(["migrate", "scenes", migrated.path, "--target", "App"])
        #expect(misnamed.code == 2 && misnamed.err.contains("App: its scene delegate is MySceneDelegate (App/SceneDelegate.swift), but the Info.plist names SceneDelegate"),
                "\(misnamed.err)")
        #expect(run(["migrate", "scenes", migrated.path, "--target", "Nope"]).err.contains("no target named Nope"))
        // The class name is taken.
        let taken = try Self.copy("LegacyObjCApp")
        try "#import <UIKit/UIKit.h>\n@interface SceneDelegate : NSObject\n@end\n".write(toFile: taken.path + "/Shop/Old.h", atomically: true, encoding: .utf8)
        let refused = run(["migrate", "scenes", taken.path])
        #expect(refused.code == 2 && refused.err.contains("Shop/Old.h: a type named SceneDelegate exists already"))
        // Two apps: it cannot tell which, until told.
        let two = TempDirectory()
        _ = try FixtureRepositories.run(["cp", "-R", repositoryRoot + "/Fixtures/Projects/LegacyObjCApp", two.path + "/A"])
        _ = try FixtureRepositories.run(["cp", "-R", repositoryRoot + "/Fixtures/Projects/LegacySwiftApp", two.path + "/B"])
        #expect(run(["migrate", "scenes", two.path]).err.contains("several app targets lack a scene manifest: Notes, Shop; choose one with --target"))
        let chosen = run(["migrate", "scenes", two.path, "--target", "Notes"])
        #expect(chosen.code == 0 && chosen.out.contains("+++ b/B/Notes/SceneDelegate.swift"), "\(chosen.err)")
        #expect(run(["migrate", "nothing"]).err.contains("unknown migrate subcommand 'nothing' (scenes)"))
    }
}

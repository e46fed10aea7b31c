import Foundation
import Testing
import ProjectFiles
import RuleKit
import ScanEngine
import TestSupport

/// The project fixtures (scripts/make-project-fixtures.py): each one's exact findings and stage.
@Suite struct ProjectFixtureTests {
    func scanFixture(_ name: String) throws -> ScanResult {
        try PathScan.prepare([repositoryRoot + "/Fixtures/Projects/" + name]).run(jobs: 2)
    }

    func lines(_ r: ScanResult) -> [String] {
        r.findings.map { "\($0.path):\($0.line):\($0.column) \($0.severity.rawValue) \($0.rule) \($0.context.rawValue)" }
    }

    @Test func preSceneObjectiveCAppWithFrameworkAndExtension() throws {
        let r = try scanFixture("LegacyObjCApp")
        #expect(lines(r) == [
            "Shop/AppDelegate.m:6:21 warning window-in-app-delegate appDelegate",
            "Shop/AppDelegate.m:6:52 warning main-screen-bounds appDelegate",
            "Shop/AppDelegate.m:7:18 warning window-in-app-delegate appDelegate",
            "Shop/AppDelegate.m:11:9 warning url-handling-unmigrated appDelegate",
            "Shop/Info.plist:1:1 warning ipad-orientations-incomplete other",
            "Shop/Info.plist:1:1 error scene-manifest-missing other",
        ])
        #expect(r.stage == .notLaunching)
        #expect(r.findings.first { $0.rule == "scene-manifest-missing" }?.message == "App `Shop` has no UIApplicationSceneManifest; built with the iOS 27 SDK it will not launch")
        #expect(r.diagnostics.isEmpty)
    }

    @Test func migratedAppWhoseManifestNamesAMissingDelegate() throws {
        let r = try scanFixture("MigratedSwiftApp")
        #expect(lines(r) == [
            "App/AppDelegate.swift:8:36 error scene-delegate-unresolved appDelegate",
            "App/Info.plist:1:1 error scene-delegate-unresolved other",
            "App/SceneDelegate.swift:6:10 warning url-handling-unmigrated sceneDelegate",
            "App/WindowManager.swift:5:9 warning global-window-state other",
            "App/WindowManager.swift:6:9 warning global-window-state other",
        ])
        let plist = r.findings.first { $0.path == "App/Info.plist" }?.message ?? ""
        #expect(plist.contains("`$(PRODUCT_MODULE_NAME).SceneDelegate` is declared nowhere") && plist.contains("storyboard `Main`"))
        #expect(r.stage == .notLaunching)
    }

    @Test func generatedInfoPlistAndSynchronizedFolders() throws {
        let r = try scanFixture("GeneratedPlistApp")
        #expect(lines(r) == [
            "Game/Legacy/OldRenderer.swift:4:31 warning main-screen-scale other",
            "GeneratedPlistApp.xcodeproj/project.pbxproj:41:1 note requires-fullscreen other",
        ])
        // The synchronized folder's membership exception leaves OldRenderer.swift out of the
        // target: no target builds it, so it is reported apart and the app is not held by it.
        #expect(r.findings.map(\.scope) == [.unbuilt, .app])
        #expect(r.stage == .resizable)
    }

    @Test func swiftUIAppWithObservationBelowItsDeploymentTarget() throws {
        let r = try scanFixture("ObservationApp")
        #expect(lines(r) == [
            "Sources/ListView.swift:4:5 error api-above-deployment-target view",
            "Sources/ListView.swift:10:21 error api-above-deployment-target view",
            "Sources/ListView.swift:13:14 error api-above-deployment-target view",
            "Sources/ObservationApp.swift:9:24 error api-above-deployment-target other",
            // Not its `import Observation`: the file asks for iOS 17 where it guards `Preferences`, so
            // the import serves that guarded use too; the unguarded `@Observable` is the error.
            "Sources/Store.swift:4:1 error api-above-deployment-target other",
        ])
        #expect(r.findings.allSatisfy { $0.message.contains("needs iOS 17.0") })
        #expect(r.stage == .notLaunching)
    }

    @Test func libraryOnly() throws {
        let r = try scanFixture("ScreenKit")
        #expect(lines(r) == ["Sources/ScreenKit/Metrics.swift:12:14 error api-above-deployment-target other"])
        #expect(!r.findings.contains { $0.rule == "scene-manifest-missing" || $0.rule == "launch-screen-missing" })
    }

    @Test func singleSceneAppsGetANoteForGlobalWindowState() {
        let r = scan([
            "App/Info.plist": "<plist><dict><key>LSRequiresIPhoneOS</key><true/><key>UILaunchScreen</key><dict/><key>UIApplicationSceneManifest</key><dict><key>UIApplicationSupportsMultipleScenes</key><false/><key>UISceneConfigurations</key><dict><key>UIWindowSceneSessionRoleApplication</key><array><dict><key>UISceneDelegateClassName</key><string>SceneDelegate</string></dict></array></dict></dict></dict></plist>",
            "App/SceneDelegate.swift": "final class SceneDelegate: UIResponder, UIWindowSceneDelegate { var window: UIWindow? }",
            "App/Manager.swift": "final class Manager {\n    static let shared = Manager()\n    var window: UIWindow?\n}",
        ])
        #expect(r.findings.map { "\($0.rule) \($0.severity.rawValue)" } == ["global-window-state note"])
        #expect(r.stage == .resizable)
    }

    @Test func malformedProjectFilesAreDiagnosticsAndTheScanGoesOn() throws {
        let dir = TempDirectory()
        let pbx = try String(contentsOfFile: repositoryRoot + "/Fixtures/Projects/LegacyObjCApp/LegacyObjCApp.xcodeproj/project.pbxproj", encoding: .utf8)
        dir.write("Broken.xcodeproj/project.pbxproj", String(pbx.prefix(pbx.count / 2)))
        dir.write("App/Info.plist", "<plist><dict><key>LSRequiresIPhoneOS</key><true/>")
        dir.write("App/Other-Info.plist", Data([0x62, 0x70, 0x6C, 0x69, 0x73, 0x74, 0x30, 0x30, 0xFF]))
        dir.write("App/View.swift", "func f() { _ = UIScreen.main.scale }")
        let r = try PathScan.prepare([dir.path]).run(jobs: 2)
        #expect(r.findings.map(\.rule) == ["main-screen-scale"])
        // The only project is unreadable, so the app-like plists stand for the app: both are malformed.
        #expect(r.diagnostics.map(\.path) == ["App/Info.plist", "App/Other-Info.plist", "Broken.xcodeproj/project.pbxproj"])
        #expect(r.diagnostics[0].message.hasPrefix("malformed property list: line "))
        #expect(r.diagnostics[1].message.hasPrefix("malformed property list: binary plist"))
        #expect(r.diagnostics[2].message.hasPrefix("malformed project file: line "))
    }

    func targetLines(_ r: ScanResult) -> [String] {
        r.targets.map { t in "\(t.name) [\(t.platform)] \(t.scope.rawValue) \(t.stage.rawValue)" + (t.blockers.isEmpty ? "" : ": " + t.blockers.map { "\($0.rule)@\($0.path):\($0.line)" }.joined(separator: ", ")) }
    }

    /// Each finding with its scope and its targets, named as reports name them.
    func scoped(_ r: ScanResult) -> [String] {
        let labels = r.targetLabels
        return r.findings.map { "\($0.path):\($0.line) \($0.rule) \($0.scope.rawValue) \($0.targets.map { labels[$0] ?? $0.name }.joined(separator: ","))" }
    }

    /// Widgets, Live Activities and notification content are drawn by the system at sizes it
    /// chooses, in no window of the app: only the share extension's sheet, in the host's window, is
    /// judged for the screen; the widget's API above its deployment target still is.
    @Test func extensionsTheSystemDrawsAreNoResizableWindows() throws {
        let r = try scanFixture("SystemDrawnExtensions")
        #expect(scoped(r) == [
            "Share/ShareSheetView.swift:5 main-screen-bounds app ShareSheet",
            "Widget/GlucoseWidgetView.swift:11 api-above-deployment-target app GlucoseWidget",
        ])
    }

    /// A tvOS app's Info.plist gets its fix in tvOS's versions, an iOS app's in iOS's.
    @Test func aTVOSAppsFixSpeaksOfTVOS() throws {
        let r = try scanFixture("TVAndPhoneApps")
        let tv = r.findings.first { $0.path == "TV/Info.plist" }?.suggestion ?? "no finding"
        let phone = r.findings.first { $0.path == "Phone/Info.plist" }?.suggestion ?? "no finding"
        #expect(tv.hasSuffix("is called from tvOS 13.0 on and this code deploys to tvOS 12.0: before tvOS 13.0, do it in application(_:didFinishLaunchingWithOptions:), as now."), "\(tv)")
        #expect(phone.hasSuffix("is called from iOS 13.0 on and this code deploys to iOS 12.0: before iOS 13.0, do it in application(_:didFinishLaunchingWithOptions:), as now."), "\(phone)")
        // The finding's deployment target stays the iOS one: a tvOS plist has none.
        #expect(r.findings.first { $0.path == "TV/Info.plist" }?.deploymentTarget == nil)
    }

    @Test func multiPlatformProjectJudgesEachTargetOnItsOwnPlatform() throws {
        let r = try scanFixture("MultiPlatformApp")
        #expect(scoped(r) == [
            // iOS app code; its deployment target (15.0 through the xcconfig chain) has effectiveGeometry.
            "App/FeedViewController.swift:6 main-screen-bounds app Player",
            // `#if os(tvOS)` is out, `#elseif os(iOS)` in; `canImport(UIKit) && !os(tvOS)` is in.
            "Core/Layout.swift:8 main-screen-scale app PlayerCore",
            "Core/Layout.swift:16 idiom-layout app PlayerCore",
            // `#if PC_TV` (a repository macro over TARGET_OS_TV) is out, `#elif PC_PHONE` in.
            "Core/Legacy.m:8 main-screen-bounds app PlayerCore",
            // TARGET_OS_VISION and TARGET_OS_WATCH are out: PlayerCore builds for neither (a visionOS
            // target would see the first, since visionOS windows resize).
            // `#ifdef DEBUG` is unknown: read.
            "Core/Legacy.m:24 global-geometry-constant app PlayerCore",
            // The iOS, tvOS and watchOS apps compile it; inside `#if os(iOS)` it is the iOS app's alone.
            "Shared/Theme.swift:5 screen-size-device-check app Player",
            "Tests/PlayerTests.swift:5 window-without-scene test PlayerTests",
            // A visionOS UIKit app needs a scene manifest too; the launch-screen rule is iOS-only.
            "Vision/Info.plist:1 scene-manifest-missing app PlayerVision",
            "Vision/VisionAppDelegate.swift:6 main-screen-bounds app PlayerVision",
            // Nothing from TV/ (its scene name is in the tvOS plist; its geometry is tvOS-only),
            // Watch/ or Mac/ (macOS by MacConfig/Mac.xcconfig, which the Mac target names the
            // Xcode 16 way: a synchronized folder and a path inside it).
        ])
        #expect(targetLines(r) == [
            "Player [iOS, macCatalyst] app launches: main-screen-bounds@App/FeedViewController.swift:6, screen-size-device-check@Shared/Theme.swift:5",
            "PlayerCore [iOS, tvOS] app launches: main-screen-scale@Core/Layout.swift:8, idiom-layout@Core/Layout.swift:16, main-screen-bounds@Core/Legacy.m:8",
            "PlayerMac [macOS] app modern",
            "PlayerTV [tvOS] app modern",
            "PlayerVision [visionOS] app not-launching: scene-manifest-missing@Vision/Info.plist:1",
            "PlayerWatch [watchOS] app modern",
            "PlayerTests [iOS] test no-device-assumptions: window-without-scene@Tests/PlayerTests.swift:5",
        ])
        #expect(r.stage == .notLaunching)
        #expect(r.findings.first { $0.rule == "scene-manifest-missing" }?.message == "App `PlayerVision` has no UIApplicationSceneManifest; built with the visionOS 27 SDK it will not launch")
        #expect(r.diagnostics.isEmpty)
        let (project, _) = ProjectScan.model(try PathScan.prepare([repositoryRoot + "/Fixtures/Projects/MultiPlatformApp"]).projectFiles, jobs: 1)
        let player = try #require(project.targets.first { $0.name == "Player" })
        #expect(player.deploymentTarget == OSVersion(15))
        #expect(project.targets.first { $0.name == "PlayerTV" }?.deploymentTarget == nil)
        #expect(project.apps.map(\.name).sorted() == ["Player", "PlayerTV", "PlayerVision"])
    }

    @Test func aLibraryIsJudgedByItsLibraryCodeAndItsDemoAppListedApart() throws {
        let r = try scanFixture("DemoLibrary")
        #expect(scoped(r) == [
            "Demo/AppDelegate.m:9 window-in-app-delegate example KitDemo",
            "Demo/AppDelegate.m:9 main-screen-bounds example KitDemo",
            "Demo/AppDelegate.m:10 window-in-app-delegate example KitDemo",
            "Demo/DemoViewController.m:9 idiom-layout example KitDemo",
            "Demo/Info.plist:1 scene-manifest-missing example KitDemo",
            // A demo app sharing the framework's Info.plist (`FMWK`) is an example, not a harness (Pulley's PulleyDemo).
            "Kit/Info.plist:1 launch-screen-missing example SpinnerDemo",
            "Kit/Info.plist:1 scene-manifest-missing example SpinnerDemo",
            "Kit/Spinner.m:9 main-screen-scale library Kit",
            "KitTests/SpinnerTests.m:8 window-without-scene test KitTests",
        ])
        #expect(r.stage == .launches)
        #expect(targetLines(r) == [
            "Kit [iOS] library launches: main-screen-scale@Kit/Spinner.m:9",
            "KitDemo [iOS] example not-launching: scene-manifest-missing@Demo/Info.plist:1",
            "SpinnerDemo [iOS] example not-launching: launch-screen-missing@Kit/Info.plist:1, scene-manifest-missing@Kit/Info.plist:1",
            "KitTests [iOS] test no-device-assumptions: window-without-scene@KitTests/SpinnerTests.m:8",
        ])
    }

    /// JSQMessagesViewController's layout (hand-read #31): the podspec ships `ChatKit/**`, and
    /// the only target that compiles it is the demo app. That code is the library, and it
    /// decides the repository's stage; the demo's own is the example's.
    @Test func aPodBuiltOnlyByItsDemoAppIsTheLibrary() throws {
        let r = try scanFixture("PodBuiltByDemo")
        #expect(scoped(r) == [
            "ChatDemo/AppDelegate.m:9 window-in-app-delegate example ChatKit (ChatKit.xcodeproj)",
            "ChatDemo/AppDelegate.m:9 main-screen-bounds example ChatKit (ChatKit.xcodeproj)",
            "ChatDemo/AppDelegate.m:10 window-in-app-delegate example ChatKit (ChatKit.xcodeproj)",
            "ChatDemo/Info.plist:1 scene-manifest-missing example ChatKit (ChatKit.xcodeproj)",
            "ChatKit/ChatViewController.m:9 idiom-layout library ChatKit (ChatKit.xcodeproj),ChatKit (ChatKit.podspec)",
            "ChatKit/Views/BubbleView.m:9 main-screen-scale library ChatKit (ChatKit.xcodeproj),ChatKit (ChatKit.podspec)",
        ])
        #expect(r.stage == .launches)
        // The pod is the repository's library entry, with the library's findings only.
        #expect(targetLines(r) == [
            "ChatKit (ChatKit.podspec) [iOS] library launches: idiom-layout@ChatKit/ChatViewController.m:9, main-screen-scale@ChatKit/Views/BubbleView.m:9",
            "ChatKit (ChatKit.xcodeproj) [iOS] example not-launching: scene-manifest-missing@ChatDemo/Info.plist:1",
        ])
    }

    /// FDFullscreenPopGesture's layout (hand-read #40): a podspec and a demo app that does not
    /// compile the pod's files. The pod is a target of its own, on the platforms its spec names;
    /// a macOS-only pod is not judged by the rules of resizable windows.
    @Test func aPodNoProjectBuildsIsATargetOfItsOwn() {
        let demo = "<plist><dict><key>LSRequiresIPhoneOS</key><true/><key>UILaunchScreen</key><dict/></dict></plist>"
        let r = scan([
            "Kit.podspec": "Pod::Spec.new do |s|\n  s.name = 'Kit'\n  s.platform = :ios, '9.0'\n  s.source_files = 'Kit/*.{h,m}'\nend\n",
            "Kit/Spinner.m": "@implementation Spinner\n- (CGFloat)scale { return [UIScreen mainScreen].scale; }\n@end\n",
            "Demo/Info.plist": demo,
            "Demo/Main.m": "@implementation Demo\n- (CGFloat)scale { return [UIScreen mainScreen].scale; }\n@end\n",
        ])
        #expect(targetLines(r) == [
            "Kit [iOS] library launches: main-screen-scale@Kit/Spinner.m:2",
            "Demo [iOS] example not-launching: scene-manifest-missing@Demo/Info.plist:1",
        ])
        #expect(r.stage == .launches)
        #expect(r.targets.first { $0.name == "Kit" }?.project == "Kit.podspec")
        let mac = scan([
            "MacKit.podspec": "Pod::Spec.new do |s|\n  s.osx.deployment_target = '10.13'\n  s.source_files = 'MacKit/*.m'\nend\n",
            "MacKit/Spinner.m": "@implementation Spinner\n- (CGFloat)scale { return [UIScreen mainScreen].scale; }\n@end\n",
            "Demo/Info.plist": demo,
        ])
        #expect(targetLines(mac).contains("MacKit [macOS] library modern"))
    }

    /// Chatto's layout (hand-read #41): root specs and a root package ship the library, and the
    /// app named for it (`ChattoApp`) is its demo, however it is built: the repository is the library's.
    @Test func anAppNamedForTheRootLibraryIsItsDemo() {
        let app = "<plist><dict><key>LSRequiresIPhoneOS</key><true/><key>UILaunchScreen</key><dict/></dict></plist>"
        let r = scan([
            "Kit.podspec": "Pod::Spec.new do |s|\n  s.source_files = 'Kit/*.{h,m}'\nend\n",
            "Kit/Spinner.m": "@implementation Spinner\n- (CGFloat)scale { return [UIScreen mainScreen].scale; }\n@end\n",
            "KitApp/Info.plist": app,
        ])
        #expect(targetLines(r) == [
            "Kit [iOS] library launches: main-screen-scale@Kit/Spinner.m:2",
            "KitApp [iOS] example not-launching: scene-manifest-missing@KitApp/Info.plist:1",
        ])
        #expect(r.stage == .launches)
        // Named for something else, it is the repository's own app.
        var other = r
        other = scan([
            "Kit.podspec": "Pod::Spec.new do |s|\n  s.source_files = 'Kit/*.{h,m}'\nend\n",
            "Kit/Spinner.m": "@implementation Spinner\n- (CGFloat)scale { return [UIScreen mainScreen].scale; }\n@end\n",
            "Reader/Info.plist": app,
        ])
        #expect(other.stage == .notLaunching)
    }

    /// Texture's layout (issue 29): a framework with a test host under `Tests/`, example apps in
    /// projects all called `Sample` under `examples/` and `examples_extra/`, a smoke test app.
    @Test func aLibraryWithManyExampleProjectsLaunchesAndEachSampleIsItsOwnTarget() throws {
        let r = try scanFixture("ExamplesLibrary")
        #expect(r.stage == .launches)
        #expect(targetLines(r) == [
            "Kit [iOS] library launches: main-screen-scale@Source/KitNode.m:9",
            "Sample (examples/Gallery/Sample.xcodeproj) [iOS] example not-launching: scene-manifest-missing@examples/Gallery/Sample/Info.plist:1",
            "Sample (examples_extra/Feed/Sample.xcodeproj) [iOS] example not-launching: scene-manifest-missing@examples_extra/Feed/Sample/Info.plist:1",
            "KitTests [iOS] test launches: main-screen-bounds@Tests/KitNodeTests.m:13",
            "Launch [iOS] test not-launching: scene-manifest-missing@smoke-tests/Launch/Sample/Info.plist:1",
            "TestHost [iOS] test not-launching: scene-manifest-missing@Tests/TestHost/Info.plist:1",
        ])
        #expect(r.targets.map { $0.project ?? "" } == ["Kit.xcodeproj", "examples/Gallery/Sample.xcodeproj", "examples_extra/Feed/Sample.xcodeproj",
                                                       "Kit.xcodeproj", "smoke-tests/Launch/Launch.xcodeproj", "Kit.xcodeproj"])
        // A tearDown hiding every window treats each alike: no finding.
        #expect(!r.findings.contains { $0.rule == "shared-windows" })
    }

    /// One app's scene delegate answers for its own app delegate only: the other app's
    /// `applicationDidBecomeActive:` is still never called under scenes (MJRefresh's examples).
    @Test func aSceneDelegateCoversOnlyItsOwnApp() throws {
        let r = try scanFixture("TwoExampleApps")
        #expect(r.findings.filter { $0.rule.rawValue == "app-lifecycle-callback" }.map { "\($0.path):\($0.line)" } == ["Legacy/LegacyAppDelegate.m:8"])
    }

    /// A vendored library's example app in an app's repository (GitHawk's `Local Pods/SwipeCellKit/Example`)
    /// is an example: it never lowers the app.
    @Test func anExampleAppNextToTheShippingAppIsAnExample() throws {
        let r = try scanFixture("NotesObjCApp")
        #expect(targetLines(r).filter { $0.hasPrefix("LockExample") || $0.hasPrefix("Notes ") } == [
            "Notes [iOS] app not-launching: scene-manifest-missing@Notes/Info.plist:1",
            "LockExample [iOS] example not-launching: scene-manifest-missing@LocalPods/Lock/Example/LockExample/Info.plist:1",
        ])
    }

    @Test func withoutAProjectFoldersAndPackagesDecideScopes() {
        let r = scan([
            "Package.swift": "let package = Package(name: \"K\", platforms: [.iOS(.v15)], targets: [.target(name: \"K\"), .target(name: \"Extra\", path: \"Lib/Extra\"), .testTarget(name: \"KTests\")])",
            "Sources/K/A.swift": "func a(_ v: Int) -> CGFloat { UIScreen.main.scale }",
            "Lib/Extra/B.swift": "func b(_ v: Int) -> CGFloat { UIScreen.main.scale }",
            "Tests/KTests/T.swift": "func t(_ v: Int) -> CGFloat { UIScreen.main.scale }",
            "Examples/Demo App/Info.plist": "<plist><dict><key>LSRequiresIPhoneOS</key><true/><key>UILaunchScreen</key><dict/></dict></plist>",
            "Examples/Demo App/V.swift": "func v(_ v: Int) -> CGFloat { UIScreen.main.scale }",
            // A DocC catalog's tutorial code, in the target's folder: DocC's, no target compiles it.
            "Sources/K/K.docc/Tutorials/Step-01.swift": "func s(_ v: Int) -> CGFloat { UIScreen.main.scale }",
            // … which no target builds, so nothing is above its deployment target (it has none).
            "Sources/K/K.docc/Tutorials/Step-02.swift": "func g(_ s: UIWindowScene) -> CGRect { s.effectiveGeometry.coordinateSpace.bounds }",
        ])
        #expect(scoped(r) == [
            "Examples/Demo App/Info.plist:1 scene-manifest-missing example Demo App",
            "Examples/Demo App/V.swift:1 main-screen-scale example Demo App",
            "Lib/Extra/B.swift:1 main-screen-scale library Extra",
            "Sources/K/A.swift:1 main-screen-scale library K",
            "Sources/K/K.docc/Tutorials/Step-01.swift:1 main-screen-scale unbuilt ",
            // The package's tests run with no host app, so with no scene: a fix that needs one does not apply.
        ])
        #expect(r.stage == .launches)
        // A package's targets are targets: named, on the platforms its manifest names.
        #expect(targetLines(r) == [
            "Extra [iOS, macCatalyst] library launches: main-screen-scale@Lib/Extra/B.swift:1",
            "K [iOS, macCatalyst] library launches: main-screen-scale@Sources/K/A.swift:1",
            "Demo App [iOS] example not-launching: scene-manifest-missing@Examples/Demo App/Info.plist:1",
            "KTests [iOS, macCatalyst] test modern",
        ])
        // .fleetscan.json corrects the guess: the demo folder is code the library ships after all.
        var config = Configuration()
        config.tests = [Glob("Lib/**")]
        let again = scan(["Package.swift": "let package = Package(name: \"K\", targets: [.target(name: \"K\")])",
                          "Lib/Extra/B.swift": "func b(_ v: Int) -> CGFloat { UIScreen.main.scale }"], configuration: config)
        #expect(scoped(again) == ["Lib/Extra/B.swift:1 main-screen-scale test "])
        // A macOS-only package is not judged by the resizing rules.
        let mac = scan(["Package.swift": "let package = Package(name: \"M\", platforms: [.macOS(.v13)], targets: [.target(name: \"M\")])",
                        "Sources/M/M.swift": "func m(_ v: Int) -> CGFloat { UIScreen.main.scale }"])
        #expect(scoped(mac) == [])
        #expect(targetLines(mac) == ["M [macOS] library modern"])
        // An app's local package is one of the app's frameworks: its code counts as the app's.
        let app = scan([
            "App/Info.plist": "<plist><dict><key>LSRequiresIPhoneOS</key><true/><key>UILaunchScreen</key><dict/><key>UIApplicationSceneManifest</key><dict><key>UISceneConfigurations</key><dict><key>UIWindowSceneSessionRoleApplication</key><array><dict><key>UISceneDelegateClassName</key><string>SceneDelegate</string></dict></array></dict></dict></dict></plist>",
            "App/SceneDelegate.swift": "final class SceneDelegate: UIResponder, UIWindowSceneDelegate { var window: UIWindow? }",
            "LocalPackages/Kit/Package.swift": "let package = Package(name: \"Kit\", targets: [.target(name: \"Kit\")])",
            "LocalPackages/Kit/Sources/Kit/K.swift": "func k(_ v: Int) -> CGFloat { UIScreen.main.scale }",
        ])
        #expect(scoped(app) == ["LocalPackages/Kit/Sources/Kit/K.swift:1 main-screen-scale app Kit"])
        #expect(targetLines(app) == ["App [iOS] app modern", "Kit [iOS, macCatalyst, visionOS, tvOS, watchOS, macOS] app launches: main-screen-scale@LocalPackages/Kit/Sources/Kit/K.swift:1"])
        #expect(app.stage == .launches)
        #expect(again.stage == .modern)
    }

    @Test func aSourceNoTargetBuildsIsUnbuiltAndNeverCounts() {
        let pbx = (try? String(contentsOfFile: repositoryRoot + "/Fixtures/Projects/MultiPlatformApp/MultiPlatformApp.xcodeproj/project.pbxproj", encoding: .utf8)) ?? ""
        let files = [
            "MultiPlatformApp.xcodeproj/project.pbxproj": pbx,
            "App/Info.plist": "<plist><dict><key>LSRequiresIPhoneOS</key><true/><key>UILaunchScreen</key><dict/><key>UIApplicationSceneManifest</key><dict><key>UISceneConfigurations</key><dict><key>UIWindowSceneSessionRoleApplication</key><array><dict><key>UISceneDelegateClassName</key><string>SceneDelegate</string></dict></array></dict></dict></dict></plist>",
            "App/SceneDelegate.swift": "final class SceneDelegate: UIResponder, UIWindowSceneDelegate { var window: UIWindow? }",
            // In no target: dead code, reported apart.
            "App/Old/CurvedText.swift": "final class C: UIView { func f() { layer.contentsScale = UIScreen.main.scale } }",
            // Headers are in no build phase; their code is the app's (its folder's targets').
            "App/Consts.h": "#define kScreenW [UIScreen mainScreen].bounds.size.width",
            // A local package's code is its target's.
            "Kit/Package.swift": "let package = Package(name: \"Kit\", platforms: [.iOS(.v15)], targets: [.target(name: \"Kit\")])",
            "Kit/Sources/Kit/K.swift": "func k(_ v: Int) -> CGFloat { UIScreen.main.scale }",
        ]
        let r = scan(files)
        #expect(scoped(r).filter { !["Core/", "Vision/", "Tests/", "MultiPlatformApp.xcodeproj/"].contains(where: $0.hasPrefix) } == [
            // In no build phase, a header is the targets' that compile its folder's sources.
            "App/Consts.h:1 global-geometry-constant app Player",
            "App/Old/CurvedText.swift:1 main-screen-scale unbuilt ",
            "Kit/Sources/Kit/K.swift:1 main-screen-scale app Kit",
        ])
        #expect(r.findings.filter { $0.scope == .unbuilt }.allSatisfy { !$0.scope.counts })
        // With a podspec, a source no target lists may be the pod's: it is the library's.
        var withPod = files
        withPod["Kit.podspec"] = "Pod::Spec.new do |s| s.name = 'Kit' end"
        #expect(scoped(scan(withPod)).contains("App/Old/CurvedText.swift:1 main-screen-scale app "))
        // A spec kept for a dependency elsewhere (`Configuration/Podspecs/Realm.podspec.json`) compiles nothing here.
        var vendoredSpec = files
        vendoredSpec["Configuration/Podspecs/Realm.podspec.json"] = "{\"name\": \"Realm\"}"
        #expect(scoped(scan(vendoredSpec)).contains("App/Old/CurvedText.swift:1 main-screen-scale unbuilt "))
        // A project that cannot be read may list it: then it is not taken for dead code.
        var unreadable = files
        unreadable["Other.xcodeproj/project.pbxproj"] = "// !$*UTF8*$!\n{ objects = {"
        #expect(scoped(scan(unreadable)).contains("App/Old/CurvedText.swift:1 main-screen-scale app "))
    }

    @Test func xcconfigProblemsAreDiagnosticsNamingTheFileAndLine() {
        let pbx = try? String(contentsOfFile: repositoryRoot + "/Fixtures/Projects/MultiPlatformApp/MultiPlatformApp.xcodeproj/project.pbxproj", encoding: .utf8)
        let r = scan([
            "MultiPlatformApp.xcodeproj/project.pbxproj": pbx ?? "",
            "Config/App.xcconfig": "#include \"Missing.xcconfig\"\n#include \"App.xcconfig\"\nnot an assignment\nIPHONEOS_DEPLOYMENT_TARGET = 14.0\n",
            "App/FeedViewController.swift": "final class F: UIViewController { func f(s: UIWindowScene) { _ = s.effectiveGeometry } }",
        ])
        #expect(r.diagnostics.filter { $0.path.hasSuffix(".xcconfig") }.map { "\($0.path): \($0.message)" } == [
            "Config/App.xcconfig: line 1: included file Config/Missing.xcconfig is not in the repository",
            "Config/App.xcconfig: line 2: #include cycle through Config/App.xcconfig",
            "Config/App.xcconfig: line 3: not a `KEY = value` line",
        ])
        // The deployment target still comes from the file: 14.0, below effectiveGeometry's iOS 16.
        #expect(r.findings.map(\.rule).contains("api-above-deployment-target"))
    }

    @Test func xcodeGenProjectWithIncludesAndAPreviewAppThatDoesNotExemptTheApp() throws {
        let r = try scanFixture("XcodeGenApp")
        #expect(scoped(r) == [
            "Chat/AppDelegate.swift:8 window-in-app-delegate app Chat",
            "Chat/AppDelegate.swift:8 main-screen-bounds app Chat",
            "Chat/AppDelegate.swift:9 window-in-app-delegate app Chat",
            // The Info.plist path comes from the target's xcconfig (Chat/target.yml's configFiles).
            "Chat/SupportingFiles/Info.plist:1 scene-manifest-missing app Chat",
            "ChatKit/Bubble.swift:6 main-screen-scale app ChatKit",
            // `excludes: ["**/Generated/**"]` leaves it out of ChatKit: compiled by no target.
            "ChatKit/Generated/Strings.swift:4 main-screen-bounds unbuilt ",
            "ChatTests/ChatTests.swift:4 window-without-scene test ChatTests",
        ])
        #expect(targetLines(r) == [
            "Chat [iOS] app not-launching: scene-manifest-missing@Chat/SupportingFiles/Info.plist:1",
            "ChatKit [iOS] app launches: main-screen-scale@ChatKit/Bubble.swift:6",
            // Its scene manifest is in `info.properties`; its SwiftUI `@main App` exempts only itself.
            "ChatPreview [iOS] app modern",
            "ChatTests [iOS] test no-device-assumptions: window-without-scene@ChatTests/ChatTests.swift:4",
        ])
        #expect(r.stage == .notLaunching)
        #expect(r.diagnostics.isEmpty)
        let (project, _) = ProjectScan.model(try PathScan.prepare([repositoryRoot + "/Fixtures/Projects/XcodeGenApp"]).projectFiles, jobs: 1)
        #expect(project.targets.first { $0.name == "Chat" }?.deploymentTarget == OSVersion(15))
        #expect(project.targets.first { $0.name == "ChatPreview" }?.deploymentTarget == OSVersion(17))
    }

    /// An app deploying below iOS 13 keeps its app delegate's window there: the scene delegate's
    /// `scene(_:willConnectTo:options:)` is called from iOS 13 only (Google Sign-In's sample, iOS 11).
    @Test func sceneManifestAdviceKeepsTheAppDelegatesWindowBelowIOS13() throws {
        let r = try scanFixture("RouterSwiftApp")
        let s = r.findings.first { $0.rule == "scene-manifest-missing" }?.suggestion ?? "no finding"
        #expect(s.hasSuffix("`scene(_:willConnectTo:options:)` is called from iOS 13.0 on and this code deploys to iOS 11.0: before iOS 13.0, do it in application(_:didFinishLaunchingWithOptions:), as now."), "\(s)")
        let modern = try scanFixture("TuistApp").findings.first { $0.rule == "scene-manifest-missing" }?.suggestion ?? "no finding"
        #expect(!modern.contains("is called from iOS 13.0"), "\(modern)")
    }

    /// GPUImage's and the Composable Architecture's layout: an app's Info.plist deploys where its
    /// app does, not where the repository's oldest project does; an app whose project names no
    /// deployment target builds for its SDK's newest, so nothing is above it. An INFOPLIST_FILE
    /// that names its file in another case (`info.plist`) is that file, as on a Mac's disk.
    @Test func eachAppIsJudgedAtItsOwnDeploymentTarget() throws {
        let r = try scanFixture("LayeredDeployments")
        let s = r.findings.first { $0.rule == "scene-manifest-missing" }?.suggestion ?? "no finding"
        #expect(s.hasSuffix("this code deploys to iOS 12.0: before iOS 13.0, do it in application(_:didFinishLaunchingWithOptions:), as now."), "\(s)")
        #expect(r.findings.map { "\($0.path):\($0.line) \($0.rule)" } == ["examples/Viewer/Viewer/Info.plist:1 scene-manifest-missing"])
    }

    /// Targets a project's own ProjectDescriptionHelpers declare (`.app(name:)`, `.unitTests(for:)`,
    /// as `tuist init` and Blueprint's SampleApp write them) are targets, with the helper's product,
    /// destinations, Info.plist and sources filled from the call, the helper's defaults and constants.
    @Test func tuistHelperCallsAreTheTargetsTheyDeclare() throws {
        let r = try scanFixture("TuistHelpers")
        #expect(scoped(r) == [
            "Shop/Info.plist:1 scene-manifest-missing app Shop",
            "Shop/Sources/Theme.swift:6 main-screen-scale app Shop",
            "ShopTests/LayoutTests.swift:5 idiom-layout test ShopTests",
        ])
        #expect(targetLines(r) == [
            "Kiosk [iOS] app modern",
            "Shop [iOS] app not-launching: scene-manifest-missing@Shop/Info.plist:1",
            "ShopTests [iOS] test launches: idiom-layout@ShopTests/LayoutTests.swift:5",
        ])
    }

    @Test func tuistManifestReadAsText() throws {
        let r = try scanFixture("TuistApp")
        #expect(scoped(r) == [
            "Notes/Sources/AppDelegate.swift:5 app-lifecycle-callback app Notes",
            // NotesKit names no deployment target: it builds for its SDK's newest, as Xcode does
            // with none set, so `effectiveGeometry` (iOS 26) is not above it (before: the repository's lowest, 16.0).
            // No Info.plist file: the finding goes on the line that declares the target. Notes extends
            // Tuist's default, which has a scene manifest since Tuist 3 (`destinations:`); NotesClassic
            // (`platform:`) may predate it.
            "Project.swift:27 scene-manifest-missing app NotesClassic",
        ])
        #expect(targetLines(r).map { $0.components(separatedBy: ":").first! } == [
            "Notes [iOS] app no-device-assumptions", "NotesClassic [iOS] app not-launching", "NotesKit [iOS, visionOS] app modern",
            "NotesModern [iOS] app modern",
        ])
    }

    @Test func xcodeGenTargetTemplatesGiveTheirTargetsTypePlatformsSourcesAndSettings() {
        let r = scan([
            "project.yml": """
                name: Reader
                include: [templates.yml]
                targets:
                  Reader:
                    templates: [AppTemplate]
                    templateAttributes: {flavor: Full}
                    settings:
                      base:
                        INFOPLIST_FILE: Support/Info.plist
                  Lite:
                    templates: [AppTemplate, Missing]
                    templateAttributes: {flavor: Lite}
                """,
            "templates.yml": """
                targetTemplates:
                  BaseTemplate:
                    type: application
                    supportedDestinations: [iOS, macOS]
                    settings:
                      base: {IPHONEOS_DEPLOYMENT_TARGET: "17.0"}
                  AppTemplate:
                    templates: [BaseTemplate]
                    sources:
                      - path: Model
                      - path: ${target_name}
                      - Flavors/${flavor}
                """,
            "Model/Device.swift": "func columns() -> Int { UIDevice.current.userInterfaceIdiom == .pad ? 4 : 2 }",
            "Reader/Screen.swift": "func width() -> CGFloat { UIScreen.main.bounds.width }",
            "Flavors/Lite/Scale.swift": "func scale() -> CGFloat { UIScreen.main.scale }",
            "Unused/Old.swift": "func scale() -> CGFloat { UIScreen.main.scale }",
            "Support/Info.plist": "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict><key>CFBundleName</key><string>Reader</string></dict></plist>\n",
        ])
        #expect(r.diagnostics.map { "\($0.path): \($0.message)" } == [
            "project.yml: line 11: target Lite uses template Missing, which no targetTemplates entry declares",
        ])
        #expect(scoped(r).filter { !$0.contains("launch-screen") && !$0.contains("scene-manifest") } == [
            // `Flavors/${flavor}` with the target's templateAttributes; `${target_name}` with its name.
            "Flavors/Lite/Scale.swift:1 global-geometry-constant app Lite",
            "Model/Device.swift:1 idiom-layout app Reader,Lite",
            "Reader/Screen.swift:1 global-geometry-constant app Reader",
            "Unused/Old.swift:1 global-geometry-constant unbuilt ",
        ])
        #expect(r.targets.map { "\($0.name) [\($0.platform)]" } == ["Lite [iOS, macOS]", "Reader [iOS, macOS]"])
    }

    /// A line only the platforms a rule does not judge compile (the `#else` of `#if os(iOS)`,
    /// built by the tvOS target alone) is no finding, though an iOS target compiles the file (Swiftfin).
    @Test func aBranchOnlyAnUnjudgedTargetBuildsIsNoFinding() {
        let r = scan([
            "project.yml": "targets:\n  Phone:\n    type: application\n    platform: iOS\n    sources: [Shared]\n  TV:\n    type: application\n    platform: tvOS\n    sources: [Shared]\n",
            "Shared/Padding.swift": """
                import UIKit
                #if os(iOS)
                func inset(_ v: UIView) { if UIDevice.current.userInterfaceIdiom == .pad { v.frame = .zero } }
                #else
                func inset(_ v: UIView) { if UIDevice.current.userInterfaceIdiom == .pad { v.frame = .zero } }
                #endif
                """,
        ])
        #expect(scoped(r).filter { $0.hasPrefix("Shared/") } == ["Shared/Padding.swift:3 idiom-layout app Phone"])
    }

    /// App-wide window state is a warning where an app that builds it declares multiple scenes,
    /// a note in another app of the same repository that declares one (Provenance's cores).
    @Test func windowStateSeverityFollowsTheAppsThatBuildIt() {
        let r = scan([
            "project.yml": """
                targets:
                  Multi:
                    type: application
                    platform: iOS
                    sources: [Multi]
                    info:
                      path: Multi/Info.plist
                      properties:
                        UIApplicationSceneManifest: {UIApplicationSupportsMultipleScenes: true}
                  Single:
                    type: application
                    platform: iOS
                    sources: [Single]
                """,
            "Multi/State.swift": "import UIKit\nenum Holder { static var window: UIWindow? }\n",
            "Single/State.swift": "import UIKit\nenum Keeper { static var window: UIWindow? }\n",
        ])
        #expect(r.findings.filter { $0.rule == "global-window-state" }.map { "\($0.path) \($0.severity.rawValue)" }
                == ["Multi/State.swift warning", "Single/State.swift note"])
    }

    /// Two apps' scene delegates of one name are two types: an example's untouched template does
    /// not "handle links only when running" because the app's delegate of that name does (TwidereX).
    @Test func sceneDelegatesOfOneNameInTwoAppsAreTwoTypes() {
        let r = scan([
            "project.yml": "targets:\n  Demo:\n    type: application\n    platform: iOS\n    sources: [Demo]\n  Main:\n    type: application\n    platform: iOS\n    sources: [Main]\n",
            "Demo/SceneDelegate.swift": """
                import UIKit
                class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                        guard let _ = (scene as? UIWindowScene) else { return }
                    }
                }
                """,
            "Main/SceneDelegate.swift": """
                import UIKit
                class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                        if let url = connectionOptions.urlContexts.first?.url { open(url) }
                    }
                    func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) { }
                }
                """,
        ])
        #expect(r.findings.filter { $0.rule == "url-handling-unmigrated" }.isEmpty, "\(r.findings.map { "\($0.path):\($0.line) \($0.rule)" })")
    }

    @Test func malformedAndMissingXcodeGenFilesAreDiagnostics() {
        let r = scan([
            "project.yml": "name: P\ninclude:\n  - path: Missing.yml\n  - Cycle.yml\ntargets:\n  App:\n    type: application\n    platform: iOS\n    sources: [App]\n",
            "Cycle.yml": "include: [project.yml]\n",
            "Broken/project.yml": "targets:\n  App: [unclosed\n",
            "App/View.swift": "func f(_ v: Int) -> CGFloat { UIScreen.main.scale }",
        ])
        #expect(r.diagnostics.map { "\($0.path): \($0.message)" } == [
            "Broken/project.yml: line 3: malformed YAML: did not find expected ',' or ']'",
            "Cycle.yml: line 1: include cycle through project.yml",
            "project.yml: line 3: included file Missing.yml is not in the repository",
        ])
        // The app the healthy parts describe is still judged (it has no Info.plist at all).
        #expect(scoped(r) == ["App/View.swift:1 main-screen-scale app App", "project.yml:7 launch-screen-missing app App",
                              "project.yml:7 scene-manifest-missing app App"])
    }
}

/// An Info.plist Xcode preprocesses, and one that cannot be read (RULES.md "Readiness stages").
@Suite struct PreprocessedInfoPlistTests {
    @Test func aPreprocessedInfoPlistIsReadWithItsDefinitionsAndAnUnreadableOneIsUnknown() throws {
        let r = try PathScan.prepare([repositoryRoot + "/Fixtures/Projects/PreprocessedPlistApp"]).run(jobs: 2)
        // The manifest and launch storyboard are in every branch: no launch blocker. The
        // full-screen key is in a `#if BETA` branch: literal `BETA=1` has it, and an unknown
        // `$(APP_BUILD_FLAGS)` may define it, so both targets count it present.
        #expect(r.findings.map { "\($0.path):\($0.line) \($0.rule) \($0.targets.map(\.name))" } == ["Mail/Info.plist:1 requires-fullscreen [\"Mail\", \"MailBeta\"]"])
        // The finding rests on a key only one reading has, and says so.
        #expect(r.findings.first?.message.hasSuffix("(`UIRequiresFullScreen` is inside an #if of the preprocessed Info.plist: the build may define it either way)") == true,
                "\(r.findings.first?.message ?? "")")
        #expect(r.targets.map { "\($0.name) \($0.stage.rawValue)" } == ["Mail resizable", "MailBeta resizable", "Widgets unknown"])
        let widgets = try #require(r.targets.first { $0.name == "Widgets" })
        #expect(widgets.reason?.hasPrefix("Widgets/Info.plist: malformed property list: line 6") == true, "\(widgets.reason ?? "")")
        #expect(widgets.blockers.isEmpty)
        // Never not-launching for keys it could not see.
        #expect(r.stage == .unknown)
        #expect(r.diagnostics.map(\.path) == ["Widgets/Info.plist"])
    }

    @Test func directivesBetweenElementsInsideADictionaryAndAnArray() throws {
        let text = """
            <plist version="1.0">
            <dict>
            #ifndef DISABLE_PLAIN_HTTP
                <key>NSAppTransportSecurity</key>
                <dict><key>NSAllowsArbitraryLoads</key><true/></dict>
            #endif
                <key>UISupportedInterfaceOrientations</key>
                <array>
                    <string>UIInterfaceOrientationPortrait</string>
            #if ENABLE_LANDSCAPE && !defined(PHONE_ONLY)
                    <string>UIInterfaceOrientationLandscapeLeft</string>
            #elif defined(TABLET)
                    <string>UIInterfaceOrientationPortraitUpsideDown</string>
            #else
                    <string>UIInterfaceOrientationLandscapeRight</string>
            #endif
                </array>
            #define HAS_MANIFEST 1
            #if HAS_MANIFEST
                <key>UILaunchStoryboardName</key>
                <string>Launch</string>
            #endif
            </dict>
            </plist>
            """
        func keys(_ bytes: [UInt8]) throws -> (ats: Bool, orientations: [String], launch: Bool) {
            let v = try PropertyList.parse(bytes)
            return (v["NSAppTransportSecurity"] != nil, v["UISupportedInterfaceOrientations"]?.array?.compactMap(\.string) ?? [], v["UILaunchStoryboardName"] != nil)
        }
        // Every definition known: one reading.
        let known = try #require(InfoPlistPreprocessor.readings(Array(text.utf8), definitions: ["DISABLE_PLAIN_HTTP": "1", "ENABLE_LANDSCAPE": "1"], complete: true))
        #expect(!known.unknown)
        let k = try keys(known.whenTrue)
        #expect(!k.ats && k.orientations == ["UIInterfaceOrientationPortrait", "UIInterfaceOrientationLandscapeLeft"] && k.launch)
        // Nothing defined, and nothing more to know: the `#else` branch, the ATS dictionary.
        let none = try #require(InfoPlistPreprocessor.readings(Array(text.utf8), definitions: [:], complete: true))
        let n = try keys(none.whenTrue)
        #expect(!none.unknown && n.ats && n.orientations == ["UIInterfaceOrientationPortrait", "UIInterfaceOrientationLandscapeRight"])
        // Definitions from a setting nothing resolves: both readings, each a valid property list.
        let unknown = try #require(InfoPlistPreprocessor.readings(Array(text.utf8), definitions: [:], complete: false))
        #expect(unknown.unknown)
        let t = try keys(unknown.whenTrue), f = try keys(unknown.whenFalse)
        #expect(t.ats && t.orientations == ["UIInterfaceOrientationPortrait", "UIInterfaceOrientationLandscapeLeft"] && t.launch)
        #expect(!f.ats && f.orientations == ["UIInterfaceOrientationPortrait", "UIInterfaceOrientationLandscapeRight"] && f.launch)
        // Lines keep their numbers.
        #expect(unknown.whenTrue.filter { $0 == 10 }.count == Array(text.utf8).filter { $0 == 10 }.count)
        #expect(InfoPlistPreprocessor.readings(Array("<plist><dict/></plist>".utf8), definitions: [:], complete: true) == nil)
        #expect(InfoPlistPreprocessor.definitions("BETA=1 \"NAME=a b\" $(APP_BUILD_FLAGS)").complete == false)
        #expect(InfoPlistPreprocessor.definitions("BETA=1 DEBUG").values == ["BETA": "1", "DEBUG": "1"])
    }

    @Test func anUnreadableProjectFileLeavesTheStageUnknown() throws {
        let dir = TempDirectory()
        dir.write("App.xcodeproj/project.pbxproj", "{ objects = { ; }")
        dir.write("App/Info.plist", "<?xml version=\"1.0\"?><plist version=\"1.0\"><dict><key>LSRequiresIPhoneOS</key><true/></dict></plist>")
        dir.write("App/A.swift", "class A {}")
        let r = try PathScan.prepare([dir.path]).run(jobs: 1)
        #expect(!r.findings.contains { $0.rule == "scene-manifest-missing" || $0.rule == "launch-screen-missing" })
        #expect(r.stage == .unknown)
        #expect(r.targets.map(\.stage) == [.unknown])
    }
}

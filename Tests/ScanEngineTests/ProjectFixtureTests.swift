import Foundation
import Testing
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
        #expect(r.stage == "not-launching")
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
        #expect(r.stage == "not-launching")
    }

    @Test func generatedInfoPlistAndSynchronizedFolders() throws {
        let r = try scanFixture("GeneratedPlistApp")
        #expect(lines(r) == [
            "Game/Legacy/OldRenderer.swift:4:31 warning main-screen-scale other",
            "GeneratedPlistApp.xcodeproj/project.pbxproj:41:1 note requires-fullscreen other",
        ])
        #expect(r.stage == "launches")
    }

    @Test func swiftUIAppWithObservationBelowItsDeploymentTarget() throws {
        let r = try scanFixture("ObservationApp")
        #expect(lines(r) == [
            "Sources/ListView.swift:4:5 error api-above-deployment-target view",
            "Sources/ListView.swift:10:21 error api-above-deployment-target view",
            "Sources/ListView.swift:13:14 error api-above-deployment-target view",
            "Sources/ObservationApp.swift:9:24 error api-above-deployment-target other",
            "Sources/Store.swift:1:8 error api-above-deployment-target other",
            "Sources/Store.swift:4:1 error api-above-deployment-target other",
        ])
        #expect(r.findings.allSatisfy { $0.message.contains("needs iOS 17.0") })
        #expect(r.stage == "not-launching")
    }

    @Test func libraryOnly() throws {
        let r = try scanFixture("ScreenKit")
        #expect(lines(r) == ["Sources/ScreenKit/Metrics.swift:12:14 error api-above-deployment-target other"])
        #expect(!r.findings.contains { $0.rule == "scene-manifest-missing" || $0.rule == "launch-screen-missing" })
    }

    @Test func singleSceneAppsGetANoteForGlobalWindowState() {
        let r = scan([
            "App/Info.plist": "<plist><dict><key>LSRequiresIPhoneOS</key><true/><key>UILaunchScreen</key><dict/><key>UIApplicationSceneManifest</key><dict><key>UIApplicationSupportsMultipleScenes</key><false/></dict></dict></plist>",
            "App/Manager.swift": "final class Manager {\n    static let shared = Manager()\n    var window: UIWindow?\n}",
        ])
        #expect(r.findings.map { "\($0.rule) \($0.severity.rawValue)" } == ["global-window-state note"])
        #expect(r.stage == "resizable")
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
}

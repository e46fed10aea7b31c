import Foundation
import Testing
@testable import FleetCLI
import TestSupport

/// `fleetscan fix` on code in the shapes of real apps and libraries (`Fixtures/Fix/*`, each
/// folder a repository of its own): which findings get a hunk and which are left alone, and
/// that the fixed files still compile.
@Suite struct FixCaseTests {
    static let root = repositoryRoot + "/Fixtures/Fix"

    /// For each finding of the folder's rules that `fix` could rewrite: `"File:line rule"` →
    /// whether it made a hunk for it.
    static func outcomes(_ folder: String) throws -> [String: Bool] {
        let scan = run(["scan", root + "/" + folder, "--format", "json", "--quiet"])
        let findings = try #require((try JSONSerialization.jsonObject(with: Data(scan.out.utf8)) as? [String: Any])?["findings"] as? [[String: Any]])
        let fix = run(["fix", root + "/" + folder, "--format", "json"])
        let edits = try #require((try JSONSerialization.jsonObject(with: Data(fix.out.utf8)) as? [String: Any])?["edits"] as? [[String: Any]])
        let fixable: Set<String> = ["main-screen-scale", "main-screen-bounds", "status-bar-frame", "shared-windows", "legacy-layout-guide"]
        let made = Set(edits.filter { $0["supports"] as? Bool != true }.map { "\($0["path"]!):\($0["line"]!) \($0["rule"]!)" })
        var out: [String: Bool] = [:]
        for f in findings where fixable.contains(f["rule"] as? String ?? "") {
            let key = "\(f["path"]!):\(f["line"]!) \(f["rule"]!)"
            out[key] = made.contains(key)
        }
        #expect(made.isSubset(of: Set(out.keys)), "edits without a finding: \(made.subtracting(out.keys).sorted())")
        return out
    }

    /// Side by side, for a failure that says which line went which way.
    static func expectOutcomes(_ folder: String, _ expected: [String: Bool], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let actual = try outcomes(folder)
        let keys = Set(actual.keys).union(expected.keys).sorted()
        let wrong = keys.filter { actual[$0] != expected[$0] }
        let report = wrong.map { "\($0): expected \(expected[$0].map { $0 ? "fixed" : "left" } ?? "no finding"), got \(actual[$0].map { $0 ? "fixed" : "left" } ?? "no finding")" }.joined(separator: "; ")
        #expect(wrong.isEmpty, "\(folder): \(report)", sourceLocation: sourceLocation)
    }

    @Test func readsASizeTransitionReachesStayAndWhatRunsAlongsideIsFixed() throws {
        try Self.expectOutcomes("Sliding", [
            // viewWillTransitionToSize:withTransitionCoordinator: itself.
            "ECSlidingViewController.m:21 main-screen-bounds": false,
            "ECSlidingViewController.m:32 main-screen-bounds": true,       // viewDidLayoutSubviews
            // keyWindow is not geometry: in updateTopViewLayout, which the transition reaches.
            "ECSlidingViewController.m:49 shared-windows": true,
            "ECSlidingViewController.m:54 main-screen-bounds": false,      // updateUnderLeftLayout ← adjustLayout ← transition
            "ECSlidingViewController.m:60 main-screen-bounds": false,      // updateUnderRightLayout
            "ECSlidingViewController.m:71 main-screen-bounds": false,      // screenWidth ← self.screenWidth, self.resettedCenter
            "ECSlidingViewController.m:75 main-screen-bounds": true,       // updateShadowPath, only from the animation block
            "ZLClipImageViewController.swift:13 main-screen-bounds": false,
            "ZLClipImageViewController.swift:22 main-screen-bounds": true,
            "ZLClipImageViewController.swift:26 main-screen-bounds": false, // calculateMaxClipFrame()
            "ZLClipImageViewController.swift:29 main-screen-bounds": false, // `insets`, a computed property it reads
            "ZLClipImageViewController.swift:32 main-screen-bounds": true,  // layoutClipView, from alongsideTransition
        ])
    }

    @Test func aSetupThatInitializersOrAwakeFromNibCallKeepsTheScreensScale() throws {
        try Self.expectOutcomes("PocketCasts", [
            "AnimatedImageButton.swift:32 main-screen-scale": false,       // setup() ← awakeFromNib ← prepareForInterfaceBuilder
            "AnimatedImageButton.swift:36 main-screen-scale": false,
            "DateHeadingView.swift:15 main-screen-scale": false,           // setup() ← didMoveToSuperview
            "MiniPlayerShadowView.swift:39 main-screen-scale": false,      // updateView() ← setup() ← init, and ← didSet
            "ProfileProgressCircleView.swift:28 main-screen-scale": true,  // draw(_:)
            "ProfileProgressCircleView.swift:33 main-screen-scale": false, // updateAvatar() ← commonInit(), and a notification
            "RoundedBorderView.swift:22 main-screen-scale": false,         // setupBorder() ← init(frame:), init(coder:)
        ])
    }

    @Test func objectiveCViewsAndCellsKeepTheScaleTheirInitializersRead() throws {
        try Self.expectOutcomes("Views", [
            "CollectionViewCell.m:27 main-screen-scale": false,            // setupBorderWithWidth: ← setup ← initWithFrame:, initWithCoder:
            "CollectionViewCell.m:33 main-screen-scale": true,             // setHighlighted:
            "DBPerformanceWidgetView.m:23 main-screen-scale": false,       // commonInit ← both initializers
            "XRPhotoPickerBottomView.m:12 main-screen-scale": false,       // initWithFrame:
            "XRPhotoPickerBottomView.m:20 main-screen-scale": true,        // layoutSubviews
        ])
    }

    @Test func aTargetAtIOS9GetsOnlyWhatIOS9HasUnlessAGuardPromisesMore() throws {
        try Self.expectOutcomes("Menu", [
            "Menu/MenuHeaderView.swift:10 status-bar-frame": false,        // statusBarManager is iOS 13
            "Menu/MenuHeaderView.swift:13 status-bar-frame": true,         // inside if #available(iOS 13.0, *)
            "Menu/MenuViewController.m:16 legacy-layout-guide": false,     // safeAreaLayoutGuide is iOS 11
            "Menu/MenuViewController.m:21 status-bar-frame": false,
            "Menu/MenuViewController.m:22 main-screen-scale": true,        // traitCollection is iOS 8
            "Menu/MenuViewController.m:23 main-screen-bounds": true,
            "Menu/MenuViewController.m:29 status-bar-frame": true,         // inside if (@available(iOS 13.0, *))
            "Menu/MenuViewController.m:35 legacy-layout-guide": true,      // in a method marked API_AVAILABLE(ios(11.0))
        ])
        // What fix writes never needs more than the target has: a rescan finds no API above it.
        let dir = TempDirectory()
        _ = try FixtureRepositories.run(["cp", "-R", Self.root + "/Menu", dir.path + "/Menu"])
        #expect(run(["fix", dir.path + "/Menu", "--write"]).err.contains("5 fixes in 2 files (2 written)"))
        let after = run(["scan", dir.path + "/Menu", "--format", "json", "--quiet"]).out
        #expect(!after.contains("api-above-deployment-target") && after.contains("status-bar-frame"))
        // The rewrite left out would not build there.
        let original = try String(contentsOfFile: Self.root + "/Menu/Menu/MenuViewController.m", encoding: .utf8)
        dir.write("Unguarded.m", original.replacingOccurrences(of: "[UIApplication sharedApplication].statusBarFrame",
                                                                with: "self.view.window.windowScene.statusBarManager.statusBarFrame"))
        let errors = try SDKCheck.objectiveC([dir.path + "/Unguarded.m"], deployment: "9.0")
        #expect(errors.contains("'windowScene' is only available on iOS 13.0 or newer"), "\(errors)")
    }

    /// A view that adds itself to the key window has no `window` of its own yet; an inspector
    /// that saves the key window wants the app's; every read on a fixed line is fixed.
    @Test func windowsAViewIsNotInYetAndEveryReadOfALine() throws {
        try Self.expectOutcomes("Windows", [
            "Toast.swift:6 shared-windows": false,          // addSubview(self): `window` is nil here
            "Toast.swift:10 main-screen-scale": true,       // not layout code: rewritten all the same
            "Toast.swift:15 main-screen-scale": true,
            "Inspector.swift:9 shared-windows": false,      // saved to be made key again
            "Inspector.swift:17 shared-windows": true,
            "HUDView.m:6 shared-windows": false,
            "HUDView.m:11 main-screen-scale": true,
        ])
        let diff = run(["fix", Self.root + "/Windows"]).out
        #expect(diff.contains("+        layer.borderWidth = 1 / traitCollection.displayScale; layer.cornerRadius = 2 / traitCollection.displayScale"), "\(diff)")
        #expect(diff.contains("+    self.layer.borderWidth = 1 / self.traitCollection.displayScale; self.layer.cornerRadius = 2 / self.traitCollection.displayScale;"), "\(diff)")
    }

    @Test func aSwiftPackageThatNamesNoIOSPlatformIsTakenAtSwiftPMsDefault() throws {
        let dir = TempDirectory()
        dir.write("Package.swift", "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"Bar\", targets: [.target(name: \"Bar\")])\n")
        dir.write("Sources/Bar/BarViewController.swift", """
            import UIKit

            final class BarViewController: UIViewController {
                override func viewDidLayoutSubviews() {
                    super.viewDidLayoutSubviews()
                    let top = UIApplication.shared.statusBarFrame.height
                    view.layer.borderWidth = top / UIScreen.main.scale
                }
            }

            """)
        let r = run(["fix", dir.path])
        // iOS 12, the oldest today's SDKs build for: no statusBarManager, a trait collection.
        #expect(r.out.contains("+        view.layer.borderWidth = top / traitCollection.displayScale") && !r.out.contains("statusBarManager"), "\(r.out)")
    }

    @Test func aJSONEditsRangeHoldsExactlyTheBytesItReplaces() throws {
        let multiByte = TempDirectory()
        multiByte.write("Écran/RéglagesViewController.m", """
            @interface ReglagesViewController : UIViewController
            @end
            @implementation ReglagesViewController
            - (void)viewDidLayoutSubviews {
                NSString *t = @"« écran »"; CGFloat top = [UIApplication sharedApplication].statusBarFrame.size.height;
                UIWindow *w = [[UIApplication sharedApplication] keyWindow]; id k = [UIApplication sharedApplication].keyWindow;
                CGFloat s = [[UIScreen mainScreen] scale];
            }
            @end

            """)
        let folders = [Self.root, multiByte.path] + ["Sliding", "PocketCasts", "Views", "Menu"].map { Self.root + "/" + $0 }
        var checked = 0
        for folder in folders {
            let json = try #require(try JSONSerialization.jsonObject(with: Data(run(["fix", folder, "--format", "json"]).out.utf8)) as? [String: Any])
            for e in try #require(json["edits"] as? [[String: Any]]) {
                let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/" + (e["path"] as! String))))
                var starts = [0]
                for (i, b) in bytes.enumerated() where b == 10 { starts.append(i + 1) }
                let from = starts[(e["line"] as! Int) - 1] + (e["column"] as! Int) - 1
                let to = starts[(e["endLine"] as! Int) - 1] + (e["endColumn"] as! Int) - 1
                let original = e["original"] as! String
                #expect(String(decoding: bytes[from..<to], as: UTF8.self) == original, "\(e)")
                #expect(from == e["byteOffset"] as? Int && to - from == e["byteLength"] as? Int, "\(e)")
                checked += 1
            }
        }
        #expect(checked >= 39)
    }

    @Test func theScaleFixSaysLayoutIsRunAgainOnlyWhereTheReadIsInLayoutCode() throws {
        var suggestions: [String: String] = [:]
        for folder in ["PocketCasts", "Views"] {
            let scan = run(["scan", Self.root + "/" + folder, "--format", "json", "--quiet"])
            let findings = try #require((try JSONSerialization.jsonObject(with: Data(scan.out.utf8)) as? [String: Any])?["findings"] as? [[String: Any]])
            for f in findings where f["rule"] as? String == "main-screen-scale" { suggestions["\(f["path"]!):\(f["line"]!)"] = f["suggestion"] as? String }
        }
        let layout = "UIKit re-runs layoutSubviews", early = "not in a window yet"
        // draw(_:) and layoutSubviews: layout code.
        #expect(suggestions["ProfileProgressCircleView.swift:28"]?.contains(layout) == true)
        #expect(suggestions["XRPhotoPickerBottomView.m:20"]?.contains(layout) == true)
        // setup() from awakeFromNib, commonInit from the initializers, initWithFrame: itself.
        for key in ["AnimatedImageButton.swift:32", "DateHeadingView.swift:15", "DBPerformanceWidgetView.m:23", "XRPhotoPickerBottomView.m:12"] {
            #expect(suggestions[key]?.contains(early) == true && suggestions[key]?.contains(layout) == false, "\(key): \(suggestions[key] ?? "none")")
        }
        // setHighlighted: runs on screen, but is no layout pass.
        let action = try #require(suggestions["CollectionViewCell.m:33"])
        #expect(!action.contains(layout) && !action.contains(early) && action.contains("`self.traitCollection.displayScale`"))
        // explain lists each.
        let explain = run(["explain", "main-screen-scale"]).out
        #expect(explain.contains("in layout code") && explain.contains("before the view is in a window") && explain.contains("None before the view is in a window"))
    }

    /// Each folder fixed, then compiled at its deployment target against the UIKit stand-ins
    /// (`SDKCheck`): Menu at its 9.0; the others, with no project file, at 13.0 — what fix then
    /// assumes (the status bar's replacement needs it).
    @Test(arguments: [("Sliding", "13.0"), ("PocketCasts", "13.0"), ("Views", "13.0"), ("Menu", "9.0"), ("Shop", "13.0"), ("Windows", "13.0")])
    func theFixedFilesCompileAtTheirDeploymentTarget(_ folder: String, _ deployment: String) throws {
        let dir = TempDirectory()
        _ = try FixtureRepositories.run(["cp", "-R", Self.root + "/" + folder, dir.path + "/" + folder])
        let written = run(["fix", dir.path + "/" + folder, "--write"])
        #expect(written.code == 0 && written.err.contains("written)"))
        let files = try FileManager.default.subpathsOfDirectory(atPath: dir.path + "/" + folder).sorted()
        // SwiftUI has no stand-in (PriceTag.swift parses, in FixTests); generated files are not edited.
        let swift = files.filter { $0.hasSuffix(".swift") && !$0.hasSuffix("PriceTag.swift") && !$0.contains("Generated") && !$0.hasSuffix("L10n.swift") }
        let objc = files.filter { $0.hasSuffix(".m") }
        // The fixed files, and the originals (the stand-ins are fair to both).
        for base in [dir.path + "/" + folder + "/", Self.root + "/" + folder + "/"] {
            if !swift.isEmpty {
                let errors = try SDKCheck.swift(swift.map { base + $0 }, deployment: deployment)
                #expect(errors.isEmpty, "\(base), Swift at iOS \(deployment):\n\(errors)")
            }
            let headers = Set(objc.map { base + (($0 as NSString).deletingLastPathComponent) })
            let errors = try SDKCheck.objectiveC(objc.map { base + $0 }, deployment: deployment, includes: headers.sorted())
            #expect(errors.isEmpty, "\(base), Objective-C at iOS \(deployment):\n\(errors)")
        }
    }
}

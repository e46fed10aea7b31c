import Foundation
import Testing
@testable import FleetCLI
import TestSupport

/// `fleetscan fix` on the fixture sources (`Fixtures/Fix`): the diff, the edits written, what
/// a rescan then finds, what is left alone, and that the fixed code still parses.
@Suite struct FixTests {
    static let fixtures = repositoryRoot + "/Fixtures/Fix"

    /// A copy of the fixtures to write into.
    static func copy() throws -> TempDirectory {
        let dir = TempDirectory()
        _ = try FixtureRepositories.run(["cp", "-R", fixtures + "/Shop", dir.path + "/Shop"])
        return dir
    }

    static func findings(_ folder: String) throws -> [[String: Any]] {
        let r = run(["scan", folder, "--format", "json", "--quiet"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        return try #require(json["findings"] as? [[String: Any]])
    }

    @Test func theDiffMatchesItsGoldenAndSaysWhatIsLeft() {
        let r = run(["fix", Self.fixtures])
        #expect(r.code == 0)
        expectGolden(r.out, "fix.diff")
        #expect(r.err.contains("fleetscan: fix: Shop/Generated/Assets.swift: generated (in a Generated folder); not edited"))
        #expect(r.err.contains("fleetscan: fix: Shop/L10n.swift: generated (its header says \"generated using\"); not edited"))
        #expect(r.err.hasSuffix("fleetscan: fix: 23 fixes in 5 files; 18 findings to fix by hand\n"))
    }

    @Test func afterWriteARescanFindsOnlyWhatIsLeftAndASecondRunChangesNothing() throws {
        let dir = try Self.copy()
        let before = try Self.findings(dir.path)
        let diff = run(["fix", dir.path]).out
        // The diff applies to the tree it was made from.
        let patch = dir.path + "/fix.diff"
        try diff.write(toFile: patch, atomically: true, encoding: .utf8)
        _ = try FixtureRepositories.run(["git", "apply", "--check", patch], in: dir.path)
        try FileManager.default.removeItem(atPath: patch)

        let written = run(["fix", dir.path, "--write"])
        #expect(written.code == 0 && written.out.isEmpty && written.err.contains("23 fixes in 5 files (5 written)"))
        let after = try Self.findings(dir.path)
        func key(_ f: [String: Any]) -> String { "\(f["path"]!) \(f["rule"]!) \(f["message"]!)" }
        #expect(before.count == 41 && after.count == 18)
        // Nothing new: every finding left was there before (its line may not be).
        let earlier = Set(before.map(key))
        #expect(after.allSatisfy { earlier.contains(key($0)) }, "\(after.map(key).filter { !earlier.contains($0) })")
        let again = run(["fix", dir.path])
        #expect(again.out.isEmpty && again.err.hasSuffix("0 fixes in 0 files; 18 findings to fix by hand\n"))

        // Swift still parses; Objective-C still compiles against stub UIKit headers.
        for name in ["FeedViewController.swift", "BadgeView.swift", "PriceTag.swift"] {
            _ = try FixtureRepositories.run(["swiftc", "-parse", dir.path + "/Shop/" + name])
        }
        let stubs = dir.path + "/stubs/UIKit"
        try FileManager.default.createDirectory(atPath: stubs, withIntermediateDirectories: true)
        try Self.uikitStub.write(toFile: stubs + "/UIKit.h", atomically: true, encoding: .utf8)
        for name in ["LegacyViewController.m", "LegacyView.m"] {
            _ = try FixtureRepositories.run(["clang", "-fsyntax-only", "-x", "objective-c", "-fobjc-runtime=macosx", "-fobjc-arc",
                                             "-I", dir.path + "/stubs", dir.path + "/Shop/" + name])
        }
        // The originals compile too (the stubs declare what both need).
        for name in ["LegacyViewController.m", "LegacyView.m"] {
            _ = try FixtureRepositories.run(["clang", "-fsyntax-only", "-x", "objective-c", "-fobjc-runtime=macosx", "-fobjc-arc",
                                             "-I", dir.path + "/stubs", Self.fixtures + "/Shop/" + name])
        }
    }

    @Test func explainSaysWhetherAFixIsAutomatic() {
        let bounds = run(["explain", "main-screen-bounds"]).out
        #expect(bounds.contains("fix: automatic (`fleetscan fix`)") && bounds.contains("`UIScreen.main.bounds` → `view.bounds`"))
        #expect(run(["explain", "idiom-layout"]).out.contains("fix: by hand"))
        #expect(run(["help", "fix"]).out.hasPrefix("usage: fleetscan fix [PATH…]"))
    }

    @Test func lineEndingsTabsAndNonASCIIAreKept() throws {
        let dir = TempDirectory()
        let source = "import UIKit\r\n\r\n/// Réglages — « écran »\r\nfinal class RéglagesViewController: UIViewController {\r\n"
            + "\toverride func viewDidLayoutSubviews() {\r\n\t\tlet w = UIScreen.main.bounds.width // 幅\r\n\t\tpreferredContentSize.width = w // é\r\n\t}\r\n}\r\n"
        try FileManager.default.createDirectory(atPath: dir.path + "/App", withIntermediateDirectories: true)
        let path = dir.path + "/App/Réglages.swift"
        try Data(source.utf8).write(to: URL(fileURLWithPath: path))
        let r = run(["fix", dir.path, "--write"])
        #expect(r.err.contains("1 fix in 1 file (1 written)"))
        let after = try String(contentsOfFile: path, encoding: .utf8)
        #expect(after == source.replacingOccurrences(of: "UIScreen.main.bounds.width", with: "view.bounds.width"))
        #expect(after.components(separatedBy: "\r\n").count == source.components(separatedBy: "\r\n").count)
    }

    @Test func linksAndFilesChangedSinceTheyWereReadAreLeftAlone() throws {
        let dir = try Self.copy()
        // A link to a fixable file is not followed by the listing, nor edited.
        try FileManager.default.createDirectory(atPath: dir.path + "/Other", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/Other/Linked.swift", withDestinationPath: dir.path + "/Shop/BadgeView.swift")
        let diff = run(["fix", dir.path]).out
        #expect(!diff.contains("Other/Linked.swift"))
        // A file that changed between reading and writing is left as it is now.
        let path = dir.path + "/Shop/BadgeView.swift"
        let original = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        try Data("// edited meanwhile\n".utf8).write(to: URL(fileURLWithPath: path))
        #expect(FixCommand.replace(path, expecting: original, with: Array("fixed".utf8)) == "changed on disk since it was read; left alone (run fix again)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "// edited meanwhile\n")
        #expect(FixCommand.replace(dir.path + "/Other/Linked.swift", expecting: original, with: []) == "no longer a regular file; left alone")
    }

    @Test func ruleFilterFormatsAndRevisions() throws {
        let only = run(["fix", Self.fixtures, "--rule", "status-bar-frame", "--rule", "legacy-layout-guide"])
        let changed = only.out.split(separator: "\n").filter { $0.hasPrefix("+") && !$0.hasPrefix("+++") }
        #expect(changed.count == 7 && changed.allSatisfy { $0.contains("statusBarManager") || $0.contains("safeAreaLayoutGuide") })
        #expect(run(["fix", Self.fixtures, "--rule", "no-such-rule"]).err.contains("option '--rule': no rule 'no-such-rule'"))

        let json = try #require(try JSONSerialization.jsonObject(with: Data(run(["fix", Self.fixtures, "--format", "json"]).out.utf8)) as? [String: Any])
        let edits = try #require(json["edits"] as? [[String: Any]])
        #expect(edits.count == 24 && json["byHand"] as? Int == 18)
        let first = try #require(edits.first)
        #expect(first["path"] as? String == "Shop/BadgeView.swift" && first["original"] as? String == "UIScreen.main.scale"
                && first["replacement"] as? String == "traitCollection.displayScale")

        let sarif = run(["fix", Self.fixtures, "--format", "sarif"]).out
        #expect(try validate("sarif", sarif) == "ok")
        let runs = try #require((try JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any])?["runs"] as? [[String: Any]])
        let results = try #require(runs.first?["results"] as? [[String: Any]])
        #expect(results.count == 23 && results.allSatisfy { ($0["fixes"] as? [Any])?.count == 1 })
        // A SwiftUI view's fix carries the environment property it reads.
        let replacements = results.compactMap { (($0["fixes"] as? [[String: Any]])?.first?["artifactChanges"] as? [[String: Any]])?.first?["replacements"] as? [Any] }
        #expect(replacements.filter { $0.count == 2 }.count == 2 && replacements.filter { $0.count == 1 }.count == 21)

        // Against a revision: a patch of that commit's files; --write makes no sense there.
        let repo = TempDirectory()
        _ = try FixtureRepositories.run(["cp", "-R", Self.fixtures + "/Shop", repo.path + "/Shop"])
        for command in [["git", "init", "-q", "-b", "main"], ["git", "add", "-A"],
                        ["git", "-c", "user.name=T", "-c", "user.email=t@example.com", "commit", "-q", "-m", "Import"]] {
            _ = try FixtureRepositories.run(command, in: repo.path)
        }
        let patch = run(["fix", "--repo", repo.path, "--rev", "main"])
        #expect(patch.code == 0 && patch.out == run(["fix", Self.fixtures]).out)
        let scratch = TempDirectory()
        let file = scratch.path + "/fix.diff"
        try patch.out.write(toFile: file, atomically: true, encoding: .utf8)
        _ = try FixtureRepositories.run(["git", "apply", "--check", file], in: repo.path)
        #expect(run(["fix", "--repo", repo.path, "--write"]).err.contains("option '--write' edits files on disk; with --repo"))
    }

    /// The UIKit names the fixtures use, before and after their fixes.
    static let uikitStub = """
        typedef double CGFloat;
        typedef signed char BOOL;
        typedef struct { CGFloat x, y; } CGPoint;
        typedef struct { CGFloat width, height; } CGSize;
        typedef struct { CGPoint origin; CGSize size; } CGRect;
        __attribute__((objc_root_class)) @interface NSObject
        + (instancetype)alloc;
        - (instancetype)init;
        @end
        @interface UILayoutGuide : NSObject
        @property (readonly) id topAnchor;
        @property (readonly) id bottomAnchor;
        @end
        @interface UITraitCollection : NSObject
        @property (readonly) CGFloat displayScale;
        @end
        @interface UIStatusBarManager : NSObject
        @property (readonly) CGRect statusBarFrame;
        @end
        @interface UIWindowScene : NSObject
        @property (readonly) UIStatusBarManager *statusBarManager;
        @end
        @interface UIScreen : NSObject
        + (UIScreen *)mainScreen;
        @property (readonly) CGRect bounds;
        @property (readonly) CGFloat scale;
        @end
        @interface CALayer : NSObject
        @property CGFloat borderWidth;
        @end
        @class UIWindow;
        @interface UIView : NSObject
        - (instancetype)initWithFrame:(CGRect)frame;
        @property (readonly) CALayer *layer;
        @property (readonly) CGRect bounds;
        @property (readonly) UIWindow *window;
        @property (readonly) UITraitCollection *traitCollection;
        @property (readonly) UILayoutGuide *safeAreaLayoutGuide;
        - (void)layoutSubviews;
        @end
        @interface UIWindow : UIView
        @property (readonly) UIWindowScene *windowScene;
        @end
        @interface UIViewController : NSObject
        @property (readonly) UIView *view;
        @property (readonly) UITraitCollection *traitCollection;
        @property (readonly) UILayoutGuide *topLayoutGuide;
        @property (readonly) UILayoutGuide *bottomLayoutGuide;
        - (void)viewDidLayoutSubviews;
        @end
        @interface UIApplication : NSObject
        + (UIApplication *)sharedApplication;
        @property (readonly) CGRect statusBarFrame;
        @property (readonly) UIWindow *keyWindow;
        @end

        """
}

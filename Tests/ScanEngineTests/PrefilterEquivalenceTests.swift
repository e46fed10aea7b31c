import Foundation
import Testing
import GitAccess
import History
import ResultStore
import Rules
import ScanEngine
import TestSupport

/// The prefilter's acceptance test: with it on, a scan reports exactly what analysing every file
/// reports (`PrefilterMode.off`), on every fixture, generated tree and hostile repository. (Every
/// in-memory scan of the other tests — each rule's examples among them — checks the same through
/// `TestSupport.scan`.) Where the two differ, the filter is wrong, never this test.
@Suite struct PrefilterEquivalenceTests {
    static let fixtureFolders: [String] = {
        let root = repositoryRoot + "/Fixtures/"
        let projects = (try? FileManager.default.contentsOfDirectory(atPath: root + "Projects")) ?? []
        return ["SampleApp", "PluginPackage"].map { root + $0 } + projects.sorted().map { root + "Projects/" + $0 }
    }()

    func expectSame(_ scan: PathScan, _ name: String) {
        let on = scan.run(jobs: 2, prefilter: .on), off = scan.run(jobs: 2, prefilter: .off)
        #expect(prefilterDifference(on, off) == nil, "\(name): \(prefilterDifference(on, off) ?? "")")
    }

    @Test(arguments: fixtureFolders) func fixture(_ folder: String) throws {
        expectSame(try PathScan.prepare([folder]), folder)
    }

    /// scripts/gen-tree.py's trees (the benchmark's synthetic repositories), two seeds.
    @Test(arguments: [1, 7]) func generatedTree(_ seed: Int) throws {
        let dir = TempDirectory()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", repositoryRoot + "/scripts/gen-tree.py", "--megabytes", "2", "--seed", String(seed), dir.path + "/tree"]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0)
        expectSame(try PathScan.prepare([dir.path + "/tree"]), "gen-tree seed \(seed)")
    }

    /// Every kind of scripts/make-hostile-repo.py whose HEAD a scan can read (the big ones at a
    /// size the tests can scan twice).
    static let hostileSizes = ["deep-tree": 2_000, "wide-tree": 20_000, "many-findings": 20_000, "long-line": 1_000_000]

    @Test(arguments: ["deep-tree", "wide-tree", "bomb-plist", "bomb-pbxproj", "repeated-class", "bplist-overflow", "bplist-dag",
                      "many-findings", "long-line", "dot-names", "unsorted-tree", "escape-names"])
    func hostileRepository(_ kind: String) throws {
        let dir = TempDirectory()
        let path = try FixtureRepositories.hostile(kind, at: dir.path + "/repo.git", size: Self.hostileSizes[kind])
        let pool = RepositoryPool(path: path)
        guard let scan = try? GitScan.prepare(pool: pool, repository: path, revision: "HEAD") else { return }
        let on = scan.run(jobs: 2, prefilter: .on), off = scan.run(jobs: 2, prefilter: .off)
        #expect(prefilterDifference(on, off) == nil, "\(kind): \(prefilterDifference(on, off) ?? "")")
    }

    /// History reads each new blob through the same filter; every commit's record, the head's
    /// file counts, target stages and work list must be those of analysing every blob — on
    /// the history fixture (aliases that come and go, scenes adopted half-way, renames) and on
    /// every repository of the demo organisation.
    @Test func historyRecordsAreTheSame() throws {
        let dir = TempDirectory()
        var repositories = [try FixtureRepositories.history(["--commits", "130", "--units", "25", "--edge-cases"])]
        _ = try FixtureRepositories.demoOrg(["--repos", "12", "--commits", "40"], into: dir.path + "/org")
        repositories += try FileManager.default.contentsOfDirectory(atPath: dir.path + "/org").filter { $0.hasSuffix(".git") }.sorted()
            .map { dir.path + "/org/" + $0 }
        for repo in repositories {
            func run(_ mode: PrefilterMode) throws -> (records: [CommitRecord], files: [FileCount]?, targets: [TargetRecord]?, work: HeadWork?) {
                let store = try SQLiteStore(path: dir.path + "/\(mode)-\(repositories.firstIndex(of: repo)!).sqlite")
                var options = HistoryOptions(revision: "HEAD", jobs: 2, chunkSize: 16)
                options.prefilter = mode
                let outcome = try HistoryScan.run(pool: RepositoryPool(path: repo), name: "r", url: repo, store: store, options: options)
                let id = try store.repository(name: "r", url: repo)
                let head = outcome.chain.last!
                return (try store.commits(RulesetKey(repository: id, ruleset: Ruleset.fingerprint), ids: outcome.chain),
                        try store.fileCounts(CommitKey(repository: id, commit: head, ruleset: Ruleset.fingerprint)),
                        try store.targetStages(CommitKey(repository: id, commit: head, ruleset: Ruleset.fingerprint)),
                        try store.headWork(CommitKey(repository: id, commit: head, ruleset: Ruleset.fingerprint)))
            }
            let on = try run(.on), off = try run(.off)
            #expect(on.records.count == off.records.count && on.records.count > 30, "\(repo)")
            for (a, b) in zip(on.records, off.records) where a != b {
                Issue.record("\(repo) \(a.commit) \(a.subject): with the filter \(a)\n without \(b)")
                break
            }
            #expect(on.files == off.files, "\(repo): head file counts")
            #expect(on.targets == off.targets, "\(repo): head target stages")
            #expect(on.work == off.work, "\(repo): head work list")
        }
    }

    /// A blob with no literal of its own wakes when a later commit makes it matter: a
    /// superclass whose declaration decides a finding's context, a file using an alias defined
    /// later, and both go dormant again only by changing.
    @Test func historyWakesDormantBlobsWhenTheyStartToMatter() throws {
        let dir = TempDirectory()
        let work = dir.path + "/work"
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        let git = ["git", "-c", "user.name=A", "-c", "user.email=a@b"]
        try FixtureRepositories.run(git + ["init", "-q", "-b", "main", work])
        func commit(_ files: [String: String], _ message: String) throws {
            for (path, text) in files {
                try FileManager.default.createDirectory(atPath: work + "/" + (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try text.write(toFile: work + "/" + path, atomically: true, encoding: .utf8)
            }
            try FixtureRepositories.run(git + ["add", "-A"], in: work)
            try FixtureRepositories.run(git + ["commit", "-q", "-m", message], in: work)
        }
        try commit(["App/Base.swift": "import UIKit\nclass Base: UIViewController {}\n",
                    "App/Use.swift": "func twice() -> CGFloat { Metrics.side * 2 }\n",
                    "App/Model.swift": "struct Item { let name: String }\n"], "dormant files")
        try commit(["App/Foo.swift": "class Foo: Base {\n    func f() -> CGFloat { UIScreen.main.bounds.width }\n}\n"], "a finding in a subclass")
        try commit(["App/Metrics.swift": "enum Metrics {\n    static var side: CGFloat { UIScreen.main.bounds.width }\n}\n"], "an alias")
        try commit(["App/Model.swift": "struct Item { let name: String; let price: Int }\n"], "an edit nothing reads")
        func run(_ mode: PrefilterMode) throws -> (records: [CommitRecord], work: HeadWork?, analysed: Int) {
            let store = try SQLiteStore(path: dir.path + "/\(mode).sqlite")
            var options = HistoryOptions(revision: "main", jobs: 2)
            options.prefilter = mode
            let outcome = try HistoryScan.run(pool: RepositoryPool(path: work), name: "r", url: work, store: store, options: options)
            let id = try store.repository(name: "r", url: work)
            return (try store.commits(RulesetKey(repository: id, ruleset: Ruleset.fingerprint), ids: outcome.chain),
                    try store.headWork(CommitKey(repository: id, commit: outcome.chain.last!, ruleset: Ruleset.fingerprint)), outcome.blobsScanned)
        }
        let on = try run(.on), off = try run(.off)
        #expect(on.records == off.records)
        #expect(on.work == off.work)
        #expect(on.records.map(\.files) == [3, 4, 5, 5])
        // Base.swift and Use.swift woke; Model.swift (both versions) never did.
        #expect(on.analysed == off.analysed - 2, "analysed \(on.analysed) of \(off.analysed)")
        let fresh = try GitScan.prepare(pool: RepositoryPool(path: work), repository: work, revision: "main").run(jobs: 2, prefilter: .off)
        #expect(fresh.findings.contains { $0.path == "App/Use.swift" })
        #expect(on.records.last?.counts == fresh.byRule)
    }

    /// What an Objective-C `#if` around a finding tests decides which files matter: a macro
    /// `defined()` reads, not the header a `__has_include` names (whose `h` is in every file).
    @Test func conditionsMakeTheirMacrosMatterNotTheirHeaders() throws {
        let files = ["App/V.m": "#if __has_include(<Kit/Kit.h>) && defined(APP_FLAG)\nCGFloat w(void) { return [UIScreen mainScreen].bounds.size.width; }\n#endif\n",
                     "App/Flags.h": "#define APP_FLAG (TARGET_OS_IOS)\n",
                     "App/Notes.h": "// Kit.h is optional\nstatic int h = 1;\n"]
        let r = scan(files)
        #expect(r.files == 3)
        #expect(r.candidates == 2)
    }

    /// The filter does skip (one that analysed everything would pass the tests above and be
    /// useless), and a skipped file still counts.
    @Test func skipsFilesWithoutLiterals() throws {
        let files = ["App/Model.swift": "struct Item { let name: String; let price: Int }\n",
                     "App/Format.swift": "func format(_ i: Int) -> String { String(i) }\n",
                     "App/Screen.swift": "import UIKit\nlet w = UIScreen.main.bounds.width\n"]
        let r = scan(files)
        #expect(r.files == 3)
        #expect(r.findings.map(\.path) == ["App/Screen.swift"])
        #expect(r.candidates == 1)
    }
    /// Words every app uses are not searched alone: the application, the device and the safe
    /// area without what the rules ask of them, a navigation controller that is no stored
    /// property, a bar word in no bar-height name, lifecycle-shaped methods outside a delegate.
    @Test func commonWordsAloneAreNoCandidates() throws {
        let files = ["App/Open.swift": "import UIKit\nfunc open(_ u: URL) { UIApplication.shared.open(u) }\n",
                     "App/Version.swift": "import UIKit\nlet version = UIDevice.current.systemVersion\n",
                     "App/Pin.swift": "import UIKit\nfunc pin(_ v: UIView, to s: UIView) { v.topAnchor.constraint(equalTo: s.safeAreaLayoutGuide.topAnchor).isActive = true }\n",
                     "App/Nav.swift": "import UIKit\nfunc wrap(_ vc: UIViewController) -> UINavigationController { UINavigationController(rootViewController: vc) }\n",
                     "App/Bars.swift": "import UIKit\nfunc hide(_ vc: UIViewController) { vc.navigationController?.navigationBar.isHidden = true; _ = vc.toolbarItems }\n",
                     "App/Router.swift": "import UIKit\nfinal class Router { func application(_ a: UIApplication, open url: URL) -> Bool { true } }\n",
                     "App/Constants.swift": "private enum Constants { static let spacing = 8 }\n",
                     "App/Screen.swift": "import UIKit\nlet w = UIScreen.main.bounds.width\n"]
        let r = scan(files)
        #expect(r.files == 8)
        #expect(r.candidates == 1, "\(r.candidates) candidates")
        // What they stand in for still makes a file a candidate.
        let used = scan(["App/Keys.swift": "import UIKit\nfunc key() -> UIWindow? { UIApplication.shared.windows.first }\n",
                         "App/Turn.swift": "import UIKit\nfunc turned() -> Bool { UIDevice.current.orientation.isLandscape }\n",
                         "App/Inset.swift": "import UIKit\nfunc w(_ v: UIView) -> CGFloat { v.bounds.width - v.safeAreaInsets.left * 2 }\n",
                         "App/Bar.swift": "let kTabBarHeight: CGFloat = 49\n"])
        #expect(used.candidates == 4, "\(used.candidates) candidates")
        #expect(Set(used.findings.map(\.path)).count == 4)
    }

    /// A delegate's methods are found through its name: a subclass of an app delegate declared in
    /// another file, and an extension of it, are analysed; a file that only uses the name is not.
    @Test func delegateSubclassesAndExtensionsAreFollowed() throws {
        let files = ["App/Base.swift": "import UIKit\nclass BaseAppDelegate: UIResponder, UIApplicationDelegate {}\n",
                     "App/AppDelegate.swift": "import UIKit\nclass AppDelegate: BaseAppDelegate {}\n",
                     "App/AppDelegate+Life.swift": "import UIKit\nextension AppDelegate {\n    func applicationDidBecomeActive(_ application: UIApplication) { refresh() }\n}\n",
                     "App/Use.swift": "let delegateType = AppDelegate.self\n"]
        let r = scan(files)
        #expect(r.findings.contains { $0.rule == .appLifecycleCallback && $0.path == "App/AppDelegate+Life.swift" })
        #expect(r.candidates == 3, "\(r.candidates) candidates")
    }

    /// A SwiftUI view's finding makes every declaration of `View` matter, except one nested in
    /// another type without parents (SwiftGen's `L10n.Settings.View`), which shadows nothing: the
    /// 500 KB strings file is not analysed for it. At file scope — indented in an `#if`, or in a
    /// function, where it is no type's member — it is.
    @Test func nestedDeclarationsOfKnownNamesAreNoCandidates() throws {
        let view = "import SwiftUI\nimport UIKit\nstruct Card: View {\n    var body: some View { Text(\"a\").frame(width: UIScreen.main.bounds.width) }\n}\n"
        let strings = """
            // swiftlint:disable all
            import Foundation
            public enum L10n {
              public static let cancel = L10n.tr("Localizable", "cancel") // "{"
              /// Label: "\\(name) }"
              public enum Settings {
                public static func title(_ p1: Any) -> String { L10n.tr("Localizable", "title", String(describing: p1)) }
                public enum View {
                  public static let title = L10n.tr("Localizable", "settings.view.title")
                }
              }
              public enum App {
                public static let name = \"\"\"
                  a { multi-line "string"
                  \"\"\"
              }
            }
            """
        let nested = scan(["App/Card.swift": view, "App/Strings.swift": strings])
        #expect(nested.findings.map(\.path) == ["App/Card.swift"])
        #expect(nested.candidates == 1, "\(nested.candidates) candidates")
        let shadows = ["#if os(iOS)\n    protocol View {}\n#endif\n", "func make() {\n    struct View {}\n}\n",
                       "let a = 1; enum Outer {}\nstruct View {}\n", "let s = #\"{\"#\nstruct View {}\n"]
        for shadow in shadows {
            let r = scan(["App/Card.swift": view, "App/Strings.swift": strings, "App/Shadow.swift": shadow])
            #expect(r.candidates == 2, "\(r.candidates) candidates with \(shadow)")
        }
    }
}

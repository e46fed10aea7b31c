import Foundation
import Testing
import GitAccess
@testable import History
import ResultStore
import RuleKit
import Rules
@testable import ScanEngine
import TestSupport

/// History against a repository of 130 commits (106 on main's first-parent chain, merges of
/// side branches, renames, deletions, Objective-C and Swift, aliases defined in one file and
/// used in others that change over time, the app adopting scenes half-way).
@Suite(.serialized) struct HistoryTests {
    static let arguments = ["--commits", "130", "--units", "25", "--edge-cases"]

    struct Run {
        let pool: RepositoryPool
        let store: SQLiteStore
        let outcome: HistoryOutcome
        let records: [CommitRecord]
    }

    static func history(_ repo: String, store path: String, options: HistoryOptions = HistoryOptions(revision: "main", jobs: 2)) throws -> Run {
        let pool = RepositoryPool(path: repo)
        let store = try SQLiteStore(path: path)
        let outcome = try HistoryScan.run(pool: pool, name: "shop", url: repo, store: store, options: options)
        let id = try store.repository(name: "shop", url: repo)
        return Run(pool: pool, store: store, outcome: outcome, records: try store.commits(RulesetKey(repository: id, ruleset: Ruleset.fingerprint), ids: outcome.chain))
    }

    /// What `scan --repo … --rev COMMIT` finds, run fresh.
    static func freshScan(_ pool: RepositoryPool, _ commit: String) throws -> ScanResult {
        try GitScan.prepare(pool: pool, repository: "shop", revision: commit).run(jobs: 2)
    }

    static func assertMatchesFreshScans(_ run: Run, sourceLocation: SourceLocation = #_sourceLocation) throws {
        for r in run.records where r.error == nil {
            let fresh = try freshScan(run.pool, r.commit)
            #expect(r.counts == fresh.byRule, "counts of \(r.commit) \(r.subject)", sourceLocation: sourceLocation)
            #expect(r.stage == fresh.stage, "stage of \(r.commit)", sourceLocation: sourceLocation)
            #expect(r.files == fresh.files, "files of \(r.commit)", sourceLocation: sourceLocation)
            let severities: [Int] = [fresh.count(.error), fresh.count(.warning), fresh.count(.note)]
            #expect([r.errors, r.warnings, r.notes] == severities, "severities of \(r.commit)", sourceLocation: sourceLocation)
            // Apart: every scope that does not count (examples, tests, sources no target builds).
            let apart = fresh.findings.filter { !$0.scope.counts }
            let apartSeverities: [Int] = [Severity.error, .warning, .note].map { s in apart.filter { $0.severity == s }.count }
            #expect([r.apartErrors, r.apartWarnings, r.apartNotes] == apartSeverities, "examples and tests of \(r.commit) \(r.subject)", sourceLocation: sourceLocation)
        }
    }

    @Test func everyCommitCountsWhatAFreshScanCounts() throws {
        let repo = try FixtureRepositories.history(Self.arguments)
        let dir = TempDirectory()
        let run = try Self.history(repo, store: dir.path + "/h.sqlite")
        #expect(run.outcome.chain.count > 100)
        #expect(run.records.count == run.outcome.chain.count)
        #expect(run.outcome.failed == 0)
        try Self.assertMatchesFreshScans(run)
        // File deltas add up to the change of the total, commit by commit.
        for (parent, child) in zip(run.records, run.records.dropFirst()) where child.comparedWithParent {
            let change = (child.errors + child.warnings + child.notes) - (parent.errors + parent.warnings + parent.notes)
            #expect(child.fileDeltas.map(\.delta).reduce(0, +) == change, "deltas of \(child.commit)")
        }
        // An alias turned into a constant moves files the commit did not touch.
        let fixed = try #require(run.records.first { $0.subject == "SCREEN_WIDTH is a constant now" })
        #expect(fixed.fileDeltas.contains { $0.path != "Shop/Macros.h" && $0.delta < 0 })
        // A base class that stops being a view controller changes the context of its subclass's code.
        let presenter = try #require(run.records.first { $0.subject == "BaseScreen is a presenter" })
        #expect(presenter.fileDeltas.contains { $0.path == "Shop/Screens/PromoScreen.swift" && $0.delta == -1 })
        // URLs handled by the scene delegate settle a finding in the (unchanged) app delegate.
        let urls = try #require(run.records.first { $0.subject == "Handle URLs in the scene delegate" })
        #expect(urls.fileDeltas.contains { $0.path == "Shop/AppDelegate.m" && $0.delta == -1 })
        // The app adopts scenes: the stage moves off not-launching.
        #expect(run.records.first?.stage == .notLaunching && run.records.last?.stage != .notLaunching)
        // Each target's stage at the head, kept from the history's own state, is a fresh scan's.
        let head = try #require(run.records.last)
        let id = try run.store.repository(name: "shop", url: repo)
        let stored = try #require(try run.store.targetStages(CommitKey(repository: id, commit: head.commit, ruleset: Ruleset.fingerprint)))
        let fresh = try Self.freshScan(run.pool, head.commit)
        #expect(stored == fresh.targets.map(\.record))
        #expect(!stored.isEmpty)
    }

    @Test func examplesAndTestsAreCountedApartCommitByCommit() throws {
        let dir = TempDirectory()
        let repo = dir.path + "/lib"
        _ = try FixtureRepositories.run(["git", "init", "-q", "-b", "main", repo])
        func commit(_ files: [String: String], _ message: String) throws {
            for (path, text) in files { dir.write("lib/" + path, text) }
            _ = try FixtureRepositories.run(["git", "-C", repo, "add", "-A"])
            _ = try FixtureRepositories.run(["git", "-C", repo, "-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", message])
        }
        try commit(["Kit.podspec": "Pod::Spec.new do |s| s.name = 'Kit' end\n",
                    "Sources/Kit/A.swift": "func a(_ v: Int) -> CGFloat { UIScreen.main.scale }\n"], "library")
        try commit(["Example/Demo/Info.plist": "<plist><dict><key>LSRequiresIPhoneOS</key><true/><key>UILaunchScreen</key><dict/></dict></plist>",
                    "Example/Demo/V.swift": "func v(_ v: Int) -> CGFloat { UIScreen.main.scale }\n",
                    "Tests/KitTests/T.swift": "func t() { _ = UIWindow(frame: .zero) }\n"], "a demo app and tests")
        let run = try Self.history(repo, store: dir.path + "/h.sqlite")
        try Self.assertMatchesFreshScans(run)
        let last = try #require(run.records.last)
        // The demo's missing manifest and its read, and the test's window, are apart; the library is the stage.
        #expect([last.apartErrors, last.apartWarnings, last.apartNotes] == [1, 2, 0] as [Int])
        #expect([last.errors, last.warnings] == [1, 3] as [Int])
        #expect(last.stage == .launches)
    }

    @Test func aMutableGlobalStopsAndStartsBeingAnAliasAsOtherFilesAssignIt() throws {
        let dir = TempDirectory()
        let repo = dir.path + "/app"
        _ = try FixtureRepositories.run(["git", "init", "-q", "-b", "main", repo])
        func commit(_ files: [String: String?], _ message: String) throws {
            for (path, text) in files {
                if let text { dir.write("app/" + path, text) } else { try FileManager.default.removeItem(atPath: repo + "/" + path) }
            }
            _ = try FixtureRepositories.run(["git", "-C", repo, "add", "-A"])
            _ = try FixtureRepositories.run(["git", "-C", repo, "-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", message])
        }
        try commit(["Screen.swift": "enum Screen { static var width = UIScreen.main.bounds.width }\n",
                    "Use.swift": "func f() -> CGFloat { Screen.width * 2 }\n"], "an alias")
        try commit(["Resize.swift": "class VC: UIViewController { func f(size: CGSize) { Screen.width = size.width } }\n"], "assigned elsewhere")
        try commit(["Resize.swift": nil], "no longer assigned")
        let run = try Self.history(repo, store: dir.path + "/h.sqlite")
        try Self.assertMatchesFreshScans(run)
        // The definition and the function returning it are aliases until Resize.swift assigns the var.
        #expect(run.records.map { $0.counts["global-geometry-constant"] ?? 0 } == [2, 0, 2])
        #expect(run.records.map { $0.counts["main-screen-bounds"] ?? 0 } == [0, 1, 0])
    }

    /// A project whose pbxproj changes commit by commit (a file joins a target, leaves it, moves
    /// between groups; a setting changes; a file sits in two groups): the history carries
    /// objects, targets and counts from commit to commit, and every commit must still count
    /// what a fresh scan counts.
    @Test func projectEditsCountWhatAFreshScanCounts() throws {
        let dir = TempDirectory()
        let repo = dir.path + "/app"
        _ = try FixtureRepositories.run(["cp", "-R", repositoryRoot + "/Fixtures/Projects/LegacyObjCApp", repo])
        _ = try FixtureRepositories.run(["git", "init", "-q", "-b", "main", repo])
        let projectPath = repo + "/LegacyObjCApp.xcodeproj/project.pbxproj"
        var project = try String(contentsOfFile: projectPath, encoding: .utf8)
        func commit(_ message: String, _ edit: (inout String) -> Void = { _ in }, files: [String: String] = [:]) throws {
            edit(&project)
            try project.write(toFile: projectPath, atomically: true, encoding: .utf8)
            for (path, text) in files { dir.write("app/" + path, text) }
            _ = try FixtureRepositories.run(["git", "-C", repo, "add", "-A"])
            _ = try FixtureRepositories.run(["git", "-C", repo, "-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", message])
        }
        func all(_ edits: ((inout String) -> Void)...) -> (inout String) -> Void { { text in for e in edits { e(&text) } } }
        func replace(_ a: String, _ b: String) -> (inout String) -> Void {
            { text in
                precondition(text.contains(a), "the project has no \(a)")
                text = text.replacingOccurrences(of: a, with: b)
            }
        }
        let extra = "#import <UIKit/UIKit.h>\n@interface Banner : UIView\n@end\n@implementation Banner\n- (CGFloat)w { return [UIScreen mainScreen].bounds.size.width; }\n@end\n"
        try commit("the app")
        try commit("a file no target builds", files: ["Shop/Banner.m": extra])
        try commit("the file joins the app", all(replace("\t\t\t\t1BF8F828CF157AB4A5795BD1,\n\t\t\t);", "\t\t\t\t1BF8F828CF157AB4A5795BD1,\n\t\t\t\tAAAA00000000000000000001,\n\t\t\t);")
                   , replace("/* End PBXBuildFile section */", "\t\tAAAA00000000000000000001 = {isa = PBXBuildFile; fileRef = AAAA00000000000000000002; };\n/* End PBXBuildFile section */")
                   , replace("/* End PBXFileReference section */", "\t\tAAAA00000000000000000002 = {isa = PBXFileReference; path = Banner.m; sourceTree = \"<group>\"; };\n/* End PBXFileReference section */")
                   , replace("\t\t\t\t012C93CB8EF6453A4641844B,\n", "\t\t\t\t012C93CB8EF6453A4641844B,\n\t\t\t\tAAAA00000000000000000002,\n")))
        try commit("the framework stops building Theme.m", replace("\t\t\t\tF2D2A0F3E75029215604E9F7,\n", ""))
        try commit("the app's device family changes", replace("INFOPLIST_FILE = Shop/Info.plist;", "INFOPLIST_FILE = Shop/Info.plist;\n\t\t\t\tTARGETED_DEVICE_FAMILY = \"1,2\";"))
        try commit("Banner.m's reference moves to the ShopKit group", all(replace("\t\t\t\t012C93CB8EF6453A4641844B,\n\t\t\t\tAAAA00000000000000000002,\n", "\t\t\t\t012C93CB8EF6453A4641844B,\n")
                   , replace("\t\t\t);\n\t\t\tpath = ShopKit;", "\t\t\t\tAAAA00000000000000000002,\n\t\t\t);\n\t\t\tpath = ShopKit;")))
        try commit("and in both groups", replace("\t\t\t\t012C93CB8EF6453A4641844B,\n", "\t\t\t\t012C93CB8EF6453A4641844B,\n\t\t\t\tAAAA00000000000000000002,\n"))
        try commit("the file moves back", replace("\t\t\t\tAAAA00000000000000000002,\n\t\t\t);\n\t\t\tpath = ShopKit;", "\t\t\t);\n\t\t\tpath = ShopKit;"))
        let run = try Self.history(repo, store: dir.path + "/h.sqlite")
        #expect(run.records.count == 8 && run.outcome.failed == 0)
        try Self.assertMatchesFreshScans(run)
        // The file's finding is apart while no target builds it (also when its reference moves to
        // a group whose folder does not hold it), and counts while the app does.
        let apart = run.records.map { $0.apartWarnings - run.records[0].apartWarnings }
        #expect(apart == [0, 1, 0, 0, 0, 1, 0, 0], "\(apart)")
    }

    /// Whose code a target is can turn on source lists alone: an app that compiles mostly the
    /// library's code is its demo, and once it stops compiling most of it — and no framework
    /// builds that code for it to link — the repository's app. Files whose own targets did not
    /// change are counted again under their new scope.
    @Test func anAppThatStopsBeingTheLibrarysDemoRecountsEveryFile() throws {
        let dir = TempDirectory()
        let repo = dir.path + "/picker"
        _ = try FixtureRepositories.run(["cp", "-R", repositoryRoot + "/Fixtures/Projects/DemoNamedAfterLibrary", repo])
        _ = try FixtureRepositories.run(["git", "init", "-q", "-b", "main", repo])
        let projectPath = repo + "/Picker.xcodeproj/project.pbxproj"
        let original = try String(contentsOfFile: projectPath, encoding: .utf8)
        // The app's sources phase lists PickerView.m and PickerController.m first.
        let libraryFiles = "\t\t\t\t0AA9C116B00FDE409B5A5BF6,\n\t\t\t\t20BEA246EF590D36BB22D827,\n"
        #expect(original.contains(libraryFiles))
        // The framework's sources phase: PickerView.m, PickerController.m, PickerCell.m.
        let frameworkFiles = "\t\t\t\t4EFCEC92AA97A320B2B23B74,\n\t\t\t\tF32FFFA568942C7E099B4098,\n\t\t\t\t71584DB3C6375EA0FF61D9AB,\n"
        #expect(original.contains(frameworkFiles))
        func commit(_ message: String, _ text: String) throws {
            try text.write(toFile: projectPath, atomically: true, encoding: .utf8)
            _ = try FixtureRepositories.run(["git", "-C", repo, "add", "-A"])
            _ = try FixtureRepositories.run(["git", "-C", repo, "-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", message])
        }
        try commit("the library and its demo", original)
        try commit("the app builds less of the library than of its own", original.replacingOccurrences(of: libraryFiles, with: "").replacingOccurrences(of: frameworkFiles, with: ""))
        try commit("and the library again", original)
        let run = try Self.history(repo, store: dir.path + "/h.sqlite")
        try Self.assertMatchesFreshScans(run)
        #expect(run.records.map(\.stage) == [.launches, .notLaunching, .launches])
        // The app delegate's three warnings and the missing manifest are apart while the app is the demo.
        #expect(run.records.map(\.apartWarnings) == [3, 0, 3])
    }

    @Test func aSecondRunScansNoBlobAgain() throws {
        let repo = try FixtureRepositories.history(Self.arguments)
        let dir = TempDirectory()
        let first = try Self.history(repo, store: dir.path + "/h.sqlite")
        #expect(first.outcome.blobsScanned > 50)
        let second = try Self.history(repo, store: dir.path + "/h.sqlite")
        #expect(second.outcome.scanned == 0 && second.outcome.blobsScanned == 0 && second.outcome.secondPasses == 0)
        #expect(second.outcome.alreadyStored == first.outcome.chain.count)
        #expect(second.records == first.records)
    }

    @Test func newCommitsAreTheNextRunsOnlyWork() throws {
        let source = TempDirectory()
        let repo = source.path + "/grow.git"
        try FixtureRepositories.run(["python3", repositoryRoot + "/scripts/make-history-repo.py", repo, "--commits", "30", "--units", "8"])
        let dir = TempDirectory()
        let first = try Self.history(repo, store: dir.path + "/h.sqlite")
        // Two new commits: one edits a file to read the screen, one adds a file.
        let blob = try FixtureRepositories.run(["sh", "-c", "printf 'let w = UIScreen.main.bounds.width\\n' | git -C \(repo) hash-object -w --stdin"])
        try commit(repo, adding: "Shop/Added.swift", blob: blob, message: "Add a file")
        let macros = try FixtureRepositories.run(["sh", "-c", "printf '#define SCREEN_WIDTH ([UIScreen mainScreen].bounds.size.width)\\n' | git -C \(repo) hash-object -w --stdin"])
        try commit(repo, adding: "Shop/Macros.h", blob: macros, message: "Screen width again")
        let second = try Self.history(repo, store: dir.path + "/h.sqlite")
        #expect(second.outcome.scanned == 2 && second.outcome.alreadyStored == first.outcome.chain.count)
        #expect(second.outcome.blobsScanned == 2)
        try Self.assertMatchesFreshScans(second)
        #expect(second.records.suffix(2).allSatisfy { $0.comparedWithParent })
    }

    func commit(_ repo: String, adding path: String, blob: String, message: String) throws {
        let index = ["GIT_INDEX_FILE=\(repo)/tmp-index"]
        let who = ["GIT_AUTHOR_NAME=A", "GIT_AUTHOR_EMAIL=a@b", "GIT_COMMITTER_NAME=A", "GIT_COMMITTER_EMAIL=a@b"]
        try FixtureRepositories.run(["env"] + index + ["git", "-C", repo, "read-tree", "main"])
        try FixtureRepositories.run(["env"] + index + ["git", "-C", repo, "update-index", "--add", "--cacheinfo", "100644,\(blob),\(path)"])
        let tree = try FixtureRepositories.run(["env"] + index + ["git", "-C", repo, "write-tree"])
        let c = try FixtureRepositories.run(["env"] + who + ["git", "-C", repo, "commit-tree", tree, "-p", "main", "-m", message])
        try FixtureRepositories.run(["git", "-C", repo, "update-ref", "refs/heads/main", c])
        try FileManager.default.removeItem(atPath: repo + "/tmp-index")
    }

    /// A store that fails after a number of writes: a run killed part-way.
    @Test func aRunStoppedPartWayIsFinishedByTheNextAndEqualsAnUninterruptedOne() throws {
        let repo = try FixtureRepositories.history(Self.arguments)
        let dir = TempDirectory()
        let options = HistoryOptions(revision: "main", jobs: 2, chunkSize: 16)
        let interrupted = try SQLiteStore(path: dir.path + "/a.sqlite")
        #expect(throws: StoreError.self) {
            try HistoryScan.run(pool: RepositoryPool(path: repo), name: "shop", url: repo, store: FailingStore(interrupted, writes: 3), options: options)
        }
        #expect(try interrupted.rowCounts()["commits"] == 48)
        let finished = try Self.history(repo, store: dir.path + "/a.sqlite", options: options)
        #expect(finished.outcome.alreadyStored == 48)
        let whole = try Self.history(repo, store: dir.path + "/b.sqlite", options: options)
        #expect(finished.records == whole.records)
        let finishedRows = try finished.store.rowCounts(), wholeRows = try whole.store.rowCounts()
        #expect(finishedRows == wholeRows)
    }

    @Test func limitsWalkTheNewestCommits() throws {
        let repo = try FixtureRepositories.history(Self.arguments)
        let dir = TempDirectory()
        let run = try Self.history(repo, store: dir.path + "/h.sqlite", options: HistoryOptions(revision: "main", maxCommits: 10, jobs: 2))
        #expect(run.records.count == 10)
        #expect(run.records.first?.comparedWithParent == false && run.records.dropFirst().allSatisfy { $0.comparedWithParent })
        let all = try Self.history(repo, store: dir.path + "/all.sqlite")
        let cut = all.records[all.records.count - 5].time
        let since = try Self.history(repo, store: dir.path + "/s.sqlite", options: HistoryOptions(revision: "main", since: cut, jobs: 2))
        #expect(since.records.map(\.commit) == all.records.suffix(5).map(\.commit))
        try Self.assertMatchesFreshScans(since)
    }

    @Test func aShallowCloneEndsWhereItsHistoryEnds() throws {
        let repo = try FixtureRepositories.history(Self.arguments)
        let dir = TempDirectory()
        let shallow = dir.path + "/shallow.git"
        try FixtureRepositories.run(["git", "clone", "--quiet", "--bare", "--depth", "15", "file://" + repo, shallow])
        let run = try Self.history(shallow, store: dir.path + "/h.sqlite")
        #expect(run.records.count == 15)
        #expect(run.outcome.notes.contains { $0.hasPrefix("shallow clone: history ends at") })
        try Self.assertMatchesFreshScans(run)
    }

    @Test func aCorruptObjectFailsItsCommitAndTheWalkGoesOn() throws {
        let repo = try FixtureRepositories.history(["--commits", "30", "--units", "8", "--corrupt"])
        let dir = TempDirectory()
        let run = try Self.history(repo, store: dir.path + "/h.sqlite")
        #expect(run.outcome.failed == 1)
        let failed = try #require(run.records.first { $0.error != nil })
        #expect(failed.subject == "Add a file whose object is damaged")
        #expect(failed.error?.hasPrefix("Shop/Corrupt.swift: cannot read") == true)
        #expect(run.records.last?.error == nil && run.records.last?.comparedWithParent == false)
        try Self.assertMatchesFreshScans(run)
    }

    /// A blob stored under another content's id — loose, or in a pack whose index names it so —
    /// is refused where its analysis would reach the memo every repository of a fleet shares:
    /// its commit fails as a damaged object's does, the memo holds nothing for that id, and the
    /// repository whose blob that id really is, scanned next into the same store, counts the
    /// finding the forged bytes lack.
    @Test(arguments: ["forged-blob", "forged-pack"])
    func aForgedBlobNeverReachesTheSharedMemo(_ kind: String) throws {
        let dir = TempDirectory()
        let forged = try FixtureRepositories.hostile(kind, at: dir.path + "/forged.git")
        let store = try SQLiteStore(path: dir.path + "/shared.sqlite")
        func history(_ name: String, _ repo: String) throws -> Run {
            let pool = RepositoryPool(path: repo)
            let outcome = try HistoryScan.run(pool: pool, name: name, url: repo, store: store, options: HistoryOptions(revision: "main", jobs: 2))
            let id = try store.repository(name: name, url: repo)
            return Run(pool: pool, store: store, outcome: outcome,
                       records: try store.commits(RulesetKey(repository: id, ruleset: Ruleset.fingerprint), ids: outcome.chain))
        }
        let attack = try history("forged", forged)
        #expect(attack.outcome.failed == 1)
        let error = try #require(attack.records.first?.error)
        #expect(error.hasPrefix("App/Shared.swift: cannot read") && error.contains("object hash mismatch"), "\(error)")
        let id = try FixtureRepositories.run(["git", "-C", forged, "rev-parse", "main:App/Shared.swift"])
        #expect(try store.memo([MemoKey(blob: id, path: "App/Shared.swift")], ruleset: Ruleset.fingerprint).isEmpty)
        let victim = try history("victim", forged + "-victim")
        #expect(victim.outcome.failed == 0)
        #expect(victim.records.last?.counts.values.reduce(0, +) == 2)
        try Self.assertMatchesFreshScans(victim)
        // What the memo now holds for that id is the real blob's analysis.
        let held = try #require(try store.memo([MemoKey(blob: id, path: "App/Shared.swift")], ruleset: Ruleset.fingerprint).values.first)
        let record = try BinaryCoding.decode(MemoRecord.self, from: held)
        #expect(record.analysis?.findings.count == 1)
    }

    @Test func anEmptyRepositoryIsAClearError() throws {
        let dir = TempDirectory()
        _ = try GitRepository.initBare(dir.path + "/empty.git")
        #expect { try Self.history(dir.path + "/empty.git", store: dir.path + "/h.sqlite") } throws: { error in
            (error as? GitError)?.message == "the repository has no commits"
        }
    }
}

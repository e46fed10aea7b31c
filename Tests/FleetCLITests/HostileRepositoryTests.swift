import Foundation
import Testing
import TestSupport

/// Hostile repositories and working trees (scripts/make-hostile-repo.py builds each in set-up),
/// given to the real executable as a child process with a deadline: a crash or a hang is a
/// failed expectation. Each case names the row of the attack that it replays; each failed
/// before its fix (a signal, a hang killed at the deadline, or gigabytes of memory).
@Suite struct HostileRepositoryTests {
    let folder = TempDirectory()

    func repository(_ kind: String, size: Int? = nil) throws -> String {
        try FixtureRepositories.hostile(kind, at: folder.path + "/\(kind).git", size: size)
    }

    func fleetscan(_ arguments: [String], seconds: Double = 120) throws -> BoundedRun {
        try BoundedRun.run([FixtureRepositories.executable] + arguments, seconds: seconds)
    }

    /// `scan --repo` and `history` of the repository: both end by themselves, without a signal.
    func scanAndHistory(_ repo: String, seconds: Double = 120) throws -> (scan: BoundedRun, history: BoundedRun) {
        let scan = try fleetscan(["scan", "--repo", repo, "--rev", "main", "--format", "json"], seconds: seconds)
        let history = try fleetscan(["history", "--repo", repo, "--db", folder.path + "/\(UUID().uuidString).db"], seconds: seconds)
        return (scan, history)
    }

    func findings(_ run: BoundedRun) -> [String] {
        guard let data = run.stdout.data(using: .utf8),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let list = object["findings"] as? [[String: Any]] else { return [] }
        return list.compactMap { $0["path"] as? String }.sorted()
    }

    @Test(arguments: [
        ("lying-header", "its header states 16 bytes, its stream holds more"),
        ("truncated-object", "its stream is truncated"),
    ])
    func damagedLooseObjectsAreOneFilesDiagnostic(_ kind: String, _ message: String) throws {
        let (scan, history) = try scanAndHistory(try repository(kind))
        #expect(scan.succeeded, "\(scan.summary)")
        #expect(scan.stderr.contains(message), "\(scan.stderr)")
        #expect(findings(scan) == ["App/App.swift"])
        #expect(history.succeeded, "\(history.summary)")
        #expect(history.stdout.contains(message))
    }

    @Test func anAuthorTimeOfTheMinimum64BitValueIsANote() throws {
        let (scan, history) = try scanAndHistory(try repository("min-time"))
        #expect(scan.succeeded, "\(scan.summary)")
        #expect(history.succeeded, "\(history.summary)")
        #expect(history.stderr.contains("its author time -9223372036854775808 is out of range"), "\(history.stderr)")
        #expect(history.stdout.contains("1970-01-01"))
    }

    @Test func aCommitLibgit2CannotParseIsNamedWithLibgit2sOwnReason() throws {
        let (scan, _) = try scanAndHistory(try repository("far-time"))
        #expect(scan.status == 2)
        #expect(scan.stderr.contains("revision 'main' cannot be read: failed to parse signature"), "\(scan.stderr)")
        #expect(!scan.stderr.contains("config value"))
    }

    @Test func aTree30000FoldersDeepIsWalkedWithoutRecursion() throws {
        let (scan, history) = try scanAndHistory(try repository("deep-tree"), seconds: 60)
        #expect(scan.succeeded, "\(scan.summary)")
        #expect(scan.stderr.contains("a folder more than 256 levels deep; not entered"))
        #expect(findings(scan) == ["App/App.swift"])
        #expect(history.succeeded, "\(history.summary)")
    }

    @Test(arguments: [
        ("bplist-overflow", "binary plist: the trailer is inconsistent"),
        ("bplist-dag", nil as String?),
    ])
    func hostileBinaryPlistsAreOneFilesDiagnostic(_ kind: String, _ message: String?) throws {
        let (scan, history) = try scanAndHistory(try repository(kind), seconds: 60)
        #expect(scan.succeeded, "\(scan.summary)")
        if let message { #expect(scan.stderr.contains(message), "\(scan.stderr)") }
        #expect(history.succeeded, "\(history.summary)")
    }

    @Test func globsWithManyDoubleStarsMatchInLinearTime() throws {
        let (scan, history) = try scanAndHistory(try repository("glob-config"), seconds: 60)
        #expect(scan.succeeded, "\(scan.summary)")
        #expect(findings(scan).count == 2)
        #expect(history.succeeded, "\(history.summary)")
    }

    /// 256 MiB of zeros, stored in about 256 KiB: refused from the object header, never inflated.
    @Test(arguments: [
        ("bomb-plist", "App/Info.plist: property list larger than 16 MiB; not read"),
        ("bomb-pbxproj", "App.xcodeproj/project.pbxproj: project file larger than 16 MiB; not read"),
        ("bomb-config", ".fleetscan.json: larger than 16 MiB; not read"),
        ("bomb-manifest", "Package.swift: larger than 32 MiB; skipped"),
    ])
    func compressionBombsAreRefusedFromTheirHeader(_ kind: String, _ message: String) throws {
        let (scan, history) = try scanAndHistory(try repository(kind, size: 256 << 20), seconds: 60)
        #expect(scan.stderr.contains(message), "\(scan.stderr)")
        #expect(scan.signal == nil && !scan.timedOut)
        #expect(history.signal == nil && !history.timedOut)
        // The 256 MiB are never held: far less than that is resident at the peak.
        #expect(scan.maxRSSKiB < 128 << 10, "scan peaked at \(scan.maxRSSKiB) KiB")
        #expect(history.maxRSSKiB < 128 << 10, "history peaked at \(history.maxRSSKiB) KiB")
    }

    @Test func namesGitNeverWritesAreSkippedTheSameWayByScanAndHistory() throws {
        for kind in ["dot-names", "unsorted-tree"] {
            let repo = try repository(kind)
            let (scan, history) = try scanAndHistory(repo)
            #expect(scan.succeeded, "\(scan.summary)")
            #expect(history.succeeded, "\(history.summary)")
            #expect(scan.stderr.contains("which git never writes; skipped"))
            let scanned = findings(scan)
            #expect(!scanned.contains { $0.contains("..") || $0.hasPrefix("/") || $0.lowercased().hasPrefix(".git") })
            // The history's one commit counts what the scan found.
            let warnings = "| \(scanned.count) | 0 | +\(scanned.count) |"
            #expect(history.stdout.contains("| 0 \(warnings)"), "\(kind): \(scanned) vs\n\(history.stdout)")
        }
    }

    @Test func alternatesAreNotFollowed() throws {
        let (scan, _) = try scanAndHistory(try repository("alternates"))
        #expect(scan.succeeded, "\(scan.summary)")
        #expect(findings(scan) == ["App/App.swift"])
        #expect(scan.stderr.contains("App/Hidden.swift: cannot read"), "\(scan.stderr)")
        #expect(scan.stderr.contains("objects are in an alternate object store, which is not followed (objects/info/alternates names one)"), "\(scan.stderr)")
    }

    /// A garbage pack index or a cut pack hides the branch's commit from libgit2, which said
    /// "unknown revision 'main'" (issue 30): the message names the branch's commit, the damaged
    /// file and why, the same for scan and history.
    @Test(arguments: [
        ("damaged-index", "is damaged (100 bytes, too short for an index)"),
        ("truncated-pack", "is truncated or damaged ("),
    ])
    func aDamagedPackIsNamed(_ kind: String, _ reason: String) throws {
        let (scan, history) = try scanAndHistory(try repository(kind))
        for run in [scan, history] {
            #expect(run.status == 2, "\(run.summary)")
            #expect(run.stderr.contains("' names "), "\(run.stderr)")  // 'main' for scan --rev, 'HEAD' for history
            #expect(run.stderr.contains("which cannot be read: pack \(kind == "damaged-index" ? "index " : "")objects/pack/pack-"), "\(run.stderr)")
            #expect(run.stderr.contains(reason), "\(run.stderr)")
            #expect(!run.stderr.contains("unknown revision"), "\(run.stderr)")
        }
    }

    /// `objects -> ../secret.git/objects` and the like (issue 30): refused before libgit2 opens
    /// the repository, naming the link; nothing of the other repository is read.
    @Test(arguments: [("objects", "objects"), ("refs", "refs"), ("packed-refs", "packed-refs"), ("head", "HEAD"), ("info", "info")])
    func aLinkOutOfTheGitDirectoryIsRefused(_ kind: String, _ part: String) throws {
        let repo = try repository("linked-\(kind)")
        let (scan, history) = try scanAndHistory(repo)
        for run in [scan, history] {
            #expect(run.status == 2, "\(run.summary)")
            #expect(run.stderr.contains("\(repo)/\(part): a symbolic link to ../linked-\(kind).git-other/\(part), outside the repository"), "\(run.stderr)")
            #expect(!run.stdout.contains("Secret.swift"))
        }
    }

    /// 400,000 findings in one file took 23 s and 1.5 GB (issue 30): 10,000 are listed, the rest
    /// counted in one diagnostic, the same by scan and history.
    @Test func aFileWithTooManyFindingsListsTenThousand() throws {
        let (scan, history) = try scanAndHistory(try repository("many-findings", size: 12_000))
        #expect(scan.succeeded, "\(scan.summary)")
        #expect(findings(scan).filter { $0 == "App/Many.swift" }.count == 10_000)
        #expect(scan.stderr.contains("App/Many.swift: 2000 more findings of main-screen-bounds not listed (a file lists at most 10000)"), "\(scan.stderr)")
        #expect(history.succeeded, "\(history.summary)")
    }

    @Test func aFIFOGivenAsAPathIsSkipped() throws {
        let fifo = folder.path + "/Pipe.swift"
        #expect(mkfifo(fifo, 0o644) == 0)
        let run = try fleetscan(["scan", fifo], seconds: 30)
        #expect(run.succeeded, "\(run.summary)")
        #expect(run.stderr.contains("Pipe.swift: not a regular file"))
    }

    /// Inputs whose analysis was quadratic: together, minutes before their fixes (the deadline
    /// is passed by the line alone in a release build of the old code), 20 s now in a debug build.
    @Test func quadraticInputsFinish() throws {
        let tree = TempDirectory()
        // 10 MB on one line, 250,000 definitions (was: over 100 s in a release build; 31 s for 3 MB).
        let unit = "let v%d = UIScreen.main.bounds.width; "
        tree.write("Line/L.swift", (0..<250_000).map { String(format: unit, $0) }.joined() + "\n")
        // 60,000 nested functions (was: 56 s in a release build).
        tree.write("Nest/N.swift", "import UIKit\n" + String(repeating: "func f() {\n", count: 60_000)
                   + "let w = UIScreen.main.bounds.width\n" + String(repeating: "}\n", count: 60_000))
        // 5,000 files declaring one class (was: 46 s for 10,000).
        for i in 0..<5_000 {
            tree.write("Same/F\(i).swift", "import UIKit\nclass Same: UIViewController {\n  func g() { _ = UIScreen.main.bounds }\n}\n")
        }
        // An XML plist array of 40,000 strings (was: 20 s for 280 KB).
        tree.write("Plist/Info.plist", "<?xml version=\"1.0\"?><plist><array>" + String(repeating: "<string>x</string>", count: 40_000)
                   + "</array></plist>\n")
        let run = try fleetscan(["scan", tree.path, "--format", "json"], seconds: 120)
        #expect(run.succeeded, "\(run.summary)")
        let paths = findings(run)
        #expect(paths.filter { $0 == "Nest/N.swift" }.count == 1)
        #expect(paths.filter { $0.hasPrefix("Same/") }.count == 5_000)
        #expect(paths.contains("Line/L.swift"))
    }
}

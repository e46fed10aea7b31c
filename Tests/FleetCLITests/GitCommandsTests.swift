import Foundation
import Testing
import TestSupport

@Suite struct GitCommandsTests {
    static func repo() throws -> String { try FixtureRepositories.history(["--commits", "24", "--units", "6"]) }

    @Test func scanARevisionFromGit() throws {
        let repo = try Self.repo()
        let r = run(["scan", "--repo", repo, "--rev", "main~3", "--format", "json"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        let summary = try #require(json["summary"] as? [String: Any])
        #expect(r.code == ((summary["error"] as? Int ?? 0) > 0 ? 1 : 0))
        #expect((summary["files"] as? Int ?? 0) > 10)
        let target = try #require(json["target"] as? [String: Any])
        #expect(target["repo"] as? String == repo && target["rev"] as? String == "main~3")
        #expect(target["commit"] as? String == (try FixtureRepositories.run(["git", "-C", repo, "rev-parse", "main~3"])))
        let xcode = run(["scan", "--repo", repo, "--rev", "main~3"])
        #expect(xcode.out.split(separator: "\n").allSatisfy { $0.hasPrefix("Shop/") })
    }

    @Test func historyWritesMarkdownThenJSONAndRerunsScanNothing() throws {
        let repo = try Self.repo()
        let dir = TempDirectory()
        let db = dir.path + "/h.sqlite"
        let first = run(["history", "--repo", repo, "--rev", "main", "--db", db])
        #expect(first.code == 0)
        #expect(first.out.hasPrefix("# Migration history of \(repo) (`main`)"))
        #expect(first.out.contains("| Commit | Date | Author | Subject |"))
        #expect(first.err.contains("scanned, 0 already stored"))
        let second = run(["history", "--repo", repo, "--rev", "main", "--db", db, "--format", "json"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(second.out.utf8)) as? [String: Any])
        #expect(json["schemaVersion"] as? Int == 1 && json["rev"] as? String == "main")
        let stats = try #require(json["stats"] as? [String: Any])
        #expect(stats["blobsScanned"] as? Int == 0 && stats["scanned"] as? Int == 0)
        let commits = try #require(json["commits"] as? [[String: Any]])
        #expect(commits.count == stats["commits"] as? Int && commits.count > 15)
        let first_ = try #require(commits.first), last = try #require(commits.last)
        #expect(Set(first_.keys).isSuperset(of: ["commit", "parent", "time", "subject", "counts", "delta", "files", "stage", "error"]))
        #expect(first_["parent"] is NSNull && (first_["time"] as? String)?.hasSuffix("Z") == true)
        #expect(last["commit"] as? String == (try FixtureRepositories.run(["git", "-C", repo, "rev-parse", "main"])))
    }

    @Test(arguments: [
        (["history"], "history needs --repo"),
        (["history", "--repo", "/no/such/repo"], "/no/such/repo: no such repository"),
        (["history", "--repo", ".", "--since", "yesterday"], "must be a date like"),
        (["history", "--repo", ".", "--max-commits", "-3"], "positive whole number"),
        (["scan", "--rev", "main"], "option '--rev' needs --repo"),
        (["scan", "--repo", "/no/such/repo"], "/no/such/repo: no such repository"),
    ])
    func usageErrors(_ args: [String], _ message: String) {
        let r = run(args)
        #expect(r.code == 2)
        #expect(r.err.contains(message), "\(r.err)")
    }

    @Test func unknownRevisionsNameTheRepository() throws {
        let repo = try Self.repo()
        let r = run(["scan", "--repo", repo, "--rev", "no-such-branch"])
        #expect(r.code == 2)
        #expect(r.err.contains("\(repo): unknown revision 'no-such-branch'"))
    }

    @Test func aStoreThatIsNotADatabaseIsReported() throws {
        let repo = try Self.repo()
        let dir = TempDirectory()
        dir.write("bad.sqlite", String(repeating: "junk", count: 500))
        let r = run(["history", "--repo", repo, "--db", dir.path + "/bad.sqlite"])
        #expect(r.code == 2)
        #expect(r.err.contains("bad.sqlite: cannot open the store"))
    }
}

/// Baselines and diff bases on a repository the test builds from the sample app: a first
/// commit, then one that moves lines (a comment inserted above), renames a file and adds one
/// new problem.
@Suite struct BaselineTests {
    struct Repo {
        let dir = TempDirectory()
        var path: String { dir.path + "/app" }
        var baseline: String { dir.path + "/baseline.json" }
    }

    static func git(_ repo: String, _ args: String...) throws {
        try FixtureRepositories.run(["env", "GIT_AUTHOR_NAME=A", "GIT_AUTHOR_EMAIL=a@b", "GIT_COMMITTER_NAME=A", "GIT_COMMITTER_EMAIL=a@b",
                                     "GIT_AUTHOR_DATE=1700000000 +0000", "GIT_COMMITTER_DATE=1700000000 +0000", "git", "-C", repo] + args)
    }

    static func make() throws -> Repo {
        let r = Repo()
        try FixtureRepositories.run(["cp", "-R", repositoryRoot + "/Fixtures/SampleApp", r.path])
        try git(r.path, "init", "--quiet", "--initial-branch=main")
        try git(r.path, "add", "-A")
        try git(r.path, "commit", "--quiet", "-m", "Legacy app")
        let json = run(["scan", "--repo", r.path, "--rev", "HEAD", "--format", "json", "--output", r.baseline, "--quiet"])
        #expect(json.code == 1)
        let feed = r.path + "/LegacyShop/FeedViewController.m"
        let text = try String(contentsOfFile: feed, encoding: .utf8)
        try ("// Moved down by three lines.\n//\n//\n" + text).write(toFile: feed, atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: r.path + "/LegacyShop/Cells", withIntermediateDirectories: true)
        try git(r.path, "mv", "LegacyShop/ProductCell.swift", "LegacyShop/Cells/ProductCell.swift")
        try "import UIKit\n\nfunc bannerWidth() -> CGFloat { UIScreen.main.bounds.width - 32 }\n"
            .write(toFile: r.path + "/LegacyShop/Banner.swift", atomically: true, encoding: .utf8)
        try git(r.path, "add", "-A")
        try git(r.path, "commit", "--quiet", "-m", "Move lines, rename a file, add a banner")
        return r
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func aBaselineFollowsMovedLinesAndRenamedFiles() throws {
        let r = try Self.make()
        let out = run(["scan", "--repo", r.path, "--rev", "HEAD", "--baseline", r.baseline, "--format", "json"])
        let report = try Self.json(out.out)
        let findings = try #require(report["findings"] as? [[String: Any]])
        let fresh = findings.filter { $0["new"] as? Bool == true }
        #expect(fresh.map { $0["path"] as? String } == ["LegacyShop/Banner.swift"])
        #expect(fresh.first?["rule"] as? String == "global-geometry-constant")
        let baseline = try #require((try Self.json(String(contentsOfFile: r.baseline, encoding: .utf8)))["findings"] as? [[String: Any]])
        let summary = try #require(report["summary"] as? [String: Any])
        #expect((summary["baseline"] as? [String: Int]) == ["known": baseline.count, "fixed": 0])
        #expect((summary["new"] as? [String: Int]) == ["error": 0, "warning": 1, "note": 0])
        // The renamed file's findings are known ones, and so are the moved lines'.
        #expect(findings.contains { $0["path"] as? String == "LegacyShop/Cells/ProductCell.swift" && $0["new"] as? Bool == false })
        #expect(findings.contains { $0["path"] as? String == "LegacyShop/FeedViewController.m" && $0["line"] as? Int == 26 && $0["new"] as? Bool == false })
        // Errors exist but none is new: --fail-on error passes; --fail-on warning fails on the banner.
        #expect(out.code == 0)
        #expect(run(["scan", "--repo", r.path, "--rev", "HEAD", "--baseline", r.baseline, "--fail-on", "warning", "--quiet"]).code == 1)
        #expect(out.err.contains("new: 1 (1 warning), known: \(baseline.count), fixed: 0"))
    }

    @Test func withoutGitARenameIsNotKnown() throws {
        let r = try Self.make()
        // Scanning the working tree, no rename information: the moved file's findings look new,
        // the moved lines do not.
        let report = try Self.json(run(["scan", r.path, "--baseline", r.baseline, "--format", "json"]).out)
        let fresh = Set((try #require(report["findings"] as? [[String: Any]])).filter { $0["new"] as? Bool == true }.compactMap { $0["path"] as? String })
        #expect(fresh == ["LegacyShop/Banner.swift", "LegacyShop/Cells/ProductCell.swift"])
    }

    @Test func diffBaseReportsOnlyWhatWasIntroduced() throws {
        let r = try Self.make()
        let out = run(["scan", "--repo", r.path, "--rev", "HEAD", "--diff-base", "HEAD~1", "--format", "json", "--fail-on", "warning"])
        let report = try Self.json(out.out)
        let findings = try #require(report["findings"] as? [[String: Any]])
        #expect(findings.map { "\($0["path"] ?? "") \($0["rule"] ?? "")" } == ["LegacyShop/Banner.swift global-geometry-constant"])
        #expect(out.code == 1)
        let sarif = run(["scan", "--repo", r.path, "--rev", "HEAD", "--diff-base", "HEAD~1", "--format", "sarif"])
        #expect(sarif.out.contains("\"baselineState\": \"new\"") && !sarif.out.contains("\"baselineState\": \"unchanged\""))
        let md = run(["scan", "--repo", r.path, "--rev", "HEAD", "--diff-base", "HEAD~1", "--format", "markdown"])
        #expect(md.out.hasPrefix("## fleetscan: 1 new finding (1 warning)"))
        // Nothing introduced between a revision and itself.
        let same = run(["scan", "--repo", r.path, "--rev", "HEAD", "--diff-base", "HEAD", "--format", "json", "--fail-on", "note"])
        let sameFindings = try Self.json(same.out)["findings"] as? [Any]
        #expect(same.code == 0 && sameFindings?.isEmpty == true)
    }

    @Test(arguments: [
        (["scan", ".", "--diff-base", "main"], "option '--diff-base' needs --repo"),
        (["scan", "--repo", ".", "--baseline", "a.json", "--diff-base", "main"], "either --baseline or --diff-base"),
        (["scan", "/no/such/folder", "--diff-base", "main"], "option '--diff-base' needs --repo"),
        (["scan", repositoryRoot + "/Fixtures/SampleApp", "--baseline", "/no/such/baseline.json"], "no such file: /no/such/baseline.json"),
    ])
    func usageErrors(_ args: [String], _ message: String) {
        let r = run(args)
        #expect(r.code == 2 && r.err.contains(message), "\(r.err)")
    }

    @Test func aBaselineThatIsNotAReportNamesTheProblem() {
        let dir = TempDirectory()
        dir.write("a.json", "{\"schemaVersion\": 1, \"findings\": [{\"rule\": \"x\"}]}")
        dir.write("Main.swift", "let x = 1\n")
        let r = run(["scan", dir.path, "--baseline", dir.path + "/a.json"])
        #expect(r.code == 2 && r.err.contains("a.json: \"findings\"[0] needs a \"fingerprint\" and a \"path\""))
    }
}

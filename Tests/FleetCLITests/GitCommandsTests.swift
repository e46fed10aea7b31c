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
        #expect(first.out.contains("| Commit | Date | Subject |"))
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

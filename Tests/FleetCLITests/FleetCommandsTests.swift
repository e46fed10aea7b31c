import Foundation
import Testing
@testable import FleetCLI
import Fleet
import TestSupport

@Suite struct FleetCommandsTests {
    @Test func checkListsTheProblemsOfAManifest() throws {
        let dir = TempDirectory()
        try FixtureRepositories.run(["git", "init", "-q", "--bare", dir.path + "/a.git"])
        dir.write("good.json", #"{"repositories": [{"name": "a", "url": "./a.git"}, {"name": "r", "url": "https://example.com/r.git"}]}"#)
        let good = run(["fleet", "check", "--manifest", dir.path + "/good.json"])
        #expect(good.code == 0 && good.out.contains("2 repositories, 0 with problems"), "\(good.err)")
        dir.write("bad.json", #"{"repositories": [{"name": "a", "url": "./a.git"}, {"name": "b", "url": "htps://x/y.git"}]}"#)
        let bad = run(["fleet", "check", "--manifest", dir.path + "/bad.json"])
        #expect(bad.code == 2 && bad.err.contains("repositories[1] \"b\": \"url\" has the unknown scheme \"htps\""))
        // Local sources that are not there to fetch, in the words a run gives them.
        dir.write("plain/readme.txt", "not a repository")
        dir.write("local.json", #"{"repositories": [{"name": "gone", "url": "./gone.git"}, {"name": "plain", "url": "./plain"}]}"#)
        let local = run(["fleet", "check", "--manifest", dir.path + "/local.json"])
        #expect(local.code == 2 && local.out.contains("2 repositories, 2 with problems"))
        #expect(local.err.contains("repository gone: no git repository at \(dir.path)/gone.git (no such folder)"), "\(local.err)")
        #expect(local.err.contains("repository plain: no git repository at \(dir.path)/plain (a folder without .git, HEAD or objects)"), "\(local.err)")
        dir.write("broken.json", #"{"repositories": [], "extra": 1}"#)
        let broken = run(["fleet", "check", "--manifest", dir.path + "/broken.json"])
        #expect(broken.code == 2 && broken.err.contains("broken.json: unknown key \"extra\""))
        #expect(run(["fleet", "check", "--manifest", dir.path + "/none.json"]).err.contains("no such file: \(dir.path)/none.json"))
    }

    @Test func usageErrorsNameTheOption() {
        #expect(run(["fleet"]).err.contains("fleet needs a subcommand"))
        #expect(run(["fleet", "walk"]).err.contains("unknown fleet subcommand 'walk'"))
        #expect(run(["fleet", "run"]).err.contains("fleet needs --manifest FILE"))
        let shard = run(["fleet", "run", "--manifest", "x.json", "--shard", "3/3"])
        #expect(shard.code == 2 && shard.err.contains("option '--shard' must be I/N with 0 ≤ I < N (got '3/3')"))
        #expect(run(["report"]).err.contains("report needs --output DIR"))
        #expect(run(["report", "--out", "/tmp/x", "--db", "/nonexistent/f.sqlite"]).err.contains("/nonexistent/f.sqlite: no such store"))
    }

    @Test func theShardComesFromTheFlagElseTheIndexedJobsEnvironment() throws {
        let none = try ParsedArguments.parse([], flags: Flags.of(.fleetRun))
        #expect(try FleetCommand.shardOption(none, environment: [:]) == .whole)
        #expect(try FleetCommand.shardOption(none, environment: ["JOB_COMPLETION_INDEX": "2", "FLEETSCAN_SHARDS": "4"]) == Shard(index: 2, count: 4))
        #expect(throws: CLIError.self) {
            try FleetCommand.shardOption(none, environment: ["JOB_COMPLETION_INDEX": "4", "FLEETSCAN_SHARDS": "4"])
        }
        let flag = try ParsedArguments.parse(["--shard", "1/2"], flags: Flags.of(.fleetRun))
        #expect(try FleetCommand.shardOption(flag, environment: ["JOB_COMPLETION_INDEX": "0", "FLEETSCAN_SHARDS": "4"]) == Shard(index: 1, count: 2))
    }

    @Test func runThenReportInEveryFormat() throws {
        let dir = TempDirectory()
        let manifest = try FixtureRepositories.demoOrg(["--repos", "3", "--commits", "8", "--missing"], into: dir.path + "/org")
        let db = dir.path + "/f.sqlite"
        let first = run(["fleet", "run", "--manifest", manifest, "--db", db, "--jobs", "2", "--report", dir.path + "/html"])
        // One repository failed: everything else is stored and reported, and the run says so in its exit status.
        #expect(first.code == 1)
        #expect(first.err.hasSuffix("fleetscan: error: 1 repository failed; exit status 1 (--allow-failures keeps 0)\n"))
        let lines = first.err.split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix("fleetscan: shop-ios: ") && $0.contains("commits scanned, 0 already stored") }.count == 1)
        #expect(lines.contains { $0.hasPrefix("fleetscan: archived-widgets: failed: cannot fetch ./archived-widgets.git: no git repository at") })
        #expect(lines.contains { $0.hasPrefix("fleetscan: fleet: 4 repositories (1 failed)") })
        #expect(FileManager.default.fileExists(atPath: dir.path + "/html/index.html"))
        #expect(FileManager.default.fileExists(atPath: dir.path + "/html/repos/design-kit.html"))
        // A page per owner, linked from the owners table; the exports the index links to.
        let htmlIndex = try String(contentsOfFile: dir.path + "/html/index.html", encoding: .utf8)
        let teamFiles = try FileManager.default.contentsOfDirectory(atPath: dir.path + "/html").filter { $0.hasPrefix("team-") }.sorted()
        #expect(!teamFiles.isEmpty && teamFiles.allSatisfy { htmlIndex.contains("href=\"\($0)\"") }, "\(teamFiles)")
        let teamPage = try String(contentsOfFile: dir.path + "/html/" + teamFiles[0], encoding: .utf8)
        #expect(teamPage.contains("team projected at zero launch blockers") && !teamPage.contains("org projected"))
        for export in ["report.md", "report.json", "work-list.csv"] {
            #expect(FileManager.default.fileExists(atPath: dir.path + "/html/" + export) && htmlIndex.contains("href=\"\(export)\""), "\(export)")
        }
        let csv = try String(contentsOfFile: dir.path + "/html/work-list.csv", encoding: .utf8)
        #expect(csv.hasPrefix("repository,owners,severity,rule,file,line,column,message,fix\r\n") && !csv.contains(dir.path))

        let quiet = run(["fleet", "run", "--manifest", manifest, "--db", db, "--quiet", "--allow-failures"])
        #expect(quiet.code == 0 && quiet.err.isEmpty)
        #expect(run(["fleet", "run", "--manifest", manifest, "--db", db, "--quiet"]).code == 1)

        #expect(run(["report", "--db", db, "--out", dir.path + "/md", "--format", "markdown"]).code == 0)
        let markdown = try String(contentsOfFile: dir.path + "/md/report.md", encoding: .utf8)
        #expect(markdown.hasPrefix("# Fleet readiness") && markdown.contains("| archived-widgets | cannot fetch"))
        #expect(run(["report", "--db", db, "--out", dir.path + "/json", "--format", "json", "--repo", "shop-ios"]).code == 0)
        let json = try String(contentsOfFile: dir.path + "/json/report.json", encoding: .utf8)
        #expect(try validate("fleet", json) == "ok")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect((object["repositories"] as? [[String: Any]])?.map { $0["name"] as? String } == ["shop-ios"])
        #expect((object["runs"] as? Int) == 3)
        // Local paths are `<local path>`, as the HTML and Markdown show them; `--keep-paths` keeps them.
        #expect(!json.contains(dir.path), "\(json.prefix(800))")
        #expect((object["repositories"] as? [[String: Any]])?.first?["url"] as? String == "<local path>")
        #expect(run(["report", "--db", db, "--out", dir.path + "/kept", "--format", "json", "--keep-paths"]).code == 0)
        let kept = try String(contentsOfFile: dir.path + "/kept/report.json", encoding: .utf8)
        #expect(kept.contains(dir.path))
        // A store that history wrote but no fleet run is reported from its stored chain, under a
        // page name of its own and without the path it was read from.
        let historyOnly = dir.path + "/h.sqlite"
        #expect(run(["history", "--repo", dir.path + "/org/shop-ios.git", "--db", historyOnly, "--quiet"]).code == 0)
        let fromHistory = run(["report", "--db", historyOnly, "--out", dir.path + "/h"])
        #expect(fromHistory.code == 0, "\(fromHistory.err)")
        let page = try String(contentsOfFile: dir.path + "/h/repos/shop-ios.html", encoding: .utf8)
        let index = try String(contentsOfFile: dir.path + "/h/index.html", encoding: .utf8)
        #expect(index.contains("from history alone") && index.contains("repos/shop-ios.html"))
        #expect(!page.contains(dir.path) && !index.contains(dir.path))
        // An empty store (an empty file is an empty SQLite database): nothing to report, said plainly.
        #expect(FileManager.default.createFile(atPath: dir.path + "/empty.sqlite", contents: Data()))
        let nothing = run(["report", "--db", dir.path + "/empty.sqlite", "--out", dir.path + "/x"])
        #expect(nothing.code == 2 && nothing.err.contains("nothing to report: no finished fleet run and no history is recorded"), "\(nothing.err)")
        let unknown = run(["report", "--db", db, "--out", dir.path + "/x", "--repo", "nobody"])
        #expect(unknown.code == 2 && unknown.err.contains("no fleet run or history recorded the repository \"nobody\""))
        let badOwner = run(["report", "--db", db, "--out", dir.path + "/x", "--owner", "shop team"])
        #expect(badOwner.code == 2 && badOwner.err.contains("option '--owner' must be an owner"))
        let nobody = run(["report", "--db", db, "--out", dir.path + "/x", "--owner", "@acme/nobody"])
        #expect(nobody.code == 2 && nobody.err.contains("@acme/nobody owns nothing"))
    }
}

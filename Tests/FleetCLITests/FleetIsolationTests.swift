import Foundation
import Testing
import TestSupport

/// `fleet run` with each repository in a worker process: hostile repositories between healthy
/// ones, a worker that crashes, one that runs out of time and one out of memory. Each fails
/// alone, with its reason; the healthy repositories end exactly as in a run without them.
@Suite struct FleetIsolationTests {
    let folder = TempDirectory()

    func hostile(_ kind: String, size: Int? = nil) throws -> String {
        try FixtureRepositories.hostile(kind, at: folder.path + "/hostile/\(kind).git", size: size)
    }

    func manifest(_ name: String, _ repositories: [(String, String)]) throws -> String {
        let path = folder.path + "/\(name).json"
        let list = repositories.map { ["name": $0.0, "url": $0.1] }
        let data = try JSONSerialization.data(withJSONObject: ["repositories": list, "since": "2000-01-01"], options: [.sortedKeys])
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }

    func fleet(_ manifest: String, db: String, extra: [String] = [], environment: [String: String] = [:]) throws -> BoundedRun {
        try BoundedRun.run([FixtureRepositories.executable, "fleet", "run", "--manifest", manifest, "--db", db,
                            "--cache", folder.path + "/cache-" + UUID().uuidString] + extra, seconds: 300, environment: environment)
    }

    /// "name: N commits scanned, … at HEAD: E errors, W warnings, N notes, stage S" for each repository.
    func lines(_ run: BoundedRun) -> [String: String] {
        var out: [String: String] = [:]
        for line in run.stderr.split(separator: "\n") where line.hasPrefix("fleetscan: ") && !line.hasPrefix("fleetscan: fleet:") {
            let rest = line.dropFirst("fleetscan: ".count)
            guard let colon = rest.firstIndex(of: ":") else { continue }
            // The timing at the end differs from run to run.
            var text = String(rest[rest.index(after: colon)...])
            if let paren = text.range(of: " (", options: .backwards), text.hasSuffix(" s)") { text = String(text[..<paren.lowerBound]) }
            out[String(rest[..<colon])] = text
        }
        return out
    }

    @Test func aHostileRepositoryFailsAloneAndTheHealthyOnesAreFullyScanned() throws {
        let org = try FixtureRepositories.demoOrg(["--repos", "4", "--commits", "6"], into: folder.path + "/org")
        let orgFolder = URL(fileURLWithPath: org).deletingLastPathComponent().path
        let healthy = ["shop-ios", "design-kit", "payments-sdk"].map { ($0, orgFolder + "/\($0).git") }
        let kinds = ["lying-header", "truncated-object", "far-time", "min-time", "deep-tree", "bplist-overflow", "bplist-dag",
                     "glob-config", "dot-names", "alternates", "escape-names", "damaged-index", "truncated-pack"]
        var bad: [(String, String)] = []
        for kind in kinds { bad.append((kind, try hostile(kind))) }
        bad.append(("crashes", orgFolder + "/legacy-wallet.git"))
        var listed: [(String, String)] = [healthy[0]]
        listed += bad.prefix(6)
        listed.append(healthy[1])
        listed += bad.dropFirst(6)
        listed.append(healthy[2])
        let mixed = try manifest("mixed", listed)
        let alone = try manifest("alone", healthy)

        let reference = try fleet(alone, db: folder.path + "/alone.db")
        #expect(reference.succeeded, "\(reference.summary)")
        let run = try fleet(mixed, db: folder.path + "/mixed.db", environment: ["FLEETSCAN_WORKER_FAULT": "crash:crashes"])
        // The coordinator itself finished: exit 1 says repositories failed (0 with --allow-failures).
        #expect(run.status == 1 && !run.timedOut && run.stderr.contains("fleetscan: error: 7 repositories failed"), "\(run.summary)")
        let got = lines(run), expected = lines(reference)
        for (name, _) in healthy {
            #expect(got[name] != nil && got[name] == expected[name], "\(name): \(got[name] ?? "missing") vs \(expected[name] ?? "missing")")
        }
        #expect(got["crashes"] == " failed: the worker crashed (signal 11, SIGSEGV)", "\(got["crashes"] ?? "")")
        for (name, reason) in [("lying-header", "its header states 16 bytes"), ("truncated-object", "its stream is truncated"),
                               ("far-time", "invalid Unix timestamp"),
                               ("alternates", "objects of the source are in an alternate object store, which is not followed"),
                               ("damaged-index", ".idx is damaged (100 bytes, too short for an index)"),
                               ("truncated-pack", ".pack is truncated or damaged (")] {
            #expect(got[name]?.contains("failed:") == true && got[name]?.contains(reason) == true, "\(name): \(got[name] ?? "missing")")
        }
        for name in ["min-time", "deep-tree", "bplist-overflow", "bplist-dag", "glob-config", "dot-names", "escape-names"] {
            #expect(got[name]?.contains("1 commit scanned") == true, "\(name): \(got[name] ?? "missing")")
        }
    }

    @Test func aWorkerOverItsTimeOrMemoryFailsItsRepositoryOnly() throws {
        let org = try FixtureRepositories.demoOrg(["--repos", "2", "--commits", "4"], into: folder.path + "/org")
        let orgFolder = URL(fileURLWithPath: org).deletingLastPathComponent().path
        let healthy = [("shop-ios", orgFolder + "/shop-ios.git"), ("design-kit", orgFolder + "/design-kit.git")]
        // Ten megabytes on one line take seconds to scan; 300,000 files analysed take far more
        // than 512 MiB (with the prefilter off: `let x = 1` holds no literal, so it would analyse none).
        let slow = try manifest("slow", [healthy[0], ("long-line", try hostile("long-line", size: 10_000_000)), healthy[1]])
        let timed = try fleet(slow, db: folder.path + "/slow.db", extra: ["--worker-timeout", "1", "--allow-failures"])
        #expect(timed.succeeded, "\(timed.summary)")
        let t = lines(timed)
        #expect(t["long-line"] == " failed: timed out after 1 s", "\(t)")
        #expect(t["shop-ios"]?.contains("commits scanned") == true && t["design-kit"]?.contains("commits scanned") == true, "\(t)")

        let big = try manifest("big", [healthy[0], ("wide", try hostile("wide-tree", size: 300_000)), healthy[1]])
        let bounded = try fleet(big, db: folder.path + "/big.db", extra: ["--worker-memory", "512M"], environment: ["FLEETSCAN_PREFILTER": "off"])
        #expect(bounded.status == 1 && bounded.stderr.contains("1 repository failed"), "\(bounded.summary)")
        let b = lines(bounded)
        #expect(b["wide"]?.contains("memory limit 512 MiB exceeded") == true || b["wide"]?.contains("the worker crashed") == true, "\(b)")
        #expect(b["shop-ios"]?.contains("commits scanned") == true && b["design-kit"]?.contains("commits scanned") == true, "\(b)")
    }

    /// A worker whose coordinator is gone writes nothing more (issue 30): every commit asks first,
    /// so nothing lands in the window before its watch notices. Faked here for one repository.
    @Test func aWorkerWhoseCoordinatorIsGoneCommitsNothing() throws {
        let org = try FixtureRepositories.demoOrg(["--repos", "2", "--commits", "4"], into: folder.path + "/org-orphan")
        let orgFolder = URL(fileURLWithPath: org).deletingLastPathComponent().path
        let list = try manifest("orphan", [("shop-ios", orgFolder + "/shop-ios.git"), ("design-kit", orgFolder + "/design-kit.git")])
        let db = folder.path + "/orphan.db"
        let run = try fleet(list, db: db, extra: ["--allow-failures"], environment: ["FLEETSCAN_WORKER_FAULT": "orphan:design-kit"])
        #expect(run.succeeded, "\(run.summary)")
        let got = lines(run)
        #expect(got["design-kit"]?.contains("the coordinator of this worker is gone") == true, "\(got)")
        #expect(got["shop-ios"]?.contains("commits scanned") == true, "\(got)")
        // Nothing of design-kit is in the store: its report has no commit of it.
        let report = try BoundedRun.run([FixtureRepositories.executable, "report", "--db", db, "--out", folder.path + "/orphan-report",
                                         "--format", "json"], seconds: 60)
        #expect(report.succeeded, "\(report.summary)")
        let json = try String(contentsOfFile: folder.path + "/orphan-report/report.json", encoding: .utf8)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let design = (object["repositories"] as? [[String: Any]])?.first { $0["name"] as? String == "design-kit" }
        #expect(design?["head"] is NSNull, "\(design ?? [:])")
    }
}

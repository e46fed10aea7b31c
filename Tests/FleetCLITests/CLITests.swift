import Foundation
import Synchronization
import Testing
import FleetCLI
import TestSupport

/// Runs the CLI in-process and captures what it writes. `fleet run`'s workers are the built
/// fleetscan (this process is the test runner).
func run(_ arguments: [String]) -> (code: Int32, out: String, err: String) {
    setenv("FLEETSCAN_WORKER_EXECUTABLE", FixtureRepositories.executable, 1)
    let out = Mutex(""), err = Mutex("")
    let io = IO(out: { s in out.withLock { $0 += s } }, err: { s in err.withLock { $0 += s } })
    let code = FleetCLI.run(["fleetscan"] + arguments, io: io)
    return (code, out.withLock { $0 }, err.withLock { $0 })
}

@Suite struct CLITests {
    let sample = repositoryRoot + "/Fixtures/SampleApp"

    @Test func scanPrintsXcodeLinesAndASummaryAndFailsOnErrors() {
        let r = run(["scan", sample])
        #expect(r.code == 1)
        let first = r.out.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.hasPrefix(sample + "/LegacyShop/AppDelegate.m:8:21: warning: "))
        #expect(first.hasSuffix("[window-in-app-delegate]"))
        #expect(r.err.contains("fleetscan: 7 files"))
        #expect(r.err.contains("1 error,"))
    }

    @Test func failOnDecidesTheExitCode() {
        let dir = TempDirectory()
        dir.write("A.swift", "func f() { _ = UIScreen.main.scale }")
        #expect(run(["scan", dir.path, "--quiet"]).code == 0)
        #expect(run(["scan", dir.path, "--fail-on", "warning", "--quiet"]).code == 1)
        #expect(run(["scan", dir.path, "--fail-on=note", "--quiet"]).code == 1)
        dir.write("B.swift", "func g() { let x = 1 }")
        let clean = TempDirectory()
        clean.write("B.swift", "func g() { let x = 1 }")
        #expect(run(["scan", clean.path, "--fail-on", "note"]).code == 0)
    }

    /// A library whose only errors are its example apps' and test host's (SVProgressHUD's demos):
    /// they are reported, but like the stage the exit code is the library's own.
    @Test func examplesAndTestsNeverFailTheScan() {
        let fixture = repositoryRoot + "/Fixtures/Projects/ExamplesLibrary"
        let scan = run(["scan", fixture])
        #expect(scan.out.contains("[scene-manifest-missing] (example app)"), "\(scan.out.prefix(400))")
        #expect(scan.code == 0, "\(scan.err)")
        #expect(run(["scan", fixture, "--fail-on", "warning", "--quiet"]).code == 1, "the library's own warning")
    }

    @Test func jsonToAFile() throws {
        let dir = TempDirectory()
        dir.write("A.swift", "func f() { _ = UIScreen.main.scale }")
        let out = dir.path + "/report.json"
        let r = run(["scan", dir.path, "--format", "json", "--output", out, "--quiet"])
        #expect(r.code == 0 && r.out.isEmpty && r.err.isEmpty)
        let text = try String(contentsOfFile: out, encoding: .utf8)
        #expect(text.contains("\"rule\": \"main-screen-scale\""))
    }

    @Test(arguments: [
        (["scan", "--format", "yaml"], "must be one of xcode, json"),
        (["scan", "--bogus"], "unknown option '--bogus'"),
        (["scan", "--jobs", "0"], "positive whole number"),
        (["scan", "--format"], "needs a value"),
        (["scan", "/no/such/path"], "/no/such/path: no such file or folder"),
        (["frobnicate"], "unknown command 'frobnicate'"),
        (["explain"], "explain takes one RULE; run `fleetscan rules` for the list"),
        (["explain", "main-scren"], "no rule 'main-scren'"),
    ])
    func usageErrorsExitTwoWithAMessage(_ args: [String], _ message: String) {
        let r = run(args)
        #expect(r.code == 2)
        #expect(r.err.contains(message), "\(r.err)")
    }

    @Test func badConfigurationExitsTwoNamingTheKey() {
        let dir = TempDirectory()
        dir.write(".fleetscan.json", #"{"exclude": [], "severty": {}}"#)
        let r = run(["scan", dir.path])
        #expect(r.code == 2)
        #expect(r.err.contains(".fleetscan.json: unknown key \"severty\""))
    }

    @Test func rulesAndExplainComeFromTheDescriptions() {
        let rules = run(["rules"])
        #expect(rules.code == 0)
        #expect(rules.out.contains("main-screen-bounds"))
        #expect(rules.out.split(separator: "\n").contains { $0.hasPrefix("scene-manifest-missing ") && $0.contains(" error ") })
        let explain = run(["explain", "idiom-layout"])
        #expect(explain.code == 0)
        #expect(explain.out.hasPrefix("idiom-layout — Layout by device idiom"))
        #expect(explain.out.contains("horizontalSizeClass"))
        #expect(explain.out.contains("↓userInterfaceIdiom"))
    }

    @Test func versionAndHelp() {
        #expect(run(["--version"]).out.hasPrefix("fleetscan "))
        #expect(run(["help", "scan"]).out.contains("--fail-on"))
        #expect(run([]).code == 2)
    }
}

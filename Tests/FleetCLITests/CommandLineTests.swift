import Foundation
import Synchronization
import Testing
import RuleKit
@testable import FleetCLI
import TestSupport

/// Runs the CLI with an environment of its own and streams that say whether they are terminals.
func run(_ arguments: [String], environment: [String: String], terminal: Bool = false) -> (code: Int32, out: String, err: String) {
    let out = Mutex(""), err = Mutex("")
    let io = IO(out: { s in out.withLock { $0 += s } }, err: { s in err.withLock { $0 += s } }, outIsTerminal: terminal, errIsTerminal: terminal)
    let code = FleetCLI.run(["fleetscan"] + arguments, io: io, environment: environment)
    return (code, out.withLock { $0 }, err.withLock { $0 })
}

/// The flag registry and what it gives every command: parsing, help, suggestions.
@Suite struct FlagRegistryTests {
    /// Every flag of every command, in each form: `--x v`, `--x=v`, each alias, a missing value,
    /// a value its type refuses, and given twice (the last wins; a repeatable one keeps both).
    @Test(arguments: Commands.all.flatMap { c in c.flags.map { (c.name, $0.name) } })
    func everyFlagParsesTheSameWayEverywhere(_ command: String, _ name: String) throws {
        let c = try #require(Commands.named(command))
        let flag = try #require(c.flags.first { $0.name == name })
        func parse(_ words: [String]) throws -> ParsedArguments { try ParsedArguments.parse(words, flags: c.flags, command: c.name) }
        func refused(_ words: [String], _ message: String) {
            #expect(throws: CLIError.self) { try parse(words) }
            do { _ = try parse(words) } catch let CLIError.usage(m) { #expect(m.contains(message), "\(words): \(m)") } catch { Issue.record("\(error)") }
        }
        guard flag.value != nil else {
            for spelling in flag.spellings { #expect(try parse([spelling]).has(flag)) }
            #expect(try parse([name, name]).has(flag))
            refused([name + "=yes"], "option '\(name)' takes no value")
            return
        }
        let (good, bad) = flag.type.sample
        for spelling in flag.spellings {
            #expect(try parse([spelling, good]).value(flag) == good)
            #expect(try parse([spelling + "=" + good]).value(flag) == good)
        }
        refused([name], "option '\(name)' needs a value (\(flag.value!))")
        if let bad { refused([name, bad], "option '\(name)' ") }
        let other: String
        switch flag.type {
        case .choice(let allowed): other = allowed.last!
        case .count: other = "7"
        case .date: other = "2026-02-01"
        case .size: other = "4G"
        case .shard: other = "0/2"
        case .text: other = "other"
        }
        let twice = try parse([name, good, name + "=" + other])
        #expect(twice.value(flag) == other)
        #expect(twice.repeated[name] == [good, other])
    }

    @Test func noCommandTakesASpellingTwiceAndEveryFlagBelongsToACommand() throws {
        for c in Commands.all {
            let spellings = c.flags.flatMap(\.spellings)
            #expect(Set(spellings).count == spellings.count, "\(c.name): \(spellings)")
        }
        // Every command has its entry, and every entry its command.
        #expect(Set(Commands.all.map(\.id)) == Set(CommandName.allCases) && Commands.all.count == CommandName.allCases.count)
        for f in Flags.all {
            #expect(!f.commands.isEmpty, "\(f.name) belongs to no command")
            #expect(!f.help.isEmpty)
        }
        // `Flags.all` is every declaration of `FlagDeclarations`, in order: each once, none left out.
        #expect(Set(Flags.all.map { "\($0.name) \($0.commands)" }).count == Flags.all.count)
        let declared = Mirror(reflecting: Flags.declared).children.compactMap { $0.value as? Flag }
        #expect(Mirror(reflecting: Flags.declared).children.count == declared.count)
        #expect(Flags.all.map { "\($0.name) \($0.commands)" } == declared.map { "\($0.name) \($0.commands)" })
    }

    @Test(arguments: Commands.all.map(\.name))
    func everyCommandHasItsOwnHelp(_ name: String) {
        let words = name.split(separator: " ").map(String.init)
        let dashH = run(words + ["-h"], environment: [:])
        let long = run(words + ["--help"], environment: [:])
        let viaHelp = run(["help"] + words, environment: [:])
        #expect(dashH.code == 0 && long.code == 0 && viaHelp.code == 0)
        #expect(dashH.out.hasPrefix("usage: fleetscan \(name)"), "\(dashH.out)")
        #expect(dashH.out == long.out && long.out == viaHelp.out)
        for flag in Commands.named(name)!.flags { #expect(dashH.out.contains(flag.name), "\(name) help lacks \(flag.name)") }
        // Only its own: `fleet check` does not list `fleet run`'s flags.
        let others = Set(Flags.all.map(\.name)).subtracting(Commands.named(name)!.flags.flatMap(\.spellings))
        for other in others { #expect(!dashH.out.contains(other + " "), "\(name) help lists \(other)") }
        #expect(dashH.out.contains("-h, --help"))
    }

    @Test func theEnvironmentIsReadAsFoundationReadsIt() {
        // FleetCLI.run reads `environ` itself, which is cheaper at start.
        #expect(ProcessEnvironment.read() == ProcessInfo.processInfo.environment)
        #expect(String(decoding: IO.utf8("é ✓ \u{0}x"), as: UTF8.self) == "é ✓ \u{0}x")
    }

    @Test func helpIsWrappedToTheTerminalAndEightyColumnsOtherwise() {
        for width in [60, 80, 120] {
            for c in Commands.all {
                let text = run(["help"] + c.name.split(separator: " ").map(String.init), environment: ["COLUMNS": "\(width)"]).out
                let long = text.split(separator: "\n").filter { $0.count > width && $0.contains(" ") }
                #expect(long.isEmpty, "\(c.name) at \(width): \(long)")
            }
        }
        #expect(run(["help", "scan"], environment: ["COLUMNS": "20"]).out == run(["help", "scan"], environment: ["COLUMNS": "60"]).out)
        // Piped (not a terminal, no $COLUMNS): 80.
        #expect(run(["help", "scan"], environment: [:]).out == run(["help", "scan"], environment: ["COLUMNS": "80"]).out)
        #expect(run(["help", "scan"], environment: ["COLUMNS": "120"]).out != run(["help", "scan"], environment: [:]).out)
        // --db names every form it takes.
        #expect(run(["help", "report"], environment: [:]).out.contains("PostgreSQL URL"))
    }

    @Test func theREADMEUsageSectionIsTheRegistrysHelp() throws {
        let path = repositoryRoot + "/README.md"
        let readme = try String(contentsOfFile: path, encoding: .utf8)
        let begin = "<!-- usage: generated from the flag registry (FLEETSCAN_UPDATE_GOLDENS=1 swift test --filter README) -->\n"
        let end = "<!-- usage: end -->"
        let start = try #require(readme.range(of: begin), "README.md has no usage section")
        let stop = try #require(readme.range(of: end, range: start.upperBound..<readme.endIndex))
        let current = String(readme[start.upperBound..<stop.lowerBound])
        if ProcessInfo.processInfo.environment["FLEETSCAN_UPDATE_GOLDENS"] == "1", current != Help.readme {
            try (String(readme[..<start.upperBound]) + Help.readme + String(readme[stop.lowerBound...])).write(toFile: path, atomically: true, encoding: .utf8)
            return
        }
        #expect(current == Help.readme, "README.md's usage section drifted from the registry; run FLEETSCAN_UPDATE_GOLDENS=1 swift test --filter README")
    }

    @Test(arguments: [
        (["scn", "."], "unknown command 'scn' (did you mean `scan`?)"),
        (["histroy"], "unknown command 'histroy' (did you mean `history`?)"),
        (["fleet", "rn"], "unknown fleet subcommand 'rn' (did you mean `fleet run`?)"),
        (["fleet", "walk"], "unknown fleet subcommand 'walk' (run or check)"),
        (["scan", "--formt", "json"], "unknown option '--formt' for scan (did you mean `--format`?)"),
        (["scan", "--manifest", "f.json"], "unknown option '--manifest' for scan (it is an option of `fleet run`, `fleet check`)"),
        (["report", "--out-dir", "x"], "unknown option '--out-dir' for report (did you mean `--out`?)"),
        (["scna"], "unknown command 'scna' (did you mean `scan`?)"),
        (["zzzzzz"], "unknown command 'zzzzzz'\nRun `fleetscan help` for usage."),
        (["explain", "orientation-layot"], "no rule 'orientation-layot' (did you mean `orientation-layout`?)"),
        (["fix", ".", "--rule", "main-scren-scale"], "option '--rule': no rule 'main-scren-scale' (did you mean `main-screen-scale`?)"),
        (["scan", "--format", "jsn"], "option '--format' must be one of xcode, json, sarif, markdown, github, checkstyle, junit, codeclimate (got 'jsn'; did you mean 'json'?)"),
        (["help", "nosuch"], "no command 'nosuch'"),
        (["rules", "extra"], "rules takes no arguments (got 'extra')"),
    ])
    func mistakesGetSuggestionsAndExitTwo(_ words: [String], _ message: String) {
        let r = run(words, environment: [:])
        #expect(r.code == 2)
        #expect(r.err.contains(message), "\(r.err)")
    }

    @Test func ruleIdsIgnoreCase() {
        let upper = run(["explain", "MAIN-SCREEN-BOUNDS"], environment: [:])
        #expect(upper.code == 0 && upper.out.hasPrefix("main-screen-bounds — "))
        let dir = TempDirectory()
        dir.write("V.swift", "import UIKit\nclass V: UIViewController { func f() { _ = UIScreen.main.bounds } }\n")
        let fix = run(["fix", dir.path, "--rule", "Main-Screen-Bounds"], environment: [:])
        #expect(fix.code == 0 && fix.out.contains("+class V: UIViewController { func f() { _ = view.bounds } }"), "\(fix.out)\(fix.err)")
    }

    @Test func outputAndOutAreOneFlag() throws {
        let dir = TempDirectory()
        dir.write("A.swift", "func f() { _ = UIScreen.main.scale }")
        #expect(run(["scan", dir.path, "--out", dir.path + "/a.txt", "--quiet"], environment: [:]).code == 0)
        #expect(try String(contentsOfFile: dir.path + "/a.txt", encoding: .utf8).contains("[main-screen-scale]"))
        let report = run(["report", "--output", dir.path + "/r", "--db", dir.path + "/none.sqlite"], environment: [:])
        #expect(report.err.contains("none.sqlite: no such store"), "\(report.err)")
    }
}

/// Colour, --strict, configuration files, and the messages a new user meets first.
@Suite struct CommandLineHabitsTests {
    @Test func colourOnATerminalUnlessNoColorOrNever() {
        let dir = TempDirectory()
        dir.write("A.swift", "func f() { _ = UIScreen.main.scale }")
        let esc = "\u{1B}["
        let terminal = run(["scan", dir.path], environment: [:], terminal: true)
        #expect(terminal.out.contains(esc + "1;33mwarning:" + esc + "0m") && terminal.err.contains(esc + "1;33m1 warning"))
        #expect(!run(["scan", dir.path], environment: [:]).out.contains(esc), "piped: no colour")
        #expect(!run(["scan", dir.path], environment: ["NO_COLOR": "1"], terminal: true).out.contains(esc))
        #expect(!run(["scan", dir.path], environment: ["TERM": "dumb"], terminal: true).err.contains(esc))
        #expect(!run(["scan", dir.path, "--color", "never"], environment: [:], terminal: true).out.contains(esc))
        #expect(run(["scan", dir.path, "--color", "always"], environment: ["NO_COLOR": "1"]).out.contains(esc), "the flag wins")
        // A report written to a file is never coloured, and other formats never are.
        #expect(!run(["scan", dir.path, "--format", "json"], environment: [:], terminal: true).out.contains(esc))
        // Colour never lets a file name's own escape through: it is escaped before painting.
        dir.write("B\u{1B}[31m.swift", "func g() { _ = UIScreen.main.scale }")
        let hostile = run(["scan", dir.path, "--color", "always"], environment: [:]).out
        #expect(!hostile.contains("B\u{1B}[31m"))
    }

    @Test func strictFailsOnWarnings() {
        let dir = TempDirectory()
        dir.write("A.swift", "func f() { _ = UIScreen.main.scale }")
        #expect(run(["scan", dir.path, "--quiet"], environment: [:]).code == 0)
        #expect(run(["scan", dir.path, "--quiet", "--strict"], environment: [:]).code == 1)
        #expect(run(["scan", dir.path, "--quiet", "--strict", "--fail-on", "warning"], environment: [:]).code == 1)
        let both = run(["scan", dir.path, "--strict", "--fail-on", "note"], environment: [:])
        #expect(both.code == 2 && both.err.contains("--strict is --fail-on warning"))
    }

    @Test func yamlConfigurationAtTheRootOrGivenWithConfig() throws {
        let dir = TempDirectory()
        dir.write("App/A.swift", "func f() { _ = UIScreen.main.scale }")
        dir.write("Legacy/B.swift", "func g() { _ = UIScreen.main.scale }")
        dir.write(".fleetscan.yml", "# as .swiftlint.yml users write it\nexclude:\n  - Legacy/**\nseverity:\n  Main-Screen-Scale: error\n")
        let r = run(["scan", dir.path], environment: [:])
        #expect(r.code == 1 && r.out.contains("App/A.swift:1:16: error:") && !r.out.contains("Legacy"), "\(r.out)\(r.err)")

        // A configuration outside the root replaces the root's.
        let elsewhere = TempDirectory()
        elsewhere.write("ci.yaml", "disable: [main-screen-scale]\n")
        let other = run(["scan", dir.path, "--config", elsewhere.path + "/ci.yaml"], environment: [:])
        #expect(other.code == 0 && other.out.isEmpty, "\(other.out)\(other.err)")
        elsewhere.write("ci.json", #"{"disable": ["main-screen-scale"]}"#)
        #expect(run(["scan", dir.path, "--config", elsewhere.path + "/ci.json", "--quiet"], environment: [:]).out.isEmpty)
        let missing = run(["scan", dir.path, "--config", elsewhere.path + "/nope.yml"], environment: [:])
        #expect(missing.code == 2 && missing.err.contains("nope.yml: no such configuration file"))

        // Mistakes name the file and the line.
        elsewhere.write("bad.yml", "exclude:\n  - a\ndisable:\n  - orientation-layot\n")
        let bad = run(["scan", dir.path, "--config", elsewhere.path + "/bad.yml"], environment: [:])
        #expect(bad.code == 2 && bad.err.contains("bad.yml:4: \"disable\" names unknown rule \"orientation-layot\" (did you mean `orientation-layout`?)"), "\(bad.err)")
        elsewhere.write("broken.yml", "exclude: [a\nseverity: {}\n")
        let broken = run(["scan", dir.path, "--config", elsewhere.path + "/broken.yml"], environment: [:])
        #expect(broken.code == 2 && broken.err.contains("broken.yml:") && broken.err.contains("not valid YAML"), "\(broken.err)")

        // Two configurations at one root: neither is guessed.
        dir.write(".fleetscan.json", "{}")
        let two = run(["scan", dir.path], environment: [:])
        #expect(two.code == 2 && two.err.contains(".fleetscan.yml and .fleetscan.json are both configurations; keep one"), "\(two.err)")
    }

    @Test func yamlConfigurationInAGitRevisionAndItsHistory() throws {
        let repo = TempDirectory()
        try BaselineTests.git(repo.path, "init", "-q", "-b", "main")
        repo.write("App/A.swift", "func f() { _ = UIScreen.main.scale }")
        repo.write(".fleetscan.yaml", "disable:\n  - main-screen-scale\n")
        try BaselineTests.git(repo.path, "add", "-A")
        try BaselineTests.git(repo.path, "commit", "-q", "-m", "one")
        let r = run(["scan", "--repo", repo.path, "--quiet"], environment: [:])
        #expect(r.code == 0 && r.out.isEmpty, "\(r.out)\(r.err)")
        repo.write(".fleetscan.yml", "{}\n")
        try BaselineTests.git(repo.path, "add", "-A")
        try BaselineTests.git(repo.path, "commit", "-q", "-m", "two")
        let two = run(["scan", "--repo", repo.path], environment: [:])
        #expect(two.code == 2 && two.err.contains(".fleetscan.yml and .fleetscan.yaml are both configurations"), "\(two.err)")
        let db = TempDirectory()
        let history = run(["history", "--repo", repo.path, "--db", db.path + "/h.sqlite", "--format", "json"], environment: [:])
        #expect(history.out.contains("are both configurations"), "\(history.out)\(history.err)")
        #expect(history.err.contains("fleetscan: history: 2 commits (2 scanned"), "\(history.err)")
        let one = run(["history", "--repo", repo.path, "--rev", "HEAD~1", "--db", db.path + "/one.sqlite"], environment: [:])
        #expect(one.err.contains("fleetscan: history: 1 commit (1 scanned, 0 already stored), 1 blob scanned"), "\(one.err)")
    }

    @Test func messagesANewUserMeets() throws {
        let folder = TempDirectory()
        let notRepo = run(["scan", "--repo", folder.path], environment: [:])
        #expect(notRepo.code == 2 && notRepo.err.contains("not a git repository: \(folder.path)"), "\(notRepo.err)")
        #expect(!notRepo.err.contains("could not find repository"))

        folder.write("history.json", #"{"schemaVersion": 1, "repository": "x", "commits": []}"#)
        folder.write("A.swift", "func f() {}")
        let baseline = run(["scan", folder.path, "--baseline", folder.path + "/history.json"], environment: [:])
        #expect(baseline.code == 2 && baseline.err.contains("this is a history report (`fleetscan history --format json`), not a scan report"), "\(baseline.err)")
        folder.write("fleet.json", #"{"schemaVersion": 1, "repositories": []}"#)
        #expect(run(["scan", folder.path, "--baseline", folder.path + "/fleet.json"], environment: [:]).err.contains("this is a fleet report"))
    }
}


/// What a first run meets at the edges: nothing to scan, a file instead of a folder, paths CI
/// systems can find, plain messages for missing files.
@Suite struct FirstRunEdgeTests {
    @Test func aScanWithNothingToScanSaysSoAndExitsTwo() {
        let empty = TempDirectory()
        empty.write("README.md", "# nothing to scan")
        let r = run(["scan", empty.path], environment: [:])
        #expect(r.code == 2 && r.err.contains("no Swift, Objective-C or Xcode project files under \(empty.path)"), "\(r.err)")
        #expect(!r.err.contains("stage modern"))

        let included = TempDirectory()
        included.write("App/View.swift", "import UIKit")
        included.write(".fleetscan.yml", "include: [Sources/**]\n")
        let none = run(["scan", included.path], environment: [:])
        #expect(none.code == 2 && none.err.contains("no file under \(included.path) matches the configuration's include (Sources/**)"), "\(none.err)")

        included.write(".fleetscan.yml", "exclude: [App/**]\n")
        let excluded = run(["scan", included.path], environment: [:])
        #expect(excluded.code == 2 && excluded.err.contains("every Swift and Objective-C file under \(included.path) is excluded by the configuration (1 left out)"),
                "\(excluded.err)")
    }

    @Test func aProjectFileNamedAloneIsScanned() {
        let plist = repositoryRoot + "/Fixtures/SampleApp/LegacyShop/Info.plist"
        let r = run(["scan", plist], environment: [:])
        #expect(r.code == 1, "\(r.err)")
        #expect(r.out.contains("\(plist):1:1: error: ") && r.out.contains("[scene-manifest-missing]"), "\(r.out)")
        let project = repositoryRoot + "/Fixtures/Projects/LegacySwiftApp/LegacySwiftApp.xcodeproj/project.pbxproj"
        let p = run(["scan", project, "--format", "json"], environment: [:])
        #expect(p.out.contains(#""path": "LegacySwiftApp.xcodeproj/project.pbxproj""#) && p.out.contains(#""rule": "scene-manifest-missing""#), "\(p.out)")
        let text = TempDirectory()
        text.write("notes.txt", "x")
        let refused = run(["scan", text.path + "/notes.txt"], environment: [:])
        #expect(refused.code == 2 && refused.err.contains("not a Swift or Objective-C source or a project file"), "\(refused.err)")
    }

    /// GitHub, Checkstyle, JUnit, Code Climate and SARIF resolve paths from the checkout's top.
    @Test func ciFormatsGivePathsFromTheRepositorysTop() throws {
        let repo = TempDirectory()
        _ = try FixtureRepositories.run(["git", "init", "-q", repo.path])
        repo.write("Apps/Shop/Feed.swift", "import UIKit\nlet w = UIScreen.main.bounds.width\n")
        let folder = repo.path + "/Apps/Shop"
        let path = "Apps/Shop/Feed.swift"
        #expect(run(["scan", folder, "--format", "github"], environment: [:]).out.contains("file=\(path),line=2"))
        #expect(run(["scan", folder, "--format", "checkstyle"], environment: [:]).out.contains("<file name=\"\(path)\">"))
        #expect(run(["scan", folder, "--format", "junit"], environment: [:]).out.contains("classname=\"\(path)\""))
        #expect(run(["scan", folder, "--format", "codeclimate"], environment: [:]).out.contains("\"path\": \"\(path)\""))
        #expect(run(["scan", folder, "--format", "sarif"], environment: [:]).out.contains("\"uri\": \"\(path)\""))
        // The JSON contract keeps paths relative to the scanned folder.
        #expect(run(["scan", folder, "--format", "json"], environment: [:]).out.contains("\"path\": \"Feed.swift\""))
        // Outside a work tree: from the working directory, as the xcode format prints them.
        let loose = TempDirectory()
        loose.write("Feed.swift", "import UIKit\nlet w = UIScreen.main.bounds.width\n")
        #expect(run(["scan", loose.path, "--format", "github"], environment: [:]).out.contains("file=\(loose.path)/Feed.swift,line=2"))
    }

    @Test func anUnreadableInfoPlistIsAnUnknownStageNotALaunchBlocker() throws {
        let r = run(["scan", repositoryRoot + "/Fixtures/Projects/PreprocessedPlistApp"], environment: [:])
        #expect(r.code == 0 && r.err.contains("stage unknown (1 target: Info.plist unreadable)"), "\(r.err)")
        let json = run(["scan", repositoryRoot + "/Fixtures/Projects/PreprocessedPlistApp", "--format", "json"], environment: [:]).out
        #expect(json.contains("\"stage\": \"unknown\"") && json.contains("\"reason\": \"Widgets/Info.plist: malformed property list"))
    }

    @Test func plainMessagesForWhatIsMissingOrMisnamed() {
        let toml = run(["scan", repositoryRoot + "/Fixtures/SampleApp", "--config", "x.toml"], environment: [:])
        #expect(toml.code == 2 && toml.err.contains("x.toml: a configuration is YAML (.yml, .yaml) or JSON (.json)"), "\(toml.err)")
        let manifest = run(["fleet", "run", "--manifest", "/no/such/fleet.json"], environment: [:])
        #expect(manifest.code == 2 && manifest.err.contains("fleetscan: error: no such file: /no/such/fleet.json\n"), "\(manifest.err)")
        #expect(!manifest.err.contains("The operation could not be completed"))
        let help = run(["fleet", "--help"], environment: [:])
        #expect(help.code == 0 && help.out.contains("usage: fleetscan fleet <subcommand>"), "\(help.out)")
        #expect(help.out.contains("  run --manifest FILE") && help.out.contains("  check --manifest FILE"), "\(help.out)")
        #expect(help.out == run(["help", "fleet"], environment: [:]).out)
    }

    /// The project's URL, the cache's fallbacks and when colour is on are each written once in
    /// the sources; README says the same words.
    @Test func readmeAndHelpUseTheSameWordsAndTheProjectHasOneURL() throws {
        let readme = try String(contentsOfFile: repositoryRoot + "/README.md", encoding: .utf8)
        #expect(readme.contains(Flags.cacheFallbacks))
        #expect(readme.contains(Flags.colorAuto))
        var texts = [("README.md", readme)]
        for folder in ["docs", "docs/schemas"] {
            for name in try FileManager.default.contentsOfDirectory(atPath: repositoryRoot + "/" + folder) where name.hasSuffix(".md") || name.hasSuffix(".json") {
                texts.append((folder + "/" + name, try String(contentsOfFile: repositoryRoot + "/" + folder + "/" + name, encoding: .utf8)))
            }
        }
        let home = PublicSource.homepage
        for (name, text) in texts {
            var rest = Substring(text)
            while let r = rest.range(of: #"https?://[A-Za-z0-9./_-]*fleetscan[A-Za-z0-9./_#-]*"#, options: .regularExpression) {
                let url = rest[r]
                #expect(url.hasPrefix(home), "\(name): \(url) is not under \(home)")
                rest = rest[r.upperBound...]
            }
        }
    }
}

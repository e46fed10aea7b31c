import Foundation
import Testing
import RuleKit
import ScanEngine
import TestSupport

@Suite struct SuppressionTests {
    @Test func lineAndLineAboveAndFile() {
        let r = scan([
            "A.swift": """
                func f() {
                    let a = UIScreen.main.scale // fleetscan:ignore main-screen-scale
                    // fleetscan:ignore main-screen-scale
                    let b = UIScreen.main.scale

                    let c = UIScreen.main.scale
                }
                """,
            "B.m": "// fleetscan:ignore-file main-screen-scale\nvoid f(void) { a = [UIScreen mainScreen].scale; b = [UIScreen mainScreen].scale; }",
        ])
        #expect(r.findings.map { "\($0.path):\($0.line) \($0.rule)" } == ["A.swift:6 main-screen-scale"])
    }

    @Test func unusedAndUnknownSuppressionsAreReported() {
        let r = scan(["A.swift": """
            func f() {
                let a = 1 // fleetscan:ignore main-screen-scale
                let b = UIScreen.main.scale // fleetscan:ignore main-screen-scale, no-such-rule
            }
            """])
        #expect(r.findings.map { "\($0.line):\($0.column) \($0.rule)" } == ["2:15 unused-suppression", "3:33 unused-suppression"])
        #expect(r.findings.last?.message.contains("no-such-rule") == true)
        #expect(r.findings.last?.message.contains("unknown rule id") == true)
    }

    @Test func aSuppressionTwoLinesAboveDoesNotReach() {
        let r = scan(["A.swift": "func f() {\n    // fleetscan:ignore main-screen-scale\n\n    let a = UIScreen.main.scale\n}"])
        #expect(r.findings.map(\.rule) == ["unused-suppression", "main-screen-scale"])
    }
}

@Suite struct ConfigurationTests {
    func parse(_ json: String) throws -> Configuration {
        try Configuration.parse(Data(json.utf8), source: "repo/.fleetscan.json")
    }

    @Test func parsesEveryKey() throws {
        let c = try parse(#"{"exclude": ["Generated/", "*.pb.swift"], "include": ["App/**"], "disable": ["main-screen"], "severity": {"idiom-layout": "error"}}"#)
        #expect(c.disabled == ["main-screen"])
        #expect(c.severity == ["idiom-layout": .error])
        #expect(c.includes(file: "App/Feed.swift"))
        #expect(!c.includes(file: "App/Generated/Model.swift"))
        #expect(!c.includes(file: "App/Model.pb.swift"))
        #expect(!c.includes(file: "Other/Feed.swift"))
    }

    @Test(arguments: [
        (#"{"exlude": []}"#, "unknown key \"exlude\""),
        (#"{"disable": ["main-screens"]}"#, "unknown rule \"main-screens\""),
        (#"{"severity": {"main-screen": "fatal"}}"#, "\"severity\".\"main-screen\" must be"),
        (#"{"severity": {"nope": "error"}}"#, "unknown rule \"nope\""),
        (#"{"exclude": "Pods"}"#, "\"exclude\" must be a list of strings, not a string"),
        (#"{"exclude": ["a", 3]}"#, "\"exclude\" must be a list of strings; item 2 is a number or boolean"),
        (#"{"disable": ["orientation-layot"]}"#, "unknown rule \"orientation-layot\" (did you mean `orientation-layout`?)"),
        (#"{"severty": {}}"#, "unknown key \"severty\" (did you mean \"severity\"?)"),
        (#"[1, 2]"#, "expected a mapping (an object) at the top level"),
        (#"{"exclude": [}"#, "not valid JSON"),
    ])
    func badConfigurationNamesTheKey(_ json: String, _ expected: String) {
        do {
            _ = try parse(json)
            Issue.record("accepted \(json)")
        } catch let error as ScanError {
            #expect(error.message.hasPrefix("repo/.fleetscan.json: "))
            #expect(error.message.contains(expected), "\(error.message)")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func plannedRuleIdsAreAccepted() throws {
        #expect(try parse(#"{"disable": ["scene-manifest-missing"]}"#).disabled == ["scene-manifest-missing"])
    }

    @Test func disableAndSeverityApply() {
        let config = Configuration(disabled: ["main-screen-scale"], severity: ["main-screen-bounds": .error])
        let r = scan(["A.swift": "func f() {\n _ = UIScreen.main.scale\n _ = UIScreen.main.bounds\n}"], configuration: config)
        #expect(r.findings.map { "\($0.rule) \($0.severity)" } == ["main-screen-bounds error"])
    }

    @Test func vendoredFoldersAreWholeComponents() {
        let c = Configuration()
        #expect(!c.includes(file: "Pods/Lib/A.swift"))
        #expect(!c.includes(file: "App/Carthage/Checkouts/X.m"))
        #expect(!c.includes(file: ".build/checkouts/A.swift"))
        #expect(!c.includes(file: "Cores/zstd/build/cmake/tests/CMakeFiles/paramgrill.dir/Info.plist"))
        #expect(c.includes(file: "MyPods/A.swift"))
        #expect(c.includes(file: "vendored/A.swift"))
        #expect(c.includes(file: "App/ThirdPartyLogin/A.swift"))
        // In any case, as Apple's file systems see them (CocoaDebug's example apps' `Vendor/`).
        #expect(!c.includes(file: "Example_Swift/Vendor/ASIHTTPRequest/ASIAuthenticationDialog.m"))
        #expect(!c.includes(file: "Libs/thirdparty/A.swift") && !c.includes(file: "Libs/THIRD_PARTY/A.swift"))
        #expect(!c.entersFolder("Example/Vendor") && c.entersFolder("Example/Vendors"))
        let optIn = Configuration(include: [Glob("Pods/MyFork/**"), Glob("App/**")])
        #expect(optIn.includes(file: "Pods/MyFork/A.m"))
        #expect(!optIn.includes(file: "Pods/Other/A.m"))
        #expect(optIn.includes(file: "App/A.swift"))
        #expect(optIn.entersFolder("Pods") && optIn.entersFolder("Pods/MyFork") && !optIn.entersFolder("Pods/Other"))
    }

    @Test func globs() {
        #expect(Glob("**/*.generated.swift").matches("A/B/x.generated.swift"))
        #expect(Glob("**/*.generated.swift").matches("x.generated.swift"))
        #expect(Glob("Sources/*.swift").matches("Sources/a.swift"))
        #expect(!Glob("Sources/*.swift").matches("Sources/x/a.swift"))
        #expect(Glob("Legacy/").matches("Legacy/a/b.m"))
        #expect(Glob("Generated").matches("App/Generated/x.swift"))
        #expect(!Glob("Generated").matches("App/Generator/x.swift"))
        #expect(Glob("a?c.m").matches("abc.m") && !Glob("a?c.m").matches("ac.m"))
    }
}

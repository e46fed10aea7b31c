import Foundation
import Testing
import Reports
import RuleKit
import ScanEngine
import TestSupport

@Suite struct ReportTests {
    static func sampleScan() throws -> (PathScan, ScanResult) {
        let scan = try PathScan.prepare([repositoryRoot + "/Fixtures/SampleApp"])
        return (scan, scan.run(jobs: 2))
    }

    @Test func xcodeFormatOfTheSampleApp() throws {
        let (_, result) = try Self.sampleScan()
        expectGolden(XcodeReport.render(result), "sample-app.xcode.txt")
    }

    @Test func xcodeFormatSaysWhoseCodeAFindingThatNeverCountsIsIn() throws {
        let (_, result) = try Self.sampleScan()
        var r = result
        let base = try #require(r.findings.first)
        r.findings = TargetScope.allCases.map { scope in var f = base; f.scope = scope; return f }
        let tails = XcodeReport.render(r).split(separator: "\n").map { $0.components(separatedBy: "[\(base.rule)]").last ?? "" }
        #expect(tails == ["", "", " (example app)", " (test)", " (no target builds this file)"])
    }

    @Test func jsonFormatOfTheSampleApp() throws {
        let (_, result) = try Self.sampleScan()
        expectGolden(JSONReport.render(result, target: ScanTarget(path: "Fixtures/SampleApp")), "sample-app.json")
    }

    /// Targets are known by project and name: the JSON says which project file declares each.
    @Test func jsonNamesEachTargetsProject() throws {
        let result = try PathScan.prepare([repositoryRoot + "/Fixtures/Projects/ExamplesLibrary"]).run(jobs: 2)
        let text = JSONReport.render(result, target: ScanTarget(path: "."))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let targets = try #require((object["summary"] as? [String: Any])?["targets"] as? [[String: Any]])
        let named = targets.map { "\($0["name"] as? String ?? "") in \($0["project"] as? String ?? "none")" }
        #expect(named.contains("Sample (examples/Gallery/Sample.xcodeproj) in examples/Gallery/Sample.xcodeproj"))
        #expect(named.contains("Kit in Kit.xcodeproj"))
        #expect(named.count == 6)
    }

    /// An Xcode target and a Swift package target of one name are two targets: the summary
    /// lists both, each with its project, and findings name them as the summary does.
    @Test func jsonTellsAProjectsTargetFromThePackagesOfTheSameName() throws {
        let result = try PathScan.prepare([repositoryRoot + "/Fixtures/Projects/PackageBesideProject"]).run(jobs: 2)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(JSONReport.render(result, target: ScanTarget(path: ".")).utf8)) as? [String: Any])
        let targets = try #require((object["summary"] as? [String: Any])?["targets"] as? [[String: Any]])
        #expect(targets.map { "\($0["name"] as? String ?? "") in \($0["project"] as? String ?? "none")" } == [
            "Layout (Layout.xcodeproj) in Layout.xcodeproj", "Layout (Package.swift) in Package.swift",
            "Layout Tests in Layout.xcodeproj", "LayoutTestResources in Package.swift", "LayoutTests in Package.swift",
            "Lint in BuildTools/Package.swift",
        ])
        let findings = try #require(object["findings"] as? [[String: Any]])
        #expect(findings.map { $0["targets"] as? [String] ?? [] } == [["Layout (Layout.xcodeproj)", "Layout (Package.swift)"], ["Layout Tests", "LayoutTests"]])
        // The summary line names the target that holds the stage as the list does.
        #expect(ScanSummary.line(result).hasSuffix("; stage launches (Layout (Layout.xcodeproj): screen-size-device-check; Layout (Package.swift): screen-size-device-check)"))
    }

    @Test func jsonFollowsTheVersionOneContract() throws {
        let (_, result) = try Self.sampleScan()
        let text = JSONReport.render(result, target: ScanTarget(path: "."))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["schemaVersion", "tool", "target", "findings", "summary", "diagnostics"])
        #expect(object["schemaVersion"] as? Int == 1)
        let target = try #require(object["target"] as? [String: Any])
        #expect(Set(target.keys) == ["path", "repo", "rev", "commit"])
        #expect(target["repo"] is NSNull)
        let findings = try #require(object["findings"] as? [[String: Any]])
        #expect(!findings.isEmpty)
        for f in findings {
            // SPEC.md's keys, plus extensions (never a rename): the path-free fingerprint, and the
            // scope and targets of rules v2.
            #expect(Set(f.keys) == ["rule", "severity", "facet", "context", "path", "line", "column", "message", "suggestion", "fingerprint",
                                    "contentFingerprint", "scope", "targets", "lineFingerprint"])
        }
        let summary = try #require(object["summary"] as? [String: Any])
        // SPEC.md's keys, plus the extensions (never renames): entries not scanned for what they are.
        #expect(Set(summary.keys) == ["files", "skipped", "diagnostics", "error", "warning", "note", "byRule", "stage",
                                      "symlinks", "submodules", "lfsPointers", "targets"])
        #expect(summary["files"] as? Int == 7)
        #expect(summary["stage"] as? String == "not-launching")
        let byRule = try #require(summary["byRule"] as? [String: Int])
        #expect(byRule.values.reduce(0, +) == findings.count)
        let counted = (summary["error"] as! Int) + (summary["warning"] as! Int) + (summary["note"] as! Int)
        #expect(counted == findings.count)
    }

    @Test func jsonEscapesControlCharactersAndQuotes() {
        let v = JSONValue.object([("s", .string("a\"b\\c\n\u{01}é"))])
        #expect(v.rendered() == "{\n  \"s\": \"a\\\"b\\\\c\\n\\u0001é\"\n}\n")
    }

    @Test func sampleAppHasEveryPatternItAdvertises() throws {
        let (_, result) = try Self.sampleScan()
        let rules = Set(result.findings.map(\.rule.rawValue))
        for expected in ["window-in-app-delegate", "app-lifecycle-callback", "global-geometry-constant", "main-screen-bounds",
                         "main-screen-scale", "screen-size-device-check", "idiom-layout", "orientation-layout", "shared-windows",
                         "hardcoded-bar-height", "window-without-scene", "symmetric-safe-area", "keyboard-frame-unconverted"] {
            #expect(rules.contains(expected), "\(expected)")
        }
        #expect(!result.findings.contains { $0.path.hasPrefix("Pods/") })
        #expect(!result.findings.contains { $0.rule == "unused-suppression" })
    }
}

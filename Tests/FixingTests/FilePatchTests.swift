import Testing
@testable import Fixing
import RuleKit
import SourceLexing

@Suite struct FilePatchTests {
    static func edit(_ bytes: [UInt8], _ find: String, _ replacement: String, occurrence: Int = 0) -> Edit {
        let text = String(decoding: bytes, as: UTF8.self)
        var from = text.startIndex
        var range = text.range(of: find)!
        for _ in 0..<occurrence {
            from = range.upperBound
            range = text.range(of: find, range: from..<text.endIndex)!
        }
        let start = text.utf8.distance(from: text.startIndex, to: range.lowerBound)
        return Edit(path: "A.swift", rule: "r", line: 1, column: 1, range: start..<(start + find.utf8.count), original: find,
                    replacement: replacement)
    }

    @Test func editsKeepEveryOtherByteAndTheDiffHasContextAndHunks() {
        let lines = (1...20).map { "line \($0)" }
        let bytes = Array((lines.joined(separator: "\r\n") + "\r\n").utf8)
        let patch = FilePatch(path: "Shop/A File.swift", original: bytes,
                              edits: [Self.edit(bytes, "line 2\r", "line two\r"), Self.edit(bytes, "line 15", "line fifteen")])
        let after = String(decoding: patch.applied(), as: UTF8.self)
        #expect(after.hasPrefix("line 1\r\nline two\r\nline 3\r\n") && after.contains("\r\nline fifteen\r\n") && after.hasSuffix("line 20\r\n"))
        let diff = patch.unifiedDiff()
        #expect(diff.hasPrefix("diff --git a/Shop/A File.swift b/Shop/A File.swift\n--- a/Shop/A File.swift\n+++ b/Shop/A File.swift\n"))
        // Two hunks: lines 1–5 around line 2, 12–18 around line 15; CRLF kept in the lines.
        #expect(diff.contains("@@ -1,5 +1,5 @@\n line 1\r\n-line 2\r\n+line two\r\n line 3\r\n"))
        #expect(diff.contains("@@ -12,7 +12,7 @@\n line 12\r\n"))
        #expect(diff.contains("-line 15\r\n+line fifteen\r\n"))
    }

    @Test func overlappingEditsKeepTheFirstAndAMissingNewlineIsSaid() {
        let bytes = Array("let a = UIScreen.main.scale".utf8)
        let first = Self.edit(bytes, "UIScreen.main.scale", "traitCollection.displayScale")
        let second = Self.edit(bytes, "main.scale", "x")
        let patch = FilePatch(path: "A.swift", original: bytes, edits: [second, first])
        #expect(patch.edits == [first])
        #expect(String(decoding: patch.applied(), as: UTF8.self) == "let a = traitCollection.displayScale")
        #expect(patch.unifiedDiff().hasSuffix("-let a = UIScreen.main.scale\n\\ No newline at end of file\n+let a = traitCollection.displayScale\n\\ No newline at end of file\n"))
        #expect(FilePatch(path: "A.swift", original: bytes, edits: []).unifiedDiff() == "")
    }

    @Test func generatedFilesAreToldByFolderNameOrHeader() {
        #expect(FixPlan.generated(path: "App/Generated/Assets.swift", bytes: []) != nil)
        #expect(FixPlan.generated(path: "App/Strings.generated.swift", bytes: []) != nil)
        #expect(FixPlan.generated(path: "App/L10n.swift", bytes: Array("// swiftlint:disable all\n// Generated using SwiftGen\n".utf8)) != nil)
        #expect(FixPlan.generated(path: "App/Proto.pb.swift", bytes: Array("// DO NOT EDIT.\n".utf8)) != nil)
        #expect(FixPlan.generated(path: "App/Feed.swift", bytes: Array("import UIKit\n// The feed; its cells are generated lazily.\n".utf8)) == nil)
        #expect(FixPlan.generated(path: "GeneratedCode.swift", bytes: Array("import UIKit\n".utf8)) == nil)
    }

    @Test func explainSaysWhichFixesAreAutomatic() throws {
        let bounds = try #require(MechanicalFixes.describe("main-screen-bounds"))
        #expect(bounds.contains("Swift, in a view controller: `UIScreen.main.bounds` → `view.bounds`"))
        #expect(!bounds.contains { $0.contains("in a view:") }, "in a view, main-screen-bounds is fixed by hand")
        #expect(MechanicalFixes.describe("main-screen-scale")?.last?.hasPrefix("Swift, in a SwiftUI view: `UIScreen.main.scale` → `displayScale`") == true)
        #expect(MechanicalFixes.describe("idiom-layout") == nil)
        #expect(MechanicalFixes.ruleIDs == ["legacy-layout-guide", "main-screen-bounds", "main-screen-scale", "shared-windows", "status-bar-frame"])
    }
}

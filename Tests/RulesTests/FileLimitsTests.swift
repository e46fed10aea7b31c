import Testing
import RuleKit
@testable import Rules
import SourceLexing

/// A generated or hostile file costs what a large real one does: its findings are listed up to
/// `FindingSink.maximumFindings` and counted past it, and its alias and bar-height candidates are
/// kept up to `FactExtractor.maximumCandidates`, each said in one line of the file's problems.
@Suite struct FileLimitsTests {
    static func analyze(_ source: String) -> FileAnalysis {
        Analyzer().analyze(path: "App/Big.swift", buffer: SourceBuffer(Array(source.utf8)), language: .swift)
    }

    @Test func findingsPastTheLimitAreCountedPerRule() {
        let n = FindingSink.maximumFindings + 50
        let body = (0..<n).map { "    let w\($0) = UIScreen.main.bounds.width; _ = w\($0)" }.joined(separator: "\n")
        let a = Self.analyze("import UIKit\n\nfinal class V: UIView {\n  func f() {\n\(body)\n  }\n}\n")
        #expect(a.findings.count == FindingSink.maximumFindings)
        #expect(Set(a.findings.map(\.rule)) == ["main-screen-bounds"])
        #expect(a.findings.last!.line == FindingSink.maximumFindings + 4)
        #expect(a.problems == ["50 more findings of main-screen-bounds not listed (a file lists at most 10000)"], "\(a.problems)")
    }

    @Test func aFileUnderTheLimitListsEverythingAndSaysNothing() {
        let body = (0..<200).map { "    let w\($0) = UIScreen.main.bounds.width; _ = w\($0)" }.joined(separator: "\n")
        let a = Self.analyze("import UIKit\n\nfinal class V: UIView {\n  func f() {\n\(body)\n  }\n}\n")
        #expect(a.findings.count == 200)
        #expect(a.problems.isEmpty)
    }

    @Test func aliasCandidatesPastTheLimitAreCounted() {
        let n = FactExtractor.maximumCandidates + 7
        let source = "import UIKit\n" + (0..<n).map { "let screenWidth\($0) = UIScreen.main.bounds.width" }.joined(separator: "\n") + "\n"
        let a = Self.analyze(source)
        #expect(a.facts.aliases.count == FactExtractor.maximumCandidates)
        #expect(a.problems.contains("7 more constants not read as geometry aliases or bar heights (a file contributes at most 2000 of each)"), "\(a.problems)")
    }
}

import Foundation
import Testing
import Reports
import RuleKit
import ScanEngine
import TestSupport

/// The reporters CI systems read natively, over the sample app, and what hostile names do to them.
@Suite struct CIReportsTests {
    @Test func eachMatchesItsGolden() throws {
        let report = try FormatTests.sample()
        expectGolden(GitHubReport.render(report), "sample-app.github.txt")
        expectGolden(CheckstyleReport.render(report), "sample-app.checkstyle.xml")
        expectGolden(JUnitReport.render(report), "sample-app.junit.xml")
        expectGolden(CodeClimateReport.render(report), "sample-app.codeclimate.json")
    }

    /// A finding whose path and message hold what each format treats as syntax.
    static func hostile() throws -> ScanReport {
        var f = Finding(rule: "main-screen-bounds", severity: .warning, facet: .size, context: .view,
                        path: "A,B:C/<x&y>\"q'.swift", line: 3, column: 5,
                        message: "text\n::error file=x::forged & <b>bold</b> \u{1}bell %0A", suggestion: "use `bounds`\r\nnow",
                        fingerprint: "f")
        f.column16 = 5
        var report = try FormatTests.sample()
        report.result.findings = [f]
        return report
    }

    @Test func hostileTextStaysData() throws {
        let github = GitHubReport.render(try Self.hostile())
        #expect(github.split(separator: "\n").count == 1, "one command, no forged one")
        #expect(github.hasPrefix("::warning file=A%2CB%3AC/<x&y>\"q'.swift,line=3,col=5,title=fleetscan main-screen-bounds::text%0A::error"))
        #expect(github.contains("%250A") && github.contains("%0D%0Anow"))
        for xml in [CheckstyleReport.render(try Self.hostile()), JUnitReport.render(try Self.hostile())] {
            #expect(!xml.contains("<b>") && !xml.contains("\u{1}"))
            let dir = TempDirectory()
            dir.write("r.xml", xml)
            let parsed = try FixtureRepositories.run(["python3", "-c", """
                import sys, xml.dom.minidom
                d = xml.dom.minidom.parse(sys.argv[1])
                e = d.getElementsByTagName('error') or d.getElementsByTagName('failure')
                print(e[0].getAttribute('message'))
                """, dir.path + "/r.xml"])
            #expect(parsed.hasPrefix("text\n::error file=x::forged & <b>bold</b> \u{FFFD}bell"), "\(parsed)")
        }
        let json = try #require(try JSONSerialization.jsonObject(with: Data(CodeClimateReport.render(try Self.hostile()).utf8)) as? [[String: Any]])
        #expect((json.first?["location"] as? [String: Any])?["path"] as? String == "A,B:C/<x&y>\"q'.swift")
    }
}

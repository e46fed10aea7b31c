import Foundation
import Testing
import GitAccess
import History
import Reports
import ResultStore
import RuleKit
import ScanEngine
import TestSupport

@Suite struct FormatTests {
    static func sample() throws -> ScanReport {
        let scan = try PathScan.prepare([repositoryRoot + "/Fixtures/SampleApp"])
        return ScanReport(result: scan.run(jobs: 2), target: ScanTarget(path: "Fixtures/SampleApp"))
    }

    @Test func sarifOfTheSampleApp() throws {
        expectGolden(SARIFReport.render(try Self.sample()), "sample-app.sarif")
    }

    @Test func markdownOfTheSampleApp() throws {
        expectGolden(MarkdownReport.render(try Self.sample()), "sample-app.md")
    }

    @Test func sarifIsValidAgainstTheOfficialSchemaAndWhatGitHubNeeds() throws {
        #expect(try validate("sarif", SARIFReport.render(try Self.sample())) == "ok")
        // The validator does catch what GitHub would reject: a result naming no rule.
        let broken = SARIFReport.render(try Self.sample()).replacingOccurrences(of: "\"ruleId\": \"main-screen-bounds\"", with: "\"ruleId\": \"nope\"")
        #expect(try validate("sarif", broken).contains("ruleId names no rule"))
    }

    @Test func sarifLocationsAreRelativeWithUTF16Columns() throws {
        let dir = TempDirectory()
        // Three UTF-16 units (two of them a surrogate pair) but six UTF-8 bytes before the read.
        dir.write("My Views/Emoji.swift", "let s = \"é😀\"; let w = UIScreen.main.bounds.width\n")
        let scan = try PathScan.prepare([dir.path])
        let report = ScanReport(result: scan.run(jobs: 1), target: ScanTarget(path: dir.path))
        // The file-scope constant's own finding sits at `w`: byte 23, UTF-16 unit 20.
        let f = try #require(report.result.findings.first)
        #expect(f.rule == "global-geometry-constant" && f.column == 23 && f.column16 == 20)
        let sarif = try #require(try JSONSerialization.jsonObject(with: Data(SARIFReport.render(report).utf8)) as? [String: Any])
        let run = try #require((sarif["runs"] as? [[String: Any]])?.first)
        let result = try #require((run["results"] as? [[String: Any]])?.first)
        let location = try #require(((result["locations"] as? [[String: Any]])?.first?["physicalLocation"]) as? [String: Any])
        #expect((location["artifactLocation"] as? [String: Any])?["uri"] as? String == "My%20Views/Emoji.swift")
        #expect((location["region"] as? [String: Any])?["startColumn"] as? Int == 20)
        #expect(run["columnKind"] as? String == "utf16CodeUnits")
        #expect((result["partialFingerprints"] as? [String: String])?["fleetscan/v1"] == f.fingerprint)
    }

    @Test func jsonReportsValidateAgainstTheDocumentedSchemas() throws {
        var report = try Self.sample()
        #expect(try validate("scan", JSONReport.render(report)) == "ok")
        report.comparison = Baseline(findings: Array(report.result.findings.dropFirst(3))).compare(report.result.findings)
        #expect(try validate("scan", JSONReport.render(report)) == "ok")
        // And the schema does reject what the contract forbids.
        #expect(try validate("scan", JSONReport.render(report).replacingOccurrences(of: "\"severity\": \"warning\"", with: "\"severity\": \"fatal\"")) != "ok")
    }

    @Test func aBaselineMarksNewFindingsInEveryFormat() throws {
        var report = try Self.sample()
        let all = report.result.findings
        report.comparison = Baseline(findings: all.filter { $0.rule != "idiom-layout" }).compare(all)
        let fresh = all.filter { $0.rule == "idiom-layout" }
        #expect(report.newFindings == fresh && !fresh.isEmpty)
        #expect(report.comparison?.known == all.count - fresh.count && report.comparison?.fixed == 0)
        #expect(XcodeReport.render(report).split(separator: "\n").filter { $0.contains("(new)") }.count == fresh.count)
        let md = MarkdownReport.render(report)
        #expect(md.hasPrefix("## fleetscan: \(fresh.count) new findings (\(fresh.count) warnings)"))
        #expect(md.contains("against the baseline: \(all.count - fresh.count) known, 0 fixed"))
        let sarif = SARIFReport.render(report)
        #expect(sarif.components(separatedBy: "\"baselineState\": \"new\"").count - 1 == fresh.count)
        #expect(ScanSummary.line(report).hasSuffix("; new: \(fresh.count) (\(fresh.count) warnings), known: \(all.count - fresh.count), fixed: 0"))
    }
}

@Suite struct HistoryFormatTests {
    /// History of a small generated repository (deterministic: fixed dates, seeded content).
    static func history() throws -> HistoryReportInput {
        let repo = try FixtureRepositories.history(["--commits", "14", "--units", "4", "--seed", "5"])
        let dir = TempDirectory()
        let store = try SQLiteStore(path: dir.path + "/h.sqlite")
        let outcome = try HistoryScan.run(pool: RepositoryPool(path: repo), name: "shop", url: "shop", store: store,
                                          options: HistoryOptions(revision: "main", jobs: 2))
        let id = try store.repository(name: "shop", url: "shop")
        let records = try store.commits(RulesetKey(repository: id, ruleset: Ruleset.fingerprint), ids: outcome.chain)
        var byID: [String: CommitRecord] = [:]
        for r in records { byID[r.commit] = r }
        let entries = records.map { r in
            HistoryEntry(record: r, parentCounts: r.parent.map { byID[$0]?.counts } ?? [:])
        }
        return HistoryReportInput(repository: "shop", revision: "main", entries: entries, outcome: outcome)
    }

    @Test func historyJSONAndMarkdown() throws {
        let input = try Self.history()
        expectGolden(HistoryJSON.render(input), "history.json")
        expectGolden(HistoryMarkdown.render(input), "history.md")
        #expect(try validate("history", HistoryJSON.render(input)) == "ok")
    }

    @Test func datesAreUTC() {
        #expect(ISODate.string(0) == "1970-01-01T00:00:00Z")
        #expect(ISODate.string(1_700_003_600) == "2023-11-14T23:13:20Z")
        #expect(ISODate.parse("2023-11-14T23:13:20Z") == 1_700_003_600)
        #expect(ISODate.parse("2026-02-30") == nil && ISODate.parse("2026-13-01") == nil && ISODate.parse("yesterday") == nil)
        #expect(ISODate.string(-86_400) == "1969-12-31T00:00:00Z")
    }
}

@Suite struct EscapeTests {
    @Test func controlCharactersAreWrittenVisibly() {
        #expect(Escape.line("a\nb\rc\td\u{1B}[31m\u{07}\u{7F}\u{85}\u{2028}é中") == "a\\nb\\rc\\td\\x1B[31m\\x07\\x7F\\x85\\u{2028}é中")
        #expect(Escape.line("plain/Path.swift") == "plain/Path.swift")
    }

    @Test func markdownTextShowsAsWritten() {
        #expect(Escape.markdown("<script>x</script> [a](b) *b* _c_ `d` | e & ~f~ #1 ! A_B") ==
                "\\<script\\>x\\</script\\> \\[a\\](b) \\*b\\* \\_c\\_ \\`d\\` \\| e & \\~f\\~ #1 ! A_B")
    }

    @Test func messagesKeepTheirCodeSpansAndEscapeTheRest() {
        #expect(Escape.markdownWithCode("`width` reads `UIScreen.main.bounds` (A/[x](y).swift:3)")
                == "`width` reads `UIScreen.main.bounds` (A/\\[x\\](y).swift:3)")
        // An unpaired backtick from a file name is escaped; what follows stays text.
        #expect(Escape.markdownWithCode("`a` in B`[x](y)") == "`a` in B\\`\\[x\\](y)")
        #expect(Escape.markdownWithCode("`a|b`", inTable: true) == "`a\\|b`")
    }

    @Test func codeSpansFenceBackticksInside() {
        #expect(Escape.codeSpan("App/A.swift:3") == "`App/A.swift:3`")
        #expect(Escape.codeSpan("A`B``C") == "```A`B``C```")
        #expect(Escape.codeSpan("`A") == "`` `A ``")
        #expect(Escape.codeSpan("a|b", inTable: true) == "`a\\|b`")
    }
}

/// The JSON report is written in pieces as it is made; the pieces are the rendered text.
@Suite struct StreamedJSONTests {
    @Test func streamingWritesWhatRenderingWrites() {
        let values: [JSONValue] = [.int(1), .string("é\n\"x\""), .array([]), .object([]), .array([.null, .bool(true), .object([("a", .double(1.5))])])]
        for count in [0, 1, 3, 2_000] {
            let items = (0..<count).map { i in JSONValue.object([("i", .int(i)), ("v", values[i % values.count])]) }
            let members: [(String, JSONValue)] = [("head", .string("h")), ("items", .array(items)), ("tail", .object([("k", .array([.int(2)]))]))]
            var pieces: [[UInt8]] = []
            JSONValue.stream([("head", .value(members[0].1)), ("items", .items(count) { items[$0] }), ("tail", .value(members[2].1))], piece: 256) {
                pieces.append($0)
            }
            #expect(String(decoding: pieces.joined(), as: UTF8.self) == JSONValue.object(members).rendered())
            // Each piece ends a line, so no character is split between two.
            #expect(pieces.allSatisfy { $0.last == 10 })
            if count == 2_000 { #expect(pieces.count > 100) }
        }
        var whole: [UInt8] = []
        JSONValue.stream([]) { whole += $0 }
        #expect(String(decoding: whole, as: UTF8.self) == JSONValue.object([]).rendered())
    }
}

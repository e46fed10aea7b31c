import Foundation
import Testing
import RuleKit
import Rules
import SourceLexing
import TestSupport

@Suite struct CatalogTests {
    @Test func idsAreSortedAndUnique() {
        let ids = Catalog.rules.map(\.id)
        #expect(ids == ids.sorted())
        #expect(Set(ids).count == ids.count)
        #expect(Set(ids).isDisjoint(with: Catalog.plannedRuleIDs))
    }

    /// Code names rules by `RuleID`'s constants: one constant per rule, each a rule's, and no id
    /// spelt as a string anywhere else in `Sources/` (a misspelt string would silently match nothing).
    @Test func ruleIDsAreConstantsNotStrings() throws {
        let declared = try String(contentsOfFile: repositoryRoot + "/Sources/RuleKit/RuleID.swift", encoding: .utf8)
        let constants = Set(declared.matches(of: /static let \w+ = RuleID\(rawValue: "([a-z-]+)"\)/).map { String($0.1) })
        #expect(constants == Set(Catalog.rules.map(\.id.rawValue)), "RuleID's constants and the catalog's rules differ")
        let quoted = Set(constants.map { "\"\($0)\"" })
        var offenders: [String] = []
        let root = repositoryRoot + "/Sources"
        for case let relative as String in FileManager.default.enumerator(atPath: root)! where relative.hasSuffix(".swift") && relative != "RuleKit/RuleID.swift" {
            let text = try String(contentsOfFile: root + "/" + relative, encoding: .utf8)
            for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                for id in quoted where line.contains(id) { offenders.append("Sources/\(relative):\(n + 1): \(id)") }
            }
        }
        #expect(offenders.isEmpty, "rule ids written as strings (use RuleID's constants): \(offenders)")
    }

    /// The code cites what its users can open too: no comment in `Sources/` cites the team's
    /// source documents ("seed 002") or quotes them untranslated.
    @Test func sourcesCitePublicSourcesOnly() throws {
        var offenders: [String] = []
        let root = repositoryRoot + "/Sources"
        for case let relative as String in FileManager.default.enumerator(atPath: root)! where relative.hasSuffix(".swift") {
            let text = try String(contentsOfFile: root + "/" + relative, encoding: .utf8)
            for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.contains(/(?i)\bseeds? [0-9]/) || line.unicodeScalars.contains(where: { (0x3000...0x9FFF).contains($0.value) }) {
                offenders.append("Sources/\(relative):\(n + 1)")
            }
        }
        #expect(offenders.isEmpty, "comments citing seed documents: \(offenders)")
    }

    @Test func everyRuleOfRulesMdIsImplementedOrPlanned() throws {
        let text = try String(contentsOfFile: repositoryRoot + "/docs/RULES.md", encoding: .utf8)
        let regex = try NSRegularExpression(pattern: "^\\| (?:<a id=\"[a-z0-9-]+\"></a>)?`([a-z][a-z0-9-]+)`", options: [.anchorsMatchLines])
        let ids = Set(regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).map {
            String(text[Range($0.range(at: 1), in: text)!])
        })
        #expect(ids.count >= 29)
        let known = Set(Catalog.rules.map(\.id.rawValue)).union(Catalog.plannedRuleIDs.map(\.rawValue))
        #expect(ids.subtracting(known).isEmpty, "RULES.md ids without a rule: \(ids.subtracting(known).sorted())")
        #expect(known.subtracting(ids).subtracting(["unused-suppression"]).isEmpty, "rules not in RULES.md: \(known.subtracting(ids).sorted())")
    }

    /// What users read is English and cites sources they can open: every rule names public
    /// sources (https), no text a user reads cites the team's source documents or quotes them
    /// untranslated, and every rule has the stable anchor in docs/RULES.md that SARIF's
    /// `helpUri` points at.
    @Test func everyRuleCitesPublicSourcesInEnglishAndHasItsAnchor() throws {
        let text = try String(contentsOfFile: repositoryRoot + "/docs/RULES.md", encoding: .utf8)
        func readable(_ s: String, _ what: String) {
            #expect(s.range(of: "\\bseeds?\\b", options: [.regularExpression, .caseInsensitive]) == nil, "\(what) cites a seed: \(s)")
            #expect(!s.unicodeScalars.contains { (0x3000...0x9FFF).contains($0.value) || (0xFF00...0xFFEF).contains($0.value) }, "\(what) is not English: \(s)")
        }
        for rule in Catalog.rules {
            let r = rule.description
            #expect(!r.sources.isEmpty, "\(r.id) cites no source")
            for s in r.sources { #expect(s.url.hasPrefix("https://") && !s.title.isEmpty, "\(r.id): \(s)") }
            #expect(Set(r.sources.map(\.url)).count == r.sources.count, "\(r.id) cites a source twice")
            readable(r.name + " " + r.summary + " " + r.rationale, r.id.rawValue)
            for context in Context.allCases {
                for language in Language.allCases {
                    readable(r.fix(FixSite(context, language)), r.id.rawValue + " fix")
                    readable(r.fix(FixSite(context, language, swiftUIView: true)), r.id.rawValue + " fix")
                    for timing in MemberTiming.distinguished { readable(r.fix(FixSite(context, language, timing: timing)), r.id.rawValue + " fix") }
                }
            }
            #expect(text.contains("<a id=\"\(r.id)\"></a>"), "docs/RULES.md has no anchor for \(r.id)")
            #expect(PublicSource.catalog(r.id.rawValue).hasSuffix("docs/RULES.md#\(r.id)"))
        }
        readable(text.components(separatedBy: "## Readiness stages").first ?? "", "docs/RULES.md")
    }

    /// RULES.md "Readiness stages" lists what blocks `launches` and what blocks `no device
    /// assumptions`; each rule's description must say the same, or a new blocking rule would
    /// be classified silently.
    @Test func readinessRolesAreTheOnesRulesMdLists() throws {
        let text = try String(contentsOfFile: repositoryRoot + "/docs/RULES.md", encoding: .utf8)
        let section = try #require(text.components(separatedBy: "## Readiness stages").last)
        func ids(onLineStarting prefix: String) -> Set<String> {
            guard let line = section.split(separator: "\n").first(where: { $0.hasPrefix(prefix) }) else { return [] }
            let named = line.split(separator: "`").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
            return Set(named.flatMap { id in
                id.hasSuffix("*") ? Catalog.rules.map(\.id.rawValue).filter { $0.hasPrefix(id.dropLast()) } : [id]
            })
        }
        let launch = ids(onLineStarting: "1. **launches**"), device = ids(onLineStarting: "2. **no device assumptions**")
        #expect(launch.count == 4 && device.count == 9)
        #expect(Set(Catalog.rules.filter { $0.description.readiness == .blocksLaunch }.map(\.id.rawValue)) == launch)
        #expect(Set(Catalog.rules.filter { $0.description.readiness == .deviceAssumption }.map(\.id.rawValue)) == device)
    }

    @Test func everyRuleFileIsInTheCatalog() throws {
        let root = repositoryRoot + "/Sources/Rules"
        let files = FileManager.default.enumerator(atPath: root)!.compactMap { $0 as? String }
            .filter { $0.hasSuffix("Rule.swift") }.map { ($0 as NSString).lastPathComponent }
        let types = Set(Catalog.rules.map { String(describing: type(of: $0)) + ".swift" })
        let shared = Set(["ScreenGeometryRule.swift"])  // the protocol four screen rules share
        #expect(Set(files).subtracting(shared) == types)
    }

    @Test func everyRuleHasExamplesInBothLanguages() {
        for rule in Catalog.rules {
            let d = rule.description
            // Rules about Info.plists and projects are shown with project files, not code.
            if d.triggering.allSatisfy({ Language(path: $0.path) == nil }) {
                #expect(!d.nonTriggering.isEmpty, "\(d.id) non-triggering")
                continue
            }
            #expect(d.triggering.contains { $0.language == .swift } && d.triggering.contains { $0.language == .objectiveC }, "\(d.id) triggering")
            #expect(d.nonTriggering.contains { $0.language == .swift } && d.nonTriggering.contains { $0.language == .objectiveC }, "\(d.id) non-triggering")
            #expect(!d.rationale.isEmpty, "\(d.id) says why")
        }
    }

    @Test func readmeListsEveryRule() throws {
        let readme = try String(contentsOfFile: repositoryRoot + "/README.md", encoding: .utf8)
        for rule in Catalog.rules { #expect(readme.contains("| `\(rule.id)` |"), "README.md lacks \(rule.id)") }
    }
}

import Foundation
import Testing
import RuleKit
import Rules
import ScanEngine
import StableHashing
import TestSupport

/// Stored analyses are reused while `Ruleset.analysisVersion` stays the same, so a change to
/// what rules report must raise it. This hashes every finding of every rule example (rule,
/// place, severity, facet, message) and compares the hash with the one recorded for the current
/// version in `RuleOutputs.txt`: change the rules without raising the version and this fails.
@Suite struct RuleOutputTests {
    static let recordPath = repositoryRoot + "/Tests/RulesTests/RuleOutputs.txt"

    static func outputHash() -> String {
        var h = StableHash()
        for rule in Catalog.rules {
            for example in rule.description.triggering + rule.description.nonTriggering {
                var files = example.files
                files[example.path] = example.source
                for f in scan(files).findings {
                    let line = "\(rule.id)|\(f.rule)|\(f.path):\(f.line):\(f.column)|\(f.severity.rawValue)|\(f.facet.rawValue)|\(f.message)\n"
                    h.add(bytes: line.utf8)
                }
            }
        }
        return StableHash.hex(h.value)
    }

    @Test func ruleOutputsChangeOnlyWithTheAnalysisVersion() throws {
        let hash = Self.outputHash()
        let recorded = (try? String(contentsOfFile: Self.recordPath, encoding: .utf8)) ?? ""
        let fields = recorded.split(whereSeparator: \.isWhitespace).map(String.init)
        if ProcessInfo.processInfo.environment["FLEETSCAN_RECORD_RULE_OUTPUTS"] == "1" {
            try "\(Ruleset.analysisVersion) \(hash)\n".write(toFile: Self.recordPath, atomically: true, encoding: .utf8)
            return
        }
        let version = fields.first.flatMap { Int($0) }
        #expect(version == Ruleset.analysisVersion,
                "analysisVersion is \(Ruleset.analysisVersion) but RuleOutputs.txt records \(version.map(String.init) ?? "nothing"): re-record with FLEETSCAN_RECORD_RULE_OUTPUTS=1")
        if version == Ruleset.analysisVersion {
            #expect(fields.count == 2 && fields[1] == hash,
                    "rule outputs changed under analysisVersion \(Ruleset.analysisVersion): raise Ruleset.analysisVersion, then re-record with FLEETSCAN_RECORD_RULE_OUTPUTS=1")
        }
    }
}

import Fixing
import RuleKit
import Rules
import SourceLexing

/// `fleetscan rules` and `fleetscan explain RULE`, rendered from the rule descriptions.
enum RulesCommands {
    static func list(_ io: IO) {
        let rules = Catalog.rules.map(\.description)
        let idWidth = rules.map(\.id.rawValue.count).max() ?? 0
        var out = "RULE" + String(repeating: " ", count: idWidth - 2) + "SEVERITY  FACET        WHAT IT CATCHES\n"
        for r in rules {
            out += r.id.rawValue + String(repeating: " ", count: idWidth - r.id.rawValue.count + 2)
            out += r.severity.rawValue + String(repeating: " ", count: 10 - r.severity.rawValue.count)
            out += r.facet.rawValue + String(repeating: " ", count: 13 - r.facet.rawValue.count)
            out += r.summary + "\n"
        }
        if !Catalog.plannedRuleIDs.isEmpty {
            out += "\nNot checked yet: " + Catalog.plannedRuleIDs.map(\.rawValue).joined(separator: ", ") + "\n"
        }
        out += "\nRun `fleetscan explain RULE` for the reasoning, examples and fixes.\n"
        io.out(out)
    }

    /// `explain RULE`: case is ignored; an unknown id gets the ids within a few edits of it.
    static func explain(_ text: String, _ io: IO) throws {
        guard let id = Catalog.canonicalID(text), let r = Catalog.description(id) else {
            if let id = Catalog.canonicalID(text), Catalog.plannedRuleIDs.contains(id) { throw CLIError.usage("'\(id)' is not checked by this version yet") }
            throw CLIError.usage(Catalog.unknown(text) + "; run `fleetscan rules` for the list")
        }
        io.out(render(r))
    }

    static func render(_ r: RuleDescription) -> String {
        var out = "\(r.id) — \(r.name)\nseverity: \(r.severity.rawValue)   facet: \(r.facet.rawValue)\n\n"
        out += "What it catches\n  \(r.summary)\n\nWhy\n" + wrap(r.rationale, indent: "  ") + "\n\nSources\n"
        for source in r.sources { out += "  \(source.title)\n      \(source.url)\n" }
        out += "  This rule in the catalog: \(PublicSource.catalog(r.id.rawValue))\n\nFix, by where the code is\n"
        var seen: [String: [String]] = [:]
        var order: [String] = []
        // Swift's places first; a timing only Objective-C's text distinguishes is listed too.
        var places: [FixSite] = []
        for site in r.fixPlaces(.swift) + r.fixPlaces(.objectiveC)
        where !places.contains(where: { $0.speaking(.swift) == site.speaking(.swift) }) {
            places.append(site)
        }
        for place in places {
            for language in Language.allCases {
                let site = place.speaking(language)
                let fix = r.fix(site)
                if seen[fix] == nil { order.append(fix) }
                let label = place.place
                let sameInBoth = r.fix(place.speaking(.swift)) == r.fix(place.speaking(.objectiveC))
                let tag = "\(label)\(sameInBoth ? "" : language == .swift ? " (Swift)" : " (Objective-C)")"
                if !(seen[fix]?.contains(tag) ?? false) { seen[fix, default: []].append(tag) }
            }
        }
        for fix in order { out += "  \(seen[fix]!.joined(separator: "; ")):\n" + wrap(fix, indent: "      ") + "\n" }
        let swiftUI = r.fix(FixSite(.view, .swift, swiftUIView: true))
        if swiftUI != r.fix(FixSite(.view, .swift)) { out += "  SwiftUI view:\n" + wrap(swiftUI, indent: "      ") + "\n" }
        if let automatic = MechanicalFixes.describe(r.id) {
            out += "\nfix: automatic (`fleetscan fix`) for these spellings, in an instance method or accessor; by hand elsewhere\n"
            for line in automatic { out += wrap(line, indent: "  ") + "\n" }
        } else {
            out += "\nfix: by hand (`fleetscan fix` makes no edit for this rule)\n"
        }
        out += "\nFlagged (↓ marks the finding)\n"
        for e in r.triggering.prefix(6) { out += example(e) }
        out += "\nNot flagged\n"
        for e in r.nonTriggering.prefix(4) { out += example(e) }
        return out
    }

    static func example(_ e: Example) -> String {
        let tag = Language(path: e.path) == nil ? e.path : e.language == .swift ? "Swift" : "Objective-C"
        var out = "  [\(tag)]\n"
        for line in e.code.split(separator: "\n", omittingEmptySubsequences: false) { out += "      \(line)\n" }
        if !e.files.isEmpty { out += "      (with \(e.files.keys.sorted().joined(separator: ", ")) defining what it uses)\n" }
        return out
    }

    static func wrap(_ text: String, indent: String, width: Int = 96) -> String {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, indent.count + line.count + 1 + word.count > width {
                lines.append(indent + line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(indent + line) }
        return lines.joined(separator: "\n")
    }
}

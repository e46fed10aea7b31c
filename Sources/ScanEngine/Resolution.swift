import RuleKit
import Rules
import SourceLexing

/// Settles a file's findings: context from the repository model, rules that apply only in some
/// contexts, one finding per (line, rule), suppressions, configuration, fix and fingerprint.
enum Resolution {
    static func findings(of a: FileAnalysis, model: RepositoryModel, configuration: Configuration) -> [Finding] {
        // One finding per (line, rule): the first column wins.
        var kept: [String: (PendingFinding, Context)] = [:]
        for p in a.findings {
            let context = model.context(ofType: p.typeName, function: p.functionName)
            if let only = p.onlyIn, !only.contains(context) { continue }
            let key = "\(p.line)\u{0}\(p.rule)"
            if let existing = kept[key], existing.0.column <= p.column { continue }
            kept[key] = (p, context)
        }
        var used = a.suppressions.map { Set<String>(minimumCapacity: $0.ruleIDs.count) }
        var out: [Finding] = []
        var ordinals: [String: Int] = [:]
        for (p, context) in kept.values.sorted(by: { ($0.0.line, $0.0.column, $0.0.rule) < ($1.0.line, $1.0.column, $1.0.rule) }) {
            guard let rule = Catalog.description(p.rule) else { continue }
            if configuration.disabled.contains(p.rule) { continue }
            if let required = p.requires {
                guard let target = model.project.deploymentTarget(for: a.path), target < required else { continue }
            }
            if let name = p.unlessDeclared, model.declaredTypeNames.contains(name) { continue }
            if let s = suppression(in: a.suppressions, for: p.rule, line: p.line) {
                used[s].insert(p.rule)
                continue
            }
            let owner = [p.typeName ?? "", p.functionName ?? ""].joined(separator: ".")
            let identity = [p.rule, a.path, owner, p.lineText].joined(separator: "\u{0}")
            let ordinal = ordinals[identity, default: 0]
            ordinals[identity] = ordinal + 1
            out.append(Finding(rule: p.rule, severity: configuration.severity[p.rule] ?? p.severity ?? rule.severity, facet: p.facet,
                               context: context, path: a.path, line: p.line, column: p.column, message: p.message,
                               suggestion: rule.fix(context, a.language, model.isSwiftUIView(p.typeName)),
                               fingerprint: Fingerprint.of(identity + "\u{0}\(ordinal)")))
        }
        let unusedID = "unused-suppression"
        guard !configuration.disabled.contains(unusedID), let unusedRule = Catalog.description(unusedID) else { return out }
        for (s, suppression) in a.suppressions.enumerated() {
            let unused = suppression.ruleIDs.filter { !used[s].contains($0) && !configuration.disabled.contains($0) }
            guard !unused.isEmpty || suppression.ruleIDs.isEmpty else { continue }
            let unknown = unused.filter { !Catalog.isKnown($0) }
            var message = suppression.ruleIDs.isEmpty ? "`fleetscan:ignore` names no rule"
                : "`fleetscan:ignore\(suppression.wholeFile ? "-file" : "") \(unused.joined(separator: ", "))` matches no finding"
            if !unknown.isEmpty { message += " (unknown rule id: \(unknown.joined(separator: ", ")))" }
            let identity = [unusedID, a.path, suppression.ruleIDs.joined(separator: ","), "\(suppression.wholeFile)"].joined(separator: "\u{0}")
            let ordinal = ordinals[identity, default: 0]
            ordinals[identity] = ordinal + 1
            out.append(Finding(rule: unusedID, severity: configuration.severity[unusedID] ?? unusedRule.severity, facet: unusedRule.facet,
                               context: .other, path: a.path, line: suppression.line, column: suppression.column, message: message,
                               suggestion: unusedRule.fix(.other, a.language, false),
                               fingerprint: Fingerprint.of(identity + "\u{0}\(ordinal)")))
        }
        return out
    }

    /// The suppression that covers `rule` on `line`: one on the line itself, else one on its own
    /// line just above, else an `ignore-file`.
    static func suppression(in all: [LocatedSuppression], for rule: String, line: Int) -> Int? {
        let naming = all.indices.filter { all[$0].ruleIDs.contains(rule) }
        return naming.first { !all[$0].wholeFile && all[$0].line == line }
            ?? naming.first { !all[$0].wholeFile && all[$0].ownLine && all[$0].line == line - 1 }
            ?? naming.first { all[$0].wholeFile }
    }
}

/// Stable 128-bit fingerprints (two FNV-1a 64 hashes), as 32 hex digits.
public enum Fingerprint {
    public static func of(_ text: String) -> String {
        var a: UInt64 = 0xcbf2_9ce4_8422_2325
        var b: UInt64 = 0x6c62_272e_07bb_0142
        for byte in text.utf8 {
            a = (a ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            b = (b ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            b = (b << 13) | (b >> 51)
        }
        return hex(a) + hex(b)
    }

    static func hex(_ v: UInt64) -> String {
        let s = String(v, radix: 16)
        return String(repeating: "0", count: 16 - s.count) + s
    }
}

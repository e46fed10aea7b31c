import RuleKit
import SourceLexing

/// The four rules about reading the main screen share one check: find the geometry site at
/// a `UIScreen` token or an alias name, and report it if it is this rule's.
protocol ScreenGeometryRule: Rule {
    /// What a use of a geometry alias whose value is this rule's read is, after its name
    /// ("`screenScale` (Utils.swift:3) is the main screen's scale, …").
    var aliasReading: String { get }
    /// Sites in one statement are one finding (a device check listing sizes `a == X || a == Y`).
    var onePerStatement: Bool { get }
}

extension ScreenGeometryRule {
    var triggers: Set<Word> { [.UIScreen] }
    var nameTriggers: NameTriggers { .aliases }
    var onePerStatement: Bool { false }

    func check(at site: Int, in file: CodeFile, model: RepositoryModel, into sink: inout FindingSink) {
        guard let g = GeometrySite.at(site, in: file, model: model), g.rule == description.id else { return }
        if onePerStatement, let last = sink.findings.last(where: { $0.rule == g.rule }) {
            // Findings come in token order: only the latest device check can share this statement.
            let here = Int(file[g.token].start)
            if last.offset < here, last.offset >= Int(file[Self.statementStart(before: g.token, in: file)].start) { return }
        }
        sink.report(description, at: g.token, facet: g.facet, message: g.message, shapes: g.shapes, subject: g.subject)
    }

    /// The first token of the statement holding `k`: after the nearest `;`, `{`, `}` or
    /// `return` before it outside brackets (Swift's line starts count too).
    static func statementStart(before k: Int, in f: CodeFile) -> Int {
        var q = k - 1
        while q > 0, k - q < 2000 {
            if f.isPunct(q, ")") || f.isPunct(q, "]"), f.pair(q) >= 0, f.pair(q) < q { q = f.pair(q) - 1; continue }
            if f.isPunct(q, ";") || f.isPunct(q, "{") || f.isPunct(q, "}") || f.is(q, .return)
                || f[q].kind == .directive || f[q].kind == .directiveEnd { return q + 1 }
            if f.language == .swift, f[q + 1].isLineStart, !(f[q].kind == .punct && (f.text(q) == "||" || f.text(q) == "&&")),
               !(f[q + 1].kind == .punct && (f.text(q + 1) == "||" || f.text(q + 1) == "&&")) { return q + 1 }
            q -= 1
        }
        return max(q, 0)
    }
}

import Foundation
import LiteralSearch
import RuleKit
import Rules
import SourceLexing

/// Whether the prefilter skips the analysis of files without any literal (`on`, the default) or
/// analyses every file and still finds the candidates (`off`, for the equivalence tests and for
/// measuring): both report the same, byte for byte.
public enum PrefilterMode: Sendable {
    case on, off

    /// `off` when `FLEETSCAN_PREFILTER=off`.
    public static var environment: PrefilterMode { ProcessInfo.processInfo.environment["FLEETSCAN_PREFILTER"] == "off" ? .off : .on }
}

/// The prefilter's literal search: `Literal`s compiled into one Hyperscan database per round,
/// and the switch that turns the filter off (`PrefilterMode`).
package struct LiteralPrefilter: Sendable {
    let set: LiteralSet

    /// `nil` when Hyperscan cannot compile the literals (or does not run on this processor):
    /// then every file is a candidate.
    package init?(_ literals: Set<Literal>) {
        // Hyperscan's compile time grows with the literals: past tens of thousands (a generated
        // file's aliases) searching costs more than analysing what remains.
        guard !literals.isEmpty, literals.count <= Self.maximumLiterals,
              let set = try? LiteralSet(literals.map(Self.pattern)) else { return nil }
        self.set = set
    }

    /// The catalogue's literals (what every scan searches first) and their database, compiled
    /// once per process on a thread of its own from the first use: a scan touches it before
    /// listing its files, so Hyperscan's compile (about 10 ms, most of it the bar-name patterns)
    /// overlaps the listing instead of preceding the first pass. A configuration that disables
    /// rules searches for the whole catalogue's literals all the same: only more candidates.
    package static let catalogue = Background { () -> (literals: Set<Literal>, filter: LiteralPrefilter?) in
        let literals = Prefilter.literals(of: Catalog.rules)
        let filter = LiteralPrefilter(literals)
        // Also off the scan's serial path: the casts that find the repository rules.
        Catalog.prepareRepositoryRules()
        return (literals, filter)
    }

    /// Starts compiling `catalogue` (a scan about to list its files calls this).
    package static func prepare() { _ = catalogue }

    /// Literals one database holds at most; a round with more makes every remaining file a candidate.
    static let maximumLiterals = 20_000

    /// Whether any literal occurs in `buffer` (a scan error makes it a candidate: the filter may
    /// only ever analyse too much).
    package func matches(_ buffer: SourceBuffer) -> Bool {
        (try? set.matchesAny(UnsafeRawBufferPointer(start: buffer.base, count: buffer.count))) ?? true
    }

    /// The patterns that occur in `buffer` (a development aid: `FLEETSCAN_TIMING=literals`).
    func matchedPatterns(_ buffer: SourceBuffer) -> [Int] {
        (try? set.matches(in: UnsafeRawBufferPointer(start: buffer.base, count: buffer.count))) ?? []
    }

    /// Where a declaration's name follows: `class Name`, `@interface Name`, `extension M.Name`.
    static let declarationKeywords = Prefilter.declarationKeywords.sorted()

    /// A literal as a Hyperscan pattern.
    static func pattern(_ literal: Literal) -> LiteralSet.Pattern {
        switch literal {
        case .word(let name): return .literal(name)
        case .caseless(let text, let whole): return .literal(text, wholeWord: whole, caseless: true)
        case .checked(let text, let caseless, let check):
            return .checked(text, caseless: caseless, wholeWord: check.wholeWord, check: MatchCheck(check.name, check.accepts))
        case .all(let parts): return .all(parts.map(pattern))
        case .declaration(let name, let check):
            return .declared(name, after: declarationKeywords, check: check.map { MatchCheck($0.name, $0.accepts) })
        }
    }
}


import Foundation
import GitAccess
import RuleKit
import Rules
import SourceLexing

/// Hashes of the parts of a file's facts that the repository model and the repository rules
/// read, summed over files: when the sums do not move, neither does the model. Positions of type
/// declarations are left out (the model does not keep them); everything else is in.
package struct FactSignatures: Equatable {
    /// Types, their kinds and ancestry, declared names.
    package var types: UInt64 = 0
    /// Alias and bar-height candidates.
    package var names: UInt64 = 0
    /// App entries, URL and scene methods, scene configuration names, window state, singletons.
    package var project: UInt64 = 0
    /// Condition macros (`#define SD_UIKIT (TARGET_OS_IOS || TARGET_OS_TV)`): every file's
    /// platform branches may read them.
    package var macros: UInt64 = 0

    package init() {}

    package init(_ f: FileFacts) {
        if !f.types.isEmpty || !f.typeNames.isEmpty || !f.availableClasses.isEmpty {
            var h = Hasher64()
            h.add(f.path)
            for t in f.types {
                h.add(t.name); h.add(t.kind.rawValue); h.add(t.inherits.count)
                for i in t.inherits { h.add(i) }
                h.add(t.earlyMembers.count)
                for m in t.earlyMembers { h.add(m) }
            }
            for n in f.typeNames { h.add(n) }
            for c in f.availableClasses { h.add(c.name); h.add(c.iOS.description) }
            types = h.value
        }
        if !f.aliases.isEmpty || !f.bars.isEmpty || !f.assignedNames.isEmpty {
            var h = Hasher64()
            h.add(f.path)
            for n in f.assignedNames { h.add(n) }
            h.add(f.aliases.count)
            for a in f.aliases { h.add(a) }
            h.add(f.bars.count)
            for b in f.bars { h.add(b) }
            names = h.value
        }
        if f.hasProjectFacts {
            var h = Hasher64()
            h.add(f.path)
            h.add(f.appEntries.count); for e in f.appEntries { h.add(e) }
            h.add(f.methods.count); for m in f.methods { h.add(m) }
            h.add(f.sceneConfigurationNames.count); for n in f.sceneConfigurationNames { h.add(n) }
            h.add(f.windowState.count); for w in f.windowState { h.add(w) }
            h.add(f.singletons.count); for s in f.singletons { h.add(s) }
            project = h.value
        }
        if !f.platformMacros.isEmpty {
            var h = Hasher64()
            h.add(f.path)
            for m in f.platformMacros { h.add(m.name); h.add(m.body) }
            macros = h.value
        }
    }

    package mutating func add(_ o: FactSignatures) {
        types &+= o.types
        names &+= o.names
        project &+= o.project
        macros &+= o.macros
    }

    package mutating func subtract(_ o: FactSignatures) {
        types &-= o.types
        names &-= o.names
        project &-= o.project
        macros &-= o.macros
    }
}

/// Every field of the facts the model reads, hashed directly (encoding them to bytes first cost
/// home-assistant's history 40 % of its time). `FactSignatureTests` pins each type's field
/// count, so a field added without being hashed here fails a test.
extension Hasher64 {
    mutating func add(_ b: Bool) { add(b ? 1 : 0) }
    mutating func add(_ s: String?) { if let s { add(1); add(s) } else { add(0) } }
    mutating func add(_ languages: Set<Language>) { for l in Language.allCases { add(languages.contains(l)) } }
    mutating func add(sorted set: Set<String>) { add(set.count); for s in set.sorted() { add(s) } }

    mutating func add(_ a: AliasCandidate) {
        add(a.name); add(a.kind.rawValue); add(a.owner); add(a.site)
        add(a.languages); add(a.fileLocal)
        add(a.subsumed.lowerBound); add(a.subsumed.upperBound); add(a.value); add(a.mutable)
    }

    mutating func add(_ v: ValueSummary) {
        add(sorted: Set(v.reads.map(\.rawValue))); add(v.deviceCheck); add(v.dimension); add(v.readText); add(v.orientation); add(v.landscapePhone)
        add(v.references.count)
        for r in v.references { add(r.name); add(r.qualifier); add(Int(r.role.rawValue)) }
    }

    mutating func add(_ b: BarCandidate) {
        add(b.name); add(b.owner); add(b.site); add(b.languages); add(b.fileLocal)
        add(b.references.count); for r in b.references { add(r) }
    }

    mutating func add(_ m: MethodFact) {
        add(m.kind.rawValue); add(m.typeName); add(m.site); add(m.readsURLContexts); add(m.readsUserActivities); add(m.readsShortcutItem)
        add(m.isEmpty); add(m.launchOptionReads.count); for r in m.launchOptionReads { add(r) }
    }

    mutating func add(_ n: NamedSite) {
        add(n.name); add(n.site); add(n.owner); add(n.function); add(n.resolvedBy)
    }

    mutating func add(_ w: WindowStateCandidate) {
        add(w.name); add(w.owner); add(w.isStatic); add(w.holds); add(w.site)
    }
}

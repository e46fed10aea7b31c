import Foundation
import GitAccess
import ResultStore
import RuleKit
import Rules
import SourceLexing

/// Hashes of the parts of a file's facts that the repository model and the repository rules
/// read, summed over files: when the sums do not move, neither does the model. Positions of type
/// declarations are left out (the model does not keep them); everything else is in.
struct FactSignatures: Equatable {
    /// Types, their kinds and ancestry, declared names.
    var types: UInt64 = 0
    /// Alias and bar-height candidates.
    var names: UInt64 = 0
    /// App entries, URL and scene methods, scene configuration names, window state, singletons.
    var project: UInt64 = 0
    /// Condition macros (`#define SD_UIKIT (TARGET_OS_IOS || TARGET_OS_TV)`): every file's
    /// platform branches may read them.
    var macros: UInt64 = 0

    init() {}

    init(_ f: FileFacts) {
        if !f.types.isEmpty || !f.typeNames.isEmpty {
            var h = Hasher64()
            h.add(f.path)
            for t in f.types {
                h.add(t.name); h.add(t.kind.rawValue); h.add(t.inherits.count)
                for i in t.inherits { h.add(i) }
            }
            for n in f.typeNames { h.add(n) }
            types = h.value
        }
        if !f.aliases.isEmpty || !f.bars.isEmpty || !f.assignedNames.isEmpty {
            var h = Hasher64()
            h.add(f.path)
            for n in f.assignedNames { h.add(n) }
            h.add(bytes: (try? BinaryCoding.encode(f.aliases)) ?? [])
            h.add(bytes: (try? BinaryCoding.encode(f.bars)) ?? [])
            names = h.value
        }
        if f.hasProjectFacts {
            var h = Hasher64()
            h.add(f.path)
            h.add(bytes: (try? BinaryCoding.encode(f.appEntries)) ?? [])
            h.add(bytes: (try? BinaryCoding.encode(f.methods)) ?? [])
            h.add(bytes: (try? BinaryCoding.encode(f.sceneConfigurationNames)) ?? [])
            h.add(bytes: (try? BinaryCoding.encode(f.windowState)) ?? [])
            h.add(bytes: (try? BinaryCoding.encode(f.singletons)) ?? [])
            project = h.value
        }
        if !f.platformMacros.isEmpty {
            var h = Hasher64()
            h.add(f.path)
            for m in f.platformMacros { h.add(m.name); h.add(m.body) }
            macros = h.value
        }
    }

    mutating func add(_ o: FactSignatures) {
        types &+= o.types
        names &+= o.names
        project &+= o.project
        macros &+= o.macros
    }

    mutating func subtract(_ o: FactSignatures) {
        types &-= o.types
        names &-= o.names
        project &-= o.project
        macros &-= o.macros
    }
}

import RuleKit
import SourceLexing

/// Turns the facts of many files into one repository model: which candidates are geometry
/// aliases (through any chain of other aliases) and which are bar-height constants.
public enum FactResolution {
    public static func model(_ facts: [FileFacts]) -> RepositoryModel {
        let assigned = Set(facts.flatMap(\.assignedNames))
        var model = RepositoryModel(types: { record in for f in facts { for t in f.types { record(t) } } },
                                    aliases: aliases(facts.flatMap(\.aliases), assigned: assigned),
                                    barConstants: barConstants(facts.flatMap(\.bars)))
        model.assignedNames = assigned
        return model
    }

    struct Resolved: Equatable {
        var rule: String
        var facet: Facet
        var isDimension: Bool
        var reads: String
    }

    public static func aliases(_ candidates: [AliasCandidate], assigned: Set<String> = []) -> [GeometryAlias] {
        // A stored `var` some code assigns is state, not an alias of what it started as.
        let candidates = assigned.isEmpty ? candidates : candidates.filter { !($0.mutable && assigned.contains($0.name)) }
        var byName: [String: [Int]] = [:]
        byName.reserveCapacity(candidates.count)
        for i in candidates.indices { byName[candidates[i].name, default: []].append(i) }
        var state = [Resolved?](repeating: nil, count: candidates.count)
        // To a fixed point, on a worklist: every candidate is resolved once, and again only when a
        // candidate it may read changed (most read none), instead of every candidate in every
        // round. Each is resolved at most 16 times, the depth the round-by-round loop allowed.
        var readers = [[Int]](repeating: [], count: candidates.count)
        for i in candidates.indices {
            for r in candidates[i].value.references { for j in byName[r.name] ?? [] where j != i { readers[j].append(i) } }
        }
        var visits = [UInt8](repeating: 0, count: candidates.count)
        var queued = [Bool](repeating: true, count: candidates.count)
        var work = Array(candidates.indices)  // first in, first out: round after round
        var head = 0
        while head < work.count {
            let i = work[head]
            head += 1
            queued[i] = false
            guard visits[i] < 16 else { continue }
            visits[i] += 1
            let next = resolve(candidates[i], index: i, candidates: candidates, byName: byName, state: state)
            guard next != state[i] else { continue }
            state[i] = next
            for k in readers[i] where !queued[k] {
                queued[k] = true
                work.append(k)
            }
        }
        return candidates.indices.compactMap { i in
            guard let r = state[i] else { return nil }
            let c = candidates[i]
            // Members of UIDevice or UITraitCollection extensions are helpers only for the idiom.
            if c.kind == .member || c.kind == .memberFunction, r.rule != IdiomLayoutRule.id { return nil }
            return GeometryAlias(name: c.name, kind: c.kind, owner: c.owner, site: c.site, languages: c.languages,
                                 fileLocal: c.fileLocal, rule: r.rule, facet: r.facet,
                                 isDimension: r.isDimension, reads: r.reads, subsumed: c.subsumed)
        }
    }

    static func resolve(_ c: AliasCandidate, index: Int, candidates: [AliasCandidate], byName: [String: [Int]],
                        state: [Resolved?]) -> Resolved? {
        var reads = c.value.reads
        var deviceCheck = c.value.deviceCheck
        var dimension = c.value.dimension
        var text = c.value.readText
        for r in c.value.references {
            for j in byName[r.name] ?? [] where j != index {
                guard let target = state[j], matches(candidates[j], reference: r, from: c),
                      candidates[j].languages.contains(c.site.language),
                      !candidates[j].fileLocal || candidates[j].site.path == c.site.path else { continue }
                if target.rule == "screen-size-device-check" { deviceCheck = true } else { reads.insert(target.rule) }
                if r.role == .compared, target.isDimension { deviceCheck = true }
                if r.role == .whole, target.isDimension { dimension = true }
                if text == nil { text = candidates[j].name }
            }
        }
        let reading = text ?? ""
        if deviceCheck { return Resolved(rule: "screen-size-device-check", facet: .size, isDimension: false, reads: reading) }
        if reads.contains("main-screen-bounds") { return Resolved(rule: "main-screen-bounds", facet: .size, isDimension: dimension, reads: reading) }
        if reads.contains("main-screen-scale") { return Resolved(rule: "main-screen-scale", facet: .scale, isDimension: false, reads: reading) }
        if reads.contains("main-screen") { return Resolved(rule: "main-screen", facet: .screen, isDimension: false, reads: reading) }
        // `#define IS_IPAD (UI_USER_INTERFACE_IDIOM() == UIUserInterfaceIdiomPad)`, `var isPhone: Bool`:
        // an idiom helper, whose every use chooses by device idiom.
        if reads.contains(IdiomLayoutRule.id) { return Resolved(rule: IdiomLayoutRule.id, facet: .idiom, isDimension: false, reads: reading) }
        return nil
    }

    /// Whether a reference in `from`'s value can mean `candidate`.
    static func matches(_ candidate: AliasCandidate, reference r: ValueReference, from: AliasCandidate) -> Bool {
        if let q = r.qualifier {
            if q == "Self" || q == "self" { return candidate.owner == from.owner && candidate.owner != nil }
            return candidate.owner == q
        }
        return candidate.owner == nil || candidate.owner == from.owner
    }

    public static func barConstants(_ candidates: [BarCandidate]) -> [BarHeightConstant] {
        var valid = candidates.map { $0.references.isEmpty }
        var byName: [String: [Int]] = [:]
        byName.reserveCapacity(candidates.count)
        for i in candidates.indices { byName[candidates[i].name, default: []].append(i) }
        var changed = true
        while changed {
            changed = false
            for (i, c) in candidates.enumerated() where !valid[i] {
                let ok = c.references.allSatisfy { name in
                    (byName[name] ?? []).contains { j in
                        j != i && valid[j] && (candidates[j].owner == nil || candidates[j].owner == c.owner)
                            && candidates[j].languages.contains(c.site.language)
                            && (!candidates[j].fileLocal || candidates[j].site.path == c.site.path)
                    }
                }
                if ok { valid[i] = true; changed = true }
            }
        }
        return candidates.indices.filter { valid[$0] }.map {
            BarHeightConstant(name: candidates[$0].name, owner: candidates[$0].owner, site: candidates[$0].site,
                              languages: candidates[$0].languages, fileLocal: candidates[$0].fileLocal)
        }
    }
}

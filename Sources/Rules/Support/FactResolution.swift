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
        var rule: RuleID
        var facet: Facet
        var isDimension: Bool
        var reads: String
        var orientation = false
        var landscapePhone = false
    }

    public static func aliases(_ candidates: [AliasCandidate], assigned: Set<String> = []) -> [GeometryAlias] {
        let n = candidates.count
        // A stored `var` some code assigns is state, not an alias of what it started as: left out
        // (by a mask: copying every candidate was a third of the resolution's time).
        var active = [Bool](repeating: true, count: n)
        if !assigned.isEmpty { for i in 0..<n where candidates[i].mutable && assigned.contains(candidates[i].name) { active[i] = false } }
        // Candidates by name, ascending, as chains through one array (no array per name).
        let names = Names(candidates, active: active)
        // Each reference's first candidate, looked up by name once: the passes below and every
        // resolution walk the chains from there without hashing a name again.
        var heads = [Int](), headStart = [Int](repeating: 0, count: n + 1)
        for i in 0..<n {
            if active[i] { for r in candidates[i].value.references { heads.append(names.first[r.name] ?? -1) } }
            headStart[i + 1] = heads.count
        }
        // Who reads whom, flat: readers of j are readerList[readerStart[j] ..< readerStart[j + 1]],
        // ascending.
        var readerCount = [Int](repeating: 0, count: n + 1)
        for i in 0..<n {
            for h in heads[headStart[i]..<headStart[i + 1]] { names.each(from: h) { j in if j != i { readerCount[j + 1] += 1 } } }
        }
        var readerStart = readerCount
        for j in 0..<n { readerStart[j + 1] += readerStart[j] }
        var fill = readerStart
        var readerList = [Int](repeating: 0, count: readerStart[n])
        for i in 0..<n {
            for h in heads[headStart[i]..<headStart[i + 1]] {
                names.each(from: h) { j in
                    if j != i { readerList[fill[j]] = i; fill[j] += 1 }
                }
            }
        }
        // To a fixed point, on a worklist: every candidate is resolved once, and again only when a
        // candidate it may read changed (most read none), instead of every candidate in every
        // round. Each is resolved at most 16 times, the depth the round-by-round loop allowed.
        var state = [Resolved?](repeating: nil, count: n)
        var visits = [UInt8](repeating: 0, count: n)
        var queued = active
        var work = (0..<n).filter { active[$0] }  // first in, first out: round after round
        var head = 0
        while head < work.count {
            let i = work[head]
            head += 1
            queued[i] = false
            guard visits[i] < 16 else { continue }
            visits[i] += 1
            let next = resolve(candidates[i], index: i, candidates: candidates, names: names, heads: heads[headStart[i]..<headStart[i + 1]], state: state)
            guard next != state[i] else { continue }
            state[i] = next
            for k in readerList[readerStart[i]..<readerStart[i + 1]] where !queued[k] {
                queued[k] = true
                work.append(k)
            }
        }
        return candidates.indices.compactMap { i in
            guard let r = state[i] else { return nil }
            let c = candidates[i]
            // Members of UIDevice or UITraitCollection extensions are helpers only for the idiom.
            if c.kind == .member || c.kind == .memberFunction, r.rule != RuleID.idiomLayout { return nil }
            return GeometryAlias(name: c.name, kind: c.kind, owner: c.owner, site: c.site, languages: c.languages,
                                 fileLocal: c.fileLocal, rule: r.rule, facet: r.facet,
                                 isDimension: r.isDimension, reads: r.reads, subsumed: c.subsumed, readsOrientation: r.orientation,
                                 landscapePhone: r.landscapePhone)
        }
    }

    /// The (active) candidates of each name, in ascending order: the first by name, then a chain.
    struct Names {
        var first: [String: Int] = [:]
        var next: [Int]

        init(_ candidates: [AliasCandidate], active: [Bool]) {
            next = [Int](repeating: -1, count: candidates.count)
            first.reserveCapacity(candidates.count)
            for i in candidates.indices.reversed() where active[i] {
                next[i] = first[candidates[i].name] ?? -1
                first[candidates[i].name] = i
            }
        }

        func each(from head: Int, _ body: (Int) -> Void) {
            var j = head
            while j >= 0 {
                body(j)
                j = next[j]
            }
        }
    }

    /// What candidate `index` resolves to, given `heads` (the first candidate each of its
    /// references may mean) and the state so far.
    static func resolve(_ c: AliasCandidate, index: Int, candidates: [AliasCandidate], names: Names, heads: ArraySlice<Int>,
                        state: [Resolved?]) -> Resolved? {
        var reads = c.value.reads
        var deviceCheck = c.value.deviceCheck
        var dimension = c.value.dimension
        var text = c.value.readText
        var orientation = c.value.orientation
        var landscapePhone = c.value.landscapePhone
        for (r, head) in zip(c.value.references, heads) {
            names.each(from: head) { j in
                guard j != index, let target = state[j], matches(candidates[j], reference: r, from: c),
                      candidates[j].languages.contains(c.site.language),
                      !candidates[j].fileLocal || candidates[j].site.path == c.site.path else { return }
                if target.rule == .screenSizeDeviceCheck { deviceCheck = true } else { reads.insert(target.rule) }
                if r.role == .compared, target.isDimension { deviceCheck = true }
                if r.role == .whole, target.isDimension { dimension = true }
                if target.orientation { orientation = true }
                if target.landscapePhone, r.role == .whole { landscapePhone = true }
                if text == nil { text = candidates[j].name }
            }
        }
        let reading = text ?? ""
        if deviceCheck { return Resolved(rule: .screenSizeDeviceCheck, facet: .size, isDimension: false, reads: reading) }
        if reads.contains(.mainScreenBounds) { return Resolved(rule: .mainScreenBounds, facet: .size, isDimension: dimension, reads: reading) }
        if reads.contains(.mainScreenScale) { return Resolved(rule: .mainScreenScale, facet: .scale, isDimension: false, reads: reading) }
        if reads.contains(.mainScreen) { return Resolved(rule: .mainScreen, facet: .screen, isDimension: false, reads: reading) }
        // `#define IS_IPAD (UI_USER_INTERFACE_IDIOM() == UIUserInterfaceIdiomPad)`, `var isPhone: Bool`:
        // an idiom helper, whose every use chooses by device idiom.
        if reads.contains(RuleID.idiomLayout) {
            return Resolved(rule: RuleID.idiomLayout, facet: .idiom, isDimension: false, reads: reading, orientation: orientation,
                            landscapePhone: landscapePhone)
        }
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

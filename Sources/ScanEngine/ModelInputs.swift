import ProjectFiles
import RuleKit
import Rules

/// What the repository model is made of, kept up to date file by file, so that history builds
/// a commit's model in time that follows the change rather than the repository: type entries
/// and the inheritance index, declared names, alias and bar-height candidates, and the facts
/// repository rules read. The model it builds equals `TreeScan.buildModel` over the same files
/// (files in path order, declarations in file order).
package final class ModelInputs {
    /// Per type name, the files that declare or extend it (ascending path) with their declarations.
    private var declarations: [String: [(path: String, decls: [TypeDeclaration])]] = [:]
    private var entries: [String: RepositoryModel.TypeEntry] = [:]
    /// parent → names that list it among their parents.
    private var children: [String: Set<String>] = [:]
    private var typeNameCounts: [String: Int] = [:]
    private var typeNames: Set<String> = []
    private var aliases: [String: [AliasCandidate]] = [:]
    private var bars: [String: [BarCandidate]] = [:]
    private var projectFacts: [String: FileFacts] = [:]
    private var macros: [String: [PlatformMacro]] = [:]
    private var availableClasses: [String: [ClassAvailability]] = [:]
    private var assigned: [String: [String]] = [:]
    /// Every assigned name, made again only when `assigned` changes.
    private var assignedNames: Set<String>?
    /// Type names whose entry or declared-ness changed since `takeAffected`.
    private var changed: Set<String> = []
    /// The last alias and bar-height resolution, with the names signature of its inputs (alias
    /// and bar candidates, assigned names): a commit that leaves them alone reuses it instead
    /// of resolving every candidate of the repository again (resolution is about a fifth of
    /// home-assistant's history; 114 of the 600 models its last 1,000 commits build reuse it).
    private var resolved: (signature: UInt64, aliases: [GeometryAlias], bars: [BarHeightConstant])?
    /// Per type name, how many of its declarations declare it (not merely extend it).
    private var declaring: [String: Int] = [:]
    /// Declarations read to remake type entries, for the test that holds the upkeep linear in
    /// the repository's declarations (a tree repeating one class under 25,000 paths was quadratic).
    private(set) var entryWork = 0

    static func precedes(_ a: String, _ b: String) -> Bool { a.utf8Precedes(b) }

    /// Each class's availability: the highest any of its interfaces declares.
    static func classAvailability(_ list: some Sequence<ClassAvailability>) -> [String: OSVersion] {
        var out: [String: OSVersion] = [:]
        for c in list where out[c.name].map({ c.iOS > $0 }) ?? true { out[c.name] = c.iOS }
        return out
    }

    package init() {}

    package func add(_ f: FileFacts) { update(f, adding: true) }
    package func remove(_ f: FileFacts) { update(f, adding: false) }

    private func update(_ f: FileFacts, adding: Bool) {
        var byName: [String: [TypeDeclaration]] = [:]
        var order: [String] = []
        for t in f.types {
            if byName[t.name] == nil { order.append(t.name) }
            byName[t.name, default: []].append(t)
        }
        for name in order {
            // Taken out, not copied: mutating a copy the dictionary still holds copies the list.
            var list = declarations.removeValue(forKey: name) ?? []
            let decls = byName[name]!
            // Where the file's declarations go (or are), by binary search over the path order.
            var lo = 0, hi = list.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if Self.precedes(list[mid].path, f.path) { lo = mid + 1 } else { hi = mid }
            }
            let declares = decls.contains { !$0.kind.extendsExisting }
            var unchanged = false
            if adding {
                // After the first file, naming only parents the first file names (so none is named
                // earlier than before), and declaring only what is declared already: the entry stays.
                if lo > 0, let entry = entries[name], decls.allSatisfy({ d in d.inherits.allSatisfy { p in list[0].decls.contains { $0.inherits.contains(p) } } }),
                   entry.declared || !declares { unchanged = true }
                list.insert((f.path, decls), at: lo)
                if declares { declaring[name, default: 0] += 1 }
            } else {
                guard lo < list.count, list[lo].path == f.path else {
                    if !list.isEmpty { declarations[name] = list }
                    continue
                }
                // Not the first file, naming only what the first file names, and not the last that
                // declares it: the first-named order of parents and the rest stay as they are.
                if lo > 0, entries[name] != nil, decls.allSatisfy({ d in d.inherits.allSatisfy { p in list[0].decls.contains { $0.inherits.contains(p) } } }),
                   !declares || (declaring[name] ?? 0) > 1 { unchanged = true }
                list.remove(at: lo)
                if declares { declaring[name] = (declaring[name] ?? 1) - 1 == 0 ? nil : (declaring[name] ?? 1) - 1 }
            }
            declarations[name] = list.isEmpty ? nil : list
            if !unchanged { refresh(name) }
        }
        for name in f.typeNames {
            let n = (typeNameCounts[name] ?? 0) + (adding ? 1 : -1)
            typeNameCounts[name] = n == 0 ? nil : n
            if n == 0 { typeNames.remove(name); changed.insert(name) } else if adding, n == 1 { typeNames.insert(name); changed.insert(name) }
        }
        if !f.aliases.isEmpty { aliases[f.path] = adding ? f.aliases : nil }
        if !f.availableClasses.isEmpty { availableClasses[f.path] = adding ? f.availableClasses : nil }
        if !f.bars.isEmpty { bars[f.path] = adding ? f.bars : nil }
        if f.hasProjectFacts { projectFacts[f.path] = adding ? f : nil }
        if !f.platformMacros.isEmpty { macros[f.path] = adding ? f.platformMacros : nil }
        if !f.assignedNames.isEmpty {
            assigned[f.path] = adding ? f.assignedNames : nil
            assignedNames = nil
        }
    }

    /// Condition macros by name, the first definition in path order winning.
    static func platformMacros(_ lists: some Sequence<[PlatformMacro]>) -> [String: String] {
        var out: [String: String] = [:]
        for list in lists { for m in list where out[m.name] == nil { out[m.name] = m.body } }
        return out
    }

    /// Recomputes a name's entry from its declarations and keeps the inheritance index in step.
    private func refresh(_ name: String) {
        let old = entries[name]
        entryWork += declarations[name]?.count ?? 0
        let new = declarations[name].map { RepositoryModel.TypeEntry($0.lazy.flatMap(\.decls)) }
        guard old != new else { return }
        for parent in old?.parents ?? [] where parent != name { children[parent]?.remove(name) }
        for parent in new?.parents ?? [] where parent != name { children[parent, default: []].insert(name) }
        entries[name] = new
        changed.insert(name)
    }

    /// The model of the files added so far. `names` is the sum of their names signatures
    /// (`FactSignatures.names`), which covers everything alias resolution reads.
    package func model(project: ProjectModel, names: UInt64) -> RepositoryModel {
        var windows: Set<String> = []
        var queue = Array(children["UIWindow"] ?? [])
        while let name = queue.popLast() {
            guard windows.insert(name).inserted else { continue }
            queue.append(contentsOf: children[name] ?? [])
        }
        if assignedNames == nil { assignedNames = Set(assigned.values.joined()) }
        let assignedNames = self.assignedNames!
        if resolved?.signature != names {
            let aliasCandidates = aliases.keys.sorted(by: Self.precedes).flatMap { aliases[$0]! }
            let barCandidates = bars.keys.sorted(by: Self.precedes).flatMap { bars[$0]! }
            resolved = (names, FactResolution.aliases(aliasCandidates, assigned: assignedNames), FactResolution.barConstants(barCandidates))
        }
        var model = RepositoryModel(typeEntries: entries, windowTypes: windows, aliases: resolved!.aliases, barConstants: resolved!.bars)
        model.project = project
        model.declaredTypeNames = typeNames
        model.classAvailability = Self.classAvailability(availableClasses.keys.sorted(by: Self.precedes).flatMap { availableClasses[$0]! })
        model.platformMacros = Self.platformMacros(macros.keys.sorted(by: Self.precedes).map { macros[$0]! })
        model.assignedNames = assignedNames
        return model
    }

    /// What repository rules read, for `model`.
    package func repositoryView(_ model: RepositoryModel) -> RepositoryView {
        RepositoryView(model: model, projectFacts: projectFacts.keys.sorted(by: Self.precedes).map { projectFacts[$0]! }, typeNames: typeNames)
    }

    /// Type names whose roles or declared-ness may differ from when this was last asked: the
    /// names that changed and every type below them.
    package func takeAffected() -> Set<String> {
        var out: Set<String> = []
        var queue = Array(changed)
        while let name = queue.popLast() {
            guard out.insert(name).inserted else { continue }
            queue.append(contentsOf: children[name] ?? [])
        }
        changed = []
        return out
    }
}

import ProjectFiles
import RuleKit
import Rules

/// What the repository model is made of, kept up to date file by file, so that history builds
/// a commit's model in time that follows the change rather than the repository: type entries
/// and the inheritance index, declared names, alias and bar-height candidates, and the facts
/// repository rules read. The model it builds equals `TreeScan.buildModel` over the same files
/// (files in path order, declarations in file order).
final class ModelInputs {
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

    static func precedes(_ a: String, _ b: String) -> Bool { a.utf8Precedes(b) }

    /// Each class's availability: the highest any of its interfaces declares.
    static func classAvailability(_ list: some Sequence<ClassAvailability>) -> [String: OSVersion] {
        var out: [String: OSVersion] = [:]
        for c in list where out[c.name].map({ c.iOS > $0 }) ?? true { out[c.name] = c.iOS }
        return out
    }

    func add(_ f: FileFacts) { update(f, adding: true) }
    func remove(_ f: FileFacts) { update(f, adding: false) }

    private func update(_ f: FileFacts, adding: Bool) {
        var byName: [String: [TypeDeclaration]] = [:]
        var order: [String] = []
        for t in f.types {
            if byName[t.name] == nil { order.append(t.name) }
            byName[t.name, default: []].append(t)
        }
        for name in order {
            var list = declarations[name] ?? []
            if adding {
                let at = list.firstIndex { Self.precedes(f.path, $0.path) } ?? list.count
                list.insert((f.path, byName[name]!), at: at)
            } else {
                list.removeAll { $0.path == f.path }
            }
            declarations[name] = list.isEmpty ? nil : list
            refresh(name)
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
        let new = declarations[name].map { RepositoryModel.TypeEntry($0.lazy.flatMap(\.decls)) }
        guard old != new else { return }
        for parent in old?.parents ?? [] where parent != name { children[parent]?.remove(name) }
        for parent in new?.parents ?? [] where parent != name { children[parent, default: []].insert(name) }
        entries[name] = new
        changed.insert(name)
    }

    /// The model of the files added so far. `names` is the sum of their names signatures
    /// (`FactSignatures.names`), which covers everything alias resolution reads.
    func model(project: ProjectModel, names: UInt64) -> RepositoryModel {
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
    func repositoryView(_ model: RepositoryModel) -> RepositoryView {
        RepositoryView(model: model, projectFacts: projectFacts.keys.sorted(by: Self.precedes).map { projectFacts[$0]! }, typeNames: typeNames)
    }

    /// Type names whose roles or declared-ness may differ from when this was last asked: the
    /// names that changed and every type below them.
    func takeAffected() -> Set<String> {
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

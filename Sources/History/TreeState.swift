import Foundation
import GitAccess
import ProjectFiles
import ResultStore
import RuleKit
import Rules
import ScanEngine
import SourceLexing

/// The scanner's view of one commit's tree, carried from commit to commit so that the work of
/// a commit follows what it changed, not the size of the repository:
/// - a tree-to-tree diff names the changed paths; only new (blob, path) pairs are analysed;
/// - the repository model is rebuilt only when the facts it is made of changed (sums of
///   per-file signatures tell, without comparing every file);
/// - a rebuilt model re-reads (second pass) only files using a name whose entries changed,
///   and recounts only files whose findings' context or repository findings changed;
/// - totals and file deltas are kept up to date path by path.
/// - with the prefilter on, a new blob without any literal is not analysed (it is dormant) until
///   what the analysed files make matter grows to name one of its literals, as in `TreeScan`.
/// Counting uses the same stages as `TreeScan`, so a commit's counts are those of a scan.
final class TreeState {
    /// One source file of the tree.
    final class File {
        let blob: ObjectID
        let language: Language
        let first: TreeScan.FirstPass
        /// The first pass's analysis, when the file was analysed.
        let base: FileAnalysis?
        let signatures: FactSignatures
        /// The file's identifier hashes, sorted: which files use a changed name is answered by
        /// binary search instead of walking every file's identifiers.
        let names: [UInt32]
        /// The second-pass analysis and the model digest it was made with; the one before is
        /// kept too, since an alias that is switched back brings its digest back.
        var second: (digest: String, analysis: FileAnalysis)?
        var earlier: (digest: String, analysis: FileAnalysis)?
        /// Findings counted for this path (nil: not counted yet).
        var tally: Tally?

        init(blob: ObjectID, language: Language, first: TreeScan.FirstPass) {
            self.blob = blob
            self.language = language
            self.first = first
            base = first.analysis
            signatures = base.map { FactSignatures($0.facts) } ?? FactSignatures()
            names = (base?.identifierHashes ?? []).sorted()
        }

        var analysis: FileAnalysis? { second?.analysis ?? base }

        /// Whether the file has an identifier with hash `h`.
        func uses(_ h: UInt32) -> Bool {
            var lo = 0, hi = names.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if names[mid] < h { lo = mid + 1 } else { hi = mid }
            }
            return lo < names.count && names[lo] == h
        }

        /// Type names the file's findings sit in (or name as backported): whose roles decide them.
        var contextNames: Set<String> {
            var names: Set<String> = []
            for p in analysis?.findings ?? [] {
                if let t = p.typeName { names.insert(t) }
                if let u = p.unlessDeclared { names.insert(u) }
            }
            return names
        }
    }

    /// A text file the prefilter has not analysed: no literal of the first `searched`
    /// generations occurs in it.
    final class Dormant {
        let blob: ObjectID
        let language: Language
        var searched: Int
        /// Its bytes, while the tree's dormant files fit in `keptLimit`; else read again.
        let bytes: SourceBuffer?

        init(blob: ObjectID, language: Language, searched: Int, bytes: SourceBuffer?) {
            self.blob = blob
            self.language = language
            self.searched = searched
            self.bytes = bytes
        }
    }

    /// What reading a new (path, blob) gave: a first pass, or a dormant text file.
    enum Pass: Sendable {
        case first(TreeScan.FirstPass)
        case dormant(searched: Int, bytes: SourceBuffer?)
    }

    /// The prefilter's literals, compiled in batches: the catalogue's, then each growth's
    /// (merged into one when there are many). A batch covers the generations `from..<to`; a
    /// dormant file searched through generation `g` is searched again with the batches past it.
    private struct Batch: Sendable {
        var from: Int, to: Int
        var filter: LiteralPrefilter
    }

    let pool: RepositoryPool
    let store: any Store
    let jobs: Int
    let analyzer = Analyzer()
    /// nil with the filter off, or once a batch could not be compiled (every file is analysed).
    private var batches: [Batch]?
    private var searched: Set<Literal> = []
    private var generation = 0
    /// What files analysed since the prefilter's literals last grew make matter, the owner
    /// types seen so far (a superset of today's: only ever more literals), and whether the model
    /// changed since: the literals grow from what is new, not from every file at every commit.
    private var pending = Prefilter.Contribution()
    private var owners: Set<String> = []
    private var modelChanged = true
    /// Bytes of dormant files kept at most.
    static let keptLimit = 64 << 20

    /// Everything that describes the current tree; `reset()` replaces it whole.
    private struct Listing {
        /// The commit whose tree this is, and the tree.
        var commit: ObjectID?
        var tree: ObjectID?
        /// The root's configuration file, nil when there is none.
        var configurationFile: GitTree.ConfigurationFile?
        var files: [String: File] = [:]
        var dormant: [String: Dormant] = [:]
        /// Bytes the dormant files keep.
        var kept = 0
        var projectFiles: [String: (ObjectID, ProjectFile.Kind)] = [:]
        var excluded: Set<String> = []
        var symlinks: Set<String> = []
        var submodules: Set<String> = []
        var visibleFolders: [String: Bool] = [:]
        /// Sources whose blob could not be read; while there are any, commits fail.
        var unreadable: [String: Diagnostic] = [:]
        var sums = FactSignatures()
        var inputs = ModelInputs()
        /// Type name → paths with findings in it, kept as files come, go and are read again.
        var contextIndex: [String: Set<String>] = [:]
        var model: RepositoryModel?
        var digests: ModelDigest?
        var project: ProjectModel?
        /// Whose code each file is, from the project model and the configuration.
        var scopes: Scopes?
        var repositoryFindings: [String: [PendingFinding]] = [:]
        /// Counts of paths that only have repository findings (an Info.plist, a project file).
        var repositoryOnly: [String: Tally] = [:]
        var total = Tally()
        var analyzed = 0
        /// Paths whose count changed in the last step: count before, count after.
        var moved: [String: (Int, Int)] = [:]
    }

    private var now = Listing()
    /// The commit whose tree this is.
    var commit: ObjectID? { now.commit }

    private var configuration = Configuration()

    private var modelSums = FactSignatures()
    /// What the last project model read (each project.pbxproj's objects, property lists by
    /// blob): a commit changing a large project parses only what it changed. A cache of bytes →
    /// values only, so `reset()` keeps it.
    private var projectMemo: ProjectScan.Memo? = ProjectScan.Memo()


    private var memo: [(MemoKey, [UInt8])] = []
    var recorded: Set<ObjectID> = []
    private(set) var blobsScanned = 0
    private(set) var blobsReused = 0
    private(set) var secondPasses = 0

    init(pool: RepositoryPool, store: any Store, jobs: Int, prefilter: PrefilterMode = .environment) {
        self.pool = pool
        self.store = store
        self.jobs = jobs
        if prefilter == .on {
            let catalogue = LiteralPrefilter.catalogue.value
            searched = catalogue.literals
            batches = catalogue.filter.map { [Batch(from: 0, to: 1, filter: $0)] }
            generation = 1
        }
    }

    /// Forgets the tree; the next commit is listed whole and compared with nothing.
    func reset() {
        now = Listing()
    }

    /// The memo entries made since the last call, to be written; they are kept until the next
    /// call, since the writer may not have stored them when the next chunk looks them up.
    func takeMemo() -> [(MemoKey, [UInt8])] {
        defer { memo = [] }
        unwritten = Dictionary(memo, uniquingKeysWith: { _, last in last })
        return memo
    }

    /// The memo entries last taken for writing.
    private var unwritten: [MemoKey: [UInt8]] = [:]

    // MARK: Moving to a commit

    /// Makes this the state of `next`'s tree. `prepared` are `next`'s changes against its first
    /// parent, used when this is the parent's state.
    func advance(_ repo: GitRepository, to next: Commit, prepared: [TreeChange]? = nil) throws {
        now.moved = [:]
        let configFile = try GitTree.configurationFile(repo, tree: next.tree)
        var configChanged = false
        if now.tree == nil || configFile != now.configurationFile {
            configuration = try configFile.map { try GitTree.configuration(repo, $0) } ?? Configuration()
            now.configurationFile = configFile
            configChanged = true
            now.visibleFolders = [:]
        }
        let relist = now.tree == nil || configChanged
        let changes: [TreeChange]
        if !relist, let prepared, commit != nil, commit == next.parents.first {
            changes = prepared
        } else {
            changes = try self.changes(repo, to: next.tree, relist: relist)
        }
        var changed: Set<String> = []
        var projectChanged = now.project == nil || configChanged
        var needed: [(String, ObjectID, Language)] = []
        for change in changes {
            let path = change.path
            let old = now.files[path]
            let oldDormant = now.dormant[path]
            if now.projectFiles.removeValue(forKey: path) != nil { projectChanged = true }
            now.excluded.remove(path)
            now.symlinks.remove(path)
            now.submodules.remove(path)
            var source: (ObjectID, Language)? = nil
            if let new = change.new, isVisible(path) {
                switch new.kind {
                case .symlink: now.symlinks.insert(path)
                case .submodule: now.submodules.insert(path)
                case .tree: break
                case .file, .executable:
                    let name = path.split(separator: "/").last.map(String.init) ?? path
                    if let kind = ProjectFile.kind(of: path), configuration.includes(file: path) {
                        now.projectFiles[path] = (new.id, kind)
                        projectChanged = true
                        if kind == .packageManifest { source = (new.id, .swift) }
                    } else if let language = Language(path: name) {
                        if configuration.includes(file: path) { source = (new.id, language) } else { now.excluded.insert(path) }
                    }
                }
            }
            // The same blob at the same path (when a tree is listed again): nothing to do.
            if let old, let (blob, language) = source, old.blob == blob, old.language == language { continue }
            if let old = oldDormant, let (blob, language) = source, old.blob == blob, old.language == language { continue }
            if let old { remove(path, old) }
            if oldDormant != nil { removeDormant(path) }
            if let (blob, language) = source { needed.append((path, blob, language)) }
            changed.insert(path)
        }
        place(needed, try firstPasses(needed))
        now.commit = next.id
        now.tree = next.tree
        if let (_, d) = now.unreadable.min(by: { $0.key < $1.key }) {
            // A blob that cannot be read (a corrupt object): the commit fails, the walk goes on.
            throw ScanError("\(d.path): \(d.message)")
        }
        try settle(changed: changed, projectChanged: projectChanged, configChanged: configChanged)
        try wake()
    }

    /// Puts what the first pass gave for `needed` into the tree.
    private func place(_ needed: [(String, ObjectID, Language)], _ passes: [Pass]) {
        for ((path, blob, language), pass) in zip(needed, passes) {
            switch pass {
            case .dormant(let searched, let bytes):
                let keep = bytes.map { now.kept + $0.count <= Self.keptLimit } ?? false
                if keep, let bytes { now.kept += bytes.count }
                now.dormant[path] = Dormant(blob: blob, language: language, searched: searched, bytes: keep ? bytes : nil)
                now.analyzed += 1
            case .first(let first):
                let file = File(blob: blob, language: language, first: first)
                if batches != nil, let a = file.base { pending.add(Prefilter.Contribution(a)) }
                now.files[path] = file
                now.sums.add(file.signatures)
                if let facts = file.base?.facts { now.inputs.add(facts) }
                index(path, file)
                if case .analyzed = first { now.analyzed += 1 }
                if case .unreadable(let d) = first { now.unreadable[path] = d }
            }
        }
    }

    /// Takes a dormant file out of the tree.
    private func removeDormant(_ path: String) {
        guard let d = now.dormant.removeValue(forKey: path) else { return }
        now.analyzed -= 1
        if let b = d.bytes { now.kept -= b.count }
    }

    /// Grows the prefilter's literals to a fixed point: what the analysed files make matter is
    /// searched for in the dormant files not searched for it yet; those in which it occurs are
    /// analysed and the tree settled again, until nothing new turns up (as `TreeScan`'s rounds).
    private func wake() throws {
        while batches != nil, let model = now.model {
            if !pending.isEmpty || modelChanged {
                var literals = pending.literals
                let fresh = pending.owners.subtracting(owners)
                owners.formUnion(fresh)
                if modelChanged { literals.formUnion(Prefilter.literals(of: model)) }
                literals.formUnion(Prefilter.declarations(along: modelChanged ? owners : fresh, model: model))
                pending = Prefilter.Contribution()
                modelChanged = false
                let new = literals.subtracting(searched)
                if !new.isEmpty { grow(new) }
            }
            let pool = self.pool, batches = self.batches, generation = self.generation
            let stale = now.dormant.filter { batches == nil || $0.value.searched < generation }
            guard !stale.isEmpty else { return }
            let paths = stale.keys.sorted()
            let items = paths.map { p in stale[p].map { (blob: $0.blob, searched: $0.searched, bytes: $0.bytes) }! }
            let found: [Bool] = Parallel.map(items, jobs: jobs) { item in
                guard let batches else { return true }
                guard let bytes = item.bytes ?? (try? GitTree.read(item.blob, pool: pool)) else { return true }
                return batches.contains { $0.to > item.searched && $0.filter.matches(bytes) }
            }
            var woken: [(String, ObjectID, Language)] = []
            for (path, hit) in zip(paths, found) {
                let d = stale[path]!
                if hit { woken.append((path, d.blob, d.language)); removeDormant(path) } else { d.searched = generation }
            }
            guard !woken.isEmpty else { return }
            place(woken, try firstPasses(woken, analyseAll: true))
            if let (_, d) = now.unreadable.min(by: { $0.key < $1.key }) { throw ScanError("\(d.path): \(d.message)") }
            try settle(changed: Set(woken.map(\.0)), projectChanged: false, configChanged: false)
        }
    }

    /// Adds a generation of literals; past eight batches they are merged into one. A batch that
    /// cannot be compiled turns the filter off: every dormant file is then analysed.
    private func grow(_ new: Set<Literal>) {
        searched.formUnion(new)
        generation += 1
        if (batches?.count ?? 0) >= 8 {
            batches = LiteralPrefilter(searched).map { [Batch(from: 0, to: generation, filter: $0)] }
        } else if let filter = LiteralPrefilter(new) {
            batches?.append(Batch(from: generation - 1, to: generation, filter: filter))
        } else {
            batches = nil
        }
    }

    /// What changed between the state's tree and `next`: a diff, or (`relist`) every entry of
    /// `next` plus every path the state knows, so unchanged paths are recognised and kept.
    private func changes(_ repo: GitRepository, to next: ObjectID, relist: Bool) throws -> [TreeChange] {
        guard relist else { return try repo.changes(from: now.tree, to: next) }
        var entries: [TreeEntry] = []
        try repo.walkTree(next, enter: { _ in true }, visit: { entries.append($0) })
        let present = Set(entries.map(\.path))
        let known = Set(now.files.keys).union(now.dormant.keys).union(now.projectFiles.keys).union(now.excluded).union(now.symlinks).union(now.submodules)
        return entries.map { TreeChange(path: $0.path, old: nil, new: $0) }
            + known.subtracting(present).sorted().map { TreeChange(path: $0, old: nil, new: nil) }
    }

    /// Takes a file out of the tree and out of the totals.
    private func remove(_ path: String, _ file: File) {
        now.files[path] = nil
        now.sums.subtract(file.signatures)
        if let facts = file.base?.facts { now.inputs.remove(facts) }
        unindex(path, file)
        if case .analyzed = file.first { now.analyzed -= 1 }
        now.unreadable[path] = nil
        setTally(path, nil, file: file)
    }

    /// Whether every folder above `path` is walked.
    private func isVisible(_ path: String) -> Bool {
        var end = path.endIndex
        var folders: [String] = []
        while let slash = path[..<end].lastIndex(of: "/") {
            folders.append(String(path[..<slash]))
            end = slash
        }
        for folder in folders.reversed() {
            if let known = now.visibleFolders[folder] {
                if !known { return false }
                continue
            }
            let name = folder.split(separator: "/").last.map(String.init) ?? folder
            let enters = FileTree.enters(folder: folder, name: name, configuration: configuration)
            now.visibleFolders[folder] = enters
            if !enters { return false }
        }
        return true
    }

    /// First passes a chunk's commits will need, found ahead in one batch: what their changes
    /// add under the current configuration (a configuration change inside the chunk only means
    /// some are found later, one commit at a time).
    func prefetch(_ prepared: [[TreeChange]]) throws {
        var seen: Set<MemoKey> = []
        var needed: [(String, ObjectID, Language)] = []
        for changes in prepared {
            for change in changes {
                guard let new = change.new, new.kind == .file || new.kind == .executable else { continue }
                let path = change.path
                if now.files[path]?.blob == new.id || now.dormant[path]?.blob == new.id { continue }
                let name = path.split(separator: "/").last.map(String.init) ?? path
                let language: Language
                if ProjectFile.kind(of: path)?.isAlsoSource == true { language = .swift } else if ProjectFile.kind(of: path) == nil,
                    let l = Language(path: name) { language = l } else { continue }
                guard configuration.includes(file: path), isVisible(path), seen.insert(MemoKey(blob: new.id.hex, path: path)).inserted else { continue }
                needed.append((path, new.id, language))
            }
        }
        for ((path, blob, _), first) in zip(needed, try firstPasses(needed)) { prefetched[MemoKey(blob: blob.hex, path: path)] = first }
    }

    /// First passes found ahead for the current chunk.
    private var prefetched: [MemoKey: Pass] = [:]

    /// The chunk is written: what was found ahead for it is no longer needed.
    func endChunk() { prefetched = [:] }

    /// First-pass results for (path, blob) pairs: found ahead, else memoised ones decoded, else
    /// read in parallel and, when the prefilter finds a literal (or is off, or `analyseAll`),
    /// analysed and added to the memo. A dormant file is not memoised: its search is cheaper
    /// than a look-up, and depends on what the tree makes matter.
    private func firstPasses(_ needed: [(String, ObjectID, Language)], analyseAll: Bool = false) throws -> [Pass] {
        guard !needed.isEmpty else { return [] }
        let keys = needed.map { MemoKey(blob: $0.1.hex, path: $0.0) }
        let pool = self.pool, analyzer = self.analyzer
        let batches = analyseAll ? nil : self.batches, generation = self.generation
        let (results, reused, scanned) = try throughMemo(
            keys, known: keys.map { analyseAll ? nil : prefetched[$0] },
            decode: { key, data in try? BinaryCoding.decode(MemoRecord.self, from: data).firstPass(path: key.path).map(Pass.first) },
            source: { i in
                let (path, blob, language) = needed[i]
                return SourceFile(path: path, language: language, size: 0, read: { try GitTree.read(blob, pool: pool) },
                                  verify: GitTree.verifier(blob, pool: pool))
            },
            compute: { file in
                // Without batches (the filter off, or waking files) every file is a candidate.
                let f = TreeScan.filteredFirstPass(file, analyzer: analyzer, isCandidate: { b in batches?.contains { $0.filter.matches(b) } ?? true },
                                                   analyseAll: false, keep: batches != nil)
                return f.outcome.map(Pass.first) ?? .dormant(searched: generation, bytes: f.kept)
            },
            encode: { pass in
                guard case .first(let first) = pass else { return nil }
                // A skip its header decided is not memoised: the header is not checked against the
                // id (the bytes are not read), and is read again as cheaply as a look-up.
                if case .skipped(let d) = first, d.message == GitTree.tooLarge { return nil }
                return MemoRecord(first).flatMap { try? BinaryCoding.encode($0) }
            },
            // Blobs analysed: a dormant one was only searched.
            isWork: { if case .dormant = $0 { false } else { true } })
        blobsReused += reused
        blobsScanned += scanned
        return results.map { $0! }
    }

    /// The memo pipeline both passes share: values already `known` stay; the rest are looked up
    /// in the store by key and decoded; what is still missing is computed in parallel from its
    /// `source` and memoised. Index-aligned values (nil where `compute` gave none), how many
    /// came from the memo, and how many were computed.
    private func throughMemo<Value: Sendable>(_ keys: [MemoKey], known: [Value?], decode: (MemoKey, [UInt8]) -> Value?,
                                              source: (Int) -> SourceFile, compute: @Sendable (SourceFile) -> Value?,
                                              encode: (Value) -> [UInt8]?, isWork: (Value) -> Bool = { _ in true })
        throws -> ([Value?], reused: Int, computed: Int) {
        var values = known
        let lookup = keys.indices.filter { values[$0] == nil }.map { keys[$0] }
        let found = lookup.isEmpty ? [:] : try store.memo(lookup, ruleset: Ruleset.fingerprint)
        var missing: [Int] = []
        var reused = 0
        for i in keys.indices where values[i] == nil {
            if let data = found[keys[i]] ?? unwritten[keys[i]], let value = decode(keys[i], data) {
                values[i] = value
                reused += 1
            } else {
                missing.append(i)
            }
        }
        let computed = Parallel.map(missing.map(source), jobs: jobs, compute)
        var made = 0
        for (i, value) in zip(missing, computed) {
            guard let value else { continue }
            values[i] = value
            if isWork(value) { made += 1 }
            if let data = encode(value) { memo.append((keys[i], data)) }
        }
        return (values, reused, made)
    }

    // MARK: Model, second passes, counts

    private func settle(changed: Set<String>, projectChanged: Bool, configChanged: Bool) throws {
        var recount = changed
        var reread = changed.filter { now.files[$0] != nil }
        var recountAll = configChanged
        if now.model == nil || projectChanged || configChanged || now.sums != modelSums {
            let hadModel = now.model != nil, oldDigests = now.digests, oldSums = modelSums
            // Condition macros decide which branches of every file count.
            if hadModel, now.sums.macros != oldSums.macros { recountAll = true }
            if projectChanged || now.project == nil {
                let pool = self.pool
                let list = now.projectFiles.sorted { $0.key.utf8Precedes($1.key) }.map { path, entry in
                    ProjectFile(path: path, kind: entry.1, blob: entry.0) { try pool.with { try $0.blob(entry.0, limit: ProjectScan.maximumSize) } }
                }
                let old = now.project
                now.project = ProjectScan.model(list, jobs: jobs, memo: &projectMemo).0
                // Only the files that joined or left a target, when that is all that changed.
                if let old, let moved = ProjectDelta.movedSources(from: old, to: now.project!) { recount.formUnion(moved) } else { recountAll = true }
            }
            if projectChanged || configChanged || now.scopes == nil {
                let scopes = Scopes(project: now.project!, configuration: configuration)
                // A changed source list can change whose code a target is (an app that now
                // builds more of its own than of the library is no longer its demo): every file's
                // counts carry its scope.
                if let old = now.scopes, !old.decidesAlike(scopes) { recountAll = true }
                now.scopes = scopes
            }
            let model = now.inputs.model(project: now.project!, names: now.sums.names)
            let digests = ModelDigest(model)
            // Second passes: files that use a name whose entries changed.
            if let oldDigests {
                let names = oldDigests.changedNames(comparedWith: digests)
                if !names.isEmpty {
                    for (path, file) in now.files where names.contains(where: { file.uses($0) }) {
                        reread.insert(path)
                    }
                }
            } else {
                reread.formUnion(now.files.keys)
            }
            // Repository findings, when the facts or project they come from changed.
            if !hadModel || projectChanged || now.sums.types != oldSums.types || now.sums.project != oldSums.project {
                var found: [String: [PendingFinding]] = [:]
                for f in Catalog.checkRepository(now.inputs.repositoryView(model)) { found[f.path, default: []].append(f.pending) }
                for path in Set(found.keys).union(now.repositoryFindings.keys) where found[path] != now.repositoryFindings[path] { recount.insert(path) }
                now.repositoryFindings = found
            }
            // Contexts: files with findings in a type whose roles or declared-ness may have changed.
            let affected = now.inputs.takeAffected()
            if hadModel, !recountAll, !affected.isEmpty { recount.formUnion(paths(withFindingsIn: affected)) }
            if !hadModel { recountAll = true }
            self.now.model = model
            self.now.digests = digests
            modelChanged = true
            modelSums = now.sums
        }
        let model = self.now.model!
        try secondPasses(reread, model: model, recount: &recount)
        let paths = (recountAll ? Set(now.files.keys).union(now.repositoryFindings.keys).union(now.repositoryOnly.keys) : recount).sorted()
        guard paths.count >= Self.parallelCount else {
            for path in paths { count(path, model: model) }
            return
        }
        // Many paths (a new model recounts every file): their tallies are worked out in
        // parallel, pure functions of the analyses and the model, and set in path order.
        let configuration = self.configuration, scopes = now.scopes!
        let items = paths.map { (path: $0, analysis: now.files[$0]?.analysis, extra: now.repositoryFindings[$0] ?? []) }
        let tallies = Parallel.map(items, jobs: jobs) { item in
            Self.tally(path: item.path, analysis: item.analysis, extra: item.extra, model: model, configuration: configuration, scopes: scopes)
        }
        for (path, tally) in zip(paths, tallies) { setTally(path, tally, file: now.files[path]) }
    }

    /// Paths from which counting goes in parallel: fewer cost less than handing them out.
    static let parallelCount = 64

    /// Files with a finding whose type (or backported type name) is among `names`.
    private func paths(withFindingsIn names: Set<String>) -> Set<String> {
        var out: Set<String> = []
        for name in names { out.formUnion(now.contextIndex[name] ?? []) }
        for (path, found) in now.repositoryFindings where found.contains(where: { $0.typeName.map(names.contains) == true }) { out.insert(path) }
        return out
    }


    private func index(_ path: String, _ file: File) {
        for name in file.contextNames { now.contextIndex[name, default: []].insert(path) }
    }

    private func unindex(_ path: String, _ file: File) {
        for name in file.contextNames {
            now.contextIndex[name]?.remove(path)
            if now.contextIndex[name]?.isEmpty == true { now.contextIndex[name] = nil }
        }
    }

    /// Replaces a file's second-pass analysis, keeping the one it replaces and the index.
    private func setSecond(_ path: String, _ file: File, _ second: (digest: String, analysis: FileAnalysis)?) {
        unindex(path, file)
        if let current = file.second { file.earlier = current }
        file.second = second
        if batches != nil, let a = second?.analysis { pending.add(Prefilter.Contribution(a)) }
        index(path, file)
    }

    /// Settles the second pass of `paths` against `model`: kept when the digest of what it read
    /// is unchanged, else from the memo, else read again. Paths whose analysis changed are recounted.
    private func secondPasses(_ paths: Set<String>, model: RepositoryModel, recount: inout Set<String>) throws {
        guard let digests = now.digests else { return }
        var work: [(String, File, String)] = []
        for path in paths.sorted() {
            guard let file = now.files[path] else { continue }
            guard let a = file.base, a.needsSecondPass(in: model) else {
                if file.second != nil { setSecond(path, file, nil); recount.insert(path) }
                continue
            }
            let digest = digests.of(a, path: path)
            if file.second?.digest == digest { continue }
            recount.insert(path)
            if let e = file.earlier, e.digest == digest { setSecond(path, file, e); continue }
            work.append((path, file, digest))
        }
        guard !work.isEmpty else { return }
        let keys = work.map { MemoKey(blob: $0.1.blob.hex, path: $0.0, model: $0.2) }
        let pool = self.pool, analyzer = self.analyzer
        let (analyses, _, computed) = try throughMemo(
            keys, known: [FileAnalysis?](repeating: nil, count: keys.count),
            decode: { _, data in try? BinaryCoding.decode(FileAnalysis.self, from: data) },
            source: { i in
                let (path, file, _) = work[i]
                let blob = file.blob
                return SourceFile(path: path, language: file.language, size: 0, read: { try GitTree.read(blob, pool: pool) },
                                  verify: GitTree.verifier(blob, pool: pool))
            },
            compute: { TreeScan.secondPass($0, model: model, analyzer: analyzer) },
            encode: { try? BinaryCoding.encode($0) })
        for (i, a) in analyses.enumerated() {
            if let a { setSecond(keys[i].path, work[i].1, (keys[i].model, a)) }
        }
        secondPasses += computed
    }

    /// Counts the findings of `path` as a scan of this tree reports them.
    private func count(_ path: String, model: RepositoryModel) {
        let file = now.files[path]
        setTally(path, Self.tally(path: path, analysis: file?.analysis, extra: now.repositoryFindings[path] ?? [], model: model,
                                  configuration: configuration, scopes: now.scopes!), file: file)
    }

    /// The count of a path with `analysis` (nil: no source file there) and repository findings
    /// `extra`; nil when it has neither.
    private static func tally(path: String, analysis: FileAnalysis?, extra: [PendingFinding], model: RepositoryModel,
                              configuration: Configuration, scopes: Scopes) -> Tally? {
        // Most files have no repository findings: their analysis is counted as it is, not copied.
        if extra.isEmpty, let analysis {
            return Resolution.tally(analysis, model: model, configuration: configuration, scopes: scopes)
        }
        guard var analysis = analysis ?? (extra.isEmpty ? nil : FileAnalysis(
            path: path, language: .swift, facts: FileFacts(path: path), findings: [], suppressions: [], problems: [], identifierHashes: []))
        else { return nil }
        analysis.findings += extra
        return Resolution.tally(analysis, model: model, configuration: configuration, scopes: scopes)
    }

    /// Replaces the count of `path`, keeping the totals and the moved paths up to date.
    private func setTally(_ path: String, _ tally: Tally?, file: File?) {
        var before = 0
        if let t = file?.tally {
            now.total.subtract(t)
            before += t.total
        }
        if let t = now.repositoryOnly.removeValue(forKey: path) {
            now.total.subtract(t)
            before += t.total
        }
        if let tally { now.total.add(tally) }
        if let file { file.tally = tally } else { now.repositoryOnly[path] = tally }
        let after = tally?.total ?? 0
        if before != after || now.moved[path] != nil { now.moved[path] = (now.moved[path]?.0 ?? before, after) }
    }

    /// The current tree's findings as a scan reports them (only files that have any are read).
    func findings() -> [Finding] {
        guard let model = now.model, let scopes = now.scopes else { return [] }
        var out: [Finding] = []
        var paths = Set(now.repositoryOnly.filter { $0.value.total > 0 }.keys)
        for (path, file) in now.files where (file.tally?.total ?? 0) > 0 { paths.insert(path) }
        for path in paths {
            let extra = now.repositoryFindings[path] ?? []
            guard var analysis = now.files[path]?.analysis ?? (extra.isEmpty ? nil : FileAnalysis(
                path: path, language: .swift, facts: FileFacts(path: path), findings: [], suppressions: [], problems: [], identifierHashes: []))
            else { continue }
            analysis.findings += extra
            out += Resolution.findings(of: analysis, model: model, configuration: configuration, scopes: scopes)
        }
        return out.sorted(by: Finding.precedes)
    }

    /// Each target's stage in the current tree (from its `findings()`, when given).
    func targetStages(_ findings: [Finding]? = nil) -> [TargetStage] {
        guard let scopes = now.scopes else { return [] }
        return TargetStage.all(findings ?? self.findings(), scopes: scopes)
    }

    /// Findings per file in the current tree, by path (files without findings left out).
    func fileCounts() -> [FileCount] {
        var out: [FileCount] = []
        for (path, file) in now.files { if let n = file.tally?.total, n > 0 { out.append(FileCount(path: path, count: n)) } }
        for (path, tally) in now.repositoryOnly where tally.total > 0 { out.append(FileCount(path: path, count: tally.total)) }
        return out.sorted { $0.path.utf8Precedes($1.path) }
    }

    /// The commit's record from the current counts.
    func record(for c: Commit, comparedWithParent: Bool) -> CommitRecord {
        var deltas: [FileDelta] = []
        if comparedWithParent {
            for (path, (before, after)) in now.moved where before != after {
                deltas.append(FileDelta(path: path, count: after, delta: after - before))
            }
            deltas.sort { $0.path.utf8Precedes($1.path) }
        }
        let stage = now.scopes.map { now.total.stage(of: Stage.deciding($0)) } ?? Stage.of(byRule: now.total.byRule, warningsOrErrors: now.total.errors + now.total.warnings)
        var record = CommitRecord(commit: c.id.hex, parent: c.parents.first?.hex, time: c.authorTime, subject: c.subject,
                                  stage: stage, error: nil, files: now.analyzed, counts: now.total.byRule, errors: now.total.errors,
                                  warnings: now.total.warnings, notes: now.total.notes, comparedWithParent: comparedWithParent, fileDeltas: deltas)
        for scope in TargetScope.allCases where !scope.counts {
            record.apart = record.apart + (now.total.byScope[scope]?.severities ?? SeverityCounts())
        }
        record.author = c.author
        return record
    }
}

extension Tally {
    mutating func subtract(_ other: Tally) {
        for (rule, n) in other.byRule {
            let left = (byRule[rule] ?? 0) - n
            byRule[rule] = left == 0 ? nil : left
        }
        errors -= other.errors
        warnings -= other.warnings
        notes -= other.notes
        for (scope, c) in other.byScope {
            var mine = byScope[scope] ?? ScopeCounts()
            for (rule, n) in c.byRule {
                let left = (mine.byRule[rule] ?? 0) - n
                mine.byRule[rule] = left == 0 ? nil : left
            }
            mine.errors -= c.errors
            mine.warnings -= c.warnings
            mine.notes -= c.notes
            byScope[scope] = mine.byRule.isEmpty && mine.errors == 0 && mine.warnings == 0 && mine.notes == 0 ? nil : mine
        }
    }
}

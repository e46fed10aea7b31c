import Foundation
import GitAccess
import ResultStore
import RuleKit
import Rules
import SourceLexing

/// The scanner's view of one commit's tree, carried from commit to commit so that the work of
/// a commit follows what it changed, not the size of the repository:
/// - a tree-to-tree diff names the changed paths; only new (blob, path) pairs are analysed;
/// - the repository model is rebuilt only when the facts it is made of changed (sums of
///   per-file signatures tell, without comparing every file);
/// - a rebuilt model re-reads (second pass) only files using a name whose entries changed,
///   and recounts only files whose findings' context or repository findings changed;
/// - totals and file deltas are kept up to date path by path.
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

    let pool: RepositoryPool
    let store: any Store
    let jobs: Int
    let analyzer = Analyzer()

    /// The commit whose tree this is, and the tree.
    private(set) var commit: ObjectID?
    private var tree: ObjectID?
    private var configuration = Configuration()
    private var configurationBlob: ObjectID?
    private var files: [String: File] = [:]
    private var projectFiles: [String: (ObjectID, ProjectFile.Kind)] = [:]
    private var excluded: Set<String> = []
    private var symlinks: Set<String> = []
    private var submodules: Set<String> = []
    private var visibleFolders: [String: Bool] = [:]
    /// Sources whose blob could not be read; while there are any, commits fail.
    private var unreadable: [String: Diagnostic] = [:]
    private var sums = FactSignatures()
    private var inputs = ModelInputs()

    private var model: RepositoryModel?
    private var modelSums = FactSignatures()
    private var digests: ModelDigest?
    private var project: ProjectModel?
    /// Whose code each file is, from the project model and the configuration.
    private var scopes: Scopes?
    private var repositoryFindings: [String: [PendingFinding]] = [:]
    /// Counts of paths that only have repository findings (an Info.plist, a project file).
    private var repositoryOnly: [String: Tally] = [:]

    private var total = Tally()
    private var analyzed = 0
    /// Paths whose count changed in the last step: count before, count after.
    private var moved: [String: (Int, Int)] = [:]

    private var memo: [(MemoKey, [UInt8])] = []
    var recorded: Set<ObjectID> = []
    private(set) var blobsScanned = 0
    private(set) var blobsReused = 0
    private(set) var secondPasses = 0

    init(pool: RepositoryPool, store: any Store, jobs: Int) {
        self.pool = pool
        self.store = store
        self.jobs = jobs
    }

    /// Forgets the tree; the next commit is listed whole and compared with nothing.
    func reset() {
        commit = nil
        tree = nil
        configurationBlob = nil
        files = [:]
        projectFiles = [:]
        excluded = []
        symlinks = []
        submodules = []
        visibleFolders = [:]
        unreadable = [:]
        sums = FactSignatures()
        inputs = ModelInputs()
        contextIndex = [:]
        model = nil
        digests = nil
        project = nil
        scopes = nil
        repositoryFindings = [:]
        repositoryOnly = [:]
        total = Tally()
        analyzed = 0
        moved = [:]
    }

    func takeMemo() -> [(MemoKey, [UInt8])] {
        defer { memo = [] }
        return memo
    }

    // MARK: Moving to a commit

    /// Makes this the state of `next`'s tree. `prepared` are `next`'s changes against its first
    /// parent, used when this is the parent's state.
    func advance(_ repo: GitRepository, to next: Commit, prepared: [TreeChange]? = nil) throws {
        moved = [:]
        let configEntry = try repo.entry(path: Configuration.fileName, in: next.tree)
        let configBlob = configEntry.flatMap { $0.kind == .file || $0.kind == .executable ? $0.id : nil }
        var configChanged = false
        if tree == nil || configBlob != configurationBlob {
            configuration = try configBlob.map { try Configuration.parse(Data(repo.blob($0)), source: Configuration.fileName) } ?? Configuration()
            configurationBlob = configBlob
            configChanged = true
            visibleFolders = [:]
        }
        let relist = tree == nil || configChanged
        let changes: [TreeChange]
        if !relist, let prepared, commit != nil, commit == next.parents.first {
            changes = prepared
        } else {
            changes = try self.changes(repo, to: next.tree, relist: relist)
        }
        var changed: Set<String> = []
        var projectChanged = project == nil || configChanged
        var needed: [(String, ObjectID, Language)] = []
        for change in changes {
            let path = change.path
            let old = files[path]
            if projectFiles.removeValue(forKey: path) != nil { projectChanged = true }
            excluded.remove(path)
            symlinks.remove(path)
            submodules.remove(path)
            var source: (ObjectID, Language)? = nil
            if let new = change.new, isVisible(path) {
                switch new.kind {
                case .symlink: symlinks.insert(path)
                case .submodule: submodules.insert(path)
                case .tree: break
                case .file, .executable:
                    let name = path.split(separator: "/").last.map(String.init) ?? path
                    if let kind = ProjectFile.kind(of: path), configuration.includes(file: path) {
                        projectFiles[path] = (new.id, kind)
                        projectChanged = true
                        if kind == .packageManifest { source = (new.id, .swift) }
                    } else if let language = Language(path: name) {
                        if configuration.includes(file: path) { source = (new.id, language) } else { excluded.insert(path) }
                    }
                }
            }
            // The same blob at the same path (when a tree is listed again): nothing to do.
            if let old, let (blob, language) = source, old.blob == blob, old.language == language { continue }
            if let old { remove(path, old) }
            if let (blob, language) = source { needed.append((path, blob, language)) }
            changed.insert(path)
        }
        for ((path, blob, language), first) in zip(needed, try firstPasses(needed)) {
            let file = File(blob: blob, language: language, first: first)
            files[path] = file
            sums.add(file.signatures)
            if let facts = file.base?.facts { inputs.add(facts) }
            index(path, file)
            if case .analyzed = first { analyzed += 1 }
            if case .unreadable(let d) = first { unreadable[path] = d }
        }
        commit = next.id
        tree = next.tree
        if let (_, d) = unreadable.min(by: { $0.key < $1.key }) {
            // A blob that cannot be read (a corrupt object): the commit fails, the walk goes on.
            throw ScanError("\(d.path): \(d.message)")
        }
        try settle(changed: changed, projectChanged: projectChanged, configChanged: configChanged)
    }

    /// What changed between the state's tree and `next`: a diff, or (`relist`) every entry of
    /// `next` plus every path the state knows, so unchanged paths are recognised and kept.
    private func changes(_ repo: GitRepository, to next: ObjectID, relist: Bool) throws -> [TreeChange] {
        guard relist else { return try repo.changes(from: tree, to: next) }
        var entries: [TreeEntry] = []
        try repo.walkTree(next, enter: { _ in true }, visit: { entries.append($0) })
        let present = Set(entries.map(\.path))
        let known = Set(files.keys).union(projectFiles.keys).union(excluded).union(symlinks).union(submodules)
        return entries.map { TreeChange(path: $0.path, old: nil, new: $0) }
            + known.subtracting(present).sorted().map { TreeChange(path: $0, old: nil, new: nil) }
    }

    /// Takes a file out of the tree and out of the totals.
    private func remove(_ path: String, _ file: File) {
        files[path] = nil
        sums.subtract(file.signatures)
        if let facts = file.base?.facts { inputs.remove(facts) }
        unindex(path, file)
        if case .analyzed = file.first { analyzed -= 1 }
        unreadable[path] = nil
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
            if let known = visibleFolders[folder] {
                if !known { return false }
                continue
            }
            let name = folder.split(separator: "/").last.map(String.init) ?? folder
            let enters = FileTree.enters(folder: folder, name: name, configuration: configuration)
            visibleFolders[folder] = enters
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
                if files[path]?.blob == new.id { continue }
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
    private var prefetched: [MemoKey: TreeScan.FirstPass] = [:]

    /// The chunk is written: what was found ahead for it is no longer needed.
    func endChunk() { prefetched = [:] }

    /// First-pass results for (path, blob) pairs: found ahead, else memoised ones decoded, else
    /// analysed in parallel and added to the memo.
    private func firstPasses(_ needed: [(String, ObjectID, Language)]) throws -> [TreeScan.FirstPass] {
        guard !needed.isEmpty else { return [] }
        let keys = needed.map { MemoKey(blob: $0.1.hex, path: $0.0) }
        let pool = self.pool, analyzer = self.analyzer
        let (results, reused, scanned) = try throughMemo(
            keys, known: keys.map { prefetched[$0] },
            decode: { key, data in try? BinaryCoding.decode(MemoRecord.self, from: data).firstPass(path: key.path) },
            source: { i in
                let (path, blob, language) = needed[i]
                return SourceFile(path: path, language: language, size: 0) { try GitTree.read(blob, pool: pool) }
            },
            compute: { TreeScan.firstPass($0, analyzer: analyzer) },
            encode: { first in MemoRecord(first).flatMap { try? BinaryCoding.encode($0) } })
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
                                              encode: (Value) -> [UInt8]?) throws -> ([Value?], reused: Int, computed: Int) {
        var values = known
        let lookup = keys.indices.filter { values[$0] == nil }.map { keys[$0] }
        let found = lookup.isEmpty ? [:] : try store.memo(lookup, ruleset: Ruleset.fingerprint)
        var missing: [Int] = []
        var reused = 0
        for i in keys.indices where values[i] == nil {
            if let data = found[keys[i]], let value = decode(keys[i], data) {
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
            made += 1
            if let data = encode(value) { memo.append((keys[i], data)) }
        }
        return (values, reused, made)
    }

    // MARK: Model, second passes, counts

    private func settle(changed: Set<String>, projectChanged: Bool, configChanged: Bool) throws {
        var recount = changed
        var reread = changed.filter { files[$0] != nil }
        var recountAll = configChanged || projectChanged
        if model == nil || projectChanged || configChanged || sums != modelSums {
            let hadModel = model != nil, oldDigests = digests, oldSums = modelSums
            // Condition macros decide which branches of every file count.
            if hadModel, sums.macros != oldSums.macros { recountAll = true }
            if projectChanged || project == nil {
                let pool = self.pool
                let list = projectFiles.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }.map { path, entry in
                    ProjectFile(path: path, kind: entry.1) { try pool.with { try $0.blob(entry.0) } }
                }
                project = ProjectScan.model(list, jobs: jobs).0
            }
            if projectChanged || configChanged || scopes == nil { scopes = Scopes(project: project!, configuration: configuration) }
            let model = inputs.model(project: project!)
            let digests = ModelDigest(model)
            // Second passes: files that use a name whose entries changed.
            if let oldDigests {
                let names = oldDigests.changedNames(comparedWith: digests)
                if !names.isEmpty {
                    for (path, file) in files where names.contains(where: { file.uses($0) }) {
                        reread.insert(path)
                    }
                }
            } else {
                reread.formUnion(files.keys)
            }
            // Repository findings, when the facts or project they come from changed.
            if !hadModel || projectChanged || sums.types != oldSums.types || sums.project != oldSums.project {
                var found: [String: [PendingFinding]] = [:]
                for f in Catalog.checkRepository(inputs.repositoryView(model)) { found[f.path, default: []].append(f.pending) }
                for path in Set(found.keys).union(repositoryFindings.keys) where found[path] != repositoryFindings[path] { recount.insert(path) }
                repositoryFindings = found
            }
            // Contexts: files with findings in a type whose roles or declared-ness may have changed.
            let affected = inputs.takeAffected()
            if hadModel, !recountAll, !affected.isEmpty { recount.formUnion(paths(withFindingsIn: affected)) }
            if !hadModel { recountAll = true }
            self.model = model
            self.digests = digests
            modelSums = sums
        }
        let model = self.model!
        try secondPasses(reread, model: model, recount: &recount)
        let paths = recountAll ? Set(files.keys).union(repositoryFindings.keys).union(repositoryOnly.keys) : recount
        for path in paths.sorted() { count(path, model: model) }
    }

    /// Files with a finding whose type (or backported type name) is among `names`.
    private func paths(withFindingsIn names: Set<String>) -> Set<String> {
        var out: Set<String> = []
        for name in names { out.formUnion(contextIndex[name] ?? []) }
        for (path, found) in repositoryFindings where found.contains(where: { $0.typeName.map(names.contains) == true }) { out.insert(path) }
        return out
    }

    /// Type name → paths with findings in it, kept as files come, go and are read again.
    private var contextIndex: [String: Set<String>] = [:]

    private func index(_ path: String, _ file: File) {
        for name in file.contextNames { contextIndex[name, default: []].insert(path) }
    }

    private func unindex(_ path: String, _ file: File) {
        for name in file.contextNames {
            contextIndex[name]?.remove(path)
            if contextIndex[name]?.isEmpty == true { contextIndex[name] = nil }
        }
    }

    /// Replaces a file's second-pass analysis, keeping the one it replaces and the index.
    private func setSecond(_ path: String, _ file: File, _ second: (digest: String, analysis: FileAnalysis)?) {
        unindex(path, file)
        if let current = file.second { file.earlier = current }
        file.second = second
        index(path, file)
    }

    /// Settles the second pass of `paths` against `model`: kept when the digest of what it read
    /// is unchanged, else from the memo, else read again. Paths whose analysis changed are recounted.
    private func secondPasses(_ paths: Set<String>, model: RepositoryModel, recount: inout Set<String>) throws {
        guard let digests else { return }
        var work: [(String, File, String)] = []
        for path in paths.sorted() {
            guard let file = files[path] else { continue }
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
                return SourceFile(path: path, language: file.language, size: 0) { try GitTree.read(blob, pool: pool) }
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
        let file = files[path]
        let extra = repositoryFindings[path] ?? []
        guard var analysis = file?.analysis ?? (extra.isEmpty ? nil : FileAnalysis(
            path: path, language: .swift, facts: FileFacts(path: path), findings: [], suppressions: [], problems: [], identifierHashes: []))
        else { return setTally(path, nil, file: file) }
        analysis.findings += extra
        setTally(path, Resolution.tally(analysis, model: model, configuration: configuration, scopes: scopes!), file: file)
    }

    /// Replaces the count of `path`, keeping the totals and the moved paths up to date.
    private func setTally(_ path: String, _ tally: Tally?, file: File?) {
        var before = 0
        if let t = file?.tally {
            total.subtract(t)
            before += t.total
        }
        if let t = repositoryOnly.removeValue(forKey: path) {
            total.subtract(t)
            before += t.total
        }
        if let tally { total.add(tally) }
        if let file { file.tally = tally } else { repositoryOnly[path] = tally }
        let after = tally?.total ?? 0
        if before != after || moved[path] != nil { moved[path] = (moved[path]?.0 ?? before, after) }
    }

    /// The current tree's findings as a scan reports them (only files that have any are read).
    func findings() -> [Finding] {
        guard let model, let scopes else { return [] }
        var out: [Finding] = []
        var paths = Set(repositoryOnly.filter { $0.value.total > 0 }.keys)
        for (path, file) in files where (file.tally?.total ?? 0) > 0 { paths.insert(path) }
        for path in paths {
            let extra = repositoryFindings[path] ?? []
            guard var analysis = files[path]?.analysis ?? (extra.isEmpty ? nil : FileAnalysis(
                path: path, language: .swift, facts: FileFacts(path: path), findings: [], suppressions: [], problems: [], identifierHashes: []))
            else { continue }
            analysis.findings += extra
            out += Resolution.findings(of: analysis, model: model, configuration: configuration, scopes: scopes)
        }
        return out.sorted(by: Finding.precedes)
    }

    /// Each target's stage in the current tree.
    func targetStages() -> [TargetStage] {
        guard let scopes else { return [] }
        return TargetStage.all(findings(), scopes: scopes)
    }

    /// Findings per file in the current tree, by path (files without findings left out).
    func fileCounts() -> [FileCount] {
        var out: [FileCount] = []
        for (path, file) in files { if let n = file.tally?.total, n > 0 { out.append(FileCount(path: path, count: n)) } }
        for (path, tally) in repositoryOnly where tally.total > 0 { out.append(FileCount(path: path, count: tally.total)) }
        return out.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
    }

    /// The commit's record from the current counts.
    func record(for c: Commit, comparedWithParent: Bool) -> CommitRecord {
        var deltas: [FileDelta] = []
        if comparedWithParent {
            for (path, (before, after)) in moved where before != after {
                deltas.append(FileDelta(path: path, count: after, delta: after - before))
            }
            deltas.sort { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
        }
        let stage = scopes.map { total.stage(of: Stage.deciding($0)) } ?? Stage.of(byRule: total.byRule, warningsOrErrors: total.errors + total.warnings)
        var record = CommitRecord(commit: c.id.hex, parent: c.parents.first?.hex, time: c.authorTime, subject: c.subject,
                                  stage: stage.rawValue, error: nil, files: analyzed, counts: total.byRule, errors: total.errors,
                                  warnings: total.warnings, notes: total.notes, comparedWithParent: comparedWithParent, fileDeltas: deltas)
        for scope in TargetScope.allCases where !scope.counts {
            let c = total.byScope[scope] ?? Tally.ScopeCounts()
            record.apartErrors += c.errors
            record.apartWarnings += c.warnings
            record.apartNotes += c.notes
        }
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

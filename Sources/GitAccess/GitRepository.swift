import CLibGit2

/// A commit's facts, copied out of libgit2.
public struct Commit: Sendable, Equatable {
    public var id: ObjectID
    public var tree: ObjectID
    public var parents: [ObjectID]
    /// Author time, seconds since 1970.
    public var authorTime: Int64
    /// Author time zone, minutes east of UTC.
    public var authorOffset: Int32
    /// The author time the commit states, when it is outside `Commit.times` (then
    /// `authorTime` is 0, 1970-01-01): a number no real commit carries is never computed with.
    public var statedTime: Int64? = nil

    /// The author times taken as they are: years 1 to 9999.
    public static let times: ClosedRange<Int64> = -62_135_596_800...253_402_300_799
    /// Time zones taken as they are, in minutes: UTC−12:00 to UTC+14:00.
    public static let offsets: ClosedRange<Int32> = -720...840
    /// The first paragraph of the message, on one line.
    public var subject: String
    /// The author's name as the commit states it.
    public var author = ""
}

/// A blob refused because its header states more bytes than the caller reads.
public struct BlobTooLarge: Error, Sendable, CustomStringConvertible {
    public var id: ObjectID
    public var size: Int
    public var limit: Int
    /// "larger than 16 MiB", as messages say it.
    public var description: String { "larger than \(limit >> 20) MiB" }
}

/// One entry of a tree, with its path from the root.
public struct TreeEntry: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case file, executable, symlink, submodule, tree
    }
    public var path: String
    public var id: ObjectID
    public var kind: Kind

    static func kind(of mode: git_filemode_t) -> Kind? {
        switch mode {
        case GIT_FILEMODE_BLOB: return .file
        case GIT_FILEMODE_BLOB_EXECUTABLE: return .executable
        case GIT_FILEMODE_LINK: return .symlink
        case GIT_FILEMODE_COMMIT: return .submodule
        case GIT_FILEMODE_TREE: return .tree
        default: return nil
        }
    }

    static func kind(ofMode mode: UInt16) -> Kind? { kind(of: git_filemode_t(UInt32(mode))) }
}

/// A path whose entry differs between two trees.
public struct TreeChange: Sendable, Equatable {
    public var path: String
    /// The entry before, nil when the path was added.
    public var old: TreeEntry?
    /// The entry after, nil when the path was deleted.
    public var new: TreeEntry?

    public init(path: String, old: TreeEntry?, new: TreeEntry?) {
        self.path = path
        self.old = old
        self.new = new
    }
}

/// An open repository (bare or not). Not for concurrent use: libgit2 objects may move between
/// threads but never be used by two at once, so each worker takes its own from a
/// `RepositoryPool`.
public final class GitRepository {
    let handle: OpaquePointer
    private var odbHandle: OpaquePointer?
    /// The path it was opened with, for messages.
    public let location: String

    init(handle: OpaquePointer, location: String) {
        self.handle = handle
        self.location = location
    }

    deinit {
        if let odbHandle { lib.git_odb_free(odbHandle) }
        lib.git_repository_free(handle)
    }

    /// Opens the repository at `path`: a working tree's root, its `.git` folder, or a bare
    /// repository. Folders above are not searched. Its objects are read from its own packs and
    /// loose objects only (`LooseObjects`): every loose object is checked before libgit2 reads
    /// it, and alternates are not followed. A symbolic link in its git directory that leads out of
    /// it is refused (`GitDirectoryLinks`).
    public static func open(_ path: String) throws -> GitRepository {
        try Git.setUp()
        try GitDirectoryLinks.check(path)
        var repo: OpaquePointer?
        try Git.check(lib.git_repository_open_ext(&repo, path, GIT_REPOSITORY_OPEN_NO_SEARCH.rawValue, nil),
                      "git_repository_open_ext", path)
        let opened = GitRepository(handle: repo!, location: path)
        try LooseObjects.install(into: repo!, location: path)
        return opened
    }

    /// Creates an empty bare repository at `path` (folders made as needed).
    public static func initBare(_ path: String) throws -> GitRepository {
        try Git.setUp()
        var options = git_repository_init_options()
        try Git.check(lib.git_repository_init_options_init(&options, UInt32(GIT_REPOSITORY_INIT_OPTIONS_VERSION)),
                      "git_repository_init_options_init", path)
        options.flags = GIT_REPOSITORY_INIT_BARE.rawValue | GIT_REPOSITORY_INIT_MKPATH.rawValue
        var repo: OpaquePointer?
        try Git.check(lib.git_repository_init_ext(&repo, path, &options), "git_repository_init_ext", path)
        return GitRepository(handle: repo!, location: path)
    }

    /// No commits yet (HEAD is unborn).
    public var isEmpty: Bool { lib.git_repository_is_empty(handle) == 1 }
    /// A shallow clone: some history is missing on purpose.
    public var isShallow: Bool { lib.git_repository_is_shallow(handle) == 1 }

    // MARK: Revisions and commits

    /// The commit a revision names (`main`, `origin/main`, `v1.2`, `HEAD~3`, a hex id).
    public func resolveCommit(_ revision: String) throws -> ObjectID {
        var object: OpaquePointer?
        let code = Git.fresh { lib.git_revparse_single(&object, handle, revision) }
        if code < 0 {
            // Read at once: asking whether the repository is empty sets an error of its own.
            let e = Git.lastError(code, "git_revparse_single", location)
            if isEmpty { throw GitError(function: "git_revparse_single", code: code, message: "the repository has no commits",
                                        context: location) }
            let unknown = code == GIT_ENOTFOUND.rawValue || code == GIT_EINVALIDSPEC.rawValue
            // A reference that exists names an object that cannot be read: say which, and why.
            if unknown, let id = referencedID(revision) {
                let why = storeProblems.isEmpty ? "it is not in the repository" : storeProblems.joined(separator: "; ")
                throw GitError(function: e.function, code: e.code, message: "revision '\(revision)' names \(id.hex), which cannot be read: \(why)", context: location)
            }
            let message = unknown ? "unknown revision '\(revision)'" : "revision '\(revision)' cannot be read: \(e.message)"
            throw GitError(function: e.function, code: e.code, message: ObjectStoreHealth.annotated(message, storeProblems), context: location)
        }
        defer { lib.git_object_free(object) }
        var commit: OpaquePointer?
        try checkRead(lib.git_object_peel(&commit, object, GIT_OBJECT_COMMIT), "git_object_peel", "\(location) \(revision)")
        defer { lib.git_object_free(commit) }
        return ObjectID(lib.git_object_id(commit)!)
    }

    /// The object a reference named as a revision is (`main`, `HEAD`, `v1.2`), read from the
    /// references alone; nil when the revision names no reference.
    private func referencedID(_ revision: String) -> ObjectID? {
        var ref: OpaquePointer?
        guard lib.git_reference_dwim(&ref, handle, revision) == 0 else { return nil }
        defer { lib.git_reference_free(ref) }
        var resolved: OpaquePointer?
        guard lib.git_reference_resolve(&resolved, ref) == 0 else { return nil }
        defer { lib.git_reference_free(resolved) }
        return lib.git_reference_target(resolved).map { ObjectID($0) }
    }

    /// What is wrong with the object store, looked for once, after a read failed.
    private lazy var storeProblems: [String] = ObjectStoreHealth.problems(gitDirectory: String(cString: lib.git_repository_path(handle)!))

    /// Like `Git.check` for a call that reads an object: a failure says what is wrong with the
    /// object store when something is (a damaged pack index, a truncated pack, alternates).
    private func checkRead(_ call: @autoclosure () -> Int32, _ function: String, _ context: @autoclosure () -> String) throws {
        do {
            _ = try Git.check(call(), function, context())
        } catch var e as GitError where e.isNotFound || e.message.contains("not found") {
            e.message = ObjectStoreHealth.annotated(e.message, storeProblems)
            throw e
        }
    }

    /// The reference HEAD names (`refs/heads/main`), nil when HEAD is detached or unreadable.
    public var headReference: String? {
        var head: OpaquePointer?
        guard lib.git_reference_lookup(&head, handle, "HEAD") == 0 else { return nil }
        defer { lib.git_reference_free(head) }
        return lib.git_reference_symbolic_target(head).map { String(cString: $0) }
    }

    /// The commit id a reference points at, without peeling tags; nil when there is none.
    public func target(of reference: String) -> ObjectID? {
        var id = git_oid()
        guard lib.git_reference_name_to_id(&id, handle, reference) == 0 else { return nil }
        return ObjectID(id)
    }

    /// The commit with id `id`.
    public func commit(_ id: ObjectID) throws -> Commit {
        var oid = id.raw
        var commit: OpaquePointer?
        try checkRead(lib.git_commit_lookup(&commit, handle, &oid), "git_commit_lookup", "\(location) commit \(id.hex)")
        defer { lib.git_commit_free(commit) }
        let count = lib.git_commit_parentcount(commit)
        var parents: [ObjectID] = []
        for i in 0..<count { if let p = lib.git_commit_parent_id(commit, i) { parents.append(ObjectID(p)) } }
        let author = lib.git_commit_author(commit)
        let subject = lib.git_commit_summary(commit).map { String(cString: $0) } ?? ""
        let time = author.map { Int64($0.pointee.when.time) } ?? Int64(lib.git_commit_time(commit))
        let offset = author.map { Int64($0.pointee.when.offset) } ?? 0
        var out = Commit(id: id, tree: ObjectID(lib.git_commit_tree_id(commit)!), parents: parents,
                         authorTime: Commit.times.contains(time) ? time : 0,
                         authorOffset: Commit.offsets.contains(Int32(clamping: offset)) ? Int32(offset) : 0, subject: subject)
        if !Commit.times.contains(time) { out.statedTime = time }
        if let name = author?.pointee.name { out.author = String(cString: name) }
        return out
    }

    /// Whether the object database has `id` (without reading it).
    public func contains(_ id: ObjectID) -> Bool {
        guard let odb = try? objectDatabase() else { return false }
        var oid = id.raw
        return lib.git_odb_exists(odb, &oid) == 1
    }

    // MARK: Trees

    /// Folders deeper than this are not entered (no real project nests this far; a hostile
    /// tree nests 30,000 folders to exhaust stacks and build quadratic paths).
    public static let maximumTreeDepth = 256

    /// A tree entry not taken, with why; the walk goes on without it.
    public struct TreeProblem: Sendable, Equatable {
        public var path: String
        public var message: String
    }

    /// The entries of a tree fleetscan takes, in order — one rule for every walk, so a scan of a
    /// commit and a history that reaches it see the same files: a name that is empty, `.`, `..`,
    /// holds a `/`, or is `.git` in any case is skipped, and so is an entry not sorted after the
    /// one before it (a repeated or unsorted entry, which git never writes); entries of a mode
    /// git does not know are left out silently.
    private func entries(of tree: OpaquePointer?, prefix: String, problem: (TreeProblem) -> Void) -> [(entry: OpaquePointer, path: String, kind: TreeEntry.Kind)] {
        guard let tree else { return [] }
        var out: [(entry: OpaquePointer, path: String, kind: TreeEntry.Kind)] = []
        var previous: OpaquePointer?
        for i in 0..<lib.git_tree_entrycount(tree) {
            guard let entry = lib.git_tree_entry_byindex(tree, i), let cName = lib.git_tree_entry_name(entry) else { continue }
            let name = String(cString: cName)
            let path = prefix.isEmpty ? name : prefix + "/" + name
            if name.isEmpty || name == "." || name == ".." || name.utf8.contains(UInt8(ascii: "/")) || name.lowercased() == ".git" {
                problem(TreeProblem(path: path, message: "a tree entry with the name `\(name)`, which git never writes; skipped"))
                continue
            }
            if let previous, lib.git_tree_entry_cmp(previous, entry) >= 0 {
                problem(TreeProblem(path: path, message: "a tree entry repeated or out of order, which git never writes; skipped"))
                continue
            }
            previous = entry
            guard let kind = TreeEntry.kind(of: lib.git_tree_entry_filemode(entry)) else { continue }
            out.append((entry, path, kind))
        }
        return out
    }

    private func lookUpTree(_ id: ObjectID, _ context: @autoclosure () -> String) throws -> OpaquePointer? {
        var oid = id.raw
        var t: OpaquePointer?
        try checkRead(lib.git_tree_lookup(&t, handle, &oid), "git_tree_lookup", context())
        return t
    }

    private static func tooDeep(_ path: String) -> TreeProblem {
        TreeProblem(path: String(path.prefix(200)) + (path.count > 200 ? "…" : ""),
                    message: "a folder more than \(maximumTreeDepth) levels deep; not entered")
    }

    /// Visits the entries under `tree` depth-first, a folder's files before its folders, in name
    /// order, without recursion. `enter` decides which folders are walked (given their path);
    /// `visit` sees every non-folder entry; `problem` every entry not taken (`entries(of:)`).
    public func walkTree(_ tree: ObjectID, enter: (String) -> Bool, visit: (TreeEntry) -> Void,
                         problem: (TreeProblem) -> Void = { _ in }) throws {
        var stack: [(String, ObjectID, Int)] = [("", tree, 0)]
        while let (prefix, id, depth) = stack.popLast() {
            let t = try lookUpTree(id, "\(location) tree \(id.hex) (\(prefix.isEmpty ? "/" : prefix))")
            defer { lib.git_tree_free(t) }
            var folders: [(String, ObjectID, Int)] = []
            for (entry, path, kind) in entries(of: t, prefix: prefix, problem: problem) {
                let entryID = ObjectID(lib.git_tree_entry_id(entry)!)
                if kind == .tree {
                    guard depth < Self.maximumTreeDepth else { problem(Self.tooDeep(path)); continue }
                    if enter(path) { folders.append((path, entryID, depth + 1)) }
                } else {
                    visit(TreeEntry(path: path, id: entryID, kind: kind))
                }
            }
            stack.append(contentsOf: folders.reversed())
        }
    }

    /// The entry at `path` (`/`-separated) under `tree`, or nil when there is none.
    public func entry(path: String, in tree: ObjectID) throws -> TreeEntry? {
        let t = try lookUpTree(tree, "\(location) tree \(tree.hex)")
        defer { lib.git_tree_free(t) }
        var entry: OpaquePointer?
        let code = lib.git_tree_entry_bypath(&entry, t, path)
        if code == GIT_ENOTFOUND.rawValue { return nil }
        try Git.check(code, "git_tree_entry_bypath", "\(location) \(path)")
        defer { lib.git_tree_entry_free(entry) }
        guard let kind = TreeEntry.kind(of: lib.git_tree_entry_filemode(entry)) else { return nil }
        return TreeEntry(path: path, id: ObjectID(lib.git_tree_entry_id(entry)!), kind: kind)
    }

    /// The paths whose entries differ between `old` (nil: the empty tree) and `new`, in the order
    /// a depth-first walk meets them. Subtrees with the same id on both sides are skipped
    /// without being read, so the cost follows the change, not the tree (libgit2's own tree
    /// diff iterates every entry of both trees). Entries are taken as `walkTree` takes them;
    /// no recursion, however deep the trees.
    public func changes(from old: ObjectID?, to new: ObjectID, problem: (TreeProblem) -> Void = { _ in }) throws -> [TreeChange] {
        var out: [TreeChange] = []
        if old == new { return out }
        /// Two trees being joined, and how far.
        final class Frame {
            let oldTree: OpaquePointer?, newTree: OpaquePointer?
            let old: [(entry: OpaquePointer, path: String, kind: TreeEntry.Kind)]
            let new: [(entry: OpaquePointer, path: String, kind: TreeEntry.Kind)]
            let depth: Int
            var a = 0, b = 0
            init(_ oldTree: OpaquePointer?, _ newTree: OpaquePointer?, old: [(entry: OpaquePointer, path: String, kind: TreeEntry.Kind)],
                 new: [(entry: OpaquePointer, path: String, kind: TreeEntry.Kind)], depth: Int) {
                self.oldTree = oldTree
                self.newTree = newTree
                self.old = old
                self.new = new
                self.depth = depth
            }
            deinit {
                lib.git_tree_free(oldTree)
                lib.git_tree_free(newTree)
            }
        }
        func open(_ old: ObjectID?, _ new: ObjectID?, prefix: String, depth: Int) throws -> Frame {
            let context = "\(location) tree (\(prefix.isEmpty ? "/" : prefix))"
            let o = try old.map { try lookUpTree($0, context) } ?? nil
            let n: OpaquePointer?
            do { n = try new.map { try lookUpTree($0, context) } ?? nil } catch { lib.git_tree_free(o); throw error }
            return Frame(o, n, old: entries(of: o, prefix: prefix, problem: problem),
                         new: entries(of: n, prefix: prefix, problem: problem), depth: depth)
        }
        var stack = [try open(old, new, prefix: "", depth: 0)]
        func entry(_ e: (entry: OpaquePointer, path: String, kind: TreeEntry.Kind)) -> TreeEntry {
            TreeEntry(path: e.path, id: ObjectID(lib.git_tree_entry_id(e.entry)!), kind: e.kind)
        }
        func descend(_ old: ObjectID?, _ new: ObjectID?, path: String, depth: Int) throws {
            guard depth < Self.maximumTreeDepth else { problem(Self.tooDeep(path)); return }
            stack.append(try open(old, new, prefix: path, depth: depth + 1))
        }
        while let f = stack.last {
            // Both sides are sorted the way git sorts entries: a merge join.
            guard f.a < f.old.count || f.b < f.new.count else { stack.removeLast(); continue }
            let o = f.a < f.old.count ? f.old[f.a] : nil
            let n = f.b < f.new.count ? f.new[f.b] : nil
            let order: Int32 = o == nil ? 1 : n == nil ? -1 : lib.git_tree_entry_cmp(o!.entry, n!.entry)
            if order < 0 {
                f.a += 1
                let oe = entry(o!)
                if oe.kind == .tree { try descend(oe.id, nil, path: oe.path, depth: f.depth) } else { out.append(TreeChange(path: oe.path, old: oe, new: nil)) }
            } else if order > 0 {
                f.b += 1
                let ne = entry(n!)
                if ne.kind == .tree { try descend(nil, ne.id, path: ne.path, depth: f.depth) } else { out.append(TreeChange(path: ne.path, old: nil, new: ne)) }
            } else {
                f.a += 1
                f.b += 1
                let oldMode = lib.git_tree_entry_filemode(o!.entry), newMode = lib.git_tree_entry_filemode(n!.entry)
                if oldMode == newMode, lib.git_oid_equal(lib.git_tree_entry_id(o!.entry), lib.git_tree_entry_id(n!.entry)) == 1 { continue }
                let oe = entry(o!), ne = entry(n!)
                if oe.kind == .tree, ne.kind == .tree {
                    try descend(oe.id, ne.id, path: ne.path, depth: f.depth)
                } else {
                    out.append(TreeChange(path: ne.path, old: oe, new: ne))
                }
            }
        }
        return out
    }

    /// Files renamed between two trees (old path → new path), as git's rename detection finds
    /// them (exact and similar content).
    public func renames(from old: ObjectID, to new: ObjectID) throws -> [String: String] {
        let context = "\(location) renames \(old.hex) → \(new.hex)"
        var oldTree: OpaquePointer?, newTree: OpaquePointer?
        var a = old.raw, b = new.raw
        try checkRead(lib.git_tree_lookup(&oldTree, handle, &a), "git_tree_lookup", context)
        defer { lib.git_tree_free(oldTree) }
        try checkRead(lib.git_tree_lookup(&newTree, handle, &b), "git_tree_lookup", context)
        defer { lib.git_tree_free(newTree) }
        var diff: OpaquePointer?
        try Git.check(lib.git_diff_tree_to_tree(&diff, handle, oldTree, newTree, nil), "git_diff_tree_to_tree", context)
        defer { lib.git_diff_free(diff) }
        var find = git_diff_find_options()
        try Git.check(lib.git_diff_find_options_init(&find, UInt32(GIT_DIFF_FIND_OPTIONS_VERSION)), "git_diff_find_options_init", context)
        find.flags = GIT_DIFF_FIND_RENAMES.rawValue
        try Git.check(lib.git_diff_find_similar(diff, &find), "git_diff_find_similar", context)
        var out: [String: String] = [:]
        for i in 0..<lib.git_diff_num_deltas(diff) {
            guard let d = lib.git_diff_get_delta(diff, i)?.pointee, d.status == GIT_DELTA_RENAMED,
                  let from = d.old_file.path, let to = d.new_file.path else { continue }
            out[String(cString: from)] = String(cString: to)
        }
        return out
    }

    // MARK: Blobs

    /// The size of an object, read from its header (a huge blob is never inflated to learn it).
    public func size(of id: ObjectID) throws -> Int {
        let odb = try objectDatabase()
        var oid = id.raw
        var length = 0
        var type = GIT_OBJECT_ANY
        try checkRead(lib.git_odb_read_header(&length, &type, odb, &oid), "git_odb_read_header", "\(location) object \(id.hex)")
        return length
    }

    /// Blobs larger than this are not read unless a caller asks for more.
    public static let blobLimit = 32 << 20

    /// Calls `body` with the bytes of blob `id`; they are valid only during the call. A blob
    /// over `limit` is refused from its header, before anything is inflated.
    public func withBlob<R>(_ id: ObjectID, limit: Int = blobLimit, _ body: (UnsafeRawBufferPointer) throws -> R) throws -> R {
        let size = try size(of: id)
        guard size <= limit else { throw BlobTooLarge(id: id, size: size, limit: limit) }
        var oid = id.raw
        var blob: OpaquePointer?
        try checkRead(lib.git_blob_lookup(&blob, handle, &oid), "git_blob_lookup", "\(location) blob \(id.hex)")
        defer { lib.git_blob_free(blob) }
        let count = Int(lib.git_blob_rawsize(blob))
        return try body(UnsafeRawBufferPointer(start: lib.git_blob_rawcontent(blob), count: count))
    }

    /// The bytes of blob `id` (refused from its header when over `limit`).
    public func blob(_ id: ObjectID, limit: Int = blobLimit) throws -> [UInt8] {
        try withBlob(id, limit: limit) { Array($0) }
    }

    /// Throws unless `bytes` are the content of blob `id`: the SHA-1 git names a blob by,
    /// computed by libgit2 (`git_odb_hash`). Reads do not check it (libgit2's strict
    /// verification is off, `Git`); what is analysed for a memo other repositories share is
    /// checked with this first, so a forged object cannot stand in for another repository's
    /// blob. The error is the one libgit2's own check gave, with `location` (the repository's
    /// path) as its context.
    public static func verifyBlob(_ id: ObjectID, _ bytes: UnsafeRawBufferPointer, location: String) throws {
        var actual = git_oid()
        try Git.check(lib.git_odb_hash(&actual, bytes.baseAddress, bytes.count, GIT_OBJECT_BLOB), "git_odb_hash", "\(location) blob \(id.hex)")
        let hashed = ObjectID(actual)
        guard hashed == id else {
            throw GitError(function: "git_blob_lookup", code: GIT_EMISMATCH.rawValue,
                           message: "object hash mismatch - expected \(id.hex) but got \(hashed.hex)", context: "\(location) blob \(id.hex)")
        }
    }

    func objectDatabase() throws -> OpaquePointer {
        if let odbHandle { return odbHandle }
        var odb: OpaquePointer?
        try Git.check(lib.git_repository_odb(&odb, handle), "git_repository_odb", location)
        odbHandle = odb
        return odb!
    }
}

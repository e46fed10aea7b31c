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
    /// The first paragraph of the message, on one line.
    public var subject: String
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
        if let odbHandle { git_odb_free(odbHandle) }
        git_repository_free(handle)
    }

    /// Opens the repository at `path`: a working tree's root, its `.git` folder, or a bare
    /// repository. Folders above are not searched.
    public static func open(_ path: String) throws -> GitRepository {
        Git.setUp()
        var repo: OpaquePointer?
        try Git.check(git_repository_open_ext(&repo, path, GIT_REPOSITORY_OPEN_NO_SEARCH.rawValue, nil),
                      "git_repository_open_ext", path)
        return GitRepository(handle: repo!, location: path)
    }

    /// Creates an empty bare repository at `path` (folders made as needed).
    public static func initBare(_ path: String) throws -> GitRepository {
        Git.setUp()
        var options = git_repository_init_options()
        try Git.check(git_repository_init_options_init(&options, UInt32(GIT_REPOSITORY_INIT_OPTIONS_VERSION)),
                      "git_repository_init_options_init", path)
        options.flags = GIT_REPOSITORY_INIT_BARE.rawValue | GIT_REPOSITORY_INIT_MKPATH.rawValue
        var repo: OpaquePointer?
        try Git.check(git_repository_init_ext(&repo, path, &options), "git_repository_init_ext", path)
        return GitRepository(handle: repo!, location: path)
    }

    /// No commits yet (HEAD is unborn).
    public var isEmpty: Bool { git_repository_is_empty(handle) == 1 }
    /// A shallow clone: some history is missing on purpose.
    public var isShallow: Bool { git_repository_is_shallow(handle) == 1 }

    // MARK: Revisions and commits

    /// The commit a revision names (`main`, `origin/main`, `v1.2`, `HEAD~3`, a hex id).
    public func resolveCommit(_ revision: String) throws -> ObjectID {
        var object: OpaquePointer?
        let code = git_revparse_single(&object, handle, revision)
        if code < 0 {
            if isEmpty { throw GitError(function: "git_revparse_single", code: code, message: "the repository has no commits",
                                        context: location) }
            let e = Git.lastError(code, "git_revparse_single", location)
            let detail = code == GIT_ENOTFOUND.rawValue || code == GIT_EINVALIDSPEC.rawValue ? "" : " (\(e.message))"
            throw GitError(function: e.function, code: e.code, message: "unknown revision '\(revision)'\(detail)", context: location)
        }
        defer { git_object_free(object) }
        var commit: OpaquePointer?
        try Git.check(git_object_peel(&commit, object, GIT_OBJECT_COMMIT), "git_object_peel", "\(location) \(revision)")
        defer { git_object_free(commit) }
        return ObjectID(git_object_id(commit))
    }

    /// The reference HEAD names (`refs/heads/main`), nil when HEAD is detached or unreadable.
    public var headReference: String? {
        var head: OpaquePointer?
        guard git_reference_lookup(&head, handle, "HEAD") == 0 else { return nil }
        defer { git_reference_free(head) }
        return git_reference_symbolic_target(head).map { String(cString: $0) }
    }

    /// The commit id a reference points at, without peeling tags; nil when there is none.
    public func target(of reference: String) -> ObjectID? {
        var id = git_oid()
        guard git_reference_name_to_id(&id, handle, reference) == 0 else { return nil }
        return ObjectID(id)
    }

    /// The commit with id `id`.
    public func commit(_ id: ObjectID) throws -> Commit {
        var oid = id.raw
        var commit: OpaquePointer?
        try Git.check(git_commit_lookup(&commit, handle, &oid), "git_commit_lookup", "\(location) commit \(id.hex)")
        defer { git_commit_free(commit) }
        let count = git_commit_parentcount(commit)
        var parents: [ObjectID] = []
        for i in 0..<count { if let p = git_commit_parent_id(commit, i) { parents.append(ObjectID(p)) } }
        let author = git_commit_author(commit)
        let subject = git_commit_summary(commit).map { String(cString: $0) } ?? ""
        return Commit(id: id, tree: ObjectID(git_commit_tree_id(commit)), parents: parents,
                      authorTime: author.map { Int64($0.pointee.when.time) } ?? Int64(git_commit_time(commit)),
                      authorOffset: author.map { Int32($0.pointee.when.offset) } ?? 0, subject: subject)
    }

    /// Whether the object database has `id` (without reading it).
    public func contains(_ id: ObjectID) -> Bool {
        guard let odb = try? objectDatabase() else { return false }
        var oid = id.raw
        return git_odb_exists(odb, &oid) == 1
    }

    // MARK: Trees

    /// Visits the entries under `tree` depth-first in name order. `enter` decides which folders
    /// are walked (given their path); `visit` sees every non-folder entry.
    public func walkTree(_ tree: ObjectID, enter: (String) -> Bool, visit: (TreeEntry) -> Void) throws {
        var stack: [(String, ObjectID)] = [("", tree)]
        while let (prefix, id) = stack.popLast() {
            var oid = id.raw
            var t: OpaquePointer?
            try Git.check(git_tree_lookup(&t, handle, &oid), "git_tree_lookup", "\(location) tree \(id.hex) (\(prefix.isEmpty ? "/" : prefix))")
            defer { git_tree_free(t) }
            var folders: [(String, ObjectID)] = []
            for i in 0..<git_tree_entrycount(t) {
                guard let entry = git_tree_entry_byindex(t, i), let name = git_tree_entry_name(entry) else { continue }
                let path = prefix.isEmpty ? String(cString: name) : prefix + "/" + String(cString: name)
                guard let kind = TreeEntry.kind(of: git_tree_entry_filemode(entry)) else { continue }
                let entryID = ObjectID(git_tree_entry_id(entry))
                if kind == .tree {
                    if enter(path) { folders.append((path, entryID)) }
                } else {
                    visit(TreeEntry(path: path, id: entryID, kind: kind))
                }
            }
            stack.append(contentsOf: folders.reversed())
        }
    }

    /// The entry at `path` (`/`-separated) under `tree`, or nil when there is none.
    public func entry(path: String, in tree: ObjectID) throws -> TreeEntry? {
        var oid = tree.raw
        var t: OpaquePointer?
        try Git.check(git_tree_lookup(&t, handle, &oid), "git_tree_lookup", "\(location) tree \(tree.hex)")
        defer { git_tree_free(t) }
        var entry: OpaquePointer?
        let code = git_tree_entry_bypath(&entry, t, path)
        if code == GIT_ENOTFOUND.rawValue { return nil }
        try Git.check(code, "git_tree_entry_bypath", "\(location) \(path)")
        defer { git_tree_entry_free(entry) }
        guard let kind = TreeEntry.kind(of: git_tree_entry_filemode(entry)) else { return nil }
        return TreeEntry(path: path, id: ObjectID(git_tree_entry_id(entry)), kind: kind)
    }

    /// The paths whose entries differ between `old` (nil: the empty tree) and `new`. Subtrees
    /// with the same id on both sides are skipped without being read, so the cost follows the
    /// change, not the tree (libgit2's own tree diff iterates every entry of both trees).
    public func changes(from old: ObjectID?, to new: ObjectID) throws -> [TreeChange] {
        var out: [TreeChange] = []
        try compare(old, new, prefix: "", into: &out)
        return out
    }

    private func compare(_ old: ObjectID?, _ new: ObjectID?, prefix: String, into out: inout [TreeChange]) throws {
        if old == new { return }
        let context = "\(location) tree (\(prefix.isEmpty ? "/" : prefix))"
        var oldTree: OpaquePointer?, newTree: OpaquePointer?
        if let old {
            var oid = old.raw
            try Git.check(git_tree_lookup(&oldTree, handle, &oid), "git_tree_lookup", context)
        }
        defer { git_tree_free(oldTree) }
        if let new {
            var oid = new.raw
            try Git.check(git_tree_lookup(&newTree, handle, &oid), "git_tree_lookup", context)
        }
        defer { git_tree_free(newTree) }
        func entry(_ e: OpaquePointer) -> TreeEntry? {
            guard let name = git_tree_entry_name(e), let kind = TreeEntry.kind(of: git_tree_entry_filemode(e)) else { return nil }
            let path = prefix.isEmpty ? String(cString: name) : prefix + "/" + String(cString: name)
            return TreeEntry(path: path, id: ObjectID(git_tree_entry_id(e)), kind: kind)
        }
        func removed(_ e: OpaquePointer) throws {
            guard let o = entry(e) else { return }
            if o.kind == .tree { try compare(o.id, nil, prefix: o.path, into: &out) } else { out.append(TreeChange(path: o.path, old: o, new: nil)) }
        }
        func added(_ e: OpaquePointer) throws {
            guard let n = entry(e) else { return }
            if n.kind == .tree { try compare(nil, n.id, prefix: n.path, into: &out) } else { out.append(TreeChange(path: n.path, old: nil, new: n)) }
        }
        // Both trees are sorted the way git sorts entries: a merge join, names built only for
        // entries that differ.
        let oldCount = oldTree.map { git_tree_entrycount($0) } ?? 0, newCount = newTree.map { git_tree_entrycount($0) } ?? 0
        var a = 0, b = 0
        while a < oldCount || b < newCount {
            let o = a < oldCount ? git_tree_entry_byindex(oldTree, a) : nil
            let n = b < newCount ? git_tree_entry_byindex(newTree, b) : nil
            let order: Int32 = o == nil ? 1 : n == nil ? -1 : git_tree_entry_cmp(o, n)
            if order < 0 {
                try removed(o!)
                a += 1
            } else if order > 0 {
                try added(n!)
                b += 1
            } else {
                a += 1
                b += 1
                let oldMode = git_tree_entry_filemode(o), newMode = git_tree_entry_filemode(n)
                if oldMode == newMode, git_oid_equal(git_tree_entry_id(o), git_tree_entry_id(n)) == 1 { continue }
                if oldMode == GIT_FILEMODE_TREE, newMode == GIT_FILEMODE_TREE, let oe = entry(o!), let ne = entry(n!) {
                    try compare(oe.id, ne.id, prefix: ne.path, into: &out)
                } else {
                    guard let oe = entry(o!), let ne = entry(n!) else { continue }
                    out.append(TreeChange(path: ne.path, old: oe, new: ne))
                }
            }
        }
    }

    /// Files renamed between two trees (old path → new path), as git's rename detection finds
    /// them (exact and similar content).
    public func renames(from old: ObjectID, to new: ObjectID) throws -> [String: String] {
        let context = "\(location) renames \(old.hex) → \(new.hex)"
        var oldTree: OpaquePointer?, newTree: OpaquePointer?
        var a = old.raw, b = new.raw
        try Git.check(git_tree_lookup(&oldTree, handle, &a), "git_tree_lookup", context)
        defer { git_tree_free(oldTree) }
        try Git.check(git_tree_lookup(&newTree, handle, &b), "git_tree_lookup", context)
        defer { git_tree_free(newTree) }
        var diff: OpaquePointer?
        try Git.check(git_diff_tree_to_tree(&diff, handle, oldTree, newTree, nil), "git_diff_tree_to_tree", context)
        defer { git_diff_free(diff) }
        var find = git_diff_find_options()
        try Git.check(git_diff_find_options_init(&find, UInt32(GIT_DIFF_FIND_OPTIONS_VERSION)), "git_diff_find_options_init", context)
        find.flags = GIT_DIFF_FIND_RENAMES.rawValue
        try Git.check(git_diff_find_similar(diff, &find), "git_diff_find_similar", context)
        var out: [String: String] = [:]
        for i in 0..<git_diff_num_deltas(diff) {
            guard let d = git_diff_get_delta(diff, i)?.pointee, d.status == GIT_DELTA_RENAMED,
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
        try Git.check(git_odb_read_header(&length, &type, odb, &oid), "git_odb_read_header", "\(location) object \(id.hex)")
        return length
    }

    /// Calls `body` with the bytes of blob `id`; they are valid only during the call.
    public func withBlob<R>(_ id: ObjectID, _ body: (UnsafeRawBufferPointer) throws -> R) throws -> R {
        var oid = id.raw
        var blob: OpaquePointer?
        try Git.check(git_blob_lookup(&blob, handle, &oid), "git_blob_lookup", "\(location) blob \(id.hex)")
        defer { git_blob_free(blob) }
        let count = Int(git_blob_rawsize(blob))
        return try body(UnsafeRawBufferPointer(start: git_blob_rawcontent(blob), count: count))
    }

    /// The bytes of blob `id`.
    public func blob(_ id: ObjectID) throws -> [UInt8] {
        try withBlob(id) { Array($0) }
    }

    func objectDatabase() throws -> OpaquePointer {
        if let odbHandle { return odbHandle }
        var odb: OpaquePointer?
        try Git.check(git_repository_odb(&odb, handle), "git_repository_odb", location)
        odbHandle = odb
        return odb!
    }
}

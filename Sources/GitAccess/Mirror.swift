import StableHashing
import CLibGit2
import Foundation

/// How far a fetch has come.
public struct TransferProgress: Sendable, Equatable {
    public var receivedObjects: Int
    public var totalObjects: Int
    public var indexedObjects: Int
    public var receivedBytes: Int
}

/// Bare mirrors of remote repositories, kept in a cache folder and brought up to date by fetching
/// (libgit2 1.5 has no shallow fetch, so a mirror keeps the whole history and each update
/// transfers only what is new). Nothing is checked out; no hook or filter ever runs.
public enum Mirror {
    /// The refspecs a mirror fetches: branches and tags under their own names, so revisions
    /// resolve in the mirror as they do in the remote.
    static let refspecs = ["+refs/heads/*:refs/heads/*", "+refs/tags/*:refs/tags/*"]

    /// What a fetch brings: every branch and tag (so any revision resolves, as for `scan --repo`),
    /// or one branch — nil for the remote's default branch — as a fleet, which follows one
    /// branch per repository, needs: less to transfer, and a broken ref elsewhere in the remote
    /// does not stop it.
    public enum Scope: Sendable, Equatable {
        case everything
        case branch(String?)
    }

    /// Creates the mirror at `path` the first time and fetches into it every time; returns it open.
    /// `credential` (an https access token and the server it is for) is given when that server
    /// asks, and only then; an authenticated fetch follows no redirect to another host.
    /// With a branch scope, the mirror's HEAD points at the branch fetched.
    public static func update(url: String, at path: String, credential: GitCredential? = nil, scope: Scope = .everything,
                              progress: (@Sendable (TransferProgress) -> Void)? = nil) throws -> GitRepository {
        try Git.setUpNetwork()
        let display = redact(url)
        if url.hasPrefix("/"), case .branch(let name) = scope, let mirror = try? GitRepository.open(path),
           let unchanged = upToDate(mirror, source: url, branch: name) {
            return unchanged
        }
        var existing: GitRepository? = nil
        if FileManager.default.fileExists(atPath: path + "/HEAD") || FileManager.default.fileExists(atPath: path + "/objects") {
            // A cache folder that is no longer a repository (left by an older fleetscan killed while
            // cloning) holds nothing worth keeping: it is made again.
            existing = try? GitRepository.open(path)
            if existing == nil { try? FileManager.default.removeItem(atPath: path) }
        }
        let repo: GitRepository
        if let existing {
            repo = existing
        } else if url.hasPrefix("/") {
            repo = try cloneLocal(url, at: path)
        } else {
            repo = try GitRepository.initBare(path)
        }
        var remote: OpaquePointer?
        let found = lib.git_remote_lookup(&remote, repo.handle, "origin")
        if found == GIT_ENOTFOUND.rawValue {
            try Git.check(lib.git_remote_create_with_fetchspec(&remote, repo.handle, "origin", url, refspecs[0]),
                          "git_remote_create_with_fetchspec", display)
            try Git.check(lib.git_remote_add_fetch(repo.handle, "origin", refspecs[1]), "git_remote_add_fetch", display)
            lib.git_remote_free(remote)
            try Git.check(lib.git_remote_lookup(&remote, repo.handle, "origin"), "git_remote_lookup", display)
        } else {
            try Git.check(found, "git_remote_lookup", display)
            if let current = lib.git_remote_url(remote).map({ String(cString: $0) }), current != url {
                lib.git_remote_free(remote)
                try Git.check(lib.git_remote_set_url(repo.handle, "origin", url), "git_remote_set_url", display)
                try Git.check(lib.git_remote_lookup(&remote, repo.handle, "origin"), "git_remote_lookup", display)
            }
        }
        defer { lib.git_remote_free(remote) }

        let context = FetchContext(credential: credential, progress: progress)
        let payload = Unmanaged.passRetained(context)
        defer { payload.release() }
        var options = git_fetch_options()
        try Git.check(lib.git_fetch_options_init(&options, UInt32(GIT_FETCH_OPTIONS_VERSION)), "git_fetch_options_init", display)
        options.prune = scope == .everything ? GIT_FETCH_PRUNE : GIT_FETCH_NO_PRUNE
        options.update_fetchhead = 0  // nothing reads FETCH_HEAD; a nightly no-op fetch then writes no file
        options.download_tags = scope == .everything ? GIT_REMOTE_DOWNLOAD_TAGS_ALL : GIT_REMOTE_DOWNLOAD_TAGS_NONE
        options.callbacks.payload = payload.toOpaque()
        // With a token, a redirect to another host is an error (libgit2 follows one on the first
        // request by default, as git does); the callback also checks the server that asks.
        if credential != nil { options.follow_redirects = GIT_REMOTE_REDIRECT_NONE }
        options.callbacks.credentials = { out, url, _, allowed, payload in
            let context = Unmanaged<FetchContext>.fromOpaque(payload!).takeUnretainedValue()
            guard let credential = context.credential, !credential.token.isEmpty,
                  allowed & GIT_CREDENTIAL_USERPASS_PLAINTEXT.rawValue != 0 else { return GIT_PASSTHROUGH.rawValue }
            let asking = url.map { String(cString: $0) } ?? ""
            guard credential.allows(asking) else {
                context.refused = Mirror.redact(asking)
                return GIT_PASSTHROUGH.rawValue
            }
            let token = credential.token
            context.attempts += 1
            // The server turned the token down once already: asking again would loop.
            guard context.attempts == 1 else { return GIT_EAUTH.rawValue }
            return lib.git_credential_userpass_plaintext_new(out, "x-access-token", token)
        }
        options.callbacks.transfer_progress = { stats, payload in
            let context = Unmanaged<FetchContext>.fromOpaque(payload!).takeUnretainedValue()
            if let report = context.progress, let s = stats?.pointee {
                report(TransferProgress(receivedObjects: Int(s.received_objects), totalObjects: Int(s.total_objects),
                                        indexedObjects: Int(s.indexed_objects), receivedBytes: Int(s.received_bytes)))
            }
            return 0
        }
        // One branch: the default one is asked of the remote first (over the same connection).
        var branchRef: String? = nil
        if case .branch(let name) = scope {
            if let name {
                branchRef = "refs/heads/" + name
            } else {
                try Git.check(lib.git_remote_connect(remote, GIT_DIRECTION_FETCH, &options.callbacks, nil, nil), "git_remote_connect", display)
                var buffer = git_buf()
                defer { lib.git_buf_dispose(&buffer) }
                let found = Git.fresh { lib.git_remote_default_branch(&buffer, remote) }
                guard found == 0, let p = buffer.ptr else {
                    var e = Git.lastError(found, "git_remote_default_branch", display)
                    e.message = "the remote has no default branch (an empty repository?): " + redact(e.message)
                    throw e
                }
                branchRef = String(cString: p)
            }
        }
        let code: Int32
        if let branchRef {
            let spec = strdup("+\(branchRef):\(branchRef)")
            defer { free(spec) }
            var specs: [UnsafeMutablePointer<CChar>?] = [spec]
            code = specs.withUnsafeMutableBufferPointer { buffer in
                var array = git_strarray(strings: buffer.baseAddress, count: 1)
                return Git.fresh { lib.git_remote_fetch(remote, &array, &options, "fleetscan: fetch") }
            }
        } else {
            code = Git.fresh { lib.git_remote_fetch(remote, nil, &options, "fleetscan: fetch") }
        }
        if code < 0 {
            var e = Git.lastError(code, "git_remote_fetch", display)
            if credential != nil, e.message.hasPrefix("cannot redirect from") {
                e.message = "an authenticated fetch follows no redirect to another host (give the URL it redirects to): " + e.message
            } else if let refused = context.refused, let credential {
                e.message = "\(refused) asked for credentials, and the token is only for \(credential), so it was not given "
                    + "(a redirect to another server or port, or plain http): " + e.message
            } else if context.attempts > 1 || code == GIT_EAUTH.rawValue {
                e.message = "authentication failed" + (credential == nil ? " (no token for this server)" : " with the token given") + ": " + e.message
            }
            e.message = redact(e.message)
            if url.hasPrefix("/") { e = explained(e, source: url) }
            throw e
        }
        if let branchRef, repo.target(of: branchRef) == nil {
            throw GitError(function: "git_remote_fetch", code: GIT_ENOTFOUND.rawValue,
                           message: "the remote has no branch '\(branchRef.dropFirst("refs/heads/".count))'", context: display)
        }
        // HEAD follows the remote's default branch, so a mirror's HEAD means what the remote's does
        // (with one branch fetched, that branch).
        var buffer = git_buf()
        if let branchRef { _ = lib.git_buf_set(&buffer, branchRef, branchRef.utf8.count) }
        if (branchRef != nil || lib.git_remote_default_branch(&buffer, remote) == 0), let name = buffer.ptr {
            var current: OpaquePointer?
            let same = lib.git_reference_lookup(&current, repo.handle, "HEAD") == 0
                && lib.git_reference_symbolic_target(current).map { strcmp($0, name) == 0 } == true
            lib.git_reference_free(current)
            if !same { _ = lib.git_repository_set_head(repo.handle, name) }
        }
        lib.git_buf_dispose(&buffer)
        return repo
    }

    /// The mirror, when the branch of a local source points where the mirror's does: what a fetch
    /// would find out, read straight from the two repositories (a nightly run over local mirrors
    /// then costs two reference lookups per repository). Nil when a fetch is needed.
    static func upToDate(_ mirror: GitRepository, source: String, branch: String?) -> GitRepository? {
        guard let origin = try? GitRepository.open(source),
              let reference = branch.map({ "refs/heads/" + $0 }) ?? origin.headReference,
              let theirs = origin.target(of: reference), mirror.target(of: reference) == theirs,
              mirror.headReference == reference else { return nil }
        return mirror
    }

    /// The first copy of a repository on a local path: its object files are copied (as `git
    /// clone` does for a path; a fetch would have libgit2 build a pack of the whole history with
    /// delta search, minutes and hundreds of MiB for a large repository). Nothing is linked to
    /// the source, and nothing in it is written. (A `file://` URL given to `update` goes through
    /// the transport, as with git; a fleet manifest resolves it to a path first.) The remote is
    /// set up as `update` expects; the fetch that follows finds nothing new.
    static func cloneLocal(_ source: String, at path: String) throws -> GitRepository {
        try GitDirectoryLinks.check(source)
        var options = git_clone_options()
        try Git.check(lib.git_clone_options_init(&options, UInt32(GIT_CLONE_OPTIONS_VERSION)), "git_clone_options_init", source)
        options.bare = 1
        options.local = GIT_CLONE_LOCAL_NO_LINKS
        options.fetch_opts.download_tags = GIT_REMOTE_DOWNLOAD_TAGS_NONE
        options.fetch_opts.update_fetchhead = 0
        options.remote_cb = { out, repo, name, url, _ in
            lib.git_remote_create_with_fetchspec(out, repo, name, url, "+refs/heads/*:refs/heads/*")
        }
        // Copied beside the mirror's place and renamed into it when complete: a run killed half-way
        // through the copy leaves a folder the next run deletes, never a mirror with missing objects.
        let partial = path + ".partial"
        try? FileManager.default.removeItem(atPath: partial)
        var handle: OpaquePointer?
        let code = Git.fresh { lib.git_clone(&handle, source, partial, &options) }
        if code < 0 {
            let e = explained(Git.lastError(code, "git_clone", source), source: source)
            try? FileManager.default.removeItem(atPath: partial)
            throw e
        }
        lib.git_repository_free(handle)
        // The source's alternates name other object stores: fleetscan reads none, and a mirror that
        // kept them would lead whatever opens it later (git itself) into another repository.
        // What was dropped is noted beside (a file git does not read), so that a read the missing
        // objects fail later says why.
        var dropped: [String] = []
        for file in ObjectStoreHealth.alternatesFiles where FileManager.default.fileExists(atPath: partial + "/" + file) {
            if (try? String(contentsOfFile: partial + "/" + file, encoding: .utf8)).map(ObjectStoreHealth.stores)?.isEmpty == false { dropped.append(file) }
            try? FileManager.default.removeItem(atPath: partial + "/" + file)
        }
        if !dropped.isEmpty {
            try? (dropped.joined(separator: "\n") + "\n").write(toFile: partial + "/" + ObjectStoreHealth.droppedAlternates, atomically: true, encoding: .utf8)
        }
        do {
            let staged = try GitRepository.open(partial)
            try Git.check(lib.git_remote_add_fetch(staged.handle, "origin", refspecs[1]), "git_remote_add_fetch", source)
        }
        guard rename(partial, path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: partial)
            throw GitError(function: "rename", code: -1, message: "cannot move the copy into place: \(reason)", context: path)
        }
        return try GitRepository.open(path)
    }

    /// A failed copy or fetch from a local repository with what is wrong with its object store
    /// (a damaged pack index, a truncated pack, alternates), when something is.
    static func explained(_ error: GitError, source: String) -> GitError {
        let git = FileManager.default.fileExists(atPath: source + "/objects") ? source : source + "/.git"
        var e = error
        e.message = ObjectStoreHealth.annotated(e.message, ObjectStoreHealth.problems(gitDirectory: git))
        return e
    }

    /// A cache folder name for a URL: readable, and unique by a hash of the whole URL.
    public static func folderName(for url: String) -> String {
        let plain = redact(url)
        var tail = plain.split(whereSeparator: { $0 == "/" || $0 == ":" }).suffix(2).joined(separator: "-")
        if tail.hasSuffix(".git") { tail.removeLast(4) }
        let safe = String(tail.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." ? $0 : "_" }.prefix(60))
        return (safe.isEmpty ? "repo" : safe) + "-" + StableHash.hex(StableHash.of(url)) + ".git"
    }

    /// Whether `text` names a remote (a URL or scp-like `user@host:path`) rather than a local path.
    public static func isRemote(_ text: String) -> Bool {
        if text.contains("://") { return !text.hasPrefix("file://") }
        if text.hasPrefix("/") || text.hasPrefix(".") { return false }
        if let colon = text.firstIndex(of: ":"), let at = text.firstIndex(of: "@"), at < colon { return true }
        return false
    }

    /// `url` with any user name and password removed, for logs, reports and the store.
    public static func redact(_ url: String) -> String {
        var out = ""
        var rest = Substring(url)
        while let scheme = rest.range(of: "://") {
            out += rest[..<scheme.upperBound]
            rest = rest[scheme.upperBound...]
            let end = rest.firstIndex(where: { $0 == "/" || $0 == " " || $0 == "\n" }) ?? rest.endIndex
            if let at = rest[..<end].lastIndex(of: "@") {
                out += "***@"
                rest = rest[rest.index(after: at)...]
            }
        }
        return out + rest
    }
}

/// What the C callbacks of one fetch need.
private final class FetchContext {
    let credential: GitCredential?
    let progress: (@Sendable (TransferProgress) -> Void)?
    var attempts = 0
    /// A server that asked for credentials the token is not for (redacted).
    var refused: String?

    init(credential: GitCredential?, progress: (@Sendable (TransferProgress) -> Void)?) {
        self.credential = credential
        self.progress = progress
    }
}

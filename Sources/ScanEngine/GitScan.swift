import Foundation
import GitAccess
import RuleKit
import SourceLexing

/// `fleetscan scan --repo PATH_OR_URL --rev REV`: a revision's tree read straight from the
/// object database, with the same selection, configuration and findings as a checkout of it.
public struct GitScan: Sendable {
    /// The repository as the user named it (a URL without credentials).
    public var repository: String
    public var revision: String
    public var commit: ObjectID
    public var input: FileTree.Listing
    public var configuration: Configuration

    /// Opens the repository a `--repo` argument names: a local path in place, a URL through a
    /// bare mirror under `cache` (cloned the first time, fetched afterwards). `token` is given to
    /// that URL's own server only (its https host and port).
    public static func openRepository(_ spec: String, cache: String, token: String?,
                                      progress: (@Sendable (TransferProgress) -> Void)? = nil) throws -> RepositoryPool {
        do {
            if Mirror.isRemote(spec) || spec.hasPrefix("file://") {
                let folder = cache + "/" + Mirror.folderName(for: spec)
                let repo = try Mirror.update(url: spec, at: folder, credential: token.flatMap { GitCredential(for: spec, token: $0) }, progress: progress)
                return RepositoryPool(path: folder, first: repo)
            }
            var st = stat()
            guard stat(spec, &st) == 0 else { throw ScanError("\(spec): no such repository") }
            do {
                return RepositoryPool(path: spec, first: try GitRepository.open(spec))
            } catch let e as GitError where e.isNotFound && e.function == "git_repository_open_ext" {
                // The folder exists but holds no repository (git's own words for it; a folder
                // inside a work tree is not searched upwards: the repository's top is asked for).
                let isFolder = (st.st_mode & S_IFMT) == S_IFDIR
                throw ScanError("not a git repository: \(spec)" + (isFolder ? " (give the top folder of a work tree, or a bare repository)" : ""))
            }
        } catch let e as GitError {
            throw ScanError(Mirror.redact(e.description))
        }
    }

    /// Lists the tree of `revision` in the repository `pool` opens.
    /// `configuration` is a file on disk to use instead of the tree's own.
    public static func prepare(pool: RepositoryPool, repository: String, revision: String, configuration override: String? = nil) throws -> GitScan {
        LiteralPrefilter.prepare()  // compiled while the tree is listed
        let overriding = try override.map(Configuration.load(file:))
        do {
            return try pool.with { repo in
                let id = try repo.resolveCommit(revision)
                let commit = try repo.commit(id)
                let configuration = try overriding ?? GitTree.configuration(repo, tree: commit.tree)
                let listing = try GitTree.list(pool: pool, repo: repo, tree: commit.tree, configuration: configuration)
                return GitScan(repository: Mirror.redact(repository), revision: revision, commit: id, input: listing,
                               configuration: configuration)
            }
        } catch let e as GitError {
            throw ScanError(Mirror.redact(e.description))
        }
    }

    public func run(jobs: Int = Parallel.cores, prefilter: PrefilterMode = .environment) -> ScanResult {
        var result = TreeScan.run(files: input.files, projectFiles: input.projectFiles, skipped: input.skipped,
                                  diagnostics: input.diagnostics, configuration: configuration, jobs: jobs, prefilter: prefilter)
        result.symlinks = input.symlinks
        result.submodules = input.submodules
        return result
    }
}

/// Reading a commit's tree as the scanner sees a folder.
public enum GitTree {
    /// The configuration at the root of `tree` (`.fleetscan.yml`, `.yaml` or `.json`), or the default.
    public static func configuration(_ repo: GitRepository, tree: ObjectID) throws -> Configuration {
        guard let file = try configurationFile(repo, tree: tree) else { return Configuration() }
        return try configuration(repo, file)
    }

    /// The root's one configuration file; an error when it holds several.
    package struct ConfigurationFile: Equatable {
        var name: String
        var blob: ObjectID
    }

    package static func configurationFile(_ repo: GitRepository, tree: ObjectID) throws -> ConfigurationFile? {
        var found: [ConfigurationFile] = []
        for name in Configuration.fileNames {
            if let entry = try repo.entry(path: name, in: tree), entry.kind == .file || entry.kind == .executable {
                found.append(ConfigurationFile(name: name, blob: entry.id))
            }
        }
        guard let name = try Configuration.single(found.map(\.name), at: "the root of the tree") else { return nil }
        return found.first { $0.name == name }
    }

    /// The configuration `file` holds; one over the project-file size limit is refused unread.
    package static func configuration(_ repo: GitRepository, _ file: ConfigurationFile) throws -> Configuration {
        let bytes: [UInt8]
        do {
            bytes = try repo.blob(file.blob, limit: ProjectScan.maximumSize)
        } catch let e as BlobTooLarge {
            throw ScanError("\(file.name): \(e); not read")
        }
        return try Configuration.parse(Data(bytes), source: file.name)
    }

    /// The files of `tree` to scan, as `FileTree.list` would list a checkout of it. Links and
    /// submodules are counted, never followed.
    public static func list(pool: RepositoryPool, repo: GitRepository, tree: ObjectID, configuration: Configuration) throws -> FileTree.Listing {
        var listing = FileTree.Listing(files: [], projectFiles: [], skipped: 0, diagnostics: [])
        try repo.walkTree(tree, enter: { path in
            FileTree.enters(folder: path, name: String(path.split(separator: "/").last ?? ""), configuration: configuration)
        }, visit: { entry in
            listing.add(entry, pool: pool, configuration: configuration)
        }, problem: { problem in
            listing.diagnostics.append(Diagnostic(path: problem.path, message: problem.message))
        })
        listing.sort()
        return listing
    }

    /// A blob's bytes as a source buffer; blobs over the size limit are refused from their header.
    package static func read(_ id: ObjectID, pool: RepositoryPool) throws -> SourceBuffer {
        try pool.with { repo in
            // withBlob reads the header once and refuses a blob over the limit before inflating it.
            do {
                return try repo.withBlob(id, limit: Disk.maximumFileSize) { bytes in
                    SourceBuffer(capacity: bytes.count) { buffer in
                        if bytes.count > 0 { buffer.baseAddress!.update(from: bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), count: bytes.count) }
                        return bytes.count
                    }
                }
            } catch is BlobTooLarge {
                throw ScanError(tooLarge)
            }
        }
    }

    /// Why a blob over the size limit is skipped: a reason taken from its header, unread, so
    /// one that must not be memoised for other repositories (a forged header can state any size).
    package static let tooLarge = "larger than \(Disk.maximumFileSize >> 20) MiB; skipped"

    /// Checks that a source buffer read from blob `id` hashes to `id` (`SourceFile.verify`).
    package static func verifier(_ id: ObjectID, pool: RepositoryPool) -> @Sendable (SourceBuffer) throws -> Void {
        let location = pool.path
        return { buffer in try GitRepository.verifyBlob(id, UnsafeRawBufferPointer(start: buffer.base, count: buffer.count), location: location) }
    }
}

extension FileTree.Listing {
    /// Takes one tree entry: links and submodules are counted, files listed with a blob reader.
    mutating func add(_ entry: TreeEntry, pool: RepositoryPool, configuration: Configuration) {
        switch entry.kind {
        case .symlink: symlinks += 1
        case .submodule: submodules += 1
        case .tree: break
        case .file, .executable:
            let id = entry.id
            let name = entry.path.split(separator: "/").last.map(String.init) ?? entry.path
            add(path: entry.path, name: name, configuration: configuration,
                readSource: { try GitTree.read(id, pool: pool) },
                readBytes: { try pool.with { try $0.blob(id, limit: ProjectScan.maximumSize) } },
                verify: GitTree.verifier(id, pool: pool))
        }
    }
}

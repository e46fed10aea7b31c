import CLibGit2
import Foundation

/// libgit2, loaded when a repository is first opened rather than linked: `rules`, `--version`
/// and every other command that reads no repository start without relocating it and the ~20
/// libraries it pulls in (Kerberos, mbedTLS, libssh2, PCRE2…), about 3 ms of every start.
/// CLibGit2's shim lists the functions GitAccess calls and looks them all up at once; a missing
/// library or function is a `GitError` from `Git.setUp()` naming the Debian package.
enum LibGit2 {
    /// The library's file names: Debian's libgit2-1.5 installs `libgit2.so.1.5`; `libgit2.so` is
    /// the -dev package's link.
    static let names = ["libgit2.so.1.5", "libgit2.so"]

    /// The files tried, in order: the one `FLEETSCAN_LIBGIT2` names, or `names`.
    static var candidates: [String] { getenv("FLEETSCAN_LIBGIT2").map { [String(cString: $0)] } ?? names }

    /// Loaded once, on first use, by whichever thread asks first.
    static let loaded: Result<fleetscan_libgit2, GitError> = load(candidates)

    /// The first of `candidates` that loads, with every function the shim lists.
    static func load(_ candidates: [String]) -> Result<fleetscan_libgit2, GitError> {
        guard let library = candidates.lazy.compactMap({ dlopen($0, RTLD_NOW | RTLD_LOCAL) }).first else {
            let reason = dlerror().map { String(cString: $0) } ?? "not found"
            return .failure(GitError(function: "dlopen", code: -1,
                                     message: "libgit2 is not installed (\(reason)); install Debian's libgit2-1.5 package (apt-get install libgit2-1.5)",
                                     context: candidates.joined(separator: ", ")))
        }
        let table = UnsafeMutablePointer<fleetscan_libgit2>.allocate(capacity: 1)
        defer { table.deallocate() }
        if let missing = fleetscan_libgit2_load(library, table) {
            return .failure(GitError(function: "dlsym", code: -1,
                                     message: "libgit2 has no \(String(cString: missing)); install libgit2 1.5 (apt-get install libgit2-1.5)",
                                     context: candidates.joined(separator: ", ")))
        }
        return .success(table.pointee)
    }
}

/// libgit2's functions (`lib.git_tree_lookup(…)`), for code that runs after `Git.setUp()`
/// succeeded: every entry point of GitAccess calls it first.
var lib: fleetscan_libgit2 {
    guard case .success(let table) = LibGit2.loaded else { preconditionFailure("libgit2 called before Git.setUp()") }
    return table
}

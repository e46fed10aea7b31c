import CLibGit2
import DynamicLibrary

/// libgit2, loaded when a repository is first opened rather than linked: `rules`, `--version`
/// and every other command that reads no repository start without relocating it and the ~20
/// libraries it pulls in (Kerberos, mbedTLS, libssh2, PCRE2…), about 3 ms of every start.
/// CLibGit2's shim lists the functions GitAccess calls and looks them all up at once; a missing
/// library or function is a `GitError` from `Git.setUp()` naming the Debian package.
enum LibGit2 {
    /// The library's file names: Debian's libgit2-1.5 installs `libgit2.so.1.5`; `libgit2.so` is
    /// the -dev package's link.
    static let library = DynamicLibrary(name: "libgit2", files: ["libgit2.so.1.5", "libgit2.so"], variable: "FLEETSCAN_LIBGIT2", package: "libgit2-1.5")

    /// Loaded once, on first use, by whichever thread asks first.
    static let loaded: Result<fleetscan_libgit2, GitError> = load(library.candidates)

    /// The first of `candidates` that loads, with every function the shim lists.
    static func load(_ candidates: [String]) -> Result<fleetscan_libgit2, GitError> {
        library.load(candidates, fill: { fleetscan_libgit2_load($0, $1) }).mapError { failure in
            GitError(function: failure.function, code: -1, message: library.message(failure), context: candidates.joined(separator: ", "))
        }
    }
}

/// libgit2's functions (`lib.git_tree_lookup(…)`), for code that runs after `Git.setUp()`
/// succeeded: every entry point of GitAccess calls it first.
var lib: fleetscan_libgit2 {
    guard case .success(let table) = LibGit2.loaded else { preconditionFailure("libgit2 called before Git.setUp()") }
    return table
}

import CLibPQ
import DynamicLibrary

/// libpq, loaded when a PostgreSQL store is first opened rather than linked: every other
/// command (a scan, `rules`, the SQLite store) starts without loading it and the ~25 shared
/// libraries it pulls in (Kerberos, LDAP, GnuTLS…). CLibPQ's shim lists the functions
/// ResultStore calls and looks them all up at once; a missing library or function is a clear
/// error naming the Debian package.
enum LibPQ {
    /// The library's file names, newest ABI first (Debian's libpq5 installs `libpq.so.5`;
    /// `libpq.so` is the -dev package's link).
    static let library = DynamicLibrary(name: "the PostgreSQL client library", files: ["libpq.so.5", "libpq.so"], variable: "FLEETSCAN_LIBPQ", package: "libpq5")

    /// Loaded once, on first use, by whichever thread asks first.
    static let shared: Result<fleetscan_libpq, StoreError> = load(library.candidates)
    static func get() throws -> fleetscan_libpq { try shared.get() }

    /// The first of `candidates` that loads, with every function the shim lists.
    static func load(_ candidates: [String]) -> Result<fleetscan_libpq, StoreError> {
        library.load(candidates, fill: { fleetscan_libpq_load($0, $1) }).mapError { failure in
            StoreError(function: failure.function, source: .store, message: library.message(failure), context: candidates.joined(separator: ", "))
        }
    }
}

import CLibPQ
#if canImport(Glibc)
import Glibc
#endif

/// libpq, loaded when a PostgreSQL store is first opened rather than linked: every other
/// command (a scan, `rules`, the SQLite store) starts without loading it and the ~25 shared
/// libraries it pulls in (Kerberos, LDAP, GnuTLS…). CLibPQ's shim lists the functions
/// ResultStore calls and looks them all up at once; a missing library or function is a clear
/// error naming the Debian package.
enum LibPQ {
    /// The library's file names, newest ABI first (Debian's libpq5 installs `libpq.so.5`;
    /// `libpq.so` is the -dev package's link).
    static let names = ["libpq.so.5", "libpq.so"]

    /// The files tried, in order: the one `FLEETSCAN_LIBPQ` names, or `names`.
    static var candidates: [String] { getenv("FLEETSCAN_LIBPQ").map { [String(cString: $0)] } ?? names }

    /// Loaded once, on first use, by whichever thread asks first.
    static let shared: Result<fleetscan_libpq, StoreError> = load(candidates)

    static func get() throws -> fleetscan_libpq { try shared.get() }

    /// The first of `candidates` that loads, with every function the shim lists.
    static func load(_ candidates: [String]) -> Result<fleetscan_libpq, StoreError> {
        guard let library = candidates.lazy.compactMap({ dlopen($0, RTLD_NOW | RTLD_LOCAL) }).first else {
            let reason = dlerror().map { String(cString: $0) } ?? "not found"
            return .failure(StoreError(function: "dlopen", source: .store,
                                       message: "the PostgreSQL client library is not installed (\(reason)); install Debian's libpq5 package (apt-get install libpq5)",
                                       context: candidates.joined(separator: ", ")))
        }
        let table = UnsafeMutablePointer<fleetscan_libpq>.allocate(capacity: 1)
        defer { table.deallocate() }
        if let missing = fleetscan_libpq_load(library, table) {
            return .failure(StoreError(function: "dlsym", source: .store,
                                       message: "the PostgreSQL client library has no \(String(cString: missing)); install a current libpq5 (apt-get install libpq5)",
                                       context: candidates.joined(separator: ", ")))
        }
        return .success(table.pointee)
    }
}

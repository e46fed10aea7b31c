import CSQLite
#if canImport(Glibc)
import Glibc
#endif

/// SQLite, loaded when a store is first opened rather than linked: `rules`, `scan` and every
/// other command without a store start without it. CSQLite's shim lists the functions
/// ResultStore calls and looks them all up at once; a missing library or function is a
/// `StoreError` from opening the store, naming the Debian package.
enum LibSQLite {
    /// The library's file names: Debian's libsqlite3-0 installs `libsqlite3.so.0`;
    /// `libsqlite3.so` is the -dev package's link.
    static let names = ["libsqlite3.so.0", "libsqlite3.so"]

    /// The files tried, in order: the one `FLEETSCAN_LIBSQLITE` names, or `names`.
    static var candidates: [String] { getenv("FLEETSCAN_LIBSQLITE").map { [String(cString: $0)] } ?? names }

    /// Loaded once, on first use, by whichever thread asks first.
    static let loaded: Result<fleetscan_sqlite3, StoreError> = load(candidates)

    /// The first of `candidates` that loads, with every function the shim lists.
    static func load(_ candidates: [String]) -> Result<fleetscan_sqlite3, StoreError> {
        guard let library = candidates.lazy.compactMap({ dlopen($0, RTLD_NOW | RTLD_LOCAL) }).first else {
            let reason = dlerror().map { String(cString: $0) } ?? "not found"
            return .failure(StoreError(function: "dlopen", source: .store,
                                       message: "SQLite is not installed (\(reason)); install Debian's libsqlite3-0 package (apt-get install libsqlite3-0)",
                                       context: candidates.joined(separator: ", ")))
        }
        let table = UnsafeMutablePointer<fleetscan_sqlite3>.allocate(capacity: 1)
        defer { table.deallocate() }
        if let missing = fleetscan_sqlite3_load(library, table) {
            return .failure(StoreError(function: "dlsym", source: .store,
                                       message: "SQLite has no \(String(cString: missing)); install a current libsqlite3-0 (apt-get install libsqlite3-0)",
                                       context: candidates.joined(separator: ", ")))
        }
        return .success(table.pointee)
    }
}

/// SQLite's functions (`sqlite.sqlite3_step(…)`), for code that runs on an open
/// `SQLiteConnection`: opening one loads the library first.
var sqlite: fleetscan_sqlite3 {
    guard case .success(let table) = LibSQLite.loaded else { preconditionFailure("SQLite called before a connection was opened") }
    return table
}

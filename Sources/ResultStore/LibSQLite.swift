import CSQLite
import DynamicLibrary

/// SQLite, loaded when a store is first opened rather than linked: `rules`, `scan` and every
/// other command without a store start without it. CSQLite's shim lists the functions
/// ResultStore calls and looks them all up at once; a missing library or function is a
/// `StoreError` from opening the store, naming the Debian package.
enum LibSQLite {
    /// The library's file names: Debian's libsqlite3-0 installs `libsqlite3.so.0`;
    /// `libsqlite3.so` is the -dev package's link.
    static let library = DynamicLibrary(name: "SQLite", files: ["libsqlite3.so.0", "libsqlite3.so"], variable: "FLEETSCAN_LIBSQLITE", package: "libsqlite3-0")

    /// Loaded once, on first use, by whichever thread asks first.
    static let loaded: Result<fleetscan_sqlite3, StoreError> = load(library.candidates)

    /// The first of `candidates` that loads, with every function the shim lists.
    static func load(_ candidates: [String]) -> Result<fleetscan_sqlite3, StoreError> {
        library.load(candidates, fill: { fleetscan_sqlite3_load($0, $1) }).mapError { failure in
            StoreError(function: failure.function, source: .store, message: library.message(failure), context: candidates.joined(separator: ", "))
        }
    }
}

/// SQLite's functions (`sqlite.sqlite3_step(…)`), for code that runs on an open
/// `SQLiteConnection`: opening one loads the library first.
var sqlite: fleetscan_sqlite3 {
    guard case .success(let table) = LibSQLite.loaded else { preconditionFailure("SQLite called before a connection was opened") }
    return table
}

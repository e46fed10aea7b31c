// ResultStore exists so that scan results outlive a run: commits, their counts, and the
// per-blob memo that makes history cheap. It is the only module that imports SQLite (loaded on
// first use, LibSQLite.swift); every return code goes through one `check()` that reads
// SQLite's message at once.
import CSQLite
import Foundation

/// An error from a store: the function that failed, where it came from (SQLite's result code,
/// PostgreSQL's SQLSTATE, or the store's own checks), the database's message, and the
/// statement or file.
public struct StoreError: Error, Sendable, CustomStringConvertible {
    public enum Source: Sendable, Equatable {
        /// An SQLite (extended) result code.
        case sqlite(Int32)
        /// A PostgreSQL SQLSTATE (`40001`), empty when the server sent none (a lost connection).
        case postgres(String)
        /// The store's own check (a missing row, a schema from a newer fleetscan).
        case store
    }

    public var function: String
    public var source: Source
    public var message: String
    public var context: String

    public init(function: String, source: Source, message: String, context: String) {
        self.function = function
        self.source = source
        self.message = message
        self.context = context
    }

    /// An SQLite error (`code` is its result code; 0 for the store's own checks).
    public init(function: String, code: Int32, message: String, context: String) {
        self.init(function: function, source: code == 0 ? .store : .sqlite(code), message: message, context: context)
    }

    /// SQLite's result code, 0 for anything else.
    public var code: Int32 { if case .sqlite(let c) = source { return c } else { return 0 } }

    /// PostgreSQL's SQLSTATE, if this came from PostgreSQL with one.
    public var sqlState: String? { if case .postgres(let s) = source, !s.isEmpty { return s } else { return nil } }

    /// Whether running the same transaction again can succeed: SQLite busy or locked (after
    /// its 30 s busy timeout), PostgreSQL serialization failure (40001) or deadlock (40P01).
    public var isRetryable: Bool {
        switch source {
        case .sqlite(let c): return c & 0xff == SQLITE_BUSY || c & 0xff == SQLITE_LOCKED
        case .postgres(let s): return s == "40001" || s == "40P01"
        case .store: return false
        }
    }

    public var description: String { context.isEmpty ? message : "\(message) (\(context))" }
}

/// One SQLite connection, used from one thread at a time.
final class SQLiteConnection {
    let handle: OpaquePointer
    let path: String
    private var statements: [String: SQLiteStatement] = [:]

    init(path: String) throws {
        // The library is loaded here, so a machine without it fails where every store opens.
        _ = try LibSQLite.loaded.get()
        var db: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let code = sqlite.sqlite3_open_v2(path, &db, flags, nil)
        guard code == SQLITE_OK, let db else {
            let message = db.flatMap { sqlite.sqlite3_errmsg($0) }.map { String(cString: $0) } ?? "cannot open"
            _ = sqlite.sqlite3_close_v2(db)
            throw StoreError(function: "sqlite3_open_v2", code: code, message: message, context: path)
        }
        handle = db
        self.path = path
        _ = sqlite.sqlite3_extended_result_codes(db, 1)
        // Several processes (fleet shards, a report while a run goes on) may share the file.
        _ = sqlite.sqlite3_busy_timeout(db, 30_000)
    }

    deinit {
        statements.removeAll()
        _ = sqlite.sqlite3_close_v2(handle)
    }

    /// SQLite's message for the connection's last error.
    var errorMessage: String { sqlite.sqlite3_errmsg(handle).map { String(cString: $0) } ?? "unknown error" }

    /// Throws SQLite's error for `code` unless it is one of `ok`.
    @discardableResult
    func check(_ code: Int32, _ function: String, _ context: @autoclosure () -> String, ok: Set<Int32> = [SQLITE_OK]) throws -> Int32 {
        guard !ok.contains(code) else { return code }
        throw StoreError(function: function, code: code, message: message(code, errorMessage), context: context())
    }

    /// SQLite's message, with the file and the system's reason when the disk, not the SQL, failed
    /// ("database or disk is full" alone does not say which disk).
    func message(_ code: Int32, _ text: String) -> String {
        guard code & 0xff == SQLITE_FULL || code & 0xff == SQLITE_IOERR || code & 0xff == SQLITE_CANTOPEN else { return text }
        let errno = sqlite.sqlite3_system_errno(handle)
        return "\(path): \(text)" + (errno > 0 ? " (\(String(cString: strerror(errno))))" : "")
    }

    /// Runs SQL with no results (several statements allowed).
    func execute(_ sql: String) throws {
        var error: UnsafeMutablePointer<CChar>?
        let code = sqlite.sqlite3_exec(handle, sql, nil, nil, &error)
        if code != SQLITE_OK {
            let text = error.map { String(cString: $0) } ?? errorMessage
            sqlite.sqlite3_free(error)
            throw StoreError(function: "sqlite3_exec", code: code, message: message(code, text), context: String(sql.prefix(120)))
        }
    }

    /// A prepared statement for `sql`, kept for reuse.
    func statement(_ sql: String) throws -> SQLiteStatement {
        if let s = statements[sql] {
            s.reset()
            return s
        }
        var stmt: OpaquePointer?
        let rest: String = try sql.withCString { base in
            var tail: UnsafePointer<CChar>?
            try check(sqlite.sqlite3_prepare_v3(handle, base, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &stmt, &tail), "sqlite3_prepare_v3", sql)
            return tail.map { String(cString: $0) } ?? ""
        }
        // One statement per prepare: SQLite would silently drop a second one.
        guard rest.allSatisfy({ $0.isWhitespace || $0 == ";" }) else {
            _ = sqlite.sqlite3_finalize(stmt)
            throw StoreError(function: "sqlite3_prepare_v3", code: SQLITE_MISUSE,
                             message: "more than one statement; only the first would run", context: String(sql.prefix(120)))
        }
        guard let stmt else {
            throw StoreError(function: "sqlite3_prepare_v3", code: SQLITE_MISUSE, message: "no statement", context: String(sql.prefix(120)))
        }
        let s = SQLiteStatement(handle: stmt, connection: self, sql: sql)
        statements[sql] = s
        return s
    }

    /// Runs `body` in one transaction: all of it is stored, or none. `BEGIN IMMEDIATE` takes the
    /// write lock first, so two writers wait for each other instead of failing half-way.
    func transaction<R>(_ body: () throws -> R) throws -> R {
        try execute("BEGIN IMMEDIATE")
        do {
            let r = try body()
            try CommitGate.enter("sqlite")
            try execute("COMMIT")
            return r
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }
}

/// A prepared statement; values bind by position (`$1`, `$2`… in order of first use).
final class SQLiteStatement {
    let handle: OpaquePointer
    unowned let connection: SQLiteConnection
    let sql: String

    init(handle: OpaquePointer, connection: SQLiteConnection, sql: String) {
        self.handle = handle
        self.connection = connection
        self.sql = sql
    }

    deinit { _ = sqlite.sqlite3_finalize(handle) }

    func reset() {
        _ = sqlite.sqlite3_reset(handle)
        _ = sqlite.sqlite3_clear_bindings(handle)
    }

    func bind(_ values: [SQLValue]) throws -> SQLiteStatement {
        for (i, v) in values.enumerated() {
            let n = Int32(i + 1)
            let code: Int32
            switch v {
            case .null: code = sqlite.sqlite3_bind_null(handle, n)
            case .int(let x): code = sqlite.sqlite3_bind_int64(handle, n, x)
            case .real(let x): code = sqlite.sqlite3_bind_double(handle, n, x)
            case .text(let s): code = sqlite.sqlite3_bind_text(handle, n, s, -1, fleetscan_sqlite_transient())
            case .blob(let b):
                code = b.withUnsafeBytes { raw in
                    sqlite.sqlite3_bind_blob(handle, n, raw.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32(raw.count), fleetscan_sqlite_transient())
                }
            }
            try connection.check(code, "sqlite3_bind", sql)
        }
        return self
    }

    /// Steps once: true while there is a row.
    func step() throws -> Bool {
        let code = sqlite.sqlite3_step(handle)
        if code == SQLITE_ROW { return true }
        try connection.check(code, "sqlite3_step", sql, ok: [SQLITE_DONE])
        return false
    }

    /// Runs to the end, ignoring rows.
    func run() throws {
        while try step() {}
    }

    func int(_ column: Int32) -> Int64 { sqlite.sqlite3_column_int64(handle, column) }

    func double(_ column: Int32) -> Double { sqlite.sqlite3_column_double(handle, column) }

    func text(_ column: Int32) -> String? {
        guard sqlite.sqlite3_column_type(handle, column) != SQLITE_NULL, let p = sqlite.sqlite3_column_text(handle, column) else { return nil }
        return String(cString: p)
    }

    func isNull(_ column: Int32) -> Bool { sqlite.sqlite3_column_type(handle, column) == SQLITE_NULL }

    func blob(_ column: Int32) -> [UInt8] {
        let n = Int(sqlite.sqlite3_column_bytes(handle, column))
        guard n > 0, let p = sqlite.sqlite3_column_blob(handle, column) else { return [] }
        return Array(UnsafeRawBufferPointer(start: p, count: n))
    }
}

/// A value bound to a statement.
public enum SQLValue: Sendable, Equatable {
    case null
    case int(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
}

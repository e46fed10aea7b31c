import CLibPQ
import Foundation

/// One PostgreSQL connection, used from one thread at a time. Every call goes through `check`,
/// which reads libpq's message at once; values are sent as parameters (text, or binary for
/// bytes), never spliced into SQL.
final class PGConnection {
    let handle: OpaquePointer
    /// The URL without any password, for messages.
    let location: String
    let pq: fleetscan_libpq

    init(url: String) throws {
        location = PostgresStore.redact(url)
        pq = try LibPQ.get()
        guard let conn = pq.PQconnectdb(url) else {
            throw StoreError(function: "PQconnectdb", source: .postgres(""), message: "out of memory", context: location)
        }
        guard pq.PQstatus(conn) == CONNECTION_OK else {
            let message = String(cString: pq.PQerrorMessage(conn)!).trimmingCharacters(in: .whitespacesAndNewlines)
            pq.PQfinish(conn)
            throw StoreError(function: "PQconnectdb", source: .postgres(""), message: message, context: location)
        }
        handle = conn
        // Notices (e.g. "relation already exists, skipping") are not errors: keep them off stderr.
        _ = pq.PQsetNoticeProcessor(conn, { _, _ in }, nil)
    }

    deinit { pq.PQfinish(handle) }

    /// Runs `sql` with `params` ($1, $2, …); returns the result when it has rows.
    @discardableResult
    func exec(_ sql: String, _ params: [SQLValue] = []) throws -> PGResult {
        // Each value as bytes that live until the call returns: text NUL-terminated, bytes raw.
        var storage: [[UInt8]] = []
        var formats: [Int32] = []
        var lengths: [Int32] = []
        var isNull: [Bool] = []
        for p in params {
            switch p {
            case .null: storage.append([]); formats.append(0); lengths.append(0); isNull.append(true)
            case .int(let v): storage.append(Array(String(v).utf8) + [0]); formats.append(0); lengths.append(0); isNull.append(false)
            case .real(let v): storage.append(Array("\(v)".utf8) + [0]); formats.append(0); lengths.append(0); isNull.append(false)
            case .text(let s): storage.append(Array(s.utf8) + [0]); formats.append(0); lengths.append(0); isNull.append(false)
            case .blob(let b): storage.append(b); formats.append(1); lengths.append(Int32(b.count)); isNull.append(false)
            }
        }
        // Without parameters the simple protocol runs it, which takes several statements (migrations).
        let result: OpaquePointer? = params.isEmpty ? pq.PQexec(handle, sql) : storage.withUnsafeBufferPointers { pointers in
            var values: [UnsafePointer<CChar>?] = pointers.enumerated().map { i, p in
                isNull[i] ? nil : UnsafeRawPointer(p.baseAddress ?? UnsafePointer(bitPattern: 1)!).assumingMemoryBound(to: CChar.self)
            }
            return pq.PQexecParams(handle, sql, Int32(params.count), nil, &values, &lengths, &formats, 0)
        }
        guard let result else {
            throw StoreError(function: "PQexecParams", source: .postgres(""), message: String(cString: pq.PQerrorMessage(handle)!), context: String(sql.prefix(120)))
        }
        let status = pq.PQresultStatus(result)
        guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK else {
            let message = String(cString: pq.PQresultErrorMessage(result)!).trimmingCharacters(in: .whitespacesAndNewlines)
            let state = pq.PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) } ?? ""
            pq.PQclear(result)
            throw StoreError(function: "PQexecParams", source: .postgres(state), message: message + (state.isEmpty ? "" : " [SQLSTATE \(state)]"),
                             context: String(sql.prefix(120)))
        }
        return PGResult(result, pq)
    }

    /// Runs `body` in one transaction: all of it is stored, or none. A serialization failure
    /// or deadlock (two shards writing the same rows) rolls back and runs `body` again, up to
    /// `attempts` times in all; `body` must only talk to the database.
    func transaction<R>(attempts: Int = 4, _ body: () throws -> R) throws -> R {
        var attempt = 1
        while true {
            try exec("BEGIN")
            do {
                let r = try body()
                try CommitGate.enter("postgres")
                try exec("COMMIT")
                return r
            } catch let error as StoreError where error.isRetryable && attempt < attempts {
                _ = try? exec("ROLLBACK")
                attempt += 1
            } catch {
                _ = try? exec("ROLLBACK")
                throw error
            }
        }
    }
}

/// A query's rows, read in text format.
final class PGResult {
    let handle: OpaquePointer
    let pq: fleetscan_libpq

    init(_ handle: OpaquePointer, _ pq: fleetscan_libpq) {
        self.handle = handle
        self.pq = pq
    }
    deinit { pq.PQclear(handle) }

    var count: Int { Int(pq.PQntuples(handle)) }

    func isNull(_ row: Int, _ column: Int) -> Bool { pq.PQgetisnull(handle, Int32(row), Int32(column)) != 0 }

    func text(_ row: Int, _ column: Int) -> String? {
        isNull(row, column) ? nil : String(cString: pq.PQgetvalue(handle, Int32(row), Int32(column))!)
    }

    func int(_ row: Int, _ column: Int) -> Int64 { text(row, column).flatMap { Int64($0) } ?? 0 }

    func double(_ row: Int, _ column: Int) -> Double { text(row, column).flatMap { Double($0) } ?? 0 }

    func bool(_ row: Int, _ column: Int) -> Bool { text(row, column) == "t" }

    /// A bytea column in PostgreSQL's hex text form (`\x0a1b…`).
    func bytes(_ row: Int, _ column: Int) -> [UInt8] {
        guard let p = pq.PQgetvalue(handle, Int32(row), Int32(column)) else { return [] }
        let length = Int(pq.PQgetlength(handle, Int32(row), Int32(column)))
        let raw = UnsafeRawBufferPointer(start: p, count: length)
        guard length >= 2, raw[0] == UInt8(ascii: "\\"), raw[1] == UInt8(ascii: "x") else { return [] }
        var out = [UInt8]()
        out.reserveCapacity((length - 2) / 2)
        func nibble(_ c: UInt8) -> UInt8 { c <= UInt8(ascii: "9") ? c - UInt8(ascii: "0") : (c | 0x20) - UInt8(ascii: "a") + 10 }
        var i = 2
        while i + 1 < length {
            out.append(nibble(raw[i]) << 4 | nibble(raw[i + 1]))
            i += 2
        }
        return out
    }
}

extension Array where Element == [UInt8] {
    /// Calls `body` with a buffer pointer to each element's bytes, all valid at once.
    func withUnsafeBufferPointers<R>(_ body: ([UnsafeBufferPointer<UInt8>]) -> R) -> R {
        func go(_ i: Int, _ acc: [UnsafeBufferPointer<UInt8>]) -> R {
            guard i < count else { return body(acc) }
            return self[i].withUnsafeBufferPointer { go(i + 1, acc + [$0]) }
        }
        return go(0, [])
    }
}

/// A PostgreSQL array literal (`{"a","b\"c",NULL}`) for `= ANY($1::text[])` and `unnest`; nil is NULL.
func pgTextArray(_ items: [String?]) -> String {
    "{" + items.map { item in
        guard let item else { return "NULL" }
        return "\"" + item.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }.joined(separator: ",") + "}"
}

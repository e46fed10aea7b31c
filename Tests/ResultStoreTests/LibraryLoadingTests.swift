import Testing
@testable import ResultStore

/// SQLite and libpq are loaded on first use, not linked (issue 32): every function ResultStore
/// calls is in their tables, and a machine without one gets a StoreError naming the package.
@Suite struct LibraryLoadingTests {
    @Test func sqliteIsLoadedWithEveryFunctionTheStoreCalls() throws {
        _ = try LibSQLite.loaded.get()
    }

    @Test func aMissingSQLiteIsAStoreErrorNamingThePackage() throws {
        let error = try #require(LibSQLite.load(["/no/such/libsqlite3.so.0"]).failure)
        #expect(error.function == "dlopen" && error.source == .store)
        #expect(error.message.contains("SQLite is not installed"), "\(error)")
        #expect(error.message.contains("apt-get install libsqlite3-0"), "\(error)")
        // zlib loads, and has none of SQLite's functions.
        let missing = try #require(LibSQLite.load(["libz.so.1"]).failure)
        #expect(missing.function == "dlsym")
        #expect(missing.message.contains("SQLite has no sqlite3_bind_blob"), "\(missing)")
    }

    @Test func aMissingLibpqIsAStoreErrorNamingThePackage() throws {
        let error = try #require(LibPQ.load(["/no/such/libpq.so.5"]).failure)
        #expect(error.function == "dlopen" && error.source == .store)
        #expect(error.message.contains("the PostgreSQL client library is not installed"), "\(error)")
        #expect(error.message.contains("apt-get install libpq5"), "\(error)")
        let missing = try #require(LibPQ.load(["libz.so.1"]).failure)
        #expect(missing.function == "dlsym")
        #expect(missing.message.contains("has no PQclear"), "\(missing)")
    }
}

extension Result {
    var failure: Failure? { if case .failure(let e) = self { e } else { nil } }
}

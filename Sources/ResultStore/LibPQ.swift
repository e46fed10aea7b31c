import CLibPQ
#if canImport(Glibc)
import Glibc
#endif

/// libpq, loaded when a PostgreSQL store is first opened rather than linked: every other
/// command (a scan, `rules`, the SQLite store) starts without loading it and the ~25 shared
/// libraries it pulls in (Kerberos, LDAP, GnuTLS…). The header still comes from CLibPQ; only
/// the functions below are looked up, each by name, and a missing library or symbol is a clear
/// error naming the Debian package.
struct LibPQ: Sendable {
    // The signatures of libpq-fe.h, as C function pointers.
    let connectdb: @convention(c) (UnsafePointer<CChar>?) -> OpaquePointer?
    let status: @convention(c) (OpaquePointer?) -> ConnStatusType
    let errorMessage: @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>?
    let finish: @convention(c) (OpaquePointer?) -> Void
    let setNoticeProcessor: @convention(c) (OpaquePointer?, PQnoticeProcessor?, UnsafeMutableRawPointer?) -> PQnoticeProcessor?
    let exec: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> OpaquePointer?
    let execParams: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int32, UnsafePointer<Oid>?,
                                    UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?, UnsafePointer<Int32>?, Int32) -> OpaquePointer?
    let resultStatus: @convention(c) (OpaquePointer?) -> ExecStatusType
    let resultErrorMessage: @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>?
    let resultErrorField: @convention(c) (OpaquePointer?, Int32) -> UnsafeMutablePointer<CChar>?
    let clear: @convention(c) (OpaquePointer?) -> Void
    let ntuples: @convention(c) (OpaquePointer?) -> Int32
    let getisnull: @convention(c) (OpaquePointer?, Int32, Int32) -> Int32
    let getvalue: @convention(c) (OpaquePointer?, Int32, Int32) -> UnsafeMutablePointer<CChar>?
    let getlength: @convention(c) (OpaquePointer?, Int32, Int32) -> Int32

    /// The library's file names, newest ABI first (Debian's libpq5 installs `libpq.so.5`;
    /// `libpq.so` is the -dev package's link).
    static let names = ["libpq.so.5", "libpq.so"]

    /// Loaded once, on first use, by whichever thread asks first.
    static let shared: Result<LibPQ, StoreError> = load()

    static func get() throws -> LibPQ { try shared.get() }

    static func load() -> Result<LibPQ, StoreError> {
        let override = getenv("FLEETSCAN_LIBPQ").map { String(cString: $0) }
        let candidates = override.map { [$0] } ?? names
        guard let handle = candidates.lazy.compactMap({ dlopen($0, RTLD_NOW | RTLD_LOCAL) }).first else {
            let reason = dlerror().map { String(cString: $0) } ?? "not found"
            return .failure(StoreError(function: "dlopen", source: .store,
                                       message: "the PostgreSQL client library is not installed (\(reason)); install Debian's libpq5 package (apt-get install libpq5)",
                                       context: candidates.joined(separator: ", ")))
        }
        func symbol<T>(_ name: String, _: T.Type) throws -> T {
            guard let p = dlsym(handle, name) else {
                throw StoreError(function: "dlsym", source: .store,
                                 message: "the PostgreSQL client library has no \(name); install a current libpq5 (apt-get install libpq5)",
                                 context: candidates.joined(separator: ", "))
            }
            return unsafeBitCast(p, to: T.self)
        }
        return Result {
            try LibPQ(
                connectdb: symbol("PQconnectdb", (@convention(c) (UnsafePointer<CChar>?) -> OpaquePointer?).self),
                status: symbol("PQstatus", (@convention(c) (OpaquePointer?) -> ConnStatusType).self),
                errorMessage: symbol("PQerrorMessage", (@convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>?).self),
                finish: symbol("PQfinish", (@convention(c) (OpaquePointer?) -> Void).self),
                setNoticeProcessor: symbol("PQsetNoticeProcessor",
                                           (@convention(c) (OpaquePointer?, PQnoticeProcessor?, UnsafeMutableRawPointer?) -> PQnoticeProcessor?).self),
                exec: symbol("PQexec", (@convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> OpaquePointer?).self),
                execParams: symbol("PQexecParams", (@convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int32, UnsafePointer<Oid>?,
                                                                    UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?,
                                                                    UnsafePointer<Int32>?, Int32) -> OpaquePointer?).self),
                resultStatus: symbol("PQresultStatus", (@convention(c) (OpaquePointer?) -> ExecStatusType).self),
                resultErrorMessage: symbol("PQresultErrorMessage", (@convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>?).self),
                resultErrorField: symbol("PQresultErrorField", (@convention(c) (OpaquePointer?, Int32) -> UnsafeMutablePointer<CChar>?).self),
                clear: symbol("PQclear", (@convention(c) (OpaquePointer?) -> Void).self),
                ntuples: symbol("PQntuples", (@convention(c) (OpaquePointer?) -> Int32).self),
                getisnull: symbol("PQgetisnull", (@convention(c) (OpaquePointer?, Int32, Int32) -> Int32).self),
                getvalue: symbol("PQgetvalue", (@convention(c) (OpaquePointer?, Int32, Int32) -> UnsafeMutablePointer<CChar>?).self),
                getlength: symbol("PQgetlength", (@convention(c) (OpaquePointer?, Int32, Int32) -> Int32).self))
        }.mapError { $0 as! StoreError }
    }
}

// A C library fleetscan loads on first use rather than links, described once: its file names,
// the environment variable that names another file, and the Debian package that installs it.
// Each C module's shim.h lists the functions its wrapper calls and fills a table of them
// (`fleetscan_libgit2_load`, …); this opens the library and hands the shim's loader the handle.
// The wrappers (GitAccess's LibGit2, ResultStore's LibSQLite and LibPQ, YAMLAccess's LibYAML,
// LiteralSearch's LibHS) turn a failure into their own error with `message(_:)`.
#if canImport(Glibc)
import Glibc
#endif

public struct DynamicLibrary: Sendable {
    /// How messages name it: `libgit2`, `SQLite`, `the PostgreSQL client library`.
    public let name: String
    /// Its file names, the runtime package's first (`libgit2.so.1.5`), then the -dev link (`libgit2.so`).
    public let files: [String]
    /// The variable that names another file to load instead (`FLEETSCAN_LIBGIT2`).
    public let variable: String
    /// The Debian package that installs the runtime file (`libgit2-1.5`).
    public let package: String

    public init(name: String, files: [String], variable: String, package: String) {
        self.name = name
        self.files = files
        self.variable = variable
        self.package = package
    }

    /// Why it could not be loaded.
    public enum Failure: Error, Sendable, Equatable {
        /// No candidate file could be opened; `dlerror`'s reason for the last one.
        case notInstalled(reason: String)
        /// The file opened lacks a function the shim lists.
        case missingFunction(String)

        /// The call that failed: `dlopen` or `dlsym`.
        public var function: String {
            switch self {
            case .notInstalled: return "dlopen"
            case .missingFunction: return "dlsym"
            }
        }
    }

    /// The files tried, in order: the one `variable` names, or `files`.
    public var candidates: [String] { getenv(variable).map { [String(cString: $0)] } ?? files }

    /// Opens the first of `candidates` that loads and fills a `Table` with `fill` (the shim's
    /// loader, which answers the name of the first function the library lacks, or NULL).
    public func load<Table>(_ candidates: [String],
                            fill: (UnsafeMutableRawPointer, UnsafeMutablePointer<Table>) -> UnsafePointer<CChar>?) -> Result<Table, Failure> {
        guard let handle = candidates.lazy.compactMap({ dlopen($0, RTLD_NOW | RTLD_LOCAL) }).first else {
            return .failure(.notInstalled(reason: dlerror().map { String(cString: $0) } ?? "not found"))
        }
        let table = UnsafeMutablePointer<Table>.allocate(capacity: 1)
        defer { table.deallocate() }
        if let missing = fill(handle, table) { return .failure(.missingFunction(String(cString: missing))) }
        return .success(table.pointee)
    }

    /// What to tell the user: what is missing, and the package to install.
    public func message(_ failure: Failure) -> String {
        switch failure {
        case .notInstalled(let reason):
            return "\(name) is not installed (\(reason)); install Debian's \(package) package (apt-get install \(package))"
        case .missingFunction(let function):
            return "\(name) has no \(function); install a current \(package) (apt-get install \(package))"
        }
    }
}

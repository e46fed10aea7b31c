import Foundation
import ResultStore

/// The two store backends every store test runs against. PostgreSQL comes from
/// `FLEETSCAN_TEST_POSTGRES` (scripts/with-postgres starts a throwaway server and sets it;
/// scripts/test runs the suite that way). Without it the PostgreSQL cases fail and say so —
/// unless `FLEETSCAN_SKIP_POSTGRES=1` asks to leave them out.
public enum StoreKind: String, CaseIterable, Sendable, CustomStringConvertible {
    case sqlite
    case postgres

    public var description: String { rawValue }

    public static var tested: [StoreKind] {
        ProcessInfo.processInfo.environment["FLEETSCAN_SKIP_POSTGRES"] == "1" ? [.sqlite] : allCases
    }

    nonisolated(unsafe) private static var schemas = 0
    private static let lock = NSLock()

    /// The `--db` location of a new, empty store: a file in `dir`, or a fresh schema of the test
    /// database (so tests running at once never see each other's rows).
    public func freshLocation(in dir: TempDirectory, name: String = "s") throws -> String {
        switch self {
        case .sqlite:
            return dir.path + "/\(name).sqlite"
        case .postgres:
            guard let base = ProcessInfo.processInfo.environment["FLEETSCAN_TEST_POSTGRES"] else {
                throw FixtureRepositories.SetUpError(message: "the PostgreSQL store tests need FLEETSCAN_TEST_POSTGRES: run them with "
                                                     + "scripts/test, or scripts/with-postgres swift test (FLEETSCAN_SKIP_POSTGRES=1 leaves them out)")
            }
            Self.lock.lock()
            Self.schemas += 1
            let schema = "t\(getpid())_\(Self.schemas)_\(name.filter { $0.isLetter || $0.isNumber })"
            Self.lock.unlock()
            try FixtureRepositories.run(["psql", base, "-q", "-v", "ON_ERROR_STOP=1", "-c", "CREATE SCHEMA \(schema)"])
            return base + (base.contains("?") ? "&" : "?") + "options=-csearch_path%3D\(schema)"
        }
    }

    /// A new, empty store of this kind.
    public func fresh(in dir: TempDirectory, name: String = "s") throws -> any Store {
        try Stores.open(try freshLocation(in: dir, name: name))
    }
}

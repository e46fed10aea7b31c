import Foundation
import Testing
import TestSupport

/// libpq is loaded when a PostgreSQL store is opened, not at start-up (issue 32): no other
/// command loads it and the libraries it pulls in, and a machine without it gets an error that
/// names the package to install.
@Suite struct LibraryLoadingTests {
    @Test func theExecutableDoesNotLinkLibpq() throws {
        let needed = try FixtureRepositories.run(["ldd", FixtureRepositories.executable])
        #expect(!needed.contains("libgit2"), "ldd printed: \(needed)")
        #expect(!needed.contains("libpq"))
        #expect(!needed.contains("libldap"))
    }

    @Test func aMissingLibpqIsNamedWithItsPackage() throws {
        let dir = TempDirectory()
        let run = try BoundedRun.run([FixtureRepositories.executable, "report", "--db", "postgres://fleetscan@127.0.0.1:1/none",
                                      "--output", dir.path + "/out"],
                                     seconds: 60, environment: ["FLEETSCAN_LIBPQ": dir.path + "/no-such-libpq.so"])
        #expect(run.status == 3, "\(run.summary)")  // the store failed
        #expect(run.stderr.contains("the PostgreSQL client library is not installed"), "\(run.stderr)")
        #expect(run.stderr.contains("apt-get install libpq5"), "\(run.stderr)")
    }
}

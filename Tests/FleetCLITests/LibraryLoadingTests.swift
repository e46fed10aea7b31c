import Foundation
import Testing
import TestSupport

/// The C libraries are loaded when first needed, not linked (issue 32): a process starts without
/// relocating libgit2, SQLite, libyaml, Hyperscan or libpq and what they pull in, and a machine
/// without one gets an error that names the package to install (Hyperscan's absence only
/// turns the prefilter off).
@Suite struct LibraryLoadingTests {
    @Test func theExecutableLinksNoneOfTheLoadedLibraries() throws {
        let needed = try FixtureRepositories.run(["ldd", FixtureRepositories.executable])
        for library in ["libgit2", "libsqlite3", "libyaml", "libhs", "libpq", "libldap", "libkrb5", "libssh2"] {
            #expect(!needed.contains(library), "ldd printed: \(needed)")
        }
    }

    /// Runs fleetscan with `variable` naming a library file that does not exist.
    static func runWithout(_ variable: String, _ arguments: [String]) throws -> BoundedRun {
        try BoundedRun.run([FixtureRepositories.executable] + arguments, seconds: 60,
                           environment: [variable: "/no/such/folder/\(variable.lowercased()).so"])
    }

    @Test func aMissingLibpqIsNamedWithItsPackage() throws {
        let dir = TempDirectory()
        let run = try Self.runWithout("FLEETSCAN_LIBPQ", ["report", "--db", "postgres://fleetscan@127.0.0.1:1/none", "--output", dir.path + "/out"])
        #expect(run.status == 3, "\(run.summary)")  // the store failed
        #expect(run.stderr.contains("the PostgreSQL client library is not installed"), "\(run.stderr)")
        #expect(run.stderr.contains("apt-get install libpq5"), "\(run.stderr)")
    }

    @Test func aMissingLibgit2IsNamedWithItsPackage() throws {
        let repo = try FixtureRepositories.history(["--commits", "3", "--units", "2"])
        let run = try Self.runWithout("FLEETSCAN_LIBGIT2", ["scan", "--repo", repo])
        #expect(run.status == 2, "\(run.summary)")
        #expect(run.stderr.contains("libgit2 is not installed"), "\(run.stderr)")
        #expect(run.stderr.contains("apt-get install libgit2-1.5"), "\(run.stderr)")
    }

    @Test func aMissingSQLiteIsNamedWithItsPackage() throws {
        let repo = try FixtureRepositories.history(["--commits", "3", "--units", "2"])
        let dir = TempDirectory()
        let run = try Self.runWithout("FLEETSCAN_LIBSQLITE", ["history", "--repo", repo, "--db", dir.path + "/h.sqlite"])
        #expect(run.status != 0 && run.status != nil, "\(run.summary)")
        #expect(run.stderr.contains("SQLite is not installed"), "\(run.stderr)")
        #expect(run.stderr.contains("apt-get install libsqlite3-0"), "\(run.stderr)")
    }

    /// A folder with a YAML configuration, the sample app, and a file no rule's literal occurs in.
    static func tree() throws -> TempDirectory {
        let dir = TempDirectory()
        try FileManager.default.copyItem(atPath: repositoryRoot + "/Fixtures/SampleApp/LegacyShop", toPath: dir.path + "/LegacyShop")
        try "disable:\n  - app-delegate-window\n".write(toFile: dir.path + "/.fleetscan.yml", atomically: true, encoding: .utf8)
        try "let answer = 42\n".write(toFile: dir.path + "/Plain.swift", atomically: true, encoding: .utf8)
        return dir
    }

    @Test func aMissingLibyamlIsNamedWithItsPackage() throws {
        let dir = try Self.tree()
        let run = try Self.runWithout("FLEETSCAN_LIBYAML", ["scan", dir.path])
        #expect(run.status == 2, "\(run.summary)")
        #expect(run.stderr.contains(".fleetscan.yml: dlopen: libyaml is not installed"), "\(run.stderr)")
        #expect(run.stderr.contains("apt-get install libyaml-0-2"), "\(run.stderr)")
    }

    @Test func withoutHyperscanEveryFileIsACandidateAndTheReportIsTheSame() throws {
        let dir = try Self.tree()
        let arguments = ["scan", dir.path, "--format", "json"]
        let with = try BoundedRun.run([FixtureRepositories.executable] + arguments, seconds: 60, environment: ["FLEETSCAN_TIMING": "1"])
        let without = try BoundedRun.run([FixtureRepositories.executable] + arguments, seconds: 60,
                                         environment: ["FLEETSCAN_TIMING": "1", "FLEETSCAN_LIBHS": "/no/such/folder/libhs.so"])
        #expect(with.status == 1 && without.status == 1, "\(with.summary) \(without.summary)")
        #expect(!with.stdout.isEmpty && with.stdout == without.stdout)
        #expect(with.stderr.contains("prefilter: 7 of 8 files are candidates"), "\(with.stderr)")
        #expect(without.stderr.contains("prefilter: 8 of 8 files are candidates"), "\(without.stderr)")
    }
}

import Testing
import GitAccess
import ScanEngine
import TestSupport

/// A commit's tree read from git scans as its checkout does (on the history tests' repository:
/// the same arguments, so it is built once).
@Suite struct GitScanTests {
    @Test func aRevisionFromGitScansLikeItsCheckout() throws {
        let repo = try FixtureRepositories.history(["--commits", "130", "--units", "25", "--edge-cases"])
        let checkout = TempDirectory()
        try FixtureRepositories.run(["git", "-C", repo, "--work-tree=" + checkout.path, "checkout", "main", "--", "."])
        let fromDisk = try PathScan.prepare([checkout.path]).run(jobs: 2)
        let fromGit = try GitScan.prepare(pool: RepositoryPool(path: repo), repository: repo, revision: "main").run(jobs: 2)
        #expect(fromGit.findings == fromDisk.findings)
        #expect(fromGit.diagnostics == fromDisk.diagnostics)
        #expect(fromGit.files == fromDisk.files && fromGit.skipped == fromDisk.skipped)
        // What git holds that a scan never reads: the link, the submodule, the LFS pointer.
        #expect(fromGit.symlinks == 1 && fromGit.submodules == 1 && fromGit.lfsPointers == 1)
        #expect(fromGit.diagnostics.contains { $0.path == "Shop/Binary.m" })
    }
}

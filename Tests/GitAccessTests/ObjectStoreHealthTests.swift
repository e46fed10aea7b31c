import Foundation
import Testing
@testable import GitAccess
import TestSupport

/// What a failed read says about the object store: nothing for a healthy one (a message must
/// never blame a pack that is fine), and the damaged file for each way a pack breaks.
@Suite struct ObjectStoreHealthTests {
    let folder = TempDirectory()

    /// A copy of a 40-commit history with every object in one pack (git's own `repack`).
    func packed() throws -> (git: String, index: String, pack: String) {
        let git = folder.path + "/packed.git"
        try FixtureRepositories.run(["git", "clone", "-q", "--bare", "--no-local", try RepositoryTests.repo(), git])
        try FixtureRepositories.run(["git", "--git-dir", git, "repack", "-adq"])
        let names = try FileManager.default.contentsOfDirectory(atPath: git + "/objects/pack")
        let base = git + "/objects/pack/" + names.first { $0.hasSuffix(".idx") }!.dropLast(4)
        return (git, base + ".idx", base + ".pack")
    }

    func rewrite(_ path: String, _ change: (inout [UInt8]) -> Void) throws {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        change(&bytes)
        try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    @Test func aHealthyPackHasNoProblems() throws {
        let (git, _, _) = try packed()
        #expect(ObjectStoreHealth.problems(gitDirectory: git) == [])
        #expect(try GitRepository.open(git).resolveCommit("main").hex.count == 40)
    }

    @Test func eachWayAPackBreaksIsNamed() throws {
        let (git, index, pack) = try packed()
        let original = try Data(contentsOf: URL(fileURLWithPath: index))
        let packBytes = try Data(contentsOf: URL(fileURLWithPath: pack))
        func problem() -> String { ObjectStoreHealth.problems(gitDirectory: git).joined(separator: "; ") }
        func restore() throws {
            try original.write(to: URL(fileURLWithPath: index))
            try packBytes.write(to: URL(fileURLWithPath: pack))
        }
        try rewrite(index) { $0[7] = 3 }
        #expect(problem().hasSuffix(".idx is damaged (version 3; 2 is the only one with this header)"), "\(problem())")
        try restore()
        try rewrite(index) { $0[8 + 4 * 200 + 3] = 0xFF; $0[8 + 4 * 200 + 2] = 0xFF }
        #expect(problem().contains("is damaged (its fan-out table goes down at entry 201)"), "\(problem())")
        try restore()
        try rewrite(index) { $0.removeLast(7) }
        #expect(problem().contains(".idx is damaged (\(original.count - 7) bytes for "), "\(problem())")
        try restore()
        try rewrite(pack) { $0.removeLast($0.count / 2) }
        #expect(problem().contains(".pack is truncated or damaged (\(packBytes.count - packBytes.count / 2) bytes;"), "\(problem())")
        try restore()
        try FileManager.default.removeItem(atPath: pack)
        #expect(problem().contains(".pack is missing or unreadable; its index objects/pack/pack-"), "\(problem())")
        try restore()
        try FileManager.default.removeItem(atPath: index)
        #expect(problem().contains(".pack has no index"), "\(problem())")
        // A broken pack makes the branch's commit unreadable, and the error names both.
        try rewrite(pack) { $0.removeLast(100) }
        #expect(throws: GitError.self) { try GitRepository.open(git).resolveCommit("main") }
        do {
            _ = try GitRepository.open(git).resolveCommit("main")
        } catch let e as GitError {
            #expect(e.message.hasPrefix("revision 'main' names ") && e.message.contains(".pack has no index"), "\(e.message)")
        }
    }
}

import Foundation
import Testing
@testable import GitAccess
import TestSupport

@Suite struct RepositoryTests {
    static func repo() throws -> String { try FixtureRepositories.history(["--commits", "40", "--units", "12", "--edge-cases"]) }

    @Test func revisionsCommitsAndTheFirstParentChain() throws {
        let path = try Self.repo()
        let repo = try GitRepository.open(path)
        let head = try repo.resolveCommit("main")
        #expect(head.hex == (try FixtureRepositories.run(["git", "-C", path, "rev-parse", "main"])))
        #expect(try repo.resolveCommit(head.hex) == head)
        #expect(try repo.resolveCommit("main~1") == repo.commit(head).parents.first)
        let commit = try repo.commit(head)
        #expect(commit.subject == (try FixtureRepositories.run(["git", "-C", path, "log", "-1", "--format=%s", "main"])))
        #expect(String(commit.authorTime) == (try FixtureRepositories.run(["git", "-C", path, "log", "-1", "--format=%at", "main"])))
        // Merges have two parents; the first is main's previous commit.
        let merges = try FixtureRepositories.run(["git", "-C", path, "rev-list", "--merges", "--first-parent", "main"]).split(separator: "\n")
        #expect(!merges.isEmpty)
        let merge = try repo.commit(#require(ObjectID(hex: String(merges[0]))))
        #expect(merge.parents.count == 2)
    }

    /// Reads do not check ids (libgit2's strict verification is off); `verifyBlob` does, with
    /// the error libgit2's own check gave.
    @Test func aBlobIsVerifiedAgainstItsID() throws {
        let path = try Self.repo()
        let repo = try GitRepository.open(path)
        let id = try #require(try repo.entry(path: "Shop/Macros.h", in: repo.commit(repo.resolveCommit("main")).tree)?.id)
        let bytes = try repo.blob(id)
        try bytes.withUnsafeBytes { try GitRepository.verifyBlob(id, $0, location: path) }
        var other = bytes
        other.append(10)
        #expect { try other.withUnsafeBytes { try GitRepository.verifyBlob(id, $0, location: path) } } throws: { error in
            guard let e = error as? GitError else { return false }
            return e.code == -33 && e.context == "\(path) blob \(id.hex)" && e.message.hasPrefix("object hash mismatch - expected \(id.hex) but got ")
        }
        try [UInt8]().withUnsafeBytes { empty in
            try GitRepository.verifyBlob(#require(ObjectID(hex: "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391")), empty, location: path)
        }
    }

    @Test func unknownRevisionsAndMissingRepositoriesAreClearErrors() throws {
        let repo = try GitRepository.open(try Self.repo())
        #expect { try repo.resolveCommit("no-such-branch") } throws: { ($0 as? GitError)?.message == "unknown revision 'no-such-branch'" }
        #expect { try GitRepository.open("/no/such/place") } throws: { ($0 as? GitError)?.description.contains("/no/such/place") == true }
        let empty = TempDirectory()
        let bare = try GitRepository.initBare(empty.path + "/empty.git")
        #expect(bare.isEmpty)
        #expect { try bare.resolveCommit("HEAD") } throws: { ($0 as? GitError)?.message == "the repository has no commits" }
    }

    @Test func treeWalkSeesLinksAndSubmodulesAsWhatTheyAre() throws {
        let path = try Self.repo()
        let repo = try GitRepository.open(path)
        let tree = try repo.commit(repo.resolveCommit("main")).tree
        var entries: [TreeEntry] = []
        try repo.walkTree(tree, enter: { _ in true }, visit: { entries.append($0) })
        let listed = try FixtureRepositories.run(["git", "-C", path, "ls-tree", "-r", "--name-only", "main"]).split(separator: "\n").map(String.init)
        #expect(entries.map(\.path).sorted() == listed.sorted())
        #expect(entries.first { $0.path == "Shop/Linked.swift" }?.kind == .symlink)
        #expect(entries.first { $0.path == "External/SomeKit" }?.kind == .submodule)
        var skipped: [TreeEntry] = []
        try repo.walkTree(tree, enter: { $0 != "Shop" }, visit: { skipped.append($0) })
        #expect(!skipped.contains { $0.path.hasPrefix("Shop/") })
        #expect(try repo.entry(path: "Shop/Macros.h", in: tree)?.kind == .file)
        #expect(try repo.entry(path: "Shop/Nothing.h", in: tree) == nil)
    }

    @Test func changesBetweenTreesEqualGitsOwnDiff() throws {
        let path = try Self.repo()
        let repo = try GitRepository.open(path)
        var id: ObjectID? = try repo.resolveCommit("main")
        var checked = 0
        while let c = id, checked < 40 {
            let commit = try repo.commit(c)
            guard let parent = commit.parents.first else { break }
            let ours = try repo.changes(from: try repo.commit(parent).tree, to: commit.tree)
                .map { "\($0.old == nil ? "A" : $0.new == nil ? "D" : "M") \($0.path)" }.sorted()
            let theirs = try FixtureRepositories.run(["git", "-C", path, "diff-tree", "-r", "--no-renames", "--name-status", parent.hex, c.hex])
                .split(separator: "\n").map { $0.replacingOccurrences(of: "\t", with: " ") }.sorted()
            #expect(ours == theirs, "commit \(c.hex)")
            id = parent
            checked += 1
        }
        #expect(checked > 20)
        // From the empty tree: everything is added.
        let all = try repo.changes(from: nil, to: repo.commit(repo.resolveCommit("main")).tree)
        #expect(all.allSatisfy { $0.old == nil } && all.count > 20)
    }

    @Test func blobsAndTheirSizesFromHeaders() throws {
        let path = try Self.repo()
        let repo = try GitRepository.open(path)
        let tree = try repo.commit(repo.resolveCommit("main")).tree
        let macros = try #require(try repo.entry(path: "Shop/Macros.h", in: tree))
        let bytes = try repo.blob(macros.id)
        #expect(String(decoding: bytes, as: UTF8.self).contains("#define"))
        #expect(try repo.size(of: macros.id) == bytes.count)
        #expect(String(decoding: bytes, as: UTF8.self) == (try FixtureRepositories.run(["git", "-C", path, "show", "main:Shop/Macros.h"])) + "\n")
    }

    @Test func aPoolLendsEachThreadItsOwnHandle() throws {
        let pool = RepositoryPool(path: try Self.repo())
        let head = try pool.with { try $0.resolveCommit("main") }
        let results = (0..<8).map { _ in Box() }
        DispatchQueue.concurrentPerform(iterations: 8) { i in
            results[i].value = (try? pool.with { repo in try repo.commit(head).tree.hex }) ?? "failed"
        }
        #expect(Set(results.map(\.value)).count == 1 && results[0].value != "failed")
    }

    final class Box: @unchecked Sendable { var value = "" }

    @Test func objectIDsRoundTripHex() {
        let hex = "0123456789abcdef0123456789abcdef01234567"
        #expect(ObjectID(hex: hex)?.hex == hex)
        #expect(ObjectID(hex: hex.uppercased())?.hex == hex)
        #expect(ObjectID(hex: "xyz") == nil)
        #expect(ObjectID(hex: String(hex.dropLast())) == nil)
    }
}

@Suite struct MirrorTests {
    @Test func cloneOnceThenFetchOnlyWhatIsNew() throws {
        let source = TempDirectory()
        let origin = source.path + "/origin.git"
        try FixtureRepositories.run(["python3", repositoryRoot + "/scripts/make-history-repo.py", origin, "--commits", "12", "--units", "4"])
        let cache = TempDirectory()
        let url = "file://" + origin
        let folder = cache.path + "/" + Mirror.folderName(for: url)
        nonisolated(unsafe) var reports = 0
        let first = try Mirror.update(url: url, at: folder, progress: { _ in reports += 1 })
        let head = try first.resolveCommit("main")
        #expect(head.hex == (try FixtureRepositories.run(["git", "-C", origin, "rev-parse", "main"])))
        #expect(try first.resolveCommit("HEAD") == head)
        // A new commit upstream arrives with the next update; the mirror stays bare.
        let tree = try FixtureRepositories.run(["git", "-C", origin, "rev-parse", "main^{tree}"])
        let next = try FixtureRepositories.run(["env", "GIT_AUTHOR_NAME=A", "GIT_AUTHOR_EMAIL=a@b", "GIT_COMMITTER_NAME=A", "GIT_COMMITTER_EMAIL=a@b",
                                                "git", "-C", origin, "commit-tree", tree, "-p", "main", "-m", "Upstream moves on"])
        try FixtureRepositories.run(["git", "-C", origin, "update-ref", "refs/heads/main", next])
        let second = try Mirror.update(url: url, at: folder)
        #expect(try second.resolveCommit("main").hex == next)
        #expect(!FileManager.default.fileExists(atPath: folder + "/Shop"))
        #expect(reports > 0)
    }

    /// A source's alternates are neither followed nor copied (issue 30): git opening the mirror
    /// later must not be led into another repository. A link out of the source is refused.
    @Test func aMirrorOfALocalPathKeepsNoAlternatesAndRefusesLinksOut() throws {
        let source = TempDirectory()
        let origin = source.path + "/origin.git"
        try FixtureRepositories.run(["python3", repositoryRoot + "/scripts/make-history-repo.py", origin, "--commits", "3", "--units", "2"])
        try FileManager.default.createDirectory(atPath: origin + "/objects/info", withIntermediateDirectories: true)
        try "/elsewhere/objects\n".write(toFile: origin + "/objects/info/alternates", atomically: true, encoding: .utf8)
        try "https://example.com/objects\n".write(toFile: origin + "/objects/info/http-alternates", atomically: true, encoding: .utf8)
        let cache = TempDirectory()
        let mirror = try Mirror.update(url: origin, at: cache.path + "/m.git", scope: .branch("main"))
        #expect(try mirror.resolveCommit("main").hex == (try FixtureRepositories.run(["git", "-C", origin, "rev-parse", "main"])))
        #expect(!FileManager.default.fileExists(atPath: cache.path + "/m.git/objects/info/alternates"))
        #expect(!FileManager.default.fileExists(atPath: cache.path + "/m.git/objects/info/http-alternates"))
        // What was dropped is noted where a failed read finds it.
        #expect(ObjectStoreHealth.problems(gitDirectory: cache.path + "/m.git")
            == ["objects of the source are in an alternate object store, which is not followed (the source's objects/info/alternates and objects/info/http-alternates were not copied into this mirror)"])
        // `refs -> ../other/refs` in the source: no mirror is made of it.
        let other = source.path + "/other.git"
        try FixtureRepositories.run(["git", "init", "-q", "--bare", other])
        try FileManager.default.removeItem(atPath: origin + "/refs")
        try FileManager.default.createSymbolicLink(atPath: origin + "/refs", withDestinationPath: "../other.git/refs")
        #expect(throws: GitError.self) { try Mirror.update(url: origin, at: cache.path + "/n.git", scope: .branch("main")) }
        #expect(!FileManager.default.fileExists(atPath: cache.path + "/n.git"))
        // A link that stays inside the git directory is git's own business.
        let inside = source.path + "/inside.git"
        try FixtureRepositories.run(["python3", repositoryRoot + "/scripts/make-history-repo.py", inside, "--commits", "2", "--units", "2"])
        try FileManager.default.createSymbolicLink(atPath: inside + "/refs/heads/alias", withDestinationPath: "main")
        #expect(throws: Never.self) { _ = try GitRepository.open(inside) }
    }

    @Test func aBranchScopeFetchesOneBranchAndALocalPathIsCopied() throws {
        let source = TempDirectory()
        let origin = source.path + "/origin.git"
        try FixtureRepositories.run(["python3", repositoryRoot + "/scripts/make-history-repo.py", origin, "--commits", "12", "--units", "4"])
        try FixtureRepositories.run(["git", "-C", origin, "update-ref", "refs/heads/feature", "main~2"])
        try FixtureRepositories.run(["git", "-C", origin, "update-ref", "refs/tags/v1", "main~3"])
        let cache = TempDirectory()
        // Over the transport (a file:// URL): only the default branch arrives, HEAD names it.
        let url = "file://" + origin
        let viaURL = try Mirror.update(url: url, at: cache.path + "/a.git", scope: .branch(nil))
        #expect(viaURL.headReference == "refs/heads/main")
        #expect(viaURL.target(of: "refs/heads/main")?.hex == (try FixtureRepositories.run(["git", "-C", origin, "rev-parse", "main"])))
        #expect(viaURL.target(of: "refs/heads/feature") == nil && viaURL.target(of: "refs/tags/v1") == nil)
        // A named branch, from a local path: the objects are copied, not linked, and the source
        // is left as it was.
        let before = try FixtureRepositories.run(["sh", "-c", "cd \(origin) && find . -type f | sort | xargs sha1sum"])
        let viaPath = try Mirror.update(url: origin, at: cache.path + "/b.git", scope: .branch("feature"))
        #expect(viaPath.headReference == "refs/heads/feature")
        #expect(try viaPath.resolveCommit("HEAD").hex == (try FixtureRepositories.run(["git", "-C", origin, "rev-parse", "feature"])))
        #expect(try FixtureRepositories.run(["sh", "-c", "cd \(origin) && find . -type f | sort | xargs sha1sum"]) == before)
        let links = try FixtureRepositories.run(["find", cache.path + "/b.git/objects", "-type", "f", "-links", "+1"])
        #expect(links.isEmpty)
        // Moving the branch upstream is seen by the next update.
        try FixtureRepositories.run(["git", "-C", origin, "update-ref", "refs/heads/feature", "main"])
        let moved = try Mirror.update(url: origin, at: cache.path + "/b.git", scope: .branch("feature"))
        #expect(try moved.resolveCommit("HEAD").hex == (try FixtureRepositories.run(["git", "-C", origin, "rev-parse", "main"])))
        // A cache folder that is not a repository any more (a copy killed half-way by an older
        // version) is made again rather than failing every night.
        try FileManager.default.removeItem(atPath: cache.path + "/b.git/HEAD")
        try FileManager.default.removeItem(atPath: cache.path + "/b.git/config")
        let remade = try Mirror.update(url: origin, at: cache.path + "/b.git", scope: .branch("feature"))
        #expect(try remade.resolveCommit("HEAD").hex == (try FixtureRepositories.run(["git", "-C", origin, "rev-parse", "main"])))
        #expect(!FileManager.default.fileExists(atPath: cache.path + "/b.git.partial"))
        // A branch that does not exist is a clear error.
        #expect(throws: GitError.self) { try Mirror.update(url: url, at: cache.path + "/c.git", scope: .branch("nope")) }
    }

    @Test func unreachableRemotesFailWithTheReason() throws {
        let cache = TempDirectory()
        #expect { try Mirror.update(url: "file:///no/such/repo.git", at: cache.path + "/x.git") } throws: { error in
            (error as? GitError)?.function == "git_remote_fetch"
        }
    }

    @Test func urlsAreRedactedAndNamedSafely() {
        #expect(Mirror.redact("https://user:secret@git.example.com/a/b.git") == "https://***@git.example.com/a/b.git")
        #expect(Mirror.redact("failed for https://tok@host/x and https://u:p@h/y") == "failed for https://***@host/x and https://***@h/y")
        #expect(Mirror.redact("/srv/mirrors/kit.git") == "/srv/mirrors/kit.git")
        let name = Mirror.folderName(for: "https://user:secret@git.example.com/mobile/shop-ios.git")
        #expect(name.hasPrefix("mobile-shop-ios-") && name.hasSuffix(".git") && !name.contains("secret"))
        #expect(Mirror.folderName(for: "https://a/x.git") != Mirror.folderName(for: "https://b/x.git"))
        #expect(Mirror.isRemote("https://git.example.com/a.git") && Mirror.isRemote("git@github.com:org/app.git"))
        #expect(!Mirror.isRemote("/srv/mirrors/kit.git") && !Mirror.isRemote("./kit") && !Mirror.isRemote("file:///srv/kit.git"))
    }
}

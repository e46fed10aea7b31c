import Testing
@testable import GitAccess

/// libgit2 is loaded on first use, not linked (issue 32): every function GitAccess calls is in
/// the table, and a machine without the library gets a GitError naming the package.
@Suite struct LibGit2Tests {
    @Test func libgit2IsLoadedWithEveryFunctionGitAccessCalls() throws {
        try Git.setUp()
        _ = try LibGit2.loaded.get()
        #expect(Git.version.hasPrefix("1."))
    }

    @Test func aMissingLibraryIsAGitErrorNamingThePackage() throws {
        let error = try #require(LibGit2.load(["/no/such/libgit2.so.1.5"]).failure)
        #expect(error.function == "dlopen")
        #expect(error.context == "/no/such/libgit2.so.1.5")
        #expect(error.message.contains("libgit2 is not installed"), "\(error)")
        #expect(error.message.contains("apt-get install libgit2-1.5"), "\(error)")
    }

    @Test func aLibraryWithoutTheFunctionsNamesTheFirstMissing() throws {
        // zlib loads, and has none of libgit2's functions.
        let error = try #require(LibGit2.load(["libz.so.1"]).failure)
        #expect(error.function == "dlsym")
        #expect(error.message.contains("libgit2 has no git_blob_free"), "\(error)")
        #expect(error.message.contains("apt-get install libgit2-1.5"), "\(error)")
    }
}

extension Result {
    var failure: Failure? { if case .failure(let e) = self { e } else { nil } }
}

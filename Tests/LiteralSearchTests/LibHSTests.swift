import Testing
@testable import LiteralSearch

/// Hyperscan is loaded on first use, not linked (issue 32): every function LiteralSearch calls is
/// in the table, and a machine without the library gets a LiteralSearchError naming the
/// package (the prefilter then takes every file as a candidate, as where Hyperscan does not run).
@Suite struct LibHSTests {
    @Test func hyperscanIsLoadedWithEveryFunctionTheSetCalls() throws {
        _ = try LibHS.loaded.get()
        #expect(LiteralSet.platformSupported)
    }

    @Test func aMissingLibraryIsALiteralSearchErrorNamingThePackage() throws {
        let error = try #require(LibHS.load(["/no/such/libhs.so.5"]).failure)
        #expect(error.pattern == nil)
        #expect(error.message.hasPrefix("dlopen: Hyperscan is not installed"), "\(error)")
        #expect(error.message.contains("apt-get install libvectorscan5"), "\(error)")
        // zlib loads, and has none of Hyperscan's functions.
        let missing = try #require(LibHS.load(["libz.so.1"]).failure)
        #expect(missing.message.hasPrefix("dlsym: Hyperscan has no hs_alloc_scratch"), "\(missing)")
    }
}

extension Result {
    var failure: Failure? { if case .failure(let e) = self { e } else { nil } }
}

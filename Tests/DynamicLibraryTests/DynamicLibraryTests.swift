import Testing
import DynamicLibrary
#if canImport(Glibc)
import Glibc
#endif

/// One `dlopen` for every C library fleetscan loads on first use: the variable's file first,
/// `dlopen`'s reason when nothing loads, the first function the shim's loader misses.
@Suite struct DynamicLibraryTests {
    let zlib = DynamicLibrary(name: "zlib", files: ["libz.so.1", "libz.so"], variable: "FLEETSCAN_TEST_LIBZ", package: "zlib1g")

    /// A name as the shims answer it: a C string that lives as long as the program.
    static func cString(_ s: StaticString) -> UnsafePointer<CChar> {
        UnsafeRawPointer(s.utf8Start).assumingMemoryBound(to: CChar.self)
    }

    @Test func theVariableNamesTheOnlyCandidate() {
        #expect(zlib.candidates == ["libz.so.1", "libz.so"])
        setenv("FLEETSCAN_TEST_LIBZ", "/opt/libz.so", 1)
        defer { unsetenv("FLEETSCAN_TEST_LIBZ") }
        #expect(zlib.candidates == ["/opt/libz.so"])
    }

    @Test func aMissingFileSaysWhyAndWhatToInstall() throws {
        let failure = try #require(zlib.load(["/no/such/libz.so.1"], fill: { (_, _: UnsafeMutablePointer<Int>) in nil }).failure)
        guard case .notInstalled(let reason) = failure else { Issue.record("\(failure)"); return }
        #expect(reason.contains("/no/such/libz.so.1"))
        #expect(failure.function == "dlopen")
        #expect(zlib.message(failure).hasPrefix("zlib is not installed (") && zlib.message(failure).hasSuffix("; install Debian's zlib1g package (apt-get install zlib1g)"))
    }

    @Test func theShimsLoaderFillsTheTableOrNamesWhatIsMissing() throws {
        // A loader that looks one function up, as the shims' X-macro loaders do.
        let found = zlib.load(["libz.so.1"]) { (handle, table: UnsafeMutablePointer<UnsafeMutableRawPointer?>) -> UnsafePointer<CChar>? in
            table.pointee = dlsym(handle, "zlibVersion")
            return table.pointee == nil ? Self.cString("zlibVersion") : nil
        }
        #expect(try found.get() != nil)
        let missing = try #require(zlib.load(["libz.so.1"]) { (_, _: UnsafeMutablePointer<Int>) in Self.cString("git_repository_open") }.failure)
        #expect(missing == .missingFunction("git_repository_open") && missing.function == "dlsym")
        #expect(zlib.message(missing) == "zlib has no git_repository_open; install a current zlib1g (apt-get install zlib1g)")
    }
}

extension Result {
    var failure: Failure? { if case .failure(let f) = self { return f } else { return nil } }
}

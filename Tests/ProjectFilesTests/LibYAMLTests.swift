import Testing
@testable import YAMLAccess

/// libyaml is loaded on first use, not linked (issue 32): every function YAMLAccess calls is in
/// the table, and a machine without the library gets a YAMLError naming the package.
@Suite struct LibYAMLTests {
    @Test func libyamlIsLoadedWithEveryFunctionTheParserCalls() throws {
        _ = try LibYAML.loaded.get()
        #expect(try YAML.parse(Array("a: 1".utf8))["a"]?.string == "1")
    }

    @Test func aMissingLibraryIsAYAMLErrorNamingThePackage() throws {
        let error = try #require(LibYAML.load(["/no/such/libyaml-0.so.2"]).failure)
        #expect(error.line == 0)
        #expect(error.message.hasPrefix("dlopen: libyaml is not installed"), "\(error)")
        #expect(error.message.contains("apt-get install libyaml-0-2"), "\(error)")
        #expect(error.description == error.message)
        // zlib loads, and has none of libyaml's functions.
        let missing = try #require(LibYAML.load(["libz.so.1"]).failure)
        #expect(missing.message.hasPrefix("dlsym: libyaml has no yaml_event_delete"), "\(missing)")
    }
}

extension Result {
    var failure: Failure? { if case .failure(let e) = self { e } else { nil } }
}

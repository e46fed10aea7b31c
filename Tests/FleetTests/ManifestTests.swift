import Foundation
import Testing
@testable import Fleet
import ScanEngine

@Suite struct ManifestTests {
    static func parse(_ json: String, environment: [String: String] = [:]) throws -> FleetManifest {
        try FleetManifest.parse(Data(json.utf8), path: "/srv/fleet/fleet.json", environment: environment)
    }

    static func problem(_ json: String, environment: [String: String] = [:]) throws -> String? {
        try parse(json, environment: environment).repositories.first?.problem
    }

    static func failure(_ json: String) -> String {
        do {
            _ = try parse(json)
            return "no error"
        } catch {
            return (error as? ScanError)?.message ?? "\(error)"
        }
    }

    @Test func theSpecManifestIsReadWithPathsResolvedAgainstItsFolder() throws {
        let m = try Self.parse("""
            {"repositories": [
               {"name": "shop-ios", "url": "https://git.example.com/mobile/shop-ios.git", "branch": "main"},
               {"name": "design-kit", "url": "/srv/mirrors/design-kit.git"},
               {"name": "local", "url": "../mirrors/local.git"},
               {"name": "file-url", "url": "file:///srv/mirrors/file%20url.git"},
               {"name": "ssh", "url": "git@github.com:org/ssh.git"}],
             "cache": "./fleetscan-cache", "since": "2026-01-01",
             "credentials": {"https": {"tokenEnv": "FLEETSCAN_GIT_TOKEN"}}}
            """, environment: ["FLEETSCAN_GIT_TOKEN": "t0ken"])
        #expect(m.repositories.map(\.source) == ["https://git.example.com/mobile/shop-ios.git", "/srv/mirrors/design-kit.git",
                                                 "/srv/mirrors/local.git", "/srv/mirrors/file url.git", "git@github.com:org/ssh.git"])
        #expect(m.repositories.allSatisfy { $0.problem == nil })
        #expect(m.repositories.map(\.isHTTPS) == [true, false, false, false, false])
        #expect(m.repositories[0].branch == "main" && m.repositories[1].branch == nil)
        #expect(m.cache == "/srv/fleet/fleetscan-cache" && m.since == ISODate.parse("2026-01-01"))
        #expect(m.token(["FLEETSCAN_GIT_TOKEN": "t0ken"]) == "t0ken" && m.token([:]) == nil)
    }

    @Test func problemsOfTheWholeFileStopWithTheKeyOrEntryNamed() {
        #expect(Self.failure("[") .hasPrefix("/srv/fleet/fleet.json: not valid JSON"))
        #expect(Self.failure("[]") == "/srv/fleet/fleet.json: expected a JSON object at the top level")
        #expect(Self.failure(#"{"repositories": [], "cahce": "x"}"#).contains("unknown key \"cahce\""))
        #expect(Self.failure(#"{"repos": []}"#).contains("unknown key \"repos\""))
        #expect(Self.failure(#"{}"#).contains("\"repositories\" must be an array"))
        #expect(Self.failure(#"{"repositories": [{"url": "/x"}]}"#).contains("repositories[0] needs a \"name\""))
        #expect(Self.failure(#"{"repositories": [{"name": "a/b", "url": "/x"}]}"#).contains("repositories[0] \"a/b\": a name is"))
        #expect(Self.failure(#"{"repositories": [{"name": "a", "url": "/x"}, {"name": "a", "url": "/y"}]}"#)
                == "/srv/fleet/fleet.json: repositories[1]: the name \"a\" is already used by repositories[0]")
        #expect(Self.failure(#"{"repositories": [], "since": "last week"}"#).contains("\"since\" must be a date"))
        #expect(Self.failure(#"{"repositories": [], "credentials": {"https": {"token": "abc"}}}"#)
                .contains("unknown key \"credentials.https.token\""))
        #expect(Self.failure(#"{"repositories": [], "credentials": {"https": {"tokenEnv": "not a name"}}}"#)
                .contains("must name an environment variable"))
    }

    @Test func problemsOfOneEntryStayOnThatEntry() throws {
        #expect(try Self.problem(#"{"repositories": [{"name": "a", "url": "/x", "brnach": "main"}]}"#)
                == "repositories[0] \"a\": unknown key \"brnach\" (known keys: name, url, branch)")
        #expect(try Self.problem(#"{"repositories": [{"name": "a", "url": "htps://host/x.git"}]}"#)?
                .contains("unknown scheme \"htps\"") == true)
        #expect(try Self.problem(#"{"repositories": [{"name": "a", "url": "https://"}]}"#)?.contains("needs a host and a path") == true)
        #expect(try Self.problem(#"{"repositories": [{"name": "a", "url": "https://host/a b.git"}]}"#)?.contains("spaces") == true)
        #expect(try Self.problem(#"{"repositories": [{"name": "a", "url": "https://me:secret@host/a.git"}]}"#)?
                .contains("holds credentials") == true)
        #expect(try Self.problem(#"{"repositories": [{"name": "a", "url": "host:path:x"}]}"#)?.contains("malformed") == true)
        #expect(try Self.problem(#"{"repositories": [{"name": "a"}]}"#)?.contains("needs a \"url\"") == true)
        #expect(try Self.problem(#"{"repositories": [{"name": "a", "url": "/x", "branch": "a..b"}]}"#)?.contains("branch name") == true)
        // A token variable that is not set fails the https entries only.
        let m = try Self.parse("""
            {"repositories": [{"name": "a", "url": "https://host/a.git"}, {"name": "b", "url": "/srv/b.git"}],
             "credentials": {"https": {"tokenEnv": "FLEETSCAN_GIT_TOKEN"}}}
            """)
        #expect(m.repositories[0].problem == "repositories[0] \"a\": credentials.https.tokenEnv names $FLEETSCAN_GIT_TOKEN, which is not set")
        #expect(m.repositories[1].problem == nil)
        // Two names for one repository would fetch into one mirror at once.
        let twice = try Self.parse(#"{"repositories": [{"name": "a", "url": "/srv/x.git"}, {"name": "b", "url": "/srv/fleet/../x.git"}]}"#)
        #expect(twice.repositories[1].problem?.contains("the same repository as \"a\"") == true)
    }
}

import Foundation
import Testing
@testable import Fleet
import GitAccess
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
             "credentials": {"https": [{"host": "git.example.com", "tokenEnv": "FLEETSCAN_GIT_TOKEN"}]}}
            """, environment: ["FLEETSCAN_GIT_TOKEN": "t0ken"])
        #expect(m.repositories.map(\.source) == ["https://git.example.com/mobile/shop-ios.git", "/srv/mirrors/design-kit.git",
                                                 "/srv/mirrors/local.git", "/srv/mirrors/file url.git", "git@github.com:org/ssh.git"])
        #expect(m.repositories.allSatisfy { $0.problem == nil })
        #expect(m.repositories.map(\.isHTTPS) == [true, false, false, false, false])
        #expect(m.repositories[0].branch == "main" && m.repositories[1].branch == nil)
        #expect(m.cache == "/srv/fleet/fleetscan-cache" && m.since == ISODate.parse("2026-01-01"))
        #expect(m.credential(for: m.repositories[0], ["FLEETSCAN_GIT_TOKEN": "t0ken"]) == GitCredential(host: "git.example.com", token: "t0ken"))
        #expect(m.credential(for: m.repositories[0], [:]) == nil && m.warnings.isEmpty)
        #expect(m.repositories.dropFirst().allSatisfy { m.credential(for: $0, ["FLEETSCAN_GIT_TOKEN": "t0ken"]) == nil })
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
        #expect(Self.failure(#"{"repositories": [], "credentials": {"https": [{"host": "h", "tokenEnv": "not a name"}]}}"#)
                .contains("\"credentials.https[0].tokenEnv\" must name an environment variable"))
        #expect(Self.failure(#"{"repositories": [], "credentials": {"https": [{"host": "h", "tokenEnv": "T", "user": "x"}]}}"#)
                .contains("unknown key \"credentials.https[0].user\" (known keys: host, tokenEnv)"))
        for bad in ["https://h", "h/path", "me@h", "h:99999", "h:", "", "[::1"] {
            #expect(Self.failure(#"{"repositories": [], "credentials": {"https": [{"host": "\#(bad)", "tokenEnv": "T"}]}}"#)
                    .contains("\"credentials.https[0].host\" must be a host name, or host:port"), "\(bad)")
        }
        #expect(Self.failure(#"{"repositories": [], "credentials": {"https": [{"host": "H", "tokenEnv": "A"}, {"host": "h:443", "tokenEnv": "B"}]}}"#)
                .contains("\"credentials.https[1]\": h:443 already has a token (credentials.https[0])"))
        #expect(Self.failure(#"{"repositories": [], "credentials": {"https": "T"}}"#).contains("must be a list of"))
    }

    @Test func problemsOfOneEntryStayOnThatEntry() throws {
        #expect(try Self.problem(#"{"repositories": [{"name": "a", "url": "/x", "brnach": "main"}]}"#)
                == "repositories[0] \"a\": unknown key \"brnach\" (known keys: name, url, branch, team, owners, web)")
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
             "credentials": {"https": [{"host": "host", "tokenEnv": "FLEETSCAN_GIT_TOKEN"}]}}
            """)
        #expect(m.repositories[0].problem == "repositories[0] \"a\": credentials.https names $FLEETSCAN_GIT_TOKEN for its host, which is not set")
        #expect(m.repositories[1].problem == nil)
        // Two names for one repository would fetch into one mirror at once.
        let twice = try Self.parse(#"{"repositories": [{"name": "a", "url": "/srv/x.git"}, {"name": "b", "url": "/srv/fleet/../x.git"}]}"#)
        #expect(twice.repositories[1].problem?.contains("the same repository as \"a\"") == true)
    }

    @Test func teamsLinksAndTheDeadlineAreRead() throws {
        let m = try Self.parse("""
            {"deadline": "2027-06-30",
             "repositories": [{"name": "shop", "url": "/srv/shop.git", "team": "@acme/shop",
                               "web": {"commit": "https://git.example.com/shop/commit/{commit}",
                                       "file": "https://git.example.com/shop/blob/{commit}/{path}#L{line}"}},
                              {"name": "kit", "url": "/srv/kit.git", "team": "kit@acme.com"}]}
            """)
        #expect(m.deadline == ISODate.parse("2027-06-30"))
        #expect(m.repositories[0].problem == nil)
        #expect(m.repositories[0].settings.team == "@acme/shop")
        #expect(m.repositories[0].settings.commitLink == "https://git.example.com/shop/commit/{commit}")
        #expect(m.repositories[0].settings.fileLink == "https://git.example.com/shop/blob/{commit}/{path}#L{line}")
        #expect(m.repositories[1].settings.team == "kit@acme.com" && m.repositories[1].settings.commitLink == nil)
        #expect(!m.repositories[0].settings.teamOwnsAll)
        // The manifest's team over upstream CODEOWNERS, for the fleet or one repository.
        let owned = try Self.parse("""
            {"owners": "manifest",
             "repositories": [{"name": "a", "url": "/srv/a.git", "team": "@acme/a"},
                              {"name": "b", "url": "/srv/b.git", "team": "@acme/b", "owners": "codeowners"},
                              {"name": "c", "url": "/srv/c.git", "owners": "manifest"},
                              {"name": "d", "url": "/srv/d.git", "owners": "upstream"}]}
            """)
        #expect(owned.repositories.map(\.settings.teamOwnsAll) == [true, false, true, true])
        #expect(owned.repositories[0].problem == nil && owned.repositories[1].problem == nil)
        #expect(owned.repositories[2].problem == "repositories[2] \"c\": \"owners\": \"manifest\" needs a \"team\" to own the findings")
        #expect(owned.repositories[3].problem == "repositories[3] \"d\": \"owners\" must be \"codeowners\" or \"manifest\"")
        #expect(Self.failure(#"{"owners": "teams", "repositories": []}"#).contains("\"owners\" must be \"codeowners\" (the default) or \"manifest\""))
        #expect(Self.failure(#"{"deadline": "next spring", "repositories": []}"#) == "/srv/fleet/fleet.json: \"deadline\" must be a date like 2027-06-30")
        #expect(Self.failure(#"{"deadline": "2027-06-30T10:00:00Z", "repositories": []}"#).contains("must be a date"))
    }

    @Test(arguments: [
        (#""team": "shop-team""#, #""team" must be an owner as CODEOWNERS names one: @org/team, @user or an email address"#),
        (#""web": "https://x/{commit}""#, #""web" must be an object with "commit" and "file" link templates"#),
        (#""web": {"comit": "https://x/{commit}"}"#, #"unknown key "web.comit" (known keys: commit, file)"#),
        (#""web": {"commit": "ftp://x/{commit}"}"#, #""web.commit" must be an https:// or http:// URL"#),
        (#""web": {"commit": "https://x/commit"}"#, #""web.commit" needs {commit}"#),
        (#""web": {"commit": "https://x/{sha}"}"#, #""web.commit" has the unknown placeholder {sha} (known: {commit})"#),
        (#""web": {"file": "https://x/blob/{commit}/{file}"}"#, #""web.file" has the unknown placeholder {file} (known: {commit}, {line}, {path})"#),
        (#""web": {"file": "https://x/blob/main/{path}"}"#, #""web.file" needs {commit}"#),
        (#""web": {"commit": "https://x/\"><script>/{commit}"}"#, #""web.commit" contains spaces, quotes, angle brackets or control characters"#),
    ])
    func aBadTeamOrLinkFailsItsEntryOnly(_ key: String, _ message: String) throws {
        let m = try Self.parse(#"{"repositories": [{"name": "a", "url": "/x", KEY}, {"name": "b", "url": "/y"}]}"#.replacingOccurrences(of: "KEY", with: key))
        #expect(m.repositories[0].problem == "repositories[0] \"a\": " + message)
        #expect(m.repositories[1].problem == nil)
    }

    /// Each token is for one https host and port; other hosts, other ports and plain http get none.
    @Test func tokensAreScopedToTheirHostAndPort() throws {
        let env = ["T1": "one", "T2": "two"]
        let m = try Self.parse("""
            {"repositories": [
               {"name": "a", "url": "https://git.example.com/a.git"},
               {"name": "b", "url": "https://GIT.example.com:443/b.git"},
               {"name": "c", "url": "https://git.example.com:8443/c.git"},
               {"name": "d", "url": "https://other.example.com/d.git"},
               {"name": "e", "url": "https://git.example.com.evil.example/e.git"},
               {"name": "f", "url": "ssh://git.example.com/f.git"}],
             "credentials": {"https": [{"host": "git.example.com", "tokenEnv": "T1"}, {"host": "git.example.com:8443", "tokenEnv": "T2"}]}}
            """, environment: env)
        #expect(m.repositories.map { m.credential(for: $0, env)?.token } == ["one", "one", "two", nil, nil, nil])
        #expect(m.credential(for: m.repositories[2], env) == GitCredential(host: "git.example.com", port: 8443, token: "two"))
        // Plain http to a host that has a token is refused on that entry: the token is never sent
        // over http, and fetching without it would fail less clearly.
        let http = try Self.parse("""
            {"repositories": [{"name": "a", "url": "http://git.example.com/a.git"}, {"name": "b", "url": "http://plain.example.com/b.git"}],
             "credentials": {"https": [{"host": "git.example.com", "tokenEnv": "T1"}]}}
            """, environment: env)
        #expect(http.repositories[0].problem?.contains("\"url\" is plain http, and a token is never sent over http") == true)
        #expect(http.repositories[1].problem == nil && http.credential(for: http.repositories[1], env) == nil)
    }

    /// The old form gives the token to the hosts of the manifest's https entries, each scoped on
    /// its own, and says how to write it now.
    @Test func theOldFormIsScopedToTheManifestsHTTPSHostsWithAWarning() throws {
        let m = try Self.parse("""
            {"repositories": [{"name": "a", "url": "https://git.example.com/a.git"}, {"name": "b", "url": "https://other.example.com:8443/b.git"},
                              {"name": "c", "url": "http://plain.example.com/c.git"}],
             "credentials": {"https": {"tokenEnv": "FLEETSCAN_GIT_TOKEN"}}}
            """, environment: ["FLEETSCAN_GIT_TOKEN": "t"])
        #expect(m.tokens == [FleetManifest.TokenScope(server: GitServer(host: "git.example.com"), variable: "FLEETSCAN_GIT_TOKEN"),
                             FleetManifest.TokenScope(server: GitServer(host: "other.example.com", port: 8443), variable: "FLEETSCAN_GIT_TOKEN")])
        #expect(m.warnings == [#"/srv/fleet/fleet.json: "credentials.https" as one object gives $FLEETSCAN_GIT_TOKEN to every https host of the manifest (git.example.com, other.example.com:8443); name each host: "credentials": {"https": [{"host": "git.example.com", "tokenEnv": "FLEETSCAN_GIT_TOKEN"}]}"#])
        #expect(m.repositories.map { m.credential(for: $0, ["FLEETSCAN_GIT_TOKEN": "t"])?.token } == ["t", "t", nil])
    }
}

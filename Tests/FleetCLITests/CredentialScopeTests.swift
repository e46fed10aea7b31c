import Foundation
import Testing
import TestSupport

/// Tokens reach their own server only, tried against git servers on 127.0.0.1
/// (scripts/git-test-server.py) over https with a certificate made for the test (trusted
/// through SSL_CERT_FILE) and over plain http. "localhost" and "127.0.0.1" are two hosts on
/// one machine. Every server logs the Authorization header of each request it receives.
@Suite(.serialized) final class CredentialScopeTests {
    let folder = TempDirectory()
    var servers: [Process] = []

    init() throws {
        let f = folder.path
        try FixtureRepositories.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=localhost",
                                     "-addext", "subjectAltName=DNS:localhost,DNS:127.0.0.1,IP:127.0.0.1", "-days", "2",
                                     "-keyout", f + "/key.pem", "-out", f + "/cert.pem"])
        try FileManager.default.createDirectory(atPath: f + "/root", withIntermediateDirectories: true)
        try FixtureRepositories.run(["git", "init", "-q", "-b", "main", f + "/work"])
        try "let x = UIScreen.main.bounds\n".write(toFile: f + "/work/a.swift", atomically: true, encoding: .utf8)
        try FixtureRepositories.run(["git", "add", "."], in: f + "/work")
        try FixtureRepositories.run(["git", "-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "one"], in: f + "/work")
        try FixtureRepositories.run(["git", "clone", "-q", "--bare", f + "/work", f + "/root/app.git"])
    }

    deinit {
        // SIGKILL: the servers are this test's own, and a signal the test process ignores is
        // ignored by its children too.
        for s in servers where s.isRunning { kill(s.processIdentifier, SIGKILL) }
    }

    /// Starts a server and returns its port and the file it logs requests to.
    func server(_ mode: String, _ extra: [String] = [], http: Bool = false) throws -> (port: Int, log: String) {
        let log = folder.path + "/\(UUID().uuidString).log"
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", repositoryRoot + "/scripts/git-test-server.py", "--mode", mode, "--log", log,
                       "--root", folder.path + "/root"] + extra
            + (http ? ["--http"] : ["--cert", folder.path + "/cert.pem", "--key", folder.path + "/key.pem"])
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        servers.append(p)
        let line = String(decoding: out.fileHandleForReading.availableData, as: UTF8.self)
        guard let port = Int(line.split(separator: " ").last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") else {
            throw FixtureRepositories.SetUpError(message: "git-test-server.py did not start: \(line)")
        }
        return (port, log)
    }

    /// The Authorization headers a server received (nil entries are requests without one).
    func authorizations(_ log: String) -> [String] {
        ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["authorization"] as? String
        }
    }

    func basic(_ token: String) -> String { "Basic " + Data("x-access-token:\(token)".utf8).base64EncodedString() }

    func scan(_ url: String, token: String = "s3cret") throws -> BoundedRun {
        try BoundedRun.run([FixtureRepositories.executable, "scan", "--repo", url, "--cache", folder.path + "/cache-\(UUID().uuidString)"],
                           seconds: 60, environment: ["SSL_CERT_FILE": folder.path + "/cert.pem", "FLEETSCAN_GIT_TOKEN": token])
    }

    @Test func theTokenReachesTheServerOfTheURL() throws {
        let a = try server("serve", ["--token", "s3cret"])
        let run = try scan("https://localhost:\(a.port)/app.git")
        #expect(run.succeeded, "\(run.summary)")
        #expect(run.stdout.contains("global-geometry-constant"))
        #expect(authorizations(a.log).contains(basic("s3cret")))
    }

    @Test func aRedirectToAnotherHostIsRefusedAndThatHostGetsNoToken() throws {
        let b = try server("challenge")
        let r = try server("redirect", ["--to", "https://127.0.0.1:\(b.port)"])
        let run = try scan("https://localhost:\(r.port)/app.git")
        #expect(run.status == 2, "\(run.summary)")
        #expect(run.stderr.contains("follows no redirect to another host"), "\(run.stderr)")
        #expect(authorizations(b.log).isEmpty && authorizations(r.log).isEmpty)
        #expect(!run.stderr.contains("s3cret"))
    }

    @Test func anotherPortOfTheSameHostGetsNoToken() throws {
        let b = try server("challenge")
        let r = try server("redirect", ["--to", "https://localhost:\(b.port)"])
        let run = try scan("https://localhost:\(r.port)/app.git")
        #expect(run.status == 2, "\(run.summary)")
        #expect(run.stderr.contains("https://localhost:\(b.port)/app.git asked for credentials, and the token is only for localhost:\(r.port)"),
                "\(run.stderr)")
        #expect(authorizations(b.log).isEmpty)
    }

    @Test func plainHTTPNeverGetsTheToken() throws {
        let b = try server("challenge", http: true)
        let run = try scan("http://127.0.0.1:\(b.port)/app.git")
        #expect(run.status == 2, "\(run.summary)")
        #expect(authorizations(b.log).isEmpty, "the http server received \(authorizations(b.log))")
    }

    /// A fleet names three https servers: two with their own tokens, one with none. Each server
    /// sees its own token and no other; the one without a scope sees none and only its
    /// repository fails.
    @Test func eachManifestHostGetsItsOwnTokenAndNoOther() throws {
        let one = try server("serve", ["--token", "token-one"])
        let two = try server("serve", ["--token", "token-two"])
        let other = try server("challenge")
        let manifest = folder.path + "/fleet.json"
        try """
        {"repositories": [
           {"name": "one", "url": "https://localhost:\(one.port)/app.git"},
           {"name": "two", "url": "https://127.0.0.1:\(two.port)/app.git"},
           {"name": "other", "url": "https://localhost:\(other.port)/app.git"}],
         "cache": "cache",
         "credentials": {"https": [{"host": "localhost:\(one.port)", "tokenEnv": "TOKEN_ONE"},
                                   {"host": "127.0.0.1:\(two.port)", "tokenEnv": "TOKEN_TWO"}]}}
        """.write(toFile: manifest, atomically: true, encoding: .utf8)
        let run = try BoundedRun.run([FixtureRepositories.executable, "fleet", "run", "--manifest", manifest, "--db", folder.path + "/fleet.db"],
                                     seconds: 120, environment: ["SSL_CERT_FILE": folder.path + "/cert.pem",
                                                                 "TOKEN_ONE": "token-one", "TOKEN_TWO": "token-two"])
        #expect(run.stderr.contains("other") && run.stderr.contains("failed"), "\(run.summary)")
        #expect(Set(authorizations(one.log)) == [basic("token-one")])
        #expect(Set(authorizations(two.log)) == [basic("token-two")], "\(run.stderr)")
        #expect(authorizations(other.log).isEmpty)
        #expect(!run.stderr.contains("token-one") && !run.stderr.contains("token-two"))
    }

    /// The old form still works for the manifest's own https hosts, with a warning naming them.
    @Test func theOldFormIsScopedToTheManifestsHostsWithAWarning() throws {
        let one = try server("serve", ["--token", "t0ken"])
        let manifest = folder.path + "/old.json"
        try """
        {"repositories": [{"name": "one", "url": "https://localhost:\(one.port)/app.git"}],
         "cache": "cache-old", "credentials": {"https": {"tokenEnv": "FLEETSCAN_GIT_TOKEN"}}}
        """.write(toFile: manifest, atomically: true, encoding: .utf8)
        let run = try BoundedRun.run([FixtureRepositories.executable, "fleet", "run", "--manifest", manifest, "--db", folder.path + "/old.db"],
                                     seconds: 120, environment: ["SSL_CERT_FILE": folder.path + "/cert.pem", "FLEETSCAN_GIT_TOKEN": "t0ken"])
        #expect(run.succeeded, "\(run.summary)")
        #expect(run.stderr.contains("warning: \(manifest): \"credentials.https\" as one object gives $FLEETSCAN_GIT_TOKEN to every https host of the manifest (localhost:\(one.port))"),
                "\(run.stderr)")
        #expect(authorizations(one.log).contains(basic("t0ken")))
    }
}

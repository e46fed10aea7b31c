import GitAccess
import Testing

/// Which server asking for credentials gets the token: the URL libgit2 passes the callback.
@Suite struct CredentialTests {
    @Test func onlyHTTPSOnTheScopedHostAndPortIsAnswered() {
        let c = GitCredential(host: "Git.Example.com", token: "t")
        for url in ["https://git.example.com/a.git", "https://GIT.EXAMPLE.COM:443/a.git", "https://user@git.example.com/a.git",
                    "HTTPS://git.example.com"] {
            #expect(c.allows(url), "\(url)")
        }
        for url in ["http://git.example.com/a.git", "https://git.example.com:8443/a.git", "https://other.example.com/a.git",
                    "https://git.example.com.evil.example/a.git", "https://git.example.com@evil.example/a.git",
                    "https://evil.example/git.example.com", "ssh://git.example.com/a.git", "git.example.com:a.git", "",
                    "https://git.example.com:notaport/a.git", "https://git.example.com:0/"] {
            #expect(!c.allows(url), "\(url)")
        }
        let v6 = GitCredential(host: "::1", port: 8443, token: "t")
        #expect(v6.allows("https://[::1]:8443/a.git") && !v6.allows("https://[::1]/a.git") && v6.description == "[::1]:8443")
    }

    @Test func aURLsOwnScope() {
        #expect(GitCredential(for: "https://git.example.com:8443/a.git", token: "t") == GitCredential(host: "git.example.com", port: 8443, token: "t"))
        #expect(GitCredential(for: "http://git.example.com/a.git", token: "t") == nil)
        #expect(GitCredential(for: "git@github.com:org/a.git", token: "t") == nil)
        #expect(GitServer(scope: "git.example.com:8443") == GitServer(host: "git.example.com", port: 8443))
        #expect(GitServer(scope: "[::1]") == GitServer(host: "::1"))
        #expect(GitServer(scope: "a/b") == nil && GitServer(scope: "u@h") == nil && GitServer(scope: "h:70000") == nil)
        #expect("\(GitCredential(host: "h", token: "secret"))" == "h")
    }
}

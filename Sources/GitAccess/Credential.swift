/// One https server: a host and a port, as a token is scoped to it.
public struct GitServer: Sendable, Equatable, CustomStringConvertible {
    /// Lowercased; an IPv6 address without its brackets.
    public var host: String
    public var port: Int

    public init(host: String, port: Int = 443) {
        self.host = host.lowercased()
        self.port = port
    }

    /// A URL's own server; nil unless the URL is https.
    public init?(url: String) {
        guard let server = Authority(url), server.scheme == "https" else { return nil }
        self.init(host: server.host, port: server.port)
    }

    /// `host` or `host:port` as a manifest writes it (`git.example.com`, `git.example.com:8443`,
    /// `[::1]:8443`); nil when it is neither.
    public init?(scope text: String) {
        guard let server = Authority("https://" + text + "/"), !server.hadPath, !server.hadUser else { return nil }
        self.init(host: server.host, port: server.port)
    }

    /// The lowercased host of a URL of any scheme; nil when it has none.
    public static func host(of url: String) -> String? { Authority(url)?.host }

    /// Whether `url` is https on this host and port.
    public func serves(_ url: String) -> Bool {
        guard let server = Authority(url) else { return false }
        return server.scheme == "https" && server.host == host && server.port == port
    }

    /// `host` or `host:port`, as logs name it.
    public var description: String { port == 443 ? host : (host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)") }
}

/// An https access token and the one server it is for. libgit2 asks for credentials with the
/// URL of the server that challenged it; the token is given only when that URL is https on
/// this host and port, so a redirect to another host or port, or plain http, never receives it.
public struct GitCredential: Sendable, Equatable, CustomStringConvertible {
    public var server: GitServer
    public var token: String

    public init(server: GitServer, token: String) {
        self.server = server
        self.token = token
    }

    public init(host: String, port: Int = 443, token: String) { self.init(server: GitServer(host: host, port: port), token: token) }

    /// The token scoped to `url`'s own server; nil unless `url` is https.
    public init?(for url: String, token: String) {
        guard let server = GitServer(url: url) else { return nil }
        self.init(server: server, token: token)
    }

    /// Whether libgit2 may answer a challenge from `url` with this token.
    public func allows(_ url: String) -> Bool { server.serves(url) }

    /// The server it is for, as logs name it (never the token).
    public var description: String { server.description }
}

/// A URL's scheme, host and port.
private struct Authority {
    var scheme: String
    var host: String
    var port: Int
    var hadPath: Bool
    var hadUser: Bool

    init?(_ url: String) {
        guard let separator = url.range(of: "://") else { return nil }
        scheme = url[..<separator.lowerBound].lowercased()
        var authority = url[separator.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        hadPath = url[separator.upperBound...].count > authority.count + 1
        hadUser = authority.contains("@")
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        var portText: Substring? = nil
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return nil }
            host = authority[authority.index(after: authority.startIndex)..<close].lowercased()
            let rest = authority[authority.index(after: close)...]
            if !rest.isEmpty {
                guard rest.hasPrefix(":") else { return nil }
                portText = rest.dropFirst()
            }
        } else {
            let parts = authority.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count <= 2 else { return nil }
            host = parts[0].lowercased()
            if parts.count == 2 { portText = parts[1] }
        }
        guard !host.isEmpty, host.allSatisfy({ $0.isLetter || $0.isNumber || ".-_:".contains($0) }) else { return nil }
        if let portText {
            guard let p = Int(portText), (1...65535).contains(p), portText.allSatisfy(\.isASCII) else { return nil }
            port = p
        } else {
            switch scheme {
            case "https": port = 443
            case "http": port = 80
            default: port = 0
            }
        }
    }
}

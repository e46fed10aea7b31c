import Foundation
import GitAccess
import ResultStore
import ScanEngine

/// A `fleet.json`, validated. Problems that make the whole file unusable (not JSON, an unknown
/// top-level key, an entry without a name, two entries with one name) are thrown; a problem
/// confined to one entry (a malformed URL, an unknown key in it, a token variable that is not
/// set) is kept on the entry, which the run then records as failed with that reason while the
/// other repositories go on.
public struct FleetManifest: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public var name: String
        /// As written in the manifest, without credentials (for logs, reports and the store).
        public var displayURL: String
        /// What is fetched: a URL, or an absolute path for a local repository.
        public var source: String
        /// The branch to follow; nil follows the remote's default branch (its HEAD).
        public var branch: String?
        /// Whether the source is fetched over https (and may take a token).
        public var isHTTPS: Bool
        /// Why this entry cannot be run, naming the key.
        public var problem: String?
        /// Its `team` (the owner of what CODEOWNERS leaves unmatched) and `web` link templates.
        public var settings = RepositorySettings()

        public init(name: String, source: String, displayURL: String, branch: String? = nil, isHTTPS: Bool = false, problem: String? = nil) {
            self.name = name
            self.source = source
            self.displayURL = displayURL
            self.branch = branch
            self.isHTTPS = isHTTPS
            self.problem = problem
        }

        /// Why a local source cannot be fetched, read off the file system (nil for a URL or a
        /// folder that holds a git repository): the same words for `fleet check`, a run in
        /// process and a run in workers.
        public var localProblem: String? {
            guard source.hasPrefix("/") else { return nil }
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: source, isDirectory: &isFolder) else {
                return "no git repository at \(source) (no such folder)"
            }
            guard isFolder.boolValue else { return "no git repository at \(source) (a file, not a folder)" }
            let fm = FileManager.default
            let bare = fm.fileExists(atPath: source + "/HEAD") && fm.fileExists(atPath: source + "/objects")
            guard bare || fm.fileExists(atPath: source + "/.git") else {
                return "no git repository at \(source) (a folder without .git, HEAD or objects)"
            }
            return nil
        }
    }

    public var path: String
    public var repositories: [Entry]
    /// The cache folder, resolved against the manifest's folder; nil when the manifest names none.
    public var cache: String?
    /// Which environment variable holds the token for which https server.
    public var tokens: [TokenScope] = []
    /// What the manifest should change, though the run goes on (the old credentials form).
    public var warnings: [String] = []
    /// Oldest commit time scanned on a repository's first run (seconds since 1970).
    public var since: Int64?
    /// When the migration must be done (start of that day, seconds since 1970): reports mark
    /// repositories projected to finish later as at risk.
    public var deadline: Int64?

    static let topKeys = ["repositories", "cache", "credentials", "since", "deadline", "owners"]
    static let entryKeys = ["name", "url", "branch", "team", "owners", "web"]
    /// Who owns a repository's findings: its CODEOWNERS (the manifest's team for what no line
    /// matches), or the manifest's team alone.
    static let ownerSources = ["codeowners", "manifest"]
    static let webKeys = ["commit", "file"]
    static let schemes: Set<String> = ["https", "http", "ssh", "git", "file"]

    /// One entry of `credentials.https`: the token in `variable` is for `host:port` only.
    public struct TokenScope: Sendable, Equatable {
        public var server: GitServer
        public var variable: String

        public init(server: GitServer, variable: String) {
            self.server = server
            self.variable = variable
        }
    }

    /// Reads and validates the manifest at `path`; `environment` is where token variables are looked up.
    public static func load(_ path: String, environment: [String: String]) throws -> FleetManifest {
        try parse(NamedFile.read(path, as: "manifest"), path: path, environment: environment)
    }

    public static func parse(_ data: Data, path: String, environment: [String: String]) throws -> FleetManifest {
        func fail(_ message: String) -> ScanError { ScanError("\(path): \(message)") }
        let json: Any
        do {
            json = try JSONSerialization.jsonObject(with: data, options: [])
        } catch {
            throw fail("not valid JSON (\(Configuration.describe(error)))")
        }
        guard let top = json as? [String: Any] else { throw fail("expected a JSON object at the top level") }
        for key in top.keys.sorted() where !topKeys.contains(key) {
            throw fail("unknown key \"\(key)\" (known keys: \(topKeys.joined(separator: ", ")))")
        }
        var folder = (path as NSString).deletingLastPathComponent
        if !folder.hasPrefix("/") { folder = FileManager.default.currentDirectoryPath + (folder.isEmpty ? "" : "/" + folder) }
        func resolve(_ p: String) -> String {
            let full = p.hasPrefix("/") ? p : folder + "/" + p
            return (full as NSString).standardizingPath
        }
        var manifest = FleetManifest(path: path, repositories: [])
        if let cache = top["cache"] {
            guard let text = cache as? String, !text.isEmpty else { throw fail("\"cache\" must be a folder path") }
            manifest.cache = resolve(text)
        }
        if let since = top["since"] {
            guard let text = since as? String, let time = ISODate.parse(text) else {
                throw fail("\"since\" must be a date like 2026-01-31")
            }
            manifest.since = time
        }
        if let deadline = top["deadline"] {
            guard let text = deadline as? String, text.count == 10, let time = ISODate.parse(text) else {
                throw fail("\"deadline\" must be a date like 2027-06-30")
            }
            manifest.deadline = time
        }
        // The old form (one token for every https host), kept until the entries are read.
        var everyHTTPSHost: String? = nil
        if let credentials = top["credentials"] {
            guard let object = credentials as? [String: Any] else { throw fail("\"credentials\" must be an object") }
            for key in object.keys.sorted() where key != "https" {
                throw fail("unknown key \"credentials.\(key)\" (known keys: https)")
            }
            func variable(_ value: Any?, _ at: String) throws -> String {
                guard let v = value as? String, isVariableName(v) else {
                    throw fail("\"\(at).tokenEnv\" must name an environment variable, like FLEETSCAN_GIT_TOKEN")
                }
                return v
            }
            if let list = object["https"] as? [Any] {
                for (index, item) in list.enumerated() {
                    let at = "credentials.https[\(index)]"
                    guard let h = item as? [String: Any] else { throw fail("\"\(at)\" must be an object with \"host\" and \"tokenEnv\"") }
                    for key in h.keys.sorted() where key != "host" && key != "tokenEnv" {
                        throw fail("unknown key \"\(at).\(key)\" (known keys: host, tokenEnv)")
                    }
                    guard let text = h["host"] as? String, let server = GitServer(scope: text) else {
                        throw fail("\"\(at).host\" must be a host name, or host:port (like git.example.com or git.example.com:8443)")
                    }
                    let entry = TokenScope(server: server, variable: try variable(h["tokenEnv"], at))
                    if let first = manifest.tokens.firstIndex(where: { $0.server == server }) {
                        throw fail("\"\(at)\": \(text) already has a token (credentials.https[\(first)])")
                    }
                    manifest.tokens.append(entry)
                }
            } else if let h = object["https"] as? [String: Any] {
                for key in h.keys.sorted() where key != "tokenEnv" {
                    throw fail("unknown key \"credentials.https.\(key)\" (known keys: tokenEnv)")
                }
                everyHTTPSHost = try variable(h["tokenEnv"], "credentials.https")
            } else if object["https"] != nil {
                throw fail("\"credentials.https\" must be a list of {\"host\": …, \"tokenEnv\": …}")
            }
        }
        var teamOwnsAll = false
        if let owners = top["owners"] {
            guard let o = owners as? String, ownerSources.contains(o) else {
                throw fail("\"owners\" must be \"codeowners\" (the default) or \"manifest\" (each repository's team owns all its findings)")
            }
            teamOwnsAll = o == "manifest"
        }
        guard let list = top["repositories"] as? [Any] else { throw fail("\"repositories\" must be an array of repositories") }
        var seenNames: [String: Int] = [:]
        var seenSources: [String: String] = [:]
        for (index, item) in list.enumerated() {
            let at = "repositories[\(index)]"
            guard let object = item as? [String: Any] else { throw fail("\(at) must be an object with \"name\" and \"url\"") }
            guard let name = object["name"] as? String, !name.isEmpty else { throw fail("\(at) needs a \"name\"") }
            guard isRepositoryName(name) else {
                throw fail("\(at) \"\(name)\": a name is letters, digits, '.', '_' and '-' (it names report pages)")
            }
            if let first = seenNames[name] { throw fail("\(at): the name \"\(name)\" is already used by repositories[\(first)]") }
            seenNames[name] = index
            var entry = Entry(name: name, source: "", displayURL: "")
            func problem(_ message: String) { if entry.problem == nil { entry.problem = "\(at) \"\(name)\": \(message)" } }
            for key in object.keys.sorted() where !entryKeys.contains(key) {
                problem("unknown key \"\(key)\" (known keys: \(entryKeys.joined(separator: ", ")))")
            }
            if let branch = object["branch"] {
                if let b = branch as? String, isBranchName(b) { entry.branch = b } else { problem("\"branch\" must be a branch name") }
            }
            if let team = object["team"] {
                if let t = team as? String, CodeOwners.isOwner(t) { entry.settings.team = t } else {
                    problem("\"team\" must be an owner as CODEOWNERS names one: @org/team, @user or an email address")
                }
            }
            entry.settings.teamOwnsAll = teamOwnsAll
            if let owners = object["owners"] {
                if let o = owners as? String, ownerSources.contains(o) { entry.settings.teamOwnsAll = o == "manifest" } else {
                    problem("\"owners\" must be \"codeowners\" or \"manifest\"")
                }
            }
            if entry.settings.teamOwnsAll && entry.settings.team == nil && object["owners"] != nil {
                problem("\"owners\": \"manifest\" needs a \"team\" to own the findings")
            }
            if let web = object["web"] {
                if let links = web as? [String: Any] {
                    for key in links.keys.sorted() where !webKeys.contains(key) {
                        problem("unknown key \"web.\(key)\" (known keys: \(webKeys.joined(separator: ", ")))")
                    }
                    if let commit = links["commit"] {
                        switch LinkTemplate.check(commit, needs: ["commit"], allows: ["commit"]) {
                        case .success(let t): entry.settings.commitLink = t
                        case .failure(let p): problem("\"web.commit\" \(p.message)")
                        }
                    }
                    if let file = links["file"] {
                        switch LinkTemplate.check(file, needs: ["commit", "path"], allows: ["commit", "path", "line"]) {
                        case .success(let t): entry.settings.fileLink = t
                        case .failure(let p): problem("\"web.file\" \(p.message)")
                        }
                    }
                } else {
                    problem("\"web\" must be an object with \"commit\" and \"file\" link templates")
                }
            }
            if let url = object["url"] as? String {
                entry.displayURL = Mirror.redact(url)
                switch classify(url) {
                case .failure(let p): problem(p.message)
                case .success(let kind):
                    switch kind {
                    case .remote(let https):
                        entry.source = url
                        entry.isHTTPS = https
                    case .local(let p):
                        entry.source = resolve(p)
                    }
                }
            } else {
                problem("needs a \"url\" (a repository URL or a local path)")
            }
            if entry.problem == nil {
                if let other = seenSources[entry.source] { problem("the same repository as \"\(other)\"") } else { seenSources[entry.source] = name }
            }
            manifest.repositories.append(entry)
        }
        if let variable = everyHTTPSHost {
            // The hosts of the manifest's https entries, each scoped on its own.
            var hosts: [String] = []
            for entry in manifest.repositories where entry.isHTTPS && entry.problem == nil {
                guard let server = GitServer(url: entry.source), !manifest.tokens.contains(where: { $0.server == server }) else { continue }
                manifest.tokens.append(TokenScope(server: server, variable: variable))
                hosts.append(server.description)
            }
            manifest.warnings.append("\(path): \"credentials.https\" as one object gives $\(variable) to every https host of the manifest ("
                                     + (hosts.isEmpty ? "none" : hosts.joined(separator: ", ")) + "); name each host: "
                                     + "\"credentials\": {\"https\": [{\"host\": \"\(hosts.first ?? "git.example.com")\", \"tokenEnv\": \"\(variable)\"}]}")
        }
        for i in manifest.repositories.indices where manifest.repositories[i].problem == nil {
            let entry = manifest.repositories[i]
            let at = "repositories[\(i)] \"\(entry.name)\""
            if entry.isHTTPS, let scope = manifest.tokens.first(where: { $0.server.serves(entry.source) }), (environment[scope.variable] ?? "").isEmpty {
                manifest.repositories[i].problem = "\(at): credentials.https names $\(scope.variable) for its host, which is not set"
            } else if entry.source.lowercased().hasPrefix("http://"), let host = GitServer.host(of: entry.source),
                      let scope = manifest.tokens.first(where: { $0.server.host == host }) {
                manifest.repositories[i].problem = "\(at): \"url\" is plain http, and a token is never sent over http "
                    + "(credentials.https has one for \(scope.server)); use its https URL"
            }
        }
        return manifest
    }

    /// The token for `entry`'s server, from the environment; nil when the manifest scopes none to it.
    public func credential(for entry: Entry, _ environment: [String: String]) -> GitCredential? {
        guard entry.isHTTPS, let scope = tokens.first(where: { $0.server.serves(entry.source) }),
              let token = environment[scope.variable], !token.isEmpty else { return nil }
        return GitCredential(server: scope.server, token: token)
    }

    enum Kind {
        case remote(https: Bool)
        case local(String)
    }

    /// Whether `url` is a URL fleetscan can fetch, a scp-like address, or a local path.
    static func classify(_ url: String) -> Result<Kind, ManifestProblem> {
        if url.isEmpty { return .failure(ManifestProblem("\"url\" is empty")) }
        if url.unicodeScalars.contains(where: { $0.value < 0x20 || $0 == " " || $0.value == 0x7F }) {
            return .failure(ManifestProblem("\"url\" contains spaces or control characters"))
        }
        if let range = url.range(of: "://") {
            let scheme = url[..<range.lowerBound].lowercased()
            guard Self.schemes.contains(scheme) else {
                return .failure(ManifestProblem("\"url\" has the unknown scheme \"\(scheme)\" (https, http, ssh, git or file)"))
            }
            let rest = url[range.upperBound...]
            if scheme == "file" {
                guard rest.hasPrefix("/") else { return .failure(ManifestProblem("\"url\": a file URL needs an absolute path (file:///…)")) }
                return .success(.local(String(rest).removingPercentEncoding ?? String(rest)))
            }
            let authority = rest.prefix { $0 != "/" }
            if authority.contains("@"), scheme == "https" || scheme == "http" {
                return .failure(ManifestProblem("\"url\" holds credentials; give a token through credentials.https instead"))
            }
            let host = authority.split(separator: "@").last.map(String.init) ?? ""
            guard !host.isEmpty, rest.count > authority.count + 1 else {
                return .failure(ManifestProblem("\"url\" is malformed: it needs a host and a path"))
            }
            return .success(.remote(https: scheme == "https"))
        }
        if Mirror.isRemote(url) { return .success(.remote(https: false)) }
        if url.contains(":"), !url.hasPrefix("/"), !url.hasPrefix(".") {
            return .failure(ManifestProblem("\"url\" is malformed: neither a URL (scheme://host/path), user@host:path nor a path"))
        }
        return .success(.local(url))
    }

    static func isVariableName(_ s: String) -> Bool {
        guard let first = s.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic) else { return false }
        return s.unicodeScalars.allSatisfy { $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) }
    }

    static func isRepositoryName(_ s: String) -> Bool {
        s.count <= 100 && s != "." && s != ".." && s.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "." || $0 == "_" || $0 == "-")
        }
    }

    static func isBranchName(_ s: String) -> Bool {
        !s.isEmpty && !s.hasPrefix("-") && !s.contains("..") && !s.hasSuffix("/") && !s.hasSuffix(".lock")
            && !s.unicodeScalars.contains { $0.value < 0x21 || "~^:?*[\\".unicodeScalars.contains($0) || $0.value == 0x7F }
    }
}

public struct ManifestProblem: Error, Sendable, Equatable {
    public var message: String
    init(_ message: String) { self.message = message }
}

/// A link template of a manifest's `web`: an http(s) URL with `{commit}`, `{path}` and
/// `{line}` where a report puts them (escaped for a URL).
public enum LinkTemplate {
    static func check(_ value: Any, needs: [String], allows: Set<String>) -> Result<String, ManifestProblem> {
        guard let text = value as? String else { return .failure(ManifestProblem("must be a URL template")) }
        let lower = text.lowercased()
        guard lower.hasPrefix("https://") || lower.hasPrefix("http://"), text.count > 8 else {
            return .failure(ManifestProblem("must be an https:// or http:// URL"))
        }
        if text.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F || $0 == "\"" || $0 == "<" || $0 == ">" }) {
            return .failure(ManifestProblem("contains spaces, quotes, angle brackets or control characters"))
        }
        let names = placeholders(text)
        if let unknown = names.first(where: { !allows.contains($0) }) {
            return .failure(ManifestProblem("has the unknown placeholder {\(unknown)} (known: \(allows.sorted().map { "{\($0)}" }.joined(separator: ", ")))"))
        }
        if let missing = needs.first(where: { !names.contains($0) }) {
            return .failure(ManifestProblem("needs {\(missing)}"))
        }
        return .success(text)
    }

    /// The `{name}`s of a template.
    static func placeholders(_ text: String) -> [String] {
        var out: [String] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            guard let close = rest[open...].firstIndex(of: "}") else { break }
            out.append(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return out
    }
}

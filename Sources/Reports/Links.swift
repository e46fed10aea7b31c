import ResultStore

/// Links to a repository's web view, from the manifest's `web` templates, and what a page may
/// say about where a repository lives: never a path on the machine that ran the fleet.
enum Links {
    /// The commit's page, when the repository has a commit template.
    static func commit(_ settings: RepositorySettings, _ commit: String) -> String? {
        settings.commitLink.map { fill($0, ["commit": encode(commit)]) }
    }

    /// The file's page at `commit` (its line, when given), when the repository has a file template.
    static func file(_ settings: RepositorySettings, commit: String, path: String, line: Int? = nil) -> String? {
        settings.fileLink.map {
            fill($0, ["commit": encode(commit), "path": path.split(separator: "/", omittingEmptySubsequences: false).map { encode(String($0)) }
                .joined(separator: "/"), "line": line.map(String.init) ?? "1"])
        }
    }

    static func fill(_ template: String, _ values: [String: String]) -> String {
        var out = template
        for (name, value) in values { out = out.replacingOccurrences(of: "{\(name)}", with: value) }
        return out
    }

    /// `s` percent-encoded but for RFC 3986's unreserved characters: a path segment or a
    /// commit can never end the URL's path, start its query or fragment, or leave the attribute.
    static func encode(_ s: String) -> String {
        var out = ""
        for b in s.utf8 {
            switch b {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(b))
            default:
                out += "%" + (b < 16 ? "0" : "") + String(b, radix: 16, uppercase: true)
            }
        }
        return out
    }

    /// An anchor around already-escaped `html`, or `html` alone without a link.
    static func anchor(_ url: String?, _ html: Markup) -> Markup {
        guard let url else { return html }
        return "<a href=\"\(url)\">\(html)</a>"
    }

    /// The repository's URL when it names a server; nil for a local path or file URL.
    static func publicURL(_ url: String) -> String? {
        let lower = url.lowercased()
        if lower.hasPrefix("https://") || lower.hasPrefix("http://") || lower.hasPrefix("ssh://") || lower.hasPrefix("git://") { return url }
        // user@host:path, the scp-like form.
        if let at = url.firstIndex(of: "@"), let colon = url.firstIndex(of: ":"), at < colon, !url.hasPrefix("/") { return url }
        return nil
    }

    /// Text (a failure reason) with every absolute path or file URL in it replaced by
    /// `<local path>`: it may name the cache or a mirror on the machine that ran the fleet.
    static func withoutLocalPaths(_ text: String) -> String {
        var out = ""
        var rest = Substring(text)
        let starts: Set<Character> = [" ", "(", "'", "\"", "“", "‘", ":", "="]
        var previous: Character = " "
        while let c = rest.first {
            let isFileURL = rest.hasPrefix("file://")
            if (c == "/" || isFileURL), starts.contains(previous), !(c == "/" && rest.dropFirst().first == "/") || isFileURL {
                // A path runs to white space, a quote or a closing bracket.
                let end = rest.firstIndex { $0 == " " || $0 == "'" || $0 == "\"" || $0 == ")" || $0 == "”" || $0 == "’" || $0 == "\n" } ?? rest.endIndex
                var path = rest[..<end]
                var tail = ""
                while let last = path.last, last == "," || last == ";" || last == "." || last == ":" {
                    tail = String(last) + tail
                    path = path.dropLast()
                }
                out += "<local path>" + tail
                previous = "x"
                rest = rest[end...]
                continue
            }
            out.append(c)
            previous = c
            rest = rest.dropFirst()
        }
        return out
    }
}



enum HTML {
    /// Text safe in element content and in double-quoted attributes. Repository names, paths
    /// and commit subjects come from untrusted repositories.
    static func escape(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for c in s.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default:
                if c.value < 0x20 && c != "\n" && c != "\t" { out += "\u{FFFD}" } else { out.unicodeScalars.append(c) }
            }
        }
        return out
    }

    /// A message that marks code with backticks, escaped, its code spans as `<code>`.
    static func withCode(_ s: String) -> String {
        let parts = s.split(separator: "`", omittingEmptySubsequences: false)
        var out = ""
        for (i, part) in parts.enumerated() {
            let isCode = i % 2 == 1 && i < parts.count - 1
            if isCode { out += "<code>" + escape(String(part)) + "</code>" } else { out += (i % 2 == 1 ? "`" : "") + escape(String(part)) }
        }
        return out
    }
}

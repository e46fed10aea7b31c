/// Repository-controlled text (file names, commit subjects, messages quoting them, failure
/// reasons) made safe for the format it is written in: a file name must not forge a line of
/// the xcode format, move a terminal's cursor, open a link in a pull-request comment or bring
/// a `<script>` into a Markdown page. The HTML report escapes with `HTML.escape`, JSON with
/// its encoder; this is the rest.
public enum Escape {
    /// One line of a terminal or a line-per-record format: every control character (C0, DEL
    /// and C1) is written visibly — `\n`, `\r`, `\t` by name, the rest as `\x1B` or `\u{85}`.
    public static func line(_ s: String) -> String {
        guard s.unicodeScalars.contains(where: isControl) else { return s }
        var out = ""
        out.unicodeScalars.reserveCapacity(s.unicodeScalars.count + 8)
        for u in s.unicodeScalars {
            guard isControl(u) else { out.unicodeScalars.append(u); continue }
            switch u {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                let hex = String(u.value, radix: 16, uppercase: true)
                out += u.value < 0x100 ? "\\x" + (hex.count == 1 ? "0" : "") + hex : "\\u{\(hex)}"
            }
        }
        return out
    }

    @inline(__always) static func isControl(_ u: Unicode.Scalar) -> Bool {
        u.value < 0x20 || (u.value >= 0x7F && u.value < 0xA0) || u.value == 0x2028 || u.value == 0x2029
    }

    /// Markdown punctuation that can start emphasis, a link or an image (`!` needs a `[`),
    /// raw HTML, a code span, strike-through or a table cell. (`#` makes a heading only at a
    /// line's start, where escaped text never stands; an entity such as `&lt;` only shows a
    /// character.)
    static let markdownSpecial: Set<Unicode.Scalar> = ["\\", "`", "*", "_", "[", "]", "<", ">", "|", "~"]

    /// Plain text in Markdown (running text or a table cell): on one line, and every
    /// character Markdown would read as syntax backslash-escaped, so it shows as written. An
    /// `_` inside a word (`INFOPLIST_KEY`) is left alone: it never emphasises.
    public static func markdown(_ s: String) -> String {
        var out = ""
        let scalars = Array(line(s).unicodeScalars)
        func isWord(_ i: Int) -> Bool {
            i >= 0 && i < scalars.count && (scalars[i].properties.isAlphabetic || ("0"..."9").contains(scalars[i]))
        }
        for (i, u) in scalars.enumerated() {
            if markdownSpecial.contains(u), !(u == "_" && isWord(i - 1) && isWord(i + 1)) { out += "\\" }
            out.unicodeScalars.append(u)
        }
        return out
    }

    /// A message that marks code with backticks (`` `width` hands out … ``), in Markdown: the
    /// code spans are kept, everything between them is escaped as `markdown` does, and an
    /// unpaired backtick is escaped too. However backticks inside quoted names pair up, text
    /// outside a span is escaped and text inside one is inert. In a table, `|` is escaped in
    /// spans too (GitHub's tables split cells on it).
    public static func markdownWithCode(_ s: String, inTable: Bool = false) -> String {
        let parts = line(s).split(separator: "`", omittingEmptySubsequences: false)
        var out = ""
        for (i, part) in parts.enumerated() {
            let isCode = i % 2 == 1 && i < parts.count - 1
            if isCode {
                out += "`" + (inTable ? part.replacingOccurrences(of: "|", with: "\\|") : String(part)) + "`"
            } else {
                if i % 2 == 1 { out += "\\`" }  // the unpaired last backtick
                out += markdown(String(part))
            }
        }
        return out
    }

    /// `s` as one Markdown code span showing exactly `s`: fenced with one backtick more than
    /// the longest run of backticks inside, padded when it starts or ends with one.
    public static func codeSpan(_ s: String, inTable: Bool = false) -> String {
        var text = line(s)
        if inTable { text = text.replacingOccurrences(of: "|", with: "\\|") }
        var longest = 0, run = 0
        for c in text.utf8 {
            run = c == UInt8(ascii: "`") ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: longest + 1)
        let pad = text.hasPrefix("`") || text.hasSuffix("`") ? " " : ""
        return fence + pad + text + pad + fence
    }
}



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
    static func withCode(_ s: String) -> Markup {
        let parts = s.split(separator: "`", omittingEmptySubsequences: false)
        var out: Markup = ""
        for (i, part) in parts.enumerated() {
            let isCode = i % 2 == 1 && i < parts.count - 1
            if isCode { out += "<code>\(String(part))</code>" } else { out += "\(i % 2 == 1 ? "`" : "")\(String(part))" }
        }
        return out
    }
}

/// HTML under construction. A string literal is markup (the report's own tags); a `String`
/// interpolated into it is text and escaped, so a repository name, path or commit subject
/// cannot inject markup by a forgotten call; only another `Markup` goes in as it is.
struct Markup: ExpressibleByStringInterpolation, Equatable, CustomStringConvertible {
    fileprivate(set) var html: String

    init(stringLiteral value: String) { html = value }
    init(stringInterpolation: Interpolation) { html = stringInterpolation.html }
    /// Text, escaped.
    init(text: String) { html = HTML.escape(text) }

    var description: String { html }

    struct Interpolation: StringInterpolationProtocol {
        var html = ""
        init(literalCapacity: Int, interpolationCount: Int) { html.reserveCapacity(literalCapacity + 16 * interpolationCount) }
        mutating func appendLiteral(_ literal: String) { html += literal }
        mutating func appendInterpolation(_ text: String) { html += HTML.escape(text) }
        mutating func appendInterpolation(_ markup: Markup) { html += markup.html }
        /// Numbers and other values whose text needs no escaping is still escaped: one rule.
        mutating func appendInterpolation<T: CustomStringConvertible>(_ value: T) { html += HTML.escape(value.description) }
    }

    static func + (a: Markup, b: Markup) -> Markup { Markup(raw: a.html + b.html) }
    static func += (a: inout Markup, b: Markup) { a.html += b.html }

    private init(raw: String) { html = raw }
}

extension Sequence where Element == Markup {
    func joined(separator: Markup = "") -> Markup {
        var out: Markup = ""
        for (i, m) in enumerated() {
            if i > 0 { out += separator }
            out += m
        }
        return out
    }
}

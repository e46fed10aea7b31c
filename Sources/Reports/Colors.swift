import RuleKit

/// ANSI colour for text read on a terminal: severities as Xcode and compilers show them (error
/// red, warning yellow, note cyan), locations bold, rule ids dim. Off, every function returns
/// its text unchanged, so the same renderer writes files, pipes and terminals.
public struct Colors: Sendable, Equatable {
    public var on: Bool

    public init(_ on: Bool) { self.on = on }

    public static let off = Colors(false)

    func paint(_ text: String, _ code: String) -> String { on ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text }

    public func severity(_ s: Severity, _ text: String? = nil) -> String {
        let t = text ?? s.rawValue
        switch s {
        case .error: return paint(t, "1;31")
        case .warning: return paint(t, "1;33")
        case .note: return paint(t, "1;36")
        }
    }

    /// "3 warnings" in the severity's colour, "0 warnings" in green: a summary's counts.
    public func count(_ n: Int, _ s: Severity) -> String {
        let text = plural(n, s.rawValue)
        return n == 0 ? good(text) : severity(s, text)
    }

    public func bold(_ text: String) -> String { paint(text, "1") }
    public func dim(_ text: String) -> String { paint(text, "2") }
    public func good(_ text: String) -> String { paint(text, "32") }
    public func bad(_ text: String) -> String { paint(text, "31") }

    /// Whether colour is on, as `--color WHEN` says: `always`, `never`, or `auto` (the default) —
    /// on when the stream is a terminal, unless `NO_COLOR` is set to anything (no-color.org) or
    /// `TERM` is `dumb`. A flag given on the command line wins over the environment.
    public static func decide(_ when: String?, terminal: Bool, _ environment: [String: String]) -> Colors {
        switch when {
        case "always": return Colors(true)
        case "never": return .off
        default:
            if let n = environment["NO_COLOR"], !n.isEmpty { return .off }
            if environment["TERM"] == "dumb" { return .off }
            return Colors(terminal)
        }
    }
}

/// What each command's `--format` writes: one enum per command, whose cases are the flag's
/// choices, so every `switch` over a format names every case and a new one cannot fall into
/// another's `default:`.
protocol OutputFormat: RawRepresentable, CaseIterable where RawValue == String {}

extension OutputFormat {
    /// The flag's choices, in declaration order.
    static var choices: [String] { allCases.map(\.rawValue) }
}

enum ScanFormat: String, OutputFormat {
    case xcode, json, sarif, markdown, github, checkstyle, junit, codeclimate
}

enum FixFormat: String, OutputFormat {
    case diff, json, sarif
}

enum HistoryFormat: String, OutputFormat {
    case markdown, json
}

enum ReportFormat: String, OutputFormat {
    case html, markdown, json
}

extension ParsedArguments {
    /// The format `flag` names (its type checked the spelling while parsing), else `fallback`.
    func format<F: OutputFormat>(_ flag: Flag, default fallback: F) -> F {
        value(flag).flatMap(F.init(rawValue:)) ?? fallback
    }
}

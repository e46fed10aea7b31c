import RuleKit
import SourceLexing

/// Rewritings of a triggering example under which it must not fire: the code inside a line
/// comment, a block comment, a string literal, a multi-line string, and dead `#if` code.
public enum ExampleVariants {
    public static func silenced(_ source: String, _ language: Language) -> [(String, String)] {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        var variants: [(String, String)] = []
        variants.append(("line comment", lines.map { "// " + $0 }.joined(separator: "\n")))
        if !source.contains("*/"), !source.contains("/*") {
            variants.append(("block comment", "/*\n" + source + "\n*/"))
        }
        let escaped = source.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"").replacing("\n", with: "\\n")
        switch language {
        case .swift:
            variants.append(("string literal", "let s = \"" + escaped + "\""))
            let multi = source.replacing("\\", with: "\\\\").replacing("\"\"\"", with: "\\\"\"\"")
            variants.append(("multi-line string", "let s = \"\"\"\n" + multi + "\n\"\"\""))
            variants.append(("#if false", "#if false\n" + source + "\n#endif"))
        case .objectiveC:
            variants.append(("string literal", "NSString *s = @\"" + escaped + "\";"))
            let parts = lines.map { line in
                "\"" + line.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\\n\""
            }
            variants.append(("multi-line string", "NSString *s = @" + parts.joined(separator: "\n    ") + ";"))
            variants.append(("#if 0", "#if 0\n" + source + "\n#endif"))
        }
        return variants
    }

    /// The prefix put before each marked line to check that columns count UTF-8 bytes.
    public static let multiBytePrefix = "/*é*/ "

    /// The example with `multiBytePrefix` before every line that holds a marker.
    public static func prefixed(_ code: String) -> String {
        code.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.contains("↓") ? multiBytePrefix + $0 : String($0) }
            .joined(separator: "\n")
    }
}

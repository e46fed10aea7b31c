import Testing
import RuleKit
import Rules
import ScanEngine
import SourceLexing
import TestSupport

/// One rule, for test arguments (so each rule is its own test case).
struct RuleCase: CustomTestStringConvertible, Sendable {
    let id: RuleID
    var description: RuleDescription { Catalog.description(id)! }
    var testDescription: String { id.rawValue }
}

/// Where an example was written, for reporting a failure at its own line.
private func location(_ example: Example) -> SourceLocation {
    let path = "\(example.file)"
    let name = path.split(separator: "/").last.map(String.init) ?? path
    return SourceLocation(fileID: "Rules/\(name)", filePath: path, line: Int(example.line), column: 1)
}

private func files(_ example: Example, main: String) -> [String: String] {
    var files = example.files
    files[example.path] = main
    return files
}

@Suite struct RuleExampleTests {
    static let cases = Catalog.rules.map { RuleCase(id: $0.id) }

    @Test(arguments: cases)
    func triggeringExamplesFireAtTheirMarkers(_ rule: RuleCase) {
        for example in rule.description.triggering {
            let expected = markerPositions(example.code)
            #expect(!expected.isEmpty, "a triggering example needs a ↓ marker", sourceLocation: location(example))
            let result = scan(files(example, main: example.source))
            let actual = positions(of: rule.id, in: example.path, result)
            #expect(actual == expected, "\(rule.id) in:\n\(example.code)", sourceLocation: location(example))
            if let message = example.message {
                let messages = result.findings.filter { $0.rule == rule.id && $0.path == example.path }.map(\.message)
                #expect(!messages.isEmpty && messages.allSatisfy { $0 == message }, "\(rule.id) said \(messages)", sourceLocation: location(example))
            }
            if let suggestion = example.suggestion {
                let fixes = result.findings.filter { $0.rule == rule.id && $0.path == example.path }.map(\.suggestion)
                #expect(!fixes.isEmpty && fixes.allSatisfy { $0.contains(suggestion) }, "\(rule.id) suggested \(fixes)", sourceLocation: location(example))
            }
        }
    }

    @Test(arguments: cases)
    func nonTriggeringExamplesDoNotFire(_ rule: RuleCase) {
        for example in rule.description.nonTriggering {
            #expect(!example.code.contains("↓"), "a non-triggering example has no markers", sourceLocation: location(example))
            let result = scan(files(example, main: example.source))
            let actual = result.findings.filter { $0.rule == rule.id && $0.path == example.path }
            #expect(actual.isEmpty, "\(rule.id) fired at \(actual.map { "\($0.line):\($0.column)" }) in:\n\(example.code)",
                    sourceLocation: location(example))
        }
    }

    @Test(arguments: cases)
    func commentsStringsAndDeadCodeSilenceEveryTriggeringExample(_ rule: RuleCase) {
        for example in rule.description.triggering where example.wraps {
            for (variant, code) in ExampleVariants.silenced(example.source, example.language) {
                let actual = positions(of: rule.id, in: example.path, scan(files(example, main: code)))
                #expect(actual.isEmpty, "\(rule.id) fired at \(actual) inside a \(variant):\n\(code)", sourceLocation: location(example))
            }
        }
    }

    @Test(arguments: cases)
    func multiByteTextAndCRLFKeepPositions(_ rule: RuleCase) {
        for example in rule.description.triggering where Language(path: example.path) != nil {
            let prefixed = ExampleVariants.prefixed(example.code)
            let expected = markerPositions(prefixed)
            let source = String(String.UnicodeScalarView(prefixed.unicodeScalars.filter { $0 != "↓" }))
            let actual = positions(of: rule.id, in: example.path, scan(files(example, main: source)))
            #expect(actual == expected, "\(rule.id) after a multi-byte prefix:\n\(prefixed)", sourceLocation: location(example))
            let crlf = source.replacing("\n", with: "\r\n")
            let crlfActual = positions(of: rule.id, in: example.path, scan(files(example, main: crlf)))
            #expect(crlfActual == expected, "\(rule.id) with CRLF line endings", sourceLocation: location(example))
        }
    }
}

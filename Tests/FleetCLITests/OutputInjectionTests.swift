import Foundation
import Testing
import TestSupport

/// File names and commit subjects that carry escape sequences, line breaks and Markdown.
@Suite struct OutputInjectionTests {
    /// Markdown with its code spans (where nothing is syntax) taken out, as CommonMark pairs
    /// them: a run of n backticks up to the next run of exactly n.
    static func outsideCodeSpans(_ text: String) -> String {
        let b = Array(text.utf8)
        var out: [UInt8] = []
        var i = 0
        func run(at j: Int) -> Int { var k = j; while k < b.count, b[k] == UInt8(ascii: "`") { k += 1 }; return k - j }
        while i < b.count {
            if b[i] == UInt8(ascii: "\\"), i + 1 < b.count { out += [b[i], b[i + 1]]; i += 2; continue }
            guard b[i] == UInt8(ascii: "`") else { out.append(b[i]); i += 1; continue }
            let n = run(at: i)
            var j = i + n, close = -1
            while j < b.count {
                if b[j] == UInt8(ascii: "`") { let m = run(at: j); if m == n { close = j; break }; j += m } else { j += 1 }
            }
            if close < 0 { out += b[i..<(i + n)]; i += n } else { i = close + n }
        }
        return String(decoding: out, as: UTF8.self)
    }

    @Test func repositoryTextIsEscapedForEveryFormat() throws {
        let folder = TempDirectory()
        let repo = folder.path + "/escape.git"
        try FixtureRepositories.hostile("escape-names", at: repo)
        let fleetscan = FixtureRepositories.executable
        let xcode = try BoundedRun.run([fleetscan, "scan", "--repo", repo, "--rev", "main"])
        #expect(xcode.succeeded, "\(xcode.summary)")
        for text in [xcode.stdout, xcode.stderr] {
            #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "a raw control character in:\n\(text)")
        }
        // One line per finding, each a real one: the name with a newline forges nothing.
        let lines = xcode.stdout.split(separator: "\n")
        #expect(lines.count == 7)
        #expect(lines.allSatisfy { $0.hasSuffix("[global-geometry-constant]") })
        #expect(!lines.contains { $0.hasPrefix("App.swift:1:1: error: forged") })
        #expect(xcode.stdout.contains("App/New\\nApp.swift:1:1: error: forged.swift:2:5: warning:"))
        #expect(xcode.stdout.contains("App/Esc\\x1B[31mRed.swift"))

        let markdown = try BoundedRun.run([fleetscan, "scan", "--repo", repo, "--rev", "main", "--format", "markdown"])
        #expect(!Self.outsideCodeSpans(markdown.stdout).contains("<script>"))
        #expect(!Self.outsideCodeSpans(markdown.stdout).contains("[x](https:evil)"))
        #expect(markdown.stdout.contains("``App/Back`tick`[x](https:evil).swift:2``"), "\(markdown.stdout)")

        let history = try BoundedRun.run([fleetscan, "history", "--repo", repo, "--db", folder.path + "/h.db"])
        #expect(history.succeeded, "\(history.summary)")
        #expect(!Self.outsideCodeSpans(history.stdout).contains("<script>"))
        #expect(history.stdout.contains("\\<script\\>alert(1)\\</script\\> \\\\x1B\\[31mred\\\\x07"), "\(history.stdout)")
    }
}

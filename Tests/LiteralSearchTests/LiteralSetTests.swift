import Testing
import LiteralSearch

private func any(_ set: LiteralSet, _ text: String) throws -> Bool {
    try Array(text.utf8).withUnsafeBytes { try set.matchesAny($0) }
}

@Suite struct LiteralSetTests {
    @Test func wordsMatchWholeIdentifiersOnly() throws {
        let set = try LiteralSet([.literal("UIScreen"), .literal("bounds")])
        #expect(try any(set, "let w = UIScreen.main"))
        #expect(try any(set, "view.bounds"))
        #expect(try any(set, "$bounds"))
        #expect(try !any(set, "let w = MyUIScreenHelper.width"))
        #expect(try !any(set, "boundsChanged + outbounds"))
        #expect(try !any(set, ""))
        // A later whole-word occurrence counts when the first is part of a longer name.
        #expect(try any(set, "outbounds; bounds"))
    }

    @Test func nonWordEndsAreLeftOpen() throws {
        let set = try LiteralSet([.literal("@main"), .literal("fleetscan:ignore"), .literal("café")])
        #expect(try any(set, "x@main\n"))
        #expect(try !any(set, "@mainly"))
        #expect(try any(set, "// fleetscan:ignore-next"))
        #expect(try any(set, "let cafés = 1"))
        #expect(try !any(set, "let xcafé = 1"))
    }

    @Test func caselessAndPartialLiterals() throws {
        let set = try LiteralSet([.literal("safearea", wholeWord: false, caseless: true), .literal("insets", caseless: true)])
        #expect(try any(set, "view.safeAreaInsets.top"))
        #expect(try any(set, "let Insets = 1"))
        #expect(try !any(set, "let contentInsets = 1"))
        #expect(try !any(set, "let safe = area"))
    }

    @Test func reportsEveryPatternThatOccursOnce() throws {
        let set = try LiteralSet([.literal("a"), .literal("b"), .literal("c"), .regex("d+e")])
        #expect(try Array("c a c a dde".utf8).withUnsafeBytes { try set.matches(in: $0) } == [0, 2, 3])
    }

    @Test func regularExpressionsToo() throws {
        let set = try LiteralSet([.regex("(?i)nav\\w*height")])
        #expect(try any(set, "let kNavBarHeight = 44"))
        #expect(try !any(set, "let width = 44"))
    }

    /// A declared name is the regular expression it documents, checked on texts built from the
    /// pieces that matter (keywords, qualifiers, backticks, spacing, neighbouring words).
    @Test func declaredNamesAreTheDocumentedExpression() throws {
        let keywords = ["class", "struct", "extension", "interface"]
        let declared = try LiteralSet([.declared("Name", after: keywords)])
        let expression = try LiteralSet([.regex("\\b(?:class|struct|extension|interface)\\s+(?:[\\w.]+\\.)?`?\\bName\\b")])
        let pieces = ["class", "subclass", "struct", "@interface", "extension", " ", "\n\t", "", "UIKit.", "a.b.", ".", "..", "`", "Name",
                      "Names", "XName", "<T>", ":", "//", "func"]
        var texts: [String] = []
        for a in pieces { for b in pieces { for c in pieces { for d in pieces where a != "Name" || d == "Name" { texts.append(a + b + c + d) } } } }
        var checked = 0
        for text in texts {
            let mine = try any(declared, text), theirs = try any(expression, text)
            #expect(mine == theirs, "\(text.debugDescription)")
            if theirs { checked += 1 }
        }
        #expect(checked > 100)
        #expect(try any(declared, "@interface Name : UIViewController"))
        #expect(try any(declared, "extension UIKit.`Name` {"))
        #expect(try !any(declared, "let x = Name()"))
    }

    @Test func aBadPatternIsNamed() {
        #expect {
            _ = try LiteralSet([.literal("ok"), .regex("(unclosed")])
        } throws: { error in
            (error as? LiteralSearchError)?.pattern == "regex(\"(unclosed\")"
        }
        #expect(throws: LiteralSearchError.self) { _ = try LiteralSet([]) }
        #expect(throws: LiteralSearchError.self) { _ = try LiteralSet([.literal("")]) }
    }

    @Test func escapesWhatRegularExpressionsMean() throws {
        #expect(LiteralSet.escaped("a+b(c)") == "a\\+b\\(c\\)")
        let set = try LiteralSet([.regex(LiteralSet.escaped("a.b") + "|" + LiteralSet.escaped("é"))])
        #expect(try any(set, "a.b"))
        #expect(try !any(set, "axb"))
        #expect(try any(set, "é"))
    }

    @Test func parallelScansShareOneDatabase() async throws {
        let set = try LiteralSet([.literal("needle"), .regex("pin+s")])
        let texts = (0..<200).map { i in String(repeating: "hay ", count: i * 10) + (i % 3 == 0 ? "needle" : i % 5 == 0 ? "pinns" : "") }
        let found = try await withThrowingTaskGroup(of: (Int, Bool).self) { group in
            for (i, t) in texts.enumerated() { group.addTask { (i, try Array(t.utf8).withUnsafeBytes { try set.matchesAny($0) }) } }
            var out: [Int: Bool] = [:]
            for try await (i, m) in group { out[i] = m }
            return out
        }
        #expect(found.filter(\.value).keys.sorted() == (0..<200).filter { $0 % 3 == 0 || $0 % 5 == 0 })
    }
}

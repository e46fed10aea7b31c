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

    @Test func checkedLiteralsStandWhereTheirCheckAccepts() throws {
        // Accepts an occurrence followed by `.left`: the check sees the buffer and the match.
        let followedByLeft = MatchCheck("followed by .left") { bytes, match in
            let rest = Array(bytes[match.upperBound...])
            return rest.starts(with: Array(".left".utf8))
        }
        let set = try LiteralSet([.checked("insets", caseless: true, check: followedByLeft)])
        #expect(try any(set, "x = Insets.left * 2"))
        #expect(try any(set, "a.insets.top; b.INSETS.left"))  // a later occurrence the check accepts
        #expect(try !any(set, "x = insets.top"))
        #expect(try !any(set, "x = outsets.left"))
        // A check applies to its own pattern only.
        let two = try LiteralSet([.checked("insets", check: followedByLeft), .literal("top")])
        #expect(try Array("insets.top".utf8).withUnsafeBytes { try two.matches(in: $0) } == [1])
    }

    @Test func declaredNamesMayBeCheckedToo() throws {
        let withParents = MatchCheck("a colon follows") { bytes, match in
            match.upperBound < bytes.count && bytes[match.upperBound] == UInt8(ascii: ":")
        }
        let set = try LiteralSet([.declared("Name", after: ["class", "extension"], check: withParents)])
        #expect(try any(set, "class Name: Base {}"))
        #expect(try !any(set, "class Name {}"))
        #expect(try !any(set, "let x: Name: Y"))  // the keyword is still required
    }

    @Test func conjunctionsNeedEveryPart() throws {
        let set = try LiteralSet([.all([.literal("UIApplication"), .literal("windows")]), .literal("UIScreen"),
                                  .all([.literal("UIApplication"), .literal("delegate"), .literal("window")])])
        #expect(try !any(set, "UIApplication.shared.open(url)"))
        #expect(try !any(set, "let windows = 2"))
        #expect(try any(set, "let w = windows; UIApplication.shared.open(url)"))  // in any order
        #expect(try !any(set, "UIApplication.shared.delegate"))
        #expect(try any(set, "(UIApplication.shared.delegate as? AppDelegate)?.window"))
        #expect(try Array("UIScreen UIApplication windows delegate".utf8).withUnsafeBytes { try set.matches(in: $0) } == [0, 1])
        // Parts are found as they would be alone: whole words.
        #expect(try !any(set, "UIApplicationDelegate; keyWindows"))
        #expect(throws: LiteralSearchError.self) { _ = try LiteralSet([.all([])]) }
        #expect(throws: LiteralSearchError.self) { _ = try LiteralSet([.all([.all([.literal("a")])])]) }
    }

    /// A set of whole words only is looked up word by word instead of compiled: it must find
    /// what Hyperscan finds, on texts whose words cross the 64-byte blocks it reads and end the
    /// buffer (one caseless literal more sends the same patterns to Hyperscan).
    @Test func wholeWordSetsFindWhatHyperscanFinds() throws {
        let anyMatch = MatchCheck("any") { _, _ in true }
        let words: [LiteralSet.Pattern] = [.literal("UIScreen"), .literal("a_1"), .literal("x"), .declared("Name", after: ["class", "extension"]),
                                           .checked("@Environment", wholeWord: true, check: anyMatch), .checked("Name", wholeWord: true, check: anyMatch),
                                           .all([.literal("UIApplication"), .literal("windows")]), .literal(String(repeating: "long", count: 20))]
        let looked = try LiteralSet(words), compiled = try LiteralSet(words + [.literal("zz", caseless: true)])
        let pieces = ["UIScreen", "UIScreens", "a_1", "xa_1", "x", "$x", "é", "x\u{e9}", "class", "extension", " ", "\n", ".", "`", "Name", "Names", "@",
                      "Environment", "@Environment", "@@Environment", "UIApplication", "windows", "_windows", String(repeating: "long", count: 20),
                      String(repeating: "long", count: 21), String(repeating: "y", count: 70), "0", "_", "(", "zz"]
        var seed: UInt64 = 42
        for _ in 0..<3000 {
            var text = ""
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            for _ in 0..<Int(seed >> 60) * 3 {
                seed = seed &* 6364136223846793005 &+ 1442695040888963407
                text += pieces[Int(seed >> 33) % pieces.count]
            }
            let mine = try Array(text.utf8).withUnsafeBytes { try looked.matches(in: $0) }
            let theirs = try Array(text.utf8).withUnsafeBytes { try compiled.matches(in: $0) }.filter { $0 < words.count }
            #expect(mine == theirs, "\(text.debugDescription)")
        }
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

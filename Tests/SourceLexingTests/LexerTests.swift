import Testing
@testable import SourceLexing

/// The texts of the code tokens of `code`.
private func texts(_ code: String, _ language: Language) -> [String] {
    let lexed = Lexer.lex(SourceBuffer(text: code), language: language)
    return lexed.tokens.map { lexed.text(of: $0) }
}

private func lex(_ code: String, _ language: Language) -> LexedFile {
    Lexer.lex(SourceBuffer(text: code), language: language)
}

@Suite struct SwiftLexerTests {
    @Test func identifiersPunctuationAndWords() {
        let lexed = lex("let w = UIScreen.main.bounds.width", .swift)
        #expect(lexed.tokens.map { lexed.text(of: $0) } == ["let", "w", "=", "UIScreen", ".", "main", ".", "bounds", ".", "width"])
        #expect(lexed.tokens[3].word == .UIScreen)
        #expect(lexed.tokens[1].word == .none)
        #expect(lexed.tokens[1].hash == identifierHash("w"))
    }

    @Test func commentsAreNotCode() {
        #expect(texts("a // UIScreen.main\nb /* UIScreen */ c", .swift) == ["a", "b", "c"])
    }

    @Test func blockCommentsNest() {
        #expect(texts("a /* outer /* inner */ UIScreen.main */ b", .swift) == ["a", "b"])
    }

    @Test func stringsAreOneToken() {
        #expect(texts(#"x = "UIScreen.main \"quoted\" ""#, .swift) == ["x", "=", #""UIScreen.main \"quoted\" ""#])
    }

    @Test func interpolationIsCode() {
        let t = texts(#"s = "w: \(UIScreen.main.bounds.width) px""#, .swift)
        #expect(t == ["s", "=", #""w: "#, "UIScreen", ".", "main", ".", "bounds", ".", "width", #" px""#])
    }

    @Test func nestedStringsInsideInterpolation() {
        let t = texts(#"s = "a\(f("b\(g(1))c")) d" + e"#, .swift)
        #expect(t == ["s", "=", #""a"#, "f", "(", #""b"#, "g", "(", "1", ")", #"c""#, ")", #" d""#, "+", "e"])
    }

    @Test func multilineStrings() {
        let code = "let s = \"\"\"\n  UIScreen.main \"quoted\" \"\"\n  \\(x)\n  \"\"\"\nafter"
        #expect(texts(code, .swift) == ["let", "s", "=", "\"\"\"\n  UIScreen.main \"quoted\" \"\"\n  ", "x", "\n  \"\"\"", "after"])
    }

    @Test func rawStrings() {
        #expect(texts(##"a = #"UIScreen "main" \(x)"# ; b"##, .swift) == ["a", "=", ##"#"UIScreen "main" \(x)"#"##, ";", "b"])
        #expect(texts(###"a = ##"x "# y"## ; b"###, .swift) == ["a", "=", ###"##"x "# y"##"###, ";", "b"])
        #expect(texts(##"a = #"v: \#(UIScreen.main)"#"##, .swift) == ["a", "=", ##"#"v: "##, "UIScreen", ".", "main", ##""#"##])
    }

    @Test func ifFalseIsDead() {
        let code = "a\n#if false\nUIScreen.main\n#elseif DEBUG\nb\n#else\nc\n#endif\nd"
        #expect(texts(code, .swift) == ["a", "b", "c", "d"])
    }

    @Test func otherConditionsAreLive() {
        #expect(texts("#if DEBUG\na\n#else\nb\n#endif", .swift) == ["a", "b"])
        #expect(texts("#if os(iOS) // comment\na\n#endif", .swift) == ["a"])
    }

    @Test func nestedDeadBlocks() {
        #expect(texts("#if false\n#if DEBUG\na\n#else\nb\n#endif\n#endif\nc", .swift) == ["c"])
    }

    @Test func stringContainingEndifInDeadCode() {
        #expect(texts("#if false\nlet s = \"\"\"\n#endif\n\"\"\"\nx\n#endif\ny", .swift) == ["y"])
    }

    @Test func attributesAndHashWords() {
        let lexed = lex("@objc func f() { #selector(g) ; if #available(iOS 17, *) {} }", .swift)
        #expect(lexed.tokens[0].kind == .atWord && lexed.tokens[0].word == .objc)
        let hashWords = lexed.tokens.filter { $0.kind == .hashWord }.map { lexed.text(of: $0) }
        #expect(hashWords == ["#selector", "#available"])
    }

    @Test func backtickNames() {
        let lexed = lex("let `default` = `UIScreen`.main", .swift)
        #expect(lexed.tokens[1].word == .none)
        #expect(lexed.tokens[3].word == .UIScreen)
    }

    @Test func operatorsMunch() {
        #expect(texts("a==812||b>=1.5&&c!=d", .swift) == ["a", "==", "812", "||", "b", ">=", "1.5", "&&", "c", "!=", "d"])
        #expect(texts("d?.window??.x", .swift) == ["d", "?", ".", "window", "??", ".", "x"])
        #expect(texts("0..<n", .swift) == ["0", "..<", "n"])
    }

    @Test func regexLiteral() {
        #expect(texts(##"let r = #/UIScreen"/# ; x"##, .swift) == ["let", "r", "=", ##"#/UIScreen"/#"##, ";", "x"])
    }

    @Test func flags() {
        let lexed = lex("a b\n  c", .swift)
        #expect(lexed.tokens[0].isLineStart && !lexed.tokens[1].isLineStart && lexed.tokens[2].isLineStart)
        #expect(lexed.tokens[1].hasSpaceBefore)
    }

    @Test func suppressions() {
        let lexed = lex("x // fleetscan:ignore main-screen, idiom-layout because reasons\n// fleetscan:ignore-file shared-windows\n// fleetscan:ignored x\n", .swift)
        #expect(lexed.suppressions == [
            SuppressionComment(offset: 2, ruleIDs: ["main-screen", "idiom-layout"], wholeFile: false),
            SuppressionComment(offset: 64, ruleIDs: ["shared-windows"], wholeFile: true),
        ])
    }

    @Test func suppressionInStringIsNot() {
        #expect(lex(#"let s = "// fleetscan:ignore main-screen""#, .swift).suppressions.isEmpty)
    }
}

@Suite struct ObjCLexerTests {
    @Test func messageSends() {
        #expect(texts("[[UIScreen mainScreen] bounds]", .objectiveC) == ["[", "[", "UIScreen", "mainScreen", "]", "bounds", "]"])
    }

    @Test func objcStringsAndChars() {
        #expect(texts(#"x = @"UIScreen \"q\""; c = 'a'; d = '\''; e"#, .objectiveC)
                == ["x", "=", #"@"UIScreen \"q\"""#, ";", "c", "=", "'a'", ";", "d", "=", #"'\''"#, ";", "e"])
    }

    @Test func blockCommentsDoNotNest() {
        #expect(texts("a /* x /* y */ b */", .objectiveC) == ["a", "b", "*", "/"])
    }

    @Test func defineBodyIsTokensUntilLineEnd() {
        let lexed = lex("#define SCREEN_WIDTH \\\n  [UIScreen mainScreen].bounds.size.width\nx", .objectiveC)
        #expect(lexed.tokens.map(\.kind) == [.directive, .identifier, .punct, .identifier, .identifier, .punct, .punct,
                                             .identifier, .punct, .identifier, .punct, .identifier, .directiveEnd, .identifier])
        #expect(lexed.tokens[1].isInDirective && !lexed.tokens[13].isInDirective)
        #expect(lexed.tokens[0].word == .define)
    }

    @Test func directiveAfterComment() {
        #expect(lex("/* é */ #define A 1\n", .objectiveC).tokens.first?.kind == .directive)
    }

    @Test func ifZeroIsDead() {
        let code = "a\n#if 0\n[UIScreen mainScreen];\nit's prose\n#elif FOO\nb\n#else\nc\n#endif\nd"
        let lexed = lex(code, .objectiveC)
        #expect(lexed.tokens.map { lexed.text(of: $0) } == ["a", "b", "c", "d"])
        #expect(lexed.problems.isEmpty)
    }

    @Test func ifDebugIsLive() {
        #expect(texts("#if DEBUG\na\n#else\nb\n#endif\n#ifdef X\nc\n#endif", .objectiveC) == ["a", "b", "c"])
    }

    @Test func importsAndPragmasAreSkipped() {
        #expect(texts("#import <UIKit/UIKit.h>\n#pragma mark - Don't\n#error can't\nx", .objectiveC) == ["x"])
    }

    @Test func interfaceLine() {
        let lexed = lex("@interface FeedView : UIView <UITableViewDelegate>\n@end", .objectiveC)
        #expect(lexed.tokens.map { lexed.text(of: $0) } == ["@interface", "FeedView", ":", "UIView", "<", "UITableViewDelegate", ">", "@end"])
        #expect(lexed.tokens[0].word == .interface && lexed.tokens[7].word == .end)
    }

    @Test func numbersWithSuffixes() {
        #expect(texts("a=-1;b->c<<=2", .objectiveC) == ["a", "=", "-", "1", ";", "b", "->", "c", "<<=", "2"])
        #expect(texts("h == 812.0f || w >= 1e-5 || 0x1Fu", .objectiveC) == ["h", "==", "812.0f", "||", "w", ">=", "1e-5", "||", "0x1Fu"])
    }

    @Test func cppRawString() {
        #expect(texts(#"s = R"x(UIScreen ")" )x"; y"#, .objectiveC) == ["s", "=", #"R"x(UIScreen ")" )x""#, ";", "y"])
    }

    @Test func lineCommentContinuation() {
        #expect(texts("// a \\\n UIScreen\nb", .objectiveC) == ["b"])
    }
}

@Suite struct BadInputTests {
    @Test func unterminatedBlockComment() {
        let lexed = lex("a /* never closed\n UIScreen.main", .swift)
        #expect(lexed.tokens.count == 1)
        #expect(lexed.problems == [LexProblem(offset: 2, kind: .unterminatedBlockComment)])
    }

    @Test func unterminatedStrings() {
        #expect(lex("let s = \"open\nUIScreen.main", .swift).problems.map(\.kind) == [.unterminatedString])
        #expect(lex("let s = \"\"\"\nnever", .swift).problems.map(\.kind) == [.unterminatedString])
        #expect(lex("let s = \"\\(f(\"", .swift).problems.map(\.kind) == [.unterminatedString])
        #expect(lex("x = @\"open\ny", .objectiveC).problems.map(\.kind) == [.unterminatedString])
    }

    @Test func unterminatedConditional() {
        #expect(lex("#if 0\nx", .objectiveC).problems.map(\.kind) == [.unterminatedConditional])
    }

    @Test func invalidUTF8AndNULs() {
        var bytes = Array("let a = 1 // ".utf8)
        bytes += [0xFF, 0xFE, 0x00, 0xC3, 0x28, 0x0A]
        bytes += Array("UIScreen.main".utf8)
        let lexed = Lexer.lex(SourceBuffer(bytes), language: .swift)
        #expect(lexed.tokens.last.map { lexed.text(of: $0) } == "main")
    }

    @Test func everyPrefixOfNastyInputTerminates() {
        let nasty = #"@"\#n#if 0 /* "\( #"" """ '\' R"x( `a \#u{0} #/ x"#
        for language in Language.allCases {
            for end in nasty.utf8.indices {
                let prefix = Array(nasty.utf8[..<end])
                _ = Lexer.lex(SourceBuffer(prefix), language: language)
            }
        }
    }

    @Test func deepNestingDoesNotRecurse() {
        let deep = String(repeating: "\"\\(", count: 50_000)
        _ = lex(deep, .swift)
        _ = lex(String(repeating: "/*", count: 100_000), .swift)
    }

    @Test func byteOrderMarkIsSkipped() {
        let lexed = Lexer.lex(SourceBuffer([0xEF, 0xBB, 0xBF] + Array("#define A 1".utf8)), language: .objectiveC)
        #expect(lexed.tokens.first?.kind == .directive)
    }
}

@Suite struct LineTableTests {
    @Test func locations() {
        let buffer = SourceBuffer(text: "ab\r\nçd\nx")
        let table = LineTable(buffer)
        #expect(table.location(of: 0) == (1, 1))
        #expect(table.location(of: 4) == (2, 1))
        #expect(table.location(of: 6) == (2, 3))  // `d` after the two bytes of `ç`
        #expect(table.location(of: 8) == (3, 1))
        #expect(table.range(ofLine: 1, in: buffer) == 0..<2)
    }

    /// UTF-16 columns against Swift's own count, on text mixing 1- to 4-byte characters across
    /// the table's blocks and the eight-byte words it counts in, at every character.
    @Test func utf16ColumnsAgreeWithSwiftsCountEverywhere() {
        let pieces = ["a", "é", "€", "😀", "\n", "bc", "\u{10FFFF}", "\r\n", "ü😀x"]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for length in [7, 64, 300, 2_000] {
            var text = ""
            for _ in 0..<length {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                text += pieces[Int(state >> 33) % pieces.count]
            }
            let buffer = SourceBuffer(text: text)
            let table = LineTable(buffer)
            var offset = 0, lineStart = text.startIndex
            for index in text.indices {
                let column = text[lineStart..<index].utf16.count + 1
                #expect(table.utf16Column(of: offset, in: buffer) == column, "offset \(offset) of \(length) pieces")
                offset += text[index].utf8.count
                if text[index] == "\n" || text[index] == "\r\n" { lineStart = text.index(after: index) }
            }
        }
    }
}

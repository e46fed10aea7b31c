import Testing
import RuleKit
import Rules
import SourceLexing

/// The structure's one-pass answers against the walks they replace, on every rule example.
@Suite struct StructureTests {
    /// The last scope opened before `i`, then up its parents until one holds `i`: the definition.
    static func walkedScope(_ scopes: [Scope], _ i: Int) -> Int {
        var s = scopes.lastIndex { $0.open < i } ?? -1
        while s >= 0, !scopes[s].contains(i) { s = scopes[s].parent }
        return s
    }

    static var sources: [(String, Language)] {
        Catalog.rules.flatMap { rule in
            (rule.description.triggering + rule.description.nonTriggering).flatMap { example in
                [(example.source, example.language)] + example.files.map { ($0.value, $0.key.hasSuffix(".swift") ? Language.swift : .objectiveC) }
            }
        } + [("class A {\n" + String(repeating: "func f() {\n", count: 300) + String(repeating: "}\n", count: 300) + "}\n", .swift),
             ("@implementation A\n- (void)f { if (x) { [self g:^{ }]; }\n", .objectiveC),  // never closed
             ("}}} func f() { { } } } {", .swift)]
    }

    @Test func everyTokensScopeIsTheWalkedOne() {
        var checked = 0
        for (source, language) in Self.sources {
            let file = CodeFile(path: "F", lexed: Lexer.lex(SourceBuffer(Array(source.utf8)), language: language))
            for i in file.tokens.indices {
                let expected = Self.walkedScope(file.structure.scopes, i)
                #expect(file.structure.scopeIndex(of: i) == expected, "token \(i) of:\n\(source)")
                var t = expected
                while t >= 0, file.structure.scopes[t].kind != .type { t = file.structure.scopes[t].parent }
                #expect(file.enclosingType(of: i)?.open == (t >= 0 ? file.structure.scopes[t].open : nil), "token \(i) of:\n\(source)")
                checked += 1
            }
        }
        #expect(checked > 10_000)
    }

    @Test func utf16ColumnsCountWhatSwiftCounts() {
        // ASCII, two-, three- and four-byte characters, on lines longer than a block.
        let line = String(repeating: "aé中😀", count: 150)
        let source = "x\n" + line + "\n" + String(repeating: "b", count: 700) + "😀\n" + line
        let buffer = SourceBuffer(Array(source.utf8))
        let lines = LineTable(buffer)
        let bytes = Array(source.utf8)
        for offset in 0...bytes.count where offset == bytes.count || bytes[offset] & 0xC0 != 0x80 {
            let lineStart = bytes[..<offset].lastIndex(of: 10).map { $0 + 1 } ?? 0
            let expected = String(decoding: bytes[lineStart..<offset], as: UTF8.self).utf16.count + 1
            #expect(lines.utf16Column(of: offset, in: buffer) == expected, "offset \(offset)")
        }
        let ascii = SourceBuffer(Array("let a = 1\nlet b = 2\n".utf8))
        #expect(LineTable(ascii).utf16Column(of: 14, in: ascii) == 5)
    }

    @Test func aConditionsBindingOpensAControlBlockNotAClosure() {
        let source = "class V: UIView {\n    func f(e: String?) {\n        if let e { A }\n        while let x = next() { B }\n        guard let y = e else { return }\n    }\n}\n"
        let file = CodeFile(path: "F.swift", lexed: Lexer.lex(SourceBuffer(Array(source.utf8)), language: .swift))
        for marker in ["A", "B", "return"] {
            let i = file.tokens.indices.first { file.text($0) == marker }!
            #expect(file.scope(of: i)?.kind == .control, "\(marker)")
        }
    }

    /// Generic parameters before an Objective-C superclass (Texture's ASDKViewController) are not
    /// the superclass: the class is a view controller.
    @Test func objectiveCGenericParametersAreNotTheSuperclass() {
        let source = "@interface ASDKViewController<__covariant DisplayNodeType : ASDisplayNode *> : UIViewController <ASVisibilityDepth>\n@end\n"
            + "@interface Box<T> : NSObject\n@end\n@interface Plain <NSCopying>\n@end\n"
        let file = CodeFile(path: "A.h", lexed: Lexer.lex(SourceBuffer(Array(source.utf8)), language: .objectiveC))
        let types = file.structure.scopes.filter { $0.kind == .type }
        #expect(types.map(\.name) == ["ASDKViewController", "Box", "Plain"])
        #expect(types.map(\.inherits) == [["UIViewController", "ASVisibilityDepth"], ["NSObject"], ["NSCopying"]])
    }

    /// A method definition may keep its declaration's semicolon before the body
    /// (`- (void)commonInit;\n{`, GPUImage's views): still an instance method, with its name.
    @Test func objectiveCMethodWithASemicolonBeforeItsBodyIsAMethod() {
        let source = "@implementation GPUImageView\n- (void)commonInit;\n{\n    self.contentScaleFactor = 2;\n}\n+ (Class)layerClass;\n{\n    return nil;\n}\n@end\n"
        let file = CodeFile(path: "A.m", lexed: Lexer.lex(SourceBuffer(Array(source.utf8)), language: .objectiveC))
        let methods = file.structure.scopes.filter { $0.kind == .function }
        #expect(methods.map(\.name) == ["commonInit", "layerClass"])
        #expect(methods.map(\.isStatic) == [false, true])
    }
}

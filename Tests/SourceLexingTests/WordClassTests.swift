import Testing
import SourceLexing

/// The keyword classes are ranges of `Word`'s cases; a case added on the wrong line would move
/// a boundary silently. These sets are spelled out so that it cannot.
@Suite struct WordClassTests {
    static let swiftKeywords = """
        class struct enum extension protocol actor func init deinit subscript let var static override \
        private fileprivate internal public open final lazy weak unowned mutating convenience required \
        dynamic optional indirect nonisolated get set willSet didSet return if guard else for in while \
        repeat do catch switch case default defer where as is try await throws async import typealias \
        self Self super true false nil some any inout break continue throw fallthrough macro package
        """
    static let cAndObjCWords = """
        const extern inline typedef union void sizeof goto instancetype id YES NO NULL nonatomic atomic \
        strong readonly readwrite copy assign nullable nonnull __weak __strong __block __kindof \
        __attribute__ NS_ASSUME_NONNULL_BEGIN NS_ASSUME_NONNULL_END
        """

    static func words(_ list: String) -> [String] { list.split(separator: " ").map(String.init) }

    @Test func swiftKeywordsAreExactlyTheFirstBlock() {
        #expect(Word.allCases.filter(\.isSwiftKeyword).map { "\($0)" } == Self.words(Self.swiftKeywords))
    }

    @Test func languageWordsAreTheSwiftThenTheCAndObjectiveCBlocks() {
        #expect(Word.allCases.filter(\.isLanguageWord).map { "\($0)" } == Self.words(Self.swiftKeywords) + Self.words(Self.cAndObjCWords))
        #expect(!Word.none.isLanguageWord && !Word.UIScreen.isLanguageWord && !Word.interface.isSwiftKeyword)
    }
}

/// A lexed file: its code tokens (no comments, no dead code), the suppression comments it
/// holds, and what went wrong while lexing it.
public struct LexedFile: Sendable {
    public let buffer: SourceBuffer
    public let language: Language
    public internal(set) var tokens: [Token]
    public internal(set) var suppressions: [SuppressionComment]
    public internal(set) var problems: [LexProblem]
    /// Every branch of every `#if` chain, with the conditions that decide it.
    public internal(set) var branches: [ConditionalBranch] = []
    /// Token indexes of the `#define` directives (Objective-C).
    public internal(set) var defines: [Int32] = []

    /// The text of token `i`.
    public func text(_ i: Int) -> String {
        let t = tokens[i]
        return buffer.text(Int(t.start)..<t.end)
    }

    /// The text of a token.
    public func text(of t: Token) -> String { buffer.text(Int(t.start)..<t.end) }
}

/// One branch of an `#if` / `#elseif` / `#elif` / `#else` chain: the bytes it covers, its own
/// condition (nil for `#else`) and the conditions of the branches before it, which must all be
/// false for it to be compiled. `#ifdef X` is `defined(X)`, `#ifndef X` is `!defined(X)`.
public struct ConditionalBranch: Sendable, Equatable, Codable {
    public var start: Int
    public var end: Int
    public var own: String?
    public var previous: [String]

    public init(start: Int, end: Int, own: String?, previous: [String]) {
        self.start = start
        self.end = end
        self.own = own
        self.previous = previous
    }
}

/// A `// fleetscan:ignore a, b` or `// fleetscan:ignore-file a` comment.
public struct SuppressionComment: Sendable, Equatable {
    /// Offset of the comment's first byte.
    public var offset: Int
    /// The rule ids it names, in order.
    public var ruleIDs: [String]
    /// `ignore-file` rather than `ignore`.
    public var wholeFile: Bool
}

/// Something the lexer could not make sense of; the file is still lexed to its end.
public struct LexProblem: Sendable, Equatable {
    public enum Kind: String, Sendable {
        case unterminatedBlockComment = "unterminated block comment"
        case unterminatedString = "unterminated string literal"
        case unterminatedConditional = "#if without #endif"
    }
    public var offset: Int
    public var kind: Kind
}

/// Lexes source bytes as the given language.
public enum Lexer {
    public static func lex(_ buffer: SourceBuffer, language: Language) -> LexedFile {
        var scanner = ByteScanner(buffer: buffer)
        switch language {
        case .swift: scanner.lexSwift()
        case .objectiveC: scanner.lexObjC()
        }
        scanner.finish()
        return LexedFile(buffer: buffer, language: language, tokens: scanner.tokens,
                         suppressions: scanner.suppressions, problems: scanner.problems, branches: scanner.branches,
                         defines: scanner.defines)
    }
}

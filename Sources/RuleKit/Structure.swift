// RuleKit exists so that rules are small: it says what a rule, an example and a finding
// are, and gives every rule the structure of its file (which type, which function, which
// closure a token is in) without each rule re-deriving it.
import SourceLexing

/// A brace-delimited (or `@implementation … @end`) region and what it is.
public struct Scope: Sendable {
    public enum Kind: UInt8, Sendable {
        /// Class, struct, enum, extension, protocol, actor; `@interface`, `@implementation`, `@protocol`.
        case type
        /// A function, method, initializer, subscript or C function body.
        case function
        /// A computed property's body or a `get`/`set`/`willSet`/`didSet` block.
        case accessor
        /// A Swift closure or an Objective-C block.
        case closure
        /// `if`, `for`, `switch`, `guard … else`, `do`, compound statements.
        case control
        /// Anything else: C struct bodies, initializer lists, ivar blocks.
        case other
    }

    public var kind: Kind
    /// Token that opens the scope (`{`, or `@interface`/`@implementation`/`@protocol`).
    public var open: Int
    /// Token that closes it (`}` or `@end`), or the token count when it never closes.
    public var close: Int
    /// Enclosing scope, or -1 at file scope.
    public var parent: Int
    /// First token of the declaration that owns the scope (`func`, `-`, `class`, `static`…).
    public var declarationStart: Int
    /// Type name (the extended type for extensions and categories), function base name,
    /// Objective-C selector, or property name.
    public var name: String
    /// Swift argument labels (`_` for none) or Objective-C selector parts.
    public var labels: [String]
    /// Names of parameters, visible as locals in the body.
    public var parameterNames: [String]
    /// `static`/`class` members and Objective-C `+` methods.
    public var isStatic: Bool
    /// For types: declared superclass and protocols, in order.
    public var inherits: [String]
    /// For types: what declared it.
    public var typeKind: TypeKind?

    /// Whether token `i` is inside the braces (exclusive of the delimiters).
    @inline(__always) public func contains(_ i: Int) -> Bool { i > open && i < close }
}

/// The kind of a type declaration.
public enum TypeKind: String, Sendable, Codable {
    case swiftClass, swiftStruct, swiftEnum, swiftActor, swiftProtocol, swiftExtension
    case objcInterface, objcCategory, objcImplementation, objcProtocol

    /// Whether this declaration adds to a type declared elsewhere (extension, category, implementation).
    public var extendsExisting: Bool { self == .swiftExtension || self == .objcCategory || self == .objcImplementation }
}

/// Bracket pairs and scopes of one lexed file.
public struct FileStructure: Sendable {
    /// For each `(` `[` `{` its closer and vice versa; -1 when unmatched or not a bracket.
    public let pair: [Int32]
    public let scopes: [Scope]
    /// Innermost scope of each token (-1: file scope). A scope's delimiters belong to its parent.
    public let scopeOf: [Int32]

    public init(_ file: LexedFile) {
        let pair = Self.matchBrackets(file.tokens)
        self.pair = pair
        var builder = ScopeBuilder(file: file, pair: pair)
        builder.run()
        scopes = builder.scopes
        scopeOf = builder.scopeOf
    }

    /// Matches brackets with a stack; a `#define` body is matched on its own so that a
    /// macro like `#define BEGIN {` cannot unbalance the file.
    static func matchBrackets(_ tokens: [Token]) -> [Int32] {
        var pair = [Int32](repeating: -1, count: tokens.count)
        var stack: [Int32] = []
        var directiveBase: Int? = nil
        for (k, t) in tokens.enumerated() {
            switch t.kind {
            case .directive:
                directiveBase = stack.count
            case .directiveEnd:
                if let base = directiveBase { stack.removeSubrange(base...) }
                directiveBase = nil
            case .punct where t.length == 1:
                let c = UInt8(truncatingIfNeeded: t.code)
                switch c {
                case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                    stack.append(Int32(k))
                case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                    let want: UInt8 = c == UInt8(ascii: ")") ? UInt8(ascii: "(") : c == UInt8(ascii: "]") ? UInt8(ascii: "[") : UInt8(ascii: "{")
                    let floor = directiveBase ?? 0
                    // Find the nearest opener of the same kind; drop unclosed ones above it.
                    var s = stack.count - 1
                    while s >= floor, UInt8(truncatingIfNeeded: tokens[Int(stack[s])].code) != want { s -= 1 }
                    // A `}` never closes across an open `(`/`[` that it does not match unless
                    // that is the only way to balance; a `)` never closes across a `{`.
                    if s >= floor {
                        if c != UInt8(ascii: "}") {
                            var crossesBrace = false
                            for q in (s + 1)..<stack.count where UInt8(truncatingIfNeeded: tokens[Int(stack[q])].code) == UInt8(ascii: "{") { crossesBrace = true }
                            if crossesBrace { continue }
                        }
                        let o = Int(stack[s])
                        pair[o] = Int32(k)
                        pair[k] = Int32(o)
                        stack.removeSubrange(s...)
                    }
                default:
                    break
                }
            default:
                break
            }
        }
        return pair
    }
}

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

/// The scopes of one lexed file, in the order they open.
public struct FileStructure: Sendable {
    public let scopes: [Scope]

    public init(_ file: LexedFile) {
        var builder = ScopeBuilder(file: file)
        builder.run()
        scopes = builder.scopes
    }

    /// The innermost scope containing token `i` (a scope's delimiters belong to its parent),
    /// or -1 at file scope: the last scope opened before `i`, then up its parents.
    public func scopeIndex(of i: Int) -> Int {
        var lo = 0, hi = scopes.count - 1, found = -1
        while lo <= hi {
            let mid = (lo + hi) / 2
            if scopes[mid].open < i { found = mid; lo = mid + 1 } else { hi = mid - 1 }
        }
        var s = found
        while s >= 0, !(scopes[s].open < i && i < scopes[s].close) { s = scopes[s].parent }
        return s
    }
}

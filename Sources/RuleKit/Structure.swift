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
    /// A file-scope `typealias Name = Type`: the name stands for that type, whose ancestry it has
    /// (Provenance's `PVEmulatorViewControllerRootClass`, a `UIViewController` under `#if`).
    case swiftTypealias

    /// Whether this declaration adds to a type declared elsewhere (extension, category, implementation).
    public var extendsExisting: Bool { self == .swiftExtension || self == .objcCategory || self == .objcImplementation }
}

/// The scopes of one lexed file, in the order they open.
public struct FileStructure: Sendable {
    public let scopes: [Scope]
    /// The innermost scope of every token (-1 at file scope), found in one pass: asking for it
    /// walks no parents, however deep the nesting (20,000 nested `func f() {` would otherwise
    /// cost each closing token a walk up every scope still open).
    private let innermost: [Int32]
    /// For each scope, the nearest type scope around it (-1 when none).
    private let typeAround: [Int32]

    public init(_ file: LexedFile) {
        var builder = ScopeBuilder(file: file)
        builder.run()
        scopes = builder.scopes
        innermost = Self.innermostScopes(scopes, tokenCount: file.tokens.count)
        var around = [Int32](repeating: -1, count: scopes.count)
        for (s, scope) in scopes.enumerated() where scope.parent >= 0 {
            around[s] = scopes[scope.parent].kind == .type ? Int32(scope.parent) : around[scope.parent]
        }
        typeAround = around
    }

    /// Token by token with a stack of the open scopes: a scope holds the tokens strictly between
    /// its delimiters, and scopes nest (a scope closes before its parent does).
    static func innermostScopes(_ scopes: [Scope], tokenCount: Int) -> [Int32] {
        var out = [Int32](repeating: -1, count: tokenCount)
        // The delimiters alone, so the walk over every token never touches a whole Scope.
        let opens = scopes.map(\.open), closes = scopes.map(\.close)
        var stack: [Int] = []
        var next = 0
        for i in 0..<tokenCount {
            while let top = stack.last, closes[top] <= i { stack.removeLast() }
            out[i] = Int32(stack.last ?? -1)
            while next < opens.count, opens[next] <= i {
                // Opened at this token: it holds the tokens after it. (A scope whose close came
                // before its own open holds none and is never pushed.)
                if closes[next] > i { stack.append(next) }
                next += 1
            }
        }
        return out
    }

    /// The innermost scope containing token `i` (a scope's delimiters belong to its parent),
    /// or -1 at file scope.
    @inline(__always) public func scopeIndex(of i: Int) -> Int {
        i >= 0 && i < innermost.count ? Int(innermost[i]) : -1
    }

    /// The nearest type scope containing scope `s` (not `s` itself), or -1.
    @inline(__always) public func typeScope(around s: Int) -> Int { s >= 0 ? Int(typeAround[s]) : -1 }
}

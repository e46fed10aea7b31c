import SourceLexing

/// One forward pass that decides what each `{` opens. A declaration keyword (`func`, `class`,
/// `if`…) leaves a pending note at its bracket depth; the next `{` at that depth takes it.
/// A `{` with no note is a closure in Swift and a block, control block or C function body
/// in Objective-C, judged by what precedes it.
struct ScopeBuilder {
    let file: LexedFile
    let t: [Token]
    let swift: Bool
    var scopes: [Scope] = []

    /// What a declaration keyword announced; names stay token indexes until a `{` opens the
    /// body, so declarations without one (protocol requirements, stored properties) cost nothing.
    enum Pending {
        case type(nameToken: Int, kind: TypeKind, start: Int)
        case function(nameToken: Int, isStatic: Bool, start: Int)
        case objcMethod(name: String, labels: [String], parameters: [String], isStatic: Bool, start: Int)
        case property(nameToken: Int, isVar: Bool, isStatic: Bool, start: Int)
        case control
    }

    /// An open bracket (or `@implementation`) and the scope it opened, if any.
    struct Level {
        var open: Int
        var scope: Int
        /// The innermost scope at this level: this level's own, or the enclosing one.
        var current: Int
        var pending: Pending?
        var isAtScope: Bool
    }

    var levels: [Level] = [Level(open: -1, scope: -1, current: -1, pending: nil, isAtScope: false)]

    init(file: LexedFile) {
        self.file = file
        self.t = file.tokens
        self.swift = file.language == .swift
    }

    @inline(__always) func pair(_ k: Int) -> Int { k >= 0 && k < t.count ? t[k].pair : -1 }

    @inline(__always) var currentScope: Int { levels[levels.count - 1].current }

    func text(_ k: Int) -> String { k >= 0 && k < t.count ? file.text(k) : "" }
    @inline(__always) func word(_ k: Int) -> Word { k >= 0 && k < t.count ? t[k].word : .none }
    @inline(__always) func isPunct(_ k: Int, _ c: Unicode.Scalar) -> Bool { k >= 0 && k < t.count && t[k].isPunct(UInt8(c.value)) }

    mutating func run() {
        var k = 0
        while k < t.count {
            let tok = t[k]
            switch tok.kind {
            case .punct where tok.length == 1:
                switch UInt8(truncatingIfNeeded: tok.code) {
                case UInt8(ascii: "{"):
                    openBrace(k)
                case UInt8(ascii: "("), UInt8(ascii: "["):
                    levels.append(Level(open: k, scope: -1, current: currentScope, pending: nil, isAtScope: false))
                case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                    close(k)
                case UInt8(ascii: ";"):
                    // `- (void)commonInit;` then `{`: a definition may keep its declaration's semicolon.
                    if case .objcMethod? = levels[levels.count - 1].pending, k + 1 < t.count, t[k + 1].isPunct("{") { break }
                    levels[levels.count - 1].pending = nil
                case UInt8(ascii: "-"), UInt8(ascii: "+"):
                    if !swift, tok.isLineStart, let top = levels.last, top.isAtScope { objcMethod(k) }
                default:
                    break
                }
            case .identifier where swift:
                swiftKeyword(k)
            case .atWord where !swift:
                objcAtWord(k)
            default:
                break
            }
            k += 1
        }
        // Scopes that never close end at the end of the file.
        for level in levels.reversed() where level.scope >= 0 && scopes[level.scope].close < 0 {
            scopes[level.scope].close = t.count
        }
    }

    // MARK: Opening and closing

    mutating func push(_ scope: Scope, at k: Int, isAtScope: Bool = false) {
        var s = scope
        s.parent = currentScope
        scopes.append(s)
        levels.append(Level(open: k, scope: scopes.count - 1, current: scopes.count - 1, pending: nil, isAtScope: isAtScope))
    }

    mutating func close(_ k: Int) {
        let o = Int(pair(k))
        guard o >= 0 else { return }
        while let level = levels.last, levels.count > 1 {
            levels.removeLast()
            if level.scope >= 0 { scopes[level.scope].close = k }
            if level.open == o { break }
        }
    }

    mutating func openBrace(_ k: Int) {
        let pending = levels[levels.count - 1].pending
        levels[levels.count - 1].pending = nil
        var scope = Scope(kind: .other, open: k, close: -1, parent: -1, declarationStart: k, name: "", labels: [],
                          parameterNames: [], isStatic: false, inherits: [], typeKind: nil)
        switch pending {
        case let .type(nameToken, kind, start)?:
            let (name, inherits) = swiftTypeHeader(nameToken)
            scope.kind = .type
            scope.name = name
            scope.inherits = inherits
            scope.typeKind = kind
            scope.declarationStart = start
        case let .function(nameToken, isStatic, start)?:
            let (labels, parameters) = swiftParameters(after: nameToken)
            scope.kind = .function
            scope.name = text(nameToken)
            scope.labels = labels
            scope.parameterNames = parameters
            scope.isStatic = isStatic
            scope.declarationStart = start
        case let .objcMethod(name, labels, parameters, isStatic, start)?:
            scope.kind = .function
            scope.name = name
            scope.labels = labels
            scope.parameterNames = parameters
            scope.isStatic = isStatic
            scope.declarationStart = start
        case let .property(nameToken, isVar, isStatic, start)?:
            // `var x: T {` is a computed property; `var x = 0 {` has observers; `let x = f {` a closure.
            let assigned = (nameToken + 1..<k).contains { t[$0].isPunct("=") }
            if isVar, !assigned || isObserverBlock(k) {
                scope.kind = .accessor
                scope.name = text(nameToken)
                scope.isStatic = isStatic
                scope.declarationStart = start
            } else {
                scope.kind = .closure
            }
        case .control?:
            scope.kind = .control
        case nil:
            classifyBareBrace(k, &scope)
        }
        push(scope, at: k)
    }

    /// `var x: Int = 0 { didSet { … } }`
    func isObserverBlock(_ k: Int) -> Bool {
        let w = word(k + 1)
        return w == .willSet || w == .didSet
    }

    /// A `{` that no declaration announced.
    mutating func classifyBareBrace(_ k: Int, _ scope: inout Scope) {
        let prev = k - 1
        let enclosing = currentScope >= 0 ? scopes[currentScope] : nil
        if swift {
            // `get {`, `set(newValue) {`, `didSet {` inside a property body.
            var accessorWord = word(prev)
            if isPunct(prev, ")"), pair(prev) >= 0 { accessorWord = word(Int(pair(prev)) - 1) }
            if [.get, .set, .willSet, .didSet].contains(accessorWord), let e = enclosing, e.kind == .accessor {
                scope.kind = .accessor
                scope.name = e.name
                scope.isStatic = e.isStatic
                scope.declarationStart = e.declarationStart
                return
            }
            scope.kind = .closure
            return
        }
        if isPunct(prev, "^") { scope.kind = .closure; return }
        if isPunct(prev, "=") { scope.kind = .other; return }
        let before = word(prev)
        if before == .else || before == .do || (t.indices.contains(prev) && t[prev].kind == .atWord
            && [.try, .finally, .autoreleasepool].contains(t[prev].word)) {
            scope.kind = .control
            return
        }
        if isPunct(prev, ")"), pair(prev) >= 0 {
            let o = Int(pair(prev))
            let head = o - 1
            // `^(id x) {`, `^BOOL (id x) {`, `^NSString *(id x) {`
            var q = head
            while q >= 0, q >= o - 4 {
                if isPunct(q, "^") { scope.kind = .closure; return }
                if isPunct(q, ",") || isPunct(q, "(") || isPunct(q, ":") || isPunct(q, "=") || isPunct(q, ";") { break }
                q -= 1
            }
            let hw = word(head)
            if [.if, .for, .while, .switch].contains(hw) || (head >= 0 && t[head].kind == .atWord && [.synchronized, .catch].contains(t[head].word)) {
                scope.kind = .control
                return
            }
            let insideCode = enclosing.map { $0.kind != .type && $0.kind != .other } ?? false
            if !insideCode, head >= 0, t[head].kind == .identifier, t[head].word != .sizeof {
                let name = text(head)
                if !name.hasPrefix("NS_"), word(head - 1) != .typedef {
                    scope.kind = .function
                    scope.name = name
                    scope.declarationStart = cDeclarationStart(head)
                    scope.parameterNames = cParameterNames(o)
                    return
                }
            }
        }
        if let e = enclosing, e.kind != .type, e.kind != .other { scope.kind = .control; return }
        scope.kind = .other
    }

    /// The first token of a C declaration ending at `name`: back to the previous `;`, `}` or line start.
    func cDeclarationStart(_ name: Int) -> Int {
        var q = name
        while q > 0 {
            let p = t[q - 1]
            if p.isPunct(";") || p.isPunct("}") || p.isPunct("{") || p.kind == .directiveEnd { break }
            if t[q].isLineStart { break }
            q -= 1
        }
        return q
    }

    /// Parameter names of a C function: the last identifier of each comma-separated part.
    func cParameterNames(_ open: Int) -> [String] {
        let close = Int(pair(open))
        guard close > open else { return [] }
        var names: [String] = []
        var last: Int? = nil
        var q = open + 1
        while q < close {
            if t[q].kind == .identifier { last = q }
            if isPunct(q, "("), pair(q) > q { q = Int(pair(q)) }
            if isPunct(q, ",") || q == close - 1 {
                if let l = last, t[l].word != .void { names.append(text(l)) }
                last = nil
            }
            q += 1
        }
        return names
    }

    // MARK: Swift declarations

    mutating func swiftKeyword(_ k: Int) {
        let w = t[k].word
        guard w != .none, !isPunct(k - 1, ".") else { return }
        let depth = levels.count - 1
        switch w {
        case .class, .struct, .enum, .protocol, .actor, .extension:
            // `class func`, `class var`: a modifier, not a declaration.
            guard k + 1 < t.count, t[k + 1].kind == .identifier, isTypeName(k + 1) else { return }
            if w == .actor, !(isPunct(k + 2, "{") || isPunct(k + 2, ":") || isPunct(k + 2, "<")) { return }
            let kind: TypeKind = switch w {
            case .class: .swiftClass
            case .struct: .swiftStruct
            case .enum: .swiftEnum
            case .protocol: .swiftProtocol
            case .actor: .swiftActor
            default: .swiftExtension
            }
            levels[depth].pending = .type(nameToken: k + 1, kind: kind, start: modifiersStart(k))
        case .func, .`init`, .deinit, .subscript:
            let nameToken = w == .func && k + 1 < t.count ? k + 1 : k
            let start = modifiersStart(k)
            levels[depth].pending = .function(nameToken: nameToken, isStatic: hasStaticModifier(from: start, to: k), start: start)
        case .var, .let:
            guard k + 1 < t.count, t[k + 1].kind == .identifier else { return }
            // `if let x {`, `while let x = next() {`, `guard let x = y else {`: a binding in a
            // condition, whose `{` opens the statement's block, not a property's.
            if case .control? = levels[depth].pending { return }
            let start = modifiersStart(k)
            levels[depth].pending = .property(nameToken: k + 1, isVar: w == .var, isStatic: hasStaticModifier(from: start, to: k), start: start)
        case .if, .guard, .while, .for, .switch, .repeat, .do, .catch, .else, .defer:
            levels[depth].pending = .control
        default:
            break
        }
    }

    /// Whether the identifier after `class`/`struct`… names a type rather than a keyword.
    func isTypeName(_ k: Int) -> Bool {
        // Known UIKit names are types too (`extension UIScreen`); Swift keywords are not.
        return !t[k].word.isSwiftKeyword
    }

    /// Name and inheritance clause of a type header starting at the name token.
    func swiftTypeHeader(_ nameAt: Int) -> (String, [String]) {
        var q = nameAt
        var name = text(q)
        // `extension UIKit.UIView`: the last component names the type.
        while isPunct(q + 1, "."), q + 2 < t.count, t[q + 2].kind == .identifier { q += 2; name = text(q) }
        q += 1
        if isPunct(q, "<") { q = skipAngles(q) }
        var inherits: [String] = []
        guard isPunct(q, ":") else { return (name, inherits) }
        q += 1
        var current: String? = nil
        while q < t.count {
            let tok = t[q]
            if tok.isPunct("{") || tok.word == .where { break }
            if tok.isPunct(",") || tok.isPunct("&") {
                if let c = current { inherits.append(c) }
                current = nil
            } else if tok.kind == .identifier {
                current = text(q)
            } else if tok.isPunct("<") {
                if let c = current { inherits.append(c) }
                current = nil
                q = skipAngles(q)
                continue
            }
            q += 1
        }
        if let c = current { inherits.append(c) }
        return (name, inherits)
    }

    /// Index after the `>` matching the `<` at `q`.
    func skipAngles(_ q: Int) -> Int {
        var depth = 0
        var k = q
        while k < t.count {
            let tok = t[k]
            if tok.kind == .punct {
                let a = UInt8(truncatingIfNeeded: tok.code)
                if tok.length == 1, a == UInt8(ascii: "<") { depth += 1 }
                if a == UInt8(ascii: ">") { depth -= Int(tok.length) }  // `>>` closes two
                if tok.isPunct("{") || tok.isPunct(";") { return k }
            }
            k += 1
            if depth <= 0 { return k }
        }
        return k
    }

    /// Labels and parameter names of the parameter list following token `k` (after generics).
    func swiftParameters(after k: Int) -> ([String], [String]) {
        var q = k + 1
        if isPunct(q, "?") || isPunct(q, "!") { q += 1 }  // init?(
        if isPunct(q, "<") { q = skipAngles(q) }
        guard isPunct(q, "("), pair(q) > q else { return ([], []) }
        let close = Int(pair(q))
        var labels: [String] = [], names: [String] = []
        var segment: [Int] = []
        var r = q + 1
        func flush() {
            // `label name: T`, `name: T`, `_ name: T`; attributes and `inout` already dropped.
            let idents = segment.filter { t[$0].kind == .identifier || t[$0].isPunct("_") }
            if let first = idents.first {
                let label = text(first)
                labels.append(label)
                names.append(idents.count > 1 ? text(idents[1]) : label)
            }
            segment.removeAll()
        }
        var beforeColon = true
        while r < close {
            let tok = t[r]
            if tok.isPunct("(") || tok.isPunct("[") || tok.isPunct("{"), pair(r) > r {
                r = Int(pair(r)) + 1
                continue
            }
            if tok.isPunct(",") { flush(); beforeColon = true; r += 1; continue }
            if tok.isPunct(":") { beforeColon = false }
            if beforeColon, tok.kind == .identifier || tok.isPunct("_") { segment.append(r) }
            r += 1
        }
        flush()
        return (labels, names)
    }

    static let swiftModifiers: Set<Word> = [.static, .class, .private, .fileprivate, .internal, .public, .open, .final,
                                            .override, .lazy, .weak, .unowned, .mutating, .convenience, .required,
                                            .dynamic, .optional, .indirect, .nonisolated, .package]

    /// The first token of the modifiers and attributes before the keyword at `k`.
    func modifiersStart(_ k: Int) -> Int {
        var q = k
        while q > 0 {
            let p = t[q - 1]
            if p.kind == .identifier, Self.swiftModifiers.contains(p.word) { q -= 1; continue }
            if p.kind == .atWord { q -= 1; continue }
            // `private(set)`, `@available(iOS 17, *)`
            if p.isPunct(")"), pair(q - 1) >= 0 {
                let o = Int(pair(q - 1))
                if o > 0, t[o - 1].kind == .atWord || Self.swiftModifiers.contains(t[o - 1].word) { q = o; continue }
            }
            break
        }
        return q
    }

    func hasStaticModifier(from start: Int, to k: Int) -> Bool {
        guard start < k else { return false }
        for q in start..<k where t[q].kind == .identifier && (t[q].word == .static || t[q].word == .class) { return true }
        return false
    }

    // MARK: Objective-C declarations

    mutating func objcAtWord(_ k: Int) {
        switch t[k].word {
        case .interface, .implementation, .protocol:
            guard k + 1 < t.count, t[k + 1].kind == .identifier else { return }
            if t[k].word == .protocol {
                // `@protocol(Name)` is an expression; `@protocol Name;` a forward declaration.
                var q = k + 2
                if isPunct(q, "<") { q = skipAngles(q) }
                if isPunct(q, ";") || isPunct(q, ",") { return }
            }
            let name = text(k + 1)
            var inherits: [String] = []
            var kind: TypeKind = t[k].word == .interface ? .objcInterface : t[k].word == .implementation ? .objcImplementation : .objcProtocol
            var q = k + 2
            // Generic parameters before the superclass (`@interface ASDKViewController<__covariant
            // DisplayNodeType : ASDisplayNode *> : UIViewController`); a list with no `:` after it
            // is the protocols.
            if isPunct(q, "<") {
                let after = skipAngles(q)
                if isPunct(after, ":") { q = after }
            }
            if isPunct(q, ":"), q + 1 < t.count, t[q + 1].kind == .identifier {
                inherits.append(text(q + 1))
                q += 2
            }
            if isPunct(q, "("), pair(q) > q {
                if kind == .objcInterface { kind = .objcCategory }
                q = Int(pair(q)) + 1
            }
            if isPunct(q, "<") {
                q += 1
                while q < t.count, !isPunct(q, ">") {
                    if t[q].kind == .identifier { inherits.append(text(q)) }
                    q += 1
                }
            }
            // An `@implementation` or `@interface` is never nested: close any left open.
            while levels.count > 1 {
                let level = levels.removeLast()
                if level.scope >= 0, scopes[level.scope].close < 0 { scopes[level.scope].close = k }
            }
            push(Scope(kind: .type, open: k, close: -1, parent: -1, declarationStart: k, name: name, labels: [],
                       parameterNames: [], isStatic: false, inherits: inherits, typeKind: kind), at: k, isAtScope: true)
        case .end:
            guard let index = levels.lastIndex(where: { $0.isAtScope }) else { return }
            while levels.count > index {
                let level = levels.removeLast()
                if level.scope >= 0, scopes[level.scope].close < 0 { scopes[level.scope].close = k }
            }
        default:
            break
        }
    }

    /// `- (void)viewWillTransitionToSize:(CGSize)size withTransitionCoordinator:(id)c {`
    mutating func objcMethod(_ k: Int) {
        var q = k + 1
        if isPunct(q, "("), pair(q) > q { q = Int(pair(q)) + 1 }
        var parts: [String] = [], names: [String] = []
        var selector = ""
        while q < t.count, t[q].kind == .identifier {
            let part = text(q)
            q += 1
            if isPunct(q, ":") {
                q += 1
                parts.append(part)
                selector += part + ":"
                if isPunct(q, "("), pair(q) > q { q = Int(pair(q)) + 1 }
                if q < t.count, t[q].kind == .identifier { names.append(text(q)); q += 1 }
            } else {
                if parts.isEmpty { parts.append(part); selector = part }
                break
            }
        }
        guard !selector.isEmpty else { return }
        levels[levels.count - 1].pending = .objcMethod(name: selector, labels: parts, parameters: names,
                                                       isStatic: t[k].isPunct("+"), start: k)
    }
}

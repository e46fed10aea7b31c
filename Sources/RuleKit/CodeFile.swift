import SourceLexing

/// One lexed file with its structure: what every rule reads.
public final class CodeFile {
    /// Path relative to the scanned root, `/`-separated.
    public let path: String
    public let lexed: LexedFile
    public let structure: FileStructure
    /// The tokens (a copy of `lexed.tokens`, for short access).
    public let tokens: [Token]
    public var language: Language { lexed.language }
    public var buffer: SourceBuffer { lexed.buffer }
    public private(set) lazy var lines = LineTable(lexed.buffer)
    /// When each instance member runs (built on first use: only files with findings in members ask).
    private(set) lazy var memberTimings = MemberTimings(self)
    /// Every `guard` reading a window in its condition (`CodeFile.guardsWindow`).
    private(set) lazy var windowGuards = CodeFile.windowGuards(in: self)
    /// Every `guard #available(iOS N, *) else { … }` of the file: the scope it is in, the
    /// `}` closing its else block, the version (`Availability.guaranteed`).
    private(set) lazy var availabilityGuards = Availability.guards(in: self)
    /// `guard … majorVersion < 13 else {` statements: what follows runs only below the version.
    private(set) lazy var versionCeilingGuards = Availability.ceilingGuards(in: self)
    /// Where the file reads `displayScale`, in order (`Expr.isZeroScaleFallback` asks, for each
    /// screen-scale site, whether one comes before it in its body: a scan of the body per site
    /// was quadratic on a line of thousands of sites).
    public private(set) lazy var displayScaleTokens: [Int] = tokens.indices.filter { tokens[$0].is(.displayScale) }
    /// The method names the file's `#selector(…)` and `@selector(…)` name (`SizeSources.isSelectorTarget`):
    /// the last name of a dotted path, or the name before its labels (`#selector(Factory.rotated)`,
    /// `#selector(pan(_:))`, `@selector(pan:)`). Found once per file: findings ask per finding.
    private(set) lazy var selectorNames: Set<String> = {
        var names: Set<String> = []
        var q = 0
        while q + 1 < tokens.count {
            let t = tokens[q]
            if t.kind == .hashWord || t.kind == .atWord, t.word == .selector, isPunct(q + 1, "("), pair(q + 1) > q + 1 {
                let close = pair(q + 1)
                for r in (q + 2)..<close where tokens[r].kind == .identifier && !isPunct(r + 1, ".") {
                    if language == .swift || isPunct(r + 1, ":") || r + 1 == close { names.insert(text(r)) }
                }
                q = close
            }
            q += 1
        }
        return names
    }()
    /// The types (by their scope's `open`) that present themselves: `….present(self, …)`,
    /// `[… presentViewController:self …]` (`SharedWindowsRule.presentsItself`). Found once per file.
    public private(set) lazy var selfPresentingTypes: Set<Int> = {
        var out: Set<Int> = []
        for q in tokens.indices where tokens[q].kind == .identifier && q + 3 < tokens.count {
            let name = text(q)
            let presents = language == .swift ? name == "present" && isPunct(q + 1, "(") && text(q + 2) == "self" && isPunct(q + 3, ",")
                : name == "presentViewController" && isPunct(q + 1, ":") && text(q + 2) == "self"
            if presents, let type = enclosingType(of: q) { out.insert(type.open) }
        }
        return out
    }()
    /// Whether the file names `UIViewControllerContextTransitioning` at all (`SizeSources.transitionContextLocal`).
    private(set) lazy var mentionsTransitionContext: Bool = tokens.indices.contains { tokens[$0].kind == .identifier && text($0) == "UIViewControllerContextTransitioning" }
    /// Whether the file drives an app from outside, as UI tests do (`XCUIApplication`,
    /// `XCUIDevice`): its code has no views, and what it chooses by device is the test's scenario.
    /// (Read on the tokens' bytes: a String per identifier of every file asked made it a
    /// tenth of some rules' cost.)
    public private(set) lazy var isUITest: Bool = {
        let p = buffer.base
        return tokens.contains { t in
            let s = Int(t.start)
            return t.kind == .identifier && t.length >= 4 && p[s] == UInt8(ascii: "X") && p[s + 1] == UInt8(ascii: "C")
                && p[s + 2] == UInt8(ascii: "U") && p[s + 3] == UInt8(ascii: "I")
        }
    }()

    public init(path: String, lexed: LexedFile) {
        self.path = path
        self.lexed = lexed
        self.tokens = lexed.tokens
        self.structure = FileStructure(lexed)
    }

    /// A token that matches nothing, returned for indexes out of range.
    public static let nothing = Token(start: 0, length: 0, kind: .directiveEnd)

    /// Token `i`, or `nothing` when out of range.
    @inline(__always) public subscript(i: Int) -> Token {
        i >= 0 && i < tokens.count ? tokens[i] : Self.nothing
    }

    /// The text of token `i`.
    public func text(_ i: Int) -> String { i >= 0 && i < tokens.count ? lexed.text(i) : "" }

    /// The source text from the start of token `a` to the end of token `b`, on one line.
    public func text(from a: Int, through b: Int) -> String {
        guard a >= 0, b < tokens.count, a <= b else { return "" }
        let raw = buffer.text(Int(tokens[a].start)..<tokens[b].end)
        return raw.split(whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\t" || $0 == " " })
            .joined(separator: " ")
    }

    /// The bracket matching the one at `i`, or -1.
    @inline(__always) public func pair(_ i: Int) -> Int {
        i >= 0 && i < tokens.count ? tokens[i].pair : -1
    }

    @inline(__always) public func isPunct(_ i: Int, _ c: UInt8) -> Bool { self[i].isPunct(c) }
    /// Whether token `i` is the punctuation `c`: `f.isPunct(k, "(")`.
    @inline(__always) public func isPunct(_ i: Int, _ c: Unicode.Scalar) -> Bool { self[i].isPunct(UInt8(c.value)) }

    /// Whether token `i` is the identifier `w`.
    @inline(__always) public func `is`(_ i: Int, _ w: Word) -> Bool { self[i].is(w) }

    /// The index of the token that starts at byte `offset`, or of the last one before it.
    public func tokenIndex(at offset: Int) -> Int {
        var lo = 0, hi = tokens.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if Int(tokens[mid].start) <= offset { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// The line of token `i` (1-based).
    public func line(of i: Int) -> Int { lines.line(of: Int(self[i].start)) }

    // MARK: Scopes

    /// The innermost scope containing token `i`.
    public func scope(of i: Int) -> Scope? {
        guard i >= 0, i < tokens.count else { return nil }
        let s = structure.scopeIndex(of: i)
        return s >= 0 ? structure.scopes[s] : nil
    }

    /// Walks the scopes around `i`, innermost first.
    public func scopes(around i: Int) -> some Sequence<Scope> {
        var s = i >= 0 && i < tokens.count ? structure.scopeIndex(of: i) : -1
        let all = structure.scopes
        return AnyIterator {
            guard s >= 0 else { return nil }
            let scope = all[s]
            s = scope.parent
            return scope
        }
    }

    /// The type declaration (or extension, category, implementation) enclosing `i`.
    public func enclosingType(of i: Int) -> Scope? {
        guard i >= 0, i < tokens.count else { return nil }
        var s = structure.scopeIndex(of: i)
        if s >= 0, structure.scopes[s].kind != .type { s = structure.typeScope(around: s) }
        return s >= 0 ? structure.scopes[s] : nil
    }

    /// The type whose members the code in `type` is, for its context: the type itself, or for a
    /// protocol extension constrained `where Self: UIViewController` (PanModal's layout helpers),
    /// the class every `self` in it is.
    public func contextType(of type: Scope) -> String {
        guard language == .swift, type.typeKind == .swiftExtension else { return type.name }
        var q = type.declarationStart
        while q < type.open, q < tokens.count, self[q].word != .where { q += 1 }
        while q + 3 < type.open {
            if text(q + 1) == "Self", isPunct(q + 2, ":"), self[q + 3].kind == .identifier { return text(q + 3) }
            q += 1
        }
        return type.name
    }

    /// Whether `i` is in the block of an `if` whose condition is that the device is an Apple TV
    /// (`if UIDevice.isTV {`, `if idiom == .tv {`, `if (UI_USER_INTERFACE_IDIOM() == UIUserInterfaceIdiomTV) {`):
    /// code a multi-platform target compiles for iOS but runs only on tvOS (Swiftfin's player).
    public func runsOnlyOnTV(_ i: Int) -> Bool {
        for scope in scopes(around: i) where scope.kind == .control {
            guard let q = Availability.conditionStart(before: scope.open, in: self) else { continue }
            let condition = (q + 1)..<scope.open
            // Negated or joined with `||`, the block runs elsewhere too.
            guard !condition.contains(where: { isPunct($0, "!") || text($0) == "||" || text($0) == "!=" }) else { continue }
            if condition.contains(where: { t in
                let name = text(t)
                return name == "UIUserInterfaceIdiomTV" || name == "isTV" || name == "isTv" || name == "isAppleTV"
                    || name == "tv" && isPunct(t - 1, ".") && text(t - 2) == "=="
            }) { return true }
        }
        return false
    }

    /// Whether `i` is in a SwiftUI preview: a `#Preview { … }` body or a `PreviewProvider` type —
    /// code only Xcode's canvas runs (ExyteChat's reaction overview sized to the screen).
    public func runsOnlyInPreview(_ i: Int) -> Bool {
        guard language == .swift else { return false }
        for scope in scopes(around: i) {
            if scope.kind == .type, scope.inherits.contains("PreviewProvider") { return true }
            var q = scope.open - 1
            if isPunct(q, ")"), pair(q) >= 0, pair(q) < q { q = pair(q) - 1 }
            if self[q].kind == .hashWord, text(q) == "#Preview" { return true }
        }
        return false
    }

    /// The innermost function, accessor or closure body around `i`.
    public func innermostBody(of i: Int) -> Scope? {
        scopes(around: i).first { $0.kind == .function || $0.kind == .accessor || $0.kind == .closure }
    }

    /// The nearest named function or accessor around `i`, and whether a closure lies between.
    public func enclosingFunction(of i: Int) -> (scope: Scope, insideClosure: Bool)? {
        var closure = false
        for scope in scopes(around: i) {
            switch scope.kind {
            case .function, .accessor: return (scope, closure)
            case .closure: closure = true
            case .type: return nil
            default: break
            }
        }
        return nil
    }

    /// The method or accessor of a type whose declaration (`override func f(_ x: T) -> U`, `- (void)f:(T)x`)
    /// holds token `i`, before its body.
    public func memberDeclared(at i: Int) -> Scope? {
        let owner = structure.scopeIndex(of: i)
        guard owner >= 0, structure.scopes[owner].kind == .type else { return nil }
        return structure.scopes.first { ($0.kind == .function || $0.kind == .accessor) && $0.parent == owner && $0.declarationStart <= i && i < $0.open }
    }

    /// Whether token `i` is at file scope (outside every brace and `@implementation`).
    public func isFileScope(_ i: Int) -> Bool { scope(of: i) == nil }

    /// Whether `name` is declared as a local or parameter in the function around `i`, before `i`:
    /// a `let`/`var` (Swift), a parameter, or a C declaration `Type name =` (Objective-C).
    public func declaresLocal(_ name: String, before i: Int) -> Bool {
        var outer: Scope? = nil
        for scope in scopes(around: i) {
            if scope.kind == .type { break }
            if scope.parameterNames.contains(name) { return true }
            outer = scope
        }
        guard let outer else { return false }
        return (localDeclarations(in: outer)[identifierHash(name)] ?? []).contains { $0 < i && text($0) == name }
    }

    private var localDeclarationCache: [Int: [UInt32: [Int]]] = [:]

    /// Where each name is declared inside a function-level scope, by name hash; built once per
    /// scope, so a function with thousands of uses of a constant is read once, not once per use.
    private func localDeclarations(in scope: Scope) -> [UInt32: [Int]] {
        if let cached = localDeclarationCache[scope.open] { return cached }
        var found: [UInt32: [Int]] = [:]
        var k = scope.open + 1
        while k < min(scope.close, tokens.count) {
            let t = tokens[k]
            if t.kind == .identifier {
                let prev = self[k - 1]
                // `let x`, `var x`, `if let x`, `for x in`, closure parameters `{ x in`, C declarations.
                if prev.is(.let) || prev.is(.var) || self[k + 1].is(.in) || (language == .objectiveC && isCDeclarator(k)) {
                    found[t.hash, default: []].append(k)
                }
            }
            k += 1
        }
        localDeclarationCache[scope.open] = found
        return found
    }

    static let declarationQualifiers: Set<Word> = [.const, .static, .extern, .__strong, .__weak, .__block, .nullable, .nonnull, .unsigned, .long]

    /// Whether the identifier at `i` is the name a C declaration declares: `CGFloat x = …`,
    /// `UIView *v;`, `(CGFloat x)` in a parameter list, `for (NSInteger i = 0; …)`.
    public func isCDeclarator(_ i: Int) -> Bool {
        let next = self[i + 1]
        guard next.isPunct("=") || next.isPunct(";") || next.isPunct(",")
                || next.isPunct("[") || next.isPunct(")") else { return false }
        var q = i - 1
        while self[q].isPunct("*") || Self.declarationQualifiers.contains(self[q].word) && self[q].kind == .identifier { q -= 1 }
        let type = self[q]
        guard type.kind == .identifier, !type.word.isLanguageWord
                || [.id, .instancetype, .int, .float, .double, .long, .unsigned, .NSInteger, .NSUInteger, .CGFloat].contains(type.word)
        else { return false }
        // `>` closes a generic (`NSArray<NSString *> *list`).
        var p = q - 1
        while self[p].kind == .identifier, Self.declarationQualifiers.contains(self[p].word) { p -= 1 }
        let before = self[p]
        if p < 0 || type.isLineStart { return true }
        return before.isPunct(";") || before.isPunct("{") || before.isPunct("}")
            || before.isPunct("(") || before.kind == .directiveEnd
    }
}

import ProjectFiles
// What one file tells the rest of the repository: the types it declares and the names it
// defines that may be geometry aliases or bar-height constants. Facts hold no tokens, only
// what resolution needs, so a whole repository's facts stay small.
import RuleKit
import SourceLexing

/// A name used inside a definition's value, and how it is used there.
public struct ValueReference: Sendable, Equatable, Codable {
    public enum Role: UInt8, Sendable, Codable {
        /// The value is this name (in parentheses, casts, `MAX`…): it inherits dimension-ness.
        case whole
        /// The name is compared with a number: a device check if the name is a dimension.
        case compared
        case other
    }
    public var name: String
    /// `T` in `T.name` or `[T name]`.
    public var qualifier: String?
    public var role: Role
}

/// What a definition's value reads.
public struct ValueSummary: Sendable, Equatable, Codable {
    /// Direct reads of the main screen, by rule id.
    public var reads: Set<RuleID> = []
    /// A direct read compared with a number.
    public var deviceCheck = false
    /// The value is a direct screen dimension.
    public var dimension = false
    /// The first direct read, for messages.
    public var readText: String?
    /// The value reads an orientation too (`interfaceOrientation.isPortrait || idiom != .phone`).
    public var orientation = false
    /// The value is "a phone in landscape" (`isLandscape && idiom == .phone`, Material's
    /// `shouldStatusBarBeHidden`): a window short in height, the compact vertical size class.
    public var landscapePhone = false
    public var references: [ValueReference] = []
}

/// A definition that is a geometry alias if its value reads screen geometry, directly or
/// through other aliases (decided when the whole repository's facts are known).
public struct AliasCandidate: Sendable, Equatable, Codable {
    public var name: String
    public var kind: GeometryAlias.Kind
    public var owner: String?
    public var site: DefinitionSite
    public var languages: Set<Language>
    public var fileLocal: Bool
    /// Bytes whose reads the definition's own finding replaces.
    public var subsumed: Range<Int>
    public var value: ValueSummary
    /// A stored `var`: no alias when any file assigns it (RULES.md "Aliases": mutable globals
    /// assigned elsewhere are not aliases; their initial read is an ordinary read).
    public var mutable = false
}

/// A constant named like a bar height whose value is numbers (or other such constants).
public struct BarCandidate: Sendable, Equatable, Codable {
    public var name: String
    public var owner: String?
    public var site: DefinitionSite
    public var languages: Set<Language>
    public var fileLocal: Bool
    /// Names in the value that must be bar-height constants too.
    public var references: [String]
}

/// Everything one file contributes to the repository model.
public struct FileFacts: Sendable, Equatable, Codable {
    public var path: String
    public var types: [TypeDeclaration] = []
    public var aliases: [AliasCandidate] = []
    public var bars: [BarCandidate] = []
    /// Every type the file declares (classes under their Objective-C names too), and the
    /// members it adds to UIKit's types under UIKit's names (`UIApplication.keyWindow`), and its
    /// own functions named like a SwiftUI modifier whose iOS 17 form is checked (`environment`).
    public var typeNames: [String] = []
    /// SwiftUI `@main` App types.
    public var appEntries: [String] = []
    /// URL-handling and scene-connection methods, of any type.
    public var methods: [MethodFact] = []
    /// String literals passed as a scene configuration's name.
    public var sceneConfigurationNames: [NamedSite] = []
    /// Windows, window scenes and navigation controllers held statically or by singletons.
    public var windowState: [WindowStateCandidate] = []
    /// Types with a shared instance (`static let shared`, `+ (instancetype)sharedInstance`).
    public var singletons: [String] = []
    /// Names Swift code assigns to (`Screen.width = …`, `width += …`): stored `var` aliases of
    /// those names are no aliases.
    public var assignedNames: [String] = []
    /// Objective-C macros whose body is a condition (`#define SD_UIKIT (TARGET_OS_IOS || TARGET_OS_TV)`):
    /// `#if SD_UIKIT` in any file is evaluated through them.
    public var platformMacros: [PlatformMacro] = []
    /// Objective-C classes whose `@interface` here says `API_AVAILABLE(ios(N))`: their
    /// implementations, in whatever file, are that available.
    public var availableClasses: [ClassAvailability] = []

    public init(path: String) { self.path = path }

    /// Whether repository rules read anything of this file: app entries, URL or scene
    /// methods, scene configuration names, window state, singletons.
    public var hasProjectFacts: Bool {
        !appEntries.isEmpty || !methods.isEmpty || !sceneConfigurationNames.isEmpty || !windowState.isEmpty || !singletons.isEmpty
    }
}

/// `API_AVAILABLE(ios(13.0)) @interface SceneDelegate : UIResponder`: a class and its iOS version.
public struct ClassAvailability: Sendable, Equatable, Codable {
    public var name: String
    public var iOS: OSVersion
}

/// `#define NAME condition`, a macro `#if` can be evaluated through.
public struct PlatformMacro: Sendable, Equatable, Codable {
    public var name: String
    public var body: String
}

/// A name used at a place: `UISceneConfiguration(name: "Default", …)`.
public struct NamedSite: Sendable, Equatable, Codable {
    public var name: String
    public var site: DefinitionSite
    /// The type whose code it is in.
    public var owner: String?
    public var function: String?
    /// For a scene configuration made in code: the delegate class (or storyboard) the same
    /// function sets on it (`configuration.delegateClass = SceneDelegate.self`), which resolves
    /// the configuration of that name whatever the Info.plist names.
    public var resolvedBy: String? = nil
}

/// A method that matters to the scene life cycle: what an app delegate handles (links, user
/// activities, shortcut items, activation changes, state restoration) and where a scene
/// delegate handles it.
public struct MethodFact: Sendable, Equatable, Codable {
    public enum Kind: String, Sendable, Codable {
        /// `application(_:open:options:)` and its Objective-C spellings.
        case applicationOpenURL
        /// `application(_:continue:restorationHandler:)`
        case applicationContinueActivity
        /// `application(_:performActionFor:completionHandler:)`
        case applicationPerformShortcut
        /// `application(_:didFinishLaunchingWithOptions:)`
        case applicationDidFinishLaunching
        /// The activation callbacks scenes stop calling, and the scene delegate's for them.
        case applicationDidBecomeActive, applicationWillResignActive, applicationDidEnterBackground, applicationWillEnterForeground
        case sceneDidBecomeActive, sceneWillResignActive, sceneDidEnterBackground, sceneWillEnterForeground
        /// `application(_:shouldSaveSecureApplicationState:)` and the other state-restoration callbacks.
        case applicationStateRestoration
        /// `stateRestorationActivity(for:)`
        case sceneStateRestoration
        /// `scene(_:openURLContexts:)`
        case sceneOpenURL
        /// `scene(_:continue:)`
        case sceneContinueActivity
        /// `windowScene(_:performActionFor:completionHandler:)`
        case windowScenePerformShortcut
        /// `scene(_:willConnectTo:options:)`
        case sceneWillConnect
        /// The app delegate's `application(_:configurationForConnecting:options:)`, given the same
        /// connection options first (Anytype reads the cold launch's quick action there).
        case configurationForConnecting
        /// SwiftUI's `.onOpenURL { }` and `.onContinueUserActivity(_:perform:)`: a SwiftUI scene
        /// handles links and user activities itself, the app delegate's callbacks are not called.
        case swiftUIOpenURL, swiftUIContinueActivity

        /// The scene delegate's method that takes over an app delegate callback scenes stop calling.
        public var sceneCounterpart: Kind? {
            switch self {
            case .applicationDidBecomeActive: return .sceneDidBecomeActive
            case .applicationWillResignActive: return .sceneWillResignActive
            case .applicationDidEnterBackground: return .sceneDidEnterBackground
            case .applicationWillEnterForeground: return .sceneWillEnterForeground
            case .applicationStateRestoration: return .sceneStateRestoration
            default: return nil
            }
        }
    }
    public var kind: Kind
    public var typeName: String
    public var site: DefinitionSite
    /// For `willConnectTo` and `configurationForConnecting`: whether the body reads the connection
    /// options' URL contexts, user activities and shortcut item (what a cold launch brings).
    public var readsURLContexts = false
    public var readsUserActivities = false
    public var readsShortcutItem = false
    /// For a callback: its body is empty, only comments, or only calls super (Xcode's template stubs).
    public var isEmpty = false
    /// For `didFinishLaunching`: the launch options' keys it reads that scenes leave empty
    /// (`.url`, `UIApplicationLaunchOptionsURLKey`, …), where each is read.
    public var launchOptionReads: [NamedSite] = []
}

/// A property that may hold a window for the whole app.
public struct WindowStateCandidate: Sendable, Equatable, Codable {
    public var name: String
    /// The type that owns it; nil for a global.
    public var owner: String?
    /// `static`/`class`, global, or C file-scope storage (else an instance property, which
    /// matters when the owner is a singleton).
    public var isStatic: Bool
    /// `UIWindow`, `UIWindowScene` or `UINavigationController`.
    public var holds: String
    public var site: DefinitionSite
}

/// Finds the definitions of one file.
enum FactExtractor {
    /// Geometry-alias and bar-height candidates one file contributes at most: real files define
    /// dozens; a generated or hostile one defining 83,000 (`let v = UIScreen.main.bounds.width`
    /// on one 3 MB line) made its facts 25 times the file's size.
    static let maximumCandidates = 2_000

    /// The file's facts, and how many candidates past `maximumCandidates` were not kept.
    static func extract(_ f: CodeFile) -> (facts: FileFacts, dropped: Int) {
        var dropped = 0
        var facts = FileFacts(path: f.path)
        // Classes a subclass can override (not final): the members their initializers, awakeFromNib,
        // viewDidLoad… call by name, which run before the view is in a window (`earlyCalls`).
        let earlyCalls = Self.earlyCalls(f)
        for (s, scope) in f.structure.scopes.enumerated() where scope.kind == .type {
            guard let kind = scope.typeKind else { continue }
            // An Objective-C `@implementation` names no superclass, yet its early members matter to subclasses.
            let early = earlyCalls[s] ?? []
            guard mattersToContext(scope, kind, nested: scope.parent >= 0 && f.enclosingType(of: scope.declarationStart) != nil) || !early.isEmpty
            else { continue }
            facts.types.append(TypeDeclaration(name: scope.name, kind: kind, inherits: scope.inherits, path: f.path,
                                               offset: Int(f[scope.declarationStart].start), earlyMembers: early))
        }
        if f.language == .swift { facts.types += typealiases(f) }
        for scope in f.structure.scopes where scope.typeKind == .objcInterface || scope.typeKind == .objcCategory || scope.typeKind == .objcProtocol {
            if scope.typeKind == .objcInterface, let v = Availability.objcInterfaceVersion(scope, in: f) {
                facts.availableClasses.append(ClassAvailability(name: scope.name, iOS: v))
            }
            for (selector, v) in ObjCDeclarations.availableMembers(of: scope, in: f) {
                facts.availableClasses.append(ClassAvailability(name: scope.name + " " + selector, iOS: v))
            }
        }
        ProjectFacts.extract(f, into: &facts)
        if f.language == .swift { facts.assignedNames = assignedNames(f) }
        // The file's identifiers by hash, built the first time a constant's uses are asked for.
        var uses: [UInt32: [Int]]? = nil
        func identifierUses() -> [UInt32: [Int]] {
            if let uses { return uses }
            var built: [UInt32: [Int]] = [:]
            for k in f.tokens.indices where f[k].kind == .identifier { built[f[k].hash, default: []].append(k) }
            uses = built
            return built
        }
        var definitions: [Definition] = []
        if f.language == .objectiveC { objcDefinitions(f, &definitions) } else { swiftDefinitions(f, &definitions) }
        let numbers = Set(definitions.lazy.filter { $0.valueStart == $0.valueEnd && f[$0.valueStart].kind == .number }.map(\.name))
        for d in definitions {
            let site = DefinitionSite(path: f.path, line: f.line(of: d.nameToken), column: f.lines.location(of: Int(f[d.nameToken].start)).column,
                                      column16: f.lines.utf16Column(of: Int(f[d.nameToken].start), in: f.buffer),
                                      offset: Int(f[d.nameToken].start))
            let languages = visibility(d, in: f)
            let fileLocal = isFileLocal(d, in: f)
            if d.valueStart <= d.valueEnd {
                let summary = summarize(d.valueStart, d.valueEnd, in: f, numbers: numbers)
                if !summary.reads.isEmpty || !summary.references.isEmpty {
                    // A device check's definition is the one finding of the check: the reads it
                    // compares (on any line of its value) are that check, not findings of their own.
                    let subsumed = summary.deviceCheck ? Int(f[d.valueStart].start)..<f[d.valueEnd].end : d.subsumed
                    var candidate = AliasCandidate(name: d.name, kind: d.kind, owner: d.owner, site: site, languages: languages,
                                                   fileLocal: fileLocal, subsumed: subsumed, value: summary)
                    candidate.mutable = d.mutable
                    if facts.aliases.count < maximumCandidates { facts.aliases.append(candidate) } else { dropped += 1 }
                }
            }
            // Storage the file writes again is a cache of insets read elsewhere, not a constant
            // (Provenance's `static float g_safeInsetTop = 0.0;`, set from the view's safe area).
            if d.canBeBarConstant, BarNames.isBarHeightName(d.name),
               !(d.mutable && f.language == .objectiveC && Self.isAssigned(d.name, besides: d.nameToken, uses: identifierUses()[f[d.nameToken].hash] ?? [], in: f)),
               let references = BarNames.numericShape(d.valueStart, d.valueEnd, in: f),
               !(references.isEmpty && BarNames.isBarOnlyHeight(d.valueStart, d.valueEnd, in: f)
                   && BarNames.sizesOwnView(d.name, definedAt: d.nameToken, uses: identifierUses()[f[d.nameToken].hash] ?? [], in: f)) {
                if facts.bars.count < maximumCandidates {
                    facts.bars.append(BarCandidate(name: d.name, owner: d.owner, site: site, languages: languages, fileLocal: fileLocal,
                                                   references: references))
                } else {
                    dropped += 1
                }
            }
        }
        return (facts, dropped)
    }

    /// Whether a use of `name` other than `definition` is assigned to (`name = …`, `name += …`).
    static func isAssigned(_ name: String, besides definition: Int, uses: [Int], in f: CodeFile) -> Bool {
        uses.contains { q in
            q != definition && f.text(q) == name && !f.isPunct(q - 1, ".") && f.text(q - 1) != "->"
                && ["=", "+=", "-=", "*=", "/="].contains(f.text(q + 1))
        }
    }

    /// Where a definition can be used from: Swift definitions only in Swift; Objective-C macros
    /// only in Objective-C, unless the value is a plain number (Swift imports those); constants,
    /// class methods and C functions in both.
    static func visibility(_ d: Definition, in f: CodeFile) -> Set<Language> {
        if f.language == .swift { return [.swift] }
        guard d.kind == .macro || d.kind == .functionMacro else { return [.swift, .objectiveC] }
        var s = d.valueStart, e = d.valueEnd
        while f.isPunct(s, "("), f.pair(s) == e { s += 1; e -= 1 }
        if f.isPunct(s, "-") { s += 1 }
        return d.kind == .macro && s == e && f[s].kind == .number ? [.swift, .objectiveC] : [.objectiveC]
    }

    /// Whether only the defining file sees a definition: macros, constants and C functions of an
    /// Objective-C implementation file (`.m`, `.mm`), and `private`/`fileprivate` Swift ones.
    static func isFileLocal(_ d: Definition, in f: CodeFile) -> Bool {
        if f.language == .objectiveC {
            guard d.kind != .classMethod, f.path.hasSuffix(".m") || f.path.hasSuffix(".mm") else { return false }
            // A macro in an implementation file is its own; a C function or constant is the program's
            // unless `static` (YYKit's `CGFloat YYScreenScale()`, declared in its header).
            guard d.kind == .function || d.kind == .constant else { return true }
            var q = d.nameToken - 1
            while q >= 0, !f.isPunct(q, ";"), !f.isPunct(q, "}"), !f.isPunct(q, "{"), f[q].kind != .directive, d.nameToken - q < 16 {
                if f[q].is(.static) { return true }
                q -= 1
            }
            return false
        }
        var q = d.nameToken - 1
        while q >= 0, f[q].kind == .identifier || f[q].kind == .atWord || f.isPunct(q, ")") {
            if f.is(q, .private) || f.is(q, .fileprivate) { return true }
            if f[q].isLineStart { break }
            q = f.isPunct(q, ")") && f.pair(q) >= 0 ? f.pair(q) - 1 : q - 1
        }
        return false
    }

    /// Protocols that say nothing about where code runs; a struct or enum conforming only to
    /// these (a model type) cannot change any finding's context.
    static let inertProtocols: Set<String> = [
        "Codable", "Decodable", "Encodable", "Hashable", "Equatable", "Identifiable", "Sendable", "CaseIterable",
        "Comparable", "CustomStringConvertible", "CustomDebugStringConvertible", "Error", "LocalizedError",
        "RawRepresentable", "String", "Int", "UInt", "Double", "CodingKey", "NSObject", "NSCoding", "NSCopying",
        "NSSecureCoding", "Hashable & Codable",
    ]

    /// Per class scope (by index) a subclass can override, the members of its own that its members
    /// UIKit calls before the view is in a window (an initializer, awakeFromNib, viewDidLoad…) call
    /// directly — `prepare()`, `[self setupUI]` — each once, at most `TypeDeclaration.maximumEarlyMembers`
    /// (Material's `View.init` calling `prepare()`, which each subclass overrides). Read off the
    /// tokens of those members alone: working out every member's timing for every file cost as much
    /// again as the facts.
    static func earlyCalls(_ f: CodeFile) -> [Int: [String]] {
        let scopes = f.structure.scopes, swift = f.language == .swift
        var methods: [Int: Set<String>] = [:], early: [Int: [Int]] = [:]
        for (s, scope) in scopes.enumerated() where scope.kind == .function && scope.parent >= 0 && scopes[scope.parent].kind == .type {
            let type = scopes[scope.parent]
            guard swift ? type.typeKind == .swiftClass : type.typeKind == .objcImplementation, !scope.isStatic else { continue }
            if MemberTiming.isBeforeWindow(scope.name, labels: scope.labels, swift: swift) {
                early[scope.parent, default: []].append(s)
            } else {
                // An Objective-C selector's first part is what a message names (`setupWith:` → `setupWith`).
                methods[scope.parent, default: []].insert(String(scope.name.prefix { $0 != ":" }))
            }
        }
        var out: [Int: [String]] = [:]
        for (type, members) in early {
            guard let names = methods[type], !(swift && isFinal(scopes[type], in: f)) else { continue }
            var called: [String] = []
            for m in members {
                for q in scopes[m].open..<min(scopes[m].close, f.tokens.count) where f[q].kind == .identifier {
                    // `prepare()`, `self.prepare()`; `[self setupUI]`, `[self setupWith:x]`.
                    let call = swift ? f.isPunct(q + 1, "(") && (!f.isPunct(q - 1, ".") || f.is(q - 2, .self))
                        : f.is(q - 1, .self) && f.isPunct(q - 2, "[")
                    guard call, called.count < TypeDeclaration.maximumEarlyMembers else { continue }
                    let name = f.text(q)
                    if names.contains(name), !called.contains(name) { called.append(name) }
                }
            }
            if !called.isEmpty { out[type] = called }
        }
        return out
    }

    /// Whether a Swift class is declared `final` (no subclass can override its members).
    static func isFinal(_ type: Scope, in f: CodeFile) -> Bool {
        var q = type.declarationStart
        while q < type.open, q < f.tokens.count, !f.is(q, .class) {
            if f.text(q) == "final" { return true }
            q += 1
        }
        return false
    }

    /// File-scope `typealias Name = Type` (a module's `UIKit.UIViewController`, a generic's
    /// `Base<T>` by its name), as declarations of `Name` with `Type` for parent; one nested in a
    /// type is that type's own name, and left out.
    static func typealiases(_ f: CodeFile) -> [TypeDeclaration] {
        var out: [TypeDeclaration] = []
        let tokens = f.tokens
        for k in tokens.indices where tokens[k].is(.typealias) && f[k + 1].kind == .identifier && f.isPunct(k + 2, "=") {
            guard f.structure.scopeIndex(of: k) < 0 else { continue }
            var q = k + 3
            while f[q].kind == .identifier, f.isPunct(q + 1, "."), f[q + 2].kind == .identifier { q += 2 }
            guard f[q].kind == .identifier, let first = f.text(q).first, first.isUppercase else { continue }
            out.append(TypeDeclaration(name: f.text(k + 1), kind: .swiftTypealias, inherits: [f.text(q)], path: f.path,
                                       offset: Int(f[k].start)))
        }
        return out
    }

    /// Whether a type declaration can matter to a context or a window subclass: declarations
    /// that add no parents matter only when they shadow a UIKit or SwiftUI name (`protocol View`)
    /// at file scope — a nested one (SwiftGen's `L10n.Settings.View`) is `Outer.View`, which no
    /// other type's `: View` means.
    static func mattersToContext(_ scope: Scope, _ kind: TypeKind, nested: Bool = false) -> Bool {
        if scope.inherits.isEmpty { return !kind.extendsExisting && !nested && !KnownTypes.roles(of: scope.name).isEmpty }
        if kind == .swiftStruct || kind == .swiftEnum { return !scope.inherits.allSatisfy(inertProtocols.contains) }
        return true
    }

    struct Definition {
        var name: String
        var nameToken: Int
        var kind: GeometryAlias.Kind
        var owner: String?
        var valueStart: Int
        var valueEnd: Int
        var subsumed: Range<Int>
        var canBeBarConstant: Bool
        var mutable = false
    }

    // MARK: Objective-C

    static func objcDefinitions(_ f: CodeFile, _ out: inout [Definition]) {
        let t = f.tokens
        var k = 0
        while k < t.count {
            let tok = t[k]
            if tok.kind == .directive, tok.word == .define, f[k + 1].kind == .identifier {
                var end = k + 1
                while end < t.count, t[end].kind != .directiveEnd { end += 1 }
                var valueStart = k + 2
                var kind = GeometryAlias.Kind.macro
                if f.isPunct(k + 2, "("), !f[k + 2].hasSpaceBefore {
                    kind = .functionMacro
                    var q = k + 3
                    while q < end, !f.isPunct(q, ")") { q += 1 }
                    valueStart = q + 1
                }
                let range = valueStart < end ? Int(t[valueStart].start)..<t[end - 1].end : 0..<0
                out.append(Definition(name: f.text(k + 1), nameToken: k + 1, kind: kind, owner: nil, valueStart: valueStart,
                                      valueEnd: end - 1, subsumed: range, canBeBarConstant: kind == .macro))
                k = end + 1
                continue
            }
            // `static const CGFloat kNavBarHeight = 44;` at file scope.
            if tok.kind == .identifier, f.isPunct(k + 1, "="), f.isFileScope(k), !f.isPunct(k - 1, "."),
               isCDeclaration(k, in: f) {
                var end = k + 2
                while end < t.count, !f.isPunct(end, ";") {
                    if f.isPunct(end, "{") || f.isPunct(end, "("), f.pair(end) > end { end = f.pair(end) }
                    end += 1
                }
                let range = k + 2 < end ? Int(t[k + 2].start)..<t[end - 1].end : 0..<0
                // `static float g_inset = 0.0;` without `const`: storage the code may write.
                var q = k - 1
                while q >= 0, f[q].kind == .identifier || f[q].isPunct("*") { q -= 1 }
                let mutable = !(q + 1..<k).contains { f[$0].is(.const) }
                out.append(Definition(name: f.text(k), nameToken: k, kind: .constant, owner: nil, valueStart: k + 2,
                                      valueEnd: end - 1, subsumed: range, canBeBarConstant: true, mutable: mutable))
            }
            k += 1
        }
        // `+ (CGFloat)screenWidth { return …; }` and `static CGFloat ScreenWidth(void) { return …; }`
        for scope in f.structure.scopes where scope.kind == .function && scope.parameterNames.isEmpty {
            let isClassMethod = scope.isStatic && scope.labels.count == 1 && !scope.name.hasSuffix(":")
            let isCFunction = scope.parent < 0 && f.isPunct(scope.open - 1, ")")
            guard isClassMethod || isCFunction, let (s, e) = singleExpression(scope, in: f) ?? returnedLocal(scope, in: f) else { continue }
            let nameToken = isClassMethod ? methodNameToken(scope, in: f) : f.pair(scope.open - 1) - 1
            guard nameToken >= 0 else { continue }
            let owner = isClassMethod ? f.enclosingType(of: scope.open)?.name : nil
            out.append(Definition(name: scope.name, nameToken: nameToken, kind: isClassMethod ? .classMethod : .function,
                                  owner: owner, valueStart: s, valueEnd: e, subsumed: sameLine(nameToken, s, e, in: f),
                                  canBeBarConstant: false))
        }
    }

    /// `const CGFloat x =`, `CGFloat const x =`, `static CGFloat x =`: a declaration, not an assignment.
    static func isCDeclaration(_ k: Int, in f: CodeFile) -> Bool {
        var q = k - 1
        var sawType = false
        while q >= 0 {
            let t = f[q]
            if t.kind == .identifier { sawType = true; q -= 1; continue }
            if t.isPunct("*") { q -= 1; continue }
            break
        }
        guard sawType else { return false }
        // Without `const` or `static` a file-scope initializer must be a constant expression in
        // C, so a plain `CGFloat w = …` there is not a definition worth reading.
        return (q + 1..<k).contains { f[$0].is(.const) || f[$0].is(.static) }
    }

    static func methodNameToken(_ scope: Scope, in f: CodeFile) -> Int {
        var q = scope.declarationStart + 1
        if f.isPunct(q, "(") { q = f.pair(q) + 1 }
        return f[q].kind == .identifier ? q : -1
    }

    // MARK: Swift

    static func swiftDefinitions(_ f: CodeFile, _ out: inout [Definition]) {
        let t = f.tokens
        for k in 0..<t.count where t[k].kind == .identifier && (t[k].word == .let || t[k].word == .var) {
            guard f[k + 1].kind == .identifier else { continue }
            let enclosing = f.scope(of: k)
            let isGlobal = enclosing == nil
            let isStatic = enclosing?.kind == .type && hasStaticModifier(before: k, in: f)
            guard isGlobal || isStatic else { continue }
            let owner = isStatic ? enclosing?.name : nil
            // Skip a type annotation up to `=` or `{`.
            var q = k + 2
            if f.isPunct(q, ":") {
                q += 1
                let typeStart = q
                while q < t.count, !f.isPunct(q, "="), !f.isPunct(q, "{"), !t[q].isLineStart {
                    if f.isPunct(q, "(") || f.isPunct(q, "["), f.pair(q) > q { q = f.pair(q) }
                    q += 1
                }
                // A value of another type (`AVCaptureVideoOrientation`) is made from geometry, not geometry.
                if !Self.isGeometryType(typeStart..<q, in: f) { continue }
            }
            if f.isPunct(q, "=") {
                let end = statementEnd(from: q + 1, in: f)
                guard end >= q + 1 else { continue }
                // `ToastWindow(frame: UIScreen.main.bounds, …)`: an object made with the screen's size, not a size (2FAS's toast window).
                let v = q + 1
                if f[v].kind == .identifier, f.text(v).first?.isUppercase == true, f.isPunct(v + 1, "("), f.pair(v + 1) == end,
                   !Self.isGeometryType(v..<(v + 1), in: f) { continue }
                out.append(Definition(name: f.text(k + 1), nameToken: k + 1, kind: .constant, owner: owner, valueStart: q + 1,
                                      valueEnd: end, subsumed: Int(t[q + 1].start)..<t[end].end, canBeBarConstant: t[k].word == .let,
                                      mutable: t[k].word == .var))
            } else if f.isPunct(q, "{"), t[k].word == .var,
                      let body = f.structure.scopes.first(where: { $0.open == q }), body.kind == .accessor,
                      let (s, e) = singleExpression(body, in: f) {
                out.append(Definition(name: f.text(k + 1), nameToken: k + 1, kind: .constant, owner: owner, valueStart: s,
                                      valueEnd: e, subsumed: sameLine(k + 1, s, e, in: f), canBeBarConstant: false))
            }
        }
        // `extension UIDevice { var isPad: Bool { userInterfaceIdiom == .pad } }` and
        // `func isiPad() -> Bool { … }` there: idiom helpers used as `UIDevice.current.isPad`.
        let scopes = f.structure.scopes
        // Index by index: a file's scopes are read in place, not copied, on this path every Swift file takes.
        for t in scopes.indices where scopes[t].kind == .type && scopes[t].parent < 0 && scopes[t].typeKind?.extendsExisting == true
            && (scopes[t].name == "UIDevice" || scopes[t].name == "UITraitCollection") {
            let scope = scopes[t]
            for i in scopes.indices where scopes[i].parent == t && !scopes[i].isStatic {
                let inner = scopes[i]
                let nameToken: Int
                var kind = GeometryAlias.Kind.member
                if inner.kind == .function, inner.labels.isEmpty, inner.parameterNames.isEmpty, let n = swiftFuncNameToken(inner, in: f) {
                    nameToken = n
                    kind = .memberFunction
                } else if inner.kind == .accessor, f.text(inner.open - 1) == "Bool",
                          f.isPunct(inner.open - 2, ":"), f[inner.open - 3].kind == .identifier, f.is(inner.open - 4, .var) {
                    nameToken = inner.open - 3
                } else { continue }
                guard let (s, e) = singleExpression(inner, in: f) else { continue }
                out.append(Definition(name: f.text(nameToken), nameToken: nameToken, kind: kind, owner: scope.name, valueStart: s,
                                      valueEnd: e, subsumed: sameLine(nameToken, s, e, in: f), canBeBarConstant: false))
            }
        }
        // `func screenWidth() -> CGFloat { … }` globally or `static`.
        for scope in f.structure.scopes where scope.kind == .function && scope.labels.isEmpty {
            guard scope.name != "init", scope.name != "deinit", scope.name != "subscript" else { continue }
            let parentIsType = scope.parent >= 0 && f.structure.scopes[scope.parent].kind == .type
            guard scope.parent < 0 || (parentIsType && scope.isStatic) else { continue }
            guard let nameToken = swiftFuncNameToken(scope, in: f), let (s, e) = singleExpression(scope, in: f) else { continue }
            if let arrow = (scope.declarationStart..<scope.open).first(where: { f[$0].kind == .punct && f.text($0) == "->" }),
               !Self.isGeometryType((arrow + 1)..<scope.open, in: f) { continue }
            let owner = parentIsType ? f.structure.scopes[scope.parent].name : nil
            out.append(Definition(name: scope.name, nameToken: nameToken, kind: .function, owner: owner, valueStart: s, valueEnd: e,
                                  subsumed: sameLine(nameToken, s, e, in: f), canBeBarConstant: false))
        }
    }

    /// Types a screen-geometry alias can have: numbers, geometry structs, the screen, insets,
    /// orientations and idioms (and Bool, for device checks). A declared type outside these
    /// (`-> AVCaptureVideoOrientation`) means the value is made from geometry, not geometry.
    static let geometryTypeNames: Set<String> = ["CGFloat", "Double", "Float", "Int", "UInt", "Bool", "CGRect", "CGSize", "CGPoint",
                                                 "UIScreen", "UIEdgeInsets", "NSDirectionalEdgeInsets", "UIInterfaceOrientation",
                                                 "UIDeviceOrientation", "UIUserInterfaceIdiom", "CGAffineTransform", "UICoordinateSpace"]

    static func isGeometryType(_ range: Range<Int>, in f: CodeFile) -> Bool {
        guard let first = range.first(where: { f[$0].kind == .identifier }) else { return true }
        var name = f.text(first)
        // `UIKit.CGFloat`, `any UICoordinateSpace`
        if name == "UIKit" || name == "CoreGraphics", f.isPunct(first + 1, "."), f[first + 2].kind == .identifier { name = f.text(first + 2) }
        if name == "any" || name == "some", f[first + 1].kind == .identifier { name = f.text(first + 1) }
        return geometryTypeNames.contains(name)
    }

    /// Names assigned in Swift code: `X.name = …`, `self.name += …`, or `name = …` opening a
    /// statement (not declarations, labels or parameter defaults).
    static func assignedNames(_ f: CodeFile) -> [String] {
        var out: Set<String> = []
        let t = f.tokens
        let bytes = f.buffer.base
        for k in t.indices where t[k].kind == .identifier && k + 1 < t.count && t[k + 1].kind == .punct {
            // The cheap tests first: this loop sees every identifier of every Swift file.
            guard f.isPunct(k - 1, ".") || (t[k].isLineStart && !f.is(k - 1, .let) && !f.is(k - 1, .var) && !f.is(k - 1, .case))
            else { continue }
            let op = t[k + 1]
            let start = Int(op.start)
            let isAssignment: Bool
            switch op.end - start {
            case 1: isAssignment = bytes[start] == UInt8(ascii: "=")
            case 2:
                let a = bytes[start]
                isAssignment = bytes[start + 1] == UInt8(ascii: "=") && (a == UInt8(ascii: "+") || a == UInt8(ascii: "-") || a == UInt8(ascii: "*") || a == UInt8(ascii: "/"))
            default: isAssignment = false
            }
            guard isAssignment else { continue }
            out.insert(f.text(k))
            if out.count >= 4096 { break }
        }
        return out.sorted()
    }

    static func swiftFuncNameToken(_ scope: Scope, in f: CodeFile) -> Int? {
        var q = scope.declarationStart
        while q < scope.open, !f.is(q, .func) { q += 1 }
        return f.is(q, .func) && f[q + 1].kind == .identifier ? q + 1 : nil
    }

    static func hasStaticModifier(before k: Int, in f: CodeFile) -> Bool {
        var q = k - 1
        while q >= 0 {
            let t = f[q]
            if t.is(.static) || t.is(.class) { return true }
            if t.kind == .atWord || (t.kind == .identifier && [.private, .fileprivate, .internal, .public, .open, .final, .lazy, .nonisolated, .package, .override].contains(t.word)) {
                q -= 1
                continue
            }
            if t.isPunct(")"), f.pair(q) >= 0 { q = f.pair(q) - 1; continue }
            return false
        }
        return false
    }

    /// The last token of a Swift expression statement starting at `s`: it ends at a line
    /// break unless the next line continues it (`.member`, an operator) or a bracket is open.
    static func statementEnd(from s: Int, in f: CodeFile) -> Int {
        var k = s
        var last = s - 1
        let t = f.tokens
        while k < t.count {
            let tok = t[k]
            if k > s, tok.isLineStart {
                let continues = (tok.kind == .punct && !tok.isPunct("{") && !tok.isPunct("}") && !tok.isPunct("@"))
                    || (t[last].kind == .punct && !t[last].isPunct(")") && !t[last].isPunct("]") && !t[last].isPunct("}"))
                if !continues { break }
            }
            if tok.isPunct(";") || tok.isPunct("}") || tok.isPunct(")") || tok.isPunct("]") { break }
            if tok.isPunct("(") || tok.isPunct("[") || tok.isPunct("{") {
                let p = f.pair(k)
                if p > k { last = p; k = p + 1; continue }
            }
            last = k
            k += 1
        }
        return last
    }

    /// The expression a body returns, when the body is only that: `{ expr }`, `{ return expr }`,
    /// `{ return expr; }`, `{ get { return expr } }`.
    static func singleExpression(_ body: Scope, in f: CodeFile) -> (Int, Int)? {
        var s = body.open + 1, e = body.close - 1
        guard s <= e, body.close < f.tokens.count else { return nil }
        if f.is(s, .get), f.isPunct(s + 1, "{"), f.pair(s + 1) == e {
            s += 2
            e -= 1
        }
        // Swift's early answers for a special case before the value (HXPhotoPicker's
        // `if #available(iOS 14.0, *), ProcessInfo.processInfo.isiOSAppOnMac { return true }`
        // before `return current.userInterfaceIdiom == .pad`): the value is the last `return`'s.
        var answeredEarly = false
        while f.language == .swift, f.is(s, .if) {
            var open = s + 1
            while open < e, !f.isPunct(open, "{") {
                if f.isPunct(open, "("), f.pair(open) > open { open = f.pair(open) }
                open += 1
            }
            let close = f.pair(open)
            guard open < e, close > open + 1, close < e, f.is(open + 1, .return), !f.is(close + 1, .else),
                  (open + 2..<close).allSatisfy({ f[$0].kind == .number || ["true", "false", "nil"].contains(f.text($0)) || f.isPunct($0, ";") })
            else { return nil }
            s = close + 1
            answeredEarly = true
        }
        if answeredEarly, !f.is(s, .return) { return nil }
        if f.is(s, .return) {
            s += 1
        } else if f.language == .objectiveC {
            return nil  // C has no implicit return: `{ a = x; }` returns nothing
        }
        if f.isPunct(e, ";") { e -= 1 }
        guard s <= e else { return nil }
        var k = s
        while k <= e {
            let t = f[k]
            if t.isPunct("(") || t.isPunct("[") || t.isPunct("{") {
                let p = f.pair(k)
                if p > k { k = p + 1; continue }
                return nil
            }
            if t.isPunct(";") { return nil }
            if t.kind == .identifier, [.let, .var, .if, .guard, .for, .while, .switch, .return, .do].contains(t.word) { return nil }
            if f.language == .swift, t.isPunct("=") { return nil }
            k += 1
        }
        return (s, e)
    }

    /// `{ CGFloat scale = [UIScreen mainScreen].scale; return scale; }`, with the local made in
    /// `#if` branches (SDWebImage's `+[SDDeviceHelper screenScale]`): from the first value given
    /// to the local the body returns to the last, when it ends in `return local;`. What else the
    /// body does between (another platform's branch) is read too, and only reads count.
    static func returnedLocal(_ body: Scope, in f: CodeFile) -> (Int, Int)? {
        let s = body.open + 1, e = body.close - 1
        guard s < e, body.close < f.tokens.count, f.isPunct(e, ";"), f[e - 1].kind == .identifier, f.is(e - 2, .return) else { return nil }
        let name = f.text(e - 1)
        var values: [(Int, Int)] = []
        var k = s, statementStart = s
        while k < e - 2 {
            if f.isPunct(k, "(") || f.isPunct(k, "[") || f.isPunct(k, "{"), f.pair(k) > k {
                // A block statement (`if (…) { … }`) ends at its brace.
                if f.isPunct(k, "{") { statementStart = f.pair(k) + 1 }
                k = f.pair(k) + 1
                continue
            }
            if f.isPunct(k, ";") {
                // `CGFloat name = …;` or `name = …;` (not `x.name = …`, not `other = …`).
                if let equals = (statementStart..<k).first(where: { f.isPunct($0, "=") }), equals > statementStart,
                   f.text(equals - 1) == name, !f.isPunct(equals - 2, "."), equals + 1 < k {
                    // `[[HomeWindow alloc] initWithFrame:…]`, `[Cache new]`: an object made with the screen's
                    // size is no size (DoraemonKit's `+shareInstance` window), as in Swift.
                    let v = equals + 1
                    if f.isPunct(v, "["), (f.isPunct(v + 1, "[") && f.text(v + 3) == "alloc") || f.text(v + 2) == "new" { return nil }
                    values.append((equals + 1, k - 1))
                }
                statementStart = k + 1
            }
            k += 1
        }
        guard let first = values.first, let last = values.last else { return nil }
        return (first.0, last.1)
    }

    /// Bytes of the value that lie on the declaration's line (their reads are subsumed).
    static func sameLine(_ nameToken: Int, _ s: Int, _ e: Int, in f: CodeFile) -> Range<Int> {
        let line = f.line(of: nameToken)
        let lineRange = f.lines.range(ofLine: line, in: f.buffer)
        let lower = max(Int(f[s].start), lineRange.lowerBound)
        let upper = min(f[e].end, lineRange.upperBound)
        return lower < upper ? lower..<upper : 0..<0
    }

    // MARK: Values

    /// The token ranges of ternary conditions in `s…e`: from the start of the operand to `?`.
    static func ternaryConditions(_ s: Int, _ e: Int, in f: CodeFile) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var starts = [s]
        var k = s
        while k <= e {
            let t = f[k]
            if t.isPunct("(") || t.isPunct("[") {
                starts.append(k + 1)
            } else if t.isPunct(")") || t.isPunct("]") {
                if starts.count > 1 { starts.removeLast() }
            } else if t.isPunct(",") || t.isPunct("=") || t.is(.return) || t.isPunct(":") {
                starts[starts.count - 1] = k + 1
            } else if t.isPunct("?"), f.language == .objectiveC || t.hasSpaceBefore {
                ranges.append(starts[starts.count - 1]..<k)
                starts[starts.count - 1] = k + 1
            }
            k += 1
        }
        return ranges
    }

    /// The idiom comparison a ternary's condition makes (`UIDevice.current.userInterfaceIdiom ==
    /// .pad`), as text, when it makes one that chooses layout.
    static func idiomComparison(in condition: Range<Int>, of f: CodeFile) -> String? {
        for k in condition where f[k].is(.userInterfaceIdiom) || f[k].is(.UI_USER_INTERFACE_IDIOM) {
            var (rs, re) = (k, k)
            if f[k].is(.UI_USER_INTERFACE_IDIOM) {
                if f.isPunct(k + 1, "("), f.pair(k + 1) > k { re = f.pair(k + 1) }
            } else {
                (rs, re) = Reads.extent(ofMemberAt: k, in: f)
            }
            if IdiomLayoutRule.isComparedWithPadOrPhone(rs, re, in: f), !IdiomLayoutRule.isData(around: rs, re, in: f) { return Expr.snippet(rs, re, in: f) }
        }
        return nil
    }

    /// What the tokens `s…e` of a definition's value read.
    /// `numbers`: the file's constants whose value is one number (`static let iPhoneXScreenHeight = 812`):
    /// a dimension compared with one is compared with that number (kanvas-ios's `Device.isIPhoneX`).
    static func summarize(_ s: Int, _ e: Int, in f: CodeFile, numbers: Set<String> = []) -> ValueSummary {
        func comparedWithNumber(_ a: Int, _ b: Int) -> Bool {
            if Expr.isComparedWithLiteral(a, b, in: f) { return true }
            guard !numbers.isEmpty else { return false }
            if f[b + 1].isComparison, f[b + 2].kind == .identifier, numbers.contains(f.text(b + 2)), !f.isPunct(b + 3, ".") { return true }
            return a >= 2 && f[a - 1].isComparison && f[a - 2].kind == .identifier && numbers.contains(f.text(a - 2)) && !f.isPunct(a - 3, ".")
        }
        var s = s, e = e
        // `{ UIScreen.main.bounds.width }()`: an immediately invoked closure is its body's value.
        while f.isPunct(s, "{"), f.pair(s) > s, f.isPunct(f.pair(s) + 1, "("), f.pair(f.pair(s) + 1) == e {
            (s, e) = (s + 1, f.pair(s) - 1)
        }
        var summary = ValueSummary()
        var (ws, we) = (s, e)
        while f.isPunct(ws, "("), f.pair(ws) == we { ws += 1; we -= 1 }
        // A device check that only chooses between values (`IS_IPHONE_X ? 44 : 20`) makes a
        // derived value, not an alias; the check itself is reported where it stands.
        let conditions = ternaryConditions(s, e, in: f).sorted { $0.lowerBound < $1.lowerBound }
        var next = 0  // conditions before this one end before `k`
        var k = s
        while k <= e {
            while next < conditions.count, conditions[next].upperBound <= k { next += 1 }
            if next < conditions.count, conditions[next].contains(k) {
                // A value chosen by device idiom (`idiom == .pad ? -25 : -70`, Texture's
                // `kASControlNodeExpandedInset`) chooses by idiom wherever it is used, as `isPad` does.
                if !summary.reads.contains(RuleID.idiomLayout), let idiom = idiomComparison(in: conditions[next], of: f) {
                    summary.reads.insert(RuleID.idiomLayout)
                    if summary.readText == nil { summary.readText = idiom }
                }
                k = conditions[next].upperBound
                continue
            }
            let tok = f[k]
            // A closure or block inside the value runs later, or elsewhere: `Task { … }`,
            // `lazy { … }`, `^{ … }`. What it reads is not the value.
            if tok.isPunct("{"), f.pair(k) > k {
                k = f.pair(k) + 1
                continue
            }
            // `userInterfaceIdiom == .pad`, `UI_USER_INTERFACE_IDIOM() == UIUserInterfaceIdiomPad`:
            // a helper that answers "is this an iPad?" (an idiom alias).
            if tok.is(.userInterfaceIdiom) || tok.is(.UI_USER_INTERFACE_IDIOM) {
                var (rs, re) = (k, k)
                if tok.is(.UI_USER_INTERFACE_IDIOM) {
                    if f.isPunct(k + 1, "("), f.pair(k + 1) > k { re = f.pair(k + 1) }
                } else {
                    (rs, re) = Reads.extent(ofMemberAt: k, in: f)
                }
                if IdiomLayoutRule.isComparedWithPadOrPhone(rs, re, in: f), !IdiomLayoutRule.isData(around: rs, re, in: f) {
                    summary.reads.insert(RuleID.idiomLayout)
                    if summary.readText == nil { summary.readText = Expr.snippet(rs, re, in: f) }
                }
                k = max(k + 1, re + 1)
                continue
            }
            if tok.is(.UIScreen), let read = ScreenRead.at(k, in: f) {
                // Data, a window's fallback, telemetry or an environment key's default: as `GeometrySite.direct` reads them.
                if Expr.isFormattedIntoText(read.chain.start, in: f) || Expr.isWindowGeometryFallback(read.chain.start, in: f)
                    || Expr.inTelemetry(k, in: f) || Expr.isEnvironmentDefault(k, in: f) {
                    k = max(k + 1, read.chain.end + 1)
                    continue
                }
                summary.reads.insert(read.rule)
                if summary.readText == nil { summary.readText = Expr.snippet(read.chain.start, read.chain.end, in: f) }
                if read.isDimension {
                    let (a, b) = Expr.widen(read.chain.start, read.chain.end, in: f)
                    let (ca, cb) = Expr.widenArithmetic(read.chain.start, read.chain.end, in: f)
                    if comparedWithNumber(ca, cb) { summary.deviceCheck = true }
                    if a <= ws, b >= we { summary.dimension = true }
                }
                k = max(k + 1, read.chain.end + 1)
                continue
            }
            if tok.kind == .identifier, !summary.orientation {
                if f.spells(k, caseless: "orientation") || f.spells(k, caseless: "portrait") || f.spells(k, caseless: "landscape") { summary.orientation = true }
            }
            if tok.kind == .identifier, !tok.word.isLanguageWord,
               summary.references.count < 32 {
                var qualifier: String? = nil
                var start = k, end = k
                if f.isPunct(k - 1, "."), f[k - 2].kind == .identifier {
                    qualifier = f.text(k - 2)
                    start = k - 2
                } else if f[k - 1].kind == .identifier, f.isPunct(k - 2, "["), f.isPunct(k + 1, "]") {
                    qualifier = f.text(k - 1)
                    start = k - 2
                    end = k + 1
                } else if f.isPunct(k - 1, ".") {
                    k += 1
                    continue
                }
                if f.isPunct(end + 1, "("), f.pair(end + 1) > end + 1 { end = f.pair(end + 1) }
                // A name that only stands in for a window's own geometry (EhPanda's
                // `keyWindow?.frame.size.width ?? absScreenW`): the value is the window's, as for a direct read.
                if Expr.isWindowGeometryFallback(start, in: f) {
                    k = end + 1
                    continue
                }
                let (a, b) = Expr.widen(start, end, in: f)
                let role: ValueReference.Role = a <= ws && b >= we ? .whole
                    : comparedWithNumber(a, b) ? .compared : .other
                summary.references.append(ValueReference(name: f.text(k), qualifier: qualifier, role: role))
            }
            k += 1
        }
        if summary.orientation, summary.reads.contains(RuleID.idiomLayout), ws <= we, (ws...we).contains(where: { f.text($0) == "&&" }),
           (ws...we).contains(where: { f[$0].kind == .identifier && f.text($0).lowercased().hasSuffix("landscape") }),
           (ws...we).contains(where: { f.text($0) == "phone" || f.text($0) == "UIUserInterfaceIdiomPhone" }) {
            summary.landscapePhone = true
        }
        return summary
    }
}

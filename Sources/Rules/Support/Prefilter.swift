import RuleKit
import SourceLexing

/// What a file must contain to matter to the analysis: the prefilter analyses only files in
/// which one of these literals occurs, and grows them to a fixed point from the files it has
/// analysed (alias and window-type names they define, types whose ancestry decides a finding's
/// context, names their `#if` conditions test). A file with none of them holds no finding and
/// no fact any analysed file needs, so skipping its analysis changes nothing.
public enum Prefilter {
    /// What every scan looks for first: each rule's literals, the project facts' words, and
    /// suppression comments (`fleetscan:ignore` is a finding of its own when it is malformed or
    /// unused).
    public static func literals(of rules: [any Rule]) -> Set<Literal> {
        var out = Set(rules.flatMap(\.literals))
        out.formUnion(ProjectFacts.literals)
        out.insert(.word("fleetscan"))
        return out
    }

    /// The literals that the analysed files (`analyses`, whose facts make `model`, with the
    /// project files' model) make matter.
    public static func literals(after analyses: some Sequence<FileAnalysis>, model: RepositoryModel) -> Set<Literal> {
        var all = Contribution()
        for a in analyses { all.add(Contribution(a)) }
        return literals(all, model: model)
    }

    /// What one analysed file makes matter on its own: literals, and the types whose ancestry
    /// decides its findings' contexts (whose declarations `literals(_:model:)` adds).
    public struct Contribution: Sendable {
        public var literals: Set<Literal> = []
        public var owners: Set<String> = []

        public init() {}

        public init(_ a: FileAnalysis) {
            for p in a.findings {
                if let t = p.typeName { owners.insert(t) }
                if let name = p.unlessDeclared {
                    // `UIApplication.keyWindow`: a member, declared where both words occur.
                    let words = name.split(separator: ".").map { Literal.word(String($0)) }
                    literals.insert(words.count == 1 ? words[0] : .all(words))
                }
            }
            for m in a.facts.methods { owners.insert(m.typeName) }
            for w in a.facts.windowState { if let o = w.owner { owners.insert(o) } }
            for c in a.facts.sceneConfigurationNames {
                if let o = c.owner { owners.insert(o) }
                if let by = c.resolvedBy { literals.insert(.word(className(by))) }
            }
            for e in a.facts.appEntries { owners.insert(e) }
            // What Objective-C `#if` conditions around findings test: macros defined in other
            // files (Swift conditions name build settings and the compiler's own words only).
            for b in a.branches where a.language != .swift {
                for condition in [b.own].compactMap({ $0 }) + b.previous {
                    identifiers(in: condition).forEach { literals.insert(.checked($0, caseless: false, check: macroDefinition)) }
                }
            }
        }

        public var isEmpty: Bool { literals.isEmpty && owners.isEmpty }

        public mutating func add(_ other: Contribution) {
            literals.formUnion(other.literals)
            owners.formUnion(other.owners)
        }
    }

    /// The literals of the files' `contribution` with what the repository model makes matter.
    public static func literals(_ contribution: Contribution, model: RepositoryModel) -> Set<Literal> {
        contribution.literals.union(literals(of: model)).union(declarations(along: contribution.owners, model: model))
    }

    /// What the repository model makes matter whatever the files: names whose uses are findings
    /// or change them (geometry aliases, bar constants, window subclasses), the names platform
    /// macros test, the rules' project literals, the scene delegate classes the Info.plists name.
    public static func literals(of model: RepositoryModel) -> Set<Literal> {
        var out: Set<Literal> = []
        for name in model.aliases.keys { out.insert(.word(name)) }
        for name in model.barConstants.keys { out.insert(.word(name)) }
        for name in model.windowTypes { out.insert(.word(name)) }
        // Types that are app or scene delegates: their subclasses, extensions and methods are
        // wherever their names are.
        for name in RepositoryModel.descendants(of: ["UIApplicationDelegate", "UIWindowSceneDelegate", "UISceneDelegate"], in: model.types) {
            out.insert(.checked(name, caseless: false, check: declaredOrInherited))
        }
        for body in model.platformMacros.values { identifiers(in: body).forEach { out.insert(.word($0)) } }
        for rule in Catalog.rules { out.formUnion(rule.literals(in: model.project)) }
        for app in model.project.apps {
            for c in app.facts.configurations { if let cls = c.delegateClass { out.insert(.word(className(cls))) } }
        }
        return out
    }

    /// Types whose ancestry decides a context: every declaration or extension of each of
    /// `owners` and of the types on their way up, in any file.
    public static func declarations(along owners: Set<String>, model: RepositoryModel) -> Set<Literal> {
        var out: Set<Literal> = []
        var queue = Array(owners), seen: Set<String> = []
        while let name = queue.popLast() {
            guard seen.insert(name).inserted else { continue }
            out.insert(.declaration(name, check: KnownTypes.roles(of: name).isEmpty ? addsParents : declaresOrAddsParents))
            queue.append(contentsOf: model.types[name]?.parents ?? [])
        }
        return out
    }

    /// A declaration that can change a type's ancestry or availability (what the model keeps of
    /// it, `FactExtractor.mattersToContext`): one with parents after its name (`: Base`, generic
    /// parameters, an Objective-C category's `(Name)` or protocols' `<…>`), or an Objective-C
    /// `@interface`, whose `API_AVAILABLE` its implementations take. `private enum Constants {`,
    /// nested in half of an app's files, is none.
    static let addsParents = LiteralCheck("declaration with parents") { bytes, match in
        if let k = LiteralBytes.keyword(before: match.lowerBound, in: bytes), LiteralBytes.text(k, in: bytes) == "interface" { return true }
        return parentsFollow(match.upperBound, in: bytes)
    }

    /// The same for a UIKit or SwiftUI name, which a declaration of the repository's own also
    /// shadows (`protocol View`): anything but an extension or implementation without parents,
    /// and a Swift type without parents nested in another (SwiftGen's `L10n.Settings.View`, which
    /// `mattersToContext` leaves out: no other type's `: View` means it).
    static let declaresOrAddsParents = LiteralCheck("declaration of a known name, or with parents") { bytes, match in
        guard let k = LiteralBytes.keyword(before: match.lowerBound, in: bytes) else { return true }
        let keyword = LiteralBytes.text(k, in: bytes)
        if parentsFollow(match.upperBound, in: bytes) { return true }
        if keyword == "extension" || keyword == "implementation" { return false }
        return !(["class", "struct", "enum", "protocol", "actor"].contains(keyword) && LiteralBytes.isInSwiftTypeBody(k.lowerBound, in: bytes))
    }

    /// A name where a file can declare, extend or implement that type (`class AppDelegate`,
    /// `@implementation AppDelegate (Links)`) or inherit from it (`: AppDelegate`, `<P, Name>`),
    /// not where it is merely used (`AppDelegate.shared`, `as? AppDelegate`).
    static let declaredOrInherited = LiteralCheck("declared or inherited", wholeWord: true) { bytes, match in
        if let before = LiteralBytes.previous(before: match.lowerBound, in: bytes),
           [UInt8(ascii: ":"), UInt8(ascii: ","), UInt8(ascii: "<"), UInt8(ascii: "&"), UInt8(ascii: "/")].contains(before.byte) { return true }
        guard let k = LiteralBytes.keyword(before: match.lowerBound, in: bytes) else { return false }
        return declarationKeywords.contains(LiteralBytes.text(k, in: bytes))
    }
    /// The words before a type's name in its declarations, extensions and implementations.
    public static let declarationKeywords: Set<String> = ["class", "struct", "enum", "protocol", "actor", "extension", "interface", "implementation",
                                                          "typealias"]

    /// A macro's name where it is defined (`#define SD_UIKIT …`): what an `#if` testing it is evaluated through.
    static let macroDefinition = LiteralCheck("macro definition", wholeWord: true) { bytes, match in
        guard let k = LiteralBytes.keyword(before: match.lowerBound, in: bytes) else { return false }
        return LiteralBytes.text(k, in: bytes) == "define"
    }

    static func parentsFollow(_ i: Int, in bytes: UnsafeRawBufferPointer) -> Bool {
        guard let next = LiteralBytes.next(from: i, in: bytes) else { return false }
        // `=`: a `typealias Name = Type`, whose parent is the type.
        return [UInt8(ascii: ":"), UInt8(ascii: "<"), UInt8(ascii: "("), UInt8(ascii: "/"), UInt8(ascii: "=")].contains(next.byte)
    }

    /// `$(PRODUCT_MODULE_NAME).SceneDelegate` → `SceneDelegate`.
    static func className(_ value: String) -> String { value.split(separator: ".").last.map(String.init) ?? value }

    /// The identifiers of a condition or macro body that name a macro as `PlatformConditions`
    /// evaluates it (`defined(SD_UIKIT) && !TARGET_OS_TV` → `SD_UIKIT`, `TARGET_OS_TV`): a call's
    /// name and its argument are never looked up (`__has_include(<MatrixSDK/MatrixSDK.h>)`, `os(iOS)`),
    /// except `defined`'s.
    static func identifiers(in text: String) -> [String] {
        // Tokens: identifiers, parentheses and anything else, one character at a time.
        var tokens: [String] = [], current = ""
        for u in text.unicodeScalars {
            if u == "_" || u.properties.isAlphabetic || (!current.isEmpty && ("0"..."9").contains(u)) {
                current.unicodeScalars.append(u)
                continue
            }
            if !current.isEmpty { tokens.append(current) }
            current = ""
            if !u.properties.isWhitespace { tokens.append(String(u)) }
        }
        if !current.isEmpty { tokens.append(current) }
        let isName: (String) -> Bool = { t in t.unicodeScalars.first.map { $0 == "_" || $0.properties.isAlphabetic } ?? false }
        var out: [String] = []
        var i = 0
        while i < tokens.count {
            let t = tokens[i]
            i += 1
            guard isName(t), t != "defined" || i >= tokens.count || tokens[i] != "(" else {
                if t == "defined" { i += 1 }  // `defined(X)`: X is read as any name is
                continue
            }
            if t == "defined" { continue }
            if i < tokens.count, tokens[i] == "(" {
                // Some other call: skip to its closing parenthesis.
                var depth = 0
                repeat {
                    if tokens[i] == "(" { depth += 1 } else if tokens[i] == ")" { depth -= 1 }
                    i += 1
                } while i < tokens.count && depth > 0
                continue
            }
            out.append(t)
        }
        return out
    }
}

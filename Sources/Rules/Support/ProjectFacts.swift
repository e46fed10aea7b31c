import RuleKit
import SourceLexing

/// The facts of a file that the project-level rules need: declared types, SwiftUI app entries,
/// URL-handling methods, scene configuration names, and window state kept app-wide.
enum ProjectFacts {
    /// SwiftUI modifiers whose iOS 17 form `ApiAboveDeploymentTargetRule` reports unless the
    /// repository declares a function of that name itself.
    static let ownModifierNames: Set<String> = ["environment"]

    /// Whether the method `scope` is given to `addObserver` as a selector in its file
    /// (`@selector(applicationDidBecomeActive:)`, `#selector(applicationDidBecomeActive(_:))`).
    static func observesNotification(_ scope: Scope, in f: CodeFile) -> Bool {
        let base = scope.name.split(separator: ":").first.map(String.init) ?? scope.name
        guard f.tokens.indices.contains(where: { f.text($0) == "addObserver" || f.text($0) == "addObserverForName" }) else { return false }
        return f.tokens.indices.contains { q in
            (f[q].kind == .atWord || f[q].kind == .hashWord) && f[q].word == .selector && f.isPunct(q + 1, "(") && f.pair(q + 1) > q + 1
                && ((q + 2)..<f.pair(q + 1)).contains { f.text($0) == base }
        }
    }

    static func isSwiftUIApp(_ parent: String) -> Bool { parent == "App" || parent == "SwiftUI.App" }

    /// Whether the declaration carries `@main`.
    static func isMain(_ scope: Scope, in f: CodeFile) -> Bool {
        (scope.declarationStart..<scope.open).contains(where: { f[$0].kind == .atWord && f[$0].word == .main })
    }

    static func extract(_ f: CodeFile, into facts: inout FileFacts) {
        let scopes = f.structure.scopes
        for scope in scopes where scope.kind == .type {
            guard let kind = scope.typeKind else { continue }
            if !kind.extendsExisting || kind == .objcImplementation { facts.typeNames.append(scope.name) }
            // `@objc(SceneDelegate) class MySceneDelegate` is `SceneDelegate` to the runtime.
            if let renamed = objcName(before: scope, in: f) { facts.typeNames.append(renamed) }
            if kind == .swiftStruct || kind == .swiftClass, scope.inherits.contains(where: Self.isSwiftUIApp), Self.isMain(scope, in: f) {
                facts.appEntries.append(scope.name)
            }
        }
        // `@main struct App {}` made an app by `extension App: SwiftUI.App { var body … }` in the
        // same file (WhatsNewKit's example).
        for scope in scopes where scope.kind == .type && scope.typeKind == .swiftExtension && scope.inherits.contains(where: Self.isSwiftUIApp) {
            if scopes.contains(where: { $0.kind == .type && $0.name == scope.name && ($0.typeKind == .swiftStruct || $0.typeKind == .swiftClass) && Self.isMain($0, in: f) }),
               !facts.appEntries.contains(scope.name) {
                facts.appEntries.append(scope.name)
            }
        }
        // Members the project adds to UIApplication under UIKit's names (`extension UIApplication
        // { var keyWindow: UIWindow? { … } }`): reads of them are the project's own code.
        for scope in scopes where (scope.kind == .function || scope.kind == .accessor) && Self.ownApplicationMembers.contains(scope.name) {
            guard scope.parent >= 0, let type = f.enclosingType(of: scope.open), type.name == "UIApplication",
                  let kind = type.typeKind, kind.extendsExisting else { continue }
            facts.typeNames.append("UIApplication." + scope.name)
        }
        // A method of the project's own named like a SwiftUI modifier the availability rule
        // checks (`Environments().environment(descriptor)`, or a backport on `View`): calls of
        // that name may be its own.
        for scope in scopes where scope.kind == .function && f.language == .swift && Self.ownModifierNames.contains(scope.name) {
            facts.typeNames.append(scope.name)
        }
        var legacy: [(Int, String)] = []
        for scope in scopes where scope.kind == .function {
            guard let type = f.enclosingType(of: scope.open), let kind = methodKind(scope, f.language) else { continue }
            var fact = MethodFact(kind: kind, typeName: type.name, site: site(of: nameToken(scope, in: f), in: f))
            switch kind {
            case .sceneWillConnect, .configurationForConnecting:
                for q in (scope.open + 1)..<min(scope.close, f.tokens.count) {
                    let w = f[q].word
                    if w == .urlContexts || w == .URLContexts { fact.readsURLContexts = true }
                    if w == .userActivities { fact.readsUserActivities = true }
                    if f[q].kind == .identifier, f.text(q) == "shortcutItem", f.isPunct(q - 1, ".") { fact.readsShortcutItem = true }
                }
                // The options handed on whole to code that starts the scene's UI (zotero's
                // `coordinator.start(options: connectionOptions, …)`): that code reads them.
                if let options = scope.parameterNames.last, (scope.open + 1..<min(scope.close, f.tokens.count)).contains(where: { q in
                    f.text(q) == options && (f.isPunct(q - 1, ":") || f.isPunct(q - 1, "(") || f.isPunct(q - 1, ","))
                        && (f.isPunct(q + 1, ")") || f.isPunct(q + 1, ",") || f.isPunct(q + 1, "]"))
                }) {
                    fact.readsURLContexts = true
                    fact.readsUserActivities = true
                    fact.readsShortcutItem = true
                }
            case .applicationDidBecomeActive, .applicationWillResignActive, .applicationDidEnterBackground, .applicationWillEnterForeground:
                // The handler of the notification of that name, which scenes still post (CleverTap's
                // singleton observes `UIApplicationDidBecomeActiveNotification` with it): nothing to move.
                fact.isEmpty = f.isTemplateStub(scope) || Self.observesNotification(scope, in: f)
            case .applicationOpenURL, .applicationContinueActivity, .applicationPerformShortcut:
                // A stub that only answers handles nothing: there is nothing to move to a scene.
                fact.isEmpty = f.isTemplateStub(scope) || f.onlyTestsAndAnswers(scope)
            case .sceneOpenURL, .sceneContinueActivity, .windowScenePerformShortcut:
                // Handlers that only log handle no link a cold launch could lose.
                fact.isEmpty = f.isTemplateStub(scope) || f.onlyLogs(scope)
            case .applicationDidFinishLaunching:
                fact.launchOptionReads = f.launchOptionReads(in: scope).map { NamedSite(name: $0.key, site: site(of: $0.token, in: f)) }
            default:
                break
            }
            facts.methods.append(fact)
            if kind == .applicationOpenURL, isLegacyOpenURL(scope, f.language) { legacy.append((facts.methods.count - 1, type.name)) }
        }
        // `application:openURL:sourceApplication:annotation:` and `application:handleOpenURL:`
        // beside `application:openURL:options:` are iOS 8's forwarders, never called since iOS 9:
        // the type's URL handling is the modern method (AppAuth's examples keep both).
        let modern = Set(facts.methods.indices.filter { i in
            facts.methods[i].kind == .applicationOpenURL && !legacy.contains { $0.0 == i }
        }.map { facts.methods[$0].typeName })
        let dropped = Set(legacy.filter { modern.contains($0.1) }.map(\.0))
        if !dropped.isEmpty { facts.methods = facts.methods.enumerated().filter { !dropped.contains($0.offset) }.map(\.element) }
    }

    /// UIApplication's window properties a project may declare again in an extension.
    static let ownApplicationMembers: Set<String> = ["keyWindow", "windows"]

    /// The URL callbacks iOS 9 replaced with `application(_:open:options:)`.
    static func isLegacyOpenURL(_ s: Scope, _ language: Language) -> Bool {
        if language == .swift { return s.labels.count >= 2 && (s.labels[1] == "handleOpen" || s.labels.contains("sourceApplication")) }
        return s.name == "application:openURL:sourceApplication:annotation:" || s.name == "application:handleOpenURL:"
    }

    /// Words whose tokens may be facts: the analyzer's one pass over a file's tokens hands these
    /// to `note`, so facts cost no pass of their own.
    static let words: [Word] = [.UISceneConfiguration, .initWithName, .configurationWithName, .UIWindow, .UIWindowScene,
                                .UINavigationController, .shared, .sharedInstance, .manager, .instance, .default,
                                .onOpenURL, .onContinueUserActivity]

    /// What a file must contain to hold any of these facts (the prefilter's words for them):
    /// the configuration words above; window state where a property of a window type could be
    /// declared (`UINavigationController` is everywhere, its stored properties are not); `@main`;
    /// and the delegate protocols — URL, scene and lifecycle methods matter only in types that
    /// adopt them, and the prefilter follows those types' names to the files that declare their
    /// subclasses, extensions and methods (`Prefilter.literals(of:)`). The singleton words are not
    /// here: a singleton matters only as the owner of window state, whose declaration the
    /// prefilter looks for by name.
    static let literals: Set<Literal> = [
        .word("@main"), .word("UISceneConfiguration"), .word("initWithName"), .word("configurationWithName"),
        .word("UIWindow"), .word("UIWindowScene"), .checked("UINavigationController", caseless: false, check: storedPropertyType),
        .word("UIApplicationDelegate"), .word("UIWindowSceneDelegate"), .word("UISceneDelegate"),
        .word("onOpenURL"), .word("onContinueUserActivity"),
    ]

    /// Accepts a type name where `windowState(at:in:)` could find a stored property of it: after
    /// a `:` (Swift's `var name: T`), or before `*`s (and `__strong`, `nullable`, `nonnull`), a
    /// name and `;` or `=` (Objective-C's `T *name;`).
    static let storedPropertyType = LiteralCheck("stored property type", wholeWord: true) { bytes, match in
        if let before = LiteralBytes.previous(before: match.lowerBound, in: bytes),
           before.byte == UInt8(ascii: ":") || before.byte == UInt8(ascii: "/") { return true }
        var i = match.upperBound
        while let next = LiteralBytes.next(from: i, in: bytes, skipping: [UInt8(ascii: "*")]) {
            if next.byte == UInt8(ascii: "/") { return true }
            guard LiteralBytes.isIdentifier(next.byte) else { return false }
            var end = next.index
            while end < bytes.count, LiteralBytes.isIdentifier(bytes[end]) { end += 1 }
            if qualifiers.contains(where: { LiteralBytes.word($0, at: next.index, in: bytes) }) { i = end; continue }
            guard let after = LiteralBytes.next(from: end, in: bytes) else { return false }
            return after.byte == UInt8(ascii: ";") || after.byte == UInt8(ascii: "=") || after.byte == UInt8(ascii: "/")
        }
        return false
    }
    private static let qualifiers: [StaticString] = ["__strong", "nullable", "nonnull"]

    /// Records what token `k` (one of `words`) says: a scene configuration name, window state,
    /// or a singleton.
    static func note(_ k: Int, in f: CodeFile, into facts: inout FileFacts) {
        switch f[k].word {
        case .UISceneConfiguration, .initWithName, .configurationWithName:
            if let (name, at) = configurationName(at: k, in: f) {
                let function = f.enclosingFunction(of: k)?.scope
                var named = NamedSite(name: name, site: site(of: at, in: f), owner: f.enclosingType(of: k)?.name, function: function?.name)
                if let function { named.resolvedBy = delegateClassSet(after: at, before: function.close, in: f) }
                facts.sceneConfigurationNames.append(named)
            }
        case .UIWindow, .UIWindowScene, .UINavigationController:
            if let candidate = windowState(at: k, in: f) { facts.windowState.append(candidate) }
        case .shared, .sharedInstance, .manager, .instance, .default:
            if let owner = singletonOwner(at: k, in: f) { facts.singletons.append(owner) }
        case .onOpenURL, .onContinueUserActivity:
            // `.onOpenURL { url in … }` on a view or scene: the SwiftUI scene takes the link.
            guard f.language == .swift, f.isPunct(k - 1, "."), f.isPunct(k + 1, "(") || f.isPunct(k + 1, "{") else { return }
            facts.methods.append(MethodFact(kind: f[k].word == .onOpenURL ? .swiftUIOpenURL : .swiftUIContinueActivity,
                                            typeName: f.enclosingType(of: k)?.name ?? "", site: site(of: k, in: f)))
        default:
            break
        }
    }

    /// `configuration.delegateClass = SceneDelegate.self` / `config.delegateClass = [SceneDelegate class]` /
    /// `[config setDelegateClass:[SceneDelegate class]]` / `.storyboard = …` between `from` and `end`:
    /// the class (or storyboard) named, or `storyboard`.
    static func delegateClassSet(after from: Int, before end: Int, in f: CodeFile) -> String? {
        var q = from + 1
        while q < min(end, f.tokens.count), q - from < 400 {
            defer { q += 1 }
            guard f[q].kind == .identifier else { continue }
            let text = f.text(q)
            if text == "setDelegateClass", f.isPunct(q + 1, ":") {
                return f.isPunct(q + 2, "[") && f[q + 3].kind == .identifier ? f.text(q + 3) : "?"
            }
            guard text == "delegateClass" || text == "storyboard", f.isPunct(q - 1, "."), f.isPunct(q + 1, "=") else { continue }
            if text == "storyboard" { return "storyboard" }
            if f[q + 2].kind == .identifier { return f.text(q + 2) }
            if f.isPunct(q + 2, "["), f[q + 3].kind == .identifier { return f.text(q + 3) }
            return "?"
        }
        return nil
    }

    static func objcName(before scope: Scope, in f: CodeFile) -> String? {
        for q in scope.declarationStart..<scope.open where f[q].kind == .atWord && f[q].word == .objc {
            if f.isPunct(q + 1, "("), f[q + 2].kind == .identifier { return f.text(q + 2) }
        }
        return nil
    }

    static func methodKind(_ s: Scope, _ language: Language) -> MethodFact.Kind? {
        if language == .swift {
            switch s.name {
            case "applicationDidBecomeActive": return s.labels.count == 1 ? .applicationDidBecomeActive : nil
            case "applicationWillResignActive": return s.labels.count == 1 ? .applicationWillResignActive : nil
            case "applicationDidEnterBackground": return s.labels.count == 1 ? .applicationDidEnterBackground : nil
            case "applicationWillEnterForeground": return s.labels.count == 1 ? .applicationWillEnterForeground : nil
            case "sceneDidBecomeActive": return .sceneDidBecomeActive
            case "sceneWillResignActive": return .sceneWillResignActive
            case "sceneDidEnterBackground": return .sceneDidEnterBackground
            case "sceneWillEnterForeground": return .sceneWillEnterForeground
            case "stateRestorationActivity": return s.labels == ["for"] ? .sceneStateRestoration : nil
            default: break
            }
            guard s.labels.count >= 2 else { return nil }
            switch (s.name, s.labels[1]) {
            case ("application", "open"), ("application", "handleOpen"): return .applicationOpenURL
            case ("application", "continue"): return .applicationContinueActivity
            case ("application", "performActionFor"): return .applicationPerformShortcut
            case ("application", "didFinishLaunchingWithOptions"): return .applicationDidFinishLaunching
            case ("application", "configurationForConnecting"): return .configurationForConnecting
            case ("application", "shouldSaveSecureApplicationState"), ("application", "shouldRestoreSecureApplicationState"),
                 ("application", "shouldSaveApplicationState"), ("application", "shouldRestoreApplicationState"):
                return .applicationStateRestoration
            case ("scene", "openURLContexts"): return .sceneOpenURL
            case ("scene", "continue"): return .sceneContinueActivity
            case ("scene", "willConnectTo"): return .sceneWillConnect
            case ("windowScene", "performActionFor"): return .windowScenePerformShortcut
            default: return nil
            }
        }
        switch s.name {
        case "application:openURL:options:", "application:openURL:sourceApplication:annotation:", "application:handleOpenURL:":
            return .applicationOpenURL
        case "application:continueUserActivity:restorationHandler:": return .applicationContinueActivity
        case "application:performActionForShortcutItem:completionHandler:": return .applicationPerformShortcut
        case "application:didFinishLaunchingWithOptions:": return .applicationDidFinishLaunching
        case "application:configurationForConnectingSceneSession:options:": return .configurationForConnecting
        case "applicationDidBecomeActive:": return .applicationDidBecomeActive
        case "applicationWillResignActive:": return .applicationWillResignActive
        case "applicationDidEnterBackground:": return .applicationDidEnterBackground
        case "applicationWillEnterForeground:": return .applicationWillEnterForeground
        case "sceneDidBecomeActive:": return .sceneDidBecomeActive
        case "sceneWillResignActive:": return .sceneWillResignActive
        case "sceneDidEnterBackground:": return .sceneDidEnterBackground
        case "sceneWillEnterForeground:": return .sceneWillEnterForeground
        case "application:shouldSaveSecureApplicationState:", "application:shouldRestoreSecureApplicationState:",
             "application:shouldSaveApplicationState:", "application:shouldRestoreApplicationState:":
            return .applicationStateRestoration
        case "stateRestorationActivityForScene:": return .sceneStateRestoration
        case "scene:openURLContexts:": return .sceneOpenURL
        case "scene:continueUserActivity:": return .sceneContinueActivity
        case "scene:willConnectToSession:options:": return .sceneWillConnect
        case "windowScene:performActionForShortcutItem:completionHandler:": return .windowScenePerformShortcut
        default: return nil
        }
    }

    /// The name token of a function: after `func`, or the first selector part.
    static func nameToken(_ s: Scope, in f: CodeFile) -> Int {
        var q = s.declarationStart
        while q < s.open {
            if f.is(q, .func) { return q + 1 }
            if f.language == .objectiveC, f[q].kind == .identifier, f.isPunct(q - 1, ")") { return q }
            q += 1
        }
        return s.declarationStart
    }

    static func site(of k: Int, in f: CodeFile) -> DefinitionSite {
        let offset = Int(f[k].start)
        let (line, column) = f.lines.location(of: offset)
        return DefinitionSite(path: f.path, line: line, column: column, column16: f.lines.utf16Column(of: offset, in: f.buffer), offset: offset)
    }

    /// `UISceneConfiguration(name: "N", …)`, `[[UISceneConfiguration alloc] initWithName:@"N" …]`,
    /// `[UISceneConfiguration configurationWithName:@"N" …]`: the literal and its token.
    static func configurationName(at k: Int, in f: CodeFile) -> (String, Int)? {
        var literal: Int? = nil
        if f.is(k, .UISceneConfiguration), f.language == .swift, f.isPunct(k + 1, "("), f.is(k + 2, .name), f.isPunct(k + 3, ":") {
            literal = k + 4
        } else if f.language == .objectiveC, !f.is(k, .UISceneConfiguration), f.isPunct(k + 1, ":") {
            // the receiver must be the class or a fresh instance of it
            var q = k - 1
            if f.isPunct(q, "]"), f.pair(q) >= 0 { q = f.pair(q) + 1 }
            if f.is(q, .UISceneConfiguration) { literal = k + 2 }
        }
        guard let l = literal, f[l].kind == .string else { return nil }
        var text = f.text(l)
        if text.hasPrefix("@") { text.removeFirst() }
        guard text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\""), !text.contains("\\(") else { return nil }
        return (String(text.dropFirst().dropLast()), l)
    }

    /// A stored property whose type is a window, window scene or navigation controller: a
    /// Swift `static var x: UIWindow?`/global/instance property, an Objective-C
    /// `@property … UIWindow *x;` or file-scope `static UIWindow *x;`.
    static func windowState(at k: Int, in f: CodeFile) -> WindowStateCandidate? {
        let holds = f.text(k)
        var nameToken = -1
        var isStatic = false
        if f.language == .swift {
            // `var name: UIWindow?` — the type annotation follows `name :`.
            guard f.isPunct(k - 1, ":"), f[k - 2].kind == .identifier, f.is(k - 3, .var) || f.is(k - 3, .let) else { return nil }
            nameToken = k - 2
            // `var keyWindow: UIWindow? { … }` computes a window each time: it keeps none
            // (observers, `{ didSet … }`, still store one).
            var after = k + 1
            while f.isPunct(after, "?") || f.isPunct(after, "!") { after += 1 }
            if f.isPunct(after, "{"), !(f.is(after + 1, .didSet) || f.is(after + 1, .willSet)) { return nil }
            let scope = f.scope(of: k)
            guard scope == nil || scope?.kind == .type else { return nil }  // not a local
            isStatic = scope == nil || FactExtractor.hasStaticModifier(before: k - 3, in: f)
        } else {
            var q = k + 1
            while f.isPunct(q, "*") || f[q].word == .__strong || f[q].word == .nullable || f[q].word == .nonnull { q += 1 }
            guard f[q].kind == .identifier, f.isPunct(q + 1, ";") || f.isPunct(q + 1, "=") else { return nil }
            nameToken = q
            let isProperty = (max(0, k - 12)..<k).contains { f[$0].kind == .atWord && f[$0].word == .property }
            if isProperty {
                guard f.scope(of: k)?.kind == .type else { return nil }
                // `@property (class) UIWindow *keyWindow;` is never synthesized: its getter computes
                // it, and a window it keeps is a file-scope `static`, found on its own line.
                if (max(0, k - 12)..<k).contains(where: { f.is($0, .class) }) { return nil }
            } else {
                guard f.isFileScope(k), (max(0, k - 4)..<k).contains(where: { f.is($0, .static) }) else { return nil }
                isStatic = true
            }
        }
        let owner = f.enclosingType(of: k)?.name
        return WindowStateCandidate(name: f.text(nameToken), owner: owner, isStatic: isStatic, holds: holds, site: site(of: nameToken, in: f))
    }

    /// `static let shared = Manager()` in Manager, `+ (instancetype)sharedInstance` in an
    /// Objective-C class: the type that hands out one instance.
    static func singletonOwner(at k: Int, in f: CodeFile) -> String? {
        guard let type = f.enclosingType(of: k) else { return nil }
        if f.language == .swift {
            guard f.is(k - 1, .let) || f.is(k - 1, .var), FactExtractor.hasStaticModifier(before: k - 1, in: f) else { return nil }
            let annotated = f.isPunct(k + 1, ":") && f.text(k + 2) == type.name
            let made = f.isPunct(k + 1, "=") && (f.text(k + 2) == type.name || f.is(k + 2, .Self))
            return annotated || made ? type.name : nil
        }
        // `+ (instancetype)sharedInstance` / `+ (Manager *)manager`
        guard f.isPunct(k - 1, ")"), f.pair(k - 1) > 0, f.isPunct(f.pair(k - 1) - 1, "+") else { return nil }
        let open = f.pair(k - 1)
        let returns = f.text(open + 1)
        return returns == "instancetype" || returns == type.name ? type.name : nil
    }
}

import ProjectFiles
import RuleKit
import SourceLexing

/// An API newer than the deployment target, unguarded, does not build (or crashes at launch on
/// older systems). An app's migration record shows exactly this: an app using iOS 17 Observation
/// APIs with an iOS 16 target, lowered to ObservableObject. What counts is each API's availability
/// in Apple's API documentation.
struct ApiAboveDeploymentTargetRule: Rule {
    let description = RuleDescription(
        id: .apiAboveDeploymentTarget, name: "API above the deployment target", severity: .error, facet: .availability,
        summary: "Uses an API newer than the target's IPHONEOS_DEPLOYMENT_TARGET outside an availability guard.",
        rationale: """
            The adaptive APIs of iOS 17 and later (Observation, trait registration, effective geometry, \
            reserved regions) are easy to adopt past the deployment target; unguarded, the app does not build \
            or fails on older systems. Moving a SwiftUI app from `ObservableObject` to `@Observable`, `@Bindable` and \
            `@Environment(Model.self)` with an iOS 16 target is the typical case; each entry's version is the one Apple's \
            documentation gives.
            """,
        sources: [.availability, .observableMigration, .apple("Observation", "observation")],
        fix: { site in
            site.language == .swift
                ? "Guard the use with `if #available(iOS N, *)` or mark what uses it `@available(iOS N, *)`, use a compatibility wrapper, or raise the deployment target."
                : "Guard the use with `if (@available(iOS N, *))` or mark what uses it `API_AVAILABLE(ios(N))`, use a compatibility wrapper, or raise the deployment target."
        },
        triggering: [
            Example("import ↓Observation", files: ApiAboveDeploymentTargetRule.target16, wraps: false),
            Example("import ↓Observation\nif #available(iOS 16, *) { run() }", files: ApiAboveDeploymentTargetRule.target15, wraps: false),
            Example("↓@Observable final class Store { var items: [String] = [] }", files: ApiAboveDeploymentTargetRule.target16),
            Example("struct V: View { ↓@Environment(Store.self) private var store; var body: some View { Text(\"\") } }", files: ApiAboveDeploymentTargetRule.target16),
            Example("struct V: View { var body: some View { ↓ContentUnavailableView(\"None\", systemImage: \"tray\") } }", files: ApiAboveDeploymentTargetRule.target16),
            Example("struct V: View { var x = 0; var body: some View { Text(\"\").↓onChange(of: x) { old, new in print(old, new) } } }", files: ApiAboveDeploymentTargetRule.target16),
            Example("struct V: View { var m: M; var body: some View { Text(\"\").↓environment(m) } }", files: ApiAboveDeploymentTargetRule.target16),
            Example("final class S: UIResponder, UIWindowSceneDelegate { func f(s: UIWindowScene) { let g = s.↓effectiveGeometry } }", files: ApiAboveDeploymentTargetRule.target15),
            Example("final class S: UIResponder, UIWindowSceneDelegate { func f(s: UIWindowScene) { let g = s.effectiveGeometry.↓coordinateSpace.bounds } }", files: ApiAboveDeploymentTargetRule.target16),
            Example("final class S: UIResponder, UIWindowSceneDelegate { func f(s: UIWindowScene) -> Bool { s.effectiveGeometry.↓isInteractivelyResizing } }", files: ApiAboveDeploymentTargetRule.target16),
            .objc("- (void)f:(UIWindowScene *)s { [s ↓requestGeometryUpdateWithPreferences:p errorHandler:nil]; }", files: ApiAboveDeploymentTargetRule.target15),
            Example("func f(t: UITabBarController) { t.sidebar.↓preferredPlacement = .sidebar }", files: ApiAboveDeploymentTargetRule.target16),
            .objc("- (void)f { [self.view ↓registerForTraitChanges:@[] withAction:@selector(g)]; }", files: ApiAboveDeploymentTargetRule.target16),
            .objc("- (void)f { ↓UIViewReservedRegion *r = [[UIViewReservedRegion alloc] init]; }", files: ["Package.swift": "let p = Package(name: \"P\", platforms: [.iOS(\"27.0\")])"]),
        ] + ApiAboveDeploymentTargetRule.sceneTriggering,
        nonTriggering: [
            Example("import Observation", files: ["Package.swift": "let p = Package(name: \"P\", platforms: [.iOS(.v17)])"]),
            Example("import Observation"),
            // Imported for uses that ask for iOS 17 (Mantis's crop session, at iOS 15).
            Example("#if canImport(Observation)\nimport Observation\n#endif\n@available(iOS 17, *)\nfunc track(_ s: S) { withObservationTracking { _ = s.x } onChange: { } }",
                    files: ApiAboveDeploymentTargetRule.target16),
            // Code only visionOS compiles has visionOS's deployment target, not iOS's (UTM).
            .objc("- (void)f:(UIWindowScene *)s {\n#if TARGET_OS_VISION\n    [s requestGeometryUpdateWithPreferences:p errorHandler:nil];\n#endif\n}", files: ApiAboveDeploymentTargetRule.target15),
            Example("func f(s: UIWindowScene) {\n    #if os(visionOS)\n    s.requestGeometryUpdate(.Vision(size: .zero)) { _ in }\n    #endif\n}", files: ApiAboveDeploymentTargetRule.target15),
            Example("func f(s: UIWindowScene) {\n    guard #available(macCatalyst 26.0, *) else { return }\n    _ = s.effectiveGeometry.isInteractivelyResizing\n}", files: ApiAboveDeploymentTargetRule.target16),
            // effectiveGeometry is iOS 16 (Apple's documentation), not iOS 27.
            Example("final class S: UIResponder, UIWindowSceneDelegate { func f(s: UIWindowScene) { let g = s.effectiveGeometry.systemFrame } }", files: ApiAboveDeploymentTargetRule.target16),
            Example("final class S: UIResponder, UIWindowSceneDelegate { func f(s: UIWindowScene) { let b = s.coordinateSpace.bounds } }", files: ApiAboveDeploymentTargetRule.target16),
            Example("final class S: UIResponder, UIWindowSceneDelegate { func f(s: UIWindowScene) { guard #available(iOS 26, *) else { return }; _ = s.effectiveGeometry.coordinateSpace } }", files: ApiAboveDeploymentTargetRule.target16),
            Example("func f(v: UIView) { if #available(iOS 17, *) { v.registerForTraitChanges([UITraitDisplayScale.self]) { (_: UIView, _) in } } }",
                    files: ApiAboveDeploymentTargetRule.target16),
            Example("@available(iOS 17, *)\n@Observable final class Store {}", files: ApiAboveDeploymentTargetRule.target16),
            Example("func f(v: UIView) {\n    guard #available(iOS 17.0, *) else { return }\n    v.registerForTraitChanges([UITraitDisplayScale.self]) { (_: UIView, _) in }\n}",
                    files: ApiAboveDeploymentTargetRule.target16),
            Example("struct V: View { var x = 0; var body: some View { Text(\"\").onChange(of: x) { v in print(v) } } }", files: ApiAboveDeploymentTargetRule.target16),
            Example("struct V: View { var body: some View { Text(\"\").environment(\\.colorScheme, .dark) } }", files: ApiAboveDeploymentTargetRule.target16),
            // A method of the view's own without parameters (Braze's in-app message view).
            Example("final class HTMLView: UIView {\n    init() { super.init(frame: .zero); registerForTraitChanges() }\n    private func registerForTraitChanges() { guard #available(iOS 17, *) else { return } }\n}", files: ApiAboveDeploymentTargetRule.target16),
            // An extension declared available from the API's version, another attribute between (Apptentive's corners).
            Example("@available(iOS 26.0, *)\n@MainActor extension UICornerConfiguration {\n    public static var dialogButton: UICornerConfiguration = .capsule(maximumRadius: 32)\n}", files: ApiAboveDeploymentTargetRule.target16),
            // The project's own `environment(_:)` (Corona-Warn-App's `Environments().environment(descriptor)`).
            Example("func f(d: Descriptor) -> Data { Environments().environment(d) }",
                    files: ApiAboveDeploymentTargetRule.target16.merging(["Environments.swift": "struct Environments {\n    func environment(_ name: Descriptor) -> Data { Data() }\n}"]) { a, _ in a }),
            Example("struct V: View { var body: some View { ContentUnavailableView() } }",
                    files: ApiAboveDeploymentTargetRule.target16.merging(["Backport.swift": "struct ContentUnavailableView: View { var body: some View { Text(\"\") } }"]) { a, _ in a }),
            .objc("- (void)f API_AVAILABLE(ios(17.0)) { [self.view registerForTraitChanges:@[] withAction:@selector(g)]; }", files: ApiAboveDeploymentTargetRule.target16),
            .objc("- (void)f { if (@available(iOS 17.0, *)) { [self.view registerForTraitChanges:@[] withAction:@selector(g)]; } }", files: ApiAboveDeploymentTargetRule.target16),
        ] + ApiAboveDeploymentTargetRule.sceneNonTriggering, readiness: .blocksLaunch)

    static let target16 = ["Package.swift": "let package = Package(name: \"App\", platforms: [.iOS(.v16)])"]
    static let target15 = ["Package.swift": "let package = Package(name: \"App\", platforms: [.iOS(.v15)])"]

    /// The API's name (for messages and backports) and the iOS version that introduced it. Each
    /// version is the one Apple's documentation gives (developer.apple.com/documentation/…, the
    /// page's "availability" for iOS); where a WWDC session or an app's migration record says
    /// otherwise, the documentation wins.
    static let apis: [Word: (String, OSVersion)] = [
        // swiftui/observable(), swiftui/bindable, observation: iOS 17.0
        .Observable: ("@Observable", OSVersion(17)), .Bindable: ("@Bindable", OSVersion(17)), .Observation: ("Observation", OSVersion(17)),
        // swiftui/environment/init(_:) (an Observable type), swiftui/view/environment(_:): iOS 17.0
        .Environment: ("@Environment(Type.self)", OSVersion(17)), .environment: ("environment(_:) with an observable object", OSVersion(17)),
        // swiftui/view/onchange(of:initial:_:) (two-parameter action): iOS 17.0
        .onChange: ("onChange(of:) with a two-parameter action", OSVersion(17)),
        // swiftui/contentunavailableview, swiftui/view/navigationdestination(item:destination:): iOS 17.0
        .ContentUnavailableView: ("ContentUnavailableView", OSVersion(17)), .navigationDestination: ("navigationDestination(item:)", OSVersion(17)),
        // uikit/uitraitchangeobservable/registerfortraitchanges(_:handler:): iOS 17.0
        .registerForTraitChanges: ("registerForTraitChanges", OSVersion(17)),
        // uikit/uiwindowscene/effectivegeometry, uikit/uiwindowscene/requestgeometryupdate(_:errorhandler:): iOS 16.0
        .effectiveGeometry: ("effectiveGeometry", OSVersion(16)), .requestGeometryUpdate: ("requestGeometryUpdate(_:errorHandler:)", OSVersion(16)),
        .requestGeometryUpdateWithPreferences: ("requestGeometryUpdateWithPreferences:errorHandler:", OSVersion(16)),
        // uikit/uiwindowscenedelegate/windowscene(_:didupdateeffectivegeometry:): iOS 26.0
        .didUpdateEffectiveGeometry: ("windowScene(_:didUpdateEffectiveGeometry:)", OSVersion(26)),
        // uikit/uiwindowscene/geometry/isinteractivelyresizing and …/geometry/coordinatespace: iOS 26.0
        .isInteractivelyResizing: ("UIWindowScene.Geometry.isInteractivelyResizing", OSVersion(26)),
        .coordinateSpace: ("UIWindowScene.Geometry.coordinateSpace", OSVersion(26)),
        // uikit/uicornerconfiguration-swift.struct, swiftui/concentricrectangle: iOS 26.0
        .UICornerConfiguration: ("UICornerConfiguration", OSVersion(26)), .ConcentricRectangle: ("ConcentricRectangle", OSVersion(26)),
        // uikit/uitabbarcontroller/sidebar-swift.class/preferredplacement: iOS 27.0
        .preferredPlacement: ("sidebar.preferredPlacement", OSVersion(27)),
        // WWDC26 session 278 "Modernize your UIKit app"; no documentation page was found for these
        // spellings, so the session's iOS 27 stands until one is.
        .barMinimizationBehavior: ("barMinimizationBehavior", OSVersion(27)),
        .prominentTabIdentifier: ("prominentTabIdentifier", OSVersion(27)), .preferredImageVisibility: ("preferredImageVisibility", OSVersion(27)),
        // uikit/uiviewreservedregion, uikit/uiview/reservedregion, swiftui/reservedregion: iOS 27.1
        .UIViewReservedRegion: ("UIViewReservedRegion", OSVersion(27, 1)), .ReservedRegion: ("ReservedRegion", OSVersion(27, 1)),
        // The scene APIs — what a migration to scenes, or `fleetscan fix`, writes — for apps that
        // still deploy below iOS 13. uikit/uiwindowscene, uikit/uiscene, uikit/uisceneconfiguration,
        // uikit/uiscenesession, uikit/uiopenurlcontext, uikit/uistatusbarmanager: iOS 13.0
        .UIWindowScene: ("UIWindowScene", OSVersion(13)), .UIScene: ("UIScene", OSVersion(13)),
        .UISceneConfiguration: ("UISceneConfiguration", OSVersion(13)), .UISceneSession: ("UISceneSession", OSVersion(13)),
        .UIOpenURLContext: ("UIOpenURLContext", OSVersion(13)), .UIStatusBarManager: ("UIStatusBarManager", OSVersion(13)),
        // uikit/uiwindowscene/statusbarmanager, uikit/uiwindow/windowscene (read through a
        // view's `window` too), uikit/uiapplication/connectedscenes: iOS 13.0
        .statusBarManager: ("statusBarManager", OSVersion(13)), .windowScene: ("windowScene", OSVersion(13)),
        .connectedScenes: ("connectedScenes", OSVersion(13)),
        // uikit/uiwindow/init(windowscene:) — `initWithWindowScene:` in Objective-C: iOS 13.0
        .initWithWindowScene: ("initWithWindowScene:", OSVersion(13)),
    ]

    var triggers: Set<Word> { Set(Self.apis.keys) }
    /// An API matters only where some code deploys below its version: none before the project
    /// files are read, then those newer than the oldest deployment target (a finding needs a
    /// deployment target, so none without one).
    var literals: Set<Literal> { [] }
    func literals(in project: ProjectModel) -> Set<Literal> {
        guard let lowest = project.lowestDeploymentTarget else { return [] }
        return Set(Self.apis.filter { lowest < $0.value.1 }.keys.map { w in Self.uses[w] ?? .word(w.spelling) })
    }

    /// What a use (`isUse`) of the commonest names spells, looser than `isUse`: the Observation
    /// forms `@Environment(Store.self)` and `.environment(store)`, not `\.colorScheme`, which
    /// every SwiftUI view reads.
    static let uses: [Word: Literal] = [
        .onChange: .checked("onChange", caseless: false, check: twoParameterOnChange),
        .Environment: .checked("@Environment", caseless: false, check: LiteralCheck("@Environment with a type", wholeWord: true) { bytes, match in
            argument(after: match.upperBound, in: bytes, refusing: [UInt8(ascii: "\\")])
        }),
        .environment: .checked("environment", caseless: false, check: LiteralCheck(".environment with an object", wholeWord: true) { bytes, match in
            guard let dot = LiteralBytes.previous(before: match.lowerBound, in: bytes),
                  dot.byte == UInt8(ascii: ".") || dot.byte == UInt8(ascii: "/") else { return false }
            return argument(after: match.upperBound, in: bytes, refusing: [UInt8(ascii: "\\"), UInt8(ascii: ")")])
        }),
    ]

    /// `.onChange(of: x, initial: true)` or `.onChange(of: x) { old, new in`: the two forms of iOS 17,
    /// read on bytes as `isUse` reads them on tokens; a string or a comment on the way is accepted
    /// (what a byte cannot tell, a token could).
    static let twoParameterOnChange = LiteralCheck("onChange with two parameters", wholeWord: true) { bytes, match in
        guard let dot = LiteralBytes.previous(before: match.lowerBound, in: bytes) else { return false }
        guard dot.byte == UInt8(ascii: ".") || dot.byte == UInt8(ascii: "/") else { return false }
        guard let open = LiteralBytes.next(from: match.upperBound, in: bytes) else { return false }
        if open.byte == UInt8(ascii: "/") { return true }
        guard open.byte == UInt8(ascii: "(") else { return false }
        var depth = 0, i = open.index
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "/") || b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") || b == UInt8(ascii: "#") { return true }
            if b == UInt8(ascii: "(") { depth += 1 }
            if b == UInt8(ascii: ")") { depth -= 1; if depth == 0 { break } }
            if LiteralBytes.word("initial", at: i, in: bytes), !LiteralBytes.isIdentifier(bytes[i - 1]) { return true }
            i += 1
        }
        guard i < bytes.count, let brace = LiteralBytes.next(from: i + 1, in: bytes) else { return false }
        if brace.byte == UInt8(ascii: "/") { return true }
        guard brace.byte == UInt8(ascii: "{") else { return false }
        // `{ old, new in`: names (or `_`) and commas, then `in` after exactly two names.
        var names = 0, j = brace.index + 1
        while let next = LiteralBytes.next(from: j, in: bytes) {
            if next.byte == UInt8(ascii: "/") { return true }
            if next.byte == UInt8(ascii: ",") { j = next.index + 1; continue }
            guard LiteralBytes.isIdentifier(next.byte) else { return false }
            if LiteralBytes.word("in", at: next.index, in: bytes) { return names == 2 }
            names += 1
            j = next.index
            while j < bytes.count, LiteralBytes.isIdentifier(bytes[j]) { j += 1 }
        }
        return false
    }

    /// Whether `(` and then an argument not starting with one of `refusing` follow `i` (a `/`
    /// anywhere on the way may open a comment: accepted).
    static func argument(after i: Int, in bytes: UnsafeRawBufferPointer, refusing: [UInt8]) -> Bool {
        guard let open = LiteralBytes.next(from: i, in: bytes) else { return false }
        if open.byte == UInt8(ascii: "/") { return true }
        guard open.byte == UInt8(ascii: "("), let first = LiteralBytes.next(from: open.index + 1, in: bytes) else { return false }
        return !refusing.contains(first.byte)
    }

    func check(at k: Int, in f: CodeFile, model: RepositoryModel, into sink: inout FindingSink) {
        let t = f[k]
        guard let (api, version) = Self.apis[t.word], isUse(k, t.word, in: f) else { return }
        let name = t.word == .windowScene && f.isPunct(k + 1, ":") ? "init(windowScene:)" : api
        if let guaranteed = Availability.guaranteed(at: k, in: f), guaranteed >= version { return }
        if let checked = checkedEarlierInCondition(k, in: f), checked >= version { return }
        if let declared = headerAvailability(k, in: f), declared >= version { return }
        if f.language == .objectiveC, let declared = ObjCDeclarations.statementAvailability(at: k, in: f), declared >= version { return }
        // `@available(iOS 17, *) @Observable final class …`: attributes of one declaration.
        if t.kind == .atWord, let declared = Availability.osVersion(in: attributeRun(around: k, in: f), word: .available, in: f),
           declared >= version { return }
        // The marker goes on the attribute for `@Observable`-style uses.
        var report = k
        if f[k - 1].isPunct("@") { report = k - 1 }
        var p = PendingFinding(rule: description.id, offset: Int(f[report].start), line: 0, column: 0, facet: .availability,
                               message: "`\(name)` needs iOS \(version); this code can run on earlier versions", typeName: nil, functionName: nil)
        p.requires = version
        if f.language == .objectiveC { p.member = ObjCDeclarations.member(around: k, in: f) }
        if t.word == .ContentUnavailableView || t.word == .ConcentricRectangle || t.word == .ReservedRegion || t.word == .environment {
            p.unlessDeclared = f.text(k)
        }
        sink.add(p, at: report)
    }

    /// `if #available(iOS 13, *), let s = x as? UIWindowScene {`, `guard #available(…), … else`,
    /// `if (@available(iOS 13.0, *) && …)`: a check earlier in the same condition covers what
    /// follows it there.
    func checkedEarlierInCondition(_ k: Int, in f: CodeFile) -> OSVersion? {
        var q = k - 1
        while q >= 0, k - q < 96 {
            if f.is(q, .if) || f.is(q, .guard) || f.is(q, .while) { return Availability.osVersion(in: q..<k, word: .available, in: f) }
            if f.isPunct(q, "{") || f.isPunct(q, "}") || f.isPunct(q, ";") { return nil }
            q -= 1
        }
        return nil
    }

    /// In a function's or property's declaration (its parameters and result: `func f(_ s:
    /// UISceneSession) -> UISceneConfiguration {`), the `@available`/`API_AVAILABLE` of that
    /// declaration, which covers its header as much as its body.
    func headerAvailability(_ k: Int, in f: CodeFile) -> OSVersion? {
        // A type's or extension's too: `@available(iOS 26.0, *) @MainActor extension UICornerConfiguration {` (Apptentive).
        for scope in f.structure.scopes where (scope.kind == .function || scope.kind == .accessor || scope.kind == .type) && scope.declarationStart <= k && k < scope.open {
            return Availability.declaredVersion(of: scope, in: f)
        }
        return nil
    }

    /// Whether the file declares a property or variable of this name itself (`var windowScene`,
    /// `@property UIWindowScene *windowScene;`): `self.windowScene` is then its own.
    func declaresOwn(_ name: String, in f: CodeFile) -> Bool {
        f.tokens.indices.contains { f.text($0) == name && (f.is($0 - 1, .var) || f.is($0 - 1, .let) || (f.language == .objectiveC && f.isCDeclarator($0))) }
    }

    /// The attributes and modifiers written together with the attribute at `k`.
    func attributeRun(around k: Int, in f: CodeFile) -> Range<Int> {
        func isPart(_ q: Int) -> Bool {
            let t = f[q]
            return t.kind == .atWord || (t.kind == .identifier && (t.word == .final || t.word == .public || t.word == .private
                || t.word == .internal || t.word == .fileprivate || t.word == .open || t.word == .package || t.word == .nonisolated))
        }
        var s = k, e = k
        while s > 0 {
            if f.isPunct(s - 1, ")"), f.pair(s - 1) > 0, f[f.pair(s - 1) - 1].kind == .atWord { s = f.pair(s - 1) - 1; continue }
            if isPart(s - 1) { s -= 1; continue }
            break
        }
        while e + 1 < f.tokens.count {
            if f.isPunct(e + 1, "("), f[e].kind == .atWord, f.pair(e + 1) > e { e = f.pair(e + 1); continue }
            if isPart(e + 1) { e += 1; continue }
            break
        }
        return s..<(e + 1)
    }

    /// Whether some `#available` or `@available` of the file asks for iOS `major` or later.
    static func asksForIOS(_ major: Int, in f: CodeFile) -> Bool {
        f.tokens.indices.contains { q in
            (f[q].kind == .hashWord || f[q].kind == .atWord) && f[q].word == .available && f.isPunct(q + 1, "(") && f.pair(q + 1) > q
                && (Availability.version(in: q..<f.pair(q + 1), word: .available, in: f) ?? 0) >= major
        }
    }

    /// Whether the token is the API in use (not a declaration, a look-alike member or label).
    func isUse(_ k: Int, _ w: Word, in f: CodeFile) -> Bool {
        let t = f[k]
        switch w {
        case .Observable, .Bindable:
            return t.kind == .atWord
        case .Environment:
            // `@Environment(Store.self)`, not `@Environment(\.colorScheme)`
            guard t.kind == .atWord, f.isPunct(k + 1, "(") else { return false }
            let close = f.pair(k + 1)
            return close > k + 3 && f.is(close - 1, .self) && f.isPunct(close - 2, ".")
        case .Observation:
            // An import cannot be guarded; it is when what uses the module is: a file that asks for
            // iOS 17 (`if #available(iOS 17, *)`, `@available(iOS 17, *)`) imports it for those
            // uses, and builds at an older target (Mantis's `CropSession`).
            return f.is(k - 1, .import) && !Self.asksForIOS(17, in: f)
        case .environment:
            guard f.isPunct(k - 1, "."), f.isPunct(k + 1, "(") else { return false }
            let close = f.pair(k + 1)
            guard close > k + 2, !f.isPunct(k + 2, "\\") else { return false }
            var q = k + 2
            while q < close {
                if f.isPunct(q, ",") || (f[q].kind == .identifier && f.isPunct(q + 1, ":")) { return false }
                if f.isPunct(q, "(") || f.isPunct(q, "["), f.pair(q) > q { q = f.pair(q) }
                q += 1
            }
            return true
        case .onChange:
            guard f.isPunct(k - 1, "."), f.isPunct(k + 1, "(") else { return false }
            let close = f.pair(k + 1)
            guard close > k else { return false }
            if (k + 2..<close).contains(where: { f.is($0, .initial) && f.isPunct($0 + 1, ":") }) { return true }
            // the trailing closure's parameters: `{ old, new in`
            guard f.isPunct(close + 1, "{") else { return false }
            var q = close + 2, names = 0
            while q < close + 12 {
                if f[q].kind == .identifier || f.isPunct(q, "_") {
                    if f.is(q, .in) { return names == 2 }
                    names += 1
                } else if !f.isPunct(q, ",") { return false }
                q += 1
            }
            return false
        case .navigationDestination:
            return f.isPunct(k + 1, "(") && f.is(k + 2, .item) && f.isPunct(k + 3, ":")
        case .registerForTraitChanges:
            // UIKit's always takes the traits: `registerForTraitChanges()` is a method of the
            // project's own (Braze's HTML in-app message view).
            if f.language == .swift, f.isPunct(k + 1, "("), f.isPunct(k + 2, ")") { return false }
            return !Expr.isDeclaredName(k, in: f) && (f.isPunct(k + 1, "(") || f.isPunct(k + 1, ":"))
        case .preferredPlacement:
            return f.isPunct(k - 1, ".") && f.is(k - 2, .sidebar)
        case .effectiveGeometry, .barMinimizationBehavior, .prominentTabIdentifier, .preferredImageVisibility, .isInteractivelyResizing:
            return f.isPunct(k - 1, ".") || (f.language == .objectiveC && f.isPunct(k + 1, "]"))
        case .coordinateSpace:
            // Only the scene geometry's: `….effectiveGeometry.coordinateSpace`, `[scene.effectiveGeometry coordinateSpace]`.
            if f.isPunct(k - 1, ".") { return f.is(k - 2, .effectiveGeometry) }
            return f.language == .objectiveC && f.is(k - 1, .effectiveGeometry) && f.isPunct(k + 1, "]")
        case .requestGeometryUpdate, .requestGeometryUpdateWithPreferences:
            return !Expr.isDeclaredName(k, in: f) && (f.isPunct(k + 1, "(") || f.isPunct(k + 1, ":"))
        case .didUpdateEffectiveGeometry:
            return true
        case .statusBarManager, .connectedScenes:
            // `scene.statusBarManager`, `[scene statusBarManager]`; not a declaration or a local.
            return f.isPunct(k - 1, ".") || (f.language == .objectiveC && f.isPunct(k + 1, "]") && !Expr.isDeclaredName(k, in: f)
                && (f[k - 1].kind == .identifier || f.isPunct(k - 1, "]") || f.isPunct(k - 1, ")")))
        case .windowScene:
            // `UIWindow(windowScene: s)`, `super.init(windowScene:)`: the initializer.
            if f.language == .swift, f.isPunct(k + 1, ":"), f.isPunct(k - 1, "(") {
                let head = k - 2
                return f.text(head).hasSuffix("Window") || (f.is(head, .`init`) && f.isPunct(head - 1, "."))
            }
            // `window.windowScene`, `[window windowScene]`; a variable or parameter of that name is
            // not the property, nor `self.windowScene` of a type that declares its own.
            let member = f.isPunct(k - 1, ".") || (f.language == .objectiveC && f.isPunct(k + 1, "]") && !Expr.isDeclaredName(k, in: f)
                && (f[k - 1].kind == .identifier || f.isPunct(k - 1, "]") || f.isPunct(k - 1, ")")))
            guard member else { return false }
            let receiver = f.isPunct(k - 1, ".") ? k - 2 : k - 1
            return !(f.is(receiver, .self) && declaresOwn("windowScene", in: f))
        case .initWithWindowScene:
            return f.isPunct(k + 1, ":") && !Expr.isDeclaredName(k, in: f)
        default:
            // Type names: `ContentUnavailableView(`, `[UIViewReservedRegion alloc]`, not `struct
            // ContentUnavailableView`, nor a forward declaration (`@class UIWindowScene;`).
            var q = k - 1
            while f.isPunct(q, ",") && f[q - 1].kind == .identifier { q -= 2 }
            if f[q].kind == .atWord, f[q].word == .class { return false }
            return !Expr.isDeclaredName(k, in: f) && !f.isPunct(k - 1, ".")
        }
    }
}

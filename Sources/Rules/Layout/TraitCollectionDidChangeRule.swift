import RuleKit
import SourceLexing

/// `traitCollectionDidChange(_:)` is deprecated since iOS 17; WWDC26 session 278 "Modernize your
/// UIKit app": new code can use the trait-change registration API instead of overriding the fading
/// `traitCollectionDidChange:`.
struct TraitCollectionDidChangeRule: Rule {
    let description = RuleDescription(
        id: .traitCollectionDidChange, name: "traitCollectionDidChange override", severity: .note, facet: .size,
        summary: "Overrides traitCollectionDidChange (deprecated since iOS 17).",
        rationale: """
            Trait changes are the signal resizable windows send (size classes, display scale). UIKit now tracks \
            the traits read in layout and drawing automatically, and `registerForTraitChanges` observes exactly \
            the traits a cache depends on; `traitCollectionDidChange` is deprecated.
            """,
        sources: [.modernizeUIKit, .apple("traitCollectionDidChange(_:)", "uikit/uitraitenvironment/traitcollectiondidchange(_:)"), .apple("UITraitChangeObservable", "uikit/uitraitchangeobservable")],
        fix: { site in
            if site.shapes.contains(.onlyCallsSuper) { return "This override only calls `super`: delete it — there is nothing to register for." }
            guard site.receiver != nil else {
                return "Register for the traits the code depends on (the message names those the override reads, in its body or in the methods of its type it calls) with `\(site.language == .swift ? "registerForTraitChanges(_:handler:)" : "registerForTraitChanges:withAction:")`."
            }
            return site.language == .swift ? "Use `registerForTraitChanges([…]) { (self: Self, previous) in … }` with the traits the code depends on (the message names those the override reads, in its body or in the methods of its type it calls), or, from iOS 18, rely on automatic trait tracking in layoutSubviews."
                : "Use `[self registerForTraitChanges:@[…] withAction:@selector(traitsDidChange:previousTraitCollection:)]` with the traits the code depends on (the message names those the override reads, in its body or in the methods of its type it calls)."
        },
        triggering: [
            // An override that only calls super: delete it (Siskin's chat list).
            Example("final class Chats: UITableViewController {\n    override func ↓traitCollectionDidChange(_ previous: UITraitCollection?) {\n        super.traitCollectionDidChange(previous)\n    }\n}",
                    suggestion: "This override only calls `super`: delete it"),
            Example("class V: UIView { override func ↓traitCollectionDidChange(_ previous: UITraitCollection?) { super.traitCollectionDidChange(previous); relayout() } }",
                    suggestion: "Use `registerForTraitChanges([…]) { (self: Self, previous) in … }`"),
            .objc("@interface V : UIViewController\n@end\n@implementation V\n- (void)↓traitCollectionDidChange:(UITraitCollection *)previous {\n    [super traitCollectionDidChange:previous];\n    [self relayout];\n}\n@end",
                  suggestion: "Use `[self registerForTraitChanges:@[…] withAction:@selector(traitsDidChange:previousTraitCollection:)]`"),
            // The message names the traits the override reads: here the appearance, not the size class.
            Example("""
                class V: UIView {
                    override func ↓traitCollectionDidChange(_ previous: UITraitCollection?) {
                        super.traitCollectionDidChange(previous)
                        layer.borderColor = UIColor.separator.cgColor
                        label.font = UIFontMetrics(forTextStyle: .body).scaledFont(for: .systemFont(ofSize: 15))
                    }
                }
                """, message: "`traitCollectionDidChange` is deprecated; register for the traits it reads: `UITraitCollection.systemTraitsAffectingColorAppearance`, `UITraitPreferredContentSizeCategory`"),
            .objc("@implementation V\n- (void)↓traitCollectionDidChange:(UITraitCollection *)previous {\n    [super traitCollectionDidChange:previous];\n}\n@end"),
            // A registration for a trait of its own leaves the size class to the override (LNPopupController's bar).
            Example("final class Bar: UIView {\n    func setUp() {\n        if #available(iOS 17.0, *) { registerForTraitChanges([BarEnvironmentTrait.self]) { (self: Self, _: UITraitCollection) in self.update() } }\n    }\n    override func ↓traitCollectionDidChange(_ previous: UITraitCollection?) {\n        super.traitCollectionDidChange(previous)\n        compact = traitCollection.horizontalSizeClass == .compact\n    }\n}"),
            // A registration only visionOS compiles leaves the override iOS's (Braze's content card cell).
            Example("final class Card: UITableViewCell {\n    func setUp() {\n        #if os(visionOS)\n        registerForTraitChanges([UITraitActiveAppearance.self]) { (self: Self, _: UITraitCollection) in self.apply() }\n        #endif\n    }\n    #if !os(visionOS)\n    override func ↓traitCollectionDidChange(_ previous: UITraitCollection?) {\n        super.traitCollectionDidChange(previous)\n        apply()\n    }\n    #endif\n}"),
            // What it reads itself and in the methods of its own it calls (TLPhotoPicker's picker).
            Example("""
                class Picker: UIViewController {
                    override func ↓traitCollectionDidChange(_ previous: UITraitCollection?) {
                        super.traitCollectionDidChange(previous)
                        if traitCollection.forceTouchCapability == .available { registerForPreviewing(with: self, sourceView: view) }
                        updateUserInterfaceStyle()
                    }
                    private func updateUserInterfaceStyle() { view.backgroundColor = traitCollection.userInterfaceStyle == .dark ? .black : .white }
                }
                """, message: "`traitCollectionDidChange` is deprecated; register for the traits it reads: `UITraitForceTouchCapability`, `UITraitUserInterfaceStyle`"),
            .objc("@implementation V\n- (void)↓traitCollectionDidChange:(UITraitCollection *)previous {\n    [super traitCollectionDidChange:previous];\n    [self applyTheme];\n}\n- (void)applyTheme {\n    self.layer.borderColor = [UIColor separatorColor].CGColor;\n}\n@end",
                  message: "`traitCollectionDidChange` is deprecated; register for the traits it reads: `UITraitCollection.systemTraitsAffectingColorAppearance`"),
            // Objective-C names the method by its selector's first piece (seafile's cells).
            .objc("@implementation Cell\n- (void)↓traitCollectionDidChange:(UITraitCollection *)previous {\n    [super traitCollectionDidChange:previous];\n    if ([self.traitCollection hasDifferentColorAppearanceComparedToTraitCollection:previous]) { [self reloadColors]; }\n}\n@end",
                  message: "`traitCollectionDidChange` is deprecated; register for the traits it reads: `UITraitCollection.systemTraitsAffectingColorAppearance`"),
            // Its fix needs iOS 17, not a scene: reported in tests with no host app too (swift-snapshot-testing's).
            Example("final class SnapshotTests: XCTestCase {\n    final class V: UIView { override func ↓traitCollectionDidChange(_ previous: UITraitCollection?) { super.traitCollectionDidChange(previous) } }\n}",
                    path: "Tests/KitTests/SnapshotTests.swift",
                    files: ["Package.swift": "let package = Package(name: \"Kit\", platforms: [.iOS(.v13)], targets: [.target(name: \"Kit\"), .testTarget(name: \"KitTests\", dependencies: [\"Kit\"])])"]),
        ],
        nonTriggering: [
            Example("class V: UIView { func f() { registerForTraitChanges([UITraitHorizontalSizeClass.self]) { (v: V, _) in } } }"),
            // Registered from iOS 17, the override kept for earlier versions (Apptentive's survey cell).
            Example("""
                final class Cell: UITableViewCell {
                    func observe() {
                        if #available(iOS 17.0, *) {
                            registerForTraitChanges([UITraitPreferredContentSizeCategory.self]) { (self: Self, _: UITraitCollection) in self.resize() }
                        }
                    }
                    override func traitCollectionDidChange(_ previous: UITraitCollection?) {
                        super.traitCollectionDidChange(previous)
                        resize()
                    }
                }
                """),
            // Registered for the colour traits, which hold the style the override also reads (Mantis's blur view).
            Example("""
                final class Blur: UIVisualEffectView {
                    func observe() {
                        if #available(iOS 17.0, *) {
                            registerForTraitChanges(UITraitCollection.systemTraitsAffectingColorAppearance) { (self: Self, _: UITraitCollection) in self.apply() }
                        }
                    }
                    override func traitCollectionDidChange(_ previous: UITraitCollection?) {
                        super.traitCollectionDidChange(previous)
                        guard #unavailable(iOS 17.0) else { return }
                        if let previous, traitCollection.hasDifferentColorAppearance(comparedTo: previous), traitCollection.userInterfaceStyle == .dark { apply() }
                    }
                }
                """),
            Example("protocol P { func traitCollectionDidChange(_ previous: UITraitCollection?) }"),
            // A method of the project's own with the same name is no override of UIKit's.
            Example("extension UIColor { static func traitCollectionDidChange(to traits: UITraitCollection) -> UIColor { .label } }"),
            .objc("@implementation Theme\n+ (void)traitCollectionDidChange:(UITraitCollection *)traits {\n}\n@end"),
            .objc("@interface V : UIView\n- (void)traitCollectionDidChange:(UITraitCollection *)previous;\n@end"),
        ], fixNeedsIOS: 17)

    var triggers: Set<Word> { [.traitCollectionDidChange] }

    func check(at k: Int, in f: CodeFile, model: RepositoryModel, into sink: inout FindingSink) {
        if f.language == .swift {
            // UIKit's is an instance method, overridden: `override func traitCollectionDidChange`.
            guard f.is(k - 1, .func), f.enclosingType(of: k)?.typeKind != .swiftProtocol, Self.hasOverride(before: k - 1, in: f) else { return }
        } else {
            guard Expr.isDeclaredName(k, in: f), f.enclosingType(of: k)?.typeKind == .objcImplementation else { return }
            // `- (void)traitCollectionDidChange:`, not a class method `+ (void)…`.
            if f.isPunct(k - 1, ")"), f.pair(k - 1) > 0, f.isPunct(f.pair(k - 1) - 1, "+") { return }
        }
        // The type registers for its traits already (iOS 17) and keeps the override as the fallback
        // for earlier versions (Apptentive's survey cell): migrated.
        // A registration compiled only where the override is not (`#if os(visionOS)`, Braze's cells) is none.
        let branches = f.lexed.branches
        func compiledWith(_ q: Int) -> Set<Int> {
            let o = Int(f[q].start)
            return Set(branches.indices.filter { branches[$0].start <= o && o < branches[$0].end })
        }
        let traits = Self.traitsRead(after: k, in: f)
        // It must register for what the override reads: a registration for a trait of its own
        // leaves the size class and the rest to the override (LNPopupController's bar).
        func registers(_ q: Int) -> Bool {
            var names = Set((q..<min(q + 48, f.tokens.count)).map(f.text))
            // UIKit's list of the traits colours resolve by holds the style, the contrast and the level (Mantis's blur view).
            if names.contains("systemTraitsAffectingColorAppearance") {
                names.formUnion(["UITraitUserInterfaceStyle", "UITraitAccessibilityContrast", "UITraitUserInterfaceLevel"])
            }
            return traits.allSatisfy { t in names.contains(t.split(separator: ".").last.map(String.init) ?? t) }
        }
        if let type = f.enclosingType(of: k), (type.open..<min(type.close, f.tokens.count)).contains(where: { q in
            f.text(q) == "registerForTraitChanges" && ((f.isPunct(q + 1, "(") && !f.isPunct(q + 2, ")")) || f.isPunct(q + 1, ":"))
                && compiledWith(q).isSubset(of: compiledWith(k)) && registers(q)
        }) { return }
        sink.report(description, at: k, message: "`traitCollectionDidChange` is deprecated; register for the traits "
                    + (traits.isEmpty ? "you depend on (the override reads none itself: look in what it calls)" : "it reads: " + traits.map { "`\($0)`" }.joined(separator: ", ")),
                    shapes: Self.onlyCallsSuper(k, in: f) ? .onlyCallsSuper : [])
    }

    /// Whether the body of the method declared at `k` is only `super.traitCollectionDidChange(previous)`
    /// (`[super traitCollectionDidChange:previous];`).
    static func onlyCallsSuper(_ k: Int, in f: CodeFile) -> Bool {
        var open = k
        while open < min(k + 40, f.tokens.count), !f.isPunct(open, "{") { open += 1 }
        let close = f.pair(open)
        guard open < f.tokens.count, close > open else { return false }
        let body = (open + 1..<close).filter { !f.isPunct($0, ";") }.map(f.text)
        return body.count >= 3 && (body.first == "super" || (body.first == "[" && body.dropFirst().first == "super"))
            && body.contains("traitCollectionDidChange") && !body.contains(where: { ["self", "return", "="].contains($0) })
            && body.filter { $0 == "(" || $0 == "[" }.count <= 1
    }

    /// The traits system colours resolve by (uikit/uitraitcollection/systemtraitsaffectingcolorappearance, iOS 17).
    static let colorTraits = "UITraitCollection.systemTraitsAffectingColorAppearance"

    /// What an override's body reads, as the trait types `registerForTraitChanges` takes.
    static let traitOfWord: [(String, String)] = [
        ("horizontalSizeClass", "UITraitHorizontalSizeClass"), ("verticalSizeClass", "UITraitVerticalSizeClass"),
        // Colours resolve by style, contrast and level together: UIKit lists those traits itself.
        ("userInterfaceStyle", "UITraitUserInterfaceStyle"), ("hasDifferentColorAppearance", Self.colorTraits),
        ("cgColor", Self.colorTraits), ("CGColor", Self.colorTraits), ("resolvedColor", Self.colorTraits),
        ("preferredContentSizeCategory", "UITraitPreferredContentSizeCategory"), ("preferredFont", "UITraitPreferredContentSizeCategory"),
        ("scaledFont", "UITraitPreferredContentSizeCategory"), ("scaledValue", "UITraitPreferredContentSizeCategory"),
        ("displayScale", "UITraitDisplayScale"), ("layoutDirection", "UITraitLayoutDirection"),
        ("userInterfaceLevel", "UITraitUserInterfaceLevel"), ("accessibilityContrast", "UITraitAccessibilityContrast"),
        ("legibilityWeight", "UITraitLegibilityWeight"), ("forceTouchCapability", "UITraitForceTouchCapability"),
        ("displayGamut", "UITraitDisplayGamut"), ("activeAppearance", "UITraitActiveAppearance"),
        ("imageDynamicRange", "UITraitImageDynamicRange"),
    ]

    /// The traits the body of the method declared at `k` reads, in the order first read, and
    /// those read by the methods of the same file it calls on itself (`updateUserInterfaceStyle()`,
    /// TLPhotoPicker), one call deep.
    static func traitsRead(after k: Int, in f: CodeFile, followingCalls: Bool = true) -> [String] {
        var open = k + 1
        while open < f.tokens.count, open - k < 64, !f.isPunct(open, "{"), !f.isPunct(open, ";") {
            if f.isPunct(open, "("), f.pair(open) > open { open = f.pair(open) }
            open += 1
        }
        guard f.isPunct(open, "{"), f.pair(open) > open else { return [] }
        var out: [String] = []
        for q in (open + 1)..<f.pair(open) where f[q].kind == .identifier {
            let text = f.text(q)
            // `helper()` / `self.helper()` (Swift), `[self helper]` (Objective-C): a method of this file.
            let onSelf = f.language == .swift ? (f.isPunct(q + 1, "(") && (!f.isPunct(q - 1, ".") || f.is(q - 2, .self)))
                                              : (f.is(q - 1, .self) && (f.isPunct(q + 1, "]") || f.isPunct(q + 1, ":")))
            if followingCalls, onSelf, let callee = f.structure.scopes.first(where: { $0.kind == .function && $0.name.split(separator: ":").first.map(String.init) == text }) {
                for trait in traitsRead(after: callee.open - 1, in: f, followingCalls: false) where !out.contains(trait) { out.append(trait) }
            }
            // Objective-C spells a method by its selector's first piece, which starts with the
            // Swift base name: `hasDifferentColorAppearanceComparedToTraitCollection`, `preferredFontForTextStyle`.
            let match = traitOfWord.first(where: { $0.0 == text })
                ?? (f.language == .objectiveC && f.isPunct(q + 1, ":") ? traitOfWord.first(where: { text.hasPrefix($0.0) }) : nil)
            if let trait = match?.1, !out.contains(trait) { out.append(trait) }
        }
        return out
    }

    /// Whether the declaration whose `func` is at `funcToken` says `override` among its modifiers.
    static func hasOverride(before funcToken: Int, in f: CodeFile) -> Bool {
        var q = funcToken - 1
        while q >= 0, funcToken - q < 12 {
            let t = f[q]
            if t.kind == .identifier, t.word == .override { return true }
            guard t.kind == .identifier || t.kind == .atWord || f.isPunct(q, ")") else { return false }
            if f.isPunct(q, ")"), f.pair(q) >= 0 { q = f.pair(q) }
            if t.kind == .identifier, ![.public, .private, .fileprivate, .internal, .open, .final, .dynamic, .nonisolated, .package].contains(t.word),
               f.text(q) != "objc", f.text(q) != "MainActor" { return false }
            q -= 1
        }
        return false
    }
}

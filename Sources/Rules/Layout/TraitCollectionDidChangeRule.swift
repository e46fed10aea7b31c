import RuleKit
import SourceLexing

/// `traitCollectionDidChange(_:)` is deprecated since iOS 17; seed 000: "在新项目中可使用 Trait
/// 变化注册 API，避免重写已经逐步淡出的 traitCollectionDidChange:".
struct TraitCollectionDidChangeRule: Rule {
    let description = RuleDescription(
        id: "trait-collection-did-change", name: "traitCollectionDidChange override", severity: .note, facet: .size,
        summary: "Overrides traitCollectionDidChange (deprecated since iOS 17).",
        rationale: """
            Trait changes are the signal resizable windows send (size classes, display scale). UIKit now tracks \
            the traits read in layout and drawing automatically, and `registerForTraitChanges` observes exactly \
            the traits a cache depends on; `traitCollectionDidChange` is deprecated (seed 000).
            """,
        fix: { _, language, _ in
            language == .swift ? "Use `registerForTraitChanges([UITraitHorizontalSizeClass.self]) { (self: Self, previous) in … }`, or rely on automatic trait tracking in layoutSubviews."
                : "Use `[self registerForTraitChanges:@[UITraitHorizontalSizeClass.class] withAction:@selector(traitsDidChange:previousTraitCollection:)]`."
        },
        triggering: [
            Example("class V: UIView { override func ↓traitCollectionDidChange(_ previous: UITraitCollection?) { super.traitCollectionDidChange(previous) } }"),
            .objc("@implementation V\n- (void)↓traitCollectionDidChange:(UITraitCollection *)previous {\n    [super traitCollectionDidChange:previous];\n}\n@end"),
        ],
        nonTriggering: [
            Example("class V: UIView { func f() { registerForTraitChanges([UITraitHorizontalSizeClass.self]) { (v: V, _) in } } }"),
            Example("protocol P { func traitCollectionDidChange(_ previous: UITraitCollection?) }"),
            // A method of the project's own with the same name is no override of UIKit's.
            Example("extension UIColor { static func traitCollectionDidChange(to traits: UITraitCollection) -> UIColor { .label } }"),
            .objc("@implementation Theme\n+ (void)traitCollectionDidChange:(UITraitCollection *)traits {\n}\n@end"),
            .objc("@interface V : UIView\n- (void)traitCollectionDidChange:(UITraitCollection *)previous;\n@end"),
        ])

    var triggers: Set<Word> { [.traitCollectionDidChange] }

    func check(at k: Int, in f: CodeFile, model: RepositoryModel, into sink: inout FindingSink) {
        if f.language == .swift {
            // UIKit's is an instance method, overridden: `override func traitCollectionDidChange`.
            guard f.is(k - 1, .func), f.enclosingType(of: k)?.typeKind != .swiftProtocol, Self.hasOverride(before: k - 1, in: f) else { return }
        } else {
            guard Expr.isDeclaredName(k, in: f), f.enclosingType(of: k)?.typeKind == .objcImplementation else { return }
            // `- (void)traitCollectionDidChange:`, not a class method `+ (void)…`.
            if f.isPunct(k - 1, UInt8(ascii: ")")), f.pair(k - 1) > 0, f.isPunct(f.pair(k - 1) - 1, UInt8(ascii: "+")) { return }
        }
        sink.report(description, at: k, message: "`traitCollectionDidChange` is deprecated; register for the traits you depend on")
    }

    /// Whether the declaration whose `func` is at `funcToken` says `override` among its modifiers.
    static func hasOverride(before funcToken: Int, in f: CodeFile) -> Bool {
        var q = funcToken - 1
        while q >= 0, funcToken - q < 12 {
            let t = f[q]
            if t.kind == .identifier, t.word == .override { return true }
            guard t.kind == .identifier || t.kind == .atWord || f.isPunct(q, UInt8(ascii: ")")) else { return false }
            if f.isPunct(q, UInt8(ascii: ")")), f.pair(q) >= 0 { q = f.pair(q) }
            if t.kind == .identifier, ![.public, .private, .fileprivate, .internal, .open, .final, .dynamic, .nonisolated, .package].contains(t.word),
               f.text(q) != "objc", f.text(q) != "MainActor" { return false }
            q -= 1
        }
        return false
    }
}

import RuleKit

/// A suppression that suppresses nothing hides nothing today and will hide a real finding
/// tomorrow. The scan engine reports it after applying every suppression of the file.
struct UnusedSuppressionRule: Rule {
    let description = RuleDescription(
        id: .unusedSuppression, name: "Unused suppression", severity: .note, facet: .lifecycle,
        summary: "A `// fleetscan:ignore` comment that matches no finding.",
        rationale: """
            Suppressions are part of the migration's record: each one says a finding was looked at and \
            accepted. One that matches nothing is stale (the code moved or was fixed) or misspelt, and \
            would silently swallow a future finding.
            """,
        sources: [PublicSource("fleetscan README: Configuration (suppressions)", PublicSource.homepage + "#configuration")],
        fix: RuleDescription.fixed("Remove the comment, or correct the rule id it names."),
        triggering: [
            Example("let x = 1 ↓// fleetscan:ignore main-screen-bounds"),
            .objc("↓// fleetscan:ignore shared-windows\nCGFloat x = 1;"),
            Example("↓// fleetscan:ignore-file idiom-layout\nlet x = 1"),
            Example("func f() { let w = UIScreen.main.bounds.width ↓// fleetscan:ignore main-screen-scale\n}"),
        ],
        nonTriggering: [
            Example("func f() { let w = UIScreen.main.bounds.width // fleetscan:ignore main-screen-bounds\n}"),
            Example("func f() {\n    // fleetscan:ignore main-screen-bounds\n    let w = UIScreen.main.bounds.width\n}"),
            .objc("// fleetscan:ignore-file main-screen-scale\nCGFloat s = [UIScreen mainScreen].scale;"),
            Example("func f() {\n    // fleetscan:ignore main-screen-bounds, main-screen-scale\n    let a = (UIScreen.main.bounds.width, UIScreen.main.scale)\n}"),
        ], platforms: .any)
}

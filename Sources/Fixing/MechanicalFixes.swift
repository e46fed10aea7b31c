// Fixing exists so that what is mechanical in a migration costs nothing: a finding whose fix
// RULES.md determines from its facet, context and language becomes a byte edit of its file.
// Edits are pure functions of a lexed file and a finding; nothing here reads or writes disk.
import ProjectFiles
import RuleKit
import SourceLexing

/// One replacement in a file: the bytes `range` become `replacement`.
public struct Edit: Sendable, Equatable {
    public var path: String
    public var rule: RuleID
    /// Where the finding was (1-based line, byte column).
    public var line: Int
    public var column: Int
    /// Byte offsets into the file as read.
    public var range: Range<Int>
    public var original: String
    public var replacement: String
    /// An edit another one needs (the `@Environment` property a SwiftUI view's fix reads), not a fix of its own.
    public var supports: Bool = false
    /// For a fix: the supporting edits it needs (made once in a file however many fixes need them).
    public var needs: [Edit] = []
}

/// The rewrites `fleetscan fix` makes: only where the finding's rule, context and language
/// decide the replacement, on the exact spelling the rule matched, in an instance method or
/// accessor of the view or view controller (where `view`, `bounds`, `window` and
/// `traitCollection` exist), never in a static member, a stored property's initializer or at
/// file scope. Anything else is fixed by hand.
public enum MechanicalFixes {
    /// A spelling and its replacement in each context: tokens as written (`UIScreen . main .
    /// scale`), the finding's token among them, and what the whole run becomes.
    struct Rewrite {
        var language: Language
        var tokens: [String]
        /// Index in `tokens` of the token the finding points at.
        var anchor: Int
        var replacement: [Context: String]
        /// Where the replacement reads something the original did not, and wrongly: before the
        /// view is in a window every rewrite does (`window` is nil, the trait collection is not
        /// the screen's); inside a size transition the view's `bounds` still have the old size.
        var avoid: MemberTiming = [.beforeWindow]
        /// The iOS version the replacement needs (Apple's documentation of each API it reads):
        /// where the file's deployment target is lower, it is made only under a guard that
        /// promises that version (`if #available`, `@available`, `API_AVAILABLE`).
        var needs: OSVersion? = nil
    }

    static let rewrites: [RuleID: [Rewrite]] = [
        // uikit/uitraitenvironment/traitcollection, uikit/uitraitcollection/displayscale: iOS 8.0
        .mainScreenScale: [
            Rewrite(language: .swift, tokens: ["UIScreen", ".", "main", ".", "scale"], anchor: 0,
                    replacement: [.viewController: "traitCollection.displayScale", .view: "traitCollection.displayScale"], needs: OSVersion(8)),
            Rewrite(language: .swift, tokens: ["UIScreen", ".", "main", ".", "nativeScale"], anchor: 0,
                    replacement: [.viewController: "traitCollection.displayScale", .view: "traitCollection.displayScale"], needs: OSVersion(8)),
            Rewrite(language: .objectiveC, tokens: ["[", "UIScreen", "mainScreen", "]", ".", "scale"], anchor: 1,
                    replacement: [.viewController: "self.traitCollection.displayScale", .view: "self.traitCollection.displayScale"], needs: OSVersion(8)),
            Rewrite(language: .objectiveC, tokens: ["[", "[", "UIScreen", "mainScreen", "]", "scale", "]"], anchor: 2,
                    replacement: [.viewController: "self.traitCollection.displayScale", .view: "self.traitCollection.displayScale"], needs: OSVersion(8)),
        ],
        // uikit/uiview/bounds, uikit/uiviewcontroller/view: iOS 2.0
        .mainScreenBounds: [
            // In a view, by hand: what read the screen wanted its container's or window's size far
            // more often than the view's own (a cell sizing itself from `bounds` goes round in a circle).
            Rewrite(language: .swift, tokens: ["UIScreen", ".", "main", ".", "bounds"], anchor: 0,
                    replacement: [.viewController: "view.bounds"], avoid: [.beforeWindow, .inSizeTransition]),
            Rewrite(language: .objectiveC, tokens: ["[", "UIScreen", "mainScreen", "]", ".", "bounds"], anchor: 1,
                    replacement: [.viewController: "self.view.bounds"], avoid: [.beforeWindow, .inSizeTransition]),
            Rewrite(language: .objectiveC, tokens: ["[", "[", "UIScreen", "mainScreen", "]", "bounds", "]"], anchor: 2,
                    replacement: [.viewController: "self.view.bounds"], avoid: [.beforeWindow, .inSizeTransition]),
        ],
        // uikit/uiwindow/windowscene, uikit/uiwindowscene/statusbarmanager, uikit/uistatusbarmanager: iOS 13.0
        // Not where the member picks the window the view goes into: the view has none yet.
        .statusBarFrame: [
            Rewrite(language: .swift, tokens: ["UIApplication", ".", "shared", ".", "statusBarFrame"], anchor: 4,
                    replacement: [.viewController: "(view.window?.windowScene?.statusBarManager?.statusBarFrame ?? .zero)",
                                  .view: "(window?.windowScene?.statusBarManager?.statusBarFrame ?? .zero)"], avoid: [.beforeWindow, .choosesWindow],
                    needs: OSVersion(13)),
            Rewrite(language: .objectiveC, tokens: ["[", "UIApplication", "sharedApplication", "]", ".", "statusBarFrame"], anchor: 5,
                    replacement: [.viewController: "self.view.window.windowScene.statusBarManager.statusBarFrame",
                                  .view: "self.window.windowScene.statusBarManager.statusBarFrame"], avoid: [.beforeWindow, .choosesWindow],
                    needs: OSVersion(13)),
        ],
        // uikit/uiview/window: iOS 2.0. Not where the member picks the window the view goes
        // into (`keyWindow.addSubview(self)`: `window` is nil there), nor where the code wants
        // the app's windows rather than its own (`SiteShapes.everyWindow`).
        .sharedWindows: [
            Rewrite(language: .swift, tokens: ["UIApplication", ".", "shared", ".", "keyWindow"], anchor: 4,
                    replacement: [.viewController: "view.window", .view: "window"], avoid: [.beforeWindow, .choosesWindow]),
            Rewrite(language: .objectiveC, tokens: ["[", "UIApplication", "sharedApplication", "]", ".", "keyWindow"], anchor: 5,
                    replacement: [.viewController: "self.view.window", .view: "self.window"], avoid: [.beforeWindow, .choosesWindow]),
        ],
        // uikit/uiview/safearealayoutguide: iOS 11.0. An anchor is no value read too early: a
        // constraint to the safe area is right whenever it is made (viewDidLoad, where most are),
        // and both spellings need the view loaded.
        .legacyLayoutGuide: [
            Rewrite(language: .swift, tokens: ["topLayoutGuide", ".", "bottomAnchor"], anchor: 0,
                    replacement: [.viewController: "view.safeAreaLayoutGuide.topAnchor"], avoid: [], needs: OSVersion(11)),
            Rewrite(language: .swift, tokens: ["bottomLayoutGuide", ".", "topAnchor"], anchor: 0,
                    replacement: [.viewController: "view.safeAreaLayoutGuide.bottomAnchor"], avoid: [], needs: OSVersion(11)),
            Rewrite(language: .objectiveC, tokens: ["topLayoutGuide", ".", "bottomAnchor"], anchor: 0,
                    replacement: [.viewController: "view.safeAreaLayoutGuide.topAnchor"], avoid: [], needs: OSVersion(11)),
            Rewrite(language: .objectiveC, tokens: ["bottomLayoutGuide", ".", "topAnchor"], anchor: 0,
                    replacement: [.viewController: "view.safeAreaLayoutGuide.bottomAnchor"], avoid: [], needs: OSVersion(11)),
        ],
    ]

    /// The rules with a mechanical fix somewhere.
    public static var ruleIDs: [RuleID] { rewrites.keys.sorted() }

    /// What `explain` says of a rule's fix: each automatic rewrite by language and context (with
    /// the iOS version it needs, when a deployment target could lack it), then where none is
    /// made; or nil (by hand).
    public static func describe(_ rule: RuleID) -> [String]? {
        guard let list = rewrites[rule] else { return nil }
        var lines = list.flatMap { r in
            r.replacement.sorted { $0.key.rawValue < $1.key.rawValue }.map { context, replacement in
                let spelling = r.language == .swift ? r.tokens.joined() : objcSpelling(r.tokens)
                let needs = r.needs.map { $0 > OSVersion(8) ? " (needs iOS \($0): below that deployment target, only inside an availability check)" : "" } ?? ""
                return "\(r.language == .swift ? "Swift" : "Objective-C"), in a \(context == .viewController ? "view controller" : "view"): "
                    + "`\(spelling)` → `\(r.language == .objectiveC && rule == .legacyLayoutGuide ? "self." : "")\(replacement)`" + needs
            }
        }
        let avoided = list.reduce(MemberTiming()) { $0.union($1.avoid) }
        if avoided.contains(.beforeWindow) {
            lines.append("None before the view is in a window: in initializers, awakeFromNib, viewDidLoad, viewWillAppear, "
                         + "didMoveToSuperview, property observers, or a method of the type they call")
        }
        if avoided.contains(.inSizeTransition) {
            lines.append("None in a size transition: in viewWillTransition(to:with:), willTransition(to:with:) or a method of the type they call "
                         + "(the view still has its old bounds); what runs alongside the transition is rewritten")
        }
        if rule == .mainScreenScale {
            lines.append("Swift, in a SwiftUI view: `UIScreen.main.scale` → `displayScale`, an `@Environment(\\.displayScale)` property of the view")
        }
        return lines
    }

    static func objcSpelling(_ tokens: [String]) -> String {
        var out = ""
        for (i, t) in tokens.enumerated() {
            if i > 0, t != "]", t != ".", tokens[i - 1] != "[", tokens[i - 1] != "." { out += " " }
            out += t
        }
        return out
    }

    /// The edits that fix `finding` in `file` — the fix first, then any it needs — or none when
    /// its fix is not mechanical there.
    public static func edits(for finding: Finding, in file: CodeFile, lineStarts: [Int]) -> [Edit] {
        if finding.inSwiftUIView { return swiftUIScale(finding, file, lineStarts) }
        return edit(for: finding, in: file, lineStarts: lineStarts).map { [$0] } ?? []
    }

    /// In a SwiftUI view, `UIScreen.main.scale` becomes the view's `@Environment(\.displayScale)`:
    /// the property is added at the top of the view's body unless it is declared already, in a
    /// member that runs while SwiftUI renders (not an initializer, not a static member).
    static func swiftUIScale(_ finding: Finding, _ file: CodeFile, _ lineStarts: [Int]) -> [Edit] {
        guard finding.rule == .mainScreenScale, file.language == .swift, finding.line >= 1, finding.line <= lineStarts.count else { return [] }
        let offset = lineStarts[finding.line - 1] + finding.column - 1
        let at = file.tokenIndex(at: offset)
        guard at + 4 < file.tokens.count, Int(file.tokens[at].start) == offset, file.text(at) == "UIScreen", file.text(at + 1) == ".",
              file.text(at + 2) == "main", file.text(at + 3) == ".", ["scale", "nativeScale"].contains(file.text(at + 4)),
              !file.isPunct(at - 1, "."), !spansLines(file, at, at + 4) else { return [] }
        var member = false
        var view: Scope?
        for scope in file.scopes(around: at) {
            if scope.kind == .function || scope.kind == .accessor, !member {
                if scope.isStatic || scope.name == "init" { return [] }
                member = true
            }
            if scope.kind == .type { view = scope; break }
        }
        guard member, let view, view.typeKind == .swiftStruct else { return [] }
        // `displayScale` in the view already: the environment's (reuse it) or something else (leave it).
        var declared = false
        for i in (view.open + 1)..<view.close where file.text(i) == "displayScale" && file.text(i - 1) == "var" {
            guard file.scope(of: i).map({ $0.open == view.open }) ?? false else { continue }
            let line = file.buffer.text(lineStarts[file.line(of: i) - 1]..<Int(file.tokens[i].start))
            if line.contains("@Environment(\\.displayScale)") { declared = true } else { return [] }
        }
        let range = Int(file.tokens[at].start)..<file.tokens[at + 4].end
        var out = [Edit(path: finding.path, rule: finding.rule, line: finding.line, column: finding.column, range: range,
                        original: file.buffer.text(range), replacement: "displayScale")]
        if !declared {
            // After the line that opens the view, indented as its first member is.
            let openLine = file.line(of: view.open)
            guard openLine < lineStarts.count else { return [] }
            let next = lineStarts[openLine]
            let indent = file.buffer.text(next..<min(next + 32, file.buffer.count)).prefix { $0 == " " || $0 == "\t" }
            let property = Edit(path: finding.path, rule: finding.rule, line: finding.line, column: finding.column, range: next..<next, original: "",
                                replacement: "\(indent.isEmpty ? "    " : indent)@Environment(\\.displayScale) private var displayScale\n", supports: true)
            out[0].needs = [property]
            out.append(property)
        }
        return out
    }

    /// The edit that fixes `finding` in `file`, or nil when its fix is not mechanical there.
    /// Findings are one per rule and line: further reads of the same spelling later on the
    /// line are rewritten in the same edit, as each would be on a line of its own.
    public static func edit(for finding: Finding, in file: CodeFile, lineStarts: [Int]) -> Edit? {
        guard let list = rewrites[finding.rule], !finding.inSwiftUIView, !finding.shapes.contains(.everyWindow),
              finding.line >= 1, finding.line <= lineStarts.count else { return nil }
        let offset = lineStarts[finding.line - 1] + finding.column - 1
        let at = file.tokenIndex(at: offset)
        guard at < file.tokens.count, Int(file.tokens[at].start) == offset,
              let first = rewrite(at: at, list, finding: finding, in: file) else { return nil }
        var rewrites = [first]
        let lineEnd = finding.line < lineStarts.count ? lineStarts[finding.line] : file.buffer.count
        var k = first.tokens.upperBound
        while k < file.tokens.count, Int(file.tokens[k].start) < lineEnd {
            if let next = rewrite(at: k, list, finding: finding, in: file), next.tokens.lowerBound >= rewrites.last!.tokens.upperBound {
                rewrites.append(next)
                k = next.tokens.upperBound
            } else {
                k += 1
            }
        }
        let range = Int(file.tokens[first.tokens.lowerBound].start)..<file.tokens[rewrites.last!.tokens.upperBound - 1].end
        var replacement = "", copied = range.lowerBound
        for r in rewrites {
            let from = Int(file.tokens[r.tokens.lowerBound].start)
            replacement += file.buffer.text(copied..<from) + r.replacement
            copied = file.tokens[r.tokens.upperBound - 1].end
        }
        return Edit(path: finding.path, rule: finding.rule, line: finding.line, column: finding.column, range: range,
                    original: file.buffer.text(range), replacement: replacement)
    }

    /// The rewrite of the spelling whose anchor is token `at` (or, for a later read on the
    /// finding's line, that read's anchor): the tokens it replaces and what they become.
    static func rewrite(at: Int, _ list: [Rewrite], finding: Finding, in file: CodeFile) -> (tokens: Range<Int>, replacement: String)? {
        for r in list where r.language == file.language {
            guard let replacement = r.replacement[finding.context] else { continue }
            let first = at - r.anchor
            guard first >= 0, first + r.tokens.count <= file.tokens.count,
                  r.tokens.indices.allSatisfy({ file.text(first + $0) == r.tokens[$0] }) else { continue }
            let last = first + r.tokens.count - 1
            // Nothing between the tokens but what the spelling is (a comment or a line break
            // inside `UIScreen.main.scale` would be lost).
            guard !spansLines(file, first, last), let site = instanceSite(file, at, context: finding.context),
                  file.timing(at: at).isDisjoint(with: r.avoid) else { return nil }
            // A replacement newer than the deployment target, outside a guard that promises it,
            // would not build (or crash on the older systems).
            if let needs = r.needs, let target = finding.deploymentTarget, target < needs,
               (Availability.guaranteed(at: at, in: file) ?? OSVersion(0)) < needs { return nil }
            // A member access right before (`x.UIScreen.main…`) or a call after a property
            // read that is not one (`….bounds(`) is not the spelling the rewrite knows.
            // `self.topLayoutGuide` is the same property; `UIKit.UIScreen` or `x.topLayoutGuide` is not the spelling.
            if file.isPunct(first - 1, "."), !(file.text(first - 2) == "self" && r.anchor == 0 && r.tokens[0].hasSuffix("LayoutGuide")) { return nil }
            // Swift wants `self.` spelt out inside an escaping closure; Objective-C replacements spell it always.
            let qualified = site.inClosure && file.language == .swift && !replacement.hasPrefix("(") && !file.isPunct(first - 1, ".")
                ? "self." + replacement
                : site.inClosure && file.language == .swift && replacement.hasPrefix("(") ? "(self." + replacement.dropFirst() : replacement
            return (first..<(last + 1), qualified)
        }
        return nil
    }

    static func spansLines(_ file: CodeFile, _ a: Int, _ b: Int) -> Bool {
        let bytes = file.buffer.text(Int(file.tokens[a].start)..<file.tokens[b].end)
        return bytes.contains { $0 == "\n" || $0 == "\r" } || bytes.contains("/*") || bytes.contains("//")
    }

    /// Where token `i` runs, when it is an instance member of the view or view controller type
    /// that gives the finding its context: inside a method or accessor body, not a static one
    /// nor a C function inside `@implementation`, with that type the nearest around (closures
    /// and control statements in between are fine, and said: Swift then needs `self.`). Nil
    /// anywhere else. When the member runs (before the view is in a window, in a size
    /// transition: `MemberTiming`, which follows calls within the type) each rewrite decides.
    static func instanceSite(_ file: CodeFile, _ i: Int, context: Context) -> (inClosure: Bool, Void)? {
        guard context == .view || context == .viewController else { return nil }
        var sawBody = false, inClosure = false
        for scope in file.scopes(around: i) {
            switch scope.kind {
            case .function, .accessor:
                if !sawBody {
                    if scope.isStatic || (file.language == .objectiveC && scope.kind == .function && !file.isInstanceMember(scope)) { return nil }
                    sawBody = true
                }
            case .closure:
                if !sawBody { inClosure = true }
            case .type:
                // UIKit's views and view controllers are classes: a struct or enum is not one.
                if scope.typeKind == .swiftStruct || scope.typeKind == .swiftEnum || scope.typeKind == .swiftProtocol { return nil }
                return sawBody ? (inClosure, ()) : nil
            case .control, .other:
                continue
            }
        }
        return nil
    }
}

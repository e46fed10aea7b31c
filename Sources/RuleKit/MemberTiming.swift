import SourceLexing

/// When an instance member of a view or view controller runs, as far as its own type's code
/// in the file shows. What the view can tell depends on it: before the view is in a window its
/// trait collection is not its screen's and `window` is nil; inside a size transition its bounds
/// still have the old size while the screen's have the new one; in a layout pass both are
/// current, and UIKit runs the pass again when they change.
public struct MemberTiming: OptionSet, Sendable, Hashable, Codable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Runs, or may run, before the view is in a window: an initializer, `awakeFromNib`,
    /// `prepareForInterfaceBuilder`, `loadView`, `viewDidLoad`, `viewWillAppear` (Apple's
    /// `viewIsAppearing(_:)` documentation: the view is not in the hierarchy yet there and its
    /// traits may not be updated), `willMove(toSuperview:)`, `didMoveToSuperview`,
    /// `willMove(toWindow:)`, `deinit`/`dealloc`, a property observer (an outlet's runs while
    /// the nib loads) — or a method one of these calls. A method also called from settled code
    /// counts as unsettled all the same: one caller that runs early is enough to read wrong.
    public static let beforeWindow = MemberTiming(rawValue: 1)
    /// Runs inside `viewWillTransition(to:with:)` or `willTransition(to:with:)` (their
    /// Objective-C spellings too), or in a method they call in their own bodies — not in a
    /// closure or block such as `coordinator.animate(alongsideTransition:)`, which runs once the
    /// view has its new size.
    public static let inSizeTransition = MemberTiming(rawValue: 2)
    /// Is a layout pass itself: `layoutSubviews`, `viewWillLayoutSubviews`,
    /// `viewDidLayoutSubviews`, `draw(_:)`/`drawRect:`, `draw(_:in:)`, `layoutSublayers(of:)`,
    /// `updateConstraints`, `updateViewConstraints`.
    public static let inLayout = MemberTiming(rawValue: 4)
    /// Says which orientations the view controller (or app) allows: `supportedInterfaceOrientations`,
    /// `shouldAutorotate`, `preferredInterfaceOrientationForPresentation`,
    /// `application(_:supportedInterfaceOrientationsFor:)`. What runs there locks orientation;
    /// it lays nothing out.
    public static let inOrientationLock = MemberTiming(rawValue: 8)
    /// Sets, in its own body, the frame or bounds of the view it would read them from: a view's
    /// `self.frame = …` / `[self setFrame:…]`, a view controller's `self.view.frame = …` — or is
    /// a member of the same type such an assignment reads its value from (`view.frame.size =
    /// desiredSize`). There the view's own bounds give back what the code is computing: the size
    /// must come from the view it sits in.
    public static let sizesItself = MemberTiming(rawValue: 16)
    /// Returns a window (`- (UIWindow *)frontWindow`, `var hostWindow: UIWindow?`) or adds the
    /// view itself to one (`[window addSubview:self]`, `window.addSubview(self)`): the member
    /// picks the window the view is to go into (SVProgressHUD's `frontWindow`, EAIntroView's
    /// `showFullscreen…`), so the view's own `window` is not there to ask yet.
    public static let choosesWindow = MemberTiming(rawValue: 32)

    /// The timings a fix text may depend on, in the order fix functions consult them.
    public static let distinguished: [MemberTiming] = [.beforeWindow, .inSizeTransition, .inLayout, .inOrientationLock, .sizesItself,
                                                       .choosesWindow]

    /// Whether code of this timing can be in a type of `context`: only a view controller (and
    /// the app delegate's `application(_:supportedInterfaceOrientationsFor:)`) locks orientation;
    /// the other timings are a view's or a view controller's.
    public func occurs(in context: Context) -> Bool {
        switch context {
        case .viewController: return true
        case .view: return !contains(.inOrientationLock)
        case .appDelegate: return self == .inOrientationLock
        default: return false
        }
    }

    /// Where code of this timing is, for lists of fixes by place (the fix texts say what it takes in).
    public var place: String {
        if contains(.beforeWindow) { return "before the view is in a window" }
        if contains(.inSizeTransition) { return "in a size transition" }
        if contains(.inLayout) { return "in layout code" }
        if contains(.inOrientationLock) { return "in an orientation lock" }
        if contains(.sizesItself) { return "where it sets its own frame" }
        if contains(.choosesWindow) { return "where it picks a window" }
        return "elsewhere in the type"
    }

    /// Whether `name` (a Swift base name with its argument labels, or an Objective-C selector)
    /// is a method UIKit calls before the view is in a window.
    public static func isBeforeWindow(_ name: String, labels: [String], swift: Bool) -> Bool {
        if swift {
            return ["init", "deinit", "awakeFromNib", "prepareForInterfaceBuilder", "loadView", "viewDidLoad", "viewWillAppear",
                    "didMoveToSuperview"].contains(name)
                || (name == "willMove" && (labels == ["toSuperview"] || labels == ["toWindow"]))
        }
        if name.hasPrefix("init"), name.dropFirst(4).first.map({ $0.isUppercase || $0 == ":" }) ?? true { return true }
        return ["dealloc", "awakeFromNib", "prepareForInterfaceBuilder", "loadView", "viewDidLoad", "viewWillAppear:",
                "willMoveToSuperview:", "didMoveToSuperview", "willMoveToWindow:"].contains(name)
    }

    /// UIKit's callbacks that run once the view is in a window: trait and safe-area changes, appearing.
    /// Swift's names; an Objective-C selector is the same name with its colon (`viewDidAppear:`).
    static func isInWindowCallback(_ name: String) -> Bool {
        inWindowCallbacks.contains(name.hasSuffix(":") ? String(name.dropLast()) : name)
    }

    static let inWindowCallbacks: Set<String> = ["traitCollectionDidChange", "viewDidAppear", "viewIsAppearing", "didMoveToWindow",
                                                 "viewSafeAreaInsetsDidChange", "safeAreaInsetsDidChange", "layoutMarginsDidChange",
                                                 "viewLayoutMarginsDidChange"]

    static func isSizeTransition(_ name: String, labels: [String], swift: Bool) -> Bool {
        if swift { return (name == "viewWillTransition" || name == "willTransition") && labels == ["to", "with"] }
        return name == "viewWillTransitionToSize:withTransitionCoordinator:" || name == "willTransitionToTraitCollection:withTransitionCoordinator:"
    }

    public static func isOrientationLock(_ name: String, labels: [String], swift: Bool) -> Bool {
        if swift {
            return ["supportedInterfaceOrientations", "shouldAutorotate", "preferredInterfaceOrientationForPresentation"].contains(name)
                || (name == "application" && labels.count == 2 && labels[1] == "supportedInterfaceOrientationsFor")
        }
        // `shouldAutorotateToInterfaceOrientation:`: iOS 5's, never called since iOS 6, an orientation lock all the same.
        return ["supportedInterfaceOrientations", "shouldAutorotate", "preferredInterfaceOrientationForPresentation",
                "application:supportedInterfaceOrientationsForWindow:", "shouldAutorotateToInterfaceOrientation:"].contains(name)
    }

    /// Whether the member answers with an orientation mask (`var currentMask: UIInterfaceOrientationMask`,
    /// `- (UIInterfaceOrientationMask)lockedOrientations`): whatever it is named, it builds an
    /// orientation lock (yattee's `OrientationManager`), and what it reads chooses orientations, not a layout.
    public static func returnsOrientationMask(_ scope: Scope, in file: CodeFile, swift: Bool) -> Bool {
        var q = scope.declarationStart
        if !swift {
            while q < scope.open, !file.isPunct(q, "(") { q += 1 }
            return file.text(q + 1) == "UIInterfaceOrientationMask" && file.isPunct(q + 2, ")")
        }
        while q < scope.open {
            if file.isPunct(q, "{"), file.pair(q) > q, file.pair(q) < scope.open { q = file.pair(q) + 1; continue }
            if file[q].kind == .identifier, file.isPunct(q - 1, ":") || file.text(q - 1) == "->", file.text(q) == "UIInterfaceOrientationMask",
               q + 1 >= scope.open || file.isPunct(q + 1, "{") || file.isPunct(q + 1, "=") {
                return true
            }
            q += 1
        }
        return false
    }

    /// Whether the function or property `scope` answers with a window (`MemberTimings.returnsWindow`).
    public static func returnsWindow(_ scope: Scope, in file: CodeFile) -> Bool {
        MemberTimings.returnsWindow(scope, in: file, swift: file.language == .swift)
    }

    /// Whether `scope` is an orientation lock: by its name, or because it answers with a mask.
    public static func isOrientationLock(_ scope: Scope, in file: CodeFile) -> Bool {
        let swift = file.language == .swift
        return isOrientationLock(scope.name, labels: scope.labels, swift: swift) || returnsOrientationMask(scope, in: file, swift: swift)
    }

    static func isLayout(_ name: String, labels: [String], swift: Bool) -> Bool {
        if swift {
            switch name {
            case "layoutSubviews", "viewWillLayoutSubviews", "viewDidLayoutSubviews", "updateConstraints", "updateViewConstraints":
                return labels.isEmpty
            case "draw": return labels == ["_"] || labels == ["_", "in"]
            case "layoutSublayers": return labels == ["of"]
            default: return false
            }
        }
        return ["layoutSubviews", "viewWillLayoutSubviews", "viewDidLayoutSubviews", "updateConstraints", "updateViewConstraints",
                "drawRect:", "drawLayer:inContext:", "layoutSublayersOfLayer:"].contains(name)
    }
}

/// The timing of every instance member of the file's types, from the methods UIKit calls at
/// known moments and the calls each member makes to its own type's members in its own body:
/// `self.m()`, `m()`, `self.p`, `p` (a computed property) in Swift; `[self m]`, `[self m:x]`,
/// `self.p` in Objective-C. Members are grouped by type name, so an extension or category in
/// the same file is the same type; calls to other files' members are not seen.
struct MemberTimings {
    /// Timing by the index of a member's scope.
    private(set) var byScope: [Int: MemberTiming] = [:]
    /// Per member, the names of its type's overrides that call it (or are it): what a
    /// superclass may call before the view is in a window (Material's `prepare()`, which its
    /// `View` calls from `init` and each subclass overrides to set up its subviews), a fact of
    /// another file the repository model answers (`RepositoryModel.callsEarly`). In Objective-C
    /// every method may override one.
    private(set) var overrideRoots: [Int: Set<String>] = [:]

    init(_ file: CodeFile) {
        let scopes = file.structure.scopes
        let swift = file.language == .swift
        // Instance members: functions and accessors right inside a type.
        var members: [Int] = []
        var byName: [String: [String: [Int]]] = [:]
        for (s, scope) in scopes.enumerated() where (scope.kind == .function || scope.kind == .accessor) && !scope.isStatic {
            guard scope.parent >= 0, scopes[scope.parent].kind == .type, file.isInstanceMember(scope) else { continue }
            members.append(s)
            byName[scopes[scope.parent].name, default: [:]][scope.name, default: []].append(s)
        }
        guard !members.isEmpty else { return }
        let opens = Dictionary(scopes.enumerated().map { ($0.element.open, $0.offset) }, uniquingKeysWith: { a, _ in a })
        var calls: [Int: Set<Int>] = [:]
        var timing: [Int: MemberTiming] = [:]
        var filters: [String: NameSet] = [:]
        /// Per member that sets its own frame, the values it assigns (token ranges).
        var sizing: [Int: [Range<Int>]] = [:]
        for s in members {
            let scope = scopes[s]
            var own: MemberTiming = []
            if MemberTiming.isBeforeWindow(scope.name, labels: scope.labels, swift: swift) && scope.kind == .function { own.insert(.beforeWindow) }
            if MemberTiming.isSizeTransition(scope.name, labels: scope.labels, swift: swift) && scope.kind == .function { own.insert(.inSizeTransition) }
            if MemberTiming.isLayout(scope.name, labels: scope.labels, swift: swift) && scope.kind == .function { own.insert(.inLayout) }
            if MemberTiming.isOrientationLock(scope, in: file) { own.insert(.inOrientationLock) }
            if scope.kind == .accessor, Self.observes(scope, in: file, scopes: scopes), Self.isOutlet(scope, in: file) { own.insert(.beforeWindow) }
            if let assigned = Self.ownFrameAssignments(scope, in: file, swift: swift) {
                own.insert(.sizesItself)
                sizing[s] = assigned
            }
            if Self.returnsWindow(scope, in: file, swift: swift) || Self.addsItself(scope, in: file) { own.insert(.choosesWindow) }
            timing[s] = own
            let typeName = scopes[scope.parent].name
            let type = byName[typeName] ?? [:]
            let filter = filters[typeName] ?? NameSet(type.keys)
            filters[typeName] = filter
            calls[s] = Self.callees(of: scope, in: file, swift: swift, members: type, names: filter, opens: opens, scopes: scopes)
        }
        // What a member computes the frame it gives its own view with (`view.frame.size = desiredSize`)
        // is that view's size too: its bounds cannot give it (ello's alert sized from a property).
        for (s, ranges) in sizing where swift {
            let typeName = scopes[scopes[s].parent].name
            guard let type = byName[typeName], let names = filters[typeName] else { continue }
            for q in ranges.joined() where file[q].kind == .identifier && names.mayContain(hash: file[q].hash) {
                for callee in Self.swiftCall(q, in: file, members: type, scopes: scopes) ?? [] where !timing[callee]!.contains(.inLayout) {
                    timing[callee]!.insert(.sizesItself)
                }
            }
        }
        // What an early caller calls may run before the window too (calls do not carry layout:
        // a helper of layoutSubviews may be called from anywhere else) — what a fix must keep
        // working. What only transition callers call runs in the transition; a member the type
        // also calls from elsewhere (a property read by gestures and once by viewWillTransition,
        // Material's drawer) is no transition's.
        var callers: [Int: Set<Int>] = [:]
        for s in members { for callee in calls[s] ?? [] where callee != s { callers[callee, default: []].insert(s) } }
        // UIKit calls these itself once the view is in a window, whoever else calls them early
        // (deltachat's share controller calling its own traitCollectionDidChange from init).
        let inWindow = Set(members.filter { MemberTiming.isInWindowCallback(scopes[$0].name) })
        for flag in [MemberTiming.beforeWindow, .inSizeTransition] {
            var queue = members.filter { timing[$0]!.contains(flag) }
            while let s = queue.popLast() {
                // UIKit runs its layout methods in layout passes, in a window, whoever else calls them.
                for callee in calls[s] ?? [] where !timing[callee]!.contains(flag)
                    && !(flag == .beforeWindow && (timing[callee]!.contains(.inLayout) || inWindow.contains(callee))) {
                    guard flag == .beforeWindow || callers[callee, default: []].allSatisfy({ timing[$0]!.contains(flag) }) else { continue }
                    timing[callee]!.insert(flag)
                    queue.append(callee)
                }
            }
        }
        byScope = timing
        // Each override's reach through the type's own calls, a bounded walk per override.
        for s in members where scopes[s].kind == .function && Self.overrides(scopes[s], in: file, swift: swift) {
            var seen: Set<Int> = [s], queue = [s]
            while let m = queue.popLast(), seen.count <= 256 {
                overrideRoots[m, default: []].insert(scopes[s].name)
                for callee in calls[m] ?? [] where seen.insert(callee).inserted { queue.append(callee) }
            }
        }
    }

    /// Whether the method may override a superclass's: `override func` in Swift; any instance
    /// method in Objective-C (a selector a subclass implements again is the superclass's).
    static func overrides(_ scope: Scope, in file: CodeFile, swift: Bool) -> Bool {
        guard swift else { return true }
        var q = scope.declarationStart
        while q < scope.open, q < file.tokens.count, !file.is(q, .func) {
            if file.is(q, .override) { return true }
            q += 1
        }
        return false
    }

    /// Whether the member's body assigns the frame or bounds of `self` (a view) or of `self.view`
    /// (a view controller): `self.frame = …`, `frame = …` (Swift), `self.view.bounds = …`,
    /// `view.frame = …` (Swift), `view.frame.size = …`, `self.preferredContentSize = …`,
    /// `[self setFrame:…]`, `[self.view setFrame:…]` — with the values assigned (the tokens after
    /// `=` to the statement's end; none for a setter override or a message). Nil when it does not.
    static func ownFrameAssignments(_ scope: Scope, in file: CodeFile, swift: Bool) -> [Range<Int>]? {
        // A view controller's `preferredContentSize` is its own size too (what a form sheet or popover takes).
        func isGeometry(_ q: Int) -> Bool { file.is(q, .frame) || file.is(q, .bounds) || file.is(q, .preferredContentSize) }
        func assigned(_ q: Int) -> Bool { file.isPunct(q + 1, "=") && !file.isPunct(q + 2, "=") }
        /// The value after the `=` at `eq`, to the end of its statement.
        func value(after eq: Int) -> Range<Int> {
            var e = eq + 1
            while e < scope.close, !file.isPunct(e, ";"), !(swift && e > eq + 1 && file[e].isLineStart) {
                if file.isPunct(e, "(") || file.isPunct(e, "["), file.pair(e) > e { e = file.pair(e) }
                e += 1
            }
            return (eq + 1)..<e
        }
        // An override of the frame's own setter (`- (void)setFrame:`, Swift `override var frame`).
        if ["setFrame:", "setBounds:"].contains(scope.name) || (swift && scope.kind == .accessor && ["frame", "bounds"].contains(scope.name)) {
            return []
        }
        var found: [Range<Int>] = []
        var q = scope.open + 1
        while q < scope.close {
            // `frame.size = …`, `frame.size.height = …`: the size of the frame, so the view's size.
            var end = q
            if isGeometry(q), file.isPunct(q + 1, "."), file.is(q + 2, .size) {
                end = q + 2
                if file.isPunct(end + 1, "."), file.is(end + 2, .width) || file.is(end + 2, .height) { end += 2 }
            }
            if assigned(end), isGeometry(q) {
                // `self.frame`, `self.view.frame`; in Swift also `frame`, `view.frame`.
                var own = false
                if file.isPunct(q - 1, ".") {
                    if file.is(q - 2, .self), !file.isPunct(q - 3, ".") { own = true }
                    if file.text(q - 2) == "view", file.isPunct(q - 3, "."), file.is(q - 4, .self) { own = true }
                    if swift, file.text(q - 2) == "view", !file.isPunct(q - 3, ".") { own = true }
                } else if swift, !["let", "var"].contains(file.text(q - 1)), !file.declaresLocal(file.text(q), before: q) {
                    own = true
                }
                if own { found.append(value(after: end + 1)) }
            }
            // `[self setFrame:`, `[self.view setFrame:`.
            if !swift, file.isPunct(q, "["), ["setFrame", "setBounds", "setPreferredContentSize"].contains(file.text(q + 2)), file.is(q + 1, .self) { return found }
            if !swift, file.isPunct(q, "["), file.is(q + 1, .self), file.isPunct(q + 2, "."), file.text(q + 3) == "view",
               ["setFrame", "setBounds"].contains(file.text(q + 4)) { return found }
            q += 1
        }
        return found.isEmpty ? nil : found
    }

    /// Whether the member's declared type is a window: `- (UIWindow *)m`, `func m() -> UIWindow?`,
    /// `var w: UIWindow? { … }`.
    static func returnsWindow(_ scope: Scope, in file: CodeFile, swift: Bool) -> Bool {
        var q = scope.declarationStart
        if !swift {
            while q < scope.open, !file.isPunct(q, "(") { q += 1 }
            return file.is(q + 1, .UIWindow) && file.isPunct(q + 2, "*") && file.isPunct(q + 3, ")")
        }
        while q < scope.open {
            if file.isPunct(q, "{"), file.pair(q) > q, file.pair(q) < scope.open { q = file.pair(q) + 1; continue }
            if file.is(q, .UIWindow), file.isPunct(q - 1, ":") || file.text(q - 1) == "->" {
                var after = q + 1
                if file.isPunct(after, "?") || file.isPunct(after, "!") { after += 1 }
                if after >= scope.open || file.isPunct(after, "{") || file.isPunct(after, "=") { return true }
            }
            q += 1
        }
        return false
    }

    /// Whether the member's body adds `self` to a view: `[w addSubview:self]`, `w.addSubview(self)`.
    static func addsItself(_ scope: Scope, in file: CodeFile) -> Bool {
        var q = scope.open + 1
        while q + 2 < scope.close {
            if file.is(q, .addSubview), file.isPunct(q + 1, ":") || file.isPunct(q + 1, "("), file.is(q + 2, .self),
               file.isPunct(q + 3, "]") || file.isPunct(q + 3, ")") {
                return true
            }
            q += 1
        }
        return false
    }

    /// Whether the property is an `@IBOutlet` (`@IBOutlet weak var label: UILabel!`): its observers
    /// run while the nib loads, before the view is in a window; another property's run whenever
    /// it is set.
    static func isOutlet(_ scope: Scope, in file: CodeFile) -> Bool {
        func outlet(_ q: Int) -> Bool { file[q].kind == .atWord && file.text(q).hasSuffix("IBOutlet") }
        if (scope.declarationStart..<min(scope.open, file.tokens.count)).contains(where: outlet) { return true }
        let modifiers: Set<String> = ["weak", "unowned", "private", "fileprivate", "internal", "public", "open", "lazy", "override",
                                      "final", "dynamic"]
        var q = scope.declarationStart - 1
        while q >= 0, scope.declarationStart - q <= 8 {
            if outlet(q) { return true }
            guard file[q].kind == .atWord || (file[q].kind == .identifier && modifiers.contains(file.text(q))) else { return false }
            q -= 1
        }
        return false
    }

    /// Whether a property's body holds `willSet`/`didSet` (or is one).
    static func observes(_ scope: Scope, in file: CodeFile, scopes: [Scope]) -> Bool {
        var q = scope.open + 1
        while q < scope.close {
            if file.is(q, .didSet) || file.is(q, .willSet), file.isPunct(q + 1, "{") || file.isPunct(q + 1, "(") { return true }
            if file.isPunct(q, "{"), file.pair(q) > q { q = file.pair(q) }
            q += 1
        }
        return false
    }

    /// The members of the same type that `scope`'s own body calls, outside its closures,
    /// blocks, local functions and nested types.
    /// `names` filters `members`' names: most identifiers name no member of the type, and are
    /// told apart by hash, without their text.
    static func callees(of scope: Scope, in file: CodeFile, swift: Bool, members: [String: [Int]], names: NameSet, opens: [Int: Int],
                        scopes: [Scope]) -> Set<Int> {
        var out = Set<Int>()
        var q = scope.open + 1
        while q < scope.close {
            if file.isPunct(q, "{"), let s = opens[q], [.closure, .function, .type].contains(scopes[s].kind) {
                q = max(q, scopes[s].close) + 1
                continue
            }
            let t = file[q]
            // `#selector(m(_:))` names a method; it does not call it.
            if swift, t.kind == .hashWord, t.word == .selector, file.isPunct(q + 1, "("), file.pair(q + 1) > q {
                q = file.pair(q + 1) + 1
                continue
            }
            if swift, t.kind == .identifier {
                if names.mayContain(hash: t.hash), let found = swiftCall(q, in: file, members: members, scopes: scopes) { out.formUnion(found) }
            } else if !swift, t.isPunct("["), file.is(q + 1, .self), file[q + 2].kind == .identifier {
                if let found = members[objcSelector(sentAt: q, in: file)] { out.formUnion(found) }
            } else if !swift, t.is(.self), file.isPunct(q + 1, "."), file[q + 2].kind == .identifier {
                // `self.p` is `[self p]`; `self.p = x` is `[self setP:x]`.
                let name = file.text(q + 2)
                let assigned = file.isPunct(q + 3, "=") && !file.isPunct(q + 4, "=")
                let selector = assigned ? "set" + name.prefix(1).uppercased() + name.dropFirst() + ":" : name
                if let found = members[selector] { out.formUnion(found) }
                q += 2
            }
            q += 1
        }
        return out
    }

    /// The members a Swift identifier at `q` calls: `m(…)`, `self.m(…)`, `p`, `self.p`.
    static func swiftCall(_ q: Int, in file: CodeFile, members: [String: [Int]], scopes: [Scope]) -> [Int]? {
        let name = file.text(q)
        guard let found = members[name] else { return nil }
        if file.isPunct(q - 1, ".") {
            guard file.is(q - 2, .self), !file.isPunct(q - 3, ".") else { return nil }
        } else if Self.isDeclaration(q, in: file) || file.declaresLocal(name, before: q) {
            return nil
        }
        // A function is called (`#selector(m)` or `let f = m` is not a call); a property is read or set.
        let called = file.isPunct(q + 1, "(")
        let list = found.filter { scopes[$0].kind == .accessor || called }
        return list.isEmpty ? nil : list
    }

    /// `func m`, `var p`, a label `m:` or a parameter name.
    static func isDeclaration(_ q: Int, in file: CodeFile) -> Bool {
        let prev = file[q - 1]
        if prev.kind == .identifier, [.let, .var, .func, .case, .class, .struct, .enum, .protocol, .typealias].contains(prev.word) { return true }
        return file.isPunct(q + 1, ":") && !file.isPunct(q - 1, "?")
    }

    /// The selector of the message sent at the `[` at `open` (`[self a]`, `[self a:x b:y]`).
    static func objcSelector(sentAt open: Int, in file: CodeFile) -> String {
        let close = file.pair(open)
        guard close > open else { return "" }
        let first = open + 2
        if file.isPunct(first + 1, "]") { return file.text(first) }
        var selector = ""
        var q = first
        while q < close {
            if file.isPunct(q, "[") || file.isPunct(q, "(") || file.isPunct(q, "{"), file.pair(q) > q { q = file.pair(q) + 1; continue }
            if file[q].kind == .identifier, file.isPunct(q + 1, ":"), q == first || !file.isPunct(q - 1, ".") {
                // A part starts the message or follows an argument: `a:x b:y`.
                selector += file.text(q) + ":"
                q += 2
                continue
            }
            q += 1
        }
        return selector
    }
}

extension CodeFile {
    /// Whether a function or accessor scope right inside a type is an instance member: not a
    /// C function written inside `@implementation` (only `-` methods have `self`).
    public func isInstanceMember(_ scope: Scope) -> Bool {
        !scope.isStatic && (language == .swift || scope.kind != .function || isPunct(scope.declarationStart, "-"))
    }

    /// The timing of the code at token `i`: its member's (see `MemberTiming`), without
    /// `inSizeTransition` inside a closure, block or local function (they run later, or whenever
    /// called); empty outside an instance member of a type.
    /// Not `beforeWindow` either where the code runs once the view is in a window whatever
    /// called its member: in a closure stored or handed on to run later (`prefetchHandler = { … }`,
    /// `performBackgroundTask { … }`, a `completion:` block), after a `guard` on the window
    /// (`guard let window = view.window else { return }`), or in a member given a window.
    public func timing(at i: Int) -> MemberTiming {
        member(at: i)?.timing ?? []
    }

    /// The names of the overrides of its type that reach the code at token `i` through the
    /// type's own calls, where that code would run early if one of them does (`timing(at:)`'s
    /// exceptions hold: not in a closure run later, after a guard on the window, or in a member
    /// given a window). A superclass elsewhere decides whether one is called early
    /// (`RepositoryModel.callsEarly`).
    public func overrideRoots(at i: Int) -> Set<String> {
        guard let member = member(at: i), member.early else { return [] }
        return memberTimings.overrideRoots[member.scope] ?? []
    }

    /// The instance member holding token `i`, its timing there, and whether code there would
    /// run whenever the member does (no closure run later, no guard on the window, no window given).
    private func member(at i: Int) -> (scope: Int, timing: MemberTiming, early: Bool)? {
        var deferred = false, later = false
        var s = i >= 0 && i < tokens.count ? structure.scopeIndex(of: i) : -1
        let scopes = structure.scopes
        while s >= 0 {
            let scope = scopes[s]
            if scope.kind == .type { return nil }
            if scope.kind == .function || scope.kind == .accessor, scope.parent >= 0, scopes[scope.parent].kind == .type {
                guard !scope.isStatic, isInstanceMember(scope) else { return nil }
                var t = memberTimings.byScope[s] ?? []
                if deferred { t.remove(.inSizeTransition) }
                let early = !(later || scope.parameterNames.contains(where: { $0.lowercased().hasSuffix("window") }) || guardsWindow(scope, before: i))
                if !early { t.remove(.beforeWindow) }
                return (s, t, early)
            }
            if scope.kind == .closure || scope.kind == .function { deferred = true }
            if scope.kind == .closure, runsLater(closureOpenedAt: scope.open) { later = true }
            s = scope.parent
        }
        return nil
    }

    /// Whether the closure or block opened at `open` is assigned to a property named as a handler
    /// (`gamepad.valueChangedHandler = { … }`, `self.onEvent.handler = ^(…) { … }`).
    public func isHandlerAssignment(closureOpenedAt open: Int) -> Bool {
        var q = open - 1
        if language != .swift {
            if isPunct(q, ")"), pair(q) >= 0, pair(q) < q { q = pair(q) - 1 }
            guard isPunct(q, "^") else { return false }
            q -= 1
        }
        guard isPunct(q, "="), self[q - 1].kind == .identifier else { return false }
        let name = text(q - 1)
        return name.hasSuffix("Handler") || name == "handler"
    }

    /// Calls that keep a closure to run later, not while they are called.
    static let laterCalls: Set<String> = ["async", "asyncAfter", "dispatch_async", "dispatch_after", "performBackgroundTask", "addObserver",
                                          "addObserverForName", "sink", "observe", "subscribe", "addOperationWithBlock", "addOperation",
                                          "dataTask", "dataTaskWithURL", "requestAuthorization", "Task"]

    /// Whether the closure or block opened at `open` runs later than the code around it: it is
    /// assigned (`handler = { … }`), labelled as a completion or handler, or given to a call that
    /// keeps it (`laterCalls`).
    func runsLater(closureOpenedAt open: Int) -> Bool {
        var q = open - 1
        if language != .swift {
            // `^(id x) {`: the block's parameters, then its caret.
            if isPunct(q, ")"), pair(q) >= 0, pair(q) < q { q = pair(q) - 1 }
            guard isPunct(q, "^") else { return false }
            q -= 1
        }
        if isPunct(q, "=") { return true }
        if isPunct(q, ":"), self[q - 1].kind == .identifier {
            let label = text(q - 1).lowercased()
            if label.hasSuffix("completion") || label.hasSuffix("handler") || label.hasSuffix("block") && label != "block" { return true }
        }
        // A trailing closure: `performBackgroundTask { … }`, `DispatchQueue.main.async { … }`.
        if language == .swift, self[q].kind == .identifier, Self.laterCalls.contains(text(q)) { return true }
        if language == .swift, isPunct(q, ")"), pair(q) >= 0, pair(q) < q, Self.laterCalls.contains(text(pair(q) - 1)) { return true }
        // An argument: the call whose parentheses hold it.
        var depth = 0, steps = 0
        while q > 0, steps < 64 {
            if isPunct(q, ")") || isPunct(q, "]") { depth += 1 }
            if isPunct(q, "{") || isPunct(q, "}") || isPunct(q, ";") { return false }
            if isPunct(q, "(") || isPunct(q, "[") {
                if depth == 0 { return isPunct(q, "(") && Self.laterCalls.contains(text(q - 1)) }
                depth -= 1
            }
            q -= 1
            steps += 1
        }
        return false
    }

    /// Whether a `guard` before `i` in `member` asks for the view's window (`guard let window =
    /// self.view.window else { return }`): after it the view is in one.
    func guardsWindow(_ member: Scope, before i: Int) -> Bool {
        // The file's window guards, by their `guard` (found once: findings ask per finding, and a
        // member of thousands of them made a walk from its start per finding quadratic).
        let guards = windowGuards
        var lo = 0, hi = guards.count
        while lo < hi { let mid = (lo + hi) / 2; if guards[mid].guard <= member.open { lo = mid + 1 } else { hi = mid } }
        var n = lo
        while n < guards.count, guards[n].guard < i, n - lo < 8 {
            if guards[n].window < i { return true }
            n += 1
        }
        return false
    }

    /// Each `guard` whose condition reads a `.window` (`guard let window = view.window else`), with
    /// that read's `.`, in order.
    static func windowGuards(in file: CodeFile) -> [(guard: Int, window: Int)] {
        var out: [(guard: Int, window: Int)] = []
        let tokens = file.tokens
        for q in tokens.indices where tokens[q].is(.guard) {
            var e = q + 1
            while e < file.tokens.count, !file.is(e, .else), e - q < 24 {
                if file.isPunct(e, "."), file.text(e + 1) == "window" { out.append((q, e)); break }
                e += 1
            }
        }
        return out
    }
}

import RuleKit
import SourceLexing

/// What `migrate scenes` reads of an app delegate: where it sets up its window (the statements
/// from the first that touches the window to the last), the lifecycle, URL, user-activity,
/// shortcut and state-restoration callbacks it implements, and what it reads of its launch
/// options. Pure: a lexed file in, facts out.
struct AppDelegateShape {
    /// A lifecycle callback scenes stop calling, and the scene delegate's method that calls it now.
    struct Callback: Equatable {
        var swift: String, objc: String, scene: String, sceneObjC: String
    }

    static let callbacks = [
        Callback(swift: "applicationDidBecomeActive", objc: "applicationDidBecomeActive:", scene: "sceneDidBecomeActive", sceneObjC: "sceneDidBecomeActive:"),
        Callback(swift: "applicationWillResignActive", objc: "applicationWillResignActive:", scene: "sceneWillResignActive", sceneObjC: "sceneWillResignActive:"),
        Callback(swift: "applicationWillEnterForeground", objc: "applicationWillEnterForeground:", scene: "sceneWillEnterForeground", sceneObjC: "sceneWillEnterForeground:"),
        Callback(swift: "applicationDidEnterBackground", objc: "applicationDidEnterBackground:", scene: "sceneDidEnterBackground", sceneObjC: "sceneDidEnterBackground:"),
    ]

    /// How the app delegate opens URLs.
    enum URLHandler { case options, sourceApplication, handleOpen }

    /// The statements that set up the window, as whole lines of the app delegate.
    struct WindowSetUp {
        /// The function they are in (`application(_:didFinishLaunchingWithOptions:)` or a helper of it).
        var function: Scope
        /// 0-based line indexes, first to last inclusive.
        var lines: ClosedRange<Int>
        /// The lines that move (0-based, ascending): the statements that touch the window, those
        /// that declare what they read, and those after them that read what they set — the rest
        /// (frameworks, view controllers the window shows) stays at launch, which still runs
        /// before a scene connects. All of `lines` when it holds preprocessor directives.
        var moved: [Int] = []
        /// The statement that makes the window (first and last token), the tokens of what it makes
        /// (`V2Window()`, `[[UIWindow alloc] initWithFrame:[UIScreen mainScreen].bounds]`), and whether
        /// it makes a local (`let window = …`), when there is one.
        var creation: (statement: Statement, expression: Statement, local: Bool)?
        /// The class made, or UIWindow.
        var windowClass: String
        /// Statements that size the window from the screen (`window.frame = UIScreen.main.bounds`)
        /// and that show it (`makeKeyAndVisible`): a scene sizes its own window, and its delegate shows it.
        var sizing: [Statement] = []
        var showing: [Statement] = []
        /// The block uses the function's `application` parameter, which the moved statements spell out.
        var usesApplicationParameter: [Int] = []
        /// The window is made only when there is none yet (`if (!self.window) { self.window = … }`):
        /// below iOS 13 launch keeps the one it has.
        var reusesWindow = false
    }

    let file: CodeFile
    let body: Scope
    var callbacks: [Callback] = []
    var urlHandler: URLHandler?
    var continuesActivities = false
    var performsShortcuts = false
    var configuresScenes = false
    /// `application(_:shouldSave…ApplicationState:)` and the like: (method, line).
    var stateRestoration: [(String, Int)] = []
    /// `launchOptions[.url]` and the like: (key, line).
    var launchOptionReads: [(String, Int)] = []
    var window: WindowSetUp?
    /// Why the window's set-up could not be moved, when it could not.
    var windowProblem: String?
    /// Whether the class declares a `window` property (Swift; Objective-C declares it in its header).
    var declaresWindow = false
    /// Launch code that stays at launch yet needs the window, which under scenes does not exist
    /// until a scene connects: (what it does, line).
    var launchWindowUses: [(String, Int)] = []

    init?(file: CodeFile, className: String) {
        guard let body = file.structure.scopes.first(where: {
            $0.kind == .type && $0.name == className && ($0.typeKind == .swiftClass || $0.typeKind == .objcImplementation)
        }) else { return nil }
        self.file = file
        self.body = body
        let swift = file.language == .swift
        var launch: Scope? = nil
        var willLaunch: Scope? = nil
        for s in file.structure.scopes where s.kind == .function && s.open > body.open && s.close < body.close {
            guard file.enclosingType(of: s.open)?.open == body.open else { continue }
            let name = s.name, labels = s.labels
            if let c = Self.callbacks.first(where: { swift ? $0.swift == name : $0.objc == name }), !file.isTemplateStub(s) {
                callbacks.append(c)
            }
            let selector = swift ? ([name] + labels.dropFirst()).joined(separator: ":") : name
            switch selector {
            case "application:open:options", "application:openURL:options:": urlHandler = .options
            case "application:open:sourceApplication:annotation", "application:openURL:sourceApplication:annotation:":
                if urlHandler == nil { urlHandler = .sourceApplication }
            case "application:handleOpen", "application:handleOpenURL:": if urlHandler == nil { urlHandler = .handleOpen }
            case "application:continue:restorationHandler", "application:continueUserActivity:restorationHandler:": continuesActivities = true
            case "application:performActionFor:completionHandler", "application:performActionForShortcutItem:completionHandler:": performsShortcuts = true
            case "application:configurationForConnecting:options", "application:configurationForConnectingSceneSession:options:": configuresScenes = true
            case "application:didFinishLaunchingWithOptions", "application:didFinishLaunchingWithOptions:": launch = s
            case "application:willFinishLaunchingWithOptions", "application:willFinishLaunchingWithOptions:": willLaunch = s
            case "application:shouldSaveSecureApplicationState", "application:shouldSaveSecureApplicationState:",
                 "application:shouldRestoreSecureApplicationState", "application:shouldRestoreSecureApplicationState:",
                 "application:shouldSaveApplicationState", "application:shouldSaveApplicationState:",
                 "application:shouldRestoreApplicationState", "application:shouldRestoreApplicationState:",
                 "application:viewControllerWithRestorationIdentifierPath:coder", "application:viewControllerWithRestorationIdentifierPath:coder:":
                stateRestoration.append((swift ? selector.replacingOccurrences(of: "application:", with: "application(_:") + ":)" : selector,
                                         file.line(of: s.declarationStart)))
            default: break
            }
        }
        if swift {
            for i in (body.open + 1)..<body.close where file.is(i, .var) && file.text(i + 1) == "window"
                && file.scope(of: i)?.open == body.open { declaresWindow = true }
        }
        if let launch { launchOptionReads = file.launchOptionReads(in: launch).map { ($0.key, file.line(of: $0.token)) } }
        windowMethods = findWindowMethods(except: [launch, willLaunch].compactMap { $0?.open })
        findWindowSetUp(launch: launch ?? willLaunch)
        if window != nil { findLaunchWindowUses([willLaunch, launch].compactMap { $0 }) }
    }

    /// The class's methods that use its window (`configureAppearance` setting its tint), directly
    /// or one call deep, by name (an Objective-C selector): a call to one is a window statement.
    var windowMethods: Set<String> = []

    func usesWindow(_ range: ClosedRange<Int>) -> Bool {
        range.contains { i in namesWindow(i) || ((file.text(i) == "keyWindow" || file.text(i) == "windows") && file.isPunct(i - 1, ".")) }
    }

    func findWindowMethods(except launches: [Int]) -> Set<String> {
        let methods = file.structure.scopes.filter { s in
            s.kind == .function && s.open > body.open && s.close < body.close && file.enclosingType(of: s.open)?.open == body.open
                && !launches.contains(s.open)
        }
        var using = Set(methods.filter { usesWindow($0.open...$0.close) }.map(\.name))
        for m in methods where !using.contains(m.name) {
            if (m.open...m.close).contains(where: { i in called(at: i).map { using.contains($0) } ?? false }) { using.insert(m.name) }
        }
        return using
    }

    /// Whether statement `s` touches the window: names it, or calls a method of the class that
    /// uses it (other than `function`, the set-up's own).
    func touchesWindow(_ s: Statement, in function: Scope) -> Bool {
        (s.first...s.last).contains { i in namesWindow(i) || (called(at: i).map { $0 != function.name && windowMethods.contains($0) } ?? false) }
    }

    /// Statements of the launch methods that stay there and use the window: directly, through the
    /// application's `keyWindow` or `windows`, or by calling a method of the class that does.
    mutating func findLaunchWindowUses(_ launches: [Scope]) {
        let moved = Set(window?.moved ?? [])
        var using = windowMethods
        if let function = window?.function { using.remove(function.name) }
        for launch in launches {
            for s in statements(of: launch) where !moved.contains(line(s.first)) {
                let range = s.first...s.last
                if usesWindow(range) {
                    launchWindowUses.append(("uses the window", file.line(of: s.first)))
                } else if let m = range.compactMap({ called(at: $0) }).first(where: { using.contains($0) }) {
                    launchWindowUses.append(("calls \(m), which uses the window,", file.line(of: s.first)))
                }
            }
        }
    }

    /// The method of this class called at token `i`: `[self name…]` (its selector), `self.name(`, `name(`.
    func called(at i: Int) -> String? {
        guard file[i].kind == .identifier else { return nil }
        if file.language == .objectiveC {
            guard file.is(i - 1, .self), file.isPunct(i - 2, "[") else { return nil }
            var selector = file.text(i)
            if file.isPunct(i + 1, ":") {
                var q = i
                selector = ""
                while q < file.tokens.count, !file.isPunct(q, "]") {
                    if file.isPunct(q + 1, ":"), file[q].kind == .identifier { selector += file.text(q) + ":" }
                    if file.isPunct(q, "(") || file.isPunct(q, "["), file.pair(q) > q { q = file.pair(q) }
                    q += 1
                }
            }
            return selector
        }
        guard file.isPunct(i + 1, "(") else { return nil }
        if file.isPunct(i - 1, ".") { return file.is(i - 2, .self) ? file.text(i) : nil }
        return file.text(i)
    }

    // MARK: The window's set-up

    /// Whether token `i` names the app delegate's window: `self.window`, `_window`, a bare
    /// `window` (Swift: the property, or the local made at launch), `[self window]`.
    func namesWindow(_ i: Int) -> Bool {
        let t = file.text(i)
        if t == "_window" { return !file.isPunct(i - 1, ".") }
        guard t == "window" else { return false }
        if file.language == .swift {
            if file.isPunct(i + 1, ":") { return false }  // an argument label
            if file.isPunct(i - 1, ".") { return file.is(i - 2, .self) }
            return true
        }
        if file.isPunct(i - 1, ".") { return file.is(i - 2, .self) }
        if file.is(i - 1, .self), file.isPunct(i - 2, "["), file.isPunct(i + 1, "]") { return true }
        return file.isCDeclarator(i) || file.isPunct(i + 1, ".") || file.isPunct(i + 1, "=") || file.isPunct(i - 1, "[")
    }

    /// A statement's first and last token.
    typealias Statement = (first: Int, last: Int)

    /// The statements of a body at its own level.
    func statements(of s: Scope) -> [Statement] {
        var out: [Statement] = []
        var start: Int? = nil
        var i = s.open + 1
        let swift = file.language == .swift
        while i < s.close {
            if start == nil { start = i }
            var end = i
            if file.isPunct(i, "(") || file.isPunct(i, "[") || file.isPunct(i, "{"), file.pair(i) > i { end = file.pair(i) }
            let next = end + 1
            var ends = false
            if file.isPunct(end, ";") {
                ends = true
            } else if swift {
                // A line break ends a statement unless the next line continues it.
                if next >= s.close { ends = true } else if file[next].isLineStart {
                    let continues = file.isPunct(next, ".") || file.text(next).hasPrefix("?.") || file.is(next, .else) || file.is(next, .catch)
                        || Self.binary.contains(file.text(next)) || Self.binary.contains(file.text(end)) || file.isPunct(end, ",")
                    ends = !continues
                }
            } else if file.isPunct(end, "}"), file.pair(end) < end, !file.is(next, .else) {
                // `if (…) { … }` without an `else` after it.
                ends = next >= s.close || file[next].isLineStart
            }
            if ends || next >= s.close {
                out.append((start!, end))
                start = nil
            }
            i = next
        }
        return out
    }

    static let binary: Set<String> = ["=", "+", "-", "*", "/", "&&", "||", "??", "==", "!=", "<", ">", "<=", ">=", "+=", "-=", "?", ":", "->"]

    func line(_ token: Int) -> Int { file.line(of: token) - 1 }

    /// The text of 0-based line `n`, without its line break.
    func lineText(_ n: Int) -> String {
        let starts = file.lines.starts
        guard n < starts.count else { return "" }
        var end = n + 1 < starts.count ? starts[n + 1] : file.buffer.count
        while end > starts[n], file.buffer.bytes[end - 1] == 10 || file.buffer.bytes[end - 1] == 13 { end -= 1 }
        return file.buffer.text(starts[n]..<end)
    }

    /// The first function whose statements make or touch the window: launch, or a method it calls.
    mutating func findWindowSetUp(launch: Scope?) {
        let functions = file.structure.scopes.filter { s in
            s.kind == .function && s.open > body.open && s.close < body.close && file.enclosingType(of: s.open)?.open == body.open
        }
        // Where the window is made, else where it is first touched in the launch method.
        let made = functions.first { s in statements(of: s).contains { creation(in: $0) != nil || guardedCreation($0) != nil } }
        guard let function = made ?? launch else { return }
        let list = statements(of: function)
        let touching = list.indices.filter { k in touchesWindow(list[k], in: function) }
        guard let first = touching.first, let last = touching.last else { return }
        var setUp = WindowSetUp(function: function, lines: line(list[first].first)...line(list[last].last), windowClass: "UIWindow")
        for k in first...last {
            let statement = list[k]
            if let (expression, cls, local) = creation(in: statement) ?? guardedCreation(statement) {
                guard setUp.creation == nil else { windowProblem = "it makes more than one window"; return }
                setUp.reusesWindow = creation(in: statement) == nil
                guard line(expression.first) == line(expression.last) else {
                    windowProblem = "the window is made over several lines (line \(file.line(of: expression.first)))"
                    return
                }
                setUp.creation = (statement, expression, local)
                setUp.windowClass = cls
            } else if sizes(statement) {
                setUp.sizing.append(statement)
            } else if shows(statement) {
                setUp.showing.append(statement)
            } else {
                continue
            }
            // What moves out of the set-up goes line by line.
            guard file[statement.first].isLineStart, statement.last + 1 >= function.close || file[statement.last + 1].isLineStart else {
                windowProblem = "a statement that makes, sizes or shows its window shares a line (line \(file.line(of: statement.first)))"
                return
            }
        }
        // Preprocessor blocks stay whole.
        guard let lines = balanced(setUp.lines, in: function) else { windowProblem = "its window set-up is inside an #if"; return }
        setUp.lines = lines
        let moving = movingStatements(list, first...last, in: function)
        if lines != line(list[first].first)...line(list[last].last) || (lines.contains { isDirective($0) }) {
            setUp.moved = Array(lines)
        } else {
            setUp.moved = moving.sorted().flatMap { k in Array(line(list[k].first)...line(list[k].last)) }
        }
        if let problem = problem(moving: setUp, from: list, first...last, statements: moving) { windowProblem = problem; return }
        let parameter = function.parameterNames.first
        let movedLines = Set(setUp.moved)
        setUp.usesApplicationParameter = (list[first].first...list[last].last).filter { i in
            parameter == "application" && file.text(i) == "application" && !file.isPunct(i - 1, ".") && !file.isPunct(i + 1, ":")
                && file.innermostBody(of: i)?.open == function.open && movedLines.contains(line(i))
        }
        window = setUp
    }

    /// Whether 0-based line `n` is a preprocessor directive.
    func isDirective(_ n: Int) -> Bool { lineText(n).drop { $0 == " " || $0 == "\t" }.hasPrefix("#") }

    /// The statements of `list` in `range` that move: those that touch the window; then, until
    /// nothing changes, one that declares a local a moving statement reads, and one after a
    /// moving statement (to the end of the function) that reads what it sets or declares.
    func movingStatements(_ list: [Statement], _ range: ClosedRange<Int>, in function: Scope) -> Set<Int> {
        var moving = Set(range.filter { k in touchesWindow(list[k], in: function) })
        let reads = list.map { names(readIn: $0) }
        let sets = list.map { names(setBy: $0) }
        let declares = list.map { locals(declaredBy: $0) }
        var changed = true
        while changed {
            changed = false
            for k in list.indices where !moving.contains(k) {
                let needed = moving.contains { m in !declares[k].isDisjoint(with: reads[m]) }
                let follows = moving.contains { m in m < k && !(sets[m].union(declares[m])).isDisjoint(with: reads[k]) }
                if needed || follows { moving.insert(k); changed = true }
            }
        }
        return moving
    }

    /// The names a statement reads: identifiers, a property read through `self.` by its name,
    /// an instance variable `_name` as `name` too.
    func names(readIn s: Statement) -> Set<String> {
        var out = Set<String>()
        for i in s.first...s.last where file[i].kind == .identifier {
            let t = file.text(i)
            if file.isPunct(i - 1, "."), !file.is(i - 2, .self) { continue }
            out.insert(t)
            if t.hasPrefix("_"), t.count > 1 { out.insert(String(t.dropFirst())) }
        }
        return out
    }

    /// What a statement sets: `self.x = …`, `_x = …`, `x = …`, `self.x.y = …` (x changes), as `x`.
    func names(setBy s: Statement) -> Set<String> {
        var q = s.first
        if file.language == .objectiveC, file.isPunct(q, "[") { q += 1 }
        if file.is(q, .self), file.isPunct(q + 1, ".") { q += 2 }
        guard file[q].kind == .identifier else { return [] }
        var e = q
        while file.isPunct(e + 1, ".") || file.isPunct(e + 1, "?") || file.isPunct(e + 1, "!") { e += file.isPunct(e + 1, ".") ? 2 : 1 }
        guard file.isPunct(e + 1, "=") || (file.language == .objectiveC && file.isPunct(s.first, "[")) else { return [] }
        let t = file.text(q)
        return t.hasPrefix("_") && t.count > 1 ? [t, String(t.dropFirst())] : [t]
    }

    /// The locals a statement declares at its own level (`let x`, `var x`, `Type *x =`).
    func locals(declaredBy s: Statement) -> Set<String> {
        var out = Set<String>()
        for i in s.first...s.last where file[i].kind == .identifier {
            if file.is(i - 1, .let) || file.is(i - 1, .var) || (file.language == .objectiveC && file.isCDeclarator(i)) { out.insert(file.text(i)) }
        }
        return out
    }

    /// `self.window = UIWindow(frame: …)`, `let window = V2Window()`, `self.window = [[UIWindow
    /// alloc] initWithFrame:…];`: the expression's tokens, the class and whether it is a local.
    func creation(in s: Statement) -> (Statement, String, Bool)? {
        var q = s.first
        var local = false
        if file.is(q, .let) || file.is(q, .var) { local = true; q += 1 }
        if file.language == .objectiveC, file[q].kind == .identifier, file.isPunct(q + 1, "*"), file.text(q + 2) == "window" { local = true; q += 2 }
        if file.is(q, .self), file.isPunct(q + 1, ".") { q += 2 }
        guard file.text(q) == "window" || file.text(q) == "_window", file.isPunct(q + 1, "=") || (file.isPunct(q + 1, ":") && file.isPunct(q + 3, "=")) else { return nil }
        let value = file.isPunct(q + 1, "=") ? q + 2 : q + 4
        let end = file.isPunct(s.last, ";") ? s.last - 1 : s.last
        if file.language == .swift {
            let cls = file.text(value)
            guard file[value].kind == .identifier, cls.first?.isUppercase == true, file.isPunct(value + 1, "("), file.pair(value + 1) == end
            else { return nil }
            return ((value, end), cls, local)
        }
        guard file.isPunct(value, "["), file.isPunct(value + 1, "["), file.text(value + 3) == "alloc", file.pair(value) == end else { return nil }
        return ((value, end), file.text(value + 2), local)
    }

    /// `if (!self.window) { self.window = [[UIWindow alloc] initWithFrame:…]; }`, `if window == nil
    /// { window = UIWindow(frame: …) }` (Simplenote's `setupDefaultWindow`): the window made when
    /// there is none yet, as `creation` reads the one statement inside.
    func guardedCreation(_ s: Statement) -> (Statement, String, Bool)? {
        guard file.is(s.first, .if) else { return nil }
        var open = s.first + 1
        while open < s.last, !file.isPunct(open, "{") {
            if file.isPunct(open, "("), file.pair(open) > open { open = file.pair(open) }
            open += 1
        }
        guard file.isPunct(open, "{"), file.pair(open) == s.last,
              let block = file.structure.scopes.first(where: { $0.open == open }) else { return nil }
        let condition = file.text(from: s.first + 1, through: open - 1).filter { !$0.isWhitespace }
        let unparenthesized = condition.hasPrefix("(") && condition.hasSuffix(")") ? String(condition.dropFirst().dropLast()) : condition
        guard ["!self.window", "!_window", "!window", "self.window==nil", "_window==nil", "window==nil", "self.window==nil"].contains(unparenthesized)
        else { return nil }
        let inner = statements(of: block)
        guard inner.count == 1, let made = creation(in: inner[0]), !made.2 else { return nil }
        return made
    }

    /// Where the window is a statement's receiver — `self.window`, `window`, `_window`, with
    /// `?`/`!` — its first and last token.
    func receiver(_ s: Statement) -> Statement? {
        var q = s.first
        if file.language == .objectiveC, file.isPunct(q, "[") { q += 1 }
        let start = q
        if file.is(q, .self), file.isPunct(q + 1, ".") { q += 2 }
        guard file.text(q) == "window" || file.text(q) == "_window" else { return nil }
        if file.isPunct(q + 1, "?") || file.isPunct(q + 1, "!") { q += 1 }
        return (start, q)
    }

    func sizes(_ s: Statement) -> Bool {
        guard let r = receiver(s)?.last else { return false }
        if file.isPunct(r + 1, "."), ["frame", "bounds"].contains(file.text(r + 2)), file.isPunct(r + 3, "=") { return true }
        return file.language == .objectiveC && file.isPunct(s.first, "[") && file.text(r + 1) == "setFrame"
    }

    func shows(_ s: Statement) -> Bool {
        guard let r = receiver(s)?.last else { return false }
        let end = file.isPunct(s.last, ";") ? s.last - 1 : s.last
        if file.language == .swift {
            return file.isPunct(r + 1, ".") && file.text(r + 2) == "makeKeyAndVisible" && file.isPunct(r + 3, "(") && file.pair(r + 3) == end
        }
        return file.isPunct(s.first, "[") && file.text(r + 1) == "makeKeyAndVisible" && file.isPunct(r + 2, "]") && r + 2 == end
    }

    /// `lines` grown so that every `#if` in it has its `#endif` in it, and the other way round;
    /// nil when they sit inside an `#if` (moved out of it, they would run in every build).
    func balanced(_ lines: ClosedRange<Int>, in function: Scope) -> ClosedRange<Int>? {
        var lo = lines.lowerBound, hi = lines.upperBound
        func directive(_ n: Int) -> String? {
            let t = lineText(n).drop { $0 == " " || $0 == "\t" }
            for d in ["#ifdef", "#ifndef", "#if", "#endif"] where t.hasPrefix(d) { return d == "#endif" ? d : "#if" }
            return nil
        }
        var opens: [Int] = [], pairs: [(Int, Int)] = []
        for n in line(function.open)...line(function.close) {
            switch directive(n) {
            case "#if": opens.append(n)
            case "#endif": if let o = opens.popLast() { pairs.append((o, n)) }
            default: break
            }
        }
        var changed = true
        while changed {
            changed = false
            for (o, c) in pairs where (lo...hi).contains(o) != (lo...hi).contains(c) {
                if o < lo, c <= hi, c >= lo { lo = o; changed = true }
                if c > hi, o >= lo, o <= hi { hi = c; changed = true }
                if o < lo, c > hi { return nil }
            }
        }
        return pairs.contains { $0.0 < lo && $0.1 > hi } ? nil : lo...hi
    }

    /// Why the statements that move cannot become a method of their own, or nil.
    func problem(moving setUp: WindowSetUp, from list: [Statement], _ range: ClosedRange<Int>, statements moving: Set<Int>) -> String? {
        let function = setUp.function
        let name = function.name
        let moved = Set(setUp.moved)
        let body = (function.open + 1)..<function.close
        // Locals the moved statements declare go with them.
        var declared = Set<String>()
        for i in body where moved.contains(line(i)) && file[i].kind == .identifier && file.innermostBody(of: i)?.open == function.open {
            if file.is(i - 1, .let) || file.is(i - 1, .var) || (file.language == .objectiveC && file.isCDeclarator(i)) { declared.insert(file.text(i)) }
        }
        let first = body.first { moved.contains(line($0)) } ?? body.lowerBound
        for i in body where moved.contains(line(i)) {
            let t = file.text(i)
            if file.is(i, .return), file.innermostBody(of: i)?.open == function.open {
                return "\(name) returns from inside its window set-up (line \(file.line(of: i)))"
            }
            guard file[i].kind == .identifier, !file.isPunct(i - 1, "."), !(file.language == .swift && file.isPunct(i + 1, ":")) else { continue }
            if function.parameterNames.contains(t), t != "application" {
                return "its window set-up reads `\(t)`, a parameter of \(name) (line \(file.line(of: i)))"
            }
            if t != "window", t != "self", !declared.contains(t), file.declaresLocal(t, before: first), !function.parameterNames.contains(t) {
                return "its window set-up reads `\(t)`, a local of \(name) declared before it (line \(file.line(of: i)))"
            }
        }
        // A return between the moved statements would skip some of them at launch, not in a scene.
        let last = body.last { moved.contains(line($0)) } ?? first
        for i in first..<last where !moved.contains(line(i)) && file.is(i, .return) && file.innermostBody(of: i)?.open == function.open {
            return "\(name) returns between the statements of its window set-up (line \(file.line(of: i)))"
        }
        // … and must not be needed by what stays.
        declared.remove("window")
        for i in body where !moved.contains(line(i)) && file[i].kind == .identifier && declared.contains(file.text(i)) && !file.isPunct(i - 1, ".") {
            return "`\(file.text(i))`, which its window set-up declares, is used after it (line \(file.line(of: i)))"
        }
        _ = (list, range, moving)
        return nil
    }
}

// The shapes of expressions rules care about, recognised the same way in Swift and every
// Objective-C spelling: `UIScreen.main.bounds`, `[UIScreen mainScreen].bounds`,
// `[[UIScreen mainScreen] bounds]`, `UIScreen.mainScreen.bounds`.
import RuleKit
import SourceLexing

/// A postfix expression: an anchor and the members read from it, through dots, optional
/// chaining, calls, subscripts and Objective-C message sends.
struct Chain {
    struct Member {
        var token: Int
        var word: Word
        /// Followed by a call `(…)`, or sent as a keyword message.
        var isCall: Bool
    }
    /// First and last token of the whole expression.
    var start: Int
    var end: Int
    var members: [Member]

    /// The chain read from the identifier at `anchor`.
    static func parse(at anchor: Int, in f: CodeFile) -> Chain {
        var c = Chain(start: anchor, end: anchor, members: [])
        c.extend(in: f)
        return c
    }

    mutating func extend(in f: CodeFile) {
        while true {
            var e1 = end + 1
            // Optional chaining and forcing: `delegate?.window`, `window!.rootViewController`.
            while f[e1].kind == .punct, !f[e1].hasSpaceBefore, f[e1].isPunct("?") || f[e1].isPunct("!") || f[e1].isPunct("?", "?") {
                e1 += 1
            }
            if f.isPunct(e1, "."), f[e1 + 1].kind == .identifier {
                end = e1 + 1
                var member = Member(token: end, word: f[end].word, isCall: false)
                if f.isPunct(end + 1, "("), !f[end + 1].hasSpaceBefore || f.language == .swift, f.pair(end + 1) > end {
                    member.isCall = true
                    end = f.pair(end + 1)
                }
                members.append(member)
                continue
            }
            // `windows[0]`, `windows.first`: subscripts keep the chain going.
            if f.isPunct(end + 1, "["), !f[end + 1].hasSpaceBefore, f.pair(end + 1) > end + 1, !members.isEmpty {
                end = f.pair(end + 1)
                continue
            }
            // `[receiver message]` and `[receiver message:…]`.
            if f.isPunct(start - 1, "["), f[end + 1].kind == .identifier {
                let open = start - 1
                let close = f.pair(open)
                if f.isPunct(end + 2, "]"), close == end + 2 {
                    members.append(Member(token: end + 1, word: f[end + 1].word, isCall: false))
                    start = open
                    end = close
                    continue
                }
                if f.isPunct(end + 2, ":"), close > end {
                    members.append(Member(token: end + 1, word: f[end + 1].word, isCall: true))
                    start = open
                    end = close
                }
            }
            return
        }
    }

    /// The word of member `k`, or `.none`.
    func word(_ k: Int) -> Word { k < members.count ? members[k].word : .none }
}

/// A read of the main screen and what is read from it.
struct ScreenRead {
    enum Kind { case scale, bounds, screen }
    var kind: Kind
    var chain: Chain
    /// Whether the value is a screen dimension (bounds, size, width, height…), the kind of
    /// value that, compared with a number, detects a device model.
    var isDimension: Bool

    /// Whether the scale read `chain` (of `member`, `scale` or `nativeScale`) is compared with
    /// the other one, on either side of one comparison.
    static func isZoomCheck(_ chain: Chain, _ member: Word, in f: CodeFile) -> Bool {
        let other: Word = member == .scale ? .nativeScale : .scale
        func stops(_ q: Int) -> Bool {
            f.isPunct(q, ";") || f.isPunct(q, ",") || f.isPunct(q, "?") || f.isPunct(q, "{") || f.isPunct(q, "}") || f.text(q) == "&&" || f.text(q) == "||"
        }
        if f[chain.end + 1].isComparison {
            var q = chain.end + 2
            while q < min(chain.end + 12, f.tokens.count), !stops(q) {
                if f.is(q, other) { return true }
                q += 1
            }
        }
        if chain.start > 0, f[chain.start - 1].isComparison {
            var q = chain.start - 2
            while q >= max(0, chain.start - 12), !stops(q) {
                if f.is(q, other) { return true }
                q -= 1
            }
        }
        return false
    }

    /// Reads of `[UIScreen mainScreen]` / `UIScreen.main` anchored at `UIScreen` token `i`.
    static func at(_ i: Int, in f: CodeFile) -> ScreenRead? {
        guard f.is(i, .UIScreen) else { return nil }
        // `extension UIScreen`, `let s: UIScreen`, `UIScreen.self` are not reads.
        let chain = Chain.parse(at: i, in: f)
        guard let first = chain.members.first, first.word == .main || first.word == .mainScreen else { return nil }
        var rest = Array(chain.members.dropFirst())
        let m1 = rest.first?.word ?? .none
        switch m1 {
        case .scale, .nativeScale:
            // `UIScreen.main.scale != UIScreen.main.nativeScale` asks whether the main screen is
            // zoomed (Display Zoom, mastodon's `isZoomedMode`): a question about that screen, not
            // a scale to draw at, which no display scale answers.
            if isZoomCheck(chain, m1, in: f) { return ScreenRead(kind: .screen, chain: chain, isDimension: false) }
            return ScreenRead(kind: .scale, chain: chain, isDimension: false)
        case .bounds, .nativeBounds, .applicationFrame:
            rest.removeFirst()
            return ScreenRead(kind: .bounds, chain: chain, isDimension: rest.allSatisfy { dimensionMembers.contains($0.word) })
        // The screen's current mode is its pixels (`currentMode.size` is scale times the bounds),
        // a question only the screen answers; compared with a number it still tells a device.
        case .currentMode where rest.count >= 2 && rest[1].word == .size, .preferredMode where rest.count >= 2 && rest[1].word == .size:
            rest.removeFirst(2)
            return ScreenRead(kind: .screen, chain: chain, isDimension: rest.allSatisfy { dimensionMembers.contains($0.word) })
        // `UIScreen.mainScreen.fixedCoordinateSpace.bounds` (Kodi's GET_MAINSCREEN_WIDTH) is the
        // screen's size as much as `.bounds` is.
        case .coordinateSpace where rest.count >= 2 && rest[1].word == .bounds, .fixedCoordinateSpace where rest.count >= 2 && rest[1].word == .bounds:
            rest.removeFirst(2)
            return ScreenRead(kind: .bounds, chain: chain, isDimension: rest.allSatisfy { dimensionMembers.contains($0.word) })
        default:
            // A member the repository adds to UIScreen and names for a size (`UIScreen.main.minEdge`,
            // `.screenWidth`: SwiftEntryKit's `var minEdge { UIScreen.main.bounds.minEdge }`) is
            // the screen's size; one named for a scale is its scale. UIKit's own members name neither.
            if let member = rest.first, m1 == .none, f[member.token].kind == .identifier {
                let words = camelWords(f.text(member.token))
                // A question about the screen (`isExtraCompactHeight`) is no size to take from a view.
                let predicate = ["is", "has", "should", "can", "supports"].contains(words.first ?? "")
                // Its other words qualify the screen's size (`minEdge`, `screenWidth`), not something
                // else sized for the screen (Delta's `defaultControllerSkinSize`, an asset's size).
                if !predicate, words.contains(where: sizeNameParts.contains), words.allSatisfy({ sizeNameParts.contains($0) || sizeQualifiers.contains($0) }) {
                    rest.removeFirst()
                    return ScreenRead(kind: .bounds, chain: chain, isDimension: rest.allSatisfy { dimensionMembers.contains($0.word) })
                }
                if words.contains("scale") { return ScreenRead(kind: .scale, chain: chain, isDimension: false) }
            }
            return ScreenRead(kind: .screen, chain: chain, isDimension: false)
        }
    }

    /// The words of a repository's own size member of UIScreen (not `maximumFramesPerSecond`).
    static let sizeNameParts: Set<String> = ["width", "height", "edge", "size", "bounds", "frame", "side", "length"]
    /// The other words such a member's name may have.
    static let sizeQualifiers: Set<String> = ["min", "max", "minimum", "maximum", "short", "long", "shorter", "longer", "shortest", "longest",
                                              "smallest", "largest", "small", "large", "screen", "native", "full", "half", "real", "actual",
                                              "current", "portrait", "landscape", "device", "main", "visible", "usable", "available", "safe",
                                              "pixel", "pixels", "point", "points", "in", "of", "x", "y"]

    /// `minEdge` → `min`, `edge`: a camel-case name's words, lowercased.
    static func camelWords(_ name: String) -> [String] {
        var words: [String] = [], current = ""
        for c in name {
            if c.isUppercase, !current.isEmpty { words.append(current); current = "" }
            if c == "_" { if !current.isEmpty { words.append(current) }; current = ""; continue }
            current.append(Character(c.lowercased()))
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// Members that keep a bounds read a dimension.
    static let dimensionMembers: Set<Word> = [.size, .width, .height, .maxX, .maxY, .rounded]

    var rule: RuleID {
        switch kind {
        case .scale: .mainScreenScale
        case .bounds: .mainScreenBounds
        case .screen: .mainScreen
        }
    }
}

/// Expression tests shared by the geometry rules.
enum Expr {
    /// Functions and casts that keep a dimension a dimension: `CGRectGetHeight(x)`, `(int)x`,
    /// `Int(x)`, `MAX(x, y)`, `floor(x)`.
    static let dimensionWrappers: Set<Word> = [
        .CGRectGetWidth, .CGRectGetHeight, .CGRectGetMaxX, .CGRectGetMaxY, .CGFloat, .Int, .Double, .Float,
        .NSInteger, .UInt, .NSUInteger, .max, .min, .MAX, .MIN, .fmax, .fmin, .fmaxf, .fminf, .round, .floor, .ceil,
        .lround, .roundf, .floorf, .ceilf,
    ]
    static let castWords: Set<Word> = [.int, .float, .double, .long, .unsigned, .CGFloat, .NSInteger, .NSUInteger, .Int, .Double, .Float, .UInt]

    /// Grows `s…e` outward through parentheses, casts and dimension-preserving wrappers.
    static func widen(_ s: Int, _ e: Int, in f: CodeFile) -> (Int, Int) {
        var s = s, e = e
        while true {
            // `( expr )` — but `f( expr )` is a call, handled below.
            if f.isPunct(s - 1, "("), f.pair(s - 1) == e + 1 {
                let callee = s - 2
                if f[callee].kind == .identifier, !f[callee].is(.return), !f[callee].is(.if), !f[callee].is(.while), !f[callee].is(.switch) {
                    if dimensionWrappers.contains(f[callee].word) {
                        s = callee
                        e += 1
                        continue
                    }
                    return (s, e)
                }
                s -= 1
                e += 1
                continue
            }
            // An argument of MAX/MIN: `MAX(SCREEN_WIDTH, SCREEN_HEIGHT)`.
            if isArgument(s, e, in: f), let (open, close) = enclosingCall(s, in: f) {
                let callee = open - 1
                let w = f[callee].word
                if [.max, .min, .MAX, .MIN, .fmax, .fmin, .fmaxf, .fminf].contains(w) {
                    s = callee
                    e = close
                    continue
                }
            }
            // C casts: `(int)expr`, `(CGFloat)expr`.
            if f.isPunct(s - 1, ")"), f.language == .objectiveC {
                let open = f.pair(s - 1)
                if open >= 0, open < s - 1, (open + 1..<(s - 1)).allSatisfy({ castWords.contains(f[$0].word) || f.isPunct($0, "*") }),
                   f[open - 1].kind != .identifier || f[open - 1].is(.return) {
                    s = open
                    continue
                }
            }
            // Swift: `expr.rounded()`, `Int(expr)` handled above; `expr as CGFloat`
            return (s, e)
        }
    }

    /// Whether `s…e` is a whole argument: between `(`/`,` and `,`/`)`.
    static func isArgument(_ s: Int, _ e: Int, in f: CodeFile) -> Bool {
        let before = f[s - 1], after = f[e + 1]
        let opens = before.isPunct("(") || before.isPunct(",")
        let closes = after.isPunct(")") || after.isPunct(",")
        return opens && closes
    }

    /// Whether the main-screen read starting at `s` is the fallback of a window's (or a scene's)
    /// own geometry: `window?.bounds.height ?? UIScreen.main.bounds.height` (SKPhotoBrowser's
    /// `SKMesurement.screenHeight`), `windowScene?.coordinateSpace.bounds ?? UIScreen.main.bounds`
    /// (zotero's scene delegate). The screen stands in only where there is no window: the window
    /// comes first, and a helper made of it measures the window, not the screen.
    static func isWindowGeometryFallback(_ s: Int, in f: CodeFile) -> Bool {
        let (a, _) = widen(s, s, in: f)
        if isNilFallback(a, in: f) { return true }
        let names = coalescedNames(before: a, in: f)
        if names.contains(where: { name in name.lowercased().contains("window") || windowGeometryWords.contains(name) }) { return true }
        // A view's own size, the screen's only while there is no view (ZLPhotoBrowser's
        // `viewController?.view.bounds.height ?? UIScreen.main.bounds.height`, when the weak controller is gone).
        return names.contains { $0 == "view" || $0.hasSuffix("View") } && names.contains { viewSizeWords.contains($0) }
    }
    static let viewSizeWords: Set<String> = ["bounds", "frame", "width", "height", "size"]

    /// Whether the value at `a` is assigned to a variable only where it is nil, after it was
    /// given a window's geometry: `UIScreen *screen = view.window.screen; if (!screen) { screen =
    /// [UIScreen mainScreen]; }` (UTM's point-to-pixel helpers), `if screen == nil { screen = UIScreen.main }`.
    static func isNilFallback(_ a: Int, in f: CodeFile) -> Bool {
        guard f.isPunct(a - 1, "="), !f.isPunct(a - 2, "="), f[a - 2].kind == .identifier, !f.isPunct(a - 3, ".") else { return false }
        let name = f.text(a - 2)
        // The block the assignment is in is an `if` testing the variable for nil.
        guard let block = f.scopes(around: a).first(where: { _ in true }), block.kind == .control else { return false }
        var h = block.open - 1
        while h > max(0, block.open - 16), !f.isPunct(h, "{"), !f.isPunct(h, "}"), !f.isPunct(h, ";"), !f.is(h, .if) { h -= 1 }
        guard h >= 0, f.is(h, .if) else { return false }
        let testsNil = (h..<block.open).contains { q in
            f.text(q) == name && (f.isPunct(q - 1, "!") || (f.text(q + 1) == "==" && ["nil", "NULL", "Nil"].contains(f.text(q + 2))))
        }
        guard testsNil, let function = f.enclosingFunction(of: a)?.scope else { return false }
        // Before the `if`, the variable was given something of a window (`= view.window.screen`).
        var q = function.open + 1
        while q < h {
            if f.text(q) == name, f.isPunct(q + 1, "="), !f.isPunct(q + 2, "=") {
                var e = q + 2
                while e < h, !f.isPunct(e, ";"), !(e > q + 2 && f[e].isLineStart && f.language == .swift) {
                    if f[e].kind == .identifier, f.text(e).lowercased().contains("window") { return true }
                    e += 1
                }
            }
            q += 1
        }
        return false
    }

    /// The names in the chain left of a `??` that ends right before `a` (`window.windowScene.flatMap(UIWindow.init) ??`
    /// gives window, windowScene, flatMap; what is in parentheses is skipped); empty when no `??` is there.
    static func coalescedNames(before a: Int, in f: CodeFile) -> [String] {
        // Swift's `??`, or Objective-C's `?:` (`self.window.screen ?: UIScreen.mainScreen`, LNPopupController's bar).
        let elvis = f.language == .objectiveC && a >= 3 && f.isPunct(a - 1, ":") && f.isPunct(a - 2, "?")
        guard a >= 2, f.text(a - 1) == "??" || f.text(a - 1) == "?:" || elvis else { return [] }
        var names: [String] = []
        var q = elvis ? a - 3 : a - 2
        while q >= 0, a - q < 24 {
            if f.isPunct(q, ")") || f.isPunct(q, "]"), f.pair(q) >= 0, f.pair(q) < q { q = f.pair(q) - 1; continue }
            if f[q].kind == .identifier {
                names.append(f.text(q))
            } else if !(f.isPunct(q, ".") || f.isPunct(q, "?") || f.isPunct(q, "!")) {
                break
            }
            q -= 1
        }
        return names
    }
    /// Besides any name with "window" in it (`preferredApplicationWindow`, `windowScene`).
    static let windowGeometryWords: Set<String> = ["coordinateSpace", "effectiveGeometry"]

    /// Whether the code at `k` is in a type or member named for telemetry — analytics, a
    /// device-info record, automatic event properties — whose screen size, scale or idiom is a
    /// value reported about the device, not a layout decision (Adyen's `AnalyticsData.screenWidth`,
    /// Mixpanel's `AutomaticProperties`, the Facebook SDK's `FBSDKAppEventsDeviceInfo`).
    static func inTelemetry(_ k: Int, in f: CodeFile) -> Bool {
        let names = [f.enclosingType(of: k)?.name, f.enclosingFunction(of: k)?.scope.name].compactMap { $0?.lowercased() }
        return names.contains { name in telemetryWords.contains { name.contains($0) } }
    }

    /// Whether `k` is in a function whose answer is plain text: what it reads of the screen, not
    /// compared to guess the device, describes the device (netfox's `getNFXDeviceScreenResolution()
    /// -> String`); an idiom or a size compared there may still choose on its way to the text, and an
    /// attributed string carries fonts.
    static func inTextFunction(_ k: Int, in f: CodeFile) -> Bool {
        guard let function = f.enclosingFunction(of: k)?.scope, function.kind == .function else { return false }
        let header = function.declarationStart..<min(function.open, f.tokens.count)
        if f.language == .swift {
            guard let arrow = header.last(where: { f.text($0) == "->" }) else { return false }
            return ["String", "NSString"].contains(f.text(arrow + 1)) && (arrow + 2 == function.open || f.isPunct(arrow + 2, "?"))
        }
        let s = function.declarationStart
        return (f.isPunct(s, "-") || f.isPunct(s, "+")) && f.isPunct(s + 1, "(") && f.text(s + 2) == "NSString" && f.isPunct(s + 3, "*")
    }

    /// Whether `k` is in the `defaultValue` of an environment key (a type conforming to a `…Key`
    /// protocol: SwiftUI's `EnvironmentKey`, Blueprint's own): the value where nothing sets one.
    static func isEnvironmentDefault(_ k: Int, in f: CodeFile) -> Bool {
        guard f.language == .swift, let type = f.enclosingType(of: k), type.inherits.contains(where: { $0.hasSuffix("Key") }) else { return false }
        let member = f.enclosingFunction(of: k)?.scope.name ?? f.memberDeclared(at: k)?.name
        return member == "defaultValue"
    }

    static let telemetryWords = ["analytics", "telemetry", "deviceinfo", "automaticproperties", "deviceproperties"]

    /// Whether the value starting at `s` is turned into text: interpolated into a Swift string
    /// (`"Scale/\(UIScreen.main.scale)"`), an argument of `String(format:)`, `[NSString
    /// stringWithFormat:]`, `NSLog`, `print` or `NSStringFromCGRect` — a User-Agent, a log
    /// line, an analytics value. Data, not layout.
    static func isFormattedIntoText(_ s: Int, in f: CodeFile) -> Bool {
        var k = s - 1
        var hops = 0
        while k >= 0, s - k < 256, hops < 6 {
            let t = f[k]
            if t.kind == .string {
                // The literal segment before an interpolation ends at its `\`.
                if f.language == .swift, f.buffer.base[t.end] == UInt8(ascii: "\\") { return true }
            }
            if t.kind == .punct {
                if t.isPunct(")") || t.isPunct("]") || t.isPunct("}") {
                    let o = f.pair(k)
                    if o >= 0, o < k { k = o - 1; continue }
                } else if t.isPunct("(") {
                    hops += 1
                    let callee = f[k - 1]
                    if callee.kind == .identifier {
                        let name = f.text(k - 1)
                        if name == "String" || name == "NSString", f.text(k + 1) == "format" { return true }
                        if ["NSLog", "print", "debugPrint", "NSStringFromCGRect", "NSStringFromCGSize", "NSStringFromCGPoint",
                            "NSStringFromUIEdgeInsets", "os_log"].contains(name) { return true }
                        if name == "String", f.text(k + 1) == "describing" { return true }
                    }
                } else if t.isPunct("[") {
                    hops += 1
                    // `[NSString stringWithFormat:@"…", …]`, `[[NSString alloc] initWithFormat:…]`
                    var q = k + 1
                    if f.isPunct(q, "["), f.pair(q) > q { q = f.pair(q) + 1 } else { q += 1 }
                    let selector = f.text(q)
                    if selector == "stringWithFormat" || selector == "initWithFormat" || selector == "stringByAppendingFormat" || selector == "appendFormat" { return true }
                } else if t.isPunct("{") || t.isPunct(";") {
                    return false
                }
            }
            if f.language == .swift, t.isLineStart, t.kind == .identifier, f.is(k, .let) || f.is(k, .var) || f.is(k, .return) { return false }
            // A Swift line that starts a statement of its own: the text of the line before is not this value's.
            if f.language == .swift, t.isLineStart, startsSwiftStatement(k, in: f) { return false }
            k -= 1
        }
        return false
    }

    /// Whether the Swift line starting at `k` starts a statement: the line before ends a value
    /// (a name, a literal, `)`, `]`, `}`) and this one does not go on with a member, an operator
    /// or an argument (`.frame`, `+ inset`, the next argument after a trailing `,`).
    static func startsSwiftStatement(_ k: Int, in f: CodeFile) -> Bool {
        guard k > 0 else { return true }
        if f[k].kind == .punct { return false }
        let before = f[k - 1]
        return before.kind != .punct || f.isPunct(k - 1, ")") || f.isPunct(k - 1, "]") || f.isPunct(k - 1, "}")
    }

    /// The first token of the member chain that ends at `end` (`presentingViewController?`,
    /// `drawer.sideView`, `frame`): back over names, `.`, `?`, `!` and whole `(…)` or `[…]` groups.
    /// `end + 1` when no chain ends there.
    static func chainStart(endingAt end: Int, in f: CodeFile) -> Int {
        var q = end
        while q >= 0 {
            if f.isPunct(q, ")") || f.isPunct(q, "]"), f.pair(q) >= 0, f.pair(q) < q { q = f.pair(q) - 1; continue }
            guard f[q].kind == .identifier || f.isPunct(q, ".") || f.isPunct(q, "?") || f.isPunct(q, "!") else { break }
            q -= 1
        }
        return q + 1
    }

    /// The parentheses of the call whose argument list contains token `s`.
    static func enclosingCall(_ s: Int, in f: CodeFile) -> (Int, Int)? {
        var k = s - 1
        var depth = 0
        while k >= 0, s - k < 4096 {
            let t = f[k]
            if t.kind == .punct {
                if t.isPunct(")") || t.isPunct("]") || t.isPunct("}") {
                    let o = f.pair(k)
                    if o >= 0 { k = o - 1; continue }
                } else if t.isPunct("(") {
                    if depth == 0 { return f.pair(k) > s ? (k, f.pair(k)) : nil }
                    depth -= 1
                } else if t.isPunct("[") || t.isPunct("{") || t.isPunct(";") {
                    return nil
                }
            }
            k -= 1
        }
        return nil
    }

    /// Whether `s…e` is compared with a number, directly (`h == 812`, `812.0 <= h`), through a
    /// comparison function (`CGSizeEqualToSize(size, CGSizeMake(375, 812))`, `.equalTo(CGSize(…))`),
    /// or as the subject of a `switch` with a numeric `case`.
    /// `UIScreen.main.bounds.width == view.frame.size.width`, `… == size.width`: compared for
    /// equality with a view's width or height, or the size a method is given, not a number.
    /// Whether the expression starting at `s` is (in) the frame a view is created with: what its
    /// own initializer passes on (`super.init(frame: …)`, `[super initWithFrame:…]`,
    /// `[self initWithFrame:CGRectMake(0, 0, …, 44)]`), or what a new view is made with
    /// (`MTKView(frame: …, device: d)`, `[[UIView alloc] initWithFrame:…]`) — not a new window.
    static func isInitialFrame(_ s: Int, in f: CodeFile) -> Bool {
        // Out through the brackets around `s`, within its statement.
        var k = s - 1, steps = 0
        while k >= 0, steps < 1024 {
            steps += 1
            let t = f[k]
            guard t.kind == .punct else { k -= 1; continue }
            if t.isPunct(")") || t.isPunct("]") || t.isPunct("}") {
                let o = f.pair(k)
                guard o >= 0, o < k else { return false }
                k = o - 1
                continue
            }
            if t.isPunct(";") || t.isPunct("{") { return false }
            if t.isPunct("["), f.pair(k) > s, f.is(k + 1, .super) || f.is(k + 1, .self) {
                return f.text(k + 2) == "initWithFrame" && f.isPunct(k + 3, ":")
            }
            // A new view's frame: `[[MTKView alloc] initWithFrame:…]` (not a window's, which its scene sizes).
            if t.isPunct("["), f.pair(k) > s, f.isPunct(k + 1, "["), f.pair(k + 1) > k + 1, f.pair(k + 1) < s,
               f[k + 2].kind == .identifier, f.text(k + 3) == "alloc", !f.text(k + 2).hasSuffix("Window") {
                let after = f.pair(k + 1) + 1
                return f.text(after) == "initWithFrame" && f.isPunct(after + 1, ":")
            }
            // `MTKView(frame: …, device: d)`: a type's initializer, labelled `frame`.
            let constructs = f.language == .swift && k > 0 && f[k - 1].kind == .identifier && f.text(k - 1).first?.isUppercase == true
                && !f.text(k - 1).hasSuffix("Window") && !f.isPunct(k - 2, ".")
            if t.isPunct("("), f.pair(k) > s, f.language == .swift,
               constructs || (f.is(k - 1, .`init`) && f.isPunct(k - 2, ".") && (f.is(k - 3, .super) || f.is(k - 3, .self))) {
                // The argument holding `s` is the one labelled `frame`: the last label at this depth before it.
                var label = "", q = k + 1
                while q < s {
                    if (f.isPunct(q, "(") || f.isPunct(q, "[")), f.pair(q) > q { q = f.pair(q) + 1; continue }
                    if f[q].kind == .identifier, f.isPunct(q + 1, ":") { label = f.text(q) }
                    q += 1
                }
                // Another type's argument (`CGRect(…, width: …)` inside `super.init(frame:)`): further out.
                if label == "frame" || !constructs { return label == "frame" }
            }
            k -= 1
        }
        return false
    }

    /// Whether the main screen's scale read at `s` stands in for a display scale of 0: its body
    /// reads `displayScale` before it, and the read's statement, or the condition of the `if` or
    /// `guard` it is in, compares something with 0 (`s == 0 ? UIScreen.main.scale : s`).
    /// Whether the expression starting at `s` is a parameter's default value in a Swift
    /// function's or initializer's declaration: `func f(scale: CGFloat = <s>…)`.
    static func isDefaultArgument(_ s: Int, in f: CodeFile) -> Bool {
        guard f.language == .swift, f.isPunct(s - 1, "=") else { return false }
        var q = s - 2, depth = 0, steps = 0
        while q > 0, steps < 64 {
            if f.isPunct(q, ")") || f.isPunct(q, "]") { depth += 1 }
            if f.isPunct(q, "[") { depth -= 1 }
            if f.isPunct(q, "{") || f.isPunct(q, "}") || f.isPunct(q, ";") { return false }
            if f.isPunct(q, "(") {
                if depth == 0 {
                    var name = q - 1
                    if f.isPunct(name, ">") { while name > 0, !f.isPunct(name, "<") { name -= 1 }; name -= 1 }
                    if f.isPunct(name, "?") || f.isPunct(name, "!") { name -= 1 }
                    return f.is(name - 1, .func) || f.text(name) == "init" || f.text(name) == "subscript"
                }
                depth -= 1
            }
            q -= 1
            steps += 1
        }
        return false
    }

    /// The statement holding `k`: back and forward to a `;`, a brace, or (Swift) a line start,
    /// at most `reach` tokens each way and inside `within` (the file by default).
    /// Whether the value read at `start` is assigned, maybe inside an array or a call, to a
    /// type's static or shared member (`ScaleProvider.shared.scale = …`, `KingfisherManager.shared
    /// .defaultOptions = [.scaleFactor(…)]`, `[Config shared].scale = …`): kept app-wide.
    static func isAssignedToSharedSetting(_ start: Int, in f: CodeFile) -> Bool {
        // A Swift line that does not go on from the one before (after an opener, a comma, an
        // `=`, or as a leading-dot member) starts another statement.
        func startsLine(_ q: Int) -> Bool {
            f.language == .swift && f[q].isLineStart && !f.isPunct(q, ".")
                && !(f.isPunct(q - 1, "(") || f.isPunct(q - 1, "[") || f.isPunct(q - 1, ",") || f.isPunct(q - 1, ".") || f.text(q - 1) == "=")
        }
        if startsLine(start) { return false }
        var q = start - 1
        while q >= 0, start - q < 96 {
            if f.isPunct(q, ")") || f.isPunct(q, "]"), f.pair(q) >= 0, f.pair(q) < q {
                if startsLine(f.pair(q)) { return false }
                q = f.pair(q) - 1
                continue
            }
            if startsLine(q), !(f[q].kind == .punct && f.text(q) == "=") {
                // This line's first token: an assignment may still be on it only if it is one.
                return false
            }
            // Out of the brackets the value is in: the array literal or call holding it.
            if f.isPunct(q, "(") || f.isPunct(q, "[") || f.isPunct(q, ",") || f.isPunct(q, ".") || f.isPunct(q, ":") { q -= 1; continue }
            if f[q].kind == .identifier || f[q].kind == .number, !f.is(q, .let), !f.is(q, .var), !f.is(q, .return) { q -= 1; continue }
            guard f[q].kind == .punct, f.text(q) == "=" else { return false }
            // The left side, from its statement's start.
            var l = q - 1
            while l > 0, !f.isPunct(l - 1, ";"), !f.isPunct(l - 1, "{"), !f.isPunct(l - 1, "}"), !(f.language == .swift && f[l].isLineStart) { l -= 1 }
            let first = f.isPunct(l, "[") ? l + 1 : l
            guard f[first].kind == .identifier, let c = f.text(first).unicodeScalars.first, ("A"..."Z").contains(c) else { return false }
            return f.isPunct(first + 1, ".") || (f.isPunct(l, "[") && f[first + 1].kind == .identifier)
        }
        return false
    }

    static func statement(around k: Int, in f: CodeFile, within: Range<Int>? = nil, reach: Int = 64) -> Range<Int> {
        func ends(_ q: Int) -> Bool { f.isPunct(q, ";") || f.isPunct(q, "{") || f.isPunct(q, "}") }
        func logical(_ q: Int) -> Bool { f[q].kind == .punct && (f.text(q) == "&&" || f.text(q) == "||") }
        // A Swift line ends the statement, unless a `&&` or `||` joins it to the next (a condition
        // written over lines: fluentui's drawer checks the idiom on one, the size class on the next).
        func breaksAt(_ q: Int) -> Bool { f.language == .swift && f[q].isLineStart && !logical(q) && !logical(q - 1) }
        let bounds = within ?? 0..<f.tokens.count
        var a = k, b = k
        while a > max(bounds.lowerBound, k - reach), !ends(a - 1), !breaksAt(a) { a -= 1 }
        while b + 1 < min(bounds.upperBound, k + reach), !ends(b + 1), !breaksAt(b + 1) { b += 1 }
        return a..<(b + 1)
    }

    static func isZeroScaleFallback(_ s: Int, in f: CodeFile) -> Bool {
        guard let first = f.displayScaleTokens.first, first < s, let body = f.innermostBody(of: s),
              f.displayScaleTokens.contains(where: { $0 > body.open && $0 < s }) else { return false }
        func comparesWithZero(_ range: Range<Int>) -> Bool {
            range.contains { q in
                guard f[q].isComparison else { return false }
                return [q - 1, q + 1].contains { f[$0].kind == .number && ["0", "0.0", "0.f", "0.0f", "0f"].contains(f.text($0)) }
            }
        }
        func ends(_ q: Int) -> Bool { f.isPunct(q, ";") || f.isPunct(q, "{") || f.isPunct(q, "}") }
        // A fallback is a short expression: at most 64 tokens each way are its statement.
        if comparesWithZero(statement(around: s, in: f, within: (body.open + 1)..<body.close)) { return true }
        // `if ret == 0.0 { return UIScreen.main.scale }`: the condition before the block's brace
        // (a control scope starts at its brace).
        if let control = f.scopes(around: s).first(where: { $0.kind == .control && $0.open > body.open }) {
            var c = control.open
            while c > max(body.open + 1, control.open - 64), !ends(c - 1) { c -= 1 }
            return comparesWithZero(c..<control.open)
        }
        return false
    }

    /// Whether the screen read at `s` stands in for a view's size while the view has none: in the
    /// `else` of `if view.bounds.height != 0 {` (or `> 0`), in the block of `if … bounds… == 0 {` /
    /// `.isEmpty {`, or the other side of such a `?:` (Threema's group-call layout, "to never return 0").
    static func isZeroSizeFallback(_ s: Int, in f: CodeFile) -> Bool {
        func testsBounds(_ range: Range<Int>, empty: Bool) -> Bool {
            guard range.contains(where: { f.text($0) == "bounds" || f.text($0) == "frame" }) else { return false }
            if empty, range.contains(where: { f.text($0) == "isEmpty" || f.text($0) == "CGRectIsEmpty" }) { return true }
            return range.contains { q in
                guard f[q].isComparison, f[q + 1].kind == .number, ["0", "0.0"].contains(f.text(q + 1)) else { return false }
                let op = f.text(q)
                return empty ? op == "==" || op == "<=" : op == "!=" || op == ">"
            }
        }
        for scope in f.scopes(around: s) where scope.kind == .control {
            if f.is(scope.open - 1, .else), f.isPunct(scope.open - 2, "}"), f.pair(scope.open - 2) >= 0,
               let start = Availability.conditionStart(before: f.pair(scope.open - 2), in: f),
               testsBounds(start..<f.pair(scope.open - 2), empty: false) { return true }
            if let start = Availability.conditionStart(before: scope.open, in: f), testsBounds(start..<scope.open, empty: true) { return true }
            break
        }
        // `h > 0 ? h : UIScreen.main.bounds.height`
        let statement = statement(around: s, in: f)
        if let colon = statement.last(where: { f.isPunct($0, ":") && $0 < s }), let question = statement.last(where: { f.isPunct($0, "?") && $0 < colon }) {
            return testsBounds(statement.lowerBound..<question, empty: false)
        }
        return false
    }

    /// A category's or extension's size of the view itself (`self.view.tz_height`, `self.width`):
    /// a name ending in `height` or `width`, of `self`, `view` or `self.view`.
    static func isOwnSizeProperty(_ q: Int, in f: CodeFile) -> Bool {
        guard f[q].kind == .identifier, f.isPunct(q - 1, ".") else { return false }
        let owner = (f.is(q - 2, .self) && !f.isPunct(q - 3, ".")) || (f.text(q - 2) == "view" && (!f.isPunct(q - 3, ".") || f.is(q - 4, .self)))
        guard owner else { return false }
        let name = f.text(q).lowercased()
        return name.hasSuffix("height") || name.hasSuffix("width")
    }

    static func isComparedWithViewSize(_ s: Int, _ e: Int, in f: CodeFile) -> Bool {
        func isDimensionRead(_ from: Int, step: Int) -> Bool {
            // The other operand: up to the condition's next `&&`, `||`, `)`, `;` or `?`.
            var q = from
            var sawDimension = false, ownSize = false
            while q >= 0, q < f.tokens.count, abs(q - from) < 16 {
                let t = f[q]
                if t.kind == .punct, ["&&", "||", ";", "?", ",", "{", "}", ":"].contains(f.text(q)) { break }
                if step > 0, f.isPunct(q, ")"), f.pair(q) < from { break }
                if step < 0, f.isPunct(q, "("), f.pair(q) > e { break }
                if t.kind == .number { return false }
                if t.word == .width || t.word == .height, f.isPunct(q - 1, ".") { sawDimension = true }
                if isOwnSizeProperty(q, in: f) { sawDimension = true; ownSize = true }
                // The view's own `bounds`/`frame` (`view.frame`, `self.bounds`, `bounds`), or the size a
                // method is given (`size.width`) — not another object's (`keyboardFrame.size.width`).
                if t.kind == .identifier, f.text(q) == "bounds" || f.text(q) == "frame" {
                    if !f.isPunct(q - 1, ".") || f.is(q - 2, .self) || f.text(q - 2) == "view" { ownSize = true }
                }
                if t.kind == .identifier, f.text(q) == "size", !f.isPunct(q - 1, "."), f.isPunct(q + 1, ".") { ownSize = true }
                q += step
            }
            return sawDimension && ownSize
        }
        if f[e + 1].isComparison, ["==", "!="].contains(f.text(e + 1)) { return isDimensionRead(e + 2, step: 1) }
        if f[s - 1].isComparison, ["==", "!="].contains(f.text(s - 1)) { return isDimensionRead(s - 2, step: -1) }
        return false
    }

    /// `UIScreen.main.bounds.height == UIConstants.layout.iPhoneSEHeight`: compared with a
    /// constant named for a device's screen size (a device model and a dimension in one name).
    static func isComparedWithDeviceSizeName(_ s: Int, _ e: Int, in f: CodeFile) -> Bool {
        func names(_ q: Int) -> Bool {
            guard q >= 0, q < f.tokens.count, f[q].kind == .identifier else { return false }
            let n = f.text(q).lowercased()
            return ["iphone", "ipad", "ipod"].contains { n.contains($0) } && ["height", "width", "size"].contains { n.contains($0) }
        }
        if f[e + 1].isComparison {
            // The operand's last name: `UIConstants.layout.iPhoneSEHeight`, `kIPhone5Height`.
            var q = e + 2
            while f.isPunct(q + 1, "."), f[q + 2].kind == .identifier { q += 2 }
            return names(q) && !f.isPunct(q + 1, "(")
        }
        if f[s - 1].isComparison { return names(s - 2) }
        return false
    }

    /// `widen`, and on through the screen's aspect ratio (a quotient or product with another
    /// screen dimension), scaled by numbers: compared with a number it still guesses the device
    /// (ZFPlayer's `iPhoneX`: `(NSInteger)((currentMode.size.height / currentMode.size.width) * 100) == 216`).
    /// A size merely scaled (`bounds.height * 0.5 > 300`) stays `widen`'s.
    static func widenArithmetic(_ s: Int, _ e: Int, in f: CodeFile) -> (Int, Int) {
        let plain = widen(s, e, in: f)
        var (s, e) = plain
        var steps = 0, ratio = false
        while steps < 8, f.isPunct(e + 1, "*") || f.isPunct(e + 1, "/") {
            steps += 1
            if f[e + 2].kind == .number {
                e += 2
            } else if let other = (e + 2...e + 4).first(where: { f.is($0, .UIScreen) }), let read = ScreenRead.at(other, in: f), read.isDimension,
                      read.chain.start == e + 2, read.chain.end > e + 2 {
                e = read.chain.end
                ratio = true
            } else {
                break
            }
            (s, e) = widen(s, e, in: f)
        }
        return ratio ? (s, e) : plain
    }

    static func isComparedWithLiteral(_ s: Int, _ e: Int, in f: CodeFile) -> Bool {
        if f[e + 1].isComparison, numericOperandEnd(from: e + 2, in: f) != nil { return true }
        // `(UIScreen.main.bounds.height - 667) < 1`, `abs(h - 812) < 0.5`: the difference from a
        // device's size, near zero (Session's `isIPhone6OrSmaller`).
        func number(_ q: Int) -> Double? { f[q].kind == .number ? Double(f.text(q).lowercased().trimmingCharacters(in: ["f"])) : nil }
        if f.isPunct(e + 1, "-"), let size = number(e + 2), size >= 320, !f.isPunct(s - 1, "-") {
            var (a, b) = widen(s, e + 2, in: f)
            if ["abs", "fabs", "fabsf"].contains(f.text(a - 2)), f.isPunct(a - 1, "("), f.pair(a - 1) == b + 1 { (a, b) = widen(a - 2, b + 1, in: f) }
            if f[b + 1].isComparison, let near = number(b + 2), near <= 1 { return true }
        }
        if f[s - 1].isComparison, isNumericOperand(endingAt: s - 2, in: f) { return true }
        // CGSizeEqualToSize(a, b) / CGRectEqualToRect(a, b): the other argument a literal.
        if isArgument(s, e, in: f), let (open, close) = enclosingCall(s, in: f),
           f[open - 1].is(.CGSizeEqualToSize) || f[open - 1].is(.CGRectEqualToRect) {
            let other = f.isPunct(s - 1, "(") ? e + 2 : open + 1
            if let end = numericOperandEnd(from: other, in: f), end < close { return true }
        }
        // `[2436, 2688, 1792].contains(UIScreen.main.nativeBounds.height)`, or a local holding the
        // list (SKPhotoBrowser's `isPhoneX`): one of a few sizes, each a device's.
        if isArgument(s, e, in: f), let (open, _) = enclosingCall(s, in: f), f.text(open - 1) == "contains", f.isPunct(open - 2, "."),
           isNumberList(endingAt: open - 3, before: s, in: f) {
            return true
        }
        // size.equalTo(CGSize(width: 375, height: 812))
        if f.isPunct(e + 1, "."), f[e + 2].is(.equalTo) || f[e + 2].is(.__equalTo), f.isPunct(e + 3, "("),
           numericOperandEnd(from: e + 4, in: f) != nil {
            return true
        }
        return isSwitchSubjectWithNumericCase(s, e, in: f)
    }

    /// Whether the expression ending at `end` is a list of numbers: a literal (`[2436, 1792]`) or
    /// a local of the function before `use` initialized with one (`let heights: [CGFloat] = [2436, 1792]`).
    static func isNumberList(endingAt end: Int, before use: Int, in f: CodeFile) -> Bool {
        func literal(_ close: Int) -> Bool {
            let open = f.pair(close)
            guard f.isPunct(close, "]"), open >= 0, open < close - 1 else { return false }
            return (open + 1..<close).allSatisfy { f[$0].kind == .number || f.isPunct($0, ",") || f.isPunct($0, "-") }
        }
        if literal(end) { return true }
        guard f[end].kind == .identifier, let function = f.enclosingFunction(of: use)?.scope else { return false }
        let name = f.text(end)
        for q in function.open..<use where f.text(q) == name && (f.is(q - 1, .let) || f.is(q - 1, .var)) {
            var r = q + 1
            while r < use, r - q < 12, !f.isPunct(r, "=") { r += 1 }
            guard f.isPunct(r, "="), f.isPunct(r + 1, "["), f.pair(r + 1) > r + 1 else { continue }
            return literal(f.pair(r + 1))
        }
        return false
    }

    /// `switch UIScreen.main.bounds.height { case 812: … }`, `switch ((int)SCREEN_HEIGHT) { case 812: … }`
    static func isSwitchSubjectWithNumericCase(_ s: Int, _ e: Int, in f: CodeFile) -> Bool {
        var s = s, e = e
        while f.isPunct(s - 1, "("), f.pair(s - 1) == e + 1 { s -= 1; e += 1 }
        guard f[s - 1].is(.switch), f.isPunct(e + 1, "{") else { return false }
        let close = f.pair(e + 1)
        guard close > e else { return false }
        var k = e + 2
        while k < close {
            if f.isPunct(k, "{") || f.isPunct(k, "(") || f.isPunct(k, "[") {
                let p = f.pair(k)
                if p > k { k = p + 1; continue }
            }
            if f[k].is(.case) {
                var q = k + 1
                if f.isPunct(q, "-") { q += 1 }
                if f[q].kind == .number { return true }
            }
            k += 1
        }
        return false
    }

    static let literalConstructors: Set<Word> = [.CGSizeMake, .CGRectMake, .CGSize, .CGRect, .CGFloat, .Int, .Double, .Float]

    /// If a purely numeric operand starts at `k` (`812`, `-1`, `(812.0)`, `CGFloat(812)`,
    /// `CGSizeMake(375, 812)`, `CGSize(width: 375, height: 812)`), the index of its last token.
    /// A number that only scales something (`1.5 * h`) is not one.
    static func numericOperandEnd(from k: Int, in f: CodeFile, depth: Int = 0) -> Int? {
        guard depth < 32 else { return nil }  // `((((…812…))))` from a hostile file ends here
        var k = k
        if f.isPunct(k, "-") || f.isPunct(k, "+") { k += 1 }
        var end: Int
        if f[k].kind == .number {
            end = k
        } else if f.isPunct(k, "("), f.pair(k) > k, let inner = numericOperandEnd(from: k + 1, in: f, depth: depth + 1),
                  inner == f.pair(k) - 1 {
            end = f.pair(k)
        } else if literalConstructors.contains(f[k].word), f.isPunct(k + 1, "("), f.pair(k + 1) > k + 1,
                  allNumericArguments(k + 1, in: f, depth: depth + 1) {
            end = f.pair(k + 1)
        } else {
            return nil
        }
        let next = f[end + 1]
        if next.kind == .punct, next.length == 1, [UInt8(ascii: "*"), UInt8(ascii: "/"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "%")].contains(UInt8(truncatingIfNeeded: next.code)) {
            return nil
        }
        return end
    }

    /// Whether every argument in the parentheses at `open` is a number (labels allowed).
    static func allNumericArguments(_ open: Int, in f: CodeFile, depth: Int) -> Bool {
        let close = f.pair(open)
        var k = open + 1
        var sawNumber = false
        while k < close {
            let t = f[k]
            if t.kind == .identifier, f.isPunct(k + 1, ":") { k += 2; continue }  // a label
            if let end = numericOperandEnd(from: k, in: f, depth: depth), end < close {
                sawNumber = true
                k = end + 1
                if f.isPunct(k, ",") { k += 1 }
                continue
            }
            return false
        }
        return sawNumber
    }

    /// Whether a purely numeric operand ends at `k` (reading backwards).
    static func isNumericOperand(endingAt k: Int, in f: CodeFile) -> Bool {
        var start = k
        if f[k].kind == .number {
            start = k
        } else if f.isPunct(k, ")"), f.pair(k) >= 0 {
            let open = f.pair(k)
            if literalConstructors.contains(f[open - 1].word) { start = open - 1 } else { start = open }
        } else {
            return false
        }
        if f.isPunct(start - 1, "-") { start -= 1 }
        guard let end = numericOperandEnd(from: start, in: f), end == k else { return false }
        let before = f[start - 1]
        if before.kind == .punct, before.length == 1, [UInt8(ascii: "*"), UInt8(ascii: "/"), UInt8(ascii: "+"), UInt8(ascii: "%")].contains(UInt8(truncatingIfNeeded: before.code)) {
            return false
        }
        return true
    }

    /// `UIApplication.shared`, `[UIApplication sharedApplication]`, `UIApplication.sharedApplication`,
    /// anchored at `UIApplication` token `i`: the chain, whose first member is `shared…`.
    static func applicationChain(at i: Int, in f: CodeFile) -> Chain? {
        guard f.is(i, .UIApplication) else { return nil }
        let chain = Chain.parse(at: i, in: f)
        guard let first = chain.members.first, first.word == .shared || first.word == .sharedApplication else { return nil }
        return chain
    }

    /// Whether token `i` is the name in a declaration rather than a use.
    static func isDeclaredName(_ i: Int, in f: CodeFile) -> Bool {
        let prev = f[i - 1]
        if prev.kind == .identifier, [.let, .var, .func, .case, .class, .struct, .enum, .protocol, .typealias].contains(prev.word) { return true }
        if prev.kind == .directive { return true }
        // Swift parameters: `ofTabBarHeight tabBarHeight: CGFloat`, `_ tabBarHeight: CGFloat`.
        if f.language == .swift, f.isPunct(i + 1, ":"),
           (prev.kind == .identifier && !prev.word.isLanguageWord) || prev.isPunct("_") {
            return true
        }
        if f.language == .objectiveC {
            // `- (CGFloat)screenWidth`, `- (void)applicationDidBecomeActive:`
            if prev.isPunct(")"), let open = Optional(f.pair(i - 1)), open > 0,
               f[open - 1].isPunct("-") || f[open - 1].isPunct("+"), f[open - 1].isLineStart {
                return true
            }
            // `@property (nonatomic) CGFloat x;`
            if f.scope(of: i)?.kind == .type, f.isPunct(i + 1, ";") { return true }
            // A method's parameter: `- (CGFloat)multiplier:(CGFloat)tabBarHeight`
            // (In a method body the same shape is a cast in a message: `[x f:(CGFloat)y]`.)
            if prev.isPunct(")"), f.pair(i - 1) > 0, f.isPunct(f.pair(i - 1) - 1, ":"),
               f.scope(of: i)?.kind == .type {
                return true
            }
            // `@synthesize x = _x;`
            if prev.kind == .atWord, prev.word == .synthesize || prev.word == .dynamic { return true }
            if f.isCDeclarator(i) { return true }
        }
        return false
    }

    /// Whether identifier `i` is an argument label (`f(label: x)`) or an Objective-C selector
    /// keyword (`[x part:y]`), not an expression.
    static func isLabel(_ i: Int, in f: CodeFile) -> Bool {
        guard f.isPunct(i + 1, ":") else { return false }
        let prev = f[i - 1]
        if f.language == .swift {
            return prev.isPunct("(") || prev.isPunct(",")
        }
        // In Objective-C a keyword part follows an expression inside `[…]`.
        return !prev.isPunct("?") && !prev.is(.case) && !prev.is(.default)
    }

    /// The source text of `s…e` shortened for a message.
    static func snippet(_ s: Int, _ e: Int, in f: CodeFile, limit: Int = 60) -> String {
        let text = f.text(from: s, through: e)
        return text.count <= limit ? text : String(text.prefix(limit - 1)) + "…"
    }
}

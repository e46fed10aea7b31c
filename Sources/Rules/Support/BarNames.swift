import RuleKit
import SourceLexing

/// Which constant names name a bar height or safe-area inset, and which values hard-code one.
enum BarNames {
    /// The words of an identifier: `kNavBarHeight` → k nav bar height; `NAV_BAR_HEIGHT` → nav bar height.
    static func words(_ name: String) -> [String] {
        var words: [String] = []
        var current = ""
        let chars = Array(name)
        for (i, c) in chars.enumerated() {
            if c == "_" || c == "$" {
                if !current.isEmpty { words.append(current) }
                current = ""
                continue
            }
            if c.isUppercase, !current.isEmpty {
                let prevLower = chars[i - 1].isLowercase || chars[i - 1].isNumber
                let nextLower = i + 1 < chars.count && chars[i + 1].isLowercase
                if prevLower || (chars[i - 1].isUppercase && nextLower) {
                    words.append(current)
                    current = ""
                }
            }
            current.append(c)
        }
        if !current.isEmpty { words.append(current) }
        return words.map { $0.lowercased() }
    }

    static let barPairs: [(String, String)] = [
        ("status", "bar"), ("nav", "bar"), ("navi", "bar"), ("navigation", "bar"), ("tab", "bar"),
        ("tool", "bar"), ("home", "indicator"), ("home", "bar"), ("safe", "area"),
    ]
    static let barSingles: Set<String> = [
        "statusbar", "navbar", "navibar", "navigationbar", "tabbar", "toolbar", "homeindicator", "homebar", "safearea",
        "nav", "navi", "navigation", "safe",
    ]
    static let heightWords: Set<String> = ["height", "inset", "insets", "top", "bottom"]
    /// Words that make a name something other than a bar's height: indexes, paddings, a button in a bar…
    static let excluded: Set<String> = [
        "index", "padding", "spacing", "offset", "threshold", "margin", "gap", "space", "spacer", "alpha", "color",
        "colour", "font", "duration", "width", "ratio", "scale", "count", "tag", "radius", "animation", "key",
        "identifier", "id", "name", "image", "icon", "title", "button", "item", "label", "notification", "min", "max",
        "cell", "view", "link", "header", "footer", "row", "section",
    ]

    /// What a file must contain to define or use a bar height: an identifier spelling `nav`,
    /// `bar`, `safe` or `home` (`mentionsABar`) that is a bar-height name (`isBarHeightName`).
    static let literals: Set<Literal> = Set(["nav", "bar", "safe", "home"].map { Literal.checked($0, caseless: true, check: barHeightName) })

    /// Accepts an occurrence inside an identifier that `isBarHeightName` accepts. Most
    /// identifiers that spell a bar (`navigationBar`, `toolbarItems`) spell no height word and
    /// end in no `h`: they are refused on their bytes, without a String.
    static let barHeightName = LiteralCheck("bar-height name") { bytes, match in
        let id = LiteralBytes.identifier(around: match, in: bytes)
        guard bytes[id.upperBound - 1] | 0x20 == UInt8(ascii: "h") || spellsAHeightWord(id, in: bytes) else { return false }
        return isBarHeightName(LiteralBytes.text(id, in: bytes))
    }

    private static let heightWordBytes: [[UInt8]] = ["height", "inset", "top", "bottom"].map { Array($0.utf8) }

    /// Whether `height`, `inset`, `top` or `bottom` occurs in `range`, in any letter case.
    static func spellsAHeightWord(_ range: Range<Int>, in bytes: UnsafeRawBufferPointer) -> Bool {
        for i in range {
            let b = bytes[i] | 0x20
            for w in heightWordBytes where w[0] == b && i + w.count <= range.upperBound {
                if (1..<w.count).allSatisfy({ bytes[i + $0] | 0x20 == w[$0] }) { return true }
            }
        }
        return false
    }

    static func isBarHeightName(_ name: String) -> Bool {
        // Every bar word above spells `nav`, `bar`, `safe` or `home`: a name with none of them
        // is out before it is split into words (most names, on every file).
        guard mentionsABar(name) else { return false }
        let w = words(name)
        guard w.count >= 2, !w.contains(where: excluded.contains) else { return false }
        // Where the bar is named: (first word, last word) of each mention.
        var bars: [(first: Int, last: Int)] = []
        for (i, word) in w.enumerated() {
            if barSingles.contains(word) { bars.append((i, i)) }
            if i > 0, barPairs.contains(where: { $0 == (w[i - 1], word) }) { bars.append((i - 1, i)) }
        }
        guard let bar = bars.max(by: { $0.last < $1.last }) else { return false }
        // The height must be the bar's: another noun between them measures that thing
        // (zotero's `annotationToolbarDragHandleHeight`, a drag handle's hit area).
        let rest = w[(bar.last + 1)...]
        guard let height = rest.firstIndex(where: heightWords.contains) ?? (w.last == "h" ? w.count - 1 : nil) else { return false }
        guard w[(bar.last + 1)..<height].allSatisfy(barQualifiers.contains) else { return false }
        // A toolbar named for what it belongs to (`annotationToolbar…`, `playerToolbar…`) is the
        // app's own view, not the one UIKit draws (RULES: the bars UIKit draws).
        if ["toolbar", "bar"].contains(w[bar.last]), w[bar.last] == "toolbar" || w[bar.first] == "tool",
           w[..<bar.first].contains(where: { !toolbarPrefixes.contains($0) }) {
            return false
        }
        return true
    }

    /// Words that may stand between a bar and its height and keep it the bar's (`NAV_BAR_DEFAULT_HEIGHT`).
    static let barQualifiers: Set<String> = ["default", "standard", "system", "total", "normal", "compact", "regular", "large",
                                             "landscape", "portrait", "and"]
    /// Words that may come before `toolbar` and keep it UIKit's (`kToolbarHeight`, `bottomToolbarHeight`).
    static let toolbarPrefixes: Set<String> = ["k", "default", "system", "standard", "ui", "bottom", "top"]

    /// `kSafeAreaInsets`, `safeAreaInsets`, `statusBarInsets`: a name for the system's insets.
    static func isInsetName(_ name: String) -> Bool {
        let w = words(name)
        return (w.contains("safe") && w.contains("area")) || w.contains("safearea") || (w.contains("insets") && w.contains(where: barSingles.contains))
    }

    /// Whether the name holds `nav`, `bar`, `safe` or `home` in any letter case, decided on its
    /// bytes without allocating.
    static func mentionsABar(_ name: String) -> Bool {
        var a: UInt8 = 0, b: UInt8 = 0, c: UInt8 = 0  // the last three bytes, lowercased
        for byte in name.utf8 {
            let x = byte | 0x20  // ASCII letters to lower case; other bytes cannot match below
            if (b == UInt8(ascii: "n") && c == UInt8(ascii: "a") && x == UInt8(ascii: "v"))
                || (b == UInt8(ascii: "b") && c == UInt8(ascii: "a") && x == UInt8(ascii: "r"))
                || (a == UInt8(ascii: "s") && b == UInt8(ascii: "a") && c == UInt8(ascii: "f") && x == UInt8(ascii: "e"))
                || (a == UInt8(ascii: "h") && b == UInt8(ascii: "o") && c == UInt8(ascii: "m") && x == UInt8(ascii: "e")) {
                return true
            }
            (a, b, c) = (b, c, x)
        }
        return false
    }

    /// Heights and insets of the bars UIKit draws, in points: status bars (20, 24 on iPad, 44,
    /// 47, 48, 50, 54, 59 with a notch or Dynamic Island), navigation bars and toolbars (32
    /// compact, 44, 96 with a large title), tab bars (49, 50 on iPad, 83 with the home indicator),
    /// status and navigation bars together (64, 88, 91, 92, 103), the home indicator's inset
    /// (21 in landscape, 34), and 0 (no bar).
    static let systemHeights: Set<Double> = [0, 20, 21, 24, 32, 34, 44, 47, 48, 49, 50, 54, 59, 64, 83, 88, 91, 92, 96, 103]

    /// Heights of a bar alone, without the status bar or home indicator above or below it: a
    /// navigation bar or toolbar (32 compact, 44), a tab bar (49, 50 on iPad).
    static let barOnlyHeights: Set<Double> = [32, 44, 49, 50]

    /// System bar classes: a view of one of these sized by a constant is UIKit's bar, hard-coded.
    static let systemBarClasses: Set<String> = ["UINavigationBar", "UIToolbar", "UITabBar", "UISearchBar"]

    /// Whether the constant `name` (defined at `nameToken` as a bar-only height, `barOnlyHeights`)
    /// is the height its own file gives a view it creates (`CodeFile.classCreated(around:)`), other than a system bar:
    /// `[[UIButton alloc] initWithFrame:CGRectMake(x, y, w, TOOLBAR_HEIGHT)]`,
    /// `UIView(frame: CGRect(x: 0, y: 0, width: w, height: Self.toolbarHeight))`. Then the app
    /// draws a bar of its own of that height (Kodi's iPad toolbar of buttons): its design, not
    /// UIKit's bar, whose height would vary.
    /// `uses` are the file's identifier tokens of the name's hash.
    static func sizesOwnView(_ name: String, definedAt nameToken: Int, uses: [Int], in f: CodeFile) -> Bool {
        for k in uses {
            guard k != nameToken, f.text(k) == name, let (open, close) = Expr.enclosingCall(k, in: f) else { continue }
            // A height constraint of a view's subview, in a view of the app's own that is not a
            // system bar (ello's title bar: `make.height.equalTo(Size.navigationHeight)`).
            if isHeightConstraint(callee: open - 1, in: f), let type = f.enclosingType(of: k), isOwnView(type, in: f) { return true }
            let callee = f.text(open - 1)
            // A SwiftUI view's `.frame(height: Self.navigationBarHeight + inset)`: SwiftUI sizes no
            // UIKit bar, so this is a view of the app's own, of its design height (Hackers' sheet chrome).
            if f.language == .swift, callee == "frame", f.isPunct(open - 2, "."),
               let label = argumentLabel(of: k, in: open, in: f), ["height", "minHeight", "idealHeight", "maxHeight"].contains(label) {
                return true
            }
            // The name alone is the height argument: CGRectMake's fourth, CGSizeMake's second, `height:`.
            var s = k
            if f.isPunct(s - 1, ".") { s -= 2 }  // `Self.toolbarHeight`, `Layout.toolbarHeight`
            let starts = f.isPunct(s - 1, ",") || f.isPunct(s - 1, "(") || f.isPunct(s - 1, ":")
            guard starts, f.isPunct(k + 1, ",") || k + 1 == close else { continue }
            let isHeight: Bool
            switch callee {
            case "CGRectMake": isHeight = argumentIndex(s, open, in: f) == 3
            case "CGSizeMake": isHeight = argumentIndex(s, open, in: f) == 1
            case "CGRect", "CGSize": isHeight = f.isPunct(s - 1, ":") && f.text(s - 2) == "height"
            default: isHeight = false
            }
            guard isHeight else { continue }
            if let created = f.classCreated(around: open - 1) {
                if !systemBarClasses.contains(created) { return true }
            } else if initializesOwnFrame(callee: open - 1, in: f), let type = f.enclosingType(of: open) {
                // `[super initWithFrame:CGRectMake(0, 0, w, kToolbarHeight)]` in a UIView subclass
                // (FLEX's keyboard toolbar): the view's own height, not a system bar's. An
                // `@implementation` has its superclass in its `@interface` (when this file has it).
                let interface = f.structure.scopes.first { $0.typeKind == .objcInterface && $0.name == type.name }
                if !(type.inherits + (interface?.inherits ?? [])).contains(where: systemBarClasses.contains) { return true }
            }
        }
        return false
    }

    /// The label of the argument holding `k` in the call opened at `open` (`height` in
    /// `.frame(height: a + b)`), nil for an unlabelled one.
    static func argumentLabel(of k: Int, in open: Int, in f: CodeFile) -> String? {
        var q = k - 1, depth = 0
        while q > open {
            if f.isPunct(q, ")") || f.isPunct(q, "]") { depth += 1 }
            if f.isPunct(q, "(") || f.isPunct(q, "[") { depth -= 1 }
            if depth == 0, f.isPunct(q, ",") { return nil }
            if depth == 0, f.isPunct(q, ":"), f[q - 1].kind == .identifier, f.isPunct(q - 2, ",") || q - 2 == open { return f.text(q - 1) }
            q -= 1
        }
        return nil
    }

    /// Whether the call at `callee` sets a height constraint: SnapKit's `make.height.equalTo(…)`,
    /// an anchor's `heightAnchor.constraint(equalToConstant: …)`.
    static func isHeightConstraint(callee k: Int, in f: CodeFile) -> Bool {
        let name = f.text(k)
        if name == "equalTo" || name == "lessThanOrEqualTo" || name == "greaterThanOrEqualTo" {
            return f.isPunct(k - 1, ".") && f.is(k - 2, .height)
        }
        return name == "constraint" && f.isPunct(k - 1, ".") && f.text(k - 2) == "heightAnchor" && f.text(k + 2) == "equalToConstant"
    }

    /// Whether `type` (or its `@interface` in this file) is declared here as a UIKit view
    /// subclass other than a system bar: a view the app draws itself.
    static func isOwnView(_ type: Scope, in f: CodeFile) -> Bool {
        let interface = f.structure.scopes.first { $0.typeKind == .objcInterface && $0.name == type.name }
        let parents = type.inherits + (interface?.inherits ?? [])
        return parents.contains(where: KnownTypes.views.contains) && !parents.contains(where: systemBarClasses.contains)
    }

    /// Whether the rectangle made at `callee` (`CGRectMake`, `CGRect`) is the frame a view's own
    /// initializer passes up: `[super initWithFrame:CGRectMake(…)]`, `super.init(frame: CGRect(…))`.
    static func initializesOwnFrame(callee k: Int, in f: CodeFile) -> Bool {
        if f.language == .objectiveC { return f.isPunct(k - 1, ":") && f.text(k - 2) == "initWithFrame" && f.is(k - 3, .super) }
        guard f.isPunct(k - 1, ":"), f.text(k - 2) == "frame", f.isPunct(k - 3, "("), f.is(k - 4, .`init`), f.isPunct(k - 5, ".") else { return false }
        return f.is(k - 6, .super)
    }

    /// Whether `s…e` is one number of `barOnlyHeights` (in parentheses or cast, as `numericShape` allows).
    static func isBarOnlyHeight(_ s: Int, _ e: Int, in f: CodeFile) -> Bool {
        let numbers = (s...max(s, e)).filter { f[$0].kind == .number }
        guard numbers.count == 1, let v = points(f.text(numbers[0])) else { return false }
        return barOnlyHeights.contains(v)
    }

    /// The argument position of the argument starting at `s` in the call opened at `open`.
    private static func argumentIndex(_ s: Int, _ open: Int, in f: CodeFile) -> Int {
        var index = 0
        var q = open + 1
        while q < s {
            if f.isPunct(q, "(") || f.isPunct(q, "[") || f.isPunct(q, "{"), f.pair(q) > q { q = f.pair(q) + 1; continue }
            if f.isPunct(q, ",") { index += 1 }
            q += 1
        }
        return index
    }

    /// A numeric literal's value (`88`, `64.0`, `49.f`, `44.0f`), when it is a plain decimal.
    static func points(_ literal: String) -> Double? {
        var t = literal.replacingOccurrences(of: "_", with: "")
        while let last = t.last, "fFlLuU".contains(last) { t.removeLast() }
        if t.hasSuffix(".") { t.removeLast() }
        return Double(t)
    }

    /// If `s…e` is a number, a choice between numbers (`IS_X ? 88 : 64`) or a sum of numbers and
    /// names, the names (which must be bar constants too); nil for any other value.
    static func numericShape(_ s: Int, _ e: Int, in f: CodeFile, depth: Int = 0) -> [String]? {
        guard s <= e, depth < 32 else { return nil }
        var s = s, e = e
        while f.isPunct(s, "("), f.pair(s) == e { s += 1; e -= 1 }
        // `{ return kSafeAreaInsets.top + 44 }()`: an immediately invoked closure is its body's value.
        if f.isPunct(s, "{"), f.pair(s) > s, f.isPunct(f.pair(s) + 1, "("), f.pair(f.pair(s) + 1) == f.pair(s) + 2,
           f.pair(s) + 2 == e {
            var body = s + 1
            if f.is(body, .return) { body += 1 }
            return numericShape(body, f.pair(s) - 1, in: f, depth: depth + 1)
        }
        // A ternary at the top level: the condition may be anything, both branches must be numeric.
        var question = -1, colon = -1
        var k = s
        while k <= e {
            if f.isPunct(k, "(") || f.isPunct(k, "["), f.pair(k) > k { k = f.pair(k) + 1; continue }
            if question < 0, f.isPunct(k, "?"), f[k].hasSpaceBefore || f.language == .objectiveC { question = k }
            else if question >= 0, f.isPunct(k, ":") { colon = k; break }
            k += 1
        }
        if question > s, colon > question {
            guard let a = numericShape(question + 1, colon - 1, in: f, depth: depth + 1),
                  let b = numericShape(colon + 1, e, in: f, depth: depth + 1) else { return nil }
            return a + b
        }
        var names: [String] = []
        var sawValue = false
        k = s
        while k <= e {
            let t = f[k]
            switch t.kind {
            case .number:
                // The bars UIKit draws come in a few heights; an app's own bar (a 52-point toolbar
                // overlay) is its own design, not a system bar hard-coded.
                guard let v = Self.points(f.text(k)), Self.systemHeights.contains(v) else { return nil }
                sawValue = true
            case .identifier where Expr.castWords.contains(t.word):
                break  // `(CGFloat)44`, `CGFloat(44)`
            case .identifier:
                if f.isPunct(k - 1, ".") { return nil }
                // `kSafeAreaInsets.top + 44`: the system's inset plus a hard-coded bar. The
                // inset is read, not a constant; the number added to it is the bar height.
                if f.isPunct(k + 1, "."), ["top", "bottom"].contains(f.text(k + 2)), isInsetName(f.text(k)) {
                    k += 3
                    continue
                }
                names.append(f.text(k))
                sawValue = true
            case .punct:
                let c = UInt8(truncatingIfNeeded: t.code)
                guard t.length == 1, [UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "+"), UInt8(ascii: "-"),
                                      UInt8(ascii: "*"), UInt8(ascii: "/")].contains(c) else { return nil }
            default:
                return nil
            }
            k += 1
        }
        return sawValue ? names : nil
    }
}

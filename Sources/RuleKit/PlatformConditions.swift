import ProjectFiles
import SourceLexing

/// Conditional compilation evaluated per platform (RULES.md "Conditional compilation"): each
/// condition is true, false or unknown on iOS, Mac Catalyst, visionOS and tvOS; a branch is
/// skipped for a rule only when it is false on every platform the rule judges. Known: `0`,
/// `false`, Swift `os(…)`, `targetEnvironment(macCatalyst)`, `canImport(UIKit)`, Objective-C
/// `TARGET_OS_*`, `defined(…)`, `!`, `&&`, `||`, and macros the repository defines from these
/// (`#define SD_UIKIT (TARGET_OS_IOS || TARGET_OS_TV)`, followed transitively). Everything else
/// (DEBUG, the project's own flags) is unknown, so both branches are read.
public enum PlatformConditions {
    /// The platforms conditions are evaluated on, as bits of a mask.
    public static let evaluated: [Platform] = [.iOS, .macCatalyst, .visionOS, .tvOS]
    public static let resizableMask: UInt8 = 0b0111
    public static let uiKitMask: UInt8 = 0b1111
    /// The platforms (bits of `evaluated`) whose code rules of `platforms` judge.
    public static func mask(of platforms: RulePlatforms) -> UInt8 {
        switch platforms {
        case .any: return 0xFF
        case .uiKit: return uiKitMask
        case .resizable: return resizableMask
        }
    }
    /// The platforms whose APIs come with the iOS deployment target: iOS and Mac Catalyst.
    public static let iOSDeploymentMask: UInt8 = 0b0011

    enum Value: Equatable {
        case yes, no, unknown
        case number(Int)

        var truth: Value {
            switch self {
            case .number(let n): return n == 0 ? .no : .yes
            default: return self
            }
        }
    }

    /// The platforms (bits of `evaluated`) on which `branch` may be compiled.
    /// `minimumIOS` is the file's iOS deployment target as `__IPHONE_OS_VERSION_MIN_REQUIRED` spells
    /// it (`130000` for 13.0), when known.
    public static func mask(of branch: ConditionalBranch, language: Language, macros: [String: String], minimumIOS: Int? = nil) -> UInt8 {
        var mask: UInt8 = 0
        for (bit, platform) in evaluated.enumerated() {
            var live = true
            if let own = branch.own, evaluate(own, on: platform, language: language, macros: macros, minimumIOS: minimumIOS) == .no { live = false }
            if live, branch.previous.contains(where: { evaluate($0, on: platform, language: language, macros: macros, minimumIOS: minimumIOS) == .yes }) { live = false }
            if live { mask |= 1 << UInt8(bit) }
        }
        return mask
    }

    /// A condition's value on `platform`.
    static func evaluate(_ condition: String, on platform: Platform, language: Language, macros: [String: String], minimumIOS: Int? = nil) -> Value {
        var parser = Parser(tokens: tokenize(condition), platform: platform, language: language, macros: macros, expanding: [])
        parser.minimumIOS = minimumIOS
        let v = parser.expression(depth: 0).truth
        return parser.at == parser.tokens.count ? v : .unknown
    }

    /// A C preprocessor condition over `definitions` alone (an Info.plist's `#if`): a name
    /// they do not define is 0 when `complete`, else unknown. Nil for unknown.
    public static func evaluate(_ condition: String, definitions: [String: String], complete: Bool) -> Bool? {
        var parser = Parser(tokens: tokenize(condition), platform: .iOS, language: .objectiveC, macros: definitions, expanding: [])
        parser.macrosAreComplete = complete
        let v = parser.expression(depth: 0).truth
        guard parser.at == parser.tokens.count else { return nil }
        switch v {
        case .yes: return true
        case .no: return false
        default: return nil
        }
    }

    static func tokenize(_ text: String) -> [Substring] {
        // On bytes: a history counts every file with conditions at every commit, and
        // `Character.isLetter` per character was 4.5 % of vlc-ios's. Any non-ASCII byte is part
        // of a word (the only non-ASCII a condition holds is a name's).
        var out: [Substring] = []
        let u = text.utf8
        var i = u.startIndex
        func isWord(_ b: UInt8) -> Bool {
            b >= 0x80 || (b >= 0x30 && b <= 0x39) || ((b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A) || b == 0x5F || b == 0x2E
        }
        while i < u.endIndex, out.count < 512 {
            let b = u[i]
            if b == 0x20 || b == 0x09 || b == 0x0D || b == 0x0A { u.formIndex(after: &i); continue }
            if isWord(b) {
                var j = i
                while j < u.endIndex, isWord(u[j]) { u.formIndex(after: &j) }
                out.append(Substring(u[i..<j])); i = j; continue
            }
            let next = u.index(after: i)
            if next < u.endIndex {
                let c = u[next]  // && || == != <= >=
                if (b == 0x26 && c == 0x26) || (b == 0x7C && c == 0x7C) || (c == 0x3D && (b == 0x3D || b == 0x21 || b == 0x3C || b == 0x3E)) {
                    let end = u.index(after: next)
                    out.append(Substring(u[i..<end])); i = end; continue
                }
            }
            out.append(Substring(u[i..<next])); i = next
        }
        return out
    }

    struct Parser {
        let tokens: [Substring]
        let platform: Platform
        let language: Language
        let macros: [String: String]
        var expanding: Set<String>
        var minimumIOS: Int? = nil
        /// For an Info.plist's preprocessor: a name not among `macros` is known to be undefined
        /// (0, and `defined` false) when every definition could be read; else unknown.
        var macrosAreComplete: Bool? = nil
        var at = 0

        init(tokens: [Substring], platform: Platform, language: Language, macros: [String: String], expanding: Set<String>) {
            self.tokens = tokens
            self.platform = platform
            self.language = language
            self.macros = macros
            self.expanding = expanding
        }

        var peek: Substring? { at < tokens.count ? tokens[at] : nil }

        mutating func take(_ s: String) -> Bool {
            if peek == Substring(s) { at += 1; return true }
            return false
        }

        mutating func expression(depth: Int) -> Value {
            guard depth < 48 else { at = tokens.count + 1; return .unknown }
            var left = conjunction(depth: depth)
            while take("||") {
                let right = conjunction(depth: depth)
                left = Self.or(left.truth, right.truth)
            }
            return left
        }

        mutating func conjunction(depth: Int) -> Value {
            var left = comparison(depth: depth)
            while take("&&") {
                let right = comparison(depth: depth)
                left = Self.and(left.truth, right.truth)
            }
            return left
        }

        mutating func comparison(depth: Int) -> Value {
            let left = unary(depth: depth)
            for op in ["==", "!=", "<=", ">=", "<", ">"] where take(op) {
                let right = unary(depth: depth)
                guard case .number(let a) = left, case .number(let b) = right else { return .unknown }
                let r: Bool
                switch op {
                case "==": r = a == b
                case "!=": r = a != b
                case "<=": r = a <= b
                case ">=": r = a >= b
                case "<": r = a < b
                default: r = a > b
                }
                return r ? .yes : .no
            }
            return left
        }

        mutating func unary(depth: Int) -> Value {
            if take("!") {
                switch unary(depth: depth + 1).truth {
                case .yes: return .no
                case .no: return .yes
                default: return .unknown
                }
            }
            return primary(depth: depth)
        }

        mutating func primary(depth: Int) -> Value {
            guard let t = peek else { return .unknown }
            at += 1
            if t == "(" {
                let v = expression(depth: depth + 1)
                if !take(")") { at = tokens.count + 1 }
                return v
            }
            if let n = Int(t.prefix { $0.isNumber }), t.first?.isNumber == true { return .number(n) }
            let name = String(t)
            if take("(") {
                // A call: `os(iOS)`, `defined(X)`, `canImport(UIKit)`, `swift(>=5.9)`.
                var argument: [Substring] = []
                var nesting = 0
                while let a = peek, !(a == ")" && nesting == 0) {
                    if a == "(" { nesting += 1 } else if a == ")" { nesting -= 1 }
                    argument.append(a); at += 1
                }
                if !take(")") { at = tokens.count + 1; return .unknown }
                return call(name, argument.map(String.init).joined())
            }
            if name == "defined", let next = peek {  // `defined X`
                at += 1
                return call("defined", String(next))
            }
            return identifier(name, depth: depth)
        }

        func call(_ name: String, _ argument: String) -> Value {
            switch name {
            case "os":
                switch argument {
                case "iOS": return platform == .iOS || platform == .macCatalyst ? .yes : .no
                case "visionOS", "xrOS": return platform == .visionOS ? .yes : .no
                case "tvOS": return platform == .tvOS ? .yes : .no
                case "watchOS", "macOS", "OSX", "Linux", "Windows", "Android", "FreeBSD", "OpenBSD", "WASI", "Cygwin", "Haiku", "PS4":
                    return .no
                default: return .unknown
                }
            case "targetEnvironment":
                return argument == "macCatalyst" ? (platform == .macCatalyst ? .yes : .no) : .unknown
            case "canImport":
                if argument == "UIKit" { return .yes }
                return .unknown
            case "defined":
                // The SDK's Availability.h defines `__IPHONE_X_Y` for every version up to its own:
                // any SDK that builds an app today (iOS 27, Xcode 27) defines those up to 27.
                if language == .objectiveC, argument.hasPrefix("__IPHONE_"), let v = Self.versionConstant(argument), v > 0 {
                    return v <= 270000 ? .yes : .unknown
                }
                if let complete = macrosAreComplete { return macros[argument] != nil ? .yes : complete ? .no : .unknown }
                return argument.hasPrefix("TARGET_OS_") ? .yes : .unknown
            default:
                return .unknown
            }
        }

        mutating func identifier(_ name: String, depth: Int) -> Value {
            if name == "true" { return .yes }
            if name == "false" { return .no }
            if language == .objectiveC, let v = Self.targetOS(name, platform) { return .number(v ? 1 : 0) }
            // `__IPHONE_OS_VERSION_MIN_REQUIRED < __IPHONE_13_0`: the deployment target on iOS and
            // Catalyst; visionOS began at the level of iOS 17; tvOS has its own, unknown here.
            if language == .objectiveC, name == "__IPHONE_OS_VERSION_MIN_REQUIRED" {
                switch platform {
                case .iOS, .macCatalyst: return minimumIOS.map { .number($0) } ?? .unknown
                case .visionOS: return .number(max(minimumIOS ?? 0, 170000))
                default: return .unknown
                }
            }
            if language == .objectiveC, name.hasPrefix("__IPHONE_"), let v = Self.versionConstant(name) { return .number(v) }
            if language == .objectiveC, let body = macros[name], !expanding.contains(name), expanding.count < 16 {
                var inner = Parser(tokens: tokenize(body), platform: platform, language: language, macros: macros,
                                   expanding: expanding.union([name]))
                inner.macrosAreComplete = macrosAreComplete
                let v = inner.expression(depth: depth + 1)
                return inner.at == inner.tokens.count ? v : .unknown
            }
            // The C preprocessor reads a name nothing defines as 0.
            if macrosAreComplete == true { return .number(0) }
            return .unknown
        }

        /// `TARGET_OS_*` on each platform (TargetConditionals.h): Mac Catalyst is an iOS build
        /// (TARGET_OS_IOS and TARGET_OS_MACCATALYST), visionOS is not TARGET_OS_IOS.
        static func targetOS(_ name: String, _ p: Platform) -> Bool? {
            switch name {
            case "TARGET_OS_IOS": return p == .iOS || p == .macCatalyst
            case "TARGET_OS_IPHONE", "TARGET_OS_EMBEDDED": return true
            case "TARGET_OS_TV": return p == .tvOS
            case "TARGET_OS_WATCH": return false
            case "TARGET_OS_VISION", "TARGET_OS_XR": return p == .visionOS
            case "TARGET_OS_OSX": return false
            case "TARGET_OS_MACCATALYST", "TARGET_OS_UIKITFORMAC": return p == .macCatalyst
            case "TARGET_OS_MAC", "TARGET_OS_UNIX": return true
            case "TARGET_OS_LINUX", "TARGET_OS_WIN32", "TARGET_OS_WINDOWS": return false
            default: return nil
            }
        }

        /// `__IPHONE_13_0` → 130000, `__IPHONE_9_3` → 90300.
        static func versionConstant(_ name: String) -> Int? {
            let parts = name.dropFirst("__IPHONE_".count).split(separator: "_")
            guard parts.count == 2, let major = Int(parts[0]), let minor = Int(parts[1]) else { return nil }
            return major * 10000 + minor * 100
        }

        static func and(_ a: Value, _ b: Value) -> Value {
            if a == .no || b == .no { return .no }
            if a == .yes && b == .yes { return .yes }
            return .unknown
        }

        static func or(_ a: Value, _ b: Value) -> Value {
            if a == .yes || b == .yes { return .yes }
            if a == .no && b == .no { return .no }
            return .unknown
        }
    }

    /// The live platforms at each offset of a file, from its branches.
    public struct Map: Sendable {
        let ranges: [(start: Int, end: Int, mask: UInt8)]

        public init(branches: [ConditionalBranch], language: Language, macros: [String: String], minimumIOS: Int? = nil) {
            ranges = branches.compactMap { b in
                let m = PlatformConditions.mask(of: b, language: language, macros: macros, minimumIOS: minimumIOS)
                return m == uiKitMask ? nil : (b.start, b.end, m)
            }
        }

        public var isEmpty: Bool { ranges.isEmpty }

        /// The platforms on which the code at `offset` is compiled.
        public func mask(at offset: Int) -> UInt8 {
            var m = uiKitMask
            for r in ranges where r.start <= offset && offset < r.end { m &= r.mask }
            return m
        }
    }
}

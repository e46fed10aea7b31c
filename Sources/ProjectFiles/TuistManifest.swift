import Foundation

/// Tuist's `Project.swift`, read as text (never compiled or run): each `.target(…)` /
/// `Target(…)` call's `name`, `product`, `destinations` / `platform`, `deploymentTargets`,
/// `infoPlist` and `sources`. Values a manifest computes in Swift (helpers, variables) are not
/// known; an app whose Info.plist is such a value is said so in a diagnostic.
public struct TuistManifest: Sendable {
    public var project: XcodeProject
    /// Info.plist keys a target's `infoPlist: .dictionary([…])` / `.extendingDefault(with: […])`
    /// names, by target name (only which scene and launch keys are present is read).
    public var generatedInfo: [String: PlistValue]

    public static func read(_ path: String, text: String, helpers: [String] = [], problems: inout [String]) -> TuistManifest {
        let folder = path.split(separator: "/").dropLast().joined(separator: "/")
        func inFolder(_ p: String) -> String { XcodeProject.normalize(folder.isEmpty ? p : folder + "/" + p) }
        let bytes = Array(text.utf8)
        var targets: [XcodeProject.Target] = []
        var generated: [String: PlistValue] = [:]
        let known = Helpers(helpers)
        for call in calls(in: bytes, helperNames: Set(known.functions.keys)) {
            var body = String(decoding: bytes[call.range], as: UTF8.self)
            // A helper of the project's own (`.app(name: "Tutorial 1", sources: [...])`, Tuist's
            // `ProjectDescriptionHelpers`): the target it declares, with this call's arguments.
            if let name = call.helper, let helper = known.functions[name], argumentText("product", in: body) == nil {
                body = known.expand(helper, arguments: body)
            }
            // A name the helper computes in ways not followed here (`\(…)` left) is no name to report.
            guard let name = stringArgument("name", in: body), !name.contains("\\(") else { continue }
            // `dependencies: [.target(name: "Kit")]` names a target; a declaration has a product.
            guard argumentText("product", in: body) != nil || argumentText("bundleId", in: body) != nil else { continue }
            let product = enumArgument("product", in: body) ?? "app"
            var platforms: Set<Platform> = []
            let destinations = argumentText("destinations", in: body) ?? argumentText("platform", in: body) ?? ""
            for (word, platform) in [("iPhone", Platform.iOS), ("iPad", .iOS), (".iOS", .iOS), ("macWithiPadDesign", .iOS), ("macCatalyst", .macCatalyst),
                                     ("appleVision", .visionOS), (".visionOS", .visionOS), ("appleTv", .tvOS), (".tvOS", .tvOS),
                                     ("appleWatch", .watchOS), (".watchOS", .watchOS), (".mac", .macOS), (".macOS", .macOS)] where destinations.contains(word) {
                platforms.insert(platform)
            }
            if destinations.contains(".mac,") || destinations.hasSuffix(".mac") || destinations.contains(".mac]") { platforms.insert(.macOS) }
            if destinations.contains(".macCatalyst") { platforms.remove(.macOS) }
            var settings: [String: String] = [:]
            if platforms.contains(.iOS) { settings["SDKROOT"] = "iphoneos" } else if let p = platforms.min() { settings["SDKROOT"] = p.sdk }
            if let deployment = argumentText("deploymentTargets", in: body) ?? argumentText("deploymentTarget", in: body),
               let version = firstString(after: ".iOS(", in: deployment) {
                settings["IPHONEOS_DEPLOYMENT_TARGET"] = version
            }
            // Tuist's default Info.plist for an iOS app carries a launch screen and, since Tuist 3.x
            // (early 2023, before `destinations:` replaced `platform:`), a scene manifest with no
            // configurations (`UIApplicationSupportsMultipleScenes = NO`); a manifest still naming
            // `platform:` may predate it, and is read as without one.
            var defaults: [String: PlistValue] = ["UILaunchScreen": .dict([:])]
            if argumentText("destinations", in: body) != nil { defaults["UIApplicationSceneManifest"] = Self.defaultSceneManifest }
            let info = argumentText("infoPlist", in: body)
            if let info {
                if let p = info.hasPrefix("\"") ? firstString(after: "", in: info) : firstString(after: ".file(path:", in: info) {
                    settings["INFOPLIST_FILE"] = p
                } else if info.contains(".dictionary(") || info.contains(".extendingDefault(") || info.hasPrefix(".default") {
                    var keys: [String: PlistValue] = [:]
                    if info.contains(".extendingDefault(") || info.hasPrefix(".default") { keys = defaults }
                    for key in ["UIApplicationSceneManifest", "UILaunchStoryboardName", "UILaunchScreen", "UIRequiresFullScreen"] where info.contains("\"\(key)\"") {
                        keys[key] = key == "UIApplicationSceneManifest" ? .dict(["UISceneConfigurations": .dict([:])]) : .string("")
                    }
                    generated[name] = .dict(keys)
                } else if product == "app" {
                    problems.append("\(path):\(call.line): target \(name): its Info.plist is computed in Swift (\(info.prefix(40))); scene and launch checks assume it is complete")
                    generated[name] = .dict(["UIApplicationSceneManifest": .dict([:]), "UILaunchScreen": .dict([:])])
                }
            } else if product == "app" {
                generated[name] = .dict(defaults)  // Tuist's default Info.plist
            }
            var sources: Set<String> = []
            var folders: [(path: String, except: Set<String>)] = []
            for glob in strings(in: argumentText("sources", in: body) ?? "") {
                // `"Sources/**"`, `"App/Sources/**/*.swift"`: the folder before the first wildcard.
                let literal = glob.split(separator: "/").prefix { !$0.contains("*") && !$0.contains("{") }.joined(separator: "/")
                let full = inFolder(literal)
                sources.insert(full)
                folders.append((full, []))
            }
            targets.append(XcodeProject.Target(name: name, productType: productType(product), line: call.line, settings: settings,
                                               sources: sources, folders: folders, platforms: platforms.isEmpty ? nil : platforms))
        }
        return TuistManifest(project: XcodeProject(path: path, folder: folder, targets: targets), generatedInfo: generated)
    }

    /// The scene manifest of Tuist's default iOS app Info.plist: one scene, no configurations.
    static let defaultSceneManifest: PlistValue = .dict(["UIApplicationSupportsMultipleScenes": .bool(false), "UISceneConfigurations": .dict([:])])

    static func productType(_ product: String) -> String {
        switch product {
        case "app": return "com.apple.product-type.application"
        case "framework", "staticFramework": return "com.apple.product-type.framework"
        case "staticLibrary", "dynamicLibrary": return "com.apple.product-type.library.static"
        case "unitTests": return "com.apple.product-type.bundle.unit-test"
        case "uiTests": return "com.apple.product-type.bundle.ui-testing"
        case "appExtension", "widgetExtension", "messagesExtension": return "com.apple.product-type.app-extension"
        case "watch2App": return "com.apple.product-type.application.watchapp2"
        default: return "com.apple.product-type." + product
        }
    }

    /// The functions of Tuist's `ProjectDescriptionHelpers` that return one target
    /// (`static func app(name: String, sources: SourceFilesList, …) -> Target { .target(…) }`), and
    /// the constants they read (`public let kitDestinations: Destinations = .iOS`), read as text.
    struct Helpers {
        struct Function {
            /// Each parameter's label as callers write it, its name inside, and its default value's text.
            var parameters: [(label: String, name: String, defaultValue: String?)]
            /// The arguments of the `.target(…)` call it returns.
            var target: String
            /// `let NAME = VALUE` before that call (`let name = "\\(module)-Tests"`), in order.
            var locals: [(name: String, value: String)] = []
        }
        var functions: [String: Function] = [:]
        var constants: [String: String] = [:]

        init(_ texts: [String]) {
            for text in texts {
                let b = Array(text.utf8)
                // `let NAME(: Type)? = VALUE` at the start of a line: a constant a helper may read.
                for line in text.split(separator: "\n") {
                    if let (name, value) = Self.letBinding(line) { constants[name] = value }
                }
                var i = 0
                while let f = PackageManifest.find("static func ", in: b, from: i) {
                    i = f + 12
                    var n = i
                    while n < b.count, b[n].isIdentifierByte { n += 1 }
                    guard n > i, n < b.count, b[n] == UInt8(ascii: "("), let close = PackageManifest.matching(b, n) else { continue }
                    let name = String(decoding: b[i..<n], as: UTF8.self)
                    var open = close + 1
                    while open < b.count, b[open] != UInt8(ascii: "{") { open += 1 }
                    guard open < b.count, let end = PackageManifest.matching(b, open) else { continue }
                    let signature = String(decoding: b[close..<open], as: UTF8.self)
                    guard signature.contains("Target") || signature.contains("Self") else { i = end; continue }
                    // The one target call in its body.
                    let inner = Array(b[(open + 1)..<end])
                    let found = TuistManifest.calls(in: inner, helperNames: [])
                    guard found.count == 1, let call = found.first else { i = end; continue }
                    var parameters: [(String, String, String?)] = []
                    for part in TuistManifest.topLevel(String(decoding: b[(n + 1)..<close], as: UTF8.self)) {
                        guard let colon = part.firstIndex(of: ":") else { continue }
                        let words = part[..<colon].split(separator: " ")
                        guard let last = words.last else { continue }
                        let label = words.count > 1 ? String(words[words.count - 2]) : String(last)
                        let rest = part[part.index(after: colon)...]
                        let defaultValue = rest.firstIndex(of: "=").map { rest[rest.index(after: $0)...].trimmingCharacters(in: .whitespaces) }
                        parameters.append((label, String(last), defaultValue))
                    }
                    var locals: [(String, String)] = []
                    for line in String(decoding: inner[..<call.range.lowerBound], as: UTF8.self).split(separator: "\n") {
                        if let binding = Self.letBinding(line) { locals.append(binding) }
                    }
                    functions[name] = Function(parameters: parameters, target: String(decoding: inner[call.range], as: UTF8.self), locals: locals)
                    i = end
                }
            }
        }

        /// `(public |internal )?let NAME(: Type)? = VALUE` on one line: its name and its value's text.
        static func letBinding(_ line: Substring) -> (String, String)? {
            var l = line.drop { $0 == " " || $0 == "\t" }
            for prefix in ["public ", "internal "] where l.hasPrefix(prefix) { l = l.dropFirst(prefix.count) }
            guard l.hasPrefix("let "), let eq = l.firstIndex(of: "=") else { return nil }
            let name = l.dropFirst(4).prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            let value = l[l.index(after: eq)...].trimmingCharacters(in: .whitespaces)
            return name.isEmpty || value.isEmpty ? nil : (String(name), value)
        }

        /// The target call `helper` makes, with each argument that is one of its parameters
        /// replaced by what `arguments` (the caller's) pass — or the default — and each constant by
        /// its value; `\(name)` in a string becomes the caller's string.
        func expand(_ helper: Function, arguments: String) -> String {
            var values: [String: String] = [:]
            for p in helper.parameters {
                if let given = TuistManifest.argumentText(p.label, in: arguments) { values[p.name] = given }
                else if let d = p.defaultValue, d != "nil" { values[p.name] = d }
            }
            func substitute(_ value: String) -> String {
                let v = value.trimmingCharacters(in: .whitespaces)
                if let given = values[v] { return given }
                if let constant = constants[v] { return constant }
                // `sources ?? "\(name)/Sources/**"`: the caller's, else the fallback.
                if let r = v.range(of: " ?? ") {
                    let left = String(v[..<r.lowerBound])
                    if let given = values[left] { return given }
                    return substitute(String(v[r.upperBound...]))
                }
                var out = v
                for (name, given) in values where given.hasPrefix("\"") && given.hasSuffix("\"") && given.count >= 2 {
                    out = out.replacingOccurrences(of: "\\(\(name))", with: String(given.dropFirst().dropLast()))
                }
                return out
            }
            for (name, value) in helper.locals { values[name] = substitute(value) }
            return TuistManifest.topLevel(helper.target).map { part -> String in
                guard let colon = part.firstIndex(of: ":"), part[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == " " || $0 == "\n" }) else { return part }
                return part[...colon] + " " + substitute(String(part[part.index(after: colon)...]))
            }.joined(separator: ", ")
        }

    }

    /// The comma-separated parts of an argument or parameter list at its top level.
    static func topLevel(_ text: String) -> [String] {
        var parts: [String] = [], current: [UInt8] = [], depth = 0, inString = false
        var lineComment = false
        let b = Array(text.utf8)
        var i = 0
        while i < b.count {
            let c = b[i]
            if lineComment { if c == 10 { lineComment = false }; i += 1; continue }
            if !inString, c == UInt8(ascii: "/"), i + 1 < b.count, b[i + 1] == UInt8(ascii: "/") { lineComment = true; i += 1; continue }
            if inString { if c == UInt8(ascii: "\\"), i + 1 < b.count { current.append(c); current.append(b[i + 1]); i += 2; continue } else if c == UInt8(ascii: "\"") { inString = false } }
            else if c == UInt8(ascii: "\"") { inString = true }
            else if c == UInt8(ascii: "(") || c == UInt8(ascii: "[") || c == UInt8(ascii: "{") { depth += 1 }
            else if c == UInt8(ascii: ")") || c == UInt8(ascii: "]") || c == UInt8(ascii: "}") { depth -= 1 }
            else if c == UInt8(ascii: ","), depth == 0 {
                parts.append(String(decoding: current, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)); current = []; i += 1; continue
            }
            current.append(c)
            i += 1
        }
        let last = String(decoding: current, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if !last.isEmpty { parts.append(last) }
        return parts
    }

    /// Every `.target(` / `Target(` / `Target.target(` call outside comments and strings — and
    /// every `.NAME(` call of a helper in `helperNames` — as the byte range inside its
    /// parentheses, its line, and the helper it calls.
    static func calls(in b: [UInt8], helperNames: Set<String> = []) -> [(range: Range<Int>, line: Int, helper: String?)] {
        var out: [(Range<Int>, Int, String?)] = []
        var i = 0, line = 1
        while i < b.count {
            let c = b[i]
            if c == 10 { line += 1; i += 1; continue }
            if c == UInt8(ascii: "/"), i + 1 < b.count, b[i + 1] == UInt8(ascii: "/") { while i < b.count, b[i] != 10 { i += 1 }; continue }
            if c == UInt8(ascii: "/"), i + 1 < b.count, b[i + 1] == UInt8(ascii: "*") {
                i += 2
                while i + 1 < b.count, !(b[i] == UInt8(ascii: "*") && b[i + 1] == UInt8(ascii: "/")) { if b[i] == 10 { line += 1 }; i += 1 }
                i += 2; continue
            }
            if c == UInt8(ascii: "\"") { i += 1; while i < b.count, b[i] != UInt8(ascii: "\""), b[i] != 10 { if b[i] == UInt8(ascii: "\\") { i += 1 }; i += 1 }; i += 1; continue }
            // `.app(` where `app` is a helper (a `.target(` helper too: Blueprint overloads it).
            if c == UInt8(ascii: "."), !helperNames.isEmpty, i + 1 < b.count, !(i > 0 && b[i - 1].isIdentifierByte) {
                var n = i + 1
                while n < b.count, b[n].isIdentifierByte { n += 1 }
                let name = String(decoding: b[(i + 1)..<n], as: UTF8.self)
                if n < b.count, b[n] == UInt8(ascii: "("), helperNames.contains(name), let close = PackageManifest.matching(b, n) {
                    out.append(((n + 1)..<close, line, name))
                    // Past its arguments: a dependency's `.target(name:)` inside is no declaration.
                    line += b[n..<close].reduce(0) { $0 + ($1 == 10 ? 1 : 0) }
                    i = close + 1
                    continue
                }
            }
            for marker in [".target(", "Target("] {
                let m = Array(marker.utf8)
                guard i + m.count <= b.count, Array(b[i..<(i + m.count)]) == m else { continue }
                if marker == "Target(", i > 0, b[i - 1].isIdentifierByte { continue }  // `MyTarget(`
                let open = i + m.count - 1
                var depth = 0, j = open, inString = false
                while j < b.count {
                    if inString { if b[j] == UInt8(ascii: "\\") { j += 1 } else if b[j] == UInt8(ascii: "\"") { inString = false } }
                    else if b[j] == UInt8(ascii: "\"") { inString = true }
                    else if b[j] == UInt8(ascii: "(") { depth += 1 }
                    else if b[j] == UInt8(ascii: ")") { depth -= 1; if depth == 0 { break } }
                    j += 1
                }
                if j < b.count { out.append(((open + 1)..<j, line, nil)) }
                break
            }
            i += 1
        }
        return out
    }

    /// The text of `label:`'s argument at the call's top level, up to the next top-level comma.
    static func argumentText(_ label: String, in body: String) -> String? {
        let b = Array(body.utf8), l = Array((label + ":").utf8)
        var depth = 0, i = 0, inString = false
        while i < b.count {
            let c = b[i]
            if inString { if c == UInt8(ascii: "\\") { i += 1 } else if c == UInt8(ascii: "\"") { inString = false }; i += 1; continue }
            if c == UInt8(ascii: "\"") { inString = true }
            else if c == UInt8(ascii: "(") || c == UInt8(ascii: "[") { depth += 1 }
            else if c == UInt8(ascii: ")") || c == UInt8(ascii: "]") { depth -= 1 }
            else if depth == 0, i + l.count <= b.count, Array(b[i..<(i + l.count)]) == l, i == 0 || !b[i - 1].isIdentifierByte {
                var j = i + l.count, d = 0, s = false
                let start = j
                while j < b.count {
                    let x = b[j]
                    if s { if x == UInt8(ascii: "\\") { j += 1 } else if x == UInt8(ascii: "\"") { s = false } }
                    else if x == UInt8(ascii: "\"") { s = true }
                    else if x == UInt8(ascii: "(") || x == UInt8(ascii: "[") { d += 1 }
                    else if x == UInt8(ascii: ")") || x == UInt8(ascii: "]") { if d == 0 { break }; d -= 1 }
                    else if x == UInt8(ascii: ","), d == 0 { break }
                    j += 1
                }
                return String(decoding: b[start..<j], as: UTF8.self).trimmingSpaces
            }
            i += 1
        }
        return nil
    }

    static func stringArgument(_ label: String, in body: String) -> String? {
        guard let text = argumentText(label, in: body), text.hasPrefix("\"") else { return nil }
        return firstString(after: "", in: text)
    }

    /// `product: .app` → `app`.
    static func enumArgument(_ label: String, in body: String) -> String? {
        guard let text = argumentText(label, in: body), text.hasPrefix(".") else { return nil }
        return String(text.dropFirst().prefix { $0.isLetter || $0.isNumber })
    }

    static func firstString(after marker: String, in text: String) -> String? {
        guard let r = marker.isEmpty ? text.startIndex..<text.startIndex : text.range(of: marker) else { return nil }
        let rest = text[r.upperBound...]
        guard let open = rest.firstIndex(of: "\"") else { return nil }
        let body = rest[rest.index(after: open)...].prefix { $0 != "\"" }
        return String(body)
    }

    static func strings(in text: String) -> [String] {
        var out: [String] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "\"") {
            let after = rest[rest.index(after: open)...]
            guard let close = after.firstIndex(of: "\"") else { break }
            out.append(String(after[..<close]))
            rest = after[after.index(after: close)...]
        }
        return out
    }
}

extension UInt8 {
    var isIdentifierByte: Bool {
        (self >= 0x30 && self <= 0x39) || (self >= 0x41 && self <= 0x5A) || (self >= 0x61 && self <= 0x7A) || self == 0x5F
    }
}

/// Tuist's `Project.swift`, read as text (never compiled or run): each `.target(…)` /
/// `Target(…)` call's `name`, `product`, `destinations` / `platform`, `deploymentTargets`,
/// `infoPlist` and `sources`. Values a manifest computes in Swift (helpers, variables) are not
/// known; an app whose Info.plist is such a value is said so in a diagnostic.
public struct TuistManifest: Sendable {
    public var project: XcodeProject
    /// Info.plist keys a target's `infoPlist: .dictionary([…])` / `.extendingDefault(with: […])`
    /// names, by target name (only which scene and launch keys are present is read).
    public var generatedInfo: [String: PlistValue]

    public static func read(_ path: String, text: String, problems: inout [String]) -> TuistManifest {
        let folder = path.split(separator: "/").dropLast().joined(separator: "/")
        func inFolder(_ p: String) -> String { XcodeProject.normalize(folder.isEmpty ? p : folder + "/" + p) }
        let bytes = Array(text.utf8)
        var targets: [XcodeProject.Target] = []
        var generated: [String: PlistValue] = [:]
        for call in calls(in: bytes) {
            let body = String(decoding: bytes[call.range], as: UTF8.self)
            guard let name = stringArgument("name", in: body) else { continue }
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

    /// Every `.target(` / `Target(` / `Target.target(` call outside comments and strings, as the
    /// byte range inside its parentheses and its line.
    static func calls(in b: [UInt8]) -> [(range: Range<Int>, line: Int)] {
        var out: [(Range<Int>, Int)] = []
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
                if j < b.count { out.append(((open + 1)..<j, line)) }
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

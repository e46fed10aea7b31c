import YAMLAccess

/// XcodeGen's `project.yml` (and the files it `include:`s) read into the target model, never
/// run: targets with their `type`, `platform` / `supportedDestinations`, `deploymentTarget`,
/// `sources` (with `excludes`), `info` (`path` and generated `properties`), `settings` and
/// `configFiles`, over the project's `settings`, `configFiles` and `options.deploymentTarget`;
/// the `targetTemplates` a target names are applied under its own keys.
/// Paths in an included file are relative to that file, as XcodeGen reads them.
public struct XcodeGenSpec: Sendable {
    /// The project, its targets' settings resolved as `XcodeProject` does.
    public var project: XcodeProject
    /// Info.plist keys a target's `info.properties` generates, by target name.
    public var generatedInfo: [String: PlistValue]
    /// Where each target is declared: the spec file and line.
    public var declarations: [String: (path: String, line: Int)]

    /// Reads the spec at `path` (relative to the scanned root); `read` returns a file's bytes.
    /// Problems (malformed YAML, missing includes, include cycles) are `path:line: message`.
    public static func read(_ path: String, read: (String) -> [UInt8]?, problems: inout [String]) -> XcodeGenSpec? {
        func folder(of p: String) -> String { p.split(separator: "/").dropLast().joined(separator: "/") }
        func join(_ base: String, _ p: String) -> String { XcodeProject.normalize(base.isEmpty || p.hasPrefix("/") ? p : base + "/" + p) }
        let root = folder(of: path)
        // The spec and its includes, included files first (the including file's keys win).
        var documents: [(path: String, node: YAMLNode)] = []
        var queue: [(path: String, from: (String, Int)?)] = [(path, nil)]
        var visited: Set<String> = []
        var order: [String] = []
        var parsed: [String: YAMLNode] = [:]
        while let (file, from) = queue.popLast() {
            guard visited.insert(file).inserted else {
                if let from { problems.append("\(from.0):\(from.1): include cycle through \(file)") }
                continue
            }
            guard visited.count <= 64 else { break }
            guard let bytes = read(file) else {
                if let from { problems.append("\(from.0):\(from.1): included file \(file) is not in the repository") }
                continue
            }
            let node: YAMLNode
            do { node = try YAML.parse(bytes) } catch let e as YAMLError {
                // Line 0: no document was read (libyaml could not be loaded).
                problems.append(e.line > 0 ? "\(file):\(e.line): malformed YAML: \(e.message)" : "\(file): \(e.message)")
                continue
            } catch { continue }
            parsed[file] = node
            order.append(file)
            for include in (node["include"]?.array ?? []).reversed() {
                guard let p = include.string ?? include["path"]?.string else { continue }
                queue.append((join(folder(of: file), p), (file, include.line)))
            }
        }
        guard parsed[path] != nil else { return nil }
        // Depth-first order puts each file before the ones it includes; XcodeGen merges
        // included files first, so read them in reverse.
        for file in order.reversed() { documents.append((file, parsed[file]!)) }

        var loaded: [String: SettingsLayer] = [:]
        func xcconfig(_ path: String) -> SettingsLayer {
            if let known = loaded[path] { return known }
            let layer = XCConfig.load(path, projectFolder: root, read: read, problems: &problems) ?? SettingsLayer()
            loaded[path] = layer
            return layer
        }
        var projectSettings = SettingsLayer()
        var projectConfigs: [SettingsLayer] = []
        var optionsDeployment: [String: String] = [:]
        var targetParts: [String: [(file: String, node: YAMLNode)]] = [:]
        var targetOrder: [String] = []
        var declarations: [String: (path: String, line: Int)] = [:]
        var templates: [String: (file: String, node: YAMLNode)] = [:]
        for (file, doc) in documents {
            for (name, node) in doc["targetTemplates"]?.entries ?? [] { templates[name] = (file, node) }
        }
        for (file, doc) in documents {
            let base = folder(of: file)
            if let s = doc["settings"] { projectSettings.append(Self.settings(s)) }
            if let files = doc["configFiles"], let p = Self.releaseValue(files)?.string {
                projectConfigs.append(xcconfig(join(base, p)))
            }
            for (platform, v) in doc["options"]?["deploymentTarget"]?.entries ?? [] { optionsDeployment[platform] = v.string }
            for (name, node) in doc["targets"]?.entries ?? [] {
                if targetParts[name] == nil { targetOrder.append(name) }
                targetParts[name, default: []].append((file, node))
                declarations[name] = (file, node.line)
            }
        }

        var targets: [XcodeProject.Target] = []
        var generatedInfo: [String: PlistValue] = [:]
        var outDeclarations: [String: (path: String, line: Int)] = [:]
        for name in targetOrder {
            let parts = Self.applyingTemplates(templates, to: name, parts: targetParts[name]!, problems: &problems)
            let attributes = Self.templateAttributes(parts, target: name)
            func value(_ key: String) -> (file: String, node: YAMLNode)? {
                for part in parts.reversed() { if let v = part.node[key] { return (part.file, v) } }
                return nil
            }
            let type = value("type")?.node.string ?? "application"
            let productType = Self.productType(type)
            // `platform: [iOS, tvOS]` makes one target per platform, named `Name_iOS`, `Name_tvOS`.
            var platformNames: [String] = []
            if let p = value("platform")?.node {
                platformNames = p.array?.compactMap(\.string) ?? p.string.map { [$0] } ?? []
            }
            let destinations = (value("supportedDestinations")?.node.array ?? []).compactMap(\.string)
            let variants: [(String, [String])] = platformNames.count > 1
                ? platformNames.map { ("\(name)_\($0)", [$0]) }
                : [(name, platformNames.isEmpty || platformNames == ["auto"] ? destinations : platformNames + destinations)]
            for (targetName, names) in variants {
                var platforms: Set<Platform> = []
                for n in names { if let p = Self.platform(n) { platforms.insert(p) } }
                var derived = SettingsLayer()
                if platforms.contains(.iOS) {
                    derived.add(key: "SDKROOT", value: "iphoneos")
                    if let v = Self.deployment(value("deploymentTarget")?.node, platform: "iOS") ?? optionsDeployment["iOS"] {
                        derived.add(key: "IPHONEOS_DEPLOYMENT_TARGET", value: v)
                    }
                } else if let first = platforms.min() {
                    derived.add(key: "SDKROOT", value: first.sdk)
                }
                var stack = projectConfigs + [projectSettings, derived]
                if let (file, files) = value("configFiles"), let p = Self.releaseValue(files)?.string {
                    stack.append(xcconfig(join(folder(of: file), p)))
                }
                // Settings merge key by key: a template's, then the target's own.
                for part in parts { if let s = part.node["settings"] { stack.append(Self.settings(s)) } }
                if let (file, info) = value("info"), let p = info["path"]?.string {
                    var layer = SettingsLayer()
                    layer.add(key: "INFOPLIST_FILE", value: Self.relative(join(folder(of: file), Self.substitute(p, attributes)), to: root))
                    stack.append(layer)
                    if let properties = info["properties"] { generatedInfo[targetName] = Self.plist(properties) }
                }
                var settings = BuildSettings.resolve(stack, sdk: platforms.contains(.iOS) || platforms.isEmpty ? "iphoneos" : platforms.min()!.sdk)
                settings["TARGET_NAME"] = targetName
                var sources: Set<String> = []
                var folders: [(path: String, except: Set<String>)] = []
                var excludes: [String] = []
                for part in parts {
                    guard let list = part.node["sources"] else { continue }
                    let entries = list.array ?? [list]
                    for entry in entries {
                        guard let p = entry.string ?? entry["path"]?.string else { continue }
                        let full = join(folder(of: part.file), Self.substitute(p, attributes))
                        sources.insert(full)
                        folders.append((full, []))
                        for e in entry["excludes"]?.array ?? [] {
                            if let pattern = e.string { excludes.append(full.isEmpty ? pattern : full + "/" + pattern) }
                        }
                    }
                }
                let decl = declarations[name] ?? (path, 1)
                var target = XcodeProject.Target(name: targetName, productType: productType, line: decl.line, settings: settings,
                                                 sources: sources, folders: folders,
                                                 platforms: platforms.isEmpty ? Platform.of(settings: settings) : platforms)
                target.excludes = excludes
                targets.append(target)
                outDeclarations[targetName] = decl
            }
        }
        return XcodeGenSpec(project: XcodeProject(path: path, folder: root, targets: targets), generatedInfo: generatedInfo,
                            declarations: outDeclarations)
    }

    /// A target's parts with the `targetTemplates` it names (`templates: [ApplicationTemplate]`)
    /// before them, each template's own templates before it: the target's keys win over a
    /// template's, a later template's over an earlier one's. A name no `targetTemplates` entry
    /// declares is a problem at the line that names it.
    static func applyingTemplates(_ templates: [String: (file: String, node: YAMLNode)], to target: String,
                                  parts: [(file: String, node: YAMLNode)], problems: inout [String]) -> [(file: String, node: YAMLNode)] {
        var applied: [(file: String, node: YAMLNode)] = []
        var seen: Set<String> = []
        func add(_ names: YAMLNode, from file: String, depth: Int) {
            for item in names.array ?? [names] {
                guard let name = item.string else { continue }
                guard let template = templates[name] else {
                    problems.append("\(file):\(item.line): target \(target) uses template \(name), which no targetTemplates entry declares")
                    continue
                }
                // A template that names itself, directly or not, is applied once.
                guard depth < 16, seen.insert(name).inserted else { continue }
                if let inner = template.node["templates"] { add(inner, from: template.file, depth: depth + 1) }
                applied.append(template)
            }
        }
        for part in parts { if let names = part.node["templates"] { add(names, from: part.file, depth: 0) } }
        return applied + parts
    }

    /// What `${name}` means in a templated target's paths: `target_name`, and each of the
    /// target's `templateAttributes`.
    static func templateAttributes(_ parts: [(file: String, node: YAMLNode)], target: String) -> [String: String] {
        var attributes = ["target_name": target]
        for part in parts {
            for (k, v) in part.node["templateAttributes"]?.entries ?? [] { if let s = v.string { attributes[k] = s } }
        }
        return attributes
    }

    /// `${target_name}/Sources` (or `$target_name/Sources`) with the target's values put in.
    static func substitute(_ s: String, _ attributes: [String: String]) -> String {
        guard s.contains("$") else { return s }
        var out = s
        for (k, v) in attributes {
            out = out.replacing("${\(k)}", with: v)
            if k == "target_name" { out = out.replacing("$target_name", with: v) }
        }
        return out
    }

    /// `settings:` as XcodeGen writes it: flat keys, or `base:` plus `configs: {Release: …}`.
    static func settings(_ node: YAMLNode) -> SettingsLayer {
        var layer = SettingsLayer()
        func add(_ entries: [(key: String, value: YAMLNode)]) {
            for (k, v) in entries where k != "base" && k != "configs" && k != "groups" {
                let value = v.string ?? v.array?.compactMap(\.string).joined(separator: " ") ?? ""
                layer.add(key: k, value: value)
            }
        }
        let entries = node.entries ?? []
        if let base = node["base"]?.entries { add(base) }
        add(entries)
        if let configs = node["configs"], let release = releaseValue(configs)?.entries { add(release) }
        return layer
    }

    /// The Release configuration's entry of a `{Debug: …, Release: …}` mapping (else the first).
    static func releaseValue(_ node: YAMLNode) -> YAMLNode? {
        guard let entries = node.entries, !entries.isEmpty else { return node.string != nil ? node : nil }
        return entries.first { $0.key.lowercased() == "release" }?.value ?? entries.first?.value
    }

    static func deployment(_ node: YAMLNode?, platform: String) -> String? {
        guard let node else { return nil }
        if let s = node.string { return s }
        return node[platform]?.string
    }

    static func platform(_ name: String) -> Platform? {
        switch name {
        case "iOS", "iPadOS": return .iOS
        case "macCatalyst": return .macCatalyst
        case "tvOS": return .tvOS
        case "watchOS": return .watchOS
        case "macOS": return .macOS
        case "visionOS": return .visionOS
        default: return nil
        }
    }

    /// XcodeGen's `type` is the product type after `com.apple.product-type.`.
    static func productType(_ type: String) -> String {
        switch type {
        case "watch2-app": return "com.apple.product-type.application.watchapp2"
        case "watch2-app-container": return "com.apple.product-type.application.watchapp2-container"
        case "watch2-extension": return "com.apple.product-type.watchkit2-extension"
        case "framework.static": return "com.apple.product-type.framework.static"
        default: return "com.apple.product-type." + type
        }
    }

    /// `a/b/c` relative to `a` is `b/c`; paths outside `root` stay as they are.
    static func relative(_ path: String, to root: String) -> String {
        guard !root.isEmpty else { return path }
        return path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
    }

    /// YAML as the property list XcodeGen writes from it.
    static func plist(_ node: YAMLNode) -> PlistValue {
        // Recursion is bounded by the YAML reader's depth limit.
        switch node.value {
        case .scalar(let s):
            switch s.lowercased() {
            case "true", "yes": return .bool(true)
            case "false", "no": return .bool(false)
            default: return .string(s)
            }
        case .sequence(let items): return .array(items.map(plist))
        case .mapping(let entries):
            var d: [String: PlistValue] = [:]
            for (k, v) in entries { d[k] = plist(v) }
            return .dict(d)
        }
    }
}

/// An iOS version such as 16.0 or 27.1.
public struct OSVersion: Sendable, Comparable, Hashable, Codable, CustomStringConvertible {
    public var major: Int
    public var minor: Int

    public init(_ major: Int, _ minor: Int = 0) {
        self.major = major
        self.minor = minor
    }

    /// `16`, `16.0`, `15.4.1`, `v15_4`.
    public init?(_ text: String) {
        var t = Substring(text.trimmingSpaces)
        if t.hasPrefix("v") { t = t.dropFirst() }
        let parts = t.split(whereSeparator: { $0 == "." || $0 == "_" })
        guard let first = parts.first, let major = Int(first) else { return nil }
        self.major = major
        self.minor = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
    }

    public static func < (a: OSVersion, b: OSVersion) -> Bool { (a.major, a.minor) < (b.major, b.minor) }
    public var description: String { "\(major).\(minor)" }
}

/// What a project.pbxproj says about its native targets.
public struct XcodeProject: Sendable {
    /// Path of the project.pbxproj, relative to the scanned root.
    public var path: String
    /// The folder the project's paths are relative to (the one holding the .xcodeproj).
    public var folder: String
    public var targets: [Target]

    public struct Target: Sendable {
        public var name: String
        public var productType: String
        /// Line of the target's object in the pbxproj.
        public var line: Int
        /// Build settings of the configuration that matters (Release, else the first): the
        /// project's xcconfig, the project's, the target's xcconfig and the target's, for the
        /// target's own SDK, with `$(inherited)` and `$(VAR)` resolved.
        public var settings: [String: String]
        /// Source files the target compiles, relative to the scanned root.
        public var sources: Set<String>
        /// Folders whose every file belongs to the target (Xcode 16 synchronized groups), with
        /// the files excepted, relative to the scanned root.
        public var folders: [(path: String, except: Set<String>)]
        /// The platforms the target builds for (empty when its settings do not say).
        public var platforms: Set<Platform>
        /// Glob patterns (relative to the scanned root) of files its folders leave out
        /// (XcodeGen `excludes`, Tuist `excluding`).
        public var excludes: [String] = []

        public init(name: String, productType: String, line: Int, settings: [String: String], sources: Set<String>,
                    folders: [(path: String, except: Set<String>)], platforms: Set<Platform>? = nil) {
            self.name = name
            self.productType = productType
            self.line = line
            self.settings = settings
            self.sources = sources
            self.folders = folders
            self.platforms = platforms ?? Platform.of(settings: settings)
        }

        /// Whether `path` (relative to the scanned root) is compiled by this target.
        public func contains(_ path: String) -> Bool {
            if sources.contains(path) { return true }
            guard folders.contains(where: { f in (path.hasPrefix(f.path + "/") || f.path.isEmpty) && !f.except.contains(path) }) else { return false }
            return !excludes.contains { PathPattern.matches($0, path) }
        }

        public var kind: TargetKind { TargetKind(productType: productType) }

        public var isApplication: Bool { kind == .application }

        /// Built for iOS (including Mac Catalyst), from SDKROOT or SUPPORTED_PLATFORMS.
        public var isIOS: Bool { platforms.contains(.iOS) }

        public var deploymentTarget: OSVersion? { settings["IPHONEOS_DEPLOYMENT_TARGET"].flatMap(OSVersion.init) }
    }

    /// Folders whose xcconfig files a tool writes outside the repository's history.
    static let generatedFolders: Set<Substring> = ["Pods", "Carthage", "DerivedData", ".build"]

    /// Problems met while reading the project's xcconfig files, as `path:line: message`.
    public var problems: [String] = []

    /// A project another manifest describes (XcodeGen, Tuist): its file, folder and targets.
    public init(path: String, folder: String, targets: [Target], problems: [String] = []) {
        self.path = path
        self.folder = folder
        self.targets = targets
        self.problems = problems
    }

    /// Reads a project.pbxproj at `path` (relative to the scanned root); `read` gives the bytes
    /// of the xcconfig files its configurations name (nil when not in the repository).
    public init(path: String, bytes: [UInt8], read: (String) -> [UInt8]? = { _ in nil }) throws {
        try self.init(path: path, parsed: OpenStepPlist.parse(bytes), read: read)
    }

    /// Reads a project.pbxproj as `init(path:bytes:read:)` does, taking the objects an earlier
    /// version of the same file already had from `memo`, and leaving this version's there.
    public init(path: String, bytes: [UInt8], read: (String) -> [UInt8]? = { _ in nil }, memo: inout PBXObjectMemo) throws {
        let (parsed, next) = try OpenStepPlist.parseProject(bytes, memo: memo)
        memo = next
        try self.init(path: path, parsed: parsed, read: read)
    }

    private init(path: String, parsed: OpenStepPlist.Result, read: (String) -> [UInt8]?) throws {
        guard let objects = parsed.value["objects"]?.dict else { throw PlistError("no \"objects\" dictionary") }
        guard let rootID = parsed.value["rootObject"]?.string, let root = objects[rootID]?.dict else {
            throw PlistError("no \"rootObject\"")
        }
        self.path = path
        // `App.xcodeproj/project.pbxproj` → the folder holding App.xcodeproj.
        var components = path.split(separator: "/").map(String.init)
        if components.count >= 2 { components.removeLast(2) }
        let folder = Self.normalize((components + (root["projectDirPath"]?.string.map { [$0] } ?? [])).joined(separator: "/"))
        self.folder = folder
        self.targets = []
        let locations = FileLocations(objects: objects, folder: folder, mainGroup: root["mainGroup"]?.string)
        var problems: [String] = []
        var xcconfigs: [String: SettingsLayer] = [:]
        /// The xcconfig layer a configuration names, if any (a missing one is a problem).
        func xcconfigLayer(_ name: String, _ c: [String: PlistValue]) -> SettingsLayer? {
            // Xcode 16 names an xcconfig inside a synchronized folder by the folder and a
            // relative path instead of a file reference.
            let anchored = c["baseConfigurationReferenceAnchor"]?.string.flatMap { anchor in
                c["baseConfigurationReferenceRelativePath"]?.string.flatMap { rel in
                    locations.path(of: anchor).map { XcodeProject.normalize($0.isEmpty ? rel : $0 + "/" + rel) }
                }.map { (anchor, $0) }
            }
            guard let (ref, file) = c["baseConfigurationReference"]?.string.flatMap({ r in locations.path(of: r).map { (r, $0) } }) ?? anchored else { return nil }
            if let known = xcconfigs[file] { return known }
            if let layer = XCConfig.load(file, projectFolder: folder, read: read, problems: &problems) {
                xcconfigs[file] = layer
                return layer
            }
            if !file.split(separator: "/").contains(where: { XcodeProject.generatedFolders.contains($0) }) {
                // CocoaPods writes Pods/Target Support Files/… at `pod install`: not in a repository.
                problems.append("\(path):\(parsed.lines[ref] ?? 1): configuration \(name): \(file) is not in the repository")
            }
            return nil
        }
        /// The layers of each configuration of a list: its xcconfig (every configuration's is
        /// read, for its problems), then its own settings — made into a layer only when asked
        /// for, since a target is read for one configuration of several.
        func layers(of listID: String?) -> [String: (xcconfig: SettingsLayer?, settings: [String: PlistValue])] {
            var out: [String: (SettingsLayer?, [String: PlistValue])] = [:]
            // By name: the order of the problems must not be a dictionary's.
            for (name, c) in Self.configurations(of: listID, objects: objects).sorted(by: { $0.key < $1.key }) {
                out[name] = (xcconfigLayer(name, c), c["buildSettings"]?.dict ?? [:])
            }
            return out
        }
        func stack(_ layers: (xcconfig: SettingsLayer?, settings: [String: PlistValue])) -> [SettingsLayer] {
            var plain: [String: String] = [:]
            for (k, v) in layers.settings { plain[k] = v.string ?? v.array?.compactMap(\.string).joined(separator: " ") ?? "" }
            return (layers.xcconfig.map { [$0] } ?? []) + [SettingsLayer(dictionary: plain)]
        }
        let projectConfigurations = layers(of: root["buildConfigurationList"]?.string)
        var projectStacks: [String: [SettingsLayer]] = [:]
        func projectStack(_ name: String) -> [SettingsLayer] {
            if let known = projectStacks[name] { return known }
            let made = projectConfigurations[name].map(stack) ?? []
            projectStacks[name] = made
            return made
        }
        var targets: [Target] = []
        for id in root["targets"]?.array?.compactMap(\.string) ?? [] {
            guard let t = objects[id]?.dict, t["isa"]?.string == "PBXNativeTarget" else { continue }
            let name = t["name"]?.string ?? id
            let own = layers(of: t["buildConfigurationList"]?.string)
            let configuration = own.keys.contains("Release") ? "Release" : own.keys.sorted().first ?? "Release"
            // A project without the target's configuration: its first by name.
            let projectName = projectConfigurations[configuration] != nil ? configuration : projectConfigurations.keys.sorted().first
            let stack = (projectName.map(projectStack) ?? []) + (own[configuration].map(stack) ?? [])
            var settings = BuildSettings.resolve(stack, sdk: "iphoneos")
            let platforms = Platform.of(settings: settings)
            // Conditions are read for the target's own SDK: `[sdk=appletvos*]` for a tvOS target.
            if !platforms.isEmpty, !platforms.contains(.iOS), let first = platforms.min() {
                settings = BuildSettings.resolve(stack, sdk: first.sdk)
            }
            settings["TARGET_NAME"] = settings["TARGET_NAME"] ?? name
            var sources: Set<String> = []
            for phaseID in t["buildPhases"]?.array?.compactMap(\.string) ?? [] {
                guard let phase = objects[phaseID]?.dict, phase["isa"]?.string == "PBXSourcesBuildPhase" else { continue }
                for buildFileID in phase["files"]?.array?.compactMap(\.string) ?? [] {
                    guard let ref = objects[buildFileID]?["fileRef"]?.string, let p = locations.path(of: ref) else { continue }
                    sources.insert(p)
                }
            }
            var folders: [(String, Set<String>)] = []
            for groupID in t["fileSystemSynchronizedGroups"]?.array?.compactMap(\.string) ?? [] {
                guard let p = locations.path(of: groupID) else { continue }
                var except: Set<String> = []
                for exceptionID in objects[groupID]?["exceptions"]?.array?.compactMap(\.string) ?? [] {
                    guard let e = objects[exceptionID]?.dict, e["target"]?.string == id else { continue }
                    for m in e["membershipExceptions"]?.array?.compactMap(\.string) ?? [] { except.insert(Self.normalize(p + "/" + m)) }
                }
                folders.append((p, except))
            }
            targets.append(Target(name: name, productType: t["productType"]?.string ?? "", line: parsed.lines[id] ?? 1,
                                  settings: settings, sources: sources, folders: folders, platforms: platforms))
        }
        self.targets = targets
        self.problems = problems
    }

    /// The XCBuildConfiguration dictionaries of an XCConfigurationList, by configuration name.
    static func configurations(of listID: String?, objects: [String: PlistValue]) -> [String: [String: PlistValue]] {
        guard let listID, let ids = objects[listID]?["buildConfigurations"]?.array?.compactMap(\.string) else { return [:] }
        var out: [String: [String: PlistValue]] = [:]
        for id in ids {
            guard let c = objects[id]?.dict, let name = c["name"]?.string else { continue }
            out[name] = c
        }
        return out
    }

    /// Whether a setting condition such as `[sdk=iphoneos*]` or `[config=Release][arch=*]`
    /// holds for an iOS device or simulator build; conditions on other SDKs do not.
    public static func conditionAppliesToIOS(_ conditions: Substring) -> Bool {
        BuildSettings.condition(conditions, holdsFor: "iphoneos")
    }

    /// `a/./b/../c` → `a/c`; leading `..` that would leave the root are dropped.
    public static func normalize(_ path: String) -> String {
        if isNormal(path) { return path }  // most paths: no copy, no split
        var out: [Substring] = []
        for part in path.split(separator: "/") {
            if part == "." || part.isEmpty { continue }
            if part == ".." { _ = out.popLast(); continue }
            out.append(part)
        }
        return out.joined(separator: "/")
    }

    /// Whether `normalize` would return `path` as it is: no empty, `.` or `..` component.
    static func isNormal(_ path: String) -> Bool {
        var length = 0, allDots = true
        for b in path.utf8 {
            if b == UInt8(ascii: "/") {
                if length == 0 || (allDots && length <= 2) { return false }
                length = 0
                allDots = true
            } else {
                length += 1
                if b != UInt8(ascii: ".") { allDots = false }
            }
        }
        return length > 0 && !(allDots && length <= 2)
    }

    /// Expands the build-setting variables an INFOPLIST_FILE uses, relative to the project folder.
    public func resolve(settingPath value: String, target: Target) -> String {
        var v = value
        for name in ["SRCROOT", "PROJECT_DIR", "SOURCE_ROOT"] {
            v = v.replacingAll("$(\(name))", with: folder.isEmpty ? "." : folder).replacingAll("${\(name)}", with: folder.isEmpty ? "." : folder)
        }
        for name in ["TARGET_NAME", "PRODUCT_NAME"] {
            v = v.replacingAll("$(\(name))", with: target.name).replacingAll("${\(name)}", with: target.name)
        }
        if v.hasPrefix("/") { return Self.normalize(v) }
        let base = value.contains("$(SRCROOT)") || value.contains("$(PROJECT_DIR)") || value.contains("${SRCROOT}") ? "" : folder
        return Self.normalize(base.isEmpty ? v : base + "/" + v)
    }
}

/// Paths of file references and groups, from the group tree. Each group's path is resolved
/// once: a large project's files share a few hundred groups.
final class FileLocations {
    let objects: [String: PlistValue]
    let folder: String
    var parent: [String: String] = [:]
    /// Resolved paths (before normalising) by id; nil inside when outside the project.
    private var resolved: [String: String?] = [:]

    init(objects: [String: PlistValue], folder: String, mainGroup: String?) {
        self.objects = objects
        self.folder = folder
        for (id, object) in objects {
            let isa = object["isa"]?.string ?? ""
            guard isa == "PBXGroup" || isa == "PBXVariantGroup" || isa == "XCVersionGroup" else { continue }
            for child in object["children"]?.array?.compactMap(\.string) ?? [] { parent[child] = id }
        }
    }

    /// The path of a file reference or group relative to the scanned root, or nil when it lies
    /// outside the project (absolute, SDK, built products).
    func path(of id: String) -> String? {
        raw(id, depth: 0).map { XcodeProject.normalize(folder.isEmpty ? $0 : folder + "/" + $0) }
    }

    /// The path relative to the project folder, joined but not normalised.
    private func raw(_ id: String, depth: Int) -> String? {
        if let known = resolved[id] { return known }
        guard depth < 64, let o = objects[id]?.dict else { return "" }
        let own = o["path"]?.string ?? ""
        let result: String?
        switch o["sourceTree"]?.string ?? "<group>" {
        case "<group>":
            if let p = parent[id] {
                result = raw(p, depth: depth + 1).map { base in own.isEmpty ? base : base.isEmpty ? own : base + "/" + own }
            } else {
                result = own
            }
        case "SOURCE_ROOT": result = own
        default: result = nil
        }
        resolved[id] = .some(result)
        return result
    }
}

extension String {
    func replacingAll(_ a: String, with b: String) -> String {
        guard !a.isEmpty, contains(a) else { return self }
        return split(separator: a, omittingEmptySubsequences: false).joined(separator: b)
    }
}

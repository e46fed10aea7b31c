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
        /// The project file that declares it (`examples/ASDKgram/Sample.xcodeproj`, `project.yml`),
        /// set where the model gathers every project's targets.
        public var project: String? = nil
        /// Sources its build files compile for some of its platforms only (`platformFilters =
        /// (xros)` in the pbxproj; Xcode's Filters column), with those platforms.
        public var filtered: [String: Set<Platform>] = [:]
        /// An app extension's `NSExtensionPointIdentifier`, from its Info.plist
        /// (`com.apple.widgetkit-extension`), when it names one.
        public var extensionPoint: String? = nil

        /// Extensions whose views the system draws at sizes it chooses, in no window of the app: widgets
        /// and Live Activities (WidgetKit), Today widgets, notification content. No scene, no resizing.
        public static let systemDrawnExtensionPoints: Set<String> = ["com.apple.widgetkit-extension", "com.apple.widget-extension",
                                                                     "com.apple.usernotifications.content-extension"]

        /// Whether the system draws this extension's views outside the app's windows.
        public var isSystemDrawnExtension: Bool { extensionPoint.map(Self.systemDrawnExtensionPoints.contains) ?? false }

        /// The platforms this target compiles `path` for: its own, narrowed by the file's filter.
        public func platforms(of path: String) -> Set<Platform> {
            guard let only = filtered[path] else { return platforms }
            return platforms.isEmpty ? only : platforms.intersection(only)
        }

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

        public var kind: TargetKind { TargetKind(productType: productType, settings: settings) }

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
        var derivation: Derivation? = nil
        try self.init(path: path, parsed: OpenStepPlist.parseProjectFile(bytes), read: read, previous: nil, changed: [], derivation: &derivation)
    }

    /// Reads a project.pbxproj as `init(path:bytes:read:)` does, taking the objects an earlier
    /// version of the same file already had from `memo`, and leaving this version's there. A
    /// target none of whose inputs changed since that version (its objects, the paths of its
    /// files, the xcconfig files it read) is taken as it was instead of derived again.
    public init(path: String, bytes: [UInt8], read: (String) -> [UInt8]? = { _ in nil }, memo: inout PBXObjectMemo) throws {
        let previous = memo.derived
        let (parsed, next) = try OpenStepPlist.parseProject(bytes, memo: memo)
        memo = next
        var derivation: Derivation? = nil
        let carried = next.changed == nil ? nil : previous
        var project = try XcodeProject(path: path, parsed: parsed, read: read, previous: carried, changed: next.changed ?? [], derivation: &derivation)
        if carried != nil, derivation == nil {
            // A tangled group tree (a cycle, a file in two groups): what a path resolves to can
            // depend on the order of the work, so the version is derived whole, as a scan does.
            project = try XcodeProject(path: path, parsed: parsed, read: read, previous: nil, changed: [], derivation: &derivation)
        }
        self = project
        memo.derived = derivation
        memo.targetsReused = derivation?.reused ?? 0
    }

    /// What deriving one version's targets read, so that the next version derives again only
    /// the targets whose inputs changed.
    struct Derivation: Sendable {
        /// The project's folder and the root object's fields every target depends on (and the
        /// synchronized folders with exception sets, which any target may read).
        var folder: String
        var root: [String?]
        var locations: FileLocations.State
        var targets: [String: Reading]
        /// How many targets were taken from the version before.
        var reused = 0
        /// Each xcconfig file loaded, by path, with what loading it read.
        var xcconfigs: [String: LoadedXCConfig] = [:]

        /// An xcconfig file as loaded: every file loading it read (it and its includes, with
        /// their bytes, nil for one not there), the layer and the problems it gave. Loading is a
        /// function of those files and the project's folder, so a version whose files read the
        /// same takes the layer instead of splitting every line again.
        struct LoadedXCConfig: Sendable {
            var files: [String: [UInt8]?]
            var layer: SettingsLayer?
            var problems: [String]
        }

        /// One target as derived, with everything its derivation read.
        struct Reading: Sendable {
            var target: Target
            /// Objects read (present or not).
            var objects: Set<String>
            /// Objects whose path was resolved.
            var paths: Set<String>
            /// Files read (xcconfig files and what they include), with their bytes.
            var files: [String: [UInt8]?]
        }
    }

    /// Objects, paths and files one target's derivation reads, as it reads them.
    private final class Recorder {
        var objects: Set<String> = []
        var files: [String: [UInt8]?] = [:]
    }

    private init(path: String, parsed: OpenStepPlist.Result, read: (String) -> [UInt8]?, previous: Derivation?,
                 changed: Set<String>, derivation: inout Derivation?) throws {
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
        // Synchronized folders with exception sets: a set naming a target that does not own the
        // folder adds the files it lists to that target (Xcode 16: a file of one folder checked for
        // other targets; Threema's share extensions, whose folder no target owns). Every target may
        // read them, so a folder gaining or losing exceptions derives every target again.
        let exceptionGroups = objects.compactMap { id, value -> String? in
            guard let d = value.dict, d["isa"]?.string == "PBXFileSystemSynchronizedRootGroup", d["exceptions"] != nil else { return nil }
            return id
        }.sorted()
        let rootFields = [root["mainGroup"]?.string, root["buildConfigurationList"]?.string] + exceptionGroups.map { Optional($0) }
        // What the version before derived is usable when the folder and the root's fields are
        // the same; then only what `changed` reaches is derived again.
        let usable = previous.flatMap { $0.folder == folder && $0.root == rootFields ? $0 : nil }
        let locations = FileLocations(objects: objects, folder: folder, previous: usable?.locations, changed: changed)
        // Every file read once per version, so that what a target read can be compared.
        var fileCache: [String: [UInt8]?] = [:]
        var recorder: Recorder? = nil
        func readFile(_ p: String) -> [UInt8]? {
            let bytes: [UInt8]?
            if let known = fileCache[p] { bytes = known } else { bytes = read(p); fileCache[p] = bytes }
            recorder?.files[p] = bytes
            return bytes
        }
        func object(_ id: String) -> [String: PlistValue]? {
            recorder?.objects.insert(id)
            return objects[id]?.dict
        }
        var problems: [String] = []
        var xcconfigs: [String: (layer: SettingsLayer, files: [String: [UInt8]?])] = [:]
        /// xcconfig files loaded by the version before (of a project in the same folder), and by this one.
        let loadedBefore = previous.flatMap { $0.folder == folder ? $0.xcconfigs : nil } ?? [:]
        var loaded: [String: Derivation.LoadedXCConfig] = [:]
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
            if let known = xcconfigs[file] {
                for (p, b) in known.files { recorder?.files[p] = b }
                return known.layer
            }
            // The files loading it reads, kept with the layer for the targets that use it later.
            let outer = recorder
            let loading = Recorder()
            recorder = loading
            let layer: SettingsLayer?
            if let known = loaded[file] ?? loadedBefore[file], known.files.allSatisfy({ p, b in readFile(p) == b }) {
                layer = known.layer
                problems += known.problems
                loaded[file] = known
            } else {
                loading.files = [:]
                let before = problems.count
                layer = XCConfig.load(file, projectFolder: folder, read: readFile, problems: &problems)
                loaded[file] = Derivation.LoadedXCConfig(files: loading.files, layer: layer, problems: Array(problems[before...]))
            }
            recorder = outer
            for (p, b) in loading.files { outer?.files[p] = b }
            if let layer {
                xcconfigs[file] = (layer, loading.files)
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
            for (name, c) in Self.configurations(of: listID, object: object).sorted(by: { $0.key < $1.key }) {
                out[name] = (xcconfigLayer(name, c), c["buildSettings"]?.dict ?? [:])
            }
            return out
        }
        func stack(_ layers: (xcconfig: SettingsLayer?, settings: [String: PlistValue])) -> [SettingsLayer] {
            var plain: [String: String] = [:]
            for (k, v) in layers.settings { plain[k] = v.string ?? v.array?.compactMap(\.string).joined(separator: " ") ?? "" }
            return (layers.xcconfig.map { [$0] } ?? []) + [SettingsLayer(dictionary: plain)]
        }
        // What the project's configurations read is read by every target.
        let projectReading = Recorder()
        recorder = projectReading
        locations.touched = []
        let projectConfigurations = layers(of: root["buildConfigurationList"]?.string)
        let projectPaths = locations.touched ?? []
        recorder = nil
        locations.touched = nil
        var projectStacks: [String: [SettingsLayer]] = [:]
        func projectStack(_ name: String) -> [SettingsLayer] {
            if let known = projectStacks[name] { return known }
            let made = projectConfigurations[name].map(stack) ?? []
            projectStacks[name] = made
            return made
        }
        /// Whether a target read as `r` in the version before would read the same now.
        func unchanged(_ r: Derivation.Reading) -> Bool {
            r.objects.isDisjoint(with: changed) && r.paths.isDisjoint(with: locations.moved)
                && r.files.allSatisfy { p, b in readFile(p) == b }
        }
        var targets: [Target] = []
        var readings: [String: Derivation.Reading] = [:]
        var reused = 0
        for id in root["targets"]?.array?.compactMap(\.string) ?? [] {
            if locations.incremental, let r = usable?.targets[id], unchanged(r) {
                var target = r.target
                target.line = parsed.lines[id] ?? 1
                targets.append(target)
                readings[id] = r
                reused += 1
                continue
            }
            let reading = Recorder()
            reading.objects = projectReading.objects
            reading.files = projectReading.files
            recorder = reading
            locations.touched = projectPaths
            let problemsBefore = problems.count
            defer { recorder = nil; locations.touched = nil }
            guard let t = object(id), t["isa"]?.string == "PBXNativeTarget" else { continue }
            let name = t["name"]?.string ?? id
            let own = layers(of: t["buildConfigurationList"]?.string)
            let configuration = own.keys.contains("Release") ? "Release" : own.keys.sorted().first ?? "Release"
            // A project without the target's configuration: its first by name.
            let projectName = projectConfigurations[configuration] != nil ? configuration : projectConfigurations.keys.sorted().first
            let projectLayers = projectName.map(projectStack) ?? [], ownLayers = own[configuration].map(stack) ?? []
            let stack = projectLayers + ownLayers
            var settings = BuildSettings.resolve(stack, sdk: "iphoneos")
            // A target that sets an SDK of its own, not the project's, builds for that SDK's
            // platform, not for the platforms the project lists for its other targets (AltStore's
            // macOS AltServer in a project whose `SUPPORTED_PLATFORMS` is `iphoneos macosx`).
            let ownSDK = Self.assigned("SDKROOT", in: ownLayers)
            let ownSDKOnly = ownSDK != nil && ownSDK != Self.assigned("SDKROOT", in: projectLayers)
                && Self.assigned("SUPPORTED_PLATFORMS", in: ownLayers) == nil
            if ownSDKOnly { settings["SUPPORTED_PLATFORMS"] = nil }
            let platforms = Platform.of(settings: settings)
            // Conditions are read for the target's own SDK: `[sdk=appletvos*]` for a tvOS target.
            if !platforms.isEmpty, !platforms.contains(.iOS), let first = platforms.min() {
                settings = BuildSettings.resolve(stack, sdk: first.sdk)
                if ownSDKOnly { settings["SUPPORTED_PLATFORMS"] = nil }
            }
            settings["TARGET_NAME"] = settings["TARGET_NAME"] ?? name
            var sources: Set<String> = []
            var filtered: [String: Set<Platform>] = [:]
            for phaseID in t["buildPhases"]?.array?.compactMap(\.string) ?? [] {
                guard let phase = object(phaseID), phase["isa"]?.string == "PBXSourcesBuildPhase" else { continue }
                for buildFileID in phase["files"]?.array?.compactMap(\.string) ?? [] {
                    guard let buildFile = object(buildFileID), let ref = buildFile["fileRef"]?.string, let p = locations.path(of: ref) else { continue }
                    sources.insert(p)
                    // `platformFilter = ios;` / `platformFilters = (ios, xros, );`: compiled for those alone.
                    let names = buildFile["platformFilters"]?.array?.compactMap(\.string) ?? buildFile["platformFilter"]?.string.map { [$0] } ?? []
                    let only = Set(names.compactMap { Platform(platformFilter: Substring($0)) })
                    if !only.isEmpty { filtered[p, default: []].formUnion(only) }
                }
            }
            var folders: [(String, Set<String>)] = []
            for groupID in t["fileSystemSynchronizedGroups"]?.array?.compactMap(\.string) ?? [] {
                guard let p = locations.path(of: groupID) else { continue }
                var except: Set<String> = []
                for exceptionID in object(groupID)?["exceptions"]?.array?.compactMap(\.string) ?? [] {
                    guard let e = object(exceptionID), e["target"]?.string == id else { continue }
                    for m in e["membershipExceptions"]?.array?.compactMap(\.string) ?? [] { except.insert(Self.normalize(p + "/" + m)) }
                }
                folders.append((p, except))
            }
            let ownGroups = Set(t["fileSystemSynchronizedGroups"]?.array?.compactMap(\.string) ?? [])
            for groupID in exceptionGroups where !ownGroups.contains(groupID) {
                guard let group = object(groupID) else { continue }
                for exceptionID in group["exceptions"]?.array?.compactMap(\.string) ?? [] {
                    guard let e = object(exceptionID), e["isa"]?.string == "PBXFileSystemSynchronizedBuildFileExceptionSet", e["target"]?.string == id,
                          let p = locations.path(of: groupID) else { continue }
                    for m in e["membershipExceptions"]?.array?.compactMap(\.string) ?? [] { sources.insert(Self.normalize(p + "/" + m)) }
                }
            }
            var target = Target(name: name, productType: t["productType"]?.string ?? "", line: parsed.lines[id] ?? 1,
                                settings: settings, sources: sources, folders: folders, platforms: platforms)
            target.filtered = filtered
            targets.append(target)
            // A target whose derivation found a problem is derived again each time, so that
            // its problems are said each time.
            if problems.count == problemsBefore {
                readings[id] = Derivation.Reading(target: target, objects: reading.objects, paths: locations.touched ?? [], files: reading.files)
            }
        }
        self.targets = targets
        self.problems = problems
        if let state = locations.state {
            derivation = Derivation(folder: folder, root: rootFields, locations: state, targets: readings, reused: reused, xcconfigs: loaded)
        }
    }

    /// The XCBuildConfiguration dictionaries of an XCConfigurationList, by configuration name.
    /// The value the last of `layers` assigns `key` without a condition, if any does.
    static func assigned(_ key: String, in layers: [SettingsLayer]) -> String? {
        for layer in layers.reversed() {
            if let a = layer.assignments.last(where: { $0.key == key && $0.condition.isEmpty }) { return a.value }
        }
        return nil
    }

    static func configurations(of listID: String?, object: (String) -> [String: PlistValue]?) -> [String: [String: PlistValue]] {
        guard let listID, let ids = object(listID)?["buildConfigurations"]?.array?.compactMap(\.string) else { return [:] }
        var out: [String: [String: PlistValue]] = [:]
        for id in ids {
            guard let c = object(id), let name = c["name"]?.string else { continue }
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

/// Every field compared (folders are tuples, so equality is not synthesised): what a target
/// carried over from a project's version before must equal when derived afresh.
extension XcodeProject.Target: Equatable {
    public static func == (a: Self, b: Self) -> Bool {
        a.name == b.name && a.productType == b.productType && a.line == b.line && a.settings == b.settings
            && a.sources == b.sources && a.platforms == b.platforms && a.excludes == b.excludes && a.extensionPoint == b.extensionPoint
            && a.folders.count == b.folders.count && zip(a.folders, b.folders).allSatisfy { $0.path == $1.path && $0.except == $1.except }
    }
}

/// Paths of file references and groups, from the group tree. Each group's path is resolved
/// once: a large project's files share a few hundred groups. Across versions of a project, the
/// group tree and the resolved paths are carried over and only what the changed objects reach
/// is resolved again.
final class FileLocations {
    let objects: [String: PlistValue]
    let folder: String
    /// Whether the version before's state was carried over (else everything was resolved anew).
    private(set) var incremental = false
    /// Objects whose path may differ from the version before's: the changed objects and
    /// everything under a changed group.
    private(set) var moved: Set<String> = []
    /// While set, the objects whose path is asked for are added to it.
    var touched: Set<String>?
    private var current: State

    /// The group tree and the paths resolved so far.
    struct State: Sendable {
        /// child → the group listing it (the smallest id when several do).
        var parent: [String: String] = [:]
        /// group → its children.
        var children: [String: [String]] = [:]
        /// Resolved paths (before normalising) by id; nil inside when outside the project.
        var resolved: [String: String?] = [:]
        /// A child listed by two groups, or a cycle of groups: then nothing is carried over,
        /// since which parent counts would depend on the order of the work.
        var tangled = false
    }

    /// The state to carry to the next version, or nil when it must not be.
    var state: State? { current.tangled ? nil : current }

    static func isGroup(_ object: PlistValue) -> Bool {
        let isa = object["isa"]?.string ?? ""
        return isa == "PBXGroup" || isa == "PBXVariantGroup" || isa == "XCVersionGroup"
    }

    init(objects: [String: PlistValue], folder: String, previous: State? = nil, changed: Set<String> = []) {
        self.objects = objects
        self.folder = folder
        if var state = previous, !state.tangled {
            // Children of changed groups as they were, then as they are; what lies under them moves.
            var reach: [String] = []
            for id in changed {
                if let old = state.children.removeValue(forKey: id) {
                    for c in old where state.parent[c] == id { state.parent[c] = nil }
                    reach += old
                }
            }
            for id in changed {
                guard let object = objects[id], Self.isGroup(object) else { continue }
                let list = object["children"]?.array?.compactMap(\.string) ?? []
                state.children[id] = list
                for c in list {
                    if let p = state.parent[c], p != id { state.tangled = true }
                    state.parent[c] = id
                }
                reach += list
            }
            var moved = changed
            while let id = reach.popLast() {
                guard moved.insert(id).inserted else { continue }
                reach += state.children[id] ?? []
            }
            for id in moved { state.resolved[id] = nil }
            if !state.tangled {
                current = state
                self.moved = moved
                incremental = true
                return
            }
        }
        current = State()
        for (id, object) in objects where Self.isGroup(object) {
            let list = object["children"]?.array?.compactMap(\.string) ?? []
            current.children[id] = list
            for child in list {
                if let p = current.parent[child] {
                    current.tangled = true
                    if p < id { continue }
                }
                current.parent[child] = id
            }
        }
    }

    /// The path of a file reference or group relative to the scanned root, or nil when it lies
    /// outside the project (absolute, SDK, built products).
    func path(of id: String) -> String? {
        touched?.insert(id)
        return raw(id, depth: 0).map { XcodeProject.normalize(folder.isEmpty ? $0 : folder + "/" + $0) }
    }

    /// The path relative to the project folder, joined but not normalised.
    private func raw(_ id: String, depth: Int) -> String? {
        if let known = current.resolved[id] { return known }
        guard depth < 64 else { current.tangled = true; return "" }
        guard let o = objects[id]?.dict else { return "" }
        let own = o["path"]?.string ?? ""
        let result: String?
        switch o["sourceTree"]?.string ?? "<group>" {
        case "<group>":
            if let p = current.parent[id] {
                result = raw(p, depth: depth + 1).map { base in own.isEmpty ? base : base.isEmpty ? own : base + "/" + own }
            } else {
                result = own
            }
        case "SOURCE_ROOT": result = own
        default: result = nil
        }
        current.resolved[id] = .some(result)
        return result
    }
}

extension String {
    /// Every occurrence of `a`, left to right and not overlapping, replaced by `b` — on bytes
    /// (Foundation's search bridges to NSString; build settings are resolved by the thousand).
    func replacingAll(_ a: String, with b: String) -> String {
        let p = Array(a.utf8)
        guard let first = p.first else { return self }
        let s = Array(utf8)
        guard s.count >= p.count else { return self }
        var out: [UInt8] = []
        var i = 0, copied = 0
        while i <= s.count - p.count {
            if s[i] == first, s[i..<(i + p.count)].elementsEqual(p) {
                out += s[copied..<i]
                out += b.utf8
                i += p.count
                copied = i
            } else {
                i += 1
            }
        }
        guard copied > 0 else { return self }
        out += s[copied...]
        return String(decoding: out, as: UTF8.self)
    }
}

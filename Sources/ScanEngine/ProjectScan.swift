import Foundation
import GitAccess
import ProjectFiles
import RuleKit

/// A file the project model reads: an Xcode project, a property list, a package manifest, a
/// storyboard (only its name matters).
public struct ProjectFile: Sendable {
    public enum Kind: Sendable {
        case xcodeProject, propertyList, packageManifest, storyboard
        /// A build-settings file an Xcode configuration or another xcconfig names.
        case xcconfig
        /// YAML: XcodeGen's `project.yml` and the files it includes.
        case yaml
        /// Tuist's `Project.swift`, read as text.
        case tuistManifest
        /// A Swift file of Tuist's `ProjectDescriptionHelpers`: functions a `Project.swift` calls
        /// to declare its targets (`.app(name:sources:)`).
        case tuistHelper
        /// A CocoaPods `.podspec`: the repository ships library code.
        case podspec
        /// A Cordova plugin's `plugin.xml`: with an iOS platform, the library code it declares.
        case cordovaPlugin

        /// Manifests written in Swift are scanned as sources too.
        public var isAlsoSource: Bool { self == .packageManifest || self == .tuistManifest || self == .tuistHelper }
    }
    public var path: String
    public var kind: Kind
    public let read: @Sendable () throws -> [UInt8]
    /// The blob the bytes come from, in a history: what a memo of its facts is keyed by.
    public var blob: ObjectID?

    public init(path: String, kind: Kind, blob: ObjectID? = nil, read: @escaping @Sendable () throws -> [UInt8]) {
        self.path = path
        self.kind = kind
        self.blob = blob
        self.read = read
    }

    /// The kind of a path, or nil when the project model does not read it.
    public static func kind(of path: String) -> Kind? {
        // On the path's bytes: the listing asks this of every file of a tree.
        let bytes = path.utf8
        let nameStart = bytes.lastIndex(of: UInt8(ascii: "/")).map { bytes.index(after: $0) } ?? bytes.startIndex
        let name = bytes[nameStart...]
        func ends(_ suffix: String) -> Bool {
            let s = suffix.utf8
            return name.count >= s.count && name.suffix(s.count).elementsEqual(s)
        }
        func named(_ exact: String) -> Bool { name.elementsEqual(exact.utf8) }
        if named("project.pbxproj") {
            let folder = path.split(separator: "/").dropLast().last
            return folder?.hasSuffix(".xcodeproj") == true ? .xcodeProject : nil
        }
        if named("Package.swift") { return .packageManifest }
        if named("Project.swift") { return .tuistManifest }
        if ends(".swift"), path.containsBytes("ProjectDescriptionHelpers/") { return .tuistHelper }
        if ends(".plist") { return .propertyList }
        if ends(".storyboard") { return .storyboard }
        if ends(".xcconfig") { return .xcconfig }
        // XcodeGen specs and what they include (any name); not CI or tool settings in hidden folders.
        if ends(".yml") || ends(".yaml"), !path.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { return .yaml }
        if ends(".podspec") || ends(".podspec.json") { return .podspec }
        if named("plugin.xml") { return .cordovaPlugin }
        return nil
    }

    /// A project file whose bytes are already in memory.
    public static func inMemory(path: String, text: String) -> ProjectFile? {
        guard let kind = kind(of: path) else { return nil }
        let bytes = Array(text.utf8)
        return ProjectFile(path: path, kind: kind) { bytes }
    }
}

/// Builds the project model from the repository's project files.
public enum ProjectScan {
    /// Property lists and projects larger than this are not app metadata.
    package static let maximumSize = 16 << 20

    /// What a history carries from one commit's project model to the next, so that a commit
    /// changing a project file re-reads only what changed: each project.pbxproj's objects (by
    /// the file's path) and each property list read (by blob). Holds only what the last model
    /// read, so it never grows past one commit's project files.
    package struct Memo: Sendable {
        var objects: [String: PBXObjectMemo] = [:]
        var plists: [ObjectID: Result<PlistValue, Unreadable>] = [:]

        package init() {}

        /// Why a property list could not be read (the parser's message).
        struct Unreadable: Error, Sendable { var message: String }
    }

    /// A file past `maximumSize` in memory (a blob past it fails to read as `BlobTooLarge`).
    struct Oversized: Error {}

    public static func model(_ files: [ProjectFile], jobs: Int) -> (ProjectModel, [Diagnostic]) {
        var memo: Memo? = nil
        return model(files, jobs: jobs, memo: &memo)
    }

    /// The model, taking what `memo` holds from an earlier commit and leaving this commit's
    /// there. Nil: no memo (a single scan has no earlier version to reuse).
    package static func model(_ files: [ProjectFile], jobs: Int, memo: inout Memo?) -> (ProjectModel, [Diagnostic]) {
        let known = memo
        var next = Memo()
        defer { if memo != nil { memo = next } }
        var diagnostics: [Diagnostic] = []
        let byPath = Dictionary(files.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
        /// The bytes of a file the model reads on demand (xcconfig, included YAML), if small enough.
        let read: @Sendable (String) -> [UInt8]? = { path in
            guard let file = byPath[path], let bytes = try? file.read(), bytes.count <= maximumSize else { return nil }
            return bytes
        }
        let projectFiles = files.filter { $0.kind == .xcodeProject }
        let parsed: [(XcodeProject?, [Diagnostic], PBXObjectMemo?)] = Parallel.map(projectFiles, jobs: jobs) { file in
            var memo = known.map { $0.objects[file.path] ?? PBXObjectMemo() }
            do {
                let bytes = try file.read()
                guard bytes.count <= maximumSize else { return (nil, [Diagnostic(path: file.path, message: "project file larger than 16 MiB; not read")], nil) }
                let project: XcodeProject
                if memo != nil {
                    project = try XcodeProject(path: file.path, bytes: bytes, read: read, memo: &memo!)
                } else {
                    project = try XcodeProject(path: file.path, bytes: bytes, read: read)
                }
                return (project, project.problems.map(Self.diagnostic), memo)
            } catch let e as BlobTooLarge {
                return (nil, [Diagnostic(path: file.path, message: "project file \(e); not read")], nil)
            } catch {
                return (nil, [Diagnostic(path: file.path, message: "malformed project file: \(error)")], nil)
            }
        }
        for (file, result) in zip(projectFiles, parsed) { if let memo = result.2 { next.objects[file.path] = memo } }
        var projects = parsed.compactMap(\.0)
        diagnostics += parsed.flatMap(\.1)
        let described = ProjectManifests.read(files, read: read, diagnostics: &diagnostics)
        projects += described.projects
        let plists = Dictionary(files.filter { $0.kind == .propertyList }.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
        // Xcode on macOS finds `info.plist` when the file is `Info.plist` (a case-insensitive disk:
        // Iterable's `ui-tests-app`): a setting naming no file exactly names the one that matches but for case.
        let plistsFolded = Dictionary(plists.keys.sorted().map { ($0.lowercased(), $0) }, uniquingKeysWith: { a, _ in a })
        /// The path a target's INFOPLIST_FILE names (the file in another case, where only that one is
        /// there), nil when it names none.
        func infoPlistPath(of target: XcodeProject.Target, in project: XcodeProject) -> String? {
            guard let setting = target.settings["INFOPLIST_FILE"], !setting.isEmpty else { return nil }
            let named = project.resolve(settingPath: setting, target: target)
            return plists[named] != nil ? named : plistsFolded[named.lowercased()] ?? named
        }
        /// A property list's value, from the memo when its blob was read before; or, for one the
        /// C preprocessor runs over first, its bytes (what it reads as depends on the target).
        enum PlistRead { case value(PlistValue), preprocessed([UInt8]) }
        func plist(_ file: ProjectFile) throws -> PlistRead {
            if let blob = file.blob, let known = next.plists[blob] ?? known?.plists[blob] {
                next.plists[blob] = known
                return .value(try known.get())
            }
            let bytes = try file.read()
            guard bytes.count <= maximumSize else { throw Oversized() }
            if InfoPlistPreprocessor.hasDirectives(bytes) { return .preprocessed(bytes) }
            let parsed = Result { try PropertyList.parse(bytes) }.mapError { Memo.Unreadable(message: "\($0)") }
            if let blob = file.blob, memo != nil { next.plists[blob] = parsed }
            return .value(try parsed.get())
        }
        /// The facts of the Info.plist at `path`, or why it cannot be read (said as a diagnostic
        /// too). `settings` are the target's: an Info.plist Xcode preprocesses
        /// (`INFOPLIST_PREPROCESS`, or `#if` lines between its elements) is read with its
        /// definitions, once with unknown conditions true and once false.
        func readPlist(_ path: String, settings: [String: String] = [:], project: XcodeProject? = nil) -> Result<InfoPlistFacts, Memo.Unreadable>? {
            guard let file = plists[path] else { return nil }
            func unreadable(_ message: String) -> Result<InfoPlistFacts, Memo.Unreadable> {
                diagnostics.append(Diagnostic(path: path, message: message))
                return .failure(Memo.Unreadable(message: message))
            }
            do {
                switch try plist(file) {
                case .value(let value):
                    return .success(InfoPlistFacts(plist: value))
                case .preprocessed(let bytes):
                    let facts = try preprocessed(bytes, settings: settings, project: project).map { InfoPlistFacts(plist: try PropertyList.parse($0)) }
                    return .success(facts.dropFirst().reduce(facts[0]) { $0.union($1) })
                }
            } catch is Oversized {
                return unreadable("property list larger than 16 MiB; not read")
            } catch let e as BlobTooLarge {
                return unreadable("property list \(e); not read")
            } catch let e as Memo.Unreadable {
                return unreadable("malformed property list: \(e.message)")
            } catch {
                return unreadable("malformed property list: \(error)")
            }
        }
        /// A preprocessed Info.plist's two readings, over the target's definitions and prefix header.
        func preprocessed(_ bytes: [UInt8], settings: [String: String], project: XcodeProject?) -> [[UInt8]] {
            var (definitions, complete) = InfoPlistPreprocessor.definitions(settings["INFOPLIST_PREPROCESSOR_DEFINITIONS"])
            if let header = settings["INFOPLIST_PREFIX_HEADER"], !header.isEmpty {
                let path = project.map { XcodeProject.normalize($0.folder.isEmpty ? header : $0.folder + "/" + header) } ?? header
                if let text = read(path), !header.contains("$(") {
                    for line in text.split(separator: 10) {
                        let t = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespaces)
                        guard t.hasPrefix("#define ") else { continue }
                        let parts = t.dropFirst(8).split(separator: " ", maxSplits: 1)
                        if let name = parts.first { definitions[String(name)] = parts.count > 1 ? String(parts[1]) : "1" }
                    }
                } else {
                    complete = false
                }
            }
            guard let r = InfoPlistPreprocessor.readings(bytes, definitions: definitions, complete: complete) else { return [bytes] }
            return r.unknown ? [r.whenTrue, r.whenFalse] : [r.whenTrue]
        }
        var apps: [ProjectModel.App] = []
        var targets: [XcodeProject.Target] = []
        for project in projects {
            for declared in project.targets {
                // Targets are known by project and name (`TargetID`): 31 `Sample`s in a library's
                // example projects are 31 targets.
                var target = declared
                target.project = project.path.hasSuffix("/project.pbxproj") ? String(project.path.dropLast("/project.pbxproj".count)) : project.path
                // An extension's point (a widget, a notification's content): read quietly, as no rule judges its plist.
                if target.kind == .appExtension, let file = infoPlistPath(of: target, in: project).flatMap({ plists[$0] }),
                   case .value(let value)? = try? plist(file) {
                    target.extensionPoint = value.dict?["NSExtension"]?.dict?["NSExtensionPointIdentifier"]?.string
                }
                targets.append(target)
                // UIKit apps: iOS, Mac Catalyst, visionOS and tvOS; macOS AppKit and watchOS apps are out.
                guard target.isApplication, !target.platforms.isDisjoint(with: Platform.uiKit) else { continue }
                var facts = InfoPlistFacts()
                var plistPath: String? = nil
                var unreadable: String? = nil
                let generates = PlistValue.string(target.settings["GENERATE_INFOPLIST_FILE"] ?? "").bool == true
                if let path = infoPlistPath(of: target, in: project) {
                    switch readPlist(path, settings: target.settings, project: project) {
                    case .success(let read)?:
                        facts = read
                        plistPath = path
                    case .failure(let problem)?:
                        plistPath = path
                        unreadable = "\(path): \(problem.message)"
                    case nil:
                        let message = "target \(target.name): INFOPLIST_FILE \(path) is not in the repository"
                        diagnostics.append(Diagnostic(path: project.path, message: message))
                        if !generates { unreadable = "Info.plist \(path) is not in the repository" }
                    }
                }
                // XcodeGen `info.properties` and Tuist's Info.plist dictionaries are the keys the
                // generated file will have, over those of a file already there.
                if let generated = described.generatedInfo[ProjectManifests.Described.key(project.path, target.name)] {
                    var merged: [String: PlistValue] = [:]
                    if let file = plistPath.flatMap({ plists[$0] }), case .value(let value)? = try? plist(file) { merged = value.dict ?? [:] }
                    for (k, v) in generated.dict ?? [:] { merged[k] = v }
                    facts = InfoPlistFacts(plist: .dict(merged))
                    if plistPath == nil { diagnostics.removeAll { $0.path == project.path && $0.message.hasPrefix("target \(target.name): INFOPLIST_FILE") } }
                    unreadable = nil
                }
                if generates { facts.merge(generated: target.settings) }
                let family = target.settings["TARGETED_DEVICE_FAMILY"] ?? ""
                apps.append(ProjectModel.App(name: target.name, infoPlistPath: plistPath, projectPath: project.path, projectLine: target.line,
                                             facts: facts, runsOnIPad: family.split(separator: ",").contains { $0.trimmingCharacters(in: .whitespaces) == "2" } || facts.iPadOrientations != nil,
                                             deploymentTarget: target.deploymentTarget, target: target, platforms: target.platforms,
                                             unreadable: unreadable))
            }
        }
        // Project files that could not be read: what their targets are is unknown.
        var unreadableProjects: [String: String] = [:]
        for (file, result) in zip(projectFiles, parsed) where result.0 == nil {
            unreadableProjects[file.path] = result.1.first.map { "\($0.path): \($0.message)" } ?? "\(file.path): not read"
        }
        for path in described.unreadPaths { unreadableProjects[path] = "\(path): the XcodeGen spec could not be read" }
        // Without any project file, app-like Info.plists stand for the apps (unknown ones when a
        // project file that might say otherwise could not be read).
        if projects.isEmpty {
            for path in plists.keys.sorted() where isInfoPlistName(path) {
                guard case .success(let facts)? = readPlist(path), facts.looksLikeApp else { continue }
                let folder = path.split(separator: "/").dropLast().last.map(String.init) ?? "(root)"
                apps.append(ProjectModel.App(name: folder, infoPlistPath: path, projectPath: nil, projectLine: 1, facts: facts,
                                             runsOnIPad: facts.iPadOrientations != nil, deploymentTarget: nil, target: nil,
                                             unreadable: unreadableProjects.values.sorted().first))
            }
        }
        var packages: [ProjectModel.Package] = []
        for file in files where file.kind == .packageManifest {
            guard let bytes = try? file.read(), bytes.count <= maximumSize else { continue }
            let folder = file.path.split(separator: "/").dropLast().joined(separator: "/")
            let text = String(decoding: bytes, as: UTF8.self)
            let declared = PackageManifest.targets(text)
            func inPackage(_ f: String) -> String { XcodeProject.normalize(folder.isEmpty ? f : folder + "/" + f) }
            let named = PackageManifest.platforms(text)
            packages.append(ProjectModel.Package(folder: folder, iOS: PackageManifest.iOSVersion(text),
                                                 targets: declared.map { .init(name: $0.name, folder: inPackage($0.folder), isTest: $0.isTest, sources: $0.sources) },
                                                 platforms: named.isEmpty ? Set(Platform.allCases) : named))
        }
        let storyboards = Set(files.filter { $0.kind == .storyboard }.compactMap { f in
            f.path.split(separator: "/").last.map { String($0.dropLast(".storyboard".count)) }
        })
        // A file every target includes is one diagnostic, not one per target.
        var seen: Set<Diagnostic> = []
        diagnostics = diagnostics.filter { seen.insert($0).inserted }
        let specs = files.filter { $0.kind == .podspec && !Podspec.isArchived($0.path) }.map { (file: $0, folder: $0.path.split(separator: "/").dropLast().joined(separator: "/")) }
        var model = ProjectModel(apps: apps, targets: targets, packages: packages, storyboards: storyboards)
        // Each spec's `source_files`, from the repository's root.
        model.pods = specs.map { spec in
            let id = TargetID(project: spec.file.path, name: Podspec.name(ofSpecAt: spec.file.path))
            guard let bytes = try? spec.file.read(), bytes.count <= maximumSize else { return ProjectModel.Pod(id: id, sources: [], platforms: []) }
            let sources = Podspec.sourceFiles(bytes).map { pattern in
                let relative = pattern.hasPrefix("./") ? String(pattern.dropFirst(2)) : pattern
                return spec.folder.isEmpty ? relative : spec.folder + "/" + relative
            }
            return ProjectModel.Pod(id: id, sources: sources, platforms: Podspec.platforms(bytes))
        }
        // A Cordova plugin ships its iOS sources to every app that adds it, as a pod does.
        model.pods += files.filter { $0.kind == .cordovaPlugin }.compactMap { file in
            guard let bytes = try? file.read(), bytes.count <= maximumSize, let sources = CordovaPlugin.iosSources(bytes) else { return nil }
            let folder = file.path.split(separator: "/").dropLast().joined(separator: "/")
            let name = CordovaPlugin.id(bytes) ?? (folder.split(separator: "/").last.map(String.init) ?? "plugin")
            return ProjectModel.Pod(id: TargetID(project: file.path, name: name),
                                    sources: sources.map { folder.isEmpty ? $0 : folder + "/" + $0 }, platforms: [.iOS])
        }
        model.everyProjectRead = parsed.allSatisfy { $0.0 != nil } && described.unread == 0
        model.unreadableProjects = unreadableProjects
        return (model, diagnostics)
    }

    /// `path:line: message` as a diagnostic on `path`.
    static func diagnostic(_ problem: String) -> Diagnostic {
        let parts = problem.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, Int(parts[1]) != nil else { return Diagnostic(path: "", message: problem) }
        return Diagnostic(path: String(parts[0]), message: "line \(parts[1]):\(parts[2])")
    }

    static func isInfoPlistName(_ path: String) -> Bool {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return name == "Info.plist" || name.hasSuffix("-Info.plist")
    }
}

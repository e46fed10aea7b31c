import Foundation
import ProjectFiles
import RuleKit

/// A file the project model reads: an Xcode project, a property list, a package manifest, a
/// storyboard (only its name matters).
public struct ProjectFile: Sendable {
    public enum Kind: Sendable {
        case xcodeProject, propertyList, packageManifest, storyboard
    }
    public var path: String
    public var kind: Kind
    public let read: @Sendable () throws -> [UInt8]

    public init(path: String, kind: Kind, read: @escaping @Sendable () throws -> [UInt8]) {
        self.path = path
        self.kind = kind
        self.read = read
    }

    /// The kind of a path, or nil when the project model does not read it.
    public static func kind(of path: String) -> Kind? {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        if name == "project.pbxproj", path.split(separator: "/").dropLast().last?.hasSuffix(".xcodeproj") == true { return .xcodeProject }
        if name == "Package.swift" { return .packageManifest }
        if name.hasSuffix(".plist") { return .propertyList }
        if name.hasSuffix(".storyboard") { return .storyboard }
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
    static let maximumSize = 16 << 20

    public static func model(_ files: [ProjectFile], jobs: Int) -> (ProjectModel, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        let projectFiles = files.filter { $0.kind == .xcodeProject }
        let parsed: [(XcodeProject?, Diagnostic?)] = Parallel.map(projectFiles, jobs: jobs) { file in
            do {
                let bytes = try file.read()
                guard bytes.count <= maximumSize else { return (nil, Diagnostic(path: file.path, message: "project file larger than 16 MiB; not read")) }
                return (try XcodeProject(path: file.path, bytes: bytes), nil)
            } catch {
                return (nil, Diagnostic(path: file.path, message: "malformed project file: \(error)"))
            }
        }
        let projects = parsed.compactMap(\.0)
        diagnostics += parsed.compactMap(\.1)
        let plists = Dictionary(files.filter { $0.kind == .propertyList }.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
        func readPlist(_ path: String) -> InfoPlistFacts? {
            guard let file = plists[path] else { return nil }
            do {
                let bytes = try file.read()
                guard bytes.count <= maximumSize else {
                    diagnostics.append(Diagnostic(path: path, message: "property list larger than 16 MiB; not read"))
                    return nil
                }
                return InfoPlistFacts(plist: try PropertyList.parse(bytes))
            } catch {
                diagnostics.append(Diagnostic(path: path, message: "malformed property list: \(error)"))
                return nil
            }
        }
        var apps: [ProjectModel.App] = []
        var targets: [XcodeProject.Target] = []
        for project in projects {
            for target in project.targets where target.isIOS {
                targets.append(target)
                guard target.isApplication else { continue }
                var facts = InfoPlistFacts()
                var plistPath: String? = nil
                if let setting = target.settings["INFOPLIST_FILE"], !setting.isEmpty {
                    let path = project.resolve(settingPath: setting, target: target)
                    if let read = readPlist(path) {
                        facts = read
                        plistPath = path
                    } else if plists[path] == nil {
                        diagnostics.append(Diagnostic(path: project.path, message: "target \(target.name): INFOPLIST_FILE \(path) is not in the repository"))
                    }
                }
                if PlistValue.string(target.settings["GENERATE_INFOPLIST_FILE"] ?? "").bool == true { facts.merge(generated: target.settings) }
                let family = target.settings["TARGETED_DEVICE_FAMILY"] ?? ""
                apps.append(ProjectModel.App(name: target.name, infoPlistPath: plistPath, projectPath: project.path, projectLine: target.line,
                                             facts: facts, runsOnIPad: family.split(separator: ",").contains { $0.trimmingCharacters(in: .whitespaces) == "2" } || facts.iPadOrientations != nil,
                                             deploymentTarget: target.deploymentTarget, target: target))
            }
        }
        // Without any project file, app-like Info.plists stand for the apps.
        if projects.isEmpty {
            for path in plists.keys.sorted() where isInfoPlistName(path) {
                guard let facts = readPlist(path), facts.looksLikeApp else { continue }
                let folder = path.split(separator: "/").dropLast().last.map(String.init) ?? "(root)"
                apps.append(ProjectModel.App(name: folder, infoPlistPath: path, projectPath: nil, projectLine: 1, facts: facts,
                                             runsOnIPad: facts.iPadOrientations != nil, deploymentTarget: nil, target: nil))
            }
        }
        var packages: [ProjectModel.Package] = []
        for file in files where file.kind == .packageManifest {
            guard let bytes = try? file.read(), bytes.count <= maximumSize else { continue }
            let folder = file.path.split(separator: "/").dropLast().joined(separator: "/")
            packages.append(ProjectModel.Package(folder: folder, iOS: PackageManifest.iOSVersion(String(decoding: bytes, as: UTF8.self))))
        }
        let storyboards = Set(files.filter { $0.kind == .storyboard }.compactMap { f in
            f.path.split(separator: "/").last.map { String($0.dropLast(".storyboard".count)) }
        })
        return (ProjectModel(apps: apps, targets: targets, packages: packages, storyboards: storyboards), diagnostics)
    }

    static func isInfoPlistName(_ path: String) -> Bool {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return name == "Info.plist" || name.hasSuffix("-Info.plist")
    }
}

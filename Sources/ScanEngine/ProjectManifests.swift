import ProjectFiles
import RuleKit

/// Project manifests other than Xcode projects: XcodeGen's `project.yml` and Tuist's
/// `Project.swift`, read (never executed) into the same target model.
enum ProjectManifests {
    /// What the manifests describe: their projects, and the Info.plist keys some targets
    /// generate (XcodeGen `info.properties`), by project path and target name.
    struct Described {
        var projects: [XcodeProject] = []
        var generatedInfo: [String: PlistValue] = [:]
        /// Specs that could not be read at all.
        var unread: Int { unreadPaths.count }
        var unreadPaths: [String] = []

        static func key(_ project: String, _ target: String) -> String { project + "\u{0}" + target }
    }

    static func read(_ files: [ProjectFile], read: (String) -> [UInt8]?, diagnostics: inout [Diagnostic]) -> Described {
        var out = Described()
        for file in files where file.kind == .yaml {
            let name = file.path.split(separator: "/").last ?? ""
            guard name == "project.yml" || name == "project.yaml" else { continue }
            var problems: [String] = []
            if let spec = XcodeGenSpec.read(file.path, read: read, problems: &problems) {
                out.projects.append(spec.project)
                for (target, info) in spec.generatedInfo { out.generatedInfo[Described.key(spec.project.path, target)] = info }
            } else {
                out.unreadPaths.append(file.path)
            }
            diagnostics += problems.map(ProjectScan.diagnostic)
        }
        // Tuist's helpers, by the folder whose `Tuist/` holds them: they serve every manifest under it.
        var helpers: [(root: String, text: String)] = []
        for file in files where file.kind == .tuistHelper {
            guard let bytes = read(file.path), let r = file.path.range(of: "Tuist/ProjectDescriptionHelpers/") else { continue }
            helpers.append((String(file.path[..<r.lowerBound]), String(decoding: bytes, as: UTF8.self)))
        }
        for file in files where file.kind == .tuistManifest {
            guard let bytes = read(file.path) else { continue }
            var problems: [String] = []
            let serving = helpers.filter { file.path.hasPrefix($0.root) }.map(\.text)
            let manifest = TuistManifest.read(file.path, text: String(decoding: bytes, as: UTF8.self), helpers: serving, problems: &problems)
            out.projects.append(manifest.project)
            for (target, info) in manifest.generatedInfo { out.generatedInfo[Described.key(manifest.project.path, target)] = info }
            diagnostics += problems.map(ProjectScan.diagnostic)
        }
        return out
    }
}

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
        for file in files where file.kind == .tuistManifest {
            guard let bytes = read(file.path) else { continue }
            var problems: [String] = []
            let manifest = TuistManifest.read(file.path, text: String(decoding: bytes, as: UTF8.self), problems: &problems)
            out.projects.append(manifest.project)
            for (target, info) in manifest.generatedInfo { out.generatedInfo[Described.key(manifest.project.path, target)] = info }
            diagnostics += problems.map(ProjectScan.diagnostic)
        }
        return out
    }
}

import ProjectFiles
import RuleKit

/// Project manifests other than Xcode projects: XcodeGen's `project.yml` and Tuist's
/// `Project.swift`, read (never executed) into the same target model.
enum ProjectManifests {
    static func xcodeGen(_ files: [ProjectFile], read: (String) -> [UInt8]?, diagnostics: inout [Diagnostic]) -> [XcodeProject] {
        []
    }

    static func tuist(_ files: [ProjectFile], read: (String) -> [UInt8]?, diagnostics: inout [Diagnostic]) -> [XcodeProject] {
        []
    }
}

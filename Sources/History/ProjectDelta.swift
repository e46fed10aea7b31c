import ProjectFiles
import RuleKit

/// Which files a change of the project model can recount: a commit that adds a file to a
/// target changes that target's sources and nothing else a file's count reads (its owners,
/// scopes, platforms, deployment targets — all from targets, apps and packages), so only the
/// files that joined or left a target are counted again, not every file of the repository.
enum ProjectDelta {
    /// The paths whose membership differs between `old` and `new` when nothing else a count
    /// reads differs; nil when something else does (then every file is counted again).
    static func movedSources(from old: ProjectModel, to new: ProjectModel) -> Set<String>? {
        guard old.targets.count == new.targets.count, old.apps.count == new.apps.count,
              old.storyboards == new.storyboards, old.pods == new.pods,
              old.everyProjectRead == new.everyProjectRead, old.unreadableProjects == new.unreadableProjects,
              old.packages.count == new.packages.count else { return nil }
        for (a, b) in zip(old.packages, new.packages) {
            guard a.folder == b.folder, a.iOS == b.iOS, a.targets == b.targets, a.platforms == b.platforms else { return nil }
        }
        for (a, b) in zip(old.apps, new.apps) {
            guard a.name == b.name, a.infoPlistPath == b.infoPlistPath, a.projectPath == b.projectPath, a.facts == b.facts,
                  a.runsOnIPad == b.runsOnIPad, a.deploymentTarget == b.deploymentTarget, a.platforms == b.platforms, a.unreadable == b.unreadable,
                  (a.target == nil) == (b.target == nil) else { return nil }
        }
        var moved: Set<String> = []
        for (a, b) in zip(old.targets, new.targets) {
            guard sameOutsideSources(a, b) else { return nil }
            if a.sources != b.sources { moved.formUnion(a.sources.symmetricDifference(b.sources)) }
        }
        return moved
    }

    /// Everything of a target but its source list (and its line, which only the project file's
    /// own findings carry).
    static func sameOutsideSources(_ a: XcodeProject.Target, _ b: XcodeProject.Target) -> Bool {
        var a = a
        a.sources = b.sources
        a.line = b.line
        return a == b
    }
}

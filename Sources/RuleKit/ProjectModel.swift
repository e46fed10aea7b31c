import ProjectFiles

/// What the repository's project files say: its iOS app targets and what their Info.plists
/// declare, which sources each target compiles, Swift packages' platforms, storyboards.
public struct ProjectModel: Sendable {
    /// An iOS application target (or, without any project file, an app-like Info.plist).
    public struct App: Sendable {
        public var name: String
        /// The Info.plist file, when the target has one that exists.
        public var infoPlistPath: String?
        /// The project.pbxproj that declares the target, if any.
        public var projectPath: String?
        /// Line of the target's object in the pbxproj.
        public var projectLine: Int
        /// The file's facts merged with the generated (`INFOPLIST_KEY_*`) ones.
        public var facts: InfoPlistFacts
        public var runsOnIPad: Bool
        public var deploymentTarget: OSVersion?
        /// The target, when a project declares it (nil for a plist-only app).
        public var target: XcodeProject.Target?

        /// Where findings about the app go: the Info.plist's first line, else the target's line.
        public var location: (path: String, line: Int) {
            if let p = infoPlistPath { return (p, 1) }
            return (projectPath ?? "", projectLine)
        }

        /// Whether the app compiles `path`; without a project, every source belongs to it.
        public func compiles(_ path: String) -> Bool { target?.contains(path) ?? true }

        public init(name: String, infoPlistPath: String?, projectPath: String?, projectLine: Int, facts: InfoPlistFacts,
                    runsOnIPad: Bool, deploymentTarget: OSVersion?, target: XcodeProject.Target?) {
            self.name = name
            self.infoPlistPath = infoPlistPath
            self.projectPath = projectPath
            self.projectLine = projectLine
            self.facts = facts
            self.runsOnIPad = runsOnIPad
            self.deploymentTarget = deploymentTarget
            self.target = target
        }
    }

    public struct Package: Sendable {
        /// The folder holding Package.swift ("" at the root).
        public var folder: String
        public var iOS: OSVersion?

        public init(folder: String, iOS: OSVersion?) {
            self.folder = folder
            self.iOS = iOS
        }
    }

    public var apps: [App] = []
    /// Every iOS target of every project (apps, frameworks, extensions, tests).
    public var targets: [XcodeProject.Target] = []
    public var packages: [Package] = []
    /// Storyboard names (without extension) anywhere in the repository.
    public var storyboards: Set<String> = []

    public init() {}

    public init(apps: [App], targets: [XcodeProject.Target], packages: [Package], storyboards: Set<String>) {
        self.apps = apps
        self.targets = targets
        self.packages = packages
        self.storyboards = storyboards
    }

    /// Whether any project file maps sources to targets.
    public var mapsSources: Bool { !targets.isEmpty }

    /// Whether an app declares `UIApplicationSupportsMultipleScenes = true`.
    public var declaresMultipleScenes: Bool { apps.contains { $0.facts.supportsMultipleScenes == true } }

    /// The iOS deployment target that applies to a source file: the lowest of the targets that
    /// compile it, else its Swift package's, else the lowest in the repository; nil when none
    /// is known.
    public func deploymentTarget(for path: String) -> OSVersion? {
        let owning = targets.filter { $0.contains(path) }.compactMap(\.deploymentTarget)
        if let lowest = owning.min() { return lowest }
        let package = packages.filter { $0.folder.isEmpty || path.hasPrefix($0.folder + "/") }.max { $0.folder.count < $1.folder.count }
        if let p = package, let v = p.iOS { return v }
        return (targets.compactMap(\.deploymentTarget) + packages.compactMap(\.iOS)).min()
    }
}

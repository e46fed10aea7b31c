import ProjectFiles

/// What the repository's project files say: its targets (Xcode projects, XcodeGen and Tuist
/// manifests), which sources each compiles and for which platforms, each app's Info.plist,
/// Swift packages' platforms and targets, storyboards.
public struct ProjectModel: Sendable {
    /// A UIKit application target (or, without any project file, an app-like Info.plist).
    public struct App: Sendable {
        public var name: String
        /// The Info.plist file, when the target has one that exists.
        public var infoPlistPath: String?
        /// The project file that declares the target, if any.
        public var projectPath: String?
        /// Line of the target's declaration in the project file.
        public var projectLine: Int
        /// The file's facts merged with the generated (`INFOPLIST_KEY_*`) ones.
        public var facts: InfoPlistFacts
        public var runsOnIPad: Bool
        public var deploymentTarget: OSVersion?
        /// The target, when a project declares it (nil for a plist-only app).
        public var target: XcodeProject.Target?
        /// The platforms it builds for; a plist-only app is taken for an iOS app.
        public var platforms: Set<Platform>

        /// Where findings about the app go: the Info.plist's first line, else the target's line.
        public var location: (path: String, line: Int) {
            if let p = infoPlistPath { return (p, 1) }
            return (projectPath ?? "", projectLine)
        }

        /// Whether the app compiles `path`; without a project, every source belongs to it.
        public func compiles(_ path: String) -> Bool { target?.contains(path) ?? true }

        /// An iOS (iPhone/iPad) app: launch-screen and iPad-orientation rules apply.
        public var isIOS: Bool { platforms.contains(.iOS) }

        public init(name: String, infoPlistPath: String?, projectPath: String?, projectLine: Int, facts: InfoPlistFacts,
                    runsOnIPad: Bool, deploymentTarget: OSVersion?, target: XcodeProject.Target?, platforms: Set<Platform> = [.iOS]) {
            self.name = name
            self.infoPlistPath = infoPlistPath
            self.projectPath = projectPath
            self.projectLine = projectLine
            self.facts = facts
            self.runsOnIPad = runsOnIPad
            self.deploymentTarget = deploymentTarget
            self.target = target
            self.platforms = platforms
        }
    }

    public struct Package: Sendable {
        /// The folder holding Package.swift ("" at the root).
        public var folder: String
        public var iOS: OSVersion?
        /// Folders of the package's `.target`s (library code) and `.testTarget`s, relative to
        /// the scanned root.
        public var libraryFolders: [String]
        public var testFolders: [String]

        public init(folder: String, iOS: OSVersion?, libraryFolders: [String] = [], testFolders: [String] = []) {
            self.folder = folder
            self.iOS = iOS
            self.libraryFolders = libraryFolders
            self.testFolders = testFolders
        }
    }

    public var apps: [App] = []
    /// Every target of every project, whatever its platform (apps, frameworks, extensions, tests).
    public var targets: [XcodeProject.Target] = []
    public var packages: [Package] = []
    /// Storyboard names (without extension) anywhere in the repository.
    public var storyboards: Set<String> = []
    /// Whether a `.podspec` ships library code from this repository.
    public var hasPodspec = false

    public init() {}

    public init(apps: [App], targets: [XcodeProject.Target], packages: [Package], storyboards: Set<String>, hasPodspec: Bool = false) {
        self.apps = apps
        self.targets = targets
        self.packages = packages
        self.storyboards = storyboards
        self.hasPodspec = hasPodspec
    }

    /// Whether any project file maps sources to targets.
    public var mapsSources: Bool { !targets.isEmpty }

    /// Whether an app declares `UIApplicationSupportsMultipleScenes = true`.
    public var declaresMultipleScenes: Bool { apps.contains { $0.facts.supportsMultipleScenes == true } }

    /// Indexes (into `targets`) of the targets that compile `path`: worked out once per file and
    /// handed to the questions below, since membership is globs and folders for every target.
    public func owners(of path: String) -> [Int] { targets.indices.filter { targets[$0].contains(path) } }

    /// The iOS deployment target that applies to a source file: the lowest of the iOS targets
    /// that compile it, else its Swift package's, else the lowest in the repository; nil when
    /// none is known.
    public func deploymentTarget(for path: String, owners: [Int]? = nil) -> OSVersion? {
        let owning = (owners ?? self.owners(of: path)).map { targets[$0] }.filter(\.isIOS).compactMap(\.deploymentTarget)
        if let lowest = owning.min() { return lowest }
        let package = packages.filter { $0.folder.isEmpty || path.hasPrefix($0.folder + "/") }.max { $0.folder.count < $1.folder.count }
        if let p = package, let v = p.iOS { return v }
        return (targets.filter(\.isIOS).compactMap(\.deploymentTarget) + packages.compactMap(\.iOS)).min()
    }

    /// Whether code in `path` is judged by rules of `platforms`: false only when every target
    /// that compiles it builds for platforms those rules leave out (tvOS, watchOS or macOS alone
    /// for the resizing rules; watchOS or macOS for scene adoption).
    public func compiles(_ path: String, for platforms: RulePlatforms, owners: [Int]? = nil) -> Bool {
        let owning = owners ?? self.owners(of: path)
        return owning.isEmpty || owning.contains { platforms.judges(targets[$0].platforms) }
    }
}

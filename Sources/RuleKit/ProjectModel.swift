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
        /// Why its Info.plist could not be read (malformed, missing, too large), when it could
        /// not: nothing is then said of its keys, and its stage is unknown.
        public var unreadable: String?

        /// Where findings about the app go: the Info.plist's first line, else the target's line.
        public var location: (path: String, line: Int) {
            if let p = infoPlistPath { return (p, 1) }
            return (projectPath ?? "", projectLine)
        }

        /// Its identity: its target's, or, for a plist-only app, its name alone.
        public var id: TargetID { target?.id ?? TargetID(project: nil, name: name) }

        /// Whether the app compiles `path`; without a project, every source belongs to it.
        public func compiles(_ path: String) -> Bool { target?.contains(path) ?? true }

        /// An iOS (iPhone/iPad) app: launch-screen and iPad-orientation rules apply.
        public var isIOS: Bool { platforms.contains(.iOS) }

        public init(name: String, infoPlistPath: String?, projectPath: String?, projectLine: Int, facts: InfoPlistFacts,
                    runsOnIPad: Bool, deploymentTarget: OSVersion?, target: XcodeProject.Target?, platforms: Set<Platform> = [.iOS],
                    unreadable: String? = nil) {
            self.unreadable = unreadable
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
        /// Its `.target`s and `.testTarget`s, with folders relative to the scanned root.
        public var targets: [Target]
        /// The platforms its manifest names (every Apple platform when it names none).
        public var platforms: Set<Platform>

        /// A `.target` / `.testTarget`, its folder relative to the scanned root.
        public typealias Target = PackageManifest.TargetDeclaration

        /// Its manifest, as targets name their project: `Package.swift`, `Kit/Package.swift`.
        public var manifest: String { folder.isEmpty ? "Package.swift" : folder + "/Package.swift" }

        /// The identity of one of its targets.
        public func id(of target: Target) -> TargetID { TargetID(project: manifest, name: target.name) }

        /// Folders of the package's library (non-test) targets.
        public var libraryFolders: [String] { targets.filter { !$0.isTest }.flatMap(\.roots) }
        public var testFolders: [String] { targets.filter(\.isTest).flatMap(\.roots) }

        public init(folder: String, iOS: OSVersion?, targets: [Target] = [], platforms: Set<Platform> = Set(Platform.allCases)) {
            self.folder = folder
            self.iOS = iOS
            self.targets = targets
            self.platforms = platforms
        }
    }

    public var apps: [App] = []
    /// The apps whose Info.plist could be read: the ones the Info.plist rules judge.
    public var readableApps: [App] { apps.filter { $0.unreadable == nil } }
    /// Every target of every project, whatever its platform (apps, frameworks, extensions, tests).
    public var targets: [XcodeProject.Target] = [] { didSet { foldedOwners = Self.foldedOwners(targets) } }
    /// The targets naming each source, by its path in lower case (`owners(of:)`).
    private var foldedOwners: [String: [Int]] = [:]

    static func foldedOwners(_ targets: [XcodeProject.Target]) -> [String: [Int]] {
        var out: [String: [Int]] = [:]
        for (i, t) in targets.enumerated() {
            for source in t.sources { out[source.lowercased(), default: []].append(i) }
        }
        return out
    }
    public var packages: [Package] = []
    /// Storyboard names (without extension) anywhere in the repository.
    public var storyboards: Set<String> = []
    /// Whether a `.podspec` ships library code from this repository.
    public var hasPodspec: Bool { !podspecFolders.isEmpty }
    /// The folders holding `.podspec` files ("" at the root): a pod's sources lie under its spec.
    public private(set) var podspecFolders: [String] = []
    /// What the podspecs ship (`source_files`), as patterns from the repository's root
    /// (`PathPattern`): library code, whichever target of the repository compiles it.
    public private(set) var podspecSources: [String] = []

    /// What podspecs at the repository's root ship: the library the repository is about, when
    /// it is one (a podspec in a subfolder may be an app's own local pod).
    public private(set) var rootPodspecSources: [String] = []

    /// The repository's CocoaPods specs, each the library it ships: one entry of the repository's
    /// targets, though no project may build it alone (a pod whose only project is its demo app).
    /// The three lists above are made from them, once, for the per-file questions that read them.
    public var pods: [Pod] = [] {
        didSet {
            podspecFolders = pods.map(\.folder)
            // A pod of the tests' helpers (Datadog's `TestUtilities.podspec`) ships no library code.
            podspecSources = pods.filter { !Self.namedAsTestSupport($0.id.name) }.flatMap(\.sources)
            rootPodspecSources = pods.filter { $0.folder.isEmpty }.flatMap(\.sources)
        }
    }

    /// A target (or pod) of the tests' helpers and mocks: `TestUtilities`, `KitTestSupport`,
    /// `TestHelpers`, `TestUtils`. It runs in tests only, whatever its product.
    public static func namedAsTestSupport<S: StringProtocol>(_ name: S) -> Bool {
        let lower = name.lowercased()
        return ["testutil", "testsupport", "testhelper"].contains { lower.contains($0) }
    }

    /// The pods that are targets of their own: those no library target or Swift package target of
    /// the same name stands for already.
    public var targetPods: [Pod] {
        pods.filter { pod in
            !targets.contains { $0.kind.isLibrary && $0.name == pod.id.name }
                && !packages.contains { $0.targets.contains { !$0.isTest && $0.name == pod.id.name } }
        }
    }

    /// A `.podspec` (or `.podspec.json`) of the repository and what it ships.
    public struct Pod: Sendable, Equatable {
        /// The spec's path as the project and the pod's name (its file name) as the name.
        public var id: TargetID
        /// Its `source_files`, as patterns from the repository's root; empty when they cannot be
        /// known without running Ruby (`"#{s.name}/**/*"`).
        public var sources: [String]
        /// The platforms it names; empty when it names none (CocoaPods builds it for all).
        public var platforms: Set<Platform>

        public init(id: TargetID, sources: [String], platforms: Set<Platform>) {
            self.id = id
            self.sources = sources
            self.platforms = platforms
        }

        /// Whether the pod ships `path`.
        public func ships(_ path: String) -> Bool { sources.contains { PathPattern.matches($0, path) } }

        /// The folder holding the spec ("" at the root).
        public var folder: String { (id.project ?? "").split(separator: "/").dropLast().joined(separator: "/") }
    }

    /// Whether a podspec ships `path`.
    public func isShippedByPodspec(_ path: String) -> Bool { podspecSources.contains { PathPattern.matches($0, path) } }

    /// Whether `path` is the code of a library the repository's root declares: a root podspec's
    /// `source_files`, or a library target of the root Package.swift.
    public func isRootLibraryCode(_ path: String) -> Bool {
        rootPodspecSources.contains { PathPattern.matches($0, path) }
            || packages.contains { $0.folder.isEmpty && $0.libraryFolders.contains { path.hasPrefix($0 + "/") } }
    }

    /// Every target's identity: the projects' targets, the Swift packages' targets, the apps
    /// only an Info.plist stands for and the pods.
    public var targetIDs: [TargetID] {
        targets.map(\.id) + packages.flatMap { p in p.targets.map(p.id(of:)) } + apps.filter { $0.target == nil }.map(\.id) + targetPods.map(\.id)
    }

    /// How the repository's targets are named in messages and reports (`TargetNames`).
    public var targetNames: TargetNames { TargetNames(targetIDs) }
    /// Whether every project file could be read: only then is a source no target compiles
    /// known to be built by none.
    public var everyProjectRead = true
    /// Project files that could not be read, each with why: the targets they declare are
    /// unknown, so nothing is said of them and the repository's stage is at best unknown.
    public var unreadableProjects: [String: String] = [:]

    /// Whether `path` is a source no target builds: the repository's projects list their
    /// sources (and all were read), no Swift package target holds it and no podspec beside
    /// or above it may compile it. Headers are left out (targets include them without compiling them).
    public func isUnbuilt(_ path: String, owners: [Int]) -> Bool {
        guard owners.isEmpty else { return false }
        // A documentation catalog's code listings are DocC's, wherever the catalog is.
        if PackageManifest.inDocumentationCatalog(path) { return true }
        guard mapsSources, everyProjectRead else { return false }
        if podspecFolders.contains(where: { $0.isEmpty || path.hasPrefix($0 + "/") }) { return false }
        guard path.hasSuffix(".swift") || path.hasSuffix(".m") || path.hasSuffix(".mm") else { return false }
        let name = path.split(separator: "/").last ?? ""
        if name == "Package.swift" || name == "Project.swift" || name == "Workspace.swift" { return false }
        return packageTarget(of: path) == nil
    }

    public init() {}

    public init(apps: [App], targets: [XcodeProject.Target], packages: [Package], storyboards: Set<String>) {
        self.apps = apps
        self.targets = targets
        foldedOwners = Self.foldedOwners(targets)
        self.packages = packages
        self.storyboards = storyboards
    }

    /// Whether any project file maps sources to targets.
    public var mapsSources: Bool { !targets.isEmpty }

    /// Whether an app declares `UIApplicationSupportsMultipleScenes = true`.
    public var declaresMultipleScenes: Bool { apps.contains { $0.facts.supportsMultipleScenes == true } }

    /// The Swift package target whose folder holds `path` (the deepest), with its package.
    public func packageTarget(of path: String) -> (package: Package, target: Package.Target)? {
        var best: (Package, Package.Target, length: Int)? = nil
        for p in packages {
            for t in p.targets { if let n = t.match(path), n > (best?.length ?? -1) { best = (p, t, n) } }
        }
        return best.map { ($0.0, $0.1) }
    }

    /// Whether the tests that compile `path` run with no host app: every target compiling it is
    /// an Xcode unit-test bundle naming none (no `TEST_HOST` or `BUNDLE_LOADER`), or no Xcode
    /// target compiles it and a Swift package's test target holds it (SwiftPM's tests have no
    /// app). There is no application scene then. False where it is not known: an XcodeGen or
    /// Tuist target may get its host from the generator.
    public func hostlessTests(_ path: String) -> Bool {
        let owning = owners(of: path).map { targets[$0] }
        if owning.isEmpty { return packageTarget(of: path)?.target.isTest ?? false }
        return owning.allSatisfy { t in
            t.kind == .unitTests && (t.project?.hasSuffix(".xcodeproj") ?? false)
                && (t.settings["TEST_HOST"] ?? "").isEmpty && (t.settings["BUNDLE_LOADER"] ?? "").isEmpty
        }
    }

    /// Indexes (into `targets`) of the targets that compile `path`: worked out once per file and
    /// handed to the questions below, since membership is globs and folders for every target.
    /// macOS's default file system ignores case, so a project naming `UIDevice+Screen.m` builds
    /// `UIDevice+screen.m`: where no target names the path as it is, the targets that name it
    /// in another case own it.
    /// Whether one target compiles both paths: an Xcode target naming both, or one Swift package
    /// target's folder holding both. False where nothing says.
    public func compilesTogether(_ a: String, _ b: String) -> Bool {
        let first = owners(of: a)
        if !first.isEmpty, owners(of: b).contains(where: first.contains) { return true }
        guard let pa = packageTarget(of: a), let pb = packageTarget(of: b) else { return false }
        return pa.package.folder == pb.package.folder && pa.target.name == pb.target.name
    }

    public func owners(of path: String) -> [Int] {
        let exact = targets.indices.filter { targets[$0].contains(path) }
        return exact.isEmpty ? foldedOwners[path.lowercased()] ?? [] : exact
    }

    /// The iOS deployment target that applies to a source file: the lowest of the iOS targets
    /// that compile it (a Swift package target whose folder holds it among them), else its
    /// Swift package's, else the lowest in the repository; nil when none is known. iOS targets
    /// that compile it and name none build for their SDK's newest (Xcode's default): nil, not
    /// another project's (the Composable Architecture's examples, beside its iOS 16 package).
    /// An app's Info.plist, which no target compiles, deploys where its app does (GPUImage's
    /// examples at iOS 8, not the framework project's 4.3).
    public func deploymentTarget(for path: String, owners: [Int]? = nil) -> OSVersion? {
        let packaged = packageTarget(of: path)?.package.iOS
        let compiling = (owners ?? self.owners(of: path)).map { targets[$0] }.filter(\.isIOS)
        let owning = compiling.compactMap(\.deploymentTarget) + (packaged.map { [$0] } ?? [])
        if let lowest = owning.min() { return lowest }
        if !compiling.isEmpty { return nil }
        // A tvOS app's has no iOS deployment target to speak of (Mixpanel's tvOS demo).
        let plistApps = path.hasSuffix(".plist") ? apps.filter { $0.infoPlistPath == path } : []
        if !plistApps.isEmpty { return plistApps.filter(\.isIOS).compactMap(\.deploymentTarget).min() }
        let package = packages.filter { $0.folder.isEmpty || path.hasPrefix($0.folder + "/") }.max { $0.folder.count < $1.folder.count }
        if let p = package, let v = p.iOS { return v }
        return lowestDeploymentTarget
    }

    /// The tvOS deployment target of the tvOS apps (and none for iOS) whose Info.plist is `path`:
    /// what a fix at that plist may assume, in tvOS's version numbers (Hero's tvOS examples at 10.0).
    public func tvOSDeploymentTarget(ofPlist path: String) -> OSVersion? {
        let plistApps = apps.filter { $0.infoPlistPath == path }
        guard !plistApps.isEmpty, plistApps.allSatisfy({ $0.platforms.contains(.tvOS) && !$0.isIOS }) else { return nil }
        return plistApps.compactMap { $0.target?.settings["TVOS_DEPLOYMENT_TARGET"].flatMap(OSVersion.init) }.min()
    }

    /// The oldest iOS deployment target any target or package names: `deploymentTarget(for:)`
    /// never answers older (and answers nil for every path when this is nil).
    public var lowestDeploymentTarget: OSVersion? {
        (targets.filter(\.isIOS).compactMap(\.deploymentTarget) + packages.compactMap(\.iOS)).min()
    }

    /// The iOS deployment target SwiftPM builds a package for when its manifest names no iOS
    /// platform: the oldest the SDK supports (PackageDescription's `SupportedPlatform`), 12.0
    /// with the SDKs that build for iOS 26.
    public static let swiftPMDefaultIOS = OSVersion(12)

    /// What a fix may assume the code at `path` deploys to: `deploymentTarget(for:)`, else, for
    /// a Swift package's source, SwiftPM's default; nil when nothing says (no project maps it).
    public func fixDeploymentTarget(for path: String) -> OSVersion? {
        deploymentTarget(for: path) ?? (packageTarget(of: path) != nil ? Self.swiftPMDefaultIOS : nil)
    }

    /// Whether code in `path` is judged by rules of `platforms`: false only when every target
    /// that compiles it builds for platforms those rules leave out (tvOS, watchOS or macOS alone
    /// for the resizing rules; watchOS or macOS for scene adoption).
    public func compiles(_ path: String, for platforms: RulePlatforms, owners: [Int]? = nil) -> Bool {
        let owning = owners ?? self.owners(of: path)
        // A Swift package target compiles the files of its folder, whatever Xcode targets do too.
        let package = packageTarget(of: path)?.package
        if let package, platforms.judges(package.platforms) { return true }
        return owning.isEmpty ? package == nil : owning.contains { platforms.judges(targets[$0].platforms(of: path)) }
    }

    /// Whether every target that compiles `path` compiles it for none of the platforms the iOS
    /// deployment target is for (iOS, Mac Catalyst): a visionOS-only file by its build files'
    /// filters. False where nothing says (no owner, a Swift package holds it).
    public func buildsOnlyBesideIOS(_ path: String, owners: [Int]? = nil) -> Bool {
        let owning = owners ?? self.owners(of: path)
        guard !owning.isEmpty, packageTarget(of: path) == nil else { return false }
        return owning.allSatisfy { i in
            let p = targets[i].platforms(of: path)
            return !p.isEmpty && !p.contains(.iOS) && !p.contains(.macCatalyst)
        }
    }
}

import ProjectFiles
import RuleKit

/// Whose code each file and target is (RULES.md "Scopes"): `app`, `library`, `example`,
/// `test`. From the target model first — a file takes the most shipping scope of the targets
/// that compile it — and from folder names where no project maps a file; `.fleetscan.json`
/// `examples` and `tests` globs correct the guess.
public struct Scopes: Sendable {
    public let project: ProjectModel
    let examples: [Glob]
    let tests: [Glob]
    /// Whether the repository ships a library and no app of its own: then its demo apps are
    /// examples, its tooling apps tests, and its code outside them is the library.
    public let libraryRepository: Bool
    private let byTarget: [TargetID: TargetScope]
    /// Without a project: the plist-only apps of each scope, which every source of that scope belongs to.
    private let appsByScope: [TargetScope: [TargetID]]
    /// The pods that are targets of their own (`ProjectModel.targetPods`).
    private let pods: [ProjectModel.Pod]

    public init(project: ProjectModel, configuration: Configuration) {
        self.project = project
        pods = project.targetPods
        examples = configuration.examples
        tests = configuration.tests
        func listedAsExample(_ name: String, _ plist: String?) -> Bool {
            configuration.examples.contains { $0.matches(name) || plist.map($0.matches) == true }
        }
        func listedAsTest(_ name: String) -> Bool { configuration.tests.contains { $0.matches(name) } }
        let apps = project.targets.filter { $0.kind == .application || $0.kind == .watchApp }
        let plistOf = Dictionary(project.apps.map { ($0.id, $0.infoPlistPath) }, uniquingKeysWith: { a, _ in a })
        /// Apps whose Info.plist says it is a framework's or a bundle's: a leftover harness building
        /// another product's plist, nobody's app (blink's `smartkeys`).
        // An app whose Info.plist is its framework's is the framework's harness (blink's smartkeys)
        // — unless it is named as a demo (Pulley's PulleyDemo, sharing the framework's plist by mistake).
        let harnesses = Set(project.apps.filter { $0.facts.declaresOtherBundle && !Self.looksLikeExample($0.name) }.map(\.id))
        // In a repository that declares a library at its root, an app a unit-test bundle runs in
        // (its `TEST_HOST`) is the tests' host, nobody's app (Leanplum's `LeanplumSDKApp`); in an
        // app's repository the host is the app itself. So is a host whose project also builds app
        // extensions or a watch app for it to carry (Provenance, with its root Package.swift of
        // PVLibrary): a tests' host ships nothing.
        let carriers = Set(project.targets.filter { $0.kind == .appExtension || $0.kind == .watchApp }.compactMap(\.project))
        let hosts: Set<String> = Self.rootLibraryNames(project).isEmpty ? []
            : Set(project.targets.filter { $0.kind.isTest && !carriers.contains($0.project ?? "") }.compactMap { Self.hostApp($0.settings["TEST_HOST"]) })
        /// Where a target lives: its app's Info.plist, and its project file.
        func places(_ t: XcodeProject.Target) -> [String?] { [plistOf[t.id] ?? nil, t.project] }
        // A demo the tests also run in (DemoLibrary's `KitDemo`, SlideMenuControllerSwift's app) stays the demo.
        func isTestHost(_ t: XcodeProject.Target) -> Bool {
            guard t.kind == .application else { return false }
            if Self.namedAsTestHost(t.name) { return true }
            guard hosts.contains(t.name) || t.settings["PRODUCT_NAME"].map(hosts.contains) == true else { return false }
            return !Self.looksLikeExample(t.name) && !listedAsExample(t.name, plistOf[t.id] ?? nil) && Self.folderHint(places(t)) != .example
                && !Self.demonstratesRootLibrary(t, plist: plistOf[t.id] ?? nil, in: project, apart: false)
        }
        /// Apps that may be the repository's own: not named or placed as examples or test hosts,
        /// and not the demo of the library its root declares.
        // Not an app only macOS (or watchOS) builds beside a UIKit library (RxSwift's `Microoptimizations`
        // benchmark): it is no app the rules judge, and ships nothing of this repository's to iOS.
        let candidates = apps.filter { t in
            (t.platforms.isEmpty || !t.platforms.isDisjoint(with: Platform.uiKit)) && !harnesses.contains(t.id) && !isTestHost(t) && !listedAsExample(t.name, plistOf[t.id] ?? nil) && !Self.looksLikeExample(t.name) && !Self.looksLikeExample(plistOf[t.id].flatMap { $0 } ?? "")
                && Self.folderHint(places(t)) == nil && !Self.demonstratesRootLibrary(t, plist: plistOf[t.id] ?? nil, in: project)
        }
        let plistOnly = project.apps.filter { $0.target == nil && !Self.looksLikeExample($0.infoPlistPath ?? "") && !listedAsExample($0.name, $0.infoPlistPath)
                                              && Self.folderHint([$0.infoPlistPath]) == nil && !Self.namesRootLibrary($0.name, in: project) }
        let shipping = candidates.count + plistOnly.count
        let libraryCode = project.targets.contains { $0.kind.isLibrary } || project.packages.contains { !$0.libraryFolders.isEmpty } || project.hasPodspec
        // A library repository: library code, and no app but tooling (a Carthage integration
        // check, a binary-size measurement under `script/`).
        libraryRepository = libraryCode && candidates.allSatisfy { Self.isTooling(places($0)) || Self.namedAsTooling($0.name) }
            && plistOnly.allSatisfy { Self.isTooling([$0.infoPlistPath]) }
        var byTarget: [TargetID: TargetScope] = [:]
        for t in project.targets {
            let plist = plistOf[t.id] ?? nil
            let runs = t.kind == .application || t.kind == .appExtension || t.kind == .watchApp
            let scope: TargetScope
            if t.kind.isTest || listedAsTest(t.name) || (t.kind == .application && (Self.folderHint(places(t)) == .test || isTestHost(t)))
                || harnesses.contains(t.id) || ProjectModel.namedAsTestSupport(t.name) || (t.kind.isLibrary && Self.folderHint(places(t)) == .test) {
                // A framework of the tests' (Datadog's `TestUtilities`, a catalog app's frameworks in
                // `BenchmarkTests/`) runs in tests only, as a test host does.
                scope = .test
            } else if libraryRepository, runs, Self.isTooling(places(t)) || Self.namedAsTooling(t.name) {
                // A library's tooling apps check how it builds; nobody ships or copies them.
                scope = .test
            } else if listedAsExample(t.name, plist) || (libraryRepository && !t.kind.isLibrary && (Self.looksLikeExample(t.name) || Self.looksLikeExample(plist ?? "") || runs)) {
                // In a library repository every app, and its extensions, are the library's demos.
                scope = .example
            } else if Self.demonstratesRootLibrary(t, plist: plist, in: project) {
                scope = .example
            } else if libraryRepository || shipping > 0, !t.kind.isLibrary, Self.folderHint(places(t)) == .example {
                // An example app next to the product (a vendored library's `Example/` app in an
                // app's repository) is an example; a repository of nothing but samples ships them.
                scope = .example
            } else if libraryRepository, t.kind.isLibrary, Self.folderHint(places(t)) == .example,
                      !t.sources.isEmpty || !t.folders.isEmpty,
                      t.sources.allSatisfy({ Self.folderHint([$0]) == .example }), t.folders.allSatisfy({ Self.folderHint([$0.path + "/file"]) == .example }) {
                // A framework an example vendors for itself, all of whose sources are in the examples
                // (iCarousel's `Examples/Chameleon Demo/Chameleon/UIKit`), is the example's; an example's
                // Pods project building the library's own sources is not (those files stay the library's).
                scope = .example
            } else if t.kind.isLibrary || (libraryRepository && t.kind == .other) {
                scope = libraryRepository ? .library : .app
            } else {
                scope = .app
            }
            byTarget[t.id] = scope
        }
        // A Swift package's targets: its tests are tests; its other targets are the library a
        // library repository ships, or an app's own frameworks.
        for package in project.packages {
            // A package for macOS alone in a UIKit repository builds its tooling (openHAB's
            // `BuildTools`, element-x's `Tools`): nobody ships it in the app; it is judged as tests are.
            let tooling = Self.isTooling(package, in: project)
            // A package inside an example or an app template (Capacitor's `ios-spm-template/App/CapApp-SPM`)
            // is that example's, in a library repository as its apps are.
            let inExample = libraryRepository && Self.folderHint([package.manifest]) == .example
            for t in package.targets {
                // A plain target whose folder is a test folder builds the tests' fixtures (SwifterSwift's
                // `SwifterSwiftTestResourcesiOS` under `Tests/`): nobody's library.
                let inTests = Self.folderHint([t.folder + "/"]) == .test
                byTarget[package.id(of: t)] = t.isTest || listedAsTest(t.name) || tooling || inTests || ProjectModel.namedAsTestSupport(t.name) ? .test
                    : listedAsExample(t.name, nil) || inExample ? .example : libraryRepository ? .library : .app
            }
        }
        // A pod of the tests' helpers is the tests' (Datadog's `TestUtilities.podspec`).
        for pod in pods where ProjectModel.namedAsTestSupport(pod.id.name) { byTarget[pod.id] = .test }
        for app in project.apps where app.target == nil {
            let hint = Self.folderHint([app.infoPlistPath])
            byTarget[app.id] = listedAsExample(app.name, app.infoPlistPath) || (libraryRepository && Self.looksLikeExample(app.infoPlistPath ?? ""))
                || Self.namesRootLibrary(app.name, in: project) ? .example
                : hint == .test || (libraryRepository && Self.isTooling([app.infoPlistPath])) ? .test : .app
        }
        self.byTarget = byTarget
        var appsByScope: [TargetScope: [TargetID]] = [:]
        if project.targets.isEmpty {
            for app in project.apps { appsByScope[byTarget[app.id] ?? (libraryRepository ? .library : .app), default: []].append(app.id) }
        }
        self.appsByScope = appsByScope
    }

    /// Whether these scopes judge every target as `other` does: when they do not, every file's
    /// counts must be made again, not only those of files that joined or left a target.
    public func decidesAlike(_ other: Scopes) -> Bool {
        libraryRepository == other.libraryRepository && byTarget == other.byTarget && appsByScope == other.appsByScope
    }

    /// The scope of a target (or plist-only app).
    public func scope(ofTarget id: TargetID) -> TargetScope { byTarget[id] ?? (libraryRepository ? .library : .app) }

    /// The scope of the code in `path` and the targets that compile it: the Xcode targets that
    /// list it and the Swift package target whose folder holds it, both.
    public func of(_ path: String, owners: [Int]? = nil) -> (scope: TargetScope, targets: [TargetID]) {
        let indexes = owners ?? project.owners(of: path)
        var owning = indexes.map { project.targets[$0].id }
        if let (package, target) = project.packageTarget(of: path) { owning.append(package.id(of: target)) }
        if owning.isEmpty, path.hasSuffix(".h") { owning = headerOwners(path) }
        for pod in pods where pod.ships(path) { owning.append(pod.id) }
        if tests.contains(where: { $0.matches(path) }) { return (.test, owning) }
        if examples.contains(where: { $0.matches(path) }) { return (.example, owning) }
        // What a podspec ships is the library, though only its demo app compiles it here
        // (JSQMessagesViewController's sources, in the JSQMessages demo target).
        let shipped = project.isShippedByPodspec(path)
        if owning.isEmpty, !shipped, project.isUnbuilt(path, owners: indexes) { return (.unbuilt, []) }
        if let best = owning.map(scope(ofTarget:)).min() { return (shipped ? min(best, .library) : best, owning) }
        if shipped { return (.library, owning) }
        let scope = folderScope(path)
        // Without a project, an app's sources are every source of its kind (RULES.md v1 fallback).
        return (scope, appsByScope[scope] ?? [])
    }

    /// A header is compiled by whoever includes it, which no sources phase lists: the targets of
    /// its implementation file (`Foo.m` beside `Foo.h`), else those that compile a source in its
    /// folder (Kodi Remote's `ConvenienceMacros.h`).
    func headerOwners(_ path: String) -> [TargetID] {
        let stem = path.dropLast(2)
        var found = Set([".m", ".mm", ".c", ".cpp"].flatMap { project.owners(of: stem + $0) })
        if found.isEmpty {
            let folder = path.split(separator: "/").dropLast().joined(separator: "/")
            let prefix = folder.isEmpty ? "" : folder + "/"
            found = Set(project.targets.indices.filter { i in
                project.targets[i].sources.contains { $0.hasPrefix(prefix) && !$0.dropFirst(prefix.count).contains("/") && !$0.hasSuffix(".h") }
            })
        }
        return found.sorted().map { project.targets[$0].id }
    }

    /// Whether an app is the demo of the library the repository's root declares (a root podspec's
    /// `source_files`, a root Package.swift's library targets), though it may bear the library's
    /// name (TZImagePickerController): it compiles that library's code itself and has no more
    /// files of its own than of the library's — an app delegate and a few demo screens. A real
    /// app that shares a file with its own package, or builds a local pod, has far more code of
    /// its own; an app whose sources a synchronized folder or a manifest's folders list is never
    /// taken for one, as its own files cannot be counted here.
    /// `apart`: also an app in a project of a subfolder of a repository whose root declares a pod
    /// (false when asking whether an app the tests run in is a demo rather than their host).
    static func demonstratesRootLibrary(_ t: XcodeProject.Target, plist: String?, in project: ProjectModel, apart: Bool = true) -> Bool {
        guard t.kind == .application else { return false }
        // An app named for the library with `App` after it (Chatto's `ChattoApp`, which pods the
        // root's specs by path) is that library's app, whatever builds it.
        if namesRootLibrary(t.name, in: project) { return true }
        // An app bearing the root library's very name beside a framework target that builds that
        // library's code (SlideMenuControllerSwift's demo, linking `SlideMenuControllerSwift-iOS`).
        if rootLibraryNames(project).contains(t.name),
           project.targets.contains(where: { $0.kind.isLibrary && $0.sources.contains(where: project.isRootLibraryCode) }) { return true }
        // An app compiling none of the root library's code (nor holding its Info.plist there) that
        // links it: the library's demo or harness when it is in the very project of a framework that
        // builds that code (Auth0's `OAuth2` apps beside `Auth0.iOS`), or, where the root declares a
        // pod, in a project of a subfolder (Apptentive's `Operator/`, Customer.io's `Apps/`: an app
        // repository keeps its project at the root, and publishes no pod there).
        if let own = t.project, !t.sources.contains(where: project.isRootLibraryCode), !(plist.map(project.isRootLibraryCode) ?? false) {
            if project.targets.contains(where: { $0.project == own && $0.kind.isLibrary && $0.sources.contains(where: project.isRootLibraryCode) }) { return true }
            if apart, own.contains("/"), project.pods.contains(where: { $0.folder.isEmpty }) { return true }
        }
        guard t.folders.isEmpty, !t.sources.isEmpty else { return false }
        // A "library" that holds the app's own Info.plist is the app's code packaged for tools
        // (damus's Package.swift builds its `damus/` folder): the app is the product.
        if let plist, project.isRootLibraryCode(plist) { return false }
        let library = t.sources.filter(project.isRootLibraryCode).count
        return library > 0 && t.sources.count - library <= library
    }

    /// Whether an app's name is a root library's (a podspec at the root, a root Package.swift's
    /// target) followed by `App`: `ChattoApp`, `Chatto-App`, `Chatto App`.
    static func namesRootLibrary(_ name: String, in project: ProjectModel) -> Bool {
        guard name.count > 3, name.hasSuffix("App") else { return false }
        var stem = String(name.dropLast(3))
        while let last = stem.last, last == "-" || last == "_" || last == " " { stem.removeLast() }
        guard !stem.isEmpty else { return false }
        return rootLibraryNames(project).contains(stem)
    }

    /// The names of the libraries the repository's root declares: its podspecs' pods, its root
    /// Package.swift's targets other than tests.
    static func rootLibraryNames(_ project: ProjectModel) -> [String] {
        project.pods.filter(\.folder.isEmpty).map(\.id.name)
            + project.packages.filter(\.folder.isEmpty).flatMap { $0.targets.filter { !$0.isTest }.map(\.name) }
    }

    /// Where no project maps a file: test and example folders by name, Swift package targets
    /// by their folders, and the rest the repository's own kind of code.
    func folderScope(_ path: String) -> TargetScope {
        guard path.contains("/") else { return libraryRepository ? .library : .app }
        let folders = path.split(separator: "/").dropLast()
        if folders.contains(where: { Self.isTestFolder($0) }) { return .test }
        for package in project.packages {
            if package.testFolders.contains(where: { path.hasPrefix($0 + "/") }) { return .test }
            if Self.isTooling(package, in: project), package.libraryFolders.contains(where: { path.hasPrefix($0 + "/") }) { return .test }
            // A local package of an app repository is one of the app's frameworks.
            if package.libraryFolders.contains(where: { path.hasPrefix($0 + "/") }) { return libraryRepository ? .library : .app }
        }
        if libraryRepository, folders.contains(where: { Self.looksLikeExample($0) }) { return .example }
        return libraryRepository ? .library : .app
    }

    /// What the folders of an app's Info.plist or project say of it: `test` under a test folder
    /// (a test host in `Tests/`, an app in `smoke-tests/`), `example` under an example folder or in
    /// a `Sample`/`Demo` project; nil when they say nothing. In one path the outermost folder that
    /// says something decides (`Examples/JGProgressHUD-Tests/` is a demo app); of several paths a
    /// test one wins.
    static func folderHint(_ paths: [String?]) -> TargetScope? {
        var found: TargetScope? = nil
        for case let path? in paths {
            let parts = path.split(separator: "/")
            // The folders, and a project bundle's own name (`Sample.xcodeproj`).
            let named = parts.dropLast() + parts.suffix(1).filter { $0.hasSuffix(".xcodeproj") }
            for part in named {
                let lower = part.lowercased()
                if isTestFolder(part) || lower.contains("smoke-test") || lower.contains("smoketest") { return .test }
                if looksLikeExample(part) { found = .example; break }
            }
        }
        return found
    }

    /// Whether an app's Info.plist or project lies in a library's tooling: under `script/`,
    /// `scripts/`, `tools/`, or in a test or integration harness (`test-carthage/`,
    /// `CarthageTest.xcodeproj`, `SizeTest/`, `IntegrationHarness/`).
    /// A package for macOS alone beside a UIKit repository's projects: its tooling.
    static func isTooling(_ package: ProjectModel.Package, in project: ProjectModel) -> Bool {
        package.platforms.isDisjoint(with: Platform.uiKit) && !project.targets.isEmpty
    }

    static func isTooling(_ paths: [String?]) -> Bool {
        paths.contains { path in
            guard let path else { return false }
            let parts = path.split(separator: "/")
            // A project named `…Test` in an examples folder is a demo (iCarousel's `Examples/Tables Demo/iCarouselTest.xcodeproj`).
            if parts.dropLast().contains(where: { looksLikeExample($0) }) { return false }
            return (parts.dropLast() + parts.suffix(1).filter { $0.hasSuffix(".xcodeproj") }).contains { part in
                let name = part.hasSuffix(".xcodeproj") ? part.dropLast(".xcodeproj".count) : part
                let lower = name.lowercased()
                return ["script", "scripts", "tool", "tools", "fixtures", "testing"].contains(lower) || lower.contains("integration") || lower.contains("harness")
                    // PinLayout's `TestProjects/cocoapods/ios`: projects that check how the library installs.
                    || lower.hasPrefix("testproject") || lower.hasPrefix("testapp") || lower == "testbed"
                    || lower.hasPrefix("test-") || lower.hasPrefix("test_") || lower.hasSuffix("-test") || lower.hasSuffix("_test") || name.hasSuffix("Test")
                    || namedAsTooling(name)
            }
        }
    }

    /// The app a `TEST_HOST` setting runs in: `$(BUILT_PRODUCTS_DIR)/Host.app/Host` → `Host`
    /// (nil where the name is itself a setting).
    static func hostApp(_ setting: String?) -> String? {
        guard let setting, let app = setting.range(of: ".app/") else { return nil }
        let name = setting[..<app.lowerBound].split(separator: "/").last.map(String.init) ?? ""
        return name.isEmpty || name.contains("$") ? nil : name
    }

    /// An app named as a test host (`UnitTestsHostApp`, the Facebook SDK's `IAPTestsHostApp`,
    /// `TestHost`): it runs a test bundle, nobody's app.
    static func namedAsTestHost<S: StringProtocol>(_ name: S) -> Bool {
        let lower = name.lowercased()
        return lower.hasSuffix("hostapp") || lower.hasSuffix("testhost") || lower.hasSuffix("testshost")
            // An app named as a test run of another (Provenance's `PVRetroArch_Test`, a core's test runner).
            || ["_test", "-test", " test", "_tests", "-tests"].contains { lower.hasSuffix($0) }
    }

    /// An app (or its folder) named as a library's harness: `PaywallsTester`, `APITesters`,
    /// `iOSTestApp` (RevenueCat's, Bugsnag's end-to-end fixtures): it checks the library, nobody ships it.
    static func namedAsTooling<S: StringProtocol>(_ name: S) -> Bool {
        let lower = name.lowercased()
        return lower.hasSuffix("tester") || lower.hasSuffix("testers") || lower.hasSuffix("testapp") || namedAsTestHost(name)
    }

    /// `Tests`, `UITests`, `AppTests`, `Specs`, and a lowercase `tests` or `test` (cordova-ios's
    /// `tests/spec/fixtures/…/App.xcodeproj`, the apps its own tests build).
    static func isTestFolder(_ name: Substring) -> Bool {
        name == "Tests" || name == "Test" || name == "tests" || name == "test" || name.hasSuffix("Tests") || name.hasSuffix("Specs") || name == "UnitTests"
    }

    /// Names of demo, example and sample apps and folders: `Demo`, `Examples`, `SDWebImage Demo`,
    /// `IQKeyboardManagerSwiftExample`, `SampleApp`, `Playground`, `SwiftUIStarter` (CleverTap's).
    /// Xcode project templates count as samples too: a name with Xcode's `___PROJECTNAME___`
    /// placeholders, or an `.xctemplate` folder (nimbus's `templates/`), is nobody's app; so is
    /// the app template a framework's tooling copies into each new app (Capacitor's
    /// `ios-pods-template/App`, cordova-ios's `templates/project/App.xcodeproj`).
    static func looksLikeExample<S: StringProtocol>(_ name: S) -> Bool {
        let lower = name.lowercased()
        return lower.contains("demo") || lower.contains("example") || lower.contains("sample") || lower.contains("playground") || lower.contains("starter")
            || lower.contains("___") || lower.contains("template")
    }
}

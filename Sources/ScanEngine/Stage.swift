import ProjectFiles
import RuleKit
import Rules

/// How findings decide a stage (the stages themselves are RuleKit's `Stage`, which commits and
/// targets are stored with).
extension Stage {
    /// What a rule's findings do to the stage, from its description (unknown ids: nothing special).
    static func role(_ rule: RuleID) -> ReadinessRole { Catalog.description(rule)?.readiness ?? .other }

    /// The same for an id as stores keep it.
    static func role(_ rule: String) -> ReadinessRole { role(RuleID(rawValue: rule)) }

    /// The stage findings leave a repository or target at.
    public static func of(_ findings: [Finding]) -> Stage {
        var byRule: [String: Int] = [:]
        for f in findings { byRule[f.rule.rawValue, default: 0] += 1 }
        return of(byRule: byRule, warningsOrErrors: findings.filter { $0.severity >= .warning }.count)
    }

    /// The stage from counts: findings per rule, and how many are warnings or errors.
    /// (`byRule` is keyed by id text, as stores keep it.)
    public static func of(byRule: [String: Int], warningsOrErrors: Int) -> Stage {
        let present = byRule.filter { $0.value > 0 }.keys
        if present.contains(where: { role($0) == .blocksLaunch }) { return .notLaunching }
        if present.contains(where: { role($0) == .deviceAssumption }) { return .launches }
        if warningsOrErrors > 0 { return .noDeviceAssumptions }
        return present.isEmpty ? .modern : .resizable
    }

    /// The scope whose findings decide the repository's stage: its apps, or its library when
    /// it ships no app. Example apps and tests never lower it.
    public static func deciding(_ scopes: Scopes) -> TargetScope { scopes.libraryRepository ? .library : .app }

    /// The repository's stage: the lowest of its app targets (the stage of their findings
    /// together), or of its library; unknown when an app target's Info.plist could not be read
    /// and nothing certainly stops it from launching.
    public static func ofRepository(_ findings: [Finding], scopes: Scopes) -> Stage {
        let scope = deciding(scopes)
        let known = of(findings.filter { $0.scope == scope })
        let unread = scopes.project.apps.contains { $0.unreadable != nil && scopes.scope(ofTarget: $0.id) == scope }
            || !scopes.project.unreadableProjects.isEmpty
        return unread && known > .notLaunching ? .unknown : known
    }

    /// A target's stage from its findings, unknown where what decides it could not be read.
    static func of(_ findings: [Finding], unreadable: String?) -> Stage {
        let known = of(findings)
        return unreadable != nil && known > .notLaunching ? .unknown : known
    }

    /// The findings that hold `findings` at their stage: the launch blockers, else the device
    /// assumptions, else the warnings, else the notes.
    public static func blockers(_ findings: [Finding]) -> [Finding] {
        switch of(findings) {
        case .notLaunching: return findings.filter { role($0.rule) == .blocksLaunch }
        case .unknown: return []
        case .launches: return findings.filter { role($0.rule) == .deviceAssumption }
        case .noDeviceAssumptions: return findings.filter { $0.severity >= .warning }
        case .resizable: return findings
        case .modern: return []
        }
    }
}

/// A target's stage and what holds it there.
public struct TargetStage: Sendable, Equatable {
    /// Which target (nil for the entries that stand for code no target compiles).
    public var id: TargetID? = nil
    /// What reports call it: its name, with its project where the repository repeats the name
    /// (`TargetNames`); a scope's name for code no target compiles.
    public var name: String
    /// The platforms it builds for, comma-separated (`iOS`, `tvOS`, `iOS, macCatalyst`).
    public var platform: String
    public var scope: TargetScope
    public var stage: Stage
    /// The findings that hold it at its stage (at most `blockerLimit`).
    public var blockers: [Blocker]
    /// For an unknown stage: what could not be read (`App/Info.plist: malformed property list: …`).
    public var reason: String? = nil
    /// The project file that declares it (`App.xcodeproj`, `project.yml`, `Kit/Package.swift`);
    /// nil for an app only an Info.plist stands for.
    public var project: String? { id?.project }

    public struct Blocker: Sendable, Equatable {
        public var rule: String
        public var path: String
        public var line: Int
    }

    static let blockerLimit = 50

    /// Every target the project model knows (Xcode, XcodeGen and Tuist targets, Swift package
    /// targets, apps without a project), each with the stage of its findings; a repository no
    /// project maps gets one entry per scope its code has.
    public static func all(_ findings: [Finding], scopes: Scopes) -> [TargetStage] {
        var byTarget: [TargetID: [Finding]] = [:]
        for f in findings { for t in f.targets { byTarget[t, default: []].append(f) } }
        let project = scopes.project
        let names = project.targetNames
        var out: [TargetStage] = []
        var seen: Set<TargetID> = []
        func platform(_ p: Set<Platform>) -> String { p.isEmpty ? "unknown" : p.sorted().map(\.rawValue).joined(separator: ", ") }
        let unreadable = Dictionary(project.apps.compactMap { a in a.unreadable.map { (a.id, $0) } }, uniquingKeysWith: { a, _ in a })
        // A tvOS, watchOS or macOS target compiles shared code too, but the rules of resizing
        // (and, off UIKit, of scenes) are not its verdict.
        func judged(_ id: TargetID, on platforms: Set<Platform>) {
            guard seen.insert(id).inserted else { return }
            let own = (byTarget[id] ?? []).filter { f in Catalog.description(f.rule)?.platforms.judges(platforms) ?? true }
            var stage = make(names.label(id), platform(platforms), scopes.scope(ofTarget: id), own, unreadable: unreadable[id])
            stage.id = id
            out.append(stage)
        }
        for t in project.targets { judged(t.id, on: t.platforms) }
        for package in project.packages {
            for t in package.targets { judged(package.id(of: t), on: package.platforms) }
        }
        for app in project.apps where app.target == nil { judged(app.id, on: app.platforms) }
        // A project file that could not be read stands for the targets it declares, unknown.
        for (path, reason) in project.unreadableProjects.sorted(by: { $0.key < $1.key }) where !out.contains(where: { $0.reason == reason }) {
            let name = path.split(separator: "/").dropLast().last.map(String.init) ?? path
            out.append(TargetStage(name: name, platform: "unknown", scope: Stage.deciding(scopes), stage: .unknown, blockers: [], reason: reason))
        }
        // A pod the repository's specs ship is a library of its own, though no project may build
        // it alone (a podspec beside its demo app); a library target of its name stands for it
        // already. As a package's targets, it is the library or, in an app's repository, the app's.
        let pods = project.targetPods
        /// Whether a pod whose `source_files` cannot be known ships the code of `f`: library code
        /// no target compiles beside or below its spec. (A known pattern's files name the pod among
        /// their targets.)
        func ships(_ pod: ProjectModel.Pod, _ f: Finding) -> Bool {
            guard pod.sources.isEmpty else { return false }
            return f.targets.isEmpty && f.scope == .library && (pod.folder.isEmpty || f.path.hasPrefix(pod.folder + "/"))
        }
        var podStages: [TargetStage] = []
        for pod in pods where seen.insert(pod.id).inserted {
            let own = ((byTarget[pod.id] ?? []) + findings.filter { ships(pod, $0) })
                .filter { f in Catalog.description(f.rule)?.platforms.judges(pod.platforms) ?? true }
            var stage = make(names.label(pod.id), platform(pod.platforms.isEmpty ? [.iOS] : pod.platforms),
                             scopes.libraryRepository ? .library : .app, own)
            stage.id = pod.id
            podStages.append(stage)
        }
        // Code no target compiles stands for its scope: `library`, `example`, `test`, `app`.
        let unmapped = findings.filter { f in f.targets.isEmpty && !pods.contains { ships($0, f) } }
        let unmappedScopes = Set(unmapped.map(\.scope))
        if out.isEmpty {
            // The library a pod stands for needs no entry of its scope besides.
            let present = unmappedScopes.union(podStages.isEmpty ? [Stage.deciding(scopes)] : [])
            for scope in TargetScope.allCases where present.contains(scope) {
                out.append(make(scope.rawValue, "iOS", scope, unmapped.filter { $0.scope == scope }))
            }
        }
        out += podStages
        return out.sorted { ($0.scope, $0.name) < ($1.scope, $1.name) }
    }

    /// `rule-a, rule-b, rule-c, …`: the distinct rules of some blockers, in order, for one line.
    public static func ruleList(_ rules: [String]) -> String {
        var distinct: [String] = []
        for r in rules where !distinct.contains(r) { distinct.append(r) }
        return distinct.prefix(3).joined(separator: ", ") + (distinct.count > 3 ? ", …" : "")
    }

    static func make(_ name: String, _ platform: String, _ scope: TargetScope, _ findings: [Finding], unreadable: String? = nil) -> TargetStage {
        let stage = Stage.of(findings, unreadable: unreadable)
        let blocking = stage == .unknown ? [] : Stage.blockers(findings).prefix(blockerLimit).map { Blocker(rule: $0.rule.rawValue, path: $0.path, line: $0.line) }
        return TargetStage(name: name, platform: platform, scope: scope, stage: stage, blockers: Array(blocking),
                           reason: stage == .unknown ? unreadable : nil)
    }
}

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
        let unread = scopes.project.apps.contains { $0.unreadable != nil && scopes.scope(ofTarget: $0.name) == scope }
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
    public var project: String? = nil

    public struct Blocker: Sendable, Equatable {
        public var rule: String
        public var path: String
        public var line: Int
    }

    static let blockerLimit = 50

    /// Every target the project model knows (apps without a project too), each with the stage
    /// of its findings; a repository no project maps gets one entry per scope its code has.
    public static func all(_ findings: [Finding], scopes: Scopes) -> [TargetStage] {
        var byTarget: [String: [Finding]] = [:]
        for f in findings { for t in f.targets { byTarget[t, default: []].append(f) } }
        var out: [TargetStage] = []
        var seen: Set<String> = []
        func platform(_ p: Set<Platform>) -> String { p.isEmpty ? "unknown" : p.sorted().map(\.rawValue).joined(separator: ", ") }
        // A tvOS, watchOS or macOS target compiles shared code too, but the rules of resizing
        // (and, off UIKit, of scenes) are not its verdict.
        let unreadable = Dictionary(scopes.project.apps.compactMap { a in a.unreadable.map { (a.name, $0) } }, uniquingKeysWith: { a, _ in a })
        func judged(_ name: String, on platforms: Set<Platform>, project: String?) {
            guard seen.insert(name).inserted else { return }
            let own = (byTarget[name] ?? []).filter { f in Catalog.description(f.rule)?.platforms.judges(platforms) ?? true }
            var stage = make(name, platform(platforms), scopes.scope(ofTarget: name), own, unreadable: unreadable[name])
            stage.project = project
            out.append(stage)
        }
        for t in scopes.project.targets { judged(t.name, on: t.platforms, project: t.project) }
        for package in scopes.project.packages {
            for t in package.targets { judged(t.name, on: package.platforms, project: package.folder.isEmpty ? "Package.swift" : package.folder + "/Package.swift") }
        }
        for app in scopes.project.apps where app.target == nil && seen.insert(app.name).inserted {
            out.append(make(app.name, platform(app.platforms), scopes.scope(ofTarget: app.name), byTarget[app.name] ?? [], unreadable: app.unreadable))
        }
        // A project file that could not be read stands for the targets it declares, unknown.
        for (path, reason) in scopes.project.unreadableProjects.sorted(by: { $0.key < $1.key }) where !out.contains(where: { $0.reason == reason }) {
            let name = path.split(separator: "/").dropLast().last.map(String.init) ?? path
            out.append(TargetStage(name: name, platform: "unknown", scope: Stage.deciding(scopes), stage: .unknown, blockers: [], reason: reason))
        }
        // Code no target compiles stands for its scope: `library`, `example`, `test`, `app`.
        let unmapped = findings.filter(\.targets.isEmpty)
        let unmappedScopes = Set(unmapped.map(\.scope))
        if out.isEmpty {
            let present = unmappedScopes.union([Stage.deciding(scopes)])
            for scope in TargetScope.allCases where present.contains(scope) {
                out.append(make(scope.rawValue, "iOS", scope, unmapped.filter { $0.scope == scope }))
            }
        }
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

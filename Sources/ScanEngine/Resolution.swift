import ProjectFiles
import StableHashing
import RuleKit
import Rules
import SourceLexing

/// Settles a file's findings: context from the repository model, rules that apply only in some
/// contexts, one finding per (line, rule), suppressions, configuration, fix and fingerprint.
/// `settle` decides which findings stand; `findings` dresses them for reports and `tally`
/// only counts them (history needs counts for every file of every commit, not messages).
package enum Resolution {
    /// A finding that stands, with its context and severity.
    struct Standing {
        var pending: PendingFinding
        var context: Context
        var severity: Severity
        var scope: TargetScope
        var targets: [TargetID]
    }

    /// What stands of a file's findings, in (line, column, rule) order, and which suppressions
    /// matched nothing (with the rule ids they named in vain).
    static func settle(_ a: FileAnalysis, model: RepositoryModel, configuration: Configuration, scopes: Scopes) -> (standing: [Standing], unused: [(Int, [RuleID])]) {
        // A file without findings or suppressions settles to nothing: ask the target model nothing.
        if a.findings.isEmpty && a.suppressions.isEmpty { return ([], []) }
        // Which platforms compile the file decides which rules judge it (RULES.md "Platforms decide").
        let owners = model.project.mapsSources ? model.project.owners(of: a.path) : []
        var resizable: Bool? = nil, uiKit: Bool? = nil
        var branches: PlatformConditions.Map? = nil
        func platforms(at offset: Int) -> UInt8 {
            guard !a.branches.isEmpty else { return PlatformConditions.uiKitMask }
            if branches == nil {
                let target = model.project.deploymentTarget(for: a.path, owners: owners)
                branches = PlatformConditions.Map(branches: a.branches, language: a.language, macros: model.platformMacros,
                                                  minimumIOS: target.map { $0.major * 10000 + $0.minor * 100 })
            }
            return branches!.mask(at: offset)
        }
        func applies(_ rule: RuleDescription, at offset: Int) -> Bool {
            switch rule.platforms {
            case .any: return true
            case .uiKit:
                if uiKit == nil { uiKit = model.project.compiles(a.path, for: .uiKit, owners: owners) }
                guard uiKit! else { return false }
            case .resizable:
                if resizable == nil { resizable = model.project.compiles(a.path, for: .resizable, owners: owners) }
                guard resizable! else { return false }
            }
            return platforms(at: offset) & PlatformConditions.mask(of: rule.platforms) != 0
        }
        let (fileScope, fileTargets) = scopes.of(a.path, owners: owners)
        var drawnBySystemKnown: Bool? = nil
        /// Whether every target that compiles the file is an extension the system draws (`XcodeProject.Target.isSystemDrawnExtension`).
        func drawnBySystem() -> Bool {
            if let known = drawnBySystemKnown { return known }
            drawnBySystemKnown = !owners.isEmpty && owners.allSatisfy { model.project.targets[$0].isSystemDrawnExtension }
            return drawnBySystemKnown!
        }
        var scenelessKnown: Bool? = nil
        /// Whether the file is a test that runs with no host app (`ProjectModel.hostlessTests`).
        func sceneless() -> Bool {
            if let known = scenelessKnown { return known }
            scenelessKnown = model.project.hostlessTests(a.path)
            return scenelessKnown!
        }
        // A finding's targets are those that compile its line and that its rule judges: not a
        // watchOS target for a resizing rule, not a tvOS target inside `#if TARGET_OS_IOS`.
        var platformsOf: [TargetID: Set<Platform>]? = nil
        /// nil when every target that compiles the file leaves the line out for the platforms the
        /// rule judges (a `#else` of `#if os(iOS)` that only a tvOS target builds: Swiftfin).
        func judging(_ targets: [TargetID], _ rule: RuleDescription, at offset: Int) -> [TargetID]? {
            guard targets.count > 1 || rule.platforms != .any else { return targets }
            if platformsOf == nil {
                var map: [TargetID: Set<Platform>] = [:]
                for t in model.project.targets { map[t.id] = t.platforms }
                for package in model.project.packages { for t in package.targets { map[package.id(of: t)] = package.platforms } }
                for pod in model.project.pods { map[pod.id] = pod.platforms }
                platformsOf = map
            }
            let here = platforms(at: offset) & PlatformConditions.mask(of: rule.platforms)
            var known = 0
            let kept = targets.filter { id in
                guard let platforms = platformsOf?[id], !platforms.isEmpty else { return true }
                guard rule.platforms.judges(platforms) else { known += 1; return false }
                let bits = PlatformConditions.evaluated.enumerated().reduce(UInt8(0)) { m, e in platforms.contains(e.element) ? m | (1 << e.offset) : m }
                if bits == 0 { return true }
                known += 1
                return bits & here != 0
            }
            if kept.isEmpty, !targets.isEmpty, known == targets.count { return nil }
            return kept.isEmpty ? targets : kept
        }
        struct LineRule: Hashable {
            var line: Int
            var rule: RuleID
        }
        // One finding per (line, rule): the first column wins. Targets that share a project-level
        // finding's place (two app targets, one Info.plist) are all its targets.
        var kept: [LineRule: (PendingFinding, Context)] = [:]
        var sharing: [LineRule: [TargetID]] = [:]
        for p in a.findings {
            let context = model.context(ofType: p.typeName, function: p.functionName)
            if let only = p.onlyIn, !only.contains(context) { continue }
            // Findings that do not apply here are out before one per (line, rule) is kept: an
            // API the deployment target has must not hide a newer one later on the line.
            if let required = p.requires {
                // A file no target builds has no deployment target (TCA's DocC tutorial steps).
                guard fileScope != .unbuilt, let target = model.project.deploymentTarget(for: a.path, owners: owners), target < required else { continue }
                // Code only visionOS (or tvOS) compiles, `#if TARGET_OS_VISION`, has its own deployment
                // target, not the iOS one (UTM's visionOS window geometry).
                if platforms(at: p.offset) & PlatformConditions.iOSDeploymentMask == 0 { continue }
                // … and so has a file its targets build for visionOS alone (`platformFilters = (xros)`).
                if model.project.buildsOnlyBesideIOS(a.path, owners: owners) { continue }
                // `@implementation SceneDelegate` of an `API_AVAILABLE(ios(13.0)) @interface` in its header.
                if let type = p.typeName, let declared = model.classAvailability[type], declared >= required { continue }
                // `- (void)show:(UIWindowScene *)s API_AVAILABLE(ios(13.0));` in the header covers the method's body.
                if let member = p.member, let declared = model.classAvailability[member], declared >= required { continue }
            }
            if let name = p.unlessDeclared, model.declaredTypeNames.contains(name) { continue }
            // Code that only runs below the deployment target never runs (an iOS 7 branch at iOS 9).
            if let ceiling = p.runsOnlyBelow, let target = model.project.deploymentTarget(for: a.path, owners: owners), target.major >= ceiling {
                continue
            }
            let key = LineRule(line: p.line, rule: p.rule)
            if let existing = kept[key], existing.0.column <= p.column {
                if let t = p.target, existing.0.target != nil, existing.0.column == p.column { sharing[key, default: []].append(t) }
                continue
            }
            kept[key] = (p, context)
        }
        var used = a.suppressions.map { Set<RuleID>(minimumCapacity: $0.ruleIDs.count) }
        var standing: [Standing] = []
        for (p, context) in kept.values.sorted(by: { ($0.0.line, $0.0.column, $0.0.rule) < ($1.0.line, $1.0.column, $1.0.rule) }) {
            guard let rule = Catalog.description(p.rule) else { continue }
            if configuration.disabled.contains(p.rule) { continue }
            if p.target == nil, !applies(rule, at: p.offset) { continue }
            if let s = suppression(in: a.suppressions, for: p.rule, line: p.line) {
                used[s].insert(p.rule)
                continue
            }
            let scope = p.target.map(scopes.scope(ofTarget:)) ?? fileScope
            // Tests that run with no host app have no scene, ever: a fix that needs one does not
            // apply there, as in code that only runs before iOS 13 (RULES.md "Pre-scene fallbacks";
            // a hostless bundle's frame window is a plain container: Epoxy's safe-area specs).
            if scope == .test, rule.fixNeedsAScene, p.target == nil, sceneless() { continue }
            // Code only a widget, Live Activity or notification-content extension builds: the system
            // draws its views at sizes it chooses, in no window of the app (Trio's Live Activity).
            // What it needs of its deployment target still stands.
            if p.target == nil, p.rule != .apiAboveDeploymentTarget, drawnBySystem() { continue }
            guard var targets = p.target.map({ [$0] }) ?? judging(fileTargets, rule, at: p.offset) else { continue }
            for t in sharing[LineRule(line: p.line, rule: p.rule)] ?? [] where !targets.contains(t) { targets.append(t) }
            standing.append(Standing(pending: p, context: context, severity: configuration.severity[p.rule] ?? p.severity ?? rule.severity,
                                     scope: scope, targets: targets))
        }
        var unused: [(Int, [RuleID])] = []
        if !configuration.disabled.contains(unusedSuppression) {
            for (s, suppression) in a.suppressions.enumerated() {
                let names = suppression.ruleIDs.filter { !used[s].contains($0) && !configuration.disabled.contains($0) }
                if !names.isEmpty || suppression.ruleIDs.isEmpty { unused.append((s, names)) }
            }
        }
        return (standing, unused)
    }

    static let unusedSuppression = RuleID.unusedSuppression

    /// The findings of a file as reports show them.
    package static func findings(of a: FileAnalysis, model: RepositoryModel, configuration: Configuration, scopes: Scopes) -> [Finding] {
        let (standing, unused) = settle(a, model: model, configuration: configuration, scopes: scopes)
        var out: [Finding] = []
        let deployment = standing.isEmpty ? nil : model.project.fixDeploymentTarget(for: a.path)
        // A tvOS app's Info.plist: the fix's versions are tvOS's (a scene delegate from tvOS 13).
        let tvOSPlist = standing.isEmpty || deployment != nil || !a.path.hasSuffix(".plist") ? nil : model.project.tvOSDeploymentTarget(ofPlist: a.path)
        var ordinals: [String: Int] = [:]
        var lineOrdinals: [String: Int] = [:]
        // A file a tvOS target builds too needs its availability checks spelt for tvOS as well:
        // `@available(iOS 17.0, *)` leaves the call unchecked there (JGProgressHUD's tvOS framework).
        let alsoTVOS = !standing.isEmpty && model.project.mapsSources
            && model.project.owners(of: a.path).contains { model.project.targets[$0].platforms(of: a.path).contains(.tvOS) }
        // Whether an app that builds this file names a main storyboard: asked once per file, and only
        // for a launch that shows a window it did not create. Without a project that maps sources to
        // targets, the one app there is owns them.
        var storyboardAppKnown: Bool? = nil
        func storyboardApp() -> Bool {
            if let known = storyboardAppKnown { return known }
            let owning = Set(model.project.owners(of: a.path).map { model.project.targets[$0].id })
            let apps = model.project.mapsSources ? model.project.apps.filter { owning.contains($0.id) } : model.project.apps.count == 1 ? model.project.apps : []
            storyboardAppKnown = apps.contains { $0.facts.mainStoryboard != nil }
            return storyboardAppKnown!
        }
        // An app in test scope — a test host, a benchmark's or an end-to-end test's runner (Datadog's
        // `BenchmarkTests/Runner`) — is app code: its view controllers and app delegate get an app's
        // fixes, not a test's. Asked once per file.
        var runsAsAppKnown: Bool? = nil
        func runsAsApp() -> Bool {
            if let known = runsAsAppKnown { return known }
            runsAsAppKnown = model.project.owners(of: a.path).contains { model.project.targets[$0].kind == .application }
            return runsAsAppKnown!
        }
        for s in standing {
            let p = s.pending
            guard let rule = Catalog.description(p.rule) else { continue }
            let owner = [p.typeName ?? "", p.functionName ?? ""].joined(separator: ".")
            let content = [p.rule.rawValue, owner, p.lineText].joined(separator: "\u{0}")
            let identity = [p.rule.rawValue, a.path, owner, p.lineText].joined(separator: "\u{0}")
            let ordinal = ordinals[identity, default: 0]
            ordinals[identity] = ordinal + 1
            // A SwiftUI view's static member has no environment and is offered no size: it gets
            // what any type member gets (take it as a parameter), not `@Environment` or `GeometryReader`.
            // The enclosing type's roles, walked once: a cell, a presentation controller, a window, a modifier.
            let roles = p.typeName.map { model.roles(of: $0) } ?? []
            // A `ViewModifier`'s `body(content:)` reads the environment and is offered a size as a
            // view's `body` is (Anytype's readable-width modifiers).
            let swiftUIView = model.isSwiftUIView(p.typeName) || (a.language == .swift && roles.contains(.viewModifier))
            // An override a superclass of the repository calls before its view is in a window
            // (Material's `prepare()`, called from `View.init`) runs that early, as its callees do.
            var timing = p.timing ?? []
            if let roots = p.overrideRoots, let type = p.typeName, model.callsEarly(type, anyOf: Set(roots)) { timing.insert(.beforeWindow) }
            var site = FixSite(s.context, a.language, swiftUIView: swiftUIView && (p.inInstance || p.inStoredProperty), timing: timing,
                               inInstance: p.inInstance, sizeParameter: p.sizeParameter, createdObject: p.createdObject,
                               inTests: s.scope == .test && !runsAsApp(), inStoredProperty: p.inStoredProperty)
            site.storesWindow = p.storesWindow
            site.inLibrary = s.scope == .library
            site.shapes = p.shapes
            site.subject = p.subject
            site.hostlessTests = site.inTests && model.project.hostlessTests(a.path)
            site.inAccessor = p.inAccessor
            site.inAction = p.inAction
            site.inViewModifier = a.language == .swift && (model.extendsSwiftUIView(p.typeName) || roles.contains(.viewModifier))
            site.feedsSwiftUI = a.language == .swift && roles.contains(.observableObject)
            // A launch that only shows a window, in an app whose main storyboard makes it.
            if site.shapes.contains(.showsOnly), storyboardApp() { site.shapes.insert(.storyboardWindow) }
            if s.context == .view, roles.contains(.cell) { site.shapes.insert(.inCell) }
            // A presentation controller lays out in its container view, which is at hand in all its
            // members (MZFormSheetPresentationController's status-bar offset and keyboard handler).
            if site.sizeParameter == nil, s.context == .other, p.inInstance, roles.contains(.presentationController) {
                site.sizeParameter = a.language == .swift ? "containerView?.bounds" : "self.containerView.bounds"
            }
            site.inWindow = s.context == .view && roles.contains(.window)
            let fix = rule.fix(site)
            out.append(Finding(rule: p.rule, severity: s.severity, facet: p.facet, context: s.context, path: a.path, line: p.line,
                               column: p.column, message: p.message,
                               suggestion: SuggestionAvailability.suggestion(fix, language: a.language, context: s.context,
                                                                             deployment: deployment ?? tvOSPlist, guaranteed: p.guaranteed, alsoTVOS: alsoTVOS,
                                                                             platform: tvOSPlist != nil ? .tvOS : .iOS),
                               fingerprint: Fingerprint.of(identity + "\u{0}\(ordinal)"), column16: p.column16,
                               contentFingerprint: Fingerprint.of(content + "\u{0}\(ordinal)")))
            out[out.count - 1].scope = s.scope
            out[out.count - 1].targets = s.targets
            out[out.count - 1].inSwiftUIView = model.isSwiftUIView(p.typeName)
            out[out.count - 1].deploymentTarget = deployment
            out[out.count - 1].shapes = p.shapes
            let line = [p.rule.rawValue, a.path, p.lineText].joined(separator: "\u{0}")
            let lineOrdinal = lineOrdinals[line, default: 0]
            lineOrdinals[line] = lineOrdinal + 1
            out[out.count - 1].lineFingerprint = Fingerprint.of(line + "\u{0}\(lineOrdinal)")
        }
        let (fileScope, fileTargets) = unused.isEmpty ? (.app, []) : scopes.of(a.path)
        guard let unusedRule = Catalog.description(unusedSuppression) else { return out }
        for (s, names) in unused {
            let suppression = a.suppressions[s]
            let unknown = names.filter { !Catalog.isKnown($0) }
            var message = suppression.ruleIDs.isEmpty ? "`fleetscan:ignore` names no rule"
                : "`fleetscan:ignore\(suppression.wholeFile ? "-file" : "") \(names.map(\.rawValue).joined(separator: ", "))` matches no finding"
            if !unknown.isEmpty { message += " (unknown rule id: \(unknown.map(\.rawValue).joined(separator: ", ")))" }
            let content = [unusedSuppression.rawValue, suppression.ruleIDs.map(\.rawValue).joined(separator: ","), "\(suppression.wholeFile)"].joined(separator: "\u{0}")
            let identity = [unusedSuppression.rawValue, a.path, suppression.ruleIDs.map(\.rawValue).joined(separator: ","), "\(suppression.wholeFile)"].joined(separator: "\u{0}")
            let ordinal = ordinals[identity, default: 0]
            ordinals[identity] = ordinal + 1
            out.append(Finding(rule: unusedSuppression, severity: configuration.severity[unusedSuppression] ?? unusedRule.severity,
                               facet: unusedRule.facet, context: .other, path: a.path, line: suppression.line, column: suppression.column,
                               message: message, suggestion: unusedRule.fix(FixSite(.other, a.language)),
                               fingerprint: Fingerprint.of(identity + "\u{0}\(ordinal)"), column16: suppression.column16,
                               contentFingerprint: Fingerprint.of(content + "\u{0}\(ordinal)")))
            out[out.count - 1].scope = fileScope
            out[out.count - 1].targets = fileTargets
        }
        return out
    }

    /// Counts of a file's findings per rule and per severity, as `findings` would report them.
    package static func tally(_ a: FileAnalysis, model: RepositoryModel, configuration: Configuration, scopes: Scopes) -> Tally {
        let (standing, unused) = settle(a, model: model, configuration: configuration, scopes: scopes)
        var t = Tally()
        for s in standing { t.add(rule: s.pending.rule, severity: s.severity, scope: s.scope) }
        if !unused.isEmpty, let unusedRule = Catalog.description(unusedSuppression) {
            let severity = configuration.severity[unusedSuppression] ?? unusedRule.severity
            let scope = scopes.of(a.path).scope
            for _ in unused { t.add(rule: unusedSuppression, severity: severity, scope: scope) }
        }
        return t
    }

    /// The suppression that covers `rule` on `line`: one on the line itself, else one on its own
    /// line just above, else an `ignore-file`.
    static func suppression(in all: [LocatedSuppression], for rule: RuleID, line: Int) -> Int? {
        let naming = all.indices.filter { all[$0].ruleIDs.contains(rule) }
        return naming.first { !all[$0].wholeFile && all[$0].line == line }
            ?? naming.first { !all[$0].wholeFile && all[$0].ownLine && all[$0].line == line - 1 }
            ?? naming.first { all[$0].wholeFile }
    }
}

/// Findings counted per rule and per severity, and per scope what a stage needs.
public struct Tally: Sendable, Equatable {
    public var byRule: [String: Int] = [:]
    public var severities = SeverityCounts()
    /// Per scope: findings per rule and by severity.
    public var byScope: [TargetScope: ScopeCounts] = [:]

    public struct ScopeCounts: Sendable, Equatable {
        public var byRule: [String: Int] = [:]
        public var severities = SeverityCounts()
        public var errors: Int { get { severities.errors } set { severities.errors = newValue } }
        public var warnings: Int { get { severities.warnings } set { severities.warnings = newValue } }
        public var notes: Int { get { severities.notes } set { severities.notes = newValue } }
        public var warningsOrErrors: Int { severities.warningsOrErrors }

        package init() {}
    }

    public init() {}

    public var errors: Int { get { severities.errors } set { severities.errors = newValue } }
    public var warnings: Int { get { severities.warnings } set { severities.warnings = newValue } }
    public var notes: Int { get { severities.notes } set { severities.notes = newValue } }
    public var total: Int { severities.total }

    mutating func add(rule: RuleID, severity: Severity, scope: TargetScope) {
        byRule[rule.rawValue, default: 0] += 1
        switch severity {
        case .error: errors += 1
        case .warning: warnings += 1
        case .note: notes += 1
        }
        byScope[scope, default: ScopeCounts()].byRule[rule.rawValue, default: 0] += 1
        switch severity {
        case .error: byScope[scope, default: ScopeCounts()].errors += 1
        case .warning: byScope[scope, default: ScopeCounts()].warnings += 1
        case .note: byScope[scope, default: ScopeCounts()].notes += 1
        }
    }

    public mutating func add(_ other: Tally) {
        for (rule, n) in other.byRule { byRule[rule, default: 0] += n }
        errors += other.errors
        warnings += other.warnings
        notes += other.notes
        for (scope, c) in other.byScope {
            var mine = byScope[scope] ?? ScopeCounts()
            for (rule, n) in c.byRule { mine.byRule[rule, default: 0] += n }
            mine.errors += c.errors
            mine.warnings += c.warnings
            mine.notes += c.notes
            byScope[scope] = mine
        }
    }

    /// The stage the counts of `scope` leave the repository at.
    public func stage(of scope: TargetScope) -> Stage {
        let c = byScope[scope] ?? ScopeCounts()
        return Stage.of(byRule: c.byRule, warningsOrErrors: c.warningsOrErrors)
    }
}

/// Stable 128-bit fingerprints, as 32 hex digits: `StableHash` and a second lane of the same
/// multiply with another seed and a rotation, so two texts rarely share both halves.
public enum Fingerprint {
    public static func of(_ text: String) -> String {
        var a = StableHash()
        var b: UInt64 = 0x6c62_272e_07bb_0142
        for byte in text.utf8 {
            a.add(byte: byte)
            b = (b ^ UInt64(byte)) &* StableHash.prime
            b = (b << 13) | (b >> 51)
        }
        return StableHash.hex(a.value) + StableHash.hex(b)
    }
}

import ResultStore
import RuleKit
import ScanEngine

/// Findings at the heads that one owner holds, across repositories, with their pace.
public struct OwnerRollup: Sendable, Equatable {
    /// The owner as CODEOWNERS or the manifest names it (`@org/team`), or `unowned`.
    public var owner: String
    /// The repositories where it owns findings, the most first.
    public var repositories: [String]
    /// Its findings at the heads, in app and library code.
    public var counts: SeverityCounts
    /// Warnings and errors fixed per week: each repository's pace, shared by the owner's part
    /// of that repository's warnings and errors at the head (history has no owners).
    public var pacePerWeek: Double?
    public var projection: Forecast.Projection
    public var atRisk: Bool

    public static let unowned = "unowned"
    /// The sentence reports print under the owners' table.
    public static let method = "A finding's owners come from the repository's CODEOWNERS at its head (the last matching line), "
        + "else from the manifest's team; a finding with two owners counts for both. An owner's pace is each repository's pace "
        + "shared by the owner's part of that repository's warnings and errors."
}

/// A commit that moved the numbers, with who made it and what it moved.
public struct MovedCommit: Sendable, Equatable {
    public struct RuleChange: Sendable, Equatable {
        public var rule: String
        public var change: Int
    }

    public var repository: String
    public var commit: String
    public var time: Int64
    public var author: String
    public var subject: String
    /// App and library findings against the parent.
    public var delta: SeverityCounts
    /// Every rule's change (all code), the largest first.
    public var rules: [RuleChange]
    /// The files whose counts moved, the largest first.
    public var files: [FileDelta]
    /// The repository's stage before and after, when the commit changed it.
    public var stageChange: (from: Stage?, to: Stage)? = nil

    public static func == (a: MovedCommit, b: MovedCommit) -> Bool {
        a.repository == b.repository && a.commit == b.commit && a.time == b.time && a.author == b.author && a.subject == b.subject
            && a.delta == b.delta && a.rules == b.rules && a.files == b.files
            && a.stageChange?.from == b.stageChange?.from && a.stageChange?.to == b.stageChange?.to
    }

    /// How far the stage moved: positive up (towards modern), negative down, 0 when it stayed.
    public var stageSteps: Int {
        guard let c = stageChange, let from = c.from else { return 0 }
        return Stage.allCases.firstIndex(of: c.to)! - Stage.allCases.firstIndex(of: from)!
    }

    /// 1 when the commit made the app launch again (left not-launching), −1 when it stopped it
    /// launching, else 0: the one stage line that outranks every other move.
    public var launchChange: Int {
        guard let c = stageChange, let from = c.from else { return 0 }
        if from == .notLaunching && c.to != .notLaunching { return 1 }
        if c.to == .notLaunching && from != .notLaunching { return -1 }
        return 0
    }

    /// Whether the commit moved the repository forward: launching again first, then its stage
    /// up, else fewer errors, else fewer findings. What "What moved" lists first on each side.
    var ranking: (Int, Int, Int, Int) { (launchChange, stageSteps, -delta.errors, -delta.total) }
    var isBetter: Bool { ranking > (0, 0, 0, 0) }
    var isWorse: Bool { ranking < (0, 0, 0, 0) }
}

extension FleetOverview {
    /// How many commits "What moved" lists each way.
    static let movedEachWay = 8

    /// Pace, projections, owners and what moved, from the repositories' trends and head work.
    mutating func steer() {
        let now = generated
        var orgErrors: [Int] = [], orgWarnings: [Int] = []
        var activeRepositories = 0
        func addRight(_ a: inout [Int], _ b: [Int]) {
            if b.count > a.count { a = Array(repeating: 0, count: b.count - a.count) + a }
            let offset = a.count - b.count
            for (i, v) in b.enumerated() { a[offset + i] += v }
        }
        for i in repositories.indices {
            var r = repositories[i]
            var errors: [(time: Int64, value: Int)] = [], warnings: [(time: Int64, value: Int)] = []
            var clock = Int64.min
            for p in r.trend {
                clock = max(clock, p.time)
                guard p.error == nil else { continue }  // a commit that failed carries the numbers before it
                errors.append((clock, p.counts.errors))
                warnings.append((clock, p.counts.warnings))
            }
            let e = Forecast.daily(errors, end: now), w = Forecast.daily(warnings, end: now)
            let active = r.trend.contains { $0.time >= now - Int64(Forecast.window) * 86_400 }
            if !r.trend.isEmpty {
                r.errorsOutlook = Forecast.outlook(e, count: r.counts.errors, now: now, active: active)
                r.warningsOutlook = Forecast.outlook(w, count: r.counts.warnings, now: now, active: active)
            }
            if active && r.status == .ok { activeRepositories += 1 }
            r.daily = zip(e, w).map(+)
            r.active = active
            r.pace = active ? Forecast.pace(r.daily) : nil
            r.atRisk = r.finish?.misses(deadline) ?? false
            r.daysSinceLastCommit = r.headTime.map { Int(max(0, now - $0) / 86_400) }
            if r.status == .ok {
                addRight(&orgErrors, e)
                addRight(&orgWarnings, w)
            }
            repositories[i] = r
        }
        let t = totals
        errorsOutlook = Forecast.outlook(orgErrors, count: t.errors, now: now, active: activeRepositories > 0)
        warningsOutlook = Forecast.outlook(orgWarnings, count: t.warnings, now: now, active: activeRepositories > 0)
        self.activeRepositories = activeRepositories
        teams = owners()
        (moved, movedOverWholeHistory) = Self.largestMoves(repositories, now: now)
    }

    /// Findings at the heads rolled up per owner.
    func owners() -> [OwnerRollup] {
        struct Tally {
            var counts = SeverityCounts()
            var byRepository: [String: Int] = [:]
            var pace = 0.0
            var paced = false
            var active = false
        }
        var byOwner: [String: Tally] = [:]
        for r in repositories where r.status == .ok {
            let repositoryPace = r.pace
            var mine: [String: SeverityCounts] = [:]
            for f in r.workList {
                let owners = r.owners(of: f)
                for o in owners.isEmpty ? [OwnerRollup.unowned] : owners {
                    var c = mine[o] ?? SeverityCounts()
                    switch f.severity {
                    case "error": c.errors += 1
                    case "warning": c.warnings += 1
                    default: c.notes += 1
                    }
                    mine[o] = c
                }
            }
            let whole = r.workList.filter { $0.severity != "note" }.count
            for (o, c) in mine {
                var tally = byOwner[o] ?? Tally()
                tally.counts = tally.counts + c
                tally.byRepository[r.name] = c.total
                if r.active { tally.active = true }
                if let repositoryPace, whole > 0 {
                    tally.pace += repositoryPace.perWeek * Double(c.warningsOrErrors) / Double(whole)
                    tally.paced = true
                }
                byOwner[o] = tally
            }
        }
        return byOwner.map { owner, tally in
            let pace = tally.paced ? Forecast.Pace(perWeek: tally.pace, days: Forecast.window) : nil
            let projection = !tally.active && tally.counts.warningsOrErrors > 0 ? .noActivity
                : Forecast.projection(count: tally.counts.warningsOrErrors, pace: pace, now: generated)
            return OwnerRollup(owner: owner, repositories: tally.byRepository.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.map(\.key),
                               counts: tally.counts, pacePerWeek: pace?.perWeek, projection: projection, atRisk: projection.misses(deadline))
        }.sorted { ($0.counts.errors, $0.counts.warnings, $0.counts.total, $1.owner) > ($1.counts.errors, $1.counts.warnings, $1.counts.total, $0.owner) }
    }

    /// The commits of `repositories` whose app and library counts moved most against their
    /// parent, down first, then up: of the 90 days up to `now`, or of the whole stored history
    /// when none moved them in those days (a quiet or stale fleet).
    static func largestMoves(_ repositories: [RepositoryOverview], now: Int64) -> (commits: [MovedCommit], wholeHistory: Bool) {
        let recent = movedCommits(repositories, since: now - Int64(Forecast.window) * 86_400)
        return recent.isEmpty ? (movedCommits(repositories, since: Int64.min), true) : (recent, false)
    }

    static func movedCommits(_ repositories: [RepositoryOverview], since: Int64) -> [MovedCommit] {
        var all: [MovedCommit] = []
        for r in repositories {
            // Against the last commit that was scanned: one that failed carries the numbers before it.
            var last: TrendPoint?
            for p in r.trend where p.error == nil {
                defer { last = p }
                guard let before = last, p.time >= since else { continue }
                let delta = p.counts - before.counts
                let stageMoved = p.stage != nil && before.stage != nil && p.stage != before.stage
                guard delta.total != 0 || stageMoved else { continue }
                var rules: [MovedCommit.RuleChange] = []
                for rule in Set(p.byRule.keys).union(before.byRule.keys) {
                    let change = (p.byRule[rule] ?? 0) - (before.byRule[rule] ?? 0)
                    if change != 0 { rules.append(.init(rule: rule, change: change)) }
                }
                rules.sort { (abs($0.change), $1.rule) > (abs($1.change), $0.rule) }
                let files = p.files.filter { $0.delta != 0 }.sorted { (abs($0.delta), $1.path) > (abs($1.delta), $0.path) }
                var moved = MovedCommit(repository: r.name, commit: p.commit, time: p.time, author: p.author, subject: p.subject,
                                        delta: delta, rules: rules, files: files)
                if stageMoved, let to = p.stage { moved.stageChange = (before.stage, to) }
                all.append(moved)
            }
        }
        // Stage changes lead, then errors (launch blockers), then every finding; the newest first among equals.
        let down = all.filter(\.isBetter).sorted { a, b in
            a.ranking != b.ranking ? a.ranking > b.ranking : (a.time, b.commit) > (b.time, a.commit)
        }.prefix(Self.movedEachWay)
        let up = all.filter(\.isWorse).sorted { a, b in
            a.ranking != b.ranking ? a.ranking < b.ranking : (a.time, b.commit) > (b.time, a.commit)
        }.prefix(Self.movedEachWay)
        return Array(down) + Array(up)
    }

    /// Keeps what `owner` owns: the repositories where it owns a finding at the head or that the
    /// manifest gives to it, each with its work list cut to the owner's findings.
    mutating func narrow(to owner: String) {
        self.owner = owner
        let wanted = owner.lowercased()
        func owns(_ r: RepositoryOverview, _ f: HeadFinding) -> Bool { r.owners(of: f).contains { $0.lowercased() == wanted } }
        repositories = repositories.compactMap { r in
            var r = r
            let mine = r.work?.findings.filter { owns(r, $0) } ?? []
            guard !mine.isEmpty || r.settings.team?.lowercased() == wanted else { return nil }
            r.work?.findings = mine
            return r
        }
        let kept = Set(repositories.map(\.name))
        topFiles = topFiles.filter { kept.contains($0.repository) }
    }
}

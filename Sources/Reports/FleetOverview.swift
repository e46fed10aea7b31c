import Foundation
import ResultStore
import Rules
import RuleKit
import ScanEngine

/// One commit of a repository's first-parent trend.
public struct TrendPoint: Sendable, Equatable {
    public var commit: String
    public var time: Int64
    public var subject: String
    public var stage: Stage?
    public var error: String?
    public var counts: SeverityCounts
    public var byRule: [String: Int]
    /// The author's name ("" when the store predates authors).
    public var author = ""
    /// The paths whose finding count moved against the parent.
    public var files: [FileDelta] = []
}

/// How a repository moved since the previous run that reached it.
public struct RunChange: Sendable, Equatable {
    public var previousHead: String
    /// First-parent commits between the two heads (nil when the old head is not on the new chain).
    public var newCommits: Int?
    public var delta: SeverityCounts
    public var previousStage: Stage?
    public var previousStatus: RunStatus
}

public struct RepositoryOverview: Sendable, Equatable {
    public var name: String
    public var url: String
    /// How the latest run that reached the repository left it.
    public var status: RunStatus
    public var reason: String?
    /// The latest head scanned (from an earlier run when the latest failed).
    public var head: String?
    public var headTime: Int64?
    public var stage: Stage?
    public var counts: SeverityCounts
    public var byRule: [String: Int]
    public var change: RunChange?
    /// Commits scanned by the latest run.
    public var scanned: Int
    public var failedCommits: Int
    /// The stored first-parent chain up to the head, oldest first.
    public var trend: [TrendPoint]
    /// Files with the most findings at the head.
    public var topFiles: [FileCount]
    /// Each target's stage at the head (apps and libraries first, then examples and tests).
    public var targets: [TargetRecord] = []
    /// Findings at the head in example apps and tests, which `counts` leaves out.
    public var apart = SeverityCounts()
    /// What the manifest says about it: its team and link templates.
    public var settings = RepositorySettings()
    /// The findings at the head with their owners (nil when the store has none for the head).
    public var work: HeadWork?
    /// Launch blockers (errors) and warnings: their pace and projected zero.
    public var errorsOutlook: Forecast.Outlook?
    public var warningsOutlook: Forecast.Outlook?
    /// Whether the projection misses the manifest's deadline.
    public var atRisk = false
    /// Days from the head commit to the report's end.
    public var daysSinceLastCommit: Int?
    /// Warnings and errors at the end of each of the last 90 days (the sparkline).
    public var daily: [Int] = []
    /// The pace of `daily`: warnings and errors fixed per week (what rows and owners show); nil
    /// without a commit in the last 90 days.
    public var pace: Forecast.Pace?
    /// Whether it has a first-parent commit in the last 90 days (else no forecast is made).
    public var active = true

    /// When both launch blockers and warnings reach zero.
    public var finish: Forecast.Projection? {
        guard let e = errorsOutlook, let w = warningsOutlook else { return nil }
        return .later(e.projection, w.projection)
    }

    /// No commit for `FleetOverview.staleDays` days.
    public var isStale: Bool { (daysSinceLastCommit ?? 0) >= FleetOverview.staleDays }

    /// Who owns a finding: its CODEOWNERS owners, else the manifest's team; empty when unowned.
    /// With the manifest's `"owners": "manifest"`, its team owns every finding.
    public func owners(of f: HeadFinding) -> [String] {
        if settings.teamOwnsAll, let team = settings.team { return [team] }
        return f.owners ?? settings.team.map { [$0] } ?? []
    }

    /// The findings at the head in app and library code — the team's work list — sorted by owner, file and line.
    public var workList: [HeadFinding] {
        (work?.findings ?? []).filter { $0.scope == "app" || $0.scope == "library" }
    }

    /// The owners of its work list, the most findings first.
    public var owners: [String] {
        var n: [String: Int] = [:]
        for f in workList { for o in owners(of: f) { n[o, default: 0] += 1 } }
        return n.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.map(\.key)
    }

    /// What holds the repository at its stage: the shipping targets (apps, or the library) at
    /// that stage with the rules that hold them, in words, and what that means:
    /// `Riot: no scene manifest — will not launch when built with the iOS 27 SDK`.
    public var stageReasons: [String] { heldBy.map(\.text) }

    /// One shipping target's hold on the stage: its name and its blocking rules (at most three).
    public struct Hold: Sendable, Equatable {
        public var target: String
        public var rules: [String]
        /// The reason a target is unknown (its Info.plist could not be read), else nil.
        public var reason: String?
        public var stage: Stage

        /// What the stage means for it, said after the rules.
        public var consequence: String? {
            // Only what the stage's name does not say already.
            stage == .notLaunching ? "will not launch when built with the iOS 27 SDK" : nil
        }

        /// A rule as words: its name with a lower-case first letter (`no scene manifest`).
        public static func words(_ rule: String) -> String {
            guard let name = Catalog.description(RuleID(rawValue: rule))?.name, let first = name.first else { return rule }
            // Names that start with an API or acronym (`UIScreen.main`, `API above…`) keep their case.
            let second = name.dropFirst().first
            return second.map { $0.isUppercase || $0 == "." } ?? false ? name : first.lowercased() + name.dropFirst()
        }

        public var text: String {
            if let reason { return "\(target): \(reason)" }
            return "\(target): " + rules.map(Self.words).joined(separator: ", ") + (consequence.map { " — " + $0 } ?? "")
                + (migrates ? " (fleetscan migrate scenes writes the scene manifest and delegate)" : "")
        }

        /// Whether `fleetscan migrate scenes` writes the change for one of its rules.
        public var migrates: Bool { rules.contains { Catalog.migratedByScenes.contains(RuleID(rawValue: $0)) } }
    }

    public var heldBy: [Hold] {
        guard let stage else { return [] }
        let shipping = targets.filter { ($0.scope == "app" || $0.scope == "library") && $0.stage == stage }
        if stage == .unknown { return shipping.compactMap { t in t.reason.map { Hold(target: t.name, rules: [], reason: $0, stage: stage) } } }
        return shipping.filter { !$0.blockers.isEmpty }.map { t in
            var distinct: [String] = []
            for b in t.blockers where !distinct.contains(b.rule) { distinct.append(b.rule) }
            return Hold(target: t.name, rules: Array(distinct.prefix(3)), reason: nil, stage: stage)
        }
    }

    /// Demo and example apps, and tests, with their own stages: listed apart, never lowering the repository's.
    public var examplesAndTests: [TargetRecord] { targets.filter { $0.scope == "example" || $0.scope == "test" } }
}

public struct TopFile: Sendable, Equatable {
    public var repository: String
    public var path: String
    public var count: Int
}

/// The org's findings sampled at the end of each day of a regular grid of days.
public struct Timeline: Sendable, Equatable {
    /// Start of each sampled day (seconds since 1970, UTC midnight).
    public var days: [Int64] = []
    /// Series per rule that is non-zero somewhere, the largest first.
    public var rules: [(rule: String, values: [Int])] = []
    public var errors: [Int] = []
    public var warnings: [Int] = []
    public var notes: [Int] = []
    /// Repositories per readiness stage on each day, in `Stage` order (a repository counts from
    /// its first stored commit on).
    public var stages: [(stage: String, values: [Int])] = []

    public static func == (a: Timeline, b: Timeline) -> Bool {
        a.days == b.days && a.errors == b.errors && a.warnings == b.warnings && a.notes == b.notes
            && a.rules.map(\.rule) == b.rules.map(\.rule) && a.rules.map(\.values) == b.rules.map(\.values)
            && a.stages.map(\.stage) == b.stages.map(\.stage) && a.stages.map(\.values) == b.stages.map(\.values)
    }
}

/// Everything the org report shows, read from the store.
public struct FleetOverview: Sendable, Equatable {
    public static let stageOrder = Stage.allCases.map(\.rawValue) + ["failed"]
    /// Days without a commit after which a repository is flagged stale.
    public static let staleDays = 90

    /// When the report's data ends: the latest finished run's end.
    public var generated: Int64
    public var latestRun: RunRecord?
    /// Runs after the latest finished one that never finished (killed), if any.
    public var unfinishedRuns: [RunRecord]
    public var runs: Int
    public var repositories: [RepositoryOverview]
    public var timeline: Timeline
    /// Repositories per stage, in `stageOrder`, "failed" last.
    public var stages: [(stage: String, count: Int)]
    public var topFiles: [TopFile]
    /// The latest finished run's deadline, from its manifest.
    public var deadline: Int64? = nil
    /// The org's launch blockers and warnings: pace and projected zero.
    public var errorsOutlook: Forecast.Outlook? = nil
    public var warningsOutlook: Forecast.Outlook? = nil
    /// Findings at the heads per owner, the most warnings and errors first.
    public var teams: [OwnerRollup] = []
    /// Repositories (scanned ones) with a first-parent commit in the last 90 days: what the org's
    /// projections rest on.
    public var activeRepositories = 0
    /// The commits of the last 90 days that moved the numbers most, down and up (of the whole
    /// stored history when none moved them in those days).
    public var moved: [MovedCommit] = []
    public var movedOverWholeHistory = false
    /// The owner every list is narrowed to (`report --owner`), if any.
    public var owner: String? = nil
    /// Read from a store that `history` wrote, with no fleet run in it.
    public var historyOnly = false
    /// Where the timeline ends and how many points it holds at most (to make it again when narrowed).
    var timelineEnd: Int64 = 0
    var maxPoints = 60

    public var totals: SeverityCounts { repositories.filter { $0.status == .ok }.reduce(SeverityCounts()) { $0 + $1.counts } }
    public var failed: [RepositoryOverview] { repositories.filter { $0.status != .ok } }
    /// When the org reaches zero launch blockers and zero warnings.
    public var finish: Forecast.Projection? {
        guard let e = errorsOutlook, let w = warningsOutlook else { return nil }
        return .later(e.projection, w.projection)
    }

    public static func == (a: FleetOverview, b: FleetOverview) -> Bool {
        a.generated == b.generated && a.latestRun == b.latestRun && a.unfinishedRuns == b.unfinishedRuns && a.runs == b.runs
            && a.repositories == b.repositories && a.timeline == b.timeline && a.stages.map(\.stage) == b.stages.map(\.stage)
            && a.stages.map(\.count) == b.stages.map(\.count) && a.topFiles == b.topFiles && a.deadline == b.deadline
            && a.errorsOutlook == b.errorsOutlook && a.warningsOutlook == b.warningsOutlook && a.teams == b.teams
            && a.moved == b.moved && a.movedOverWholeHistory == b.movedOverWholeHistory && a.owner == b.owner && a.historyOnly == b.historyOnly
            && a.activeRepositories == b.activeRepositories
    }

    /// Reads the overview from `store`; `only` keeps one repository, `owner` narrows every list
    /// to what one owner (`@org/team`) owns. A store with no finished fleet run (one `history`
    /// wrote) gives each repository's newest stored chain.
    public static func load(_ store: any Store, only: String? = nil, owner: String? = nil, maxPoints: Int = 60,
                            topFiles topCount: Int = 15) throws -> FleetOverview {
        let ruleset = Ruleset.fingerprint
        let runs = try store.runs()
        let finished = runs.filter { $0.finished != nil }
        let latest = finished.last
        let unfinished = runs.filter { $0.finished == nil && $0.id > (latest?.id ?? 0) }
        let historyOnly = finished.isEmpty
        // Each repository's records, in run order, from finished runs only: with shards, every
        // repository's latest state comes from the run of the shard that holds it.
        var records: [String: [RunRepositoryRecord]] = [:]
        for run in finished {
            for r in try store.runRepositories(run.id) { records[r.repository, default: []].append(r) }
        }
        var repositories: [RepositoryOverview] = []
        var top: [TopFile] = []
        for row in try store.repositories() where only == nil || row.name == only {
            let commits = try store.allCommits(RulesetKey(repository: row.id, ruleset: ruleset))
            var byID: [String: CommitRecord] = [:]
            for c in commits { byID[c.commit] = c }
            let history: [RunRepositoryRecord]
            let headID: String?
            if historyOnly {
                // No run says where the branch is: the newest commit no stored commit has as parent.
                guard let tip = tips(commits).max(by: { ($0.time, $1.commit) < ($1.time, $0.commit) }) else { continue }
                history = [RunRepositoryRecord(repository: row.name, status: .ok, head: tip.commit, scanned: commits.count)]
                headID = tip.commit
            } else {
                guard let h = records[row.name], let last = h.last else { continue }
                history = h
                headID = last.head ?? h.last(where: { $0.head != nil })?.head
            }
            let last = history[history.count - 1]
            var chain: [CommitRecord] = []
            var next = headID
            var seen = Set<String>()
            while let id = next, let c = byID[id], seen.insert(id).inserted {
                chain.append(c)
                next = c.parent
            }
            chain.reverse()
            // Totals and burndowns count app and library code; examples and tests are shown apart.
            let trend = chain.map { c in
                TrendPoint(commit: c.commit, time: c.time, subject: c.subject, stage: c.stage, error: c.error,
                           counts: c.counted, byRule: c.counts, author: c.author, files: c.fileDeltas)
            }
            let head = chain.last
            // `history` names a repository by its path or URL: pages take a name of their own.
            var name = row.name
            if historyOnly {
                name = pageName(row.name)
                var n = 2
                while repositories.contains(where: { $0.name == name }) { name = pageName(row.name) + "-\(n)"; n += 1 }
            }
            var overview = RepositoryOverview(name: name, url: row.url, status: last.status, reason: last.reason, head: head?.commit,
                                              headTime: head?.time, stage: head?.error == nil ? head?.stage : nil,
                                              counts: trend.last?.counts ?? SeverityCounts(), byRule: head?.counts ?? [:], change: nil,
                                              scanned: last.scanned, failedCommits: last.failedCommits, trend: trend, topFiles: [])
            overview.settings = row.settings
            if history.count >= 2, let previousHead = history[history.count - 2].head, let head {
                let previous = history[history.count - 2]
                let old = byID[previousHead]
                let index = chain.lastIndex { $0.commit == previousHead }
                overview.change = RunChange(previousHead: previousHead, newCommits: index.map { chain.count - 1 - $0 },
                                            delta: head.counted - (old.map(\.counted) ?? SeverityCounts()),
                                            previousStage: old?.stage, previousStatus: previous.status)
            }
            if let head {
                overview.apart = head.apart
                overview.work = try store.headWork(RulesetKey(repository: row.id, ruleset: ruleset).commit(head.commit))
            }
            if let head, let targets = try store.targetStages(RulesetKey(repository: row.id, ruleset: ruleset).commit(head.commit)) {
                overview.targets = targets
            }
            if let head, let files = try store.fileCounts(RulesetKey(repository: row.id, ruleset: ruleset).commit(head.commit)) {
                let sorted = files.sorted { ($0.count, $1.path) > ($1.count, $0.path) }
                overview.topFiles = Array(sorted.prefix(10))
                for f in sorted.prefix(topCount) { top.append(TopFile(repository: name, path: f.path, count: f.count)) }
                top.sort { ($0.count, $1.repository, $1.path) > ($1.count, $0.repository, $0.path) }
                if top.count > topCount { top.removeLast(top.count - topCount) }
            }
            repositories.append(overview)
        }
        let end = max(latest?.finished ?? 0, repositories.compactMap(\.headTime).max() ?? 0)
        var o = FleetOverview(generated: latest?.finished ?? end, latestRun: latest, unfinishedRuns: unfinished, runs: finished.count,
                              repositories: repositories,
                              timeline: timeline(repositories, from: latest?.since, end: end, maxPoints: maxPoints), stages: [],
                              topFiles: top)
        o.historyOnly = historyOnly
        o.deadline = latest?.deadline
        o.timelineEnd = end
        o.maxPoints = maxPoints
        // Steered once: for the whole fleet, or (narrowed) for what one owner owns.
        if let owner { return o.narrowed(to: owner) }
        o.steer()
        o.stages = stageCounts(o.repositories)
        return o
    }

    /// Repositories per stage, in `stageOrder`, "failed" last.
    static func stageCounts(_ repositories: [RepositoryOverview]) -> [(stage: String, count: Int)] {
        stageOrder.map { stage in
            (stage, repositories.filter { stage == "failed" ? $0.status != .ok : ($0.status == .ok && $0.stage?.rawValue == stage) }.count)
        }
    }

    /// What `owner` (`@org/team`) owns, as its own report: the repositories where it owns a
    /// finding at the head or that the manifest gives it, their work lists cut to its findings,
    /// and the timeline, paces and projections of those repositories.
    public func narrowed(to owner: String) -> FleetOverview {
        var o = self
        o.narrow(to: owner)
        o.timeline = Self.timeline(o.repositories, from: latestRun?.since, end: timelineEnd, maxPoints: maxPoints)
        o.steer()
        o.teams = o.teams.filter { $0.owner.lowercased() == owner.lowercased() }
        o.stages = Self.stageCounts(o.repositories)
        return o
    }

    /// A name for report pages: letters, digits, `.`, `_` and `-` — the last component of a
    /// path or URL without `.git` (`/srv/mirrors/shop-ios.git` is `shop-ios`).
    static func pageName(_ name: String) -> String {
        var last = Substring(name)
        while last.hasSuffix("/") { last = last.dropLast() }
        if let cut = last.lastIndex(where: { $0 == "/" || $0 == ":" }) { last = last[last.index(after: cut)...] }
        if last.hasSuffix(".git") { last = last.dropLast(4) }
        let safe = String(last.unicodeScalars.map { u -> Character in
            u.isASCII && (u.properties.isAlphabetic || ("0"..."9").contains(u) || u == "." || u == "_" || u == "-") ? Character(u) : "-"
        })
        return safe.isEmpty || safe == "." || safe == ".." ? "repository" : safe
    }

    /// Stored commits no other stored commit names as its parent: the ends of stored chains.
    static func tips(_ commits: [CommitRecord]) -> [CommitRecord] {
        let parents = Set(commits.compactMap(\.parent))
        return commits.filter { !parents.contains($0.commit) }
    }

    /// Samples every repository's chain at the end of each day of an even grid from the first
    /// commit (or `from`, the runs' `since`, when later: commits older than that only give a
    /// repository's state when the grid starts) to `end`. A chain's commits count from the latest author time seen along it (so a
    /// commit dated before its parent does not go back in time); a commit that failed to scan
    /// carries the previous numbers.
    static func timeline(_ repositories: [RepositoryOverview], from: Int64? = nil, end: Int64, maxPoints: Int) -> Timeline {
        let day: Int64 = 86_400
        guard let earliest = repositories.compactMap({ $0.trend.first?.time }).min() else { return Timeline() }
        let start = min(max(earliest, from ?? earliest), end)
        let first = start >= 0 ? start / day : (start - day + 1) / day
        let last = max(first, end / day)
        let span = last - first
        let step = max(1, (span + Int64(maxPoints) - 2) / Int64(max(1, maxPoints - 1)))
        var days: [Int64] = []
        var d = first
        while d < last { days.append(d); d += step }
        days.append(last)
        var t = Timeline()
        t.days = days.map { $0 * day }
        t.errors = Array(repeating: 0, count: days.count)
        t.warnings = t.errors
        t.notes = t.errors
        var rules: [String: [Int]] = [:]
        var stages: [Stage: [Int]] = [:]
        for r in repositories {
            var i = 0
            var clock = Int64.min
            var current: TrendPoint?
            for (k, d) in days.enumerated() {
                let boundary = (d + 1) * day
                while i < r.trend.count, max(clock, r.trend[i].time) < boundary {
                    clock = max(clock, r.trend[i].time)
                    if r.trend[i].error == nil { current = r.trend[i] }
                    i += 1
                }
                guard let p = current else { continue }
                t.errors[k] += p.counts.errors
                t.warnings[k] += p.counts.warnings
                t.notes[k] += p.counts.notes
                for (rule, n) in p.byRule where n > 0 {
                    rules[rule, default: Array(repeating: 0, count: days.count)][k] += n
                }
                if let stage = p.stage { stages[stage, default: Array(repeating: 0, count: days.count)][k] += 1 }
            }
        }
        t.stages = Stage.allCases.map { (stage: $0.rawValue, values: stages[$0] ?? Array(repeating: 0, count: days.count)) }
        t.rules = rules.map { (rule: $0.key, values: $0.value) }
            .sorted { ($0.values.reduce(0, +), $1.rule) > ($1.values.reduce(0, +), $0.rule) }
        return t
    }
}

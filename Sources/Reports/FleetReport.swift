import ResultStore
import RuleKit
import ScanEngine

/// What every format of the org report shows, derived once from the overview so HTML, Markdown
/// and JSON carry the same numbers.
struct FleetFigures {
    let overview: FleetOverview
    /// Repositories whose state moved since the previous run (or that are new), the largest move first.
    let changes: [RepositoryOverview]
    /// Every repository, furthest behind first: failed ones (nothing is known of them), then
    /// the lowest stage, then the most warnings and errors.
    let rows: [RepositoryOverview]
    /// Repositories with findings, the most warnings and errors first.
    let top: [RepositoryOverview]
    let dayLabels: [String]
    /// The rules over time as at most eight series (the smallest summed as "other").
    let ruleSeries: [SVGChart.Series]

    init(_ o: FleetOverview, topCount: Int = 15) {
        overview = o
        changes = o.repositories.filter { r in
            guard let c = r.change else { return r.status == .ok }
            return c.delta != SeverityCounts() || (c.newCommits ?? 1) > 0 || c.previousStatus != r.status || c.previousStage != r.stage
        }.sorted { (abs($0.change?.delta.total ?? $0.counts.total), $1.name) > (abs($1.change?.delta.total ?? $1.counts.total), $0.name) }
        func rank(_ r: RepositoryOverview) -> Int { r.status != .ok ? -1 : Stage.allCases.firstIndex(of: r.stage ?? .modern) ?? 0 }
        rows = o.repositories.sorted { (rank($0), -$0.counts.warningsOrErrors, $0.name) < (rank($1), -$1.counts.warningsOrErrors, $1.name) }
        top = Array(o.repositories.filter { $0.status == .ok && $0.counts.total > 0 }
            .sorted { ($0.counts.errors + $0.counts.warnings, $0.counts.total, $1.name) > ($1.counts.errors + $1.counts.warnings, $1.counts.total, $0.name) }
            .prefix(topCount))
        dayLabels = o.timeline.days.map(ISODate.day)
        ruleSeries = SVGChart.limited(o.timeline.rules.map { ($0.rule, $0.values) })
    }

    static func signed(_ n: Int) -> String { n > 0 ? "+\(n)" : n < 0 ? "−\(-n)" : "0" }

    /// A count in a repository's row: "–" for a repository whose latest run failed (its numbers
    /// are not known), not the 0 or the older head's count.
    static func count(_ r: RepositoryOverview, _ n: Int) -> String { r.status == .ok ? String(n) : "–" }

    /// The newest commit time in the data (what "data up to" means), nil without any.
    static func newestCommit(_ o: FleetOverview) -> Int64? {
        o.repositories.flatMap { r in r.trend.map(\.time) + (r.headTime.map { [$0] } ?? []) }.max()
    }

    /// "Data up to 2026-11-30 (the newest commit) · report made 2026-12-03T…Z".
    static func dataLine(_ o: FleetOverview) -> String {
        (newestCommit(o).map { "Data up to \(ISODate.day($0)) (the newest commit)" } ?? "No commits stored") + " · report made \(ISODate.string(o.generated))"
    }

    /// What the org's projections rest on: the repositories with a commit in the pace window.
    static func restsOn(_ o: FleetOverview) -> String {
        let scanned = o.repositories.filter { $0.status == .ok }.count
        return "rests on \(o.activeRepositories) of \(plural(scanned, "repository", "repositories")) with commits in the last \(Forecast.window) days"
    }

    /// How often the org's timeline is sampled: "sampled daily", "sampled every 7 days".
    static func sampling(_ t: Timeline) -> String {
        guard t.days.count > 1 else { return "one sample" }
        let step = Int((t.days[1] - t.days[0]) / 86_400)
        return step <= 1 ? "sampled daily" : "sampled every \(step) days"
    }

    /// Why a burndown draws no projection line for a count, nil when it draws one.
    static func noProjection(_ name: String, _ outlook: Forecast.Outlook?) -> String? {
        guard let outlook else { return "\(name): no projection (no history)" }
        switch outlook.projection {
        case .on: return nil
        case .done: return "\(name): none left"
        case .notConverging: return "\(name): no projection line, the count is not going down"
        case .unknown: return "\(name): no projection line, too little history"
        case .noActivity: return "\(name): no projection line, no activity in \(Forecast.window) days"
        }
    }

    static func changeText(_ r: RepositoryOverview) -> String {
        guard let c = r.change else { return "first run" }
        var parts: [String] = []
        if let n = c.newCommits { parts.append("\(n) new commit\(n == 1 ? "" : "s")") } else { parts.append("history rewritten") }
        parts.append("errors \(signed(c.delta.errors)), warnings \(signed(c.delta.warnings)), notes \(signed(c.delta.notes))")
        if c.previousStatus != r.status { parts.append("was \(c.previousStatus), now \(r.status)") }
        if let before = c.previousStage, let now = r.stage, before != now { parts.append("stage \(before) → \(now)") }
        return parts.joined(separator: "; ")
    }

    /// What each stage means, in a sentence (RULES.md "Readiness stages").
    static let stageMeaning: [(stage: String, meaning: String)] = [
        ("not-launching", "an app target lacks what iOS 27 needs to launch it (a scene manifest, a scene delegate it can find, a launch screen) or calls an API newer than its deployment target."),
        ("unknown", "what decides whether an app target launches could not be read (its Info.plist or project file is malformed or missing); the reason is listed."),
        ("launches", "it launches, but code still assumes one device-sized screen: UIScreen.main, idiom or orientation layout, shared windows, the status bar frame."),
        ("no-device-assumptions", "no device assumptions left; other warnings still break under resizing or a second scene."),
        ("resizable", "no warnings: it resizes and runs in several scenes; notes suggest modernisation."),
        ("modern", "no findings at all."),
        ("failed", "the latest run could not scan it; the reason is listed."),
    ]

    static func pace(_ o: Forecast.Outlook?) -> String {
        guard let p = o?.pace else { return "–" }
        return pace(p.perWeek)
    }

    static func pace(_ perWeek: Double?) -> String {
        guard let perWeek else { return "–" }
        let rounded = (perWeek * 10).rounded() / 10
        if rounded == 0 { return "0/week" }
        return rounded > 0 ? "\(rounded)/week" : "−\(-rounded)/week (growing)"
    }

    static func lastCommit(_ r: RepositoryOverview) -> String {
        guard let d = r.daysSinceLastCommit else { return "–" }
        return (d == 0 ? "today" : d == 1 ? "1 day" : "\(d) days") + (r.isStale ? " (stale)" : "")
    }

    /// A repository's owners column: who owns its work list; its team, or "–", when it has none.
    static func owners(_ r: RepositoryOverview) -> String {
        r.workList.isEmpty ? r.settings.team ?? "–" : ownerList(r.owners)
    }

    static func ownerList(_ owners: [String], limit: Int = 3) -> String {
        if owners.isEmpty { return OwnerRollup.unowned }
        return owners.prefix(limit).joined(separator: ", ") + (owners.count > limit ? " +\(owners.count - limit)" : "")
    }

    static func movedTitle(_ o: FleetOverview) -> String {
        o.movedOverWholeHistory ? "What moved: nothing in the last \(Forecast.window) days; the largest moves of the stored history"
            : "What moved in the last \(Forecast.window) days"
    }

    /// `not-launching → launches`, or "" when the commit left the stage as it was.
    static func stageChange(_ m: MovedCommit) -> String {
        guard let c = m.stageChange else { return "" }
        return "\(c.from?.rawValue ?? "none") → \(c.to.rawValue)"
    }

    /// The count's change, with the stage's when it moved: `−3, not-launching → launches`.
    static func change(_ m: MovedCommit) -> String {
        signed(m.delta.total) + (m.stageChange == nil ? "" : ", " + stageChange(m))
    }

    /// The work list's order: errors (launch blockers) first, then warnings, then notes; by
    /// file and line within each.
    static func workOrder(_ a: HeadFinding, _ b: HeadFinding) -> Bool {
        func rank(_ s: String) -> Int { s == "error" ? 0 : s == "warning" ? 1 : 2 }
        if rank(a.severity) != rank(b.severity) { return rank(a.severity) < rank(b.severity) }
        if a.path != b.path { return a.path.utf8Precedes(b.path) }
        return (a.line, a.column, a.rule) < (b.line, b.column, b.rule)
    }

    static func ruleChanges(_ m: MovedCommit, limit: Int = 4) -> String {
        m.rules.prefix(limit).map { "\($0.rule) \(signed($0.change))" }.joined(separator: ", ") + (m.rules.count > limit ? ", …" : "")
    }
}

/// The org dashboard and the repository pages as static HTML with inline SVG.
public enum FleetHTML {
    static let style: Markup = """
        body{font:14px/1.45 -apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:#1d1d1f;margin:0;background:#f5f5f7}
        main{max-width:1300px;margin:0 auto;padding:24px}
        h1{font-size:26px;margin:0 0 4px}h2{font-size:18px;margin:28px 0 8px}h3{font-size:15px;margin:18px 0 6px}
        .sub{color:#6e6e73;margin:0 0 16px}.method{color:#6e6e73;font-size:12px;margin:6px 0 0}
        .cards{display:flex;flex-wrap:wrap;gap:12px}
        .card{background:#fff;border-radius:10px;padding:12px 16px;min-width:140px;box-shadow:0 1px 2px rgba(0,0,0,.08)}
        .card b{display:block;font-size:24px}.card span{color:#6e6e73}
        section{background:#fff;border-radius:10px;padding:12px 16px;margin-top:16px;box-shadow:0 1px 2px rgba(0,0,0,.08)}
        table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:4px 8px;border-bottom:1px solid #eee;vertical-align:top}
        td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}
        svg.chart{width:100%;max-width:100%;height:auto;font-size:11px;fill:#444}svg.spark{vertical-align:middle}
        .legend{list-style:none;padding:0;margin:4px 0 0;display:flex;flex-wrap:wrap;gap:4px 14px;font-size:12px}
        .stages{list-style:none;padding:0;margin:8px 0 0;font-size:12px}.stages li{margin:2px 0}
        .swatch{display:inline-block;width:10px;height:10px;border-radius:2px;margin-right:5px}
        .failed,.risk{color:#b00020}.stale{color:#8a6d00}.stage{font-family:ui-monospace,Menlo,monospace;font-size:12px}
        .reason{color:#6e6e73;font-size:12px}
        code{font-family:ui-monospace,Menlo,monospace;font-size:12px}td.rule code{white-space:nowrap}td code{overflow-wrap:anywhere}td.file{min-width:240px;max-width:340px}
        table.work{table-layout:fixed}table.work td{overflow-wrap:anywhere}table.work td.rule code{white-space:normal}table.work td.file{min-width:0;max-width:none}
        td.line{white-space:nowrap}
        """

    static let stageColors = ["not-launching": "#b00020", "unknown": "#8e8e93", "launches": "#e07a00", "no-device-assumptions": "#c9a400",
                              "resizable": "#2e8b57", "modern": "#1b5e20", "failed": "#6e6e73"]

    static func page(_ title: String, _ body: Markup) -> Markup {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
        <title>\(title)</title>
        <style>\(style)</style>
        </head>
        <body><main>
        \(body)</main></body>
        </html>

        """
    }

    static func card(_ value: String, _ label: String, _ cls: String? = nil) -> Markup {
        "<div class=\"card\"><b\(cls.map { " class=\"\($0)\"" as Markup } ?? "")>\(value)</b><span>\(label)</span></div>"
    }

    static func stageLegend() -> Markup {
        "<ul class=\"stages\">" + FleetFigures.stageMeaning.map {
            "<li><span class=\"swatch\" style=\"background:\(stageColors[$0.stage] ?? "#888")\"></span><b class=\"stage\">\($0.stage)</b>: \($0.meaning)</li>"
        }.joined() + "</ul>\n"
    }

    static func commitLink(_ r: RepositoryOverview, _ commit: String) -> Markup {
        Links.anchor(Links.commit(r.settings, commit), "<code>\(String(commit.prefix(10)))</code>")
    }

    static func fileLink(_ r: RepositoryOverview, _ path: String, line: Int? = nil, text: String? = nil) -> Markup {
        Links.anchor(r.head.flatMap { Links.file(r.settings, commit: $0, path: path, line: line) }, "<code>\(text ?? path)</code>")
    }

    static func projection(_ p: Forecast.Projection?, atRisk: Bool) -> Markup {
        guard let p else { return "–" }
        return atRisk ? "<span class=\"risk\">\(p.text) (at risk)</span>" : Markup(text: p.text)
    }

    /// Each owner's page name (`team-demo-org-platform.html`), for the owners the report holds.
    public static func teamPages(_ o: FleetOverview) -> [String: String] {
        var out: [String: String] = [:], taken: Set<String> = []
        for team in o.teams where team.owner != OwnerRollup.unowned {
            let slug = String(team.owner.lowercased().map { $0.isLetter || $0.isNumber || $0 == "." ? $0 : "-" }).split(separator: "-").joined(separator: "-")
            var name = "team-\(slug.isEmpty ? "owner" : slug).html", n = 2
            while taken.contains(name) { name = "team-\(slug)-\(n).html"; n += 1 }
            taken.insert(name)
            out[team.owner] = name
        }
        return out
    }

    /// The org dashboard (or one owner's, for a narrowed overview); `teamPages` links owners to their pages.
    public static func index(_ o: FleetOverview, teamPages: [String: String] = [:], exports: Bool = false) -> String {
        let f = FleetFigures(o)
        let whose = o.owner == nil ? "org" : "team"
        var b: Markup = o.owner == nil ? "" : "<p><a href=\"index.html\">← fleet</a></p>\n"
        b += "<h1>\(o.owner.map { "\($0): readiness for resizable windows and scenes" } ?? "Fleet readiness for resizable windows and scenes")</h1>\n"
        b += "<p class=\"sub\">\(FleetFigures.dataLine(o)) · "
            + (o.historyOnly ? "from history alone, no fleet run" : "\(o.runs) run\(o.runs == 1 ? "" : "s")") + " · \(plural(o.repositories.count, "repository", "repositories"))"
            + (o.failed.isEmpty ? "" : " · <span class=\"failed\">\(o.failed.count) failed</span>")
            + (o.deadline.map { " · deadline \(ISODate.day($0))" } ?? "")
            + (o.owner.map { " · narrowed to <b>\($0)</b>" } ?? "") + "</p>\n"
        if exports {
            b += "<p class=\"sub\">Export: <a href=\"report.md\">Markdown</a> · <a href=\"report.json\">JSON</a> · <a href=\"work-list.csv\">work list (CSV)</a></p>\n"
        }
        if let owner = o.owner {
            b += "<p class=\"sub\">Work lists and owners hold what \(owner) owns; counts, charts and paces are the listed repositories' whole numbers.</p>\n"
        }
        for run in o.unfinishedRuns {
            b += "<p class=\"failed\">The run started \(ISODate.string(run.started)) (shard \(run.shard)) did not finish; run it again to complete it.</p>\n"
        }
        let t = o.totals
        let delta = o.repositories.compactMap(\.change).reduce(SeverityCounts()) { $0 + $1.delta }
        let atRisk = o.repositories.filter(\.atRisk).count
        b += "<div class=\"cards\">" + card("\(t.errors)", "launch blockers and build errors (\(FleetFigures.signed(delta.errors)) since the previous run)")
            + card("\(t.warnings)", "warnings (\(FleetFigures.signed(delta.warnings)))") + card("\(t.notes)", "notes (\(FleetFigures.signed(delta.notes)))")
            + card("\(o.stages.filter { $0.stage == "resizable" || $0.stage == "modern" }.reduce(0) { $0 + $1.count })/\(o.repositories.count)",
                   "repositories resizable or modern")
            + card(o.errorsOutlook?.projection.text ?? "–", "\(whose) projected at zero launch blockers (\(FleetFigures.pace(o.errorsOutlook)); \(FleetFigures.restsOn(o)))",
                   (o.errorsOutlook?.projection.misses(o.deadline) ?? false) ? "risk" : nil)
            + card(o.warningsOutlook?.projection.text ?? "–", "\(whose) projected at zero warnings (\(FleetFigures.pace(o.warningsOutlook)))",
                   (o.warningsOutlook?.projection.misses(o.deadline) ?? false) ? "risk" : nil)
            + card(o.finish?.text ?? "–", "\(whose) projected done: both at zero", (o.finish?.misses(o.deadline) ?? false) ? "risk" : nil)
            + (o.deadline == nil ? "" : card("\(atRisk)", "repositories at risk of missing the deadline", atRisk > 0 ? "risk" : nil))
            + "</div>\n"

        b += "<section><h2>Repositories, furthest behind first</h2>\n<table><tr><th>repository</th><th>last 90 days</th><th>stage</th>"
            + "<th>owners</th><th class=\"n\">errors</th><th class=\"n\">warnings</th><th class=\"n\">pace</th><th>projected done</th><th>last commit</th></tr>\n"
        for r in f.rows {
            let stage: Markup = r.status == .ok ? "<span class=\"stage\">\(r.stage?.rawValue ?? "unknown")</span>"
                + (r.heldBy.isEmpty ? "" : "<div class=\"reason\">\(r.heldBy.prefix(2).map(heldBy).joined(separator: "; "))</div>")
                : "<span class=\"failed\">failed</span><div class=\"reason\">\(Links.withoutLocalPaths(r.reason ?? "unknown"))</div>"
            b += "<tr><td>\(link(r))</td><td>\(SVGChart.sparkline(r.daily, label: "warnings and errors per day, \(r.name)"))</td><td>\(stage)</td>"
                + "<td>\(FleetFigures.owners(r))</td><td class=\"n\">\(FleetFigures.count(r, r.counts.errors))</td><td class=\"n\">\(FleetFigures.count(r, r.counts.warnings))</td>"
                + "<td class=\"n\">\(FleetFigures.pace(r.pace?.perWeek))</td><td>\(projection(r.finish, atRisk: r.atRisk))</td>"
                + "<td\(r.isStale ? " class=\"stale\"" : "" as Markup)>\(FleetFigures.lastCommit(r))</td></tr>\n"
        }
        b += "</table>\n<p class=\"method\">\(Forecast.method) Stale: no commit for \(FleetOverview.staleDays) days.</p></section>\n"

        b += "<section><h2>Owners</h2>\n"
        if o.teams.isEmpty {
            b += "<p>No findings at the heads.</p>\n"
        } else {
            b += "<table><tr><th>owner</th><th>repositories</th><th class=\"n\">errors</th><th class=\"n\">warnings</th><th class=\"n\">notes</th>"
                + "<th class=\"n\">pace</th><th>projected done</th></tr>\n"
            for team in o.teams {
                let name = teamPages[team.owner].map { "<a href=\"\($0)\">\(team.owner)</a>" } ?? Markup(text: team.owner)
                b += "<tr><td>\(name)</td><td>\(team.repositories.prefix(4).joined(separator: ", ") + (team.repositories.count > 4 ? ", …" : ""))</td>"
                    + "<td class=\"n\">\(team.counts.errors)</td><td class=\"n\">\(team.counts.warnings)</td><td class=\"n\">\(team.counts.notes)</td>"
                    + "<td class=\"n\">\(FleetFigures.pace(team.pacePerWeek))</td><td>\(projection(team.projection, atRisk: team.atRisk))</td></tr>\n"
            }
            b += "</table>\n"
        }
        b += "<p class=\"method\">\(OwnerRollup.method)</p></section>\n"

        b += "<section><h2>\(FleetFigures.movedTitle(o))</h2>\n" + movedTable(o.moved, o) + "</section>\n"

        // Launch blockers on their own scale: a handful of errors would lie flat beside hundreds of warnings.
        let errorSeries = [SVGChart.Series(name: "errors", values: o.timeline.errors, color: "#b00020")]
        let warningSeries = [SVGChart.Series(name: "warnings", values: o.timeline.warnings, color: "#e07a00")]
        func projectionLine(_ outlook: Forecast.Outlook?, _ color: String) -> [SVGChart.Projection] {
            guard let outlook, case .on(let day) = outlook.projection else { return [] }
            return [.init(from: o.generated, value: outlook.count, to: day, color: color)]
        }
        let errorsProjected = projectionLine(o.errorsOutlook, "#b00020"), warningsProjected = projectionLine(o.warningsOutlook, "#e07a00")
        b += "<section><h2>Burndown: launch blockers and warnings</h2>\n<h3>Launch blockers and build errors</h3>\n"
            + SVGChart.line(id: "burndown-errors", title: "Errors, whole fleet", times: o.timeline.days, series: errorSeries, deadline: o.deadline,
                            projections: errorsProjected, yLabel: "errors", today: o.generated)
            + "<h3>Warnings</h3>\n"
            + SVGChart.line(id: "burndown-warnings", title: "Warnings, whole fleet", times: o.timeline.days, series: warningSeries, deadline: o.deadline,
                            projections: warningsProjected, yLabel: "warnings", today: o.generated)
            + ((errorsProjected + warningsProjected).isEmpty ? "" : "<p class=\"method\">Dashed: the projection at today's pace.</p>")
            + { let why = [FleetFigures.noProjection("errors", o.errorsOutlook), FleetFigures.noProjection("warnings", o.warningsOutlook)].compactMap { $0 }
                return why.isEmpty ? "" : "<p class=\"method\">\(why.joined(separator: "; ")).</p>" }()
            + "</section>\n"
        let sampling = FleetFigures.sampling(o.timeline)
        b += "<section><h2>Findings over time, per rule</h2>\n<p class=\"sub\">All code: examples and tests are counted here, not in the totals above. \(sampling.capitalizedFirst).</p>\n"
            + SVGChart.line(id: "rules-over-time", title: "Findings per rule, whole fleet, \(sampling)", times: o.timeline.days, series: f.ruleSeries,
                            deadline: o.deadline, today: o.generated)
            + SVGChart.legend(f.ruleSeries) + "</section>\n"
        let stageSeries = o.timeline.stages.map { SVGChart.Series(name: $0.stage, values: $0.values, color: stageColors[$0.stage] ?? "#888") }
        b += "<section><h2>Repositories per readiness stage over time</h2>\n<p class=\"sub\">\(sampling.capitalizedFirst).</p>\n"
            + SVGChart.stacked(id: "stages-over-time", title: "Repositories per stage, \(sampling)", times: o.timeline.days, series: stageSeries,
                               deadline: o.deadline, today: o.generated)
            + "<h3>Repositories per stage now</h3>\n"
            + SVGChart.bars(id: "stages", title: "Repositories per stage now", items: o.stages.map { ($0.stage, $0.count, stageColors[$0.stage] ?? "#888") })
            + stageLegend() + "</section>\n"

        b += "<section><h2>What changed since the previous run</h2>\n"
        if f.changes.isEmpty {
            b += "<p>Nothing: no repository moved.</p>\n"
        } else {
            b += "<table><tr><th>repository</th><th>change</th><th class=\"n\">errors</th><th class=\"n\">warnings</th><th class=\"n\">notes</th><th>stage</th></tr>\n"
            for r in f.changes {
                b += "<tr><td>\(link(r))</td><td>\(FleetFigures.changeText(r))</td><td class=\"n\">\(r.counts.errors)</td>"
                    + "<td class=\"n\">\(r.counts.warnings)</td><td class=\"n\">\(r.counts.notes)</td><td class=\"stage\">\(r.stage?.rawValue ?? r.status.rawValue)</td></tr>\n"
            }
            b += "</table>\n"
        }
        b += "</section>\n"

        b += "<section><h2>Top files</h2>\n<table><tr><th>repository</th><th>file</th><th class=\"n\">findings</th></tr>\n"
        let byName = Dictionary(o.repositories.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        for file in o.topFiles {
            let path = byName[file.repository].map { fileLink($0, file.path) } ?? "<code>\(file.path)</code>"
            b += "<tr><td>\(file.repository)</td><td>\(path)</td><td class=\"n\">\(file.count)</td></tr>\n"
        }
        b += "</table></section>\n"

        b += "<section><h2>Failed repositories</h2>\n"
        if o.failed.isEmpty {
            b += "<p>None.</p>\n"
        } else {
            b += "<table><tr><th>repository</th><th>reason</th></tr>\n"
            for r in o.failed { b += "<tr><td>\(link(r))</td><td class=\"failed\">\(Links.withoutLocalPaths(r.reason ?? "unknown"))</td></tr>\n" }
            b += "</table>\n"
        }
        b += "</section>\n"
        return page("fleetscan — fleet report", b).html
    }

    /// The commits that moved the numbers, with who made them, what moved and where.
    static func movedTable(_ moved: [MovedCommit], _ o: FleetOverview, repositoryColumn: Bool = true) -> Markup {
        guard !moved.isEmpty else { return "<p>No commit changed the numbers.</p>\n" }
        let byName = Dictionary(o.repositories.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        var b: Markup = "<table><tr><th>date</th>" + (repositoryColumn ? "<th>repository</th>" : "")
            + "<th>commit</th><th>author</th><th>subject</th><th class=\"n\">change</th><th>rules that moved</th><th>files</th></tr>\n"
        for m in moved {
            guard let r = byName[m.repository] else { continue }
            let files: Markup = m.files.prefix(3).map { f -> Markup in "\(Links.anchor(Links.file(r.settings, commit: m.commit, path: f.path), "<code>\(f.path)</code>")) \(FleetFigures.signed(f.delta))" }
                .joined(separator: ", ") + (m.files.count > 3 ? " and \(m.files.count - 3) more" : "")
            b += "<tr><td>\(ISODate.day(m.time))</td>" + (repositoryColumn ? "<td>\(link(r))</td>" : "")
                + "<td>\(commitLink(r, m.commit))</td><td>\(m.author.isEmpty ? "–" : m.author)</td><td>\(m.subject)</td>"
                + "<td class=\"n\">\(FleetFigures.signed(m.delta.total))\(m.stageChange == nil ? "" : "<div class=\"\(m.stageSteps < 0 ? "failed" : "stage")\">\(FleetFigures.stageChange(m))</div>" as Markup)</td>"
                + "<td>\(FleetFigures.ruleChanges(m))</td><td>\(files)</td></tr>\n"
        }
        return b + "</table>\n"
    }

    /// Each target's stage and what holds it there; demo apps and tests in a table of their own.
    static func targetsSection(_ r: RepositoryOverview) -> Markup {
        guard !r.targets.isEmpty else { return "" }
        func rows(_ list: [TargetRecord]) -> Markup {
            var t: Markup = "<table><tr><th>target</th><th>platform</th><th>scope</th><th>stage</th><th>held there by</th></tr>\n"
            for x in list {
                let held = x.reason.map { Markup(text: $0) } ?? (x.blockers.prefix(5).map {
                    "<a href=\"\(PublicSource.catalog($0.rule))\">\(RepositoryOverview.Hold.words($0.rule))</a> (\(fileLink(r, $0.path, line: $0.line, text: "\($0.path):\($0.line)")))" }
                    .joined(separator: ", ") + (x.blockers.count > 5 ? ", …" : ""))
                t += "<tr><td>\(x.name)</td><td>\(x.platform)</td><td>\(x.scope)</td>"
                    + "<td class=\"stage\">\(x.stage.rawValue)</td><td>\(held)</td></tr>\n"
            }
            return t + "</table>\n"
        }
        let shipping = r.targets.filter { $0.scope == "app" || $0.scope == "library" }
        var b: Markup = "<section><h2>Targets</h2>\n<p>The repository's stage is the lowest of its app targets (of its library when it ships no app).</p>\n"
            + rows(shipping)
        if !r.examplesAndTests.isEmpty {
            b += "<h3>Examples and tests (listed apart; they never lower the repository's stage)</h3>\n" + rows(r.examplesAndTests)
        }
        return b + "</section>\n"
    }

    /// The findings at the head in app and library code, by owner and file: the sprint's work list.
    static func workSection(_ r: RepositoryOverview) -> Markup {
        var b: Markup = "<section><h2>Work list at the head</h2>\n"
        guard let work = r.work else { return b + "<p>Not stored for this head; the next run records it.</p></section>\n" }
        b += "<p class=\"sub\">" + (work.ownersFile.map { "Owners from <code>\($0)</code>" } ?? "No CODEOWNERS file")
            + (r.settings.team.map { "; the manifest's team \($0) owns what it does not match" } ?? "") + ".</p>\n"
        for problem in work.ownerProblems { b += "<p class=\"failed\">\(problem)</p>\n" }
        let list = r.workList
        if list.isEmpty { return b + "<p>No findings in app and library code.</p></section>\n" }
        var byOwner: [String: [HeadFinding]] = [:]
        for f in list {
            let owners = r.owners(of: f)
            byOwner[owners.isEmpty ? OwnerRollup.unowned : owners.joined(separator: ", "), default: []].append(f)
        }
        // Owners holding launch blockers first; in each, errors first, then by file and line.
        func errors(_ list: [HeadFinding]) -> Int { list.filter { $0.severity == "error" }.count }
        for (owner, findings) in byOwner.sorted(by: { (errors($0.value), $0.value.count, $1.key) > (errors($1.value), $1.value.count, $0.key) }) {
            let e = errors(findings)
            b += "<h3>\(owner) — \(plural(findings.count, "finding"))\(e > 0 ? ", <span class=\"failed\">\(plural(e, "error"))</span>" : "" as Markup)</h3>\n"
            b += "<table class=\"work\"><colgroup><col style=\"width:20%\"><col style=\"width:5em\"><col style=\"width:14%\"><col style=\"width:6em\">"
                + "<col><col></colgroup><tr><th>file</th><th>line</th><th>rule</th><th>severity</th><th>message</th><th>fix</th></tr>\n"
            var previous: String? = nil
            for f in findings.sorted(by: FleetFigures.workOrder) {
                b += "<tr><td class=\"file\">\(f.path == previous ? "" : fileLink(r, f.path))</td><td class=\"n line\">\(fileLink(r, f.path, line: f.line, text: String(f.line)))</td>"
                    + "<td class=\"rule\"><code>\(f.rule)</code></td><td\(f.severity == "error" ? " class=\"failed\"" : "" as Markup)>\(f.severity)</td>"
                    + "<td>\(HTML.withCode(f.message))</td><td>\(HTML.withCode(f.fix))</td></tr>\n"
                previous = f.path
            }
            b += "</table>\n"
        }
        let apart = (work.findings.count - list.count)
        if apart > 0 { b += "<p class=\"method\">\(plural(apart, "finding")) in examples, tests and unbuilt code \(apart == 1 ? "is" : "are") left out.</p>\n" }
        return b + "</section>\n"
    }

    /// A target's hold in words, each rule linked to its explanation, and the command that
    /// writes the change where `migrate scenes` applies.
    static func heldBy(_ h: RepositoryOverview.Hold) -> Markup {
        if let reason = h.reason { return Markup(text: "\(h.target): \(Links.withoutLocalPaths(reason))") }
        let rules: [Markup] = h.rules.map { "<a href=\"\(PublicSource.catalog($0))\">\(RepositoryOverview.Hold.words($0))</a>" }
        let consequence: Markup = h.consequence.map { " — \($0)" } ?? ""
        let migrates: Markup = h.migrates ? " (<code>fleetscan migrate scenes</code> writes the scene manifest and delegate)" : ""
        return "\(h.target): \(rules.joined(separator: ", "))\(consequence)\(migrates)"
    }

    static func link(_ r: RepositoryOverview) -> Markup {
        "<a href=\"repos/\(r.name).html\">\(r.name)</a>"
    }

    public static func repository(_ r: RepositoryOverview, _ o: FleetOverview) -> String {
        var b: Markup = "<p><a href=\"../index.html\">← fleet</a></p>\n<h1>\(r.name)</h1>\n"
        b += "<p class=\"sub\">" + (Links.publicURL(r.url).map { "<code>\($0)</code> · " } ?? "")
            + (r.head.map { "head \(commitLink(r, $0))" } ?? "no head") + (r.headTime.map { " from \(ISODate.string($0))" } ?? "")
            + (r.settings.team.map { " · team \($0)" } ?? "") + "</p>\n"
        if r.status != .ok { b += "<p class=\"failed\">The latest run failed: \(Links.withoutLocalPaths(r.reason ?? "unknown reason"))</p>\n" }
        b += "<div class=\"cards\">" + card(r.stage?.rawValue ?? "unknown", "readiness stage") + card("\(r.counts.errors)", "launch blockers and build errors")
            + card("\(r.counts.warnings)", "warnings") + card("\(r.counts.notes)", "notes")
            + card(FleetFigures.pace(r.pace?.perWeek), "warnings and errors fixed per week")
            + card(r.finish?.text ?? "–", "projected done" + (r.atRisk ? " — at risk" : ""), r.atRisk ? "risk" : nil)
            + card(FleetFigures.lastCommit(r), "since the last commit", r.isStale ? "stale" : nil)
            + card("\(r.apart.total)", "in examples, tests and unbuilt code (apart)") + "</div>\n"
        b += "<section><h2>Since the previous run</h2><p>\(FleetFigures.changeText(r))</p></section>\n"
        b += targetsSection(r)
        b += workSection(r)
        let series = [SVGChart.Series(name: "errors", values: r.trend.map(\.counts.errors), color: "#b00020"),
                      SVGChart.Series(name: "warnings", values: r.trend.map(\.counts.warnings), color: "#e07a00"),
                      SVGChart.Series(name: "notes", values: r.trend.map(\.counts.notes), color: "#0072b2")]
        var clock = Int64.min
        let times = r.trend.map { p -> Int64 in clock = max(clock, p.time); return clock }
        b += "<section><h2>Per-commit trend</h2>\n" + SVGChart.line(id: "commit-trend", title: "Findings per commit, \(r.name)",
                                                                    times: times, series: series, deadline: o.deadline, today: o.generated)
            + SVGChart.legend(series) + "<p class=\"method\">Each point is a commit at its author date.</p></section>\n"
        b += "<section><h2>Findings by rule at the head</h2>\n"
        var severity: [String: String] = [:]
        for f in r.work?.findings ?? [] where severity[f.rule] == nil || f.severity == "error" { severity[f.rule] = f.severity }
        if let work = r.work {
            // What the headline counts (app and library code) apart from examples, tests and unbuilt code.
            var shipping: [String: Int] = [:], apart: [String: Int] = [:]
            for f in work.findings {
                if f.scope == "app" || f.scope == "library" { shipping[f.rule, default: 0] += 1 } else { apart[f.rule, default: 0] += 1 }
            }
            let rules = Set(shipping.keys).union(apart.keys).sorted { ((shipping[$0] ?? 0), (apart[$0] ?? 0), $1) > ((shipping[$1] ?? 0), (apart[$1] ?? 0), $0) }
            b += "<table><tr><th>rule</th><th>severity</th><th class=\"n\">app and library</th><th class=\"n\">examples, tests, unbuilt (apart)</th></tr>\n"
            for rule in rules {
                b += "<tr><td><code>\(rule)</code></td><td>\(severity[rule] ?? "–")</td>"
                    + "<td class=\"n\">\(shipping[rule] ?? 0)</td><td class=\"n\">\(apart[rule] ?? 0)</td></tr>\n"
            }
            b += "</table>" + (rules.isEmpty ? "<p>None.</p>" : "") + "</section>\n"
        } else {
            b += "<table><tr><th>rule</th><th>severity</th><th class=\"n\">findings (all code)</th></tr>\n"
            for (rule, n) in r.byRule.sorted(by: { ($0.value, $1.key) > ($1.value, $0.key) }) where n > 0 {
                b += "<tr><td><code>\(rule)</code></td><td>\(severity[rule] ?? "–")</td><td class=\"n\">\(n)</td></tr>\n"
            }
            b += "</table>" + (r.byRule.values.contains { $0 > 0 } ? "" : "<p>None.</p>") + "</section>\n"
        }
        b += "<section><h2>Top files</h2>\n<table><tr><th>file</th><th class=\"n\">findings</th></tr>\n"
        for f in r.topFiles { b += "<tr><td>\(fileLink(r, f.path))</td><td class=\"n\">\(f.count)</td></tr>\n" }
        b += "</table>" + (r.topFiles.isEmpty ? "<p>None.</p>" : "") + "</section>\n"
        b += "<section><h2>Commits that moved the numbers</h2>\n" + movedTable(moves(of: r, o), o, repositoryColumn: false) + "</section>\n"
        return page("fleetscan — \(r.name)", b).html
    }

    /// The repository's commits that moved its numbers most, both ways, in the last 90 days
    /// (over its whole stored history when none did).
    static func moves(of r: RepositoryOverview, _ o: FleetOverview) -> [MovedCommit] {
        FleetOverview.largestMoves([r], now: o.generated).commits
    }
}

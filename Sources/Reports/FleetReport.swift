import ResultStore
import ScanEngine

/// What every format of the org report shows, derived once from the overview so HTML, Markdown
/// and JSON carry the same numbers.
struct FleetFigures {
    let overview: FleetOverview
    /// Repositories whose state moved since the previous run (or that are new), the largest move first.
    let changes: [RepositoryOverview]
    /// Repositories with findings, the most warnings and errors first.
    let top: [RepositoryOverview]
    let dayLabels: [String]

    init(_ o: FleetOverview, topCount: Int = 15) {
        overview = o
        changes = o.repositories.filter { r in
            guard let c = r.change else { return r.status == .ok }
            return c.delta != SeverityCounts() || (c.newCommits ?? 1) > 0 || c.previousStatus != r.status || c.previousStage != r.stage
        }.sorted { (abs($0.change?.delta.total ?? $0.counts.total), $1.name) > (abs($1.change?.delta.total ?? $1.counts.total), $0.name) }
        top = Array(o.repositories.filter { $0.status == .ok && $0.counts.total > 0 }
            .sorted { ($0.counts.errors + $0.counts.warnings, $0.counts.total, $1.name) > ($1.counts.errors + $1.counts.warnings, $1.counts.total, $0.name) }
            .prefix(topCount))
        dayLabels = o.timeline.days.map(ISODate.day)
    }

    static func signed(_ n: Int) -> String { n > 0 ? "+\(n)" : n < 0 ? "−\(-n)" : "0" }

    static func changeText(_ r: RepositoryOverview) -> String {
        guard let c = r.change else { return "first run" }
        var parts: [String] = []
        if let n = c.newCommits { parts.append("\(n) new commit\(n == 1 ? "" : "s")") } else { parts.append("history rewritten") }
        parts.append("errors \(signed(c.delta.errors)), warnings \(signed(c.delta.warnings)), notes \(signed(c.delta.notes))")
        if c.previousStatus != r.status { parts.append("was \(c.previousStatus), now \(r.status)") }
        if let before = c.previousStage, let now = r.stage, before != now { parts.append("stage \(before) → \(now)") }
        return parts.joined(separator: "; ")
    }
}

/// The org dashboard and the repository pages as static HTML with inline SVG.
public enum FleetHTML {
    static let style = """
        body{font:14px/1.45 -apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:#1d1d1f;margin:0;background:#f5f5f7}
        main{max-width:1100px;margin:0 auto;padding:24px}
        h1{font-size:26px;margin:0 0 4px}h2{font-size:18px;margin:28px 0 8px}
        .sub{color:#6e6e73;margin:0 0 16px}
        .cards{display:flex;flex-wrap:wrap;gap:12px}
        .card{background:#fff;border-radius:10px;padding:12px 16px;min-width:140px;box-shadow:0 1px 2px rgba(0,0,0,.08)}
        .card b{display:block;font-size:24px}.card span{color:#6e6e73}
        section{background:#fff;border-radius:10px;padding:12px 16px;margin-top:16px;box-shadow:0 1px 2px rgba(0,0,0,.08)}
        table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:4px 8px;border-bottom:1px solid #eee;vertical-align:top}
        td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}
        svg.chart{max-width:100%;height:auto;font-size:11px;fill:#444}
        .legend{list-style:none;padding:0;margin:4px 0 0;display:flex;flex-wrap:wrap;gap:4px 14px;font-size:12px}
        .swatch{display:inline-block;width:10px;height:10px;border-radius:2px;margin-right:5px}
        .failed{color:#b00020}.stage{font-family:ui-monospace,Menlo,monospace;font-size:12px}
        code{font-family:ui-monospace,Menlo,monospace;font-size:12px}
        """

    static let stageColors = ["not-launching": "#b00020", "launches": "#e07a00", "no-device-assumptions": "#c9a400",
                              "resizable": "#2e8b57", "modern": "#1b5e20", "failed": "#6e6e73"]

    static func page(_ title: String, _ body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
        <title>\(HTML.escape(title))</title>
        <style>\(style)</style>
        </head>
        <body><main>
        \(body)</main></body>
        </html>

        """
    }

    static func card(_ value: String, _ label: String) -> String {
        "<div class=\"card\"><b>\(HTML.escape(value))</b><span>\(HTML.escape(label))</span></div>"
    }

    public static func index(_ o: FleetOverview) -> String {
        let f = FleetFigures(o)
        var b = "<h1>Fleet readiness for resizable windows and scenes</h1>\n"
        b += "<p class=\"sub\">Data up to \(ISODate.string(o.generated)) · \(o.runs) run\(o.runs == 1 ? "" : "s") · \(o.repositories.count) repositories"
            + (o.failed.isEmpty ? "" : " · <span class=\"failed\">\(o.failed.count) failed</span>") + "</p>\n"
        for run in o.unfinishedRuns {
            b += "<p class=\"failed\">The run started \(ISODate.string(run.started)) (shard \(HTML.escape(run.shard))) did not finish; run it again to complete it.</p>\n"
        }
        let t = o.totals
        let delta = o.repositories.compactMap(\.change).reduce(SeverityCounts()) { $0 + $1.delta }
        b += "<div class=\"cards\">" + card("\(t.errors)", "errors (\(FleetFigures.signed(delta.errors)) since the previous run)")
            + card("\(t.warnings)", "warnings (\(FleetFigures.signed(delta.warnings)))") + card("\(t.notes)", "notes (\(FleetFigures.signed(delta.notes)))")
            + card("\(o.stages.filter { $0.stage == "resizable" || $0.stage == "modern" }.reduce(0) { $0 + $1.count })/\(o.repositories.count)",
                   "repositories resizable or modern")
            + "</div>\n"

        let rules = o.timeline.rules.enumerated().map { SVGChart.Series(name: $0.element.rule, values: $0.element.values, color: SVGChart.color($0.offset)) }
        b += "<section><h2>Findings over time, per rule</h2>\n" + SVGChart.line(id: "rules-over-time", title: "Findings per rule, whole fleet", labels: f.dayLabels, series: rules)
            + SVGChart.legend(rules) + "</section>\n"
        let burn = [SVGChart.Series(name: "errors", values: o.timeline.errors, color: "#b00020"),
                    SVGChart.Series(name: "warnings", values: o.timeline.warnings, color: "#e07a00")]
        b += "<section><h2>Burndown: warnings and errors</h2>\n" + SVGChart.line(id: "burndown", title: "Warnings and errors, whole fleet", labels: f.dayLabels, series: burn)
            + SVGChart.legend(burn) + "</section>\n"
        b += "<section><h2>Repositories per readiness stage</h2>\n"
            + SVGChart.bars(id: "stages", title: "Repositories per stage", items: o.stages.map { ($0.stage, $0.count, stageColors[$0.stage] ?? "#888") })
            + "</section>\n"

        b += "<section><h2>What changed since the previous run</h2>\n"
        if f.changes.isEmpty {
            b += "<p>Nothing: no repository moved.</p>\n"
        } else {
            b += "<table><tr><th>repository</th><th>change</th><th class=\"n\">errors</th><th class=\"n\">warnings</th><th class=\"n\">notes</th><th>stage</th></tr>\n"
            for r in f.changes {
                b += "<tr><td>\(link(r))</td><td>\(HTML.escape(FleetFigures.changeText(r)))</td><td class=\"n\">\(r.counts.errors)</td>"
                    + "<td class=\"n\">\(r.counts.warnings)</td><td class=\"n\">\(r.counts.notes)</td><td class=\"stage\">\(HTML.escape(r.stage?.rawValue ?? r.status.rawValue))</td></tr>\n"
            }
            b += "</table>\n"
        }
        b += "</section>\n"

        b += "<section><h2>Top repositories</h2>\n<table><tr><th>repository</th><th>stage</th><th>held there by</th><th class=\"n\">errors</th><th class=\"n\">warnings</th><th class=\"n\">notes</th><th>head</th></tr>\n"
        for r in f.top {
            b += "<tr><td>\(link(r))</td><td class=\"stage\">\(HTML.escape(r.stage?.rawValue ?? "unknown"))</td><td>\(HTML.escape(r.stageReasons.prefix(2).joined(separator: "; ")))</td><td class=\"n\">\(r.counts.errors)</td>"
                + "<td class=\"n\">\(r.counts.warnings)</td><td class=\"n\">\(r.counts.notes)</td><td><code>\(HTML.escape(String((r.head ?? "").prefix(10))))</code></td></tr>\n"
        }
        b += "</table></section>\n"

        b += "<section><h2>Top files</h2>\n<table><tr><th>repository</th><th>file</th><th class=\"n\">findings</th></tr>\n"
        for file in o.topFiles {
            b += "<tr><td>\(HTML.escape(file.repository))</td><td><code>\(HTML.escape(file.path))</code></td><td class=\"n\">\(file.count)</td></tr>\n"
        }
        b += "</table></section>\n"

        b += "<section><h2>Failed repositories</h2>\n"
        if o.failed.isEmpty {
            b += "<p>None.</p>\n"
        } else {
            b += "<table><tr><th>repository</th><th>reason</th></tr>\n"
            for r in o.failed { b += "<tr><td>\(link(r))</td><td class=\"failed\">\(HTML.escape(r.reason ?? "unknown"))</td></tr>\n" }
            b += "</table>\n"
        }
        b += "</section>\n"

        b += "<section><h2>All repositories</h2>\n<table><tr><th>repository</th><th>status</th><th>stage</th><th class=\"n\">errors</th><th class=\"n\">warnings</th><th class=\"n\">notes</th><th class=\"n\">commits</th></tr>\n"
        for r in o.repositories {
            b += "<tr><td>\(link(r))</td><td\(r.status == .ok ? "" : " class=\"failed\"")>\(HTML.escape(r.status.rawValue))</td><td class=\"stage\">\(HTML.escape(r.stage?.rawValue ?? "–"))</td>"
                + "<td class=\"n\">\(r.counts.errors)</td><td class=\"n\">\(r.counts.warnings)</td><td class=\"n\">\(r.counts.notes)</td><td class=\"n\">\(r.trend.count)</td></tr>\n"
        }
        b += "</table></section>\n"
        return page("fleetscan — fleet report", b)
    }

    /// Each target's stage and what holds it there; demo apps and tests in a table of their own.
    static func targetsSection(_ r: RepositoryOverview) -> String {
        guard !r.targets.isEmpty else { return "" }
        func rows(_ list: [TargetRecord]) -> String {
            var t = "<table><tr><th>target</th><th>platform</th><th>scope</th><th>stage</th><th>held there by</th></tr>\n"
            for x in list {
                let held = x.blockers.prefix(5).map { "\($0.rule) (\($0.path):\($0.line))" }.joined(separator: ", ")
                    + (x.blockers.count > 5 ? ", …" : "")
                t += "<tr><td>\(HTML.escape(x.name))</td><td>\(HTML.escape(x.platform))</td><td>\(HTML.escape(x.scope))</td>"
                    + "<td class=\"stage\">\(HTML.escape(x.stage.rawValue))</td><td>\(HTML.escape(held))</td></tr>\n"
            }
            return t + "</table>\n"
        }
        let shipping = r.targets.filter { $0.scope == "app" || $0.scope == "library" }
        var b = "<section><h2>Targets</h2>\n<p>The repository's stage is the lowest of its app targets (of its library when it ships no app).</p>\n"
            + rows(shipping)
        if !r.examplesAndTests.isEmpty {
            b += "<h3>Examples and tests (listed apart; they never lower the repository's stage)</h3>\n" + rows(r.examplesAndTests)
        }
        return b + "</section>\n"
    }

    static func link(_ r: RepositoryOverview) -> String {
        "<a href=\"repos/\(HTML.escape(r.name)).html\">\(HTML.escape(r.name))</a>"
    }

    public static func repository(_ r: RepositoryOverview, _ o: FleetOverview) -> String {
        var b = "<p><a href=\"../index.html\">← fleet</a></p>\n<h1>\(HTML.escape(r.name))</h1>\n"
        b += "<p class=\"sub\"><code>\(HTML.escape(r.url))</code> · " + (r.head.map { "head <code>\(HTML.escape(String($0.prefix(10))))</code>" } ?? "no head")
            + (r.headTime.map { " from \(ISODate.string($0))" } ?? "") + "</p>\n"
        if r.status != .ok { b += "<p class=\"failed\">The latest run failed: \(HTML.escape(r.reason ?? "unknown reason"))</p>\n" }
        b += "<div class=\"cards\">" + card(r.stage?.rawValue ?? "unknown", "readiness stage") + card("\(r.counts.errors)", "errors")
            + card("\(r.counts.warnings)", "warnings") + card("\(r.counts.notes)", "notes") + card("\(r.trend.count)", "commits stored")
            + card("\(r.apart.total)", "in examples, tests and unbuilt code (apart)") + "</div>\n"
        b += "<section><h2>Since the previous run</h2><p>\(HTML.escape(FleetFigures.changeText(r)))</p></section>\n"
        b += targetsSection(r)
        let series = [SVGChart.Series(name: "errors", values: r.trend.map(\.counts.errors), color: "#b00020"),
                      SVGChart.Series(name: "warnings", values: r.trend.map(\.counts.warnings), color: "#e07a00"),
                      SVGChart.Series(name: "notes", values: r.trend.map(\.counts.notes), color: "#30638e")]
        b += "<section><h2>Per-commit trend</h2>\n" + SVGChart.line(id: "commit-trend", title: "Findings per commit, \(r.name)",
                                                                    labels: r.trend.map { ISODate.day($0.time) }, series: series)
            + SVGChart.legend(series) + "</section>\n"
        b += "<section><h2>Findings by rule at the head</h2>\n<table><tr><th>rule</th><th class=\"n\">findings</th></tr>\n"
        for (rule, n) in r.byRule.sorted(by: { ($0.value, $1.key) > ($1.value, $0.key) }) where n > 0 {
            b += "<tr><td><code>\(HTML.escape(rule))</code></td><td class=\"n\">\(n)</td></tr>\n"
        }
        b += "</table>" + (r.byRule.values.contains { $0 > 0 } ? "" : "<p>None.</p>") + "</section>\n"
        b += "<section><h2>Top files</h2>\n<table><tr><th>file</th><th class=\"n\">findings</th></tr>\n"
        for f in r.topFiles { b += "<tr><td><code>\(HTML.escape(f.path))</code></td><td class=\"n\">\(f.count)</td></tr>\n" }
        b += "</table>" + (r.topFiles.isEmpty ? "<p>None.</p>" : "") + "</section>\n"
        b += "<section><h2>Recent commits</h2>\n<table><tr><th>commit</th><th>date</th><th>subject</th><th class=\"n\">errors</th><th class=\"n\">warnings</th><th class=\"n\">notes</th><th class=\"n\">change</th></tr>\n"
        for (i, p) in r.trend.enumerated().reversed().prefix(30) {
            let change = i > 0 && p.error == nil ? FleetFigures.signed(p.counts.total - r.trend[i - 1].counts.total) : "–"
            b += "<tr><td><code>\(p.commit.prefix(10))</code></td><td>\(ISODate.day(p.time))</td><td>\(HTML.escape(p.subject))"
                + (p.error.map { " <span class=\"failed\">(\(HTML.escape($0)))</span>" } ?? "") + "</td><td class=\"n\">\(p.counts.errors)</td>"
                + "<td class=\"n\">\(p.counts.warnings)</td><td class=\"n\">\(p.counts.notes)</td><td class=\"n\">\(change)</td></tr>\n"
        }
        b += "</table></section>\n"
        return page("fleetscan — \(r.name)", b)
    }
}

/// The org report as Markdown: the same sections and numbers as the HTML, charts as tables.
public enum FleetMarkdown {
    public static func render(_ o: FleetOverview) -> String {
        let f = FleetFigures(o)
        func cell(_ s: String) -> String { HistoryMarkdown.cell(s) }
        var m = "# Fleet readiness for resizable windows and scenes\n\n"
        m += "Data up to \(ISODate.string(o.generated)) · \(o.runs) run\(o.runs == 1 ? "" : "s") · \(o.repositories.count) repositories"
            + (o.failed.isEmpty ? "" : " · \(o.failed.count) failed") + "\n\n"
        for run in o.unfinishedRuns { m += "> The run started \(ISODate.string(run.started)) (shard \(run.shard)) did not finish.\n\n" }
        let t = o.totals
        m += "**\(plural(t.errors, "error")), \(plural(t.warnings, "warning")), "
            + "\(plural(t.notes, "note"))** at the heads of the repositories that were scanned.\n\n"
        m += "## Repositories per readiness stage\n\n| stage | repositories |\n|---|---:|\n"
        for s in o.stages { m += "| \(s.stage) | \(s.count) |\n" }
        m += "\n## Burndown and findings over time, per rule\n\n"
        m += "| day | errors | warnings | notes |" + o.timeline.rules.map { " `\($0.rule)` |" }.joined() + "\n"
        m += "|---|---:|---:|---:|" + String(repeating: "---:|", count: o.timeline.rules.count) + "\n"
        for (i, day) in f.dayLabels.enumerated() {
            m += "| \(day) | \(o.timeline.errors[i]) | \(o.timeline.warnings[i]) | \(o.timeline.notes[i]) |"
                + o.timeline.rules.map { " \($0.values[i]) |" }.joined() + "\n"
        }
        m += "\n## What changed since the previous run\n\n"
        if f.changes.isEmpty {
            m += "Nothing: no repository moved.\n"
        } else {
            m += "| repository | change | errors | warnings | notes | stage |\n|---|---|---:|---:|---:|---|\n"
            for r in f.changes {
                m += "| \(cell(r.name)) | \(cell(FleetFigures.changeText(r))) | \(r.counts.errors) | \(r.counts.warnings) | \(r.counts.notes) | \(r.stage?.rawValue ?? r.status.rawValue) |\n"
            }
        }
        m += "\n## Top repositories\n\n| repository | stage | held there by | errors | warnings | notes |\n|---|---|---|---:|---:|---:|\n"
        for r in f.top {
            m += "| \(cell(r.name)) | \(r.stage?.rawValue ?? "unknown") | \(cell(r.stageReasons.prefix(2).joined(separator: "; "))) | \(r.counts.errors) | \(r.counts.warnings) | \(r.counts.notes) |\n"
        }
        m += "\n## Top files\n\n| repository | file | findings |\n|---|---|---:|\n"
        for file in o.topFiles { m += "| \(cell(file.repository)) | \(Escape.codeSpan(file.path, inTable: true)) | \(file.count) |\n" }
        m += "\n## Failed repositories\n\n"
        if o.failed.isEmpty { m += "None.\n" } else {
            m += "| repository | reason |\n|---|---|\n"
            for r in o.failed { m += "| \(cell(r.name)) | \(cell(r.reason ?? "unknown")) |\n" }
        }
        m += "\n## Repositories\n"
        for r in o.repositories {
            m += "\n### \(cell(r.name))\n\n" + "Status \(r.status)" + (r.reason.map { " (\(cell($0)))" } ?? "") + " · stage \(r.stage?.rawValue ?? "–")"
                + (r.stageReasons.isEmpty ? "" : " (\(cell(r.stageReasons.prefix(3).joined(separator: "; "))))")
                + " · \(r.counts.errors) errors, \(r.counts.warnings) warnings, \(r.counts.notes) notes"
                + " (examples, tests and unbuilt code apart: \(r.apart.total)) · \(r.trend.count) commits stored"
                + " · since the previous run: \(FleetFigures.changeText(r))\n\n"
            guard !r.trend.isEmpty else { continue }
            m += "| commit | date | errors | warnings | notes | stage | subject |\n|---|---|---:|---:|---:|---|---|\n"
            for p in r.trend {
                m += "| `\(p.commit.prefix(10))` | \(ISODate.day(p.time)) | \(p.counts.errors) | \(p.counts.warnings) | \(p.counts.notes) | "
                    + "\(p.error == nil ? (p.stage?.rawValue ?? "–") : "failed") | \(cell(p.subject)) |\n"
            }
        }
        return m
    }
}

/// The org report as JSON (version 1): the overview with every number the HTML shows.
public enum FleetJSON {
    public static func render(_ o: FleetOverview) -> String {
        let f = FleetFigures(o)
        func counts(_ c: SeverityCounts) -> JSONValue { .object([("error", .int(c.errors)), ("warning", .int(c.warnings)), ("note", .int(c.notes))]) }
        func byRule(_ d: [String: Int]) -> JSONValue { .object(d.filter { $0.value > 0 }.sorted { $0.key < $1.key }.map { ($0.key, .int($0.value)) }) }
        func run(_ r: RunRecord) -> JSONValue {
            .object([("id", .int(Int(r.id))), ("started", .string(ISODate.string(r.started))),
                     ("finished", r.finished.map { .string(ISODate.string($0)) } ?? .null), ("shard", .string(r.shard)),
                     ("since", r.since.map { .string(ISODate.day($0)) } ?? .null)])
        }
        let repositories: [JSONValue] = o.repositories.map { r in
            .object([
                ("name", .string(r.name)), ("url", .string(r.url)), ("status", .string(r.status.rawValue)), ("reason", .optional(r.reason)),
                ("head", .optional(r.head)), ("headTime", r.headTime.map { .string(ISODate.string($0)) } ?? .null),
                ("stage", .optional(r.stage?.rawValue)), ("counts", counts(r.counts)), ("apart", counts(r.apart)), ("byRule", byRule(r.byRule)),
                ("targets", .array(r.targets.map { t in
                    .object([("name", .string(t.name)), ("platform", .string(t.platform)), ("scope", .string(t.scope)),
                             ("stage", .string(t.stage.rawValue)),
                             ("blockers", .array(t.blockers.map { .object([("rule", .string($0.rule)), ("path", .string($0.path)), ("line", .int($0.line))]) }))])
                })),
                ("commitsScanned", .int(r.scanned)), ("failedCommits", .int(r.failedCommits)),
                ("change", r.change.map { c in
                    .object([("previousHead", .string(c.previousHead)), ("newCommits", c.newCommits.map(JSONValue.int) ?? .null),
                             ("delta", counts(c.delta)), ("previousStage", .optional(c.previousStage?.rawValue)),
                             ("previousStatus", .string(c.previousStatus.rawValue))])
                } ?? .null),
                ("topFiles", .array(r.topFiles.map { .object([("path", .string($0.path)), ("count", .int($0.count))]) })),
                ("trend", .array(r.trend.map { p in
                    .object([("commit", .string(p.commit)), ("time", .string(ISODate.string(p.time))), ("subject", .string(p.subject)),
                             ("stage", .optional(p.stage?.rawValue)), ("error", .optional(p.error)), ("counts", counts(p.counts)),
                             ("byRule", byRule(p.byRule))])
                })),
            ])
        }
        return JSONValue.object([
            ("schemaVersion", .int(1)),
            ("generated", .string(ISODate.string(o.generated))),
            ("runs", .int(o.runs)),
            ("latestRun", o.latestRun.map(run) ?? .null),
            ("unfinishedRuns", .array(o.unfinishedRuns.map(run))),
            ("totals", counts(o.totals)),
            ("stages", .object(o.stages.map { ($0.stage, .int($0.count)) })),
            ("timeline", .object([
                ("days", .array(f.dayLabels.map(JSONValue.string))),
                ("errors", .array(o.timeline.errors.map(JSONValue.int))),
                ("warnings", .array(o.timeline.warnings.map(JSONValue.int))),
                ("notes", .array(o.timeline.notes.map(JSONValue.int))),
                ("byRule", .object(o.timeline.rules.map { ($0.rule, .array($0.values.map(JSONValue.int))) })),
            ])),
            ("changed", .array(f.changes.map { .string($0.name) })),
            ("topRepositories", .array(f.top.map { .string($0.name) })),
            ("topFiles", .array(o.topFiles.map { .object([("repository", .string($0.repository)), ("path", .string($0.path)), ("count", .int($0.count))]) })),
            ("failed", .array(o.failed.map { .object([("name", .string($0.name)), ("reason", .optional($0.reason))]) })),
            ("repositories", .array(repositories)),
        ]).rendered()
    }
}

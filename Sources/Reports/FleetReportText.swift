import ResultStore
import RuleKit
import ScanEngine

/// The org report as Markdown: the same sections and numbers as the HTML, charts as tables.
public enum FleetMarkdown {
    public static func render(_ o: FleetOverview) -> String {
        let f = FleetFigures(o)
        func cell(_ s: String) -> String { HistoryMarkdown.cell(s) }
        var m = "# Fleet readiness for resizable windows and scenes\n\n"
        m += FleetFigures.dataLine(o) + " · " + (o.historyOnly ? "from history alone, no fleet run" : "\(o.runs) run\(o.runs == 1 ? "" : "s")")
            + " · \(plural(o.repositories.count, "repository", "repositories"))" + (o.failed.isEmpty ? "" : " · \(o.failed.count) failed")
            + (o.deadline.map { " · deadline \(ISODate.day($0))" } ?? "") + (o.owner.map { " · narrowed to \(cell($0))" } ?? "") + "\n\n"
        if let owner = o.owner {
            m += "Work lists and owners hold what \(cell(owner)) owns; counts, charts and paces are the listed repositories' whole numbers.\n\n"
        }
        for run in o.unfinishedRuns { m += "> The run started \(ISODate.string(run.started)) (shard \(run.shard)) did not finish.\n\n" }
        let t = o.totals
        m += "**\(plural(t.errors, "error")), \(plural(t.warnings, "warning")), "
            + "\(plural(t.notes, "note"))** at the heads of the repositories that were scanned.\n\n"
        m += "Projected: zero launch blockers \(o.errorsOutlook?.projection.text ?? "–") (\(FleetFigures.pace(o.errorsOutlook))); "
            + "zero warnings \(o.warningsOutlook?.projection.text ?? "–") (\(FleetFigures.pace(o.warningsOutlook))); both \(o.finish?.text ?? "–")" + ((o.finish?.misses(o.deadline) ?? false) ? " — after the deadline" : "") + " (\(FleetFigures.restsOn(o))).\n\n"
        m += "## Repositories, furthest behind first\n\n| repository | stage | held there by | owners | errors | warnings | pace | projected done | last commit |\n"
            + "|---|---|---|---|---:|---:|---:|---|---|\n"
        for r in f.rows {
            let held = r.status == .ok ? r.stageReasons.prefix(2).joined(separator: "; ") : Links.withoutLocalPaths(r.reason ?? "unknown")
            m += "| \(cell(r.name)) | \(r.status == .ok ? r.stage?.rawValue ?? "unknown" : "failed") | \(cell(held)) | \(cell(FleetFigures.owners(r))) "
                + "| \(FleetFigures.count(r, r.counts.errors)) | \(FleetFigures.count(r, r.counts.warnings)) | \(FleetFigures.pace(r.pace?.perWeek)) "
                + "| \(r.finish?.text ?? "–")\(r.atRisk ? " (at risk)" : "") | \(FleetFigures.lastCommit(r)) |\n"
        }
        m += "\n\(Forecast.method) Stale: no commit for \(FleetOverview.staleDays) days.\n"
        m += "\n## Owners\n\n"
        if o.teams.isEmpty { m += "No findings at the heads.\n" } else {
            m += "| owner | repositories | errors | warnings | notes | pace | projected done |\n|---|---|---:|---:|---:|---:|---|\n"
            for team in o.teams {
                m += "| \(cell(team.owner)) | \(cell(team.repositories.joined(separator: ", "))) | \(team.counts.errors) | \(team.counts.warnings) "
                    + "| \(team.counts.notes) | \(FleetFigures.pace(team.pacePerWeek)) | \(team.projection.text)\(team.atRisk ? " (at risk)" : "") |\n"
            }
        }
        m += "\n\(OwnerRollup.method)\n"
        m += "\n## \(FleetFigures.movedTitle(o))\n\n" + movedTable(o.moved)
        m += "\n## Repositories per readiness stage\n\n| stage | repositories | meaning |\n|---|---:|---|\n"
        let meaning = Dictionary(uniqueKeysWithValues: FleetFigures.stageMeaning.map { ($0.stage, $0.meaning) })
        for s in o.stages { m += "| \(s.stage) | \(s.count) | \(meaning[s.stage] ?? "") |\n" }
        m += "\n## Burndown and findings over time, per rule\n\n"
        m += "| day | errors | warnings | notes |" + f.ruleSeries.map { " \(Escape.codeSpan($0.name, inTable: true)) |" }.joined() + "\n"
        m += "|---|---:|---:|---:|" + String(repeating: "---:|", count: f.ruleSeries.count) + "\n"
        for (i, day) in f.dayLabels.enumerated() {
            m += "| \(day) | \(o.timeline.errors[i]) | \(o.timeline.warnings[i]) | \(o.timeline.notes[i]) |"
                + f.ruleSeries.map { " \($0.values[i]) |" }.joined() + "\n"
        }
        m += "\n## Repositories per readiness stage over time\n\n| day |" + o.timeline.stages.map { " \($0.stage) |" }.joined() + "\n"
            + "|---|" + String(repeating: "---:|", count: o.timeline.stages.count) + "\n"
        for (i, day) in f.dayLabels.enumerated() { m += "| \(day) |" + o.timeline.stages.map { " \($0.values[i]) |" }.joined() + "\n" }
        m += "\n## What changed since the previous run\n\n"
        if f.changes.isEmpty {
            m += "Nothing: no repository moved.\n"
        } else {
            m += "| repository | change | errors | warnings | notes | stage |\n|---|---|---:|---:|---:|---|\n"
            for r in f.changes {
                m += "| \(cell(r.name)) | \(cell(FleetFigures.changeText(r))) | \(r.counts.errors) | \(r.counts.warnings) | \(r.counts.notes) | \(r.stage?.rawValue ?? r.status.rawValue) |\n"
            }
        }
        m += "\n## Top files\n\n| repository | file | findings |\n|---|---|---:|\n"
        for file in o.topFiles { m += "| \(cell(file.repository)) | \(Escape.codeSpan(file.path, inTable: true)) | \(file.count) |\n" }
        m += "\n## Failed repositories\n\n"
        if o.failed.isEmpty { m += "None.\n" } else {
            m += "| repository | reason |\n|---|---|\n"
            for r in o.failed { m += "| \(cell(r.name)) | \(cell(Links.withoutLocalPaths(r.reason ?? "unknown"))) |\n" }
        }
        m += "\n## Repositories\n"
        for r in o.repositories {
            m += "\n### \(cell(r.name))\n\n" + "Status \(r.status)" + (r.reason.map { " (\(cell(Links.withoutLocalPaths($0))))" } ?? "")
                + " · stage \(r.stage?.rawValue ?? "–")"
                + (r.stageReasons.isEmpty ? "" : " (\(cell(r.stageReasons.prefix(3).joined(separator: "; "))))")
                + " · \(plural(r.counts.errors, "error")), \(plural(r.counts.warnings, "warning")), \(plural(r.counts.notes, "note"))"
                + " (examples, tests and unbuilt code apart: \(r.apart.total)) · \(plural(r.trend.count, "commit")) stored"
                + " · since the previous run: \(FleetFigures.changeText(r))\n\n"
            for problem in r.work?.ownerProblems ?? [] { m += "> \(cell(problem))\n\n" }
            m += workList(r)
            let moves = FleetHTML.moves(of: r, o)
            if !moves.isEmpty { m += "Commits that moved the numbers:\n\n" + movedTable(moves, repositoryColumn: false) + "\n" }
        }
        return m
    }

    static func movedTable(_ moved: [MovedCommit], repositoryColumn: Bool = true) -> String {
        guard !moved.isEmpty else { return "No commit changed the numbers.\n" }
        var m = "| date |" + (repositoryColumn ? " repository |" : "") + " commit | author | subject | change | rules that moved | files |\n"
            + "|---|" + (repositoryColumn ? "---|" : "") + "---|---|---|---:|---|---|\n"
        for c in moved {
            let files = c.files.prefix(3).map { "\(Escape.codeSpan($0.path, inTable: true)) \(FleetFigures.signed($0.delta))" }.joined(separator: ", ")
                + (c.files.count > 3 ? " and \(c.files.count - 3) more" : "")
            m += "| \(ISODate.day(c.time)) |" + (repositoryColumn ? " \(HistoryMarkdown.cell(c.repository)) |" : "")
                + " `\(c.commit.prefix(10))` | \(HistoryMarkdown.cell(c.author.isEmpty ? "–" : c.author)) | \(HistoryMarkdown.cell(c.subject)) "
                + "| \(HistoryMarkdown.cell(FleetFigures.change(c))) | \(HistoryMarkdown.cell(FleetFigures.ruleChanges(c))) | \(files) |\n"
        }
        return m
    }

    /// The head's findings in app and library code: errors first, then by owner, severity, file and line.
    static func workList(_ r: RepositoryOverview) -> String {
        let list = r.workList
        guard !list.isEmpty else { return "" }
        var m = "| owner | file | line | rule | severity | message | fix |\n|---|---|---:|---|---|---|---|\n"
        let owned: [(owner: String, finding: HeadFinding)] = list.map { (FleetFigures.ownerList(r.owners(of: $0), limit: 9), $0) }
        let sorted = owned.sorted { a, b in
            let ea = a.finding.severity == "error", eb = b.finding.severity == "error"
            if ea != eb { return ea }
            if a.owner != b.owner { return a.owner < b.owner }
            return FleetFigures.workOrder(a.finding, b.finding)
        }
        for (owner, f) in sorted {
            m += "| \(HistoryMarkdown.cell(owner)) | \(Escape.codeSpan(f.path, inTable: true)) | \(f.line) | `\(f.rule)` | \(f.severity) "
                + "| \(Escape.markdownWithCode(f.message, inTable: true)) | \(Escape.markdownWithCode(f.fix, inTable: true)) |\n"
        }
        return m + "\n"
    }
}

/// The org report as JSON (version 1): the overview with every number the HTML shows.
public enum FleetJSON {
    /// The org report as JSON. Local paths (a repository's path or file URL, a mirror named in a
    /// failure) are `<local path>` unless `keepPaths`: the report is read off the machine that ran.
    public static func render(_ o: FleetOverview, keepPaths: Bool = false) -> String {
        func url(_ u: String) -> String { keepPaths ? u : Links.publicURL(u) ?? "<local path>" }
        func reason(_ r: String?) -> JSONValue { .optional(keepPaths ? r : r.map(Links.withoutLocalPaths)) }
        let f = FleetFigures(o)
        func counts(_ c: SeverityCounts) -> JSONValue { .object([("error", .int(c.errors)), ("warning", .int(c.warnings)), ("note", .int(c.notes))]) }
        func byRule(_ d: [String: Int]) -> JSONValue { .object(d.filter { $0.value > 0 }.sorted { $0.key < $1.key }.map { ($0.key, .int($0.value)) }) }
        func run(_ r: RunRecord) -> JSONValue {
            .object([("id", .int(Int(r.id))), ("started", .string(ISODate.string(r.started))),
                     ("finished", r.finished.map { .string(ISODate.string($0)) } ?? .null), ("shard", .string(r.shard)),
                     ("since", r.since.map { .string(ISODate.day($0)) } ?? .null),
                     ("deadline", r.deadline.map { .string(ISODate.day($0)) } ?? .null)])
        }
        func outlook(_ x: Forecast.Outlook?) -> JSONValue {
            guard let x else { return .null }
            return .object([("count", .int(x.count)), ("pacePerWeek", x.pace.map { .double($0.perWeek) } ?? .null),
                            ("projection", .string(projection(x.projection)))])
        }
        func repository(_ r: RepositoryOverview) -> JSONValue {
            var fields: [(String, JSONValue)] = [
                ("name", .string(r.name)), ("url", .string(url(r.url))), ("status", .string(r.status.rawValue)), ("reason", reason(r.reason)),
                ("head", .optional(r.head)), ("headTime", r.headTime.map { .string(ISODate.string($0)) } ?? .null),
                ("stage", .optional(r.stage?.rawValue)), ("counts", counts(r.counts)), ("apart", counts(r.apart)), ("byRule", byRule(r.byRule)),
            ]
            let targets: [JSONValue] = r.targets.map { t in
                let blockers: [JSONValue] = t.blockers.map { .object([("rule", .string($0.rule)), ("path", .string($0.path)), ("line", .int($0.line))]) }
                return .object([("name", .string(t.name)), ("platform", .string(t.platform)), ("scope", .string(t.scope)),
                                ("stage", .string(t.stage.rawValue)), ("blockers", .array(blockers))])
            }
            fields.append(("targets", .array(targets)))
            fields += [("commitsScanned", .int(r.scanned)), ("failedCommits", .int(r.failedCommits))]
            let change: JSONValue = r.change.map { c in
                .object([("previousHead", .string(c.previousHead)), ("newCommits", c.newCommits.map(JSONValue.int) ?? .null),
                         ("delta", counts(c.delta)), ("previousStage", .optional(c.previousStage?.rawValue)),
                         ("previousStatus", .string(c.previousStatus.rawValue))])
            } ?? .null
            fields.append(("change", change))
            fields.append(("topFiles", .array(r.topFiles.map { .object([("path", .string($0.path)), ("count", .int($0.count))]) })))
            fields += [("team", .optional(r.settings.team)), ("owners", .array(r.owners.map(JSONValue.string)))]
            fields.append(("pacePerWeek", r.pace.map { .double($0.perWeek) } ?? .null))
            fields.append(("outlook", .object([("errors", outlook(r.errorsOutlook)), ("warnings", outlook(r.warningsOutlook)),
                                               ("finish", r.finish.map { .string(projection($0)) } ?? .null)])))
            fields += [("atRisk", .bool(r.atRisk)), ("daysSinceLastCommit", r.daysSinceLastCommit.map(JSONValue.int) ?? .null),
                       ("stale", .bool(r.isStale)), ("ownersFile", .optional(r.work?.ownersFile)),
                       ("ownerProblems", .array((r.work?.ownerProblems ?? []).map(JSONValue.string)))]
            let work: [JSONValue] = r.workList.map { w in
                .object([("path", .string(w.path)), ("line", .int(w.line)), ("column", .int(w.column)), ("rule", .string(w.rule)),
                         ("severity", .string(w.severity)), ("scope", .string(w.scope)), ("message", .string(w.message)), ("fix", .string(w.fix)),
                         ("owners", .array(r.owners(of: w).map(JSONValue.string)))])
            }
            fields.append(("work", .array(work)))
            let trend: [JSONValue] = r.trend.map { p in
                .object([("commit", .string(p.commit)), ("time", .string(ISODate.string(p.time))), ("subject", .string(p.subject)),
                         ("author", .string(p.author)), ("stage", .optional(p.stage?.rawValue)), ("error", .optional(p.error)),
                         ("counts", counts(p.counts)), ("byRule", byRule(p.byRule))])
            }
            fields.append(("trend", .array(trend)))
            return .object(fields)
        }
        let repositories = o.repositories.map(repository)
        return JSONValue.object([
            ("schemaVersion", .int(1)),
            ("generated", .string(ISODate.string(o.generated))),
            ("dataUpTo", FleetFigures.newestCommit(o).map { .string(ISODate.string($0)) } ?? .null),
            ("activeRepositories", .int(o.activeRepositories)),
            ("runs", .int(o.runs)),
            ("historyOnly", .bool(o.historyOnly)),
            ("owner", .optional(o.owner)),
            ("deadline", o.deadline.map { .string(ISODate.day($0)) } ?? .null),
            ("latestRun", o.latestRun.map(run) ?? .null),
            ("unfinishedRuns", .array(o.unfinishedRuns.map(run))),
            ("totals", counts(o.totals)),
            ("outlook", .object([("errors", outlook(o.errorsOutlook)), ("warnings", outlook(o.warningsOutlook)),
                                 ("finish", o.finish.map { .string(projection($0)) } ?? .null), ("method", .string(Forecast.method))])),
            ("stages", .object(o.stages.map { ($0.stage, .int($0.count)) })),
            ("timeline", .object([
                ("days", .array(f.dayLabels.map(JSONValue.string))),
                ("errors", .array(o.timeline.errors.map(JSONValue.int))),
                ("warnings", .array(o.timeline.warnings.map(JSONValue.int))),
                ("notes", .array(o.timeline.notes.map(JSONValue.int))),
                ("byRule", .object(o.timeline.rules.map { ($0.rule, .array($0.values.map(JSONValue.int))) })),
                ("byStage", .object(o.timeline.stages.map { ($0.stage, .array($0.values.map(JSONValue.int))) })),
            ])),
            ("owners", .array(o.teams.map { t in
                .object([("owner", .string(t.owner)), ("repositories", .array(t.repositories.map(JSONValue.string))), ("counts", counts(t.counts)),
                         ("pacePerWeek", t.pacePerWeek.map(JSONValue.double) ?? .null), ("projection", .string(projection(t.projection))),
                         ("atRisk", .bool(t.atRisk))])
            })),
            ("movedOverWholeHistory", .bool(o.movedOverWholeHistory)),
            ("moved", .array(o.moved.map { m in
                .object([("repository", .string(m.repository)), ("commit", .string(m.commit)), ("time", .string(ISODate.string(m.time))),
                         ("author", .string(m.author)), ("subject", .string(m.subject)), ("delta", counts(m.delta)),
                         ("rules", .object(m.rules.map { ($0.rule, .int($0.change)) })),
                         ("files", .array(m.files.map { .object([("path", .string($0.path)), ("delta", .int($0.delta))]) }))]
                        + (m.stageChange.map { [("stage", .object([("from", .optional($0.from?.rawValue)), ("to", .string($0.to.rawValue))]))] } ?? []))
            })),
            ("changed", .array(f.changes.map { .string($0.name) })),
            ("topRepositories", .array(f.top.map { .string($0.name) })),
            ("topFiles", .array(o.topFiles.map { .object([("repository", .string($0.repository)), ("path", .string($0.path)), ("count", .int($0.count))]) })),
            ("failed", .array(o.failed.map { .object([("name", .string($0.name)), ("reason", reason($0.reason))]) })),
            ("repositories", .array(repositories)),
        ]).rendered()
    }

    /// `done`, `not-converging`, `unknown` (too little history) or the projected day.
    static func projection(_ p: Forecast.Projection) -> String {
        switch p {
        case .done: return "done"
        case .notConverging: return "not-converging"
        case .noActivity: return "no-activity"
        case .unknown: return "unknown"
        case .on(let t): return ISODate.day(t)
        }
    }
}

/// The org's work list as CSV (RFC 4180): one row per finding at the heads in app and library
/// code, for a spreadsheet or a tracker's import.
public enum FleetCSV {
    public static let header = ["repository", "owners", "severity", "rule", "file", "line", "column", "message", "fix"]

    public static func workList(_ o: FleetOverview) -> String {
        var out = header.joined(separator: ",") + "\r\n"
        for r in o.repositories where r.status == .ok {
            for f in r.workList.sorted(by: FleetFigures.workOrder) {
                let owners = r.owners(of: f)
                let row = [r.name, owners.isEmpty ? OwnerRollup.unowned : owners.joined(separator: " "), f.severity, f.rule, f.path,
                           String(f.line), String(f.column), f.message, f.fix]
                // Owners are kept as CODEOWNERS writes them (`@org/team`, validated: no formula can hide in one).
                out += row.enumerated().map { $0.offset == 1 ? field($0.element, guarded: false) : field($0.element) }.joined(separator: ",") + "\r\n"
            }
        }
        return out
    }

    /// A field, quoted when it holds a comma, quote or line break (quotes doubled). A field a
    /// spreadsheet would run as a formula (`=`, `+`, `-`, `@` first) gets a leading apostrophe.
    static func field(_ s: String, guarded: Bool = true) -> String {
        var v = s
        if guarded, let first = v.first, "=+-@\t\r".contains(first) { v = "'" + v }
        guard v.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return v }
        return "\"" + v.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}

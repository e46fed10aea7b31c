import Testing
import ResultStore
import RuleKit
@testable import Reports
import ScanEngine

/// What the org report puts first and what it claims (issue 31): stage changes lead "what
/// moved", errors lead work lists and owners, failed repositories lead "furthest behind" with
/// "–" for numbers nobody knows, and a repository silent for 90 days gets no forecast.
@Suite struct DashboardPrioritiesTests {
    static let day: Int64 = 86_400
    static let now = ISODate.parse("2026-12-01")!

    static func point(_ commit: String, daysAgo: Int, stage: Stage, errors: Int = 0, warnings: Int = 0, subject: String = "") -> TrendPoint {
        TrendPoint(commit: commit, time: now - Int64(daysAgo) * day, subject: subject, stage: stage, error: nil,
                   counts: SeverityCounts(errors: errors, warnings: warnings), byRule: ["r": errors + warnings])
    }

    static func repository(_ name: String, _ trend: [TrendPoint], status: RunStatus = .ok, work: [HeadFinding] = [], team: String? = nil) -> RepositoryOverview {
        var r = RepositoryOverview(name: name, url: "https://example.com/\(name).git", status: status, reason: status == .ok ? nil : "cannot fetch: no repository",
                                   head: trend.last?.commit, headTime: trend.last?.time, stage: trend.last?.stage,
                                   counts: trend.last?.counts ?? SeverityCounts(), byRule: [:], change: nil, scanned: trend.count, failedCommits: 0,
                                   trend: trend, topFiles: [])
        r.work = HeadWork(findings: work)
        r.settings.team = team
        return r
    }

    static func overview(_ repositories: [RepositoryOverview]) -> FleetOverview {
        var o = FleetOverview(generated: now, latestRun: nil, unfinishedRuns: [], runs: 1, repositories: repositories, timeline: Timeline(),
                              stages: [], topFiles: [])
        o.steer()
        return o
    }

    static func finding(_ rule: String, _ severity: String, _ path: String, _ line: Int, owner: String = "@t/a") -> HeadFinding {
        HeadFinding(rule: rule, severity: severity, path: path, line: line, column: 1, message: "m", fix: "f", scope: "app", owners: [owner])
    }

    @Test func aStageChangeLeadsWhatMovedThoughItMovedFewerFindings() {
        let cleanup = Self.repository("cleanup", [Self.point("c0", daysAgo: 30, stage: .launches, warnings: 60),
                                                  Self.point("c1", daysAgo: 20, stage: .launches, warnings: 10)])
        let scenes = Self.repository("scenes", [Self.point("s0", daysAgo: 30, stage: .notLaunching, errors: 1, warnings: 5),
                                                Self.point("s1", daysAgo: 10, stage: .launches, warnings: 6, subject: "Adopt UIScene"),
                                                // Same counts, but the stage fell: a regression with no count moved.
                                                Self.point("s2", daysAgo: 5, stage: .notLaunching, warnings: 6)])
        let warnings = Self.repository("warnings", [Self.point("w0", daysAgo: 30, stage: .launches, warnings: 1),
                                                    Self.point("w1", daysAgo: 8, stage: .launches, warnings: 9)])
        // Four stage steps up (launches → modern) rank after launching again (two steps).
        let polish = Self.repository("polish", [Self.point("p0", daysAgo: 30, stage: .launches, warnings: 1),
                                                Self.point("p1", daysAgo: 9, stage: .modern)])
        let o = Self.overview([cleanup, scenes, warnings, polish])
        #expect(o.moved.map(\.commit) == ["s1", "p1", "c1", "s2", "w1"], "\(o.moved.map(\.commit))")
        #expect(FleetFigures.change(o.moved[0]) == "0, not-launching → launches")
        #expect(FleetFigures.change(o.moved[3]) == "0, launches → not-launching")
        let html = FleetHTML.index(o)
        #expect(html.contains("not-launching → launches"))
        #expect(html.range(of: "s1")!.lowerBound < html.range(of: "c1")!.lowerBound)
    }

    @Test func errorsLeadTheWorkListAndTheOwners() {
        let work = [Self.finding("main-screen-bounds", "warning", "A/A.swift", 3), Self.finding("orientation-layout", "warning", "A/B.swift", 9),
                    Self.finding("scene-manifest-missing", "error", "Z/Info.plist", 1),
                    Self.finding("main-screen", "warning", "B/C.swift", 1, owner: "@t/many"), Self.finding("main-screen", "warning", "B/D.swift", 1, owner: "@t/many"),
                    Self.finding("main-screen", "warning", "B/E.swift", 1, owner: "@t/many")]
        let r = Self.repository("app", [Self.point("a0", daysAgo: 3, stage: .notLaunching, errors: 1, warnings: 5)], work: work)
        let o = Self.overview([r])
        #expect(o.teams.map(\.owner) == ["@t/a", "@t/many"])  // one error outranks three warnings
        let page = FleetHTML.repository(o.repositories[0], o)
        let rows = page.components(separatedBy: "<td class=\"rule\"><code>").dropFirst().map { $0.prefix { $0 != "<" } }
        #expect(rows.first == "scene-manifest-missing", "\(rows)")
        #expect(page.range(of: "@t/a — 3 findings, <span class=\"failed\">1 error</span>")!.lowerBound < page.range(of: "@t/many — 3 findings")!.lowerBound)
        let md = FleetMarkdown.render(o)
        #expect(md.range(of: "scene-manifest-missing")!.lowerBound < md.range(of: "`main-screen-bounds`")!.lowerBound)
    }

    @Test func aRepositorySilentForNinetyDaysHasNoForecast() {
        let stale = Self.repository("stale", [Self.point("o0", daysAgo: 200, stage: .launches, warnings: 30),
                                              Self.point("o1", daysAgo: 120, stage: .launches, warnings: 20)],
                                    work: [Self.finding("main-screen", "warning", "A.swift", 1)])
        let o = Self.overview([stale])
        let r = o.repositories[0]
        #expect(r.finish == .noActivity && !r.atRisk && r.pace == nil)
        #expect(o.errorsOutlook?.projection == .done && o.warningsOutlook?.projection == .noActivity)
        #expect(o.teams.first?.projection == .noActivity)
        #expect(o.activeRepositories == 0)
        let html = FleetHTML.index(o)
        #expect(html.contains("no activity in 90 days — no forecast") && !html.contains("not converging"))
        #expect(html.contains("rests on 0 of 1 repository with commits in the last 90 days"))
        #expect(html.contains("warnings: no projection line, no activity in 90 days"))
        #expect(html.contains("Data up to 2026-08-03 (the newest commit) · report made 2026-12-01T00:00:00Z"), "\(html.prefix(900))")
        #expect(FleetJSON.render(o).contains("\"projection\": \"no-activity\""))
    }

    @Test func failedRepositoriesLeadWithUnknownNumbers() {
        let ok = Self.repository("ok", [Self.point("k0", daysAgo: 3, stage: .notLaunching, errors: 2)])
        var gone = Self.repository("gone", [Self.point("g0", daysAgo: 40, stage: .launches, warnings: 4)], status: .failed)
        gone.reason = "cannot fetch: no repository"
        let o = Self.overview([ok, gone])
        #expect(FleetFigures(o).rows.map(\.name) == ["gone", "ok"])
        let md = FleetMarkdown.render(o)
        #expect(md.contains("| gone | failed | cannot fetch: no repository | – | – | – |"), "\(md)")
    }

    @Test func theWorkListExportsAsCSVWithErrorsFirstAndNoFormulas() {
        let work = [Self.finding("main-screen", "warning", "A.swift", 2), Self.finding("scene-manifest-missing", "error", "Info.plist", 1),
                    HeadFinding(rule: "main-screen", severity: "warning", path: "B, \"q\".swift", line: 1, column: 1, message: "=HYPERLINK(\"x\")",
                                fix: "line\nbreak", scope: "app", owners: ["@t/a"]),
                    HeadFinding(rule: "main-screen", severity: "warning", path: "Demo/C.swift", line: 1, column: 1, message: "m", fix: "f",
                                scope: "example", owners: nil)]
        let o = Self.overview([Self.repository("app", [Self.point("a0", daysAgo: 3, stage: .notLaunching, errors: 1, warnings: 2)], work: work)])
        let rows = FleetCSV.workList(o).components(separatedBy: "\r\n")
        #expect(rows[0] == "repository,owners,severity,rule,file,line,column,message,fix")
        #expect(rows[1] == "app,@t/a,error,scene-manifest-missing,Info.plist,1,1,m,f")
        #expect(rows[2] == "app,@t/a,warning,main-screen,A.swift,2,1,m,f")
        #expect(rows[3] == "app,@t/a,warning,main-screen,\"B, \"\"q\"\".swift\",1,1,\"'=HYPERLINK(\"\"x\"\")\",\"line\nbreak\"", "\(rows[3])")
        #expect(rows.count == 5 && rows[4].isEmpty)  // the example app's finding is not on the work list
    }

    @Test func eachOwnerGetsAPageLinkedFromTheOwnersTable() {
        let work = [Self.finding("main-screen", "warning", "A.swift", 2, owner: "@acme/shop"), Self.finding("main-screen", "warning", "B.swift", 2, owner: "ops@acme.com")]
        let o = Self.overview([Self.repository("app", [Self.point("a0", daysAgo: 3, stage: .launches, warnings: 2)], work: work)])
        let pages = FleetHTML.teamPages(o)
        #expect(pages == ["@acme/shop": "team-acme-shop.html", "ops@acme.com": "team-ops-acme.com.html"])
        let index = FleetHTML.index(o, teamPages: pages)
        #expect(index.contains("<a href=\"team-acme-shop.html\">@acme/shop</a>") && index.contains("org projected"))
        let team = FleetHTML.index(o.narrowed(to: "@acme/shop"), teamPages: pages)
        #expect(team.contains("<h1>@acme/shop: readiness") && team.contains("team projected") && !team.contains("org projected"))
        #expect(team.contains("<a href=\"index.html\">← fleet</a>") && !team.contains("B.swift"))
    }

    @Test func theManifestsTeamCanOwnEveryFindingOverUpstreamCodeOwners() {
        let work = [Self.finding("main-screen", "warning", "A.swift", 2, owner: "@upstream/core")]
        var r = Self.repository("mirror", [Self.point("m0", daysAgo: 3, stage: .launches, warnings: 1)], work: work, team: "@acme/mobile")
        #expect(Self.overview([r]).teams.map(\.owner) == ["@upstream/core"])
        r.settings.teamOwnsAll = true
        #expect(Self.overview([r]).teams.map(\.owner) == ["@acme/mobile"])
    }
}

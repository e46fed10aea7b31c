import Foundation
import Testing
import RuleKit
@testable import Fleet
@testable import Reports
import ResultStore
import ScanEngine
import TestSupport

@Suite struct FleetReportTests {
    static let day: Int64 = 86_400
    static let start = ISODate.parse("2026-06-01")!

    static func point(_ i: Int, _ e: Int, _ w: Int, _ n: Int, subject: String = "Work", error: String? = nil,
                      rules: [String: Int]) -> TrendPoint {
        TrendPoint(commit: String(repeating: String(i % 10), count: 40), time: start + Int64(i) * day, subject: subject,
                   stage: e > 0 ? .notLaunching : .launches, error: error, counts: SeverityCounts(errors: e, warnings: w, notes: n), byRule: rules)
    }

    /// A small overview built by hand: two repositories that moved, one that failed, and text
    /// that would be markup if it were not escaped.
    static func overview() -> FleetOverview {
        let shop = [point(0, 1, 4, 0, subject: "Initial import", rules: ["scene-manifest-missing": 1, "main-screen-bounds": 4]),
                    point(2, 0, 3, 0, subject: "Adopt scenes <script>alert(1)</script>", rules: ["main-screen-bounds": 3]),
                    point(3, 0, 3, 0, subject: "Broken tree", error: "object not found", rules: [:]),
                    point(5, 0, 1, 1, subject: "Fix | layout & bars", rules: ["main-screen-bounds": 1, "trait-collection-did-change": 1])]
        let kit = [point(1, 0, 2, 0, rules: ["idiom-layout": 2]), point(4, 0, 2, 0, rules: ["idiom-layout": 2])]
        var repositories = [
            RepositoryOverview(name: "shop-ios", url: "https://git.example.com/shop-ios.git", status: .ok, reason: nil,
                               head: shop.last!.commit, headTime: shop.last!.time, stage: .launches, counts: shop.last!.counts,
                               byRule: shop.last!.byRule,
                               change: RunChange(previousHead: shop[1].commit, newCommits: 2, delta: SeverityCounts(errors: 0, warnings: -2, notes: 1),
                                                 previousStage: .launches, previousStatus: .ok),
                               scanned: 2, failedCommits: 1, trend: shop,
                               topFiles: [FileCount(path: "Shop/Feed<View>.swift", count: 2)]),
            RepositoryOverview(name: "design-kit", url: "/srv/design-kit.git", status: .ok, reason: nil, head: kit.last!.commit,
                               headTime: kit.last!.time, stage: .launches, counts: kit.last!.counts, byRule: kit.last!.byRule,
                               change: nil, scanned: 2, failedCommits: 0, trend: kit, topFiles: [FileCount(path: "Kit/Grid.swift", count: 2)]),
            RepositoryOverview(name: "archived", url: "/srv/archived.git", status: .failed, reason: "cannot fetch: <no repository>",
                               head: nil, headTime: nil, stage: nil, counts: SeverityCounts(), byRule: [:], change: nil, scanned: 0,
                               failedCommits: 0, trend: [], topFiles: []),
        ]
        // The shop's head: CODEOWNERS gives the feed to one team, the manifest's team takes the rest.
        repositories[0].settings = RepositorySettings(team: "@acme/shop", commitLink: "https://git.example.com/shop-ios/commit/{commit}",
                                                      fileLink: "https://git.example.com/shop-ios/blob/{commit}/{path}#L{line}")
        repositories[0].work = HeadWork(findings: [
            HeadFinding(rule: "main-screen-bounds", severity: "warning", path: "Shop/Feed<View>.swift", line: 12, column: 9,
                        message: "`UIScreen.main.bounds` is the screen, not the window", fix: "use `view.bounds`", scope: "app",
                        owners: ["@acme/feed"]),
            HeadFinding(rule: "trait-collection-did-change", severity: "note", path: "Shop/Cart View.swift", line: 3, column: 5,
                        message: "deprecated in iOS 17", fix: "registerForTraitChanges", scope: "app", owners: nil),
            HeadFinding(rule: "main-screen-bounds", severity: "warning", path: "ShopTests/Snapshot.swift", line: 1, column: 1,
                        message: "in a test", fix: "–", scope: "test", owners: nil),
        ], ownersFile: ".github/CODEOWNERS", ownerProblems: [".github/CODEOWNERS: line 4: 'shop' is not an owner (an owner is @user, @org/team or an email address); the line is skipped"])
        repositories.sort { $0.name < $1.name }
        let end = start + 6 * day
        var o = FleetOverview(generated: end, latestRun: RunRecord(id: 2, started: end - 60, finished: end, shard: "0/1"),
                              unfinishedRuns: [], runs: 2, repositories: repositories,
                              timeline: FleetOverview.timeline(repositories, end: end, maxPoints: 60),
                              stages: FleetOverview.stageOrder.map { s in (s, s == "launches" ? 2 : s == "failed" ? 1 : 0) },
                              topFiles: [TopFile(repository: "shop-ios", path: "Shop/Feed<View>.swift", count: 2),
                                         TopFile(repository: "design-kit", path: "Kit/Grid.swift", count: 2)])
        o.deadline = start + 30 * day
        o.steer()
        return o
    }

    @Test func theTimelineSamplesEachRepositoryAtTheEndOfEachDay() {
        let t = Self.overview().timeline
        #expect(t.days.count == 7 && t.days.first == Self.start)
        // Day 0: shop only; day 1: kit joins; day 3: shop's broken commit carries day 2's numbers.
        #expect(t.errors == [1, 1, 0, 0, 0, 0, 0])
        #expect(t.warnings == [4, 6, 5, 5, 5, 3, 3])
        #expect(t.notes == [0, 0, 0, 0, 0, 1, 1])
        // The largest first; equal totals by name.
        #expect(t.rules.map(\.rule) == ["main-screen-bounds", "idiom-layout", "scene-manifest-missing", "trait-collection-did-change"])
        #expect(t.rules[0].values == [4, 4, 3, 3, 3, 1, 1])
        // A long span is sampled on an even grid of at most maxPoints days, ending on the last day.
        let long = FleetOverview.timeline(Self.overview().repositories, end: Self.start + 400 * Self.day, maxPoints: 60)
        #expect(long.days.count <= 60 && long.days.last == Self.start + 400 * Self.day && long.days.first == Self.start)
    }

    @Test func everyFormatMatchesItsGolden() throws {
        let o = Self.overview()
        expectGolden(FleetHTML.index(o), "fleet.html")
        expectGolden(FleetHTML.repository(o.repositories.first { $0.name == "shop-ios" }!, o), "fleet-shop-ios.html")
        expectGolden(FleetMarkdown.render(o), "fleet.md")
        let json = FleetJSON.render(o)
        expectGolden(json, "fleet.json")
        #expect(try validate("fleet", json) == "ok")
    }

    @Test func textFromRepositoriesIsEscaped() {
        let o = Self.overview()
        let pages = [FleetHTML.index(o)] + o.repositories.map { FleetHTML.repository($0, o) }
        for page in pages {
            #expect(!page.contains("<script") && !page.contains("<no repository>") && !page.contains("Feed<View>"))
            #expect(!page.contains("src="))
            // …and the report's own markup is never escaped into text.
            for escaped in ["class=&quot;", "&lt;div", "&lt;span", "&lt;td", "&lt;a href", "&lt;code"] { #expect(!page.contains(escaped), "\(escaped)") }
            // Links go to report pages or where the manifest's templates say, nowhere else.
            for href in page.components(separatedBy: "href=\"").dropFirst().map({ String($0.prefix { $0 != "\"" }) }) {
                #expect(href.hasPrefix("repos/") || href == "../index.html" || href.hasPrefix("https://git.example.com/shop-ios/"), "\(href)")
            }
        }
        #expect(pages[0].contains("cannot fetch: &lt;no repository&gt;"))
        #expect(FleetMarkdown.render(o).contains("Fix \\| layout & bars"))
    }

    /// The builder escapes by default: text goes in escaped whichever way it enters, and only
    /// markup the report built itself goes in as is.
    @Test func markupEscapesTextUnlessItIsMarkup() {
        let hostile = "<script>alert(\"x\")</script> & 'y'"
        let row: Markup = "<td>\(hostile)</td>"
        #expect(row.html == "<td>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;</td>")
        let inner: Markup = "<b>\(hostile)</b>"
        let outer: Markup = "<p>\(inner)</p>"
        #expect(outer.html == "<p><b>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;</b></p>", "markup is not escaped twice")
        #expect(([inner, Markup(text: "<i>")] as [Markup]).joined(separator: ", ").html.hasSuffix(", &lt;i&gt;"))
        #expect(("<p>" + Markup(text: hostile) + "</p>" as Markup).html.contains("&lt;script&gt;"))
        #expect(Markup(stringInterpolation: { var i = Markup.Interpolation(literalCapacity: 0, interpolationCount: 1); i.appendInterpolation(42); return i }()).html == "42")
        // A launch blocker in the work list: its row and its owner's heading keep their classes.
        var o = Self.overview()
        let shop = o.repositories.firstIndex { $0.name == "shop-ios" }!
        o.repositories[shop].work?.findings.append(HeadFinding(rule: "scene-manifest-missing", severity: "error", path: "Shop/Info.plist", line: 1,
                                                               column: 1, message: "no `UIApplicationSceneManifest`", fix: "add one",
                                                               scope: "app", owners: ["@acme/feed"]))
        let page = FleetHTML.repository(o.repositories[shop], o)
        #expect(page.contains("<td class=\"failed\">error</td>") && page.contains(", <span class=\"failed\">1 error</span></h3>"))
        #expect(!page.contains("class=&quot;"))
        // A link's URL and text from a repository cannot leave their attribute or element.
        #expect(Links.anchor("https://x/\"onmouseover=\"a", "\("<b>")").html == "<a href=\"https://x/&quot;onmouseover=&quot;a\">&lt;b&gt;</a>")
    }

    @Test func markdownAndJSONCarryTheSameNumbers() throws {
        let o = Self.overview()
        let json = try #require(try JSONSerialization.jsonObject(with: Data(FleetJSON.render(o).utf8)) as? [String: Any])
        let totals = try #require(json["totals"] as? [String: Int])
        #expect(totals == ["error": 0, "warning": 3, "note": 1])
        let whole = FleetMarkdown.render(o)
        #expect(whole.contains("**0 errors, 3 warnings, 1 note**"))
        let burndown = try #require(whole.range(of: "## Burndown"))
        let markdown = String(whole[burndown.lowerBound...])
        let timeline = try #require(json["timeline"] as? [String: Any])
        let days = try #require(timeline["days"] as? [String])
        let warnings = try #require(timeline["warnings"] as? [Int])
        for (d, w) in zip(days, warnings) {
            #expect(markdown.contains("| \(d) | "), "day \(d)")
            let row = markdown.split(separator: "\n").first { $0.hasPrefix("| \(d) |") }.map(String.init) ?? ""
            #expect(row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }.dropFirst(2).first == String(w))
        }
        let stages = try #require(json["stages"] as? [String: Int])
        for (stage, n) in stages { #expect(whole.contains("| \(stage) | \(n) |")) }
    }

    /// The charts a browser built from a page: for each `svg.chart`, its series and, per series,
    /// the points of its polyline (or its bars).
    static func charts(inDOM dom: String) -> [String: [Int]] {
        var out: [String: [Int]] = [:]
        var rest = Substring(dom)
        while let open = rest.range(of: "<svg class=\"chart\""), let close = rest.range(of: "</svg>", range: open.upperBound..<rest.endIndex) {
            let svg = rest[open.lowerBound..<close.upperBound]
            let id = svg.range(of: "data-chart=\"").map { r in String(svg[r.upperBound...].prefix { $0 != "\"" }) } ?? "?"
            var series: [Int] = []
            for part in svg.components(separatedBy: "<g class=\"series\"").dropFirst() {
                let group = part.components(separatedBy: "</g>")[0]
                if let r = group.range(of: "points=\"") {
                    series.append(group[r.upperBound...].prefix { $0 != "\"" }.split(separator: " ").count)
                } else {
                    series.append(group.components(separatedBy: "<rect").count - 1)
                }
            }
            out[id] = series
            rest = rest[close.upperBound...]
        }
        return out
    }

    /// Chromium keeps crash reports and its NSS database under HOME whatever --user-data-dir
    /// says: scripts/render-report gives it a throwaway home too.
    @Test func theBrowserWritesNothingIntoTheUsersHome() throws {
        let dir = TempDirectory()
        dir.write("home/.keep", "")
        dir.write("page.html", "<!doctype html><p>report</p>")
        _ = try FixtureRepositories.run(["HOME=\(dir.path)/home", "XDG_CONFIG_HOME=", "XDG_CACHE_HOME=",
                                         repositoryRoot + "/scripts/render-report", dir.path + "/page.html", dir.path + "/out", "400x300"])
        #expect(try String(contentsOfFile: dir.path + "/out.dom.html", encoding: .utf8).contains("<p>report</p>"))
        #expect(try FileManager.default.subpathsOfDirectory(atPath: dir.path + "/home") == [".keep"])
    }

    /// A page measured in the browser: the CSP taken out and a script added that writes the
    /// document's scroll and client widths into the DOM (the report itself runs no script).
    static func widths(of page: String, in dir: String, name: String) throws -> (scroll: Int, client: Int) {
        var measured = page.replacingOccurrences(of: #"<meta http-equiv="Content-Security-Policy""#, with: #"<meta name="csp-removed-for-measuring""#)
        measured = measured.replacingOccurrences(of: "</body>", with: """
            <script>document.body.setAttribute('data-widths', document.documentElement.scrollWidth + ' ' + document.documentElement.clientWidth)</script></body>
            """)
        try measured.write(toFile: dir + "/\(name).html", atomically: true, encoding: .utf8)
        try FixtureRepositories.run([repositoryRoot + "/scripts/render-report", dir + "/\(name).html", dir + "/\(name)-shot", "1400x1000"])
        let dom = try String(contentsOfFile: dir + "/\(name)-shot.dom.html", encoding: .utf8)
        let value = dom.range(of: "data-widths=\"").map { String(dom[$0.upperBound...].prefix { $0 != "\"" }) } ?? ""
        let parts = value.split(separator: " ").compactMap { Int($0) }
        return parts.count == 2 ? (parts[0], parts[1]) : (-1, 0)
    }

    /// An org whose histories stopped 120 days before the run: no repository gets a forecast,
    /// none reads "not converging", and no page is wider than a 1,400 px window.
    @Test func aSilentOrgHasNoForecastAndNoPageOverflows() throws {
        let dir = TempDirectory()
        let org = dir.path + "/org"
        let end = ISODate.day(Int64(Date().timeIntervalSince1970) - 120 * 86_400)
        let start = ISODate.day(Int64(Date().timeIntervalSince1970) - 330 * 86_400)
        let manifest = try FixtureRepositories.demoOrg(["--repos", "4", "--commits", "10", "--start", start, "--end", end], into: org)
        let store = try SQLiteStore(path: dir.path + "/f.sqlite")
        let m = try FleetManifest.load(manifest, environment: [:])
        _ = try FleetRun.run(manifest: m, store: store, options: FleetOptions(cache: dir.path + "/cache", jobs: 2, since: ISODate.parse(start)),
                             environment: [:])
        let o = try FleetOverview.load(store)
        #expect(o.activeRepositories == 0 && o.repositories.allSatisfy { !$0.active && !$0.atRisk })
        let index = FleetHTML.index(o)
        #expect(index.contains("no activity in 90 days — no forecast") && !index.contains("not converging"))
        #expect(index.contains("rests on 0 of 4 repositories with commits in the last 90 days"))
        let (scroll, client) = try Self.widths(of: index, in: dir.path, name: "index")
        #expect(client > 1_000 && scroll <= client, "index: \(scroll) px wide in \(client) px")
        for r in o.repositories {
            let (scroll, client) = try Self.widths(of: FleetHTML.repository(r, o), in: dir.path, name: r.name)
            #expect(client > 1_000 && scroll <= client, "\(r.name): \(scroll) px wide in \(client) px")
        }
    }

    @Test func aBrowserRendersTheChartsWithTheRightSeriesAndPoints() throws {
        let dir = TempDirectory()
        let org = dir.path + "/org"
        let manifest = try FixtureRepositories.demoOrg(["--repos", "4", "--commits", "12", "--missing", "--hold-back", "2"], into: org)
        let store = try SQLiteStore(path: dir.path + "/f.sqlite")
        let m = try FleetManifest.load(manifest, environment: [:])
        let options = FleetOptions(cache: dir.path + "/cache", jobs: 2, since: ISODate.parse("2026-01-01"))
        _ = try FleetRun.run(manifest: m, store: store, options: options, environment: [:])
        _ = try FixtureRepositories.advanceDemoOrg(org)
        _ = try FleetRun.run(manifest: m, store: store, options: options, environment: [:])
        let o = try FleetOverview.load(store)
        #expect(o.repositories.count == 5 && o.failed.map(\.name) == ["archived-widgets"])
        try FileManager.default.createDirectory(atPath: dir.path + "/report/repos", withIntermediateDirectories: true)
        try FleetHTML.index(o).write(toFile: dir.path + "/report/index.html", atomically: true, encoding: .utf8)
        let shop = try #require(o.repositories.first { $0.name == "shop-ios" })
        try FleetHTML.repository(shop, o).write(toFile: dir.path + "/report/repos/shop-ios.html", atomically: true, encoding: .utf8)

        try FixtureRepositories.run([repositoryRoot + "/scripts/render-report", dir.path + "/report/index.html", dir.path + "/index", "1400x2400"])
        let dom = try String(contentsOfFile: dir.path + "/index.dom.html", encoding: .utf8)
        let charts = Self.charts(inDOM: dom)
        let days = o.timeline.days.count
        #expect(days > 30)
        // At most eight series: seven rules and the rest summed as "other".
        #expect(o.timeline.rules.count > 8)
        #expect(charts["rules-over-time"] == Array(repeating: days, count: 8))
        #expect(dom.contains("other (\(o.timeline.rules.count - 7) rules)"))
        // Errors on their own scale, warnings on theirs; every time chart has a named y axis and a "today" mark.
        #expect(charts["burndown-errors"] == [days] && charts["burndown-warnings"] == [days])
        #expect(dom.components(separatedBy: "class=\"y-title\"").count - 1 == 5)
        #expect(dom.components(separatedBy: "class=\"today\" data-today=\"\(ISODate.day(o.generated))\"").count - 1 == 4)
        #expect(dom.contains("Repositories per stage, \(FleetFigures.sampling(o.timeline))"))
        // The work list leads with launch blockers.
        let walletPage = FleetHTML.repository(try #require(o.repositories.first { $0.name == "legacy-wallet" }), o)
        #expect(walletPage.components(separatedBy: "<td class=\"rule\"><code>").dropFirst().first?.hasPrefix("scene-manifest-missing") == true)
        #expect(charts["stages"] == [FleetOverview.stageOrder.count])
        #expect(dom.contains("archived-widgets") && !dom.contains("<script"))
        let png = try Data(contentsOf: URL(fileURLWithPath: dir.path + "/index.png"))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]) && png.count > 20_000)

        // The deadline on every time chart; legends; no script, nothing fetched; links only where the manifest says.
        let deadline = try #require(m.deadline)
        for chart in ["burndown-errors", "burndown-warnings", "rules-over-time", "stages-over-time"] {
            #expect(dom.contains("data-chart=\"\(chart)\""), "\(chart)")
        }
        #expect(dom.components(separatedBy: "class=\"deadline\" data-deadline=\"\(ISODate.day(deadline))\"").count - 1 == 4)
        #expect(charts["stages-over-time"] == Array(repeating: 2 * days, count: Stage.allCases.count), "a band is a polygon: its top, then its base")
        #expect(dom.components(separatedBy: "<ul class=\"legend\">").count - 1 == 1)  // the rules chart; each burndown holds one titled series
        #expect(dom.components(separatedBy: "<b class=\"stage\">").count - 1 == FleetOverview.stageOrder.count)
        var pages = [dom]
        for r in o.repositories { pages.append(FleetHTML.repository(r, o)) }
        pages.append(FleetMarkdown.render(o))
        for page in pages {
            #expect(!page.contains("<script") && !page.contains(" src=") && !page.contains("url("))
            #expect(!page.contains(dir.path) && !page.contains(org) && !page.contains("file://"), "a local path on a page")
            for href in page.components(separatedBy: "href=\"").dropFirst().map({ String($0.prefix { $0 != "\"" }) }) {
                // Rule names in "held there by" link to their explanation in the project's catalog.
                #expect(href.hasPrefix("repos/") || href == "../index.html" || href.hasPrefix("https://git.example.com/demo-org/")
                        || href.hasPrefix(PublicSource.catalogURL + "#"), "\(href)")
            }
        }
        #expect(dom.contains("href=\"https://git.example.com/demo-org/shop-ios/commit/"))
        // "Held there by" in words, linked, with the command where migrate scenes writes the change.
        #expect(dom.contains(">no scene manifest</a> — will not launch when built with the iOS 27 SDK (<code>fleetscan migrate scenes</code> writes the scene manifest and delegate)"), "\(dom)")
        // Owners from CODEOWNERS at the head, the manifest's team for the rest, a skipped line named.
        let wallet = try #require(o.repositories.first { $0.name == "legacy-wallet" })
        #expect(wallet.work?.ownersFile == ".github/CODEOWNERS")
        #expect(wallet.work?.ownerProblems.first?.hasPrefix(".github/CODEOWNERS: line 6: 'wallet-team' is not an owner") == true)
        #expect(wallet.workList.contains { $0.path.hasSuffix("/AppDelegate.m") && wallet.owners(of: $0) == ["@demo-org/platform"] })
        #expect(wallet.workList.contains { $0.path.hasSuffix("ViewController.m") && wallet.owners(of: $0) == ["@demo-org/wallet"] })
        #expect(o.teams.map(\.owner).contains("@demo-org/platform"))
        #expect(o.moved.allSatisfy { !$0.author.isEmpty && $0.author != "Dev" })
        // One owner's report: only where it owns something, only its findings.
        let platform = try FleetOverview.load(store, owner: "@demo-org/platform")
        #expect(platform.owner == "@demo-org/platform" && !platform.repositories.isEmpty)
        #expect(platform.repositories.allSatisfy { r in r.workList.allSatisfy { r.owners(of: $0).contains("@demo-org/platform") } })
        #expect(platform.repositories.allSatisfy { r in r.workList.allSatisfy { $0.path.contains("AppDelegate") || $0.path.hasSuffix("Info.plist") || $0.path.contains("SceneDelegate") } })
        #expect(platform.teams.map(\.owner) == ["@demo-org/platform"])
        #expect(!platform.repositories.contains { $0.name == "design-kit" }, "a library has no app delegate")

        try FixtureRepositories.run([repositoryRoot + "/scripts/render-report", dir.path + "/report/repos/shop-ios.html", dir.path + "/shop", "1400x2400"])
        let shopDOM = try String(contentsOfFile: dir.path + "/shop.dom.html", encoding: .utf8)
        #expect(Self.charts(inDOM: shopDOM)["commit-trend"] == Array(repeating: shop.trend.count, count: 3))
        #expect(shop.trend.count == Int(try FixtureRepositories.run(["git", "-C", org + "/shop-ios.git", "rev-list", "--count", "main"])))
    }

    @Test func repositoriesAndOwnersProjectedPastTheDeadlineAreAtRisk() throws {
        // Two repositories, 91 days each: one fixes a warning a day from 100, one stays at 30.
        func trend(_ value: (Int) -> Int) -> [TrendPoint] {
            (0...90).map { d in
                TrendPoint(commit: String(format: "%040d", d), time: Self.start + Int64(d) * Self.day + 60, subject: "Day \(d)", stage: .launches,
                           error: nil, counts: SeverityCounts(errors: 0, warnings: value(d), notes: 0), byRule: ["main-screen-bounds": value(d)],
                           author: "Dev \(d % 3)")
            }
        }
        func repository(_ name: String, _ t: [TrendPoint], team: String) -> RepositoryOverview {
            var r = RepositoryOverview(name: name, url: "https://git.example.com/\(name).git", status: .ok, reason: nil, head: t.last!.commit,
                                       headTime: t.last!.time, stage: .launches, counts: t.last!.counts, byRule: t.last!.byRule, change: nil,
                                       scanned: t.count, failedCommits: 0, trend: t, topFiles: [])
            r.settings = RepositorySettings(team: team)
            r.work = HeadWork(findings: (0..<t.last!.counts.warnings).map {
                HeadFinding(rule: "main-screen-bounds", severity: "warning", path: "A/F\($0).swift", line: 1, column: 1, message: "m", fix: "f",
                            scope: "app", owners: nil)
            })
            return r
        }
        let end = Self.start + 90 * Self.day + 3_600
        for (deadline, fastAtRisk) in [(Self.start + 200 * Self.day, false), (Self.start + 100 * Self.day, false), (Self.start + 99 * Self.day, true)] {
            var o = FleetOverview(generated: end, latestRun: nil, unfinishedRuns: [], runs: 1,
                                  repositories: [repository("fast", trend { 100 - $0 }, team: "@acme/fast"),
                                                 repository("flat", trend { _ in 30 }, team: "@acme/flat")],
                                  timeline: Timeline(), stages: [], topFiles: [])
            o.deadline = deadline
            o.steer()
            let fast = try #require(o.repositories.first { $0.name == "fast" })
            // Ten warnings left at seven a week: ten days from the last day.
            #expect(fast.warningsOutlook?.pace?.perWeek == 7)
            #expect(fast.finish == .on(Self.start + 100 * Self.day))
            #expect(fast.atRisk == fastAtRisk, "deadline \(ISODate.day(deadline))")
            let flat = try #require(o.repositories.first { $0.name == "flat" })
            #expect(flat.finish == .notConverging && flat.atRisk)
            #expect(o.teams.map(\.owner) == ["@acme/flat", "@acme/fast"])
            #expect(o.teams.map(\.atRisk) == [true, fastAtRisk])
            #expect(o.teams.last?.pacePerWeek == 7)
            // The org: 40 left, seven a week.
            #expect(o.warningsOutlook?.count == 40 && o.warningsOutlook?.pace?.perWeek == 7)
            #expect(o.moved.count == 8 && o.moved.allSatisfy { $0.repository == "fast" && $0.delta.total == -1 })
        }
    }

    @Test func linkTemplatesAreFilledEscapedAndNeverLeaveTheirAttribute() {
        let settings = RepositorySettings(commitLink: "https://git.example.com/a/commit/{commit}",
                                          fileLink: "https://git.example.com/a/blob/{commit}/{path}#L{line}")
        #expect(Links.commit(settings, "abc123") == "https://git.example.com/a/commit/abc123")
        #expect(Links.file(settings, commit: "abc", path: "Shop/Feed View.swift", line: 12) == "https://git.example.com/a/blob/abc/Shop/Feed%20View.swift#L12")
        let hostile = Links.file(settings, commit: "abc", path: "A/\"><img src=x>?q=1&b#frag/Zoë.m", line: 3)!
        #expect(hostile == "https://git.example.com/a/blob/abc/A/%22%3E%3Cimg%20src%3Dx%3E%3Fq%3D1%26b%23frag/Zo%C3%AB.m#L3")
        #expect(FleetHTML.fileLink(RepositoryOverview.sample(settings), "A/\"x<y>.m").html.contains("href=\"https://git.example.com/a/blob/\(String(repeating: "1", count: 40))/A/%22x%3Cy%3E.m#L1\""))
        #expect(Links.commit(RepositorySettings(), "abc") == nil)
        // A reason naming the machine's paths keeps its words, not the paths.
        #expect(Links.withoutLocalPaths("cannot fetch /srv/org/a.git: no repository at /srv/org/a.git") == "cannot fetch <local path>: no repository at <local path>")
        #expect(Links.withoutLocalPaths("its mirror '/var/cache/fleet/ab12' is in use; see https://git.example.com/a/b") == "its mirror '<local path>' is in use; see https://git.example.com/a/b")
        #expect(Links.withoutLocalPaths("cannot fetch file:///srv/x.git (gone)") == "cannot fetch <local path> (gone)")
        #expect(Links.publicURL("/srv/mirrors/a.git") == nil && Links.publicURL("file:///srv/a.git") == nil)
        #expect(Links.publicURL("git@github.com:org/a.git") == "git@github.com:org/a.git" && Links.publicURL("https://h/a.git") != nil)
    }
}

extension RepositoryOverview {
    static func sample(_ settings: RepositorySettings) -> RepositoryOverview {
        var r = RepositoryOverview(name: "a", url: "/srv/a.git", status: .ok, reason: nil, head: String(repeating: "1", count: 40), headTime: 0,
                                   stage: .launches, counts: SeverityCounts(), byRule: [:], change: nil, scanned: 1, failedCommits: 0,
                                   trend: [], topFiles: [])
        r.settings = settings
        return r
    }
}

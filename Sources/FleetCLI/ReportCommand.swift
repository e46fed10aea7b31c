import Fleet
import Foundation
import GitAccess
import Reports
import ResultStore
import ScanEngine

/// `fleetscan report --db FILE --output DIR [--format html|markdown|json] [--repo NAME] [--owner OWNER]`
enum ReportCommand {
    static func run(_ p: ParsedArguments, _ io: IO) throws -> Int32 {
        guard let dir = p.value(Flags.reportOutput) else { throw CLIError.usage("report needs --output DIR") }
        let db = p.value(Flags.db) ?? "fleetscan.sqlite"
        guard db.contains("://") || FileManager.default.fileExists(atPath: db) else { throw ScanError("\(db): no such store") }
        let store = try HistoryCommand.openStore(db)
        if let o = p.value(Flags.owner), !CodeOwners.isOwner(o) {
            throw CLIError.usage("option '--owner' must be an owner as CODEOWNERS names one: @org/team, @user or an email address (got '\(o)')")
        }
        let overview = try FleetOverview.load(store, only: p.value(Flags.reportRepo), owner: p.value(Flags.owner))
        if overview.repositories.isEmpty {
            // Nothing for the owner, or nothing at all: only then is the store read whole to say which.
            if let o = p.value(Flags.owner), try !FleetOverview.load(store, only: p.value(Flags.reportRepo)).repositories.isEmpty {
                throw ScanError("\(Stores.redact(db)): \(o) owns nothing at the heads of the stored repositories")
            }
            if let name = p.value(Flags.reportRepo) { throw ScanError("\(Stores.redact(db)): no fleet run or history recorded the repository \"\(name)\"") }
            throw ScanError("\(Stores.redact(db)): nothing to report: no finished fleet run and no history is recorded in this store "
                            + "(run `fleetscan fleet run` or `fleetscan history` first)")
        }
        let f = p.format(Flags.reportFormat, default: ReportFormat.html)
        let written = try write(overview, format: f, to: dir, keepPaths: p.has(Flags.keepPaths))
        if !p.has(Flags.quiet) {
            let repositories = written.filter { $0.contains("/repos/") }.count, teams = written.filter { $0.hasSuffix(".html") && $0.contains("/team-") }.count
            io.err("fleetscan: report: \(written[0])" + (repositories > 0 ? " and \(plural(repositories, "repository page")), \(plural(teams, "team page")), report.md, report.json and work-list.csv" : "") + "\n")
        }
        return 0
    }

    /// Writes the report files; returns their paths.
    @discardableResult
    static func write(_ overview: FleetOverview, format: ReportFormat, to dir: String, keepPaths: Bool = false) throws -> [String] {
        do {
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        } catch {
            throw ScanError("\(dir): cannot create the report folder: \((error as NSError).localizedDescription)")
        }
        var files: [(String, String)] = []
        switch format {
        case .json:
            files = [("report.json", FleetJSON.render(overview, keepPaths: keepPaths))]
        case .markdown:
            files = [("report.md", FleetMarkdown.render(overview))]
        case .html:
            // The dashboard, a page per repository and per owner, and the exports its index links to.
            let teams = FleetHTML.teamPages(overview)
            files = [("index.html", FleetHTML.index(overview, teamPages: teams, exports: true))]
            for r in overview.repositories { files.append(("repos/\(r.name).html", FleetHTML.repository(r, overview))) }
            for (owner, page) in teams.sorted(by: { $0.value < $1.value }) {
                files.append((page, FleetHTML.index(overview.narrowed(to: owner), teamPages: teams)))
            }
            files += [("report.md", FleetMarkdown.render(overview)), ("report.json", FleetJSON.render(overview, keepPaths: keepPaths)),
                      ("work-list.csv", FleetCSV.workList(overview))]
        }
        if files.contains(where: { $0.0.hasPrefix("repos/") }) {
            try FileManager.default.createDirectory(atPath: dir + "/repos", withIntermediateDirectories: true)
        }
        return try files.map { name, text in
            let path = dir + "/" + name
            try deliver(text, to: path, IO(out: { _ in }, err: { _ in }))
            return path
        }
    }
}

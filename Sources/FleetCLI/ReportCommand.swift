import Fleet
import Foundation
import GitAccess
import Reports
import ResultStore
import ScanEngine

/// `fleetscan report --db FILE --format html|markdown|json --out DIR [--repo NAME]`
enum ReportCommand {
    static let format = Flag(name: "--format", value: "FORMAT", help: "html (default: index.html and a page per repository), markdown or json")
    static let out = Flag(name: "--out", value: "DIR", help: "the folder to write into (created if missing)")
    static let repo = Flag(name: "--repo", value: "NAME", help: "only this repository of the manifest")
    static let owner = Flag(name: "--owner", value: "OWNER", help: "only what this owner owns (@org/team, @user or an email, as CODEOWNERS or the manifest's team names it)")
    static let flags = [HistoryCommand.db, format, out, repo, owner]

    static let usage = """
        usage: fleetscan report --db FILE --out DIR [--format html|markdown|json] [--repo NAME] [--owner OWNER]

        Renders what fleet runs (or history runs) stored: the org dashboard — every repository with
        its stage and what holds it there, owners, pace, projected finish and last commit; owners
        rolled up; the commits that moved the numbers and who made them; the burndown, findings per
        rule and repositories per stage over time, with the manifest's deadline — and a page per
        repository with its work list at the head by owner and file. HTML is static: inline SVG, no
        scripts, nothing fetched.

        """

    static func run(_ words: [String], _ io: IO) throws -> Int32 {
        let p = try ParsedArguments.parse(words, flags: flags)
        guard p.positionals.isEmpty else { throw CLIError.usage("report takes no paths") }
        guard let dir = p.values[out.name] else { throw CLIError.usage("report needs --out DIR") }
        let db = p.values[HistoryCommand.db.name] ?? "fleetscan.sqlite"
        guard db.contains("://") || FileManager.default.fileExists(atPath: db) else { throw ScanError("\(db): no such store") }
        let store = try HistoryCommand.openStore(db)
        if let o = p.values[owner.name], !CodeOwners.isOwner(o) {
            throw CLIError.usage("option '--owner' must be an owner as CODEOWNERS names one: @org/team, @user or an email address (got '\(o)')")
        }
        let overview = try FleetOverview.load(store, only: p.values[repo.name], owner: p.values[owner.name])
        if overview.repositories.isEmpty {
            // Nothing for the owner, or nothing at all: only then is the store read whole to say which.
            if let o = p.values[owner.name], try !FleetOverview.load(store, only: p.values[repo.name]).repositories.isEmpty {
                throw ScanError("\(Stores.redact(db)): \(o) owns nothing at the heads of the stored repositories")
            }
            if let name = p.values[repo.name] { throw ScanError("\(Stores.redact(db)): no fleet run or history recorded the repository \"\(name)\"") }
            throw ScanError("\(Stores.redact(db)): nothing to report: no finished fleet run and no history is recorded in this store "
                            + "(run `fleetscan fleet run` or `fleetscan history` first)")
        }
        let f = try p.choice(format, ["html", "markdown", "json"]) ?? "html"
        let written = try write(overview, format: f, to: dir)
        io.err("fleetscan: report: \(written[0])" + (written.count > 1 ? " and \(written.count - 1) repository pages" : "") + "\n")
        return 0
    }

    /// Writes the report files; returns their paths.
    @discardableResult
    static func write(_ overview: FleetOverview, format: String, to dir: String) throws -> [String] {
        do {
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        } catch {
            throw ScanError("\(dir): cannot create the report folder: \((error as NSError).localizedDescription)")
        }
        var files: [(String, String)] = []
        switch format {
        case "json":
            files = [("report.json", FleetJSON.render(overview))]
        case "markdown":
            files = [("report.md", FleetMarkdown.render(overview))]
        default:
            files = [("index.html", FleetHTML.index(overview))]
            for r in overview.repositories { files.append(("repos/\(r.name).html", FleetHTML.repository(r, overview))) }
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

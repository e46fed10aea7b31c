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
    static let flags = [HistoryCommand.db, format, out, repo]

    static let usage = """
        usage: fleetscan report --db FILE --out DIR [--format html|markdown|json] [--repo NAME]

        Renders what fleet runs stored: the org dashboard (findings over time per rule, repositories
        per readiness stage, the burndown of warnings and errors, top repositories and files, what
        changed since the previous run, failed repositories) and a page per repository with its
        per-commit trend. HTML is static: inline SVG, no scripts, nothing fetched.

        """

    static func run(_ words: [String], _ io: IO) throws -> Int32 {
        let p = try ParsedArguments.parse(words, flags: flags)
        guard p.positionals.isEmpty else { throw CLIError.usage("report takes no paths") }
        guard let dir = p.values[out.name] else { throw CLIError.usage("report needs --out DIR") }
        let db = p.values[HistoryCommand.db.name] ?? "fleetscan.sqlite"
        guard db.contains("://") || FileManager.default.fileExists(atPath: db) else { throw ScanError("\(db): no such store") }
        let store = try HistoryCommand.openStore(db)
        let overview = try FleetOverview.load(store, only: p.values[repo.name])
        if overview.runs == 0 {
            throw ScanError("\(Stores.redact(db)): no finished fleet run is recorded in this store (run `fleetscan fleet run` first)")
        }
        if let name = p.values[repo.name], overview.repositories.isEmpty {
            throw ScanError("\(db): no fleet run recorded the repository \"\(name)\"")
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

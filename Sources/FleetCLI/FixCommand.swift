import Fixing
import Foundation
import GitAccess
import Reports
import RuleKit
import Rules
import ScanEngine
import SourceLexing

/// `fleetscan fix [PATH…] [--write] [--rule ID]… [--format diff|json|sarif]`
enum FixCommand {
    static func run(_ p: ParsedArguments, _ io: IO, environment: [String: String]) throws -> Int32 {
        let writing = p.has(Flags.write)
        let quiet = p.has(Flags.quiet)
        let f = p.format(Flags.fixFormat, default: FixFormat.diff)
        let colors = p.colors(io, environment).out
        var rules: Set<RuleID>? = nil
        if let ids = p.repeated[Flags.rule.name] {
            rules = Set(try ids.map { id in
                guard let known = Catalog.canonicalID(id), Catalog.rule(known) != nil else {
                    throw CLIError.usage("option '--rule': \(Catalog.unknown(id)) (see `fleetscan rules`)")
                }
                return known
            })
        }
        let config = p.value(Flags.config)
        let jobs = try p.positiveInt(Flags.jobs) ?? Parallel.cores
        let result: ScanResult
        let target: ScanTarget
        var read: (String) -> FixPlan.Source
        var root: String?
        if let repository = p.value(Flags.repo) {
            guard !writing else { throw CLIError.usage("option '--write' edits files on disk; with --repo, fix prints a patch (apply it with `git apply`)") }
            guard p.positionals.isEmpty else { throw CLIError.usage("give either --repo or paths, not both") }
            let revision = p.value(Flags.rev) ?? "HEAD"
            let token = environment[ScanCommand.tokenVariable]
            let pool = try GitScan.openRepository(repository, cache: ScanCommand.cacheFolder(p.value(Flags.cache), environment: environment), token: token)
            let scan = try GitScan.prepare(pool: pool, repository: repository, revision: revision, configuration: config)
            result = scan.run(jobs: jobs)
            target = ScanTarget(path: ".", repo: scan.repository, rev: revision, commit: scan.commit.hex)
            var files: [String: SourceFile] = [:]
            for file in scan.input.files { files[file.path] = file }
            read = { path in
                guard let file = files[path], let buffer = try? file.read() else { return .refused("cannot be read") }
                return .bytes(Array(buffer.bytes))
            }
        } else {
            if p.value(Flags.rev) != nil { throw CLIError.usage("option '--rev' needs --repo") }
            let scan = try PathScan.prepare(p.positionals, configuration: config)
            result = scan.run(jobs: jobs)
            target = ScanTarget(path: scan.root, repositoryPrefix: scan.repositoryPrefix())
            root = scan.root
            read = { path in readForEditing(scan.display(path)) }
        }
        let plan = FixPlan.make(result.findings, rules: rules, read: read)
        let edits = plan.patches.reduce(0) { $0 + $1.fixes }
        var written = 0
        if writing, let root {
            for patch in plan.patches {
                let full = root == "." ? patch.path : root + "/" + patch.path
                if let problem = replace(full, expecting: patch.original, with: patch.applied()) {
                    io.err("fleetscan: fix: \(Escape.line(full)): \(problem)\n")
                } else {
                    written += 1
                }
            }
        }
        let text: String
        switch f {
        case .json: text = json(plan, target: target)
        case .sarif: text = sarif(plan, result: result, target: target)
        case .diff: text = writing ? "" : colorDiff(plan.patches.map { $0.unifiedDiff() }.joined(), colors)
        }
        if !text.isEmpty { try deliver(text, to: p.value(Flags.output), io) }
        if !quiet {
            for (path, why) in plan.leftAlone { io.err("fleetscan: fix: \(Escape.line(path)): \(why)\n") }
            let files = plan.patches.count
            io.err("fleetscan: fix: \(edits) fix\(edits == 1 ? "" : "es") in \(files) file\(files == 1 ? "" : "s")"
                   + (writing ? " (\(written) written)" : "") + "; \(plan.byHand) finding\(plan.byHand == 1 ? "" : "s") to fix by hand\n")
        }
        return 0
    }

    /// A file's bytes for editing: a regular file (a link is never followed or edited).
    static func readForEditing(_ path: String) -> FixPlan.Source {
        var st = stat()
        guard lstat(path, &st) == 0 else { return .refused("cannot be read: \(String(cString: strerror(errno)))") }
        guard st.st_mode & S_IFMT == S_IFREG else { return .refused("not a regular file (a link?); not edited") }
        guard let data = FileManager.default.contents(atPath: path) else { return .refused("cannot be read") }
        return .bytes(Array(data))
    }

    /// Replaces the file at `path` with `bytes` if it still holds `expecting`: written next to
    /// it and renamed over it, with its permissions, so a reader never sees half a file.
    /// Returns why it was left alone, or nil.
    static func replace(_ path: String, expecting: [UInt8], with bytes: [UInt8]) -> String? {
        guard case .bytes(let now) = readForEditing(path) else { return "no longer a regular file; left alone" }
        guard now == expecting else { return "changed on disk since it was read; left alone (run fix again)" }
        var st = stat()
        guard lstat(path, &st) == 0 else { return "cannot be read; left alone" }
        let temporary = path + ".fleetscan-fix"
        guard FileManager.default.createFile(atPath: temporary, contents: Data(bytes)) else { return "cannot be written (its folder is read-only?)" }
        chmod(temporary, st.st_mode & 0o7777)
        guard rename(temporary, path) == 0 else {
            unlink(temporary)
            return "cannot be replaced: \(String(cString: strerror(errno)))"
        }
        return nil
    }

    static func json(_ plan: FixPlan, target: ScanTarget) -> String {
        let edits: [JSONValue] = plan.patches.flatMap { patch in
            let lines = LineTable(SourceBuffer(patch.original))
            return patch.edits.map { e in
                // The range replaced, not the finding's token: `original` is exactly the bytes
                // from line:column up to endLine:endColumn (1-based UTF-8 byte columns).
                let start = lines.location(of: e.range.lowerBound), end = lines.location(of: e.range.upperBound)
                return JSONValue.object([("path", .string(e.path)), ("rule", .string(e.rule.rawValue)), ("line", .int(start.line)), ("column", .int(start.column)),
                                         ("endLine", .int(end.line)), ("endColumn", .int(end.column)),
                                         ("byteOffset", .int(e.range.lowerBound)), ("byteLength", .int(e.range.count)),
                                         ("original", .string(e.original)), ("replacement", .string(e.replacement)),
                                         ("supports", .bool(e.supports))])
            }
        }
        return JSONValue.object([
            ("schemaVersion", .int(1)), ("tool", .object([("name", .string(Tool.name)), ("version", .string(Tool.version))])),
            ("target", .object([("path", .string(target.path)), ("repo", .optional(target.repo)), ("rev", .optional(target.rev)),
                                ("commit", .optional(target.commit))])),
            ("edits", .array(edits)), ("files", .int(plan.patches.count)), ("byHand", .int(plan.byHand)),
            ("leftAlone", .array(plan.leftAlone.map { .object([("path", .string($0.path)), ("why", .string($0.why))]) })),
        ]).rendered()
    }

    /// The fixed findings as SARIF results, each with its fix (`artifactChanges`).
    static func sarif(_ plan: FixPlan, result: ScanResult, target: ScanTarget) -> String {
        var byKey: [String: SARIFReport.Fix] = [:]
        for patch in plan.patches {
            let buffer = SourceBuffer(patch.original)
            let lines = LineTable(buffer)
            func replacement(_ e: Edit) -> SARIFReport.Fix.Replacement {
                let start = lines.location(of: e.range.lowerBound), end = lines.location(of: e.range.upperBound)
                return .init(startLine: start.line, startColumn: lines.utf16Column(of: e.range.lowerBound, in: buffer), endLine: end.line,
                             endColumn: lines.utf16Column(of: e.range.upperBound, in: buffer), byteOffset: e.range.lowerBound,
                             byteLength: e.range.count, text: e.replacement)
            }
            // A fix carries the edits it needs (a SwiftUI view's environment property) with its own.
            for e in patch.edits where !e.supports {
                byKey["\(e.path):\(e.line):\(e.column):\(e.rule)"] = SARIFReport.Fix(
                    description: "Replace `\(e.original)` with `\(e.replacement)`", replacements: [replacement(e)] + e.needs.map(replacement))
            }
        }
        var fixed = result
        var fixes: [SARIFReport.Fix] = []
        fixed.findings = result.findings.filter { f in
            guard let fix = byKey["\(f.path):\(f.line):\(f.column):\(f.rule)"] else { return false }
            fixes.append(fix)
            return true
        }
        return SARIFReport.render(ScanReport(result: fixed, target: target), fixes: fixes)
    }

    /// A unified diff coloured as git colours one: headers bold, hunks cyan, removals red, additions green.
    static func colorDiff(_ diff: String, _ colors: Colors) -> String {
        guard colors.on else { return diff }
        return diff.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            let l = String(line)
            if l.hasPrefix("+++") || l.hasPrefix("---") || l.hasPrefix("diff ") { return colors.bold(l) }
            if l.hasPrefix("@@") { return colors.severity(.note, l) }
            if l.hasPrefix("+") { return colors.good(l) }
            if l.hasPrefix("-") { return colors.bad(l) }
            return l
        }.joined(separator: "\n")
    }
}

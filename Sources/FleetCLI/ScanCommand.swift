import Foundation
import Reports
import RuleKit
import ScanEngine

/// `fleetscan scan [PATH…]`
enum ScanCommand {
    static let format = Flag(name: "--format", value: "FORMAT", help: "xcode (default: path:line:col: warning: message [rule]) or json (the version-1 contract)")
    static let failOn = Flag(name: "--fail-on", value: "LEVEL", help: "exit 1 when a finding is at least this severe: error (default), warning or note")
    static let jobs = Flag(name: "--jobs", value: "N", help: "worker threads (default: one per core)")
    static let output = Flag(name: "--output", value: "FILE", help: "write the report to FILE instead of standard output")
    static let quiet = Flag(name: "--quiet", value: nil, help: "print no summary or diagnostics on standard error")
    static let flags = [format, failOn, jobs, output, quiet]

    static let usage = """
        usage: fleetscan scan [PATH…] [options]

        Scans Swift and Objective-C sources under each PATH (default: the current folder) and
        reports what stands between them and resizable windows and multiple scenes. The first
        folder's .fleetscan.json applies; Pods, Carthage and other vendored folders are skipped.

        """

    /// The frozen options of one scan.
    struct Options {
        var paths: [String]
        var format: String
        var failOn: Severity
        var jobs: Int
        var output: String?
        var quiet: Bool
    }

    static func options(_ words: [String]) throws -> Options {
        let p = try ParsedArguments.parse(words, flags: flags)
        return Options(paths: p.positionals,
                       format: try p.choice(format, ["xcode", "json"]) ?? "xcode",
                       failOn: Severity(rawValue: try p.choice(failOn, ["error", "warning", "note"]) ?? "error")!,
                       jobs: try p.positiveInt(jobs) ?? Parallel.cores,
                       output: p.values[output.name],
                       quiet: p.switches.contains(quiet.name))
    }

    static func run(_ words: [String], _ io: IO) throws -> Int32 {
        let o = try options(words)
        Timing.mark("start")
        let scan = try PathScan.prepare(o.paths)
        Timing.mark("listing (\(scan.files.count) files)")
        let result = scan.run(jobs: o.jobs)
        let report: String
        switch o.format {
        case "json": report = JSONReport.render(result, target: ScanTarget(path: scan.root))
        default: report = XcodeReport.render(result, display: scan.display)
        }
        Timing.mark("report")
        if let path = o.output {
            guard FileManager.default.createFile(atPath: path, contents: Data(report.utf8)) else {
                throw ScanError("\(path): cannot write the report")
            }
        } else {
            io.out(report)
        }
        if !o.quiet {
            for d in result.diagnostics { io.err("fleetscan: \(scan.display(d.path)): \(d.message)\n") }
            io.err(ScanSummary.line(result) + "\n")
        }
        return result.findings.contains { $0.severity >= o.failOn } ? 1 : 0
    }
}

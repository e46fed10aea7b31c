import Foundation
import RuleKit
import Rules
import SourceLexing

/// The result of scanning a set of files.
public struct ScanResult: Sendable {
    public var findings: [Finding]
    /// Files scanned.
    public var files: Int
    /// Source files not scanned: excluded by configuration, binary, unreadable or too large.
    public var skipped: Int
    /// One entry per file that could not be read or was lexed with problems.
    public var diagnostics: [Diagnostic]
    /// The readiness stage; nil until the project model exists.
    public var stage: String?
    /// Wall time of the scan.
    public var seconds: Double
    /// Files read a second time with the whole repository's facts.
    public var rescanned: Int

    public func count(_ severity: Severity) -> Int { findings.reduce(0) { $0 + ($1.severity == severity ? 1 : 0) } }

    /// Findings per rule id.
    public var byRule: [String: Int] {
        var counts: [String: Int] = [:]
        for f in findings { counts[f.rule, default: 0] += 1 }
        return counts
    }
}

/// Scans a set of files in two passes. The first reads every file once, with only its own
/// facts; the facts of all files then make the repository model; the second pass re-reads
/// only files that use a name (alias, bar constant, window subclass) defined in another file.
/// Context is settled last, from the model, so type hierarchies need no second pass.
public enum TreeScan {
    enum FirstPass: Sendable {
        case analyzed(FileAnalysis)
        case skipped(Diagnostic)
    }

    public static func run(files: [SourceFile], projectFiles: [ProjectFile] = [], skipped: Int = 0, diagnostics: [Diagnostic] = [],
                           configuration: Configuration = Configuration(), jobs: Int = Parallel.cores,
                           analyzer: Analyzer = Analyzer()) -> ScanResult {
        let started = Date()
        let order = files.indices.sorted { files[$0].size > files[$1].size }
        let first: [FirstPass] = Parallel.map(files, jobs: jobs, order: order) { file in
            let buffer: SourceBuffer
            do {
                buffer = try file.read()
            } catch {
                return .skipped(Diagnostic(path: file.path, message: "\(error)"))
            }
            if buffer.looksBinary() { return .skipped(Diagnostic(path: file.path, message: "binary file (NUL bytes); skipped")) }
            return .analyzed(analyzer.analyze(path: file.path, buffer: buffer, language: file.language))
        }
        var analyses: [FileAnalysis?] = []
        var result = ScanResult(findings: [], files: 0, skipped: skipped, diagnostics: diagnostics, stage: nil, seconds: 0, rescanned: 0)
        for outcome in first {
            switch outcome {
            case .analyzed(let a):
                analyses.append(a)
                result.files += 1
                if !a.problems.isEmpty { result.diagnostics.append(Diagnostic(path: a.path, message: a.problems.joined(separator: "; "))) }
            case .skipped(let d):
                analyses.append(nil)
                result.skipped += 1
                result.diagnostics.append(d)
            }
        }
        Timing.mark("first pass (\(files.count) files)")
        let facts = analyses.compactMap { $0?.facts }
        var building = FactResolution.model(facts)
        let (project, projectDiagnostics) = ProjectScan.model(projectFiles, jobs: jobs)
        building.project = project
        building.declaredTypeNames = RepositoryView(model: building, facts: facts).typeNames
        let model = building
        result.diagnostics += projectDiagnostics
        Timing.mark("repository model")
        let again = analyses.indices.filter { analyses[$0]?.usesNamesDefinedElsewhere(in: model) ?? false }
        let second: [FileAnalysis?] = Parallel.map(again, jobs: jobs) { i in
            let file = files[i]
            guard let buffer = try? file.read() else { return nil }
            return analyzer.analyze(path: file.path, buffer: buffer, language: file.language, model: model)
        }
        for (i, a) in zip(again, second) where a != nil { analyses[i] = a }
        result.rescanned = again.count
        Timing.mark("second pass (\(again.count) files)")
        // Repository-level findings join their file's (so suppressions apply) or a project file's.
        var byPath: [String: Int] = [:]
        for (i, a) in analyses.enumerated() { if let a { byPath[a.path] = i } }
        for finding in Catalog.checkRepository(RepositoryView(model: model, facts: facts)) {
            if let i = byPath[finding.path] {
                analyses[i]!.findings.append(finding.pending)
            } else {
                byPath[finding.path] = analyses.count
                analyses.append(FileAnalysis(path: finding.path, language: .swift, facts: FileFacts(path: finding.path),
                                             findings: [finding.pending], suppressions: [], problems: [], identifierHashes: []))
            }
        }
        let resolved: [[Finding]] = Parallel.map(analyses, jobs: jobs) { a in
            guard let a else { return [] }
            return Resolution.findings(of: a, model: model, configuration: configuration)
        }
        result.findings = resolved.flatMap { $0 }.sorted(by: Finding.precedes)
        result.stage = Stage.of(result.findings).rawValue
        Timing.mark("resolution")
        result.diagnostics.sort { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
        result.seconds = Date().timeIntervalSince(started)
        return result
    }
}

/// How far a repository is on the way to resizable windows (RULES.md "Readiness stages").
public enum Stage: String, Sendable, CaseIterable {
    /// Something stops the app from launching with the iOS 27 SDK.
    case notLaunching = "not-launching"
    case launches
    case noDeviceAssumptions = "no-device-assumptions"
    case resizable
    case modern

    static let blocksLaunch: Set<String> = ["scene-manifest-missing", "scene-delegate-unresolved", "launch-screen-missing",
                                            "api-above-deployment-target"]
    static let deviceAssumptions: Set<String> = ["main-screen", "main-screen-bounds", "main-screen-scale", "screen-size-device-check",
                                                 "idiom-layout", "orientation-layout", "shared-windows", "app-delegate-window",
                                                 "status-bar-frame"]

    /// The stage findings leave a repository at.
    public static func of(_ findings: [Finding]) -> Stage {
        if findings.contains(where: { blocksLaunch.contains($0.rule) }) { return .notLaunching }
        if findings.contains(where: { deviceAssumptions.contains($0.rule) }) { return .launches }
        if findings.contains(where: { $0.severity >= .warning }) { return .noDeviceAssumptions }
        return findings.isEmpty ? .modern : .resizable
    }
}

/// Phase timings on standard error when FLEETSCAN_TIMING is set: a development aid.
public enum Timing {
    static let enabled = ProcessInfo.processInfo.environment["FLEETSCAN_TIMING"] != nil
    nonisolated(unsafe) static var last = Date()

    public static func mark(_ phase: String) {
        guard enabled else { return }
        let now = Date()
        FileHandle.standardError.write(Data("timing: \(phase): \(Int(now.timeIntervalSince(last) * 1000)) ms\n".utf8))
        last = now
    }
}

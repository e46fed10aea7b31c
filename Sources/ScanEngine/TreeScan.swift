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
    /// The repository's readiness stage: of its app targets, or of its library when it ships
    /// no app (RULES.md "Readiness stages").
    public var stage: Stage?
    /// Each target's stage and what holds it there.
    public var targets: [TargetStage] = []
    /// Wall time of the scan.
    public var seconds: Double
    /// Files the prefilter found a literal in (analysed; with the filter off, every file is).
    public var candidates = 0
    /// Files read a second time with the whole repository's facts.
    public var rescanned: Int
    /// Entries never scanned because of what they are: symbolic links and submodules (in git
    /// trees; a folder walk does not follow links either), Git LFS pointers.
    public var symlinks = 0
    public var submodules = 0
    public var lfsPointers = 0

    /// What reports call the targets findings name: each target's name as `targets` gives it
    /// (with its project where the repository repeats the name).
    public var targetLabels: [TargetID: String] {
        Dictionary(targets.compactMap { t in t.id.map { ($0, t.name) } }, uniquingKeysWith: { a, _ in a })
    }

    public func count(_ severity: Severity) -> Int { findings.reduce(0) { $0 + ($1.severity == severity ? 1 : 0) } }

    /// Findings per rule id (as text, as stores keep them).
    public var byRule: [String: Int] {
        var counts: [String: Int] = [:]
        for f in findings { counts[f.rule.rawValue, default: 0] += 1 }
        return counts
    }
}

/// Scans a set of files in two passes. The first reads every file once, with only its own
/// facts; the facts of all files then make the repository model; the second pass re-reads
/// only files that use a name (alias, bar constant, window subclass) defined in another file.
/// Context is settled last, from the model, so type hierarchies need no second pass. History
/// runs the same stages commit by commit (`HistoryScan`), so both agree by construction.
public enum TreeScan {
    /// What the first pass made of one file.
    package enum FirstPass: Sendable {
        case analyzed(FileAnalysis)
        /// Not scanned, for what the file is (binary, too large).
        case skipped(Diagnostic)
        /// Not scanned because its bytes could not be read (a corrupt object, an I/O error).
        case unreadable(Diagnostic)
        case lfsPointer

        package var analysis: FileAnalysis? {
            if case .analyzed(let a) = self { return a }
            return nil
        }
    }

    public static func run(files: [SourceFile], projectFiles: [ProjectFile] = [], skipped: Int = 0, diagnostics: [Diagnostic] = [],
                           configuration: Configuration = Configuration(), jobs: Int = Parallel.cores,
                           analyzer: Analyzer = Analyzer(), prefilter mode: PrefilterMode = .environment) -> ScanResult {
        let started = Date()
        let catalogue = LiteralPrefilter.catalogue.value
        var searched = catalogue.literals
        let filter = catalogue.filter
        // A file without any literal is not analysed; its bytes are kept for the next rounds'
        // searches while all such files fit in 512 MiB, and read again otherwise.
        let keep = files.reduce(0) { $0 + $1.size } <= 512 << 20
        // The project model needs no source file: it is one more item of the first pass's map,
        // taken first (it is usually the longest), so reading the project files overlaps with
        // analysing the sources instead of following them on one core.
        enum Work: Sendable { case project, file(Int) }
        enum Done: Sendable { case project(ProjectModel, [Diagnostic]), file(Filtered) }
        let order = files.indices.sorted { files[$0].size > files[$1].size }
        let work: [Work] = [.project] + files.indices.map { .file($0) }
        let done: [Done] = Parallel.map(work, jobs: jobs, order: [0] + order.map { $0 + 1 }) { item in
            switch item {
            case .project:
                let (project, diagnostics) = ProjectScan.model(projectFiles, jobs: 1)
                return .project(project, diagnostics)
            case .file(let i):
                return .file(filteredFirstPass(files[i], analyzer: analyzer, isCandidate: { filter?.matches($0) ?? true }, analyseAll: mode == .off, keep: keep))
            }
        }
        guard case .project(let project, let projectDiagnostics) = done[0] else { preconditionFailure("the project model is item 0") }
        var first: [Filtered] = done.dropFirst().map { if case .file(let f) = $0 { return f }; preconditionFailure("a file's item") }
        Timing.mark("first pass and project model (\(files.count) files, \(projectFiles.count) project files)")
        if Timing.literalsEnabled, let filter { Timing.reportLiterals(filter, files: files, candidates: first.map(\.candidate)) }
        // Later rounds: what the candidates analysed so far make matter, searched for in the
        // files not yet candidates, until nothing new turns up.
        var rounds = 0
        // The last round's model and second pass, while no later round found a candidate: with the
        // filter on, the final model is built from the same files, so they are the final ones.
        var settled: (model: RepositoryModel, again: [Int], second: [FileAnalysis?])? = nil
        while filter != nil {
            let remaining = first.indices.filter { first[$0].isText && !first[$0].candidate }
            guard !remaining.isEmpty else { break }
            let candidates = first.indices.filter { first[$0].candidate && first[$0].outcome?.analysis != nil }
            let analysed = candidates.map { first[$0].outcome!.analysis! }
            let model = buildModel(facts: analysed.map(\.facts), project: project)
            // Findings at names defined in other files appear in the second pass only: their
            // types' ancestry matters too. At the fixed point this model is the final one.
            let again = zip(candidates, analysed).filter { $0.1.needsSecondPass(in: model) }.map(\.0)
            let second = Parallel.map(again, jobs: jobs) { i in secondPass(files[i], model: model, analyzer: analyzer) }
            if mode == .on { settled = (model, again, second) }
            let next = Prefilter.literals(after: analysed + second.compactMap { $0 }, model: model).subtracting(searched)
            guard !next.isEmpty else { break }
            searched.formUnion(next)
            rounds += 1
            // Literals Hyperscan cannot compile make every remaining file a candidate.
            let roundFilter = LiteralPrefilter(next)
            let found: [Filtered?] = Parallel.map(remaining.map { (i: $0, f: first[$0]) }, jobs: jobs) { item in
                let file = files[item.i]
                guard let buffer = item.f.kept ?? (try? file.read()), roundFilter?.matches(buffer) ?? true else { return nil }
                if item.f.outcome == nil, let unverified = verified(file, buffer) { return Filtered(outcome: unverified, candidate: true) }
                return Filtered(outcome: item.f.outcome ?? .analyzed(analyzer.analyze(path: file.path, buffer: buffer, language: file.language)),
                                candidate: true)
            }
            for (i, f) in zip(remaining, found) { if let f { first[i] = f; settled = nil } }
            if Timing.literalsEnabled, let roundFilter {
                var inRound = [Bool](repeating: false, count: files.count)
                for (i, f) in zip(remaining, found) where f != nil { inRound[i] = true }
                Timing.reportLiterals(roundFilter, files: files, candidates: inRound)
            }
        }
        Timing.mark("prefilter: \(first.filter(\.candidate).count) of \(files.count) files are candidates after \(rounds) more round\(rounds == 1 ? "" : "s")")
        var analyses: [FileAnalysis?] = []
        var result = ScanResult(findings: [], files: 0, skipped: skipped, diagnostics: diagnostics, stage: nil, seconds: 0, rescanned: 0)
        for f in first {
            analyses.append(f.outcome?.analysis)
            result.count(f)
            if f.candidate { result.candidates += 1 }
        }
        let facts = analyses.compactMap { $0?.facts }
        let model = settled?.model ?? buildModel(facts: facts, project: project)
        result.diagnostics += projectDiagnostics
        Timing.mark("repository model")
        let again = settled?.again ?? analyses.indices.filter { analyses[$0]?.needsSecondPass(in: model) ?? false }
        let second: [FileAnalysis?] = settled?.second ?? Parallel.map(again, jobs: jobs) { i in secondPass(files[i], model: model, analyzer: analyzer) }
        for (i, a) in zip(again, second) where a != nil { analyses[i] = a }
        result.rescanned = again.count
        Timing.mark("second pass (\(again.count) files)")
        let withRepository = addingRepositoryFindings(to: analyses.compactMap { $0 }, model: model, facts: facts)
        let scopes = Scopes(project: project, configuration: configuration)
        let resolved: [[Finding]] = Parallel.map(withRepository, jobs: jobs) { a in
            Resolution.findings(of: a, model: model, configuration: configuration, scopes: scopes)
        }
        result.findings = resolved.flatMap { $0 }.sorted(by: Finding.precedes)
        result.stage = Stage.ofRepository(result.findings, scopes: scopes)
        result.targets = TargetStage.all(result.findings, scopes: scopes)
        Timing.mark("resolution")
        result.diagnostics.sort { $0.path.utf8Precedes($1.path) }
        result.seconds = Date().timeIntervalSince(started)
        return result
    }

    /// A file after the prefilter's first round: its outcome (`.analyzed` for every candidate,
    /// and for every file when the filter is off) and whether any literal occurs in it.
    package struct Filtered: Sendable {
        /// `nil` for a text file the filter has not analysed.
        package var outcome: FirstPass?
        var candidate: Bool
        /// A non-candidate's bytes, for the next rounds' searches.
        package var kept: SourceBuffer? = nil

        /// Read, and neither binary nor a pointer: a file later rounds may make a candidate.
        var isText: Bool { outcome == nil || outcome?.analysis != nil }
    }

    /// Reads one file and, when a literal occurs in it (or the filter is off), analyses it.
    /// `isCandidate` searches the bytes; `analyseAll` analyses every text file (the filter off);
    /// `keep` keeps a non-candidate's bytes.
    package static func filteredFirstPass(_ file: SourceFile, analyzer: Analyzer, isCandidate: (SourceBuffer) -> Bool, analyseAll: Bool,
                                  keep: Bool) -> Filtered {
        let buffer: SourceBuffer
        do {
            buffer = try file.read()
        } catch let e as ScanError {
            return Filtered(outcome: .skipped(Diagnostic(path: file.path, message: e.message)), candidate: false)
        } catch {
            return Filtered(outcome: .unreadable(Diagnostic(path: file.path, message: "cannot read: \(error)")), candidate: false)
        }
        // What is decided from the bytes is checked first; a file left unanalysed is not.
        let binary = buffer.looksBinary(), pointer = !binary && buffer.isLFSPointer
        let candidate = !binary && !pointer && isCandidate(buffer)
        if binary || pointer || candidate || analyseAll, let unverified = verified(file, buffer) {
            return Filtered(outcome: unverified, candidate: false)
        }
        if binary { return Filtered(outcome: .skipped(Diagnostic(path: file.path, message: "binary file (NUL bytes); skipped")), candidate: false) }
        if pointer { return Filtered(outcome: .lfsPointer, candidate: false) }
        if candidate || analyseAll {
            return Filtered(outcome: .analyzed(analyzer.analyze(path: file.path, buffer: buffer, language: file.language)), candidate: candidate,
                            kept: candidate || !keep ? nil : buffer)
        }
        return Filtered(outcome: nil, candidate: false, kept: keep ? buffer : nil)
    }

    /// Nil when `buffer` passes `file.verify`; else the outcome of a file that cannot be read
    /// (as a read that fails says it).
    static func verified(_ file: SourceFile, _ buffer: SourceBuffer) -> FirstPass? {
        guard let verify = file.verify else { return nil }
        do {
            try verify(buffer)
            return nil
        } catch {
            return .unreadable(Diagnostic(path: file.path, message: "cannot read: \(error)"))
        }
    }

    /// Reads and analyses one file on its own (the filter's first pass with every file a candidate).
    static func firstPass(_ file: SourceFile, analyzer: Analyzer) -> FirstPass {
        filteredFirstPass(file, analyzer: analyzer, isCandidate: { _ in true }, analyseAll: true, keep: false).outcome!
    }

    /// Reads and analyses a file again with the whole repository's model (nil if it cannot be read).
    package static func secondPass(_ file: SourceFile, model: RepositoryModel, analyzer: Analyzer) -> FileAnalysis? {
        guard let buffer = try? file.readVerified() else { return nil }
        return analyzer.analyze(path: file.path, buffer: buffer, language: file.language, model: model)
    }

    /// The repository model from every file's facts and the project files' model.
    static func buildModel(facts: [FileFacts], project: ProjectModel) -> RepositoryModel {
        var building = FactResolution.model(facts)
        building.project = project
        // Facts come in path order (listings are sorted), as ModelInputs takes them.
        building.platformMacros = ModelInputs.platformMacros(facts.lazy.filter { !$0.platformMacros.isEmpty }.map(\.platformMacros))
        var names: Set<String> = []
        for f in facts { names.formUnion(f.typeNames) }
        building.declaredTypeNames = names
        building.classAvailability = ModelInputs.classAvailability(facts.lazy.flatMap(\.availableClasses))
        return building
    }

    /// The analyses with repository-level findings joined to their file's (so suppressions
    /// apply), or to a stand-in analysis for a project file.
    static func addingRepositoryFindings(to analyses: [FileAnalysis], model: RepositoryModel, facts: [FileFacts]) -> [FileAnalysis] {
        var out = analyses
        var byPath: [String: Int] = [:]
        for (i, a) in out.enumerated() { byPath[a.path] = i }
        let view = RepositoryView(model: model, projectFacts: facts.filter(\.hasProjectFacts), typeNames: model.declaredTypeNames)
        for finding in Catalog.checkRepository(view) {
            if let i = byPath[finding.path] {
                out[i].findings.append(finding.pending)
            } else {
                byPath[finding.path] = out.count
                out.append(FileAnalysis(path: finding.path, language: .swift, facts: FileFacts(path: finding.path),
                                        findings: [finding.pending], suppressions: [], problems: [], identifierHashes: []))
            }
        }
        return out
    }
}

extension ScanResult {
    /// Counts one file after the prefilter: a text file counts whether analysed or not; the
    /// lexer's problems are reported for candidates only (the same with the filter off).
    mutating func count(_ f: TreeScan.Filtered) {
        guard let outcome = f.outcome, f.candidate || outcome.analysis == nil else { files += 1; return }
        count(outcome)
    }

    /// Counts one first-pass outcome.
    mutating func count(_ outcome: TreeScan.FirstPass) {
        switch outcome {
        case .analyzed(let a):
            files += 1
            if !a.problems.isEmpty { diagnostics.append(Diagnostic(path: a.path, message: a.problems.joined(separator: "; "))) }
        case .skipped(let d), .unreadable(let d):
            skipped += 1
            diagnostics.append(d)
        case .lfsPointer:
            lfsPointers += 1
        }
    }
}

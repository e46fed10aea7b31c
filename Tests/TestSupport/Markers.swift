import RuleKit
import Rules
import ScanEngine
import SourceLexing
import Testing

/// A position in a file: 1-based line and UTF-8 byte column, as findings report them.
public struct Position: Hashable, Comparable, CustomStringConvertible, Sendable {
    public var line: Int
    public var column: Int
    public init(_ line: Int, _ column: Int) { self.line = line; self.column = column }
    public static func < (a: Position, b: Position) -> Bool { (a.line, a.column) < (b.line, b.column) }
    public var description: String { "\(line):\(column)" }
}

/// The `↓` markers of `code`: where each finding must start, in the text without markers.
public func markerPositions(_ code: String) -> [Position] {
    var positions: [Position] = []
    var line = 1, column = 1
    for scalar in code.unicodeScalars {
        if scalar == "↓" { positions.append(Position(line, column)); continue }
        if scalar == "\n" { line += 1; column = 1 } else { column += String(scalar).utf8.count }
    }
    return positions
}

/// Scans in-memory files (path → text) as one repository, honouring the default vendored
/// folders, and returns the result.
public func scan(_ files: [String: String], configuration: Configuration = Configuration()) -> ScanResult {
    let paths = files.keys.sorted().filter { configuration.includes(file: $0) }
    let sources = paths.compactMap { path -> SourceFile? in
        guard ProjectFile.kind(of: path)?.isAlsoSource ?? true else { return nil }
        return SourceFile.inMemory(path: path, text: files[path]!)
    }
    let projectFiles = paths.compactMap { ProjectFile.inMemory(path: $0, text: files[$0]!) }
    let result = TreeScan.run(files: sources, projectFiles: projectFiles, configuration: configuration, jobs: 2, prefilter: .on)
    // Every scan of the tests is also a test of the prefilter: analysing every file must report
    // the same.
    let everything = TreeScan.run(files: sources, projectFiles: projectFiles, configuration: configuration, jobs: 2, prefilter: .off)
    if let difference = prefilterDifference(result, everything) {
        Issue.record("the prefilter changes the result of scanning \(paths.joined(separator: ", ")): \(difference)")
    }
    return result
}

/// How a scan with the prefilter (`on`) differs from one without (`off`), or nil: in every part
/// that any output (text, JSON, SARIF, the store) reads, the wall time apart.
public func prefilterDifference(_ on: ScanResult, _ off: ScanResult) -> String? {
    if on.findings != off.findings {
        let a = Set(on.findings.map { "\($0.path):\($0.line) \($0.rule) \($0.context) \($0.message)" })
        let b = Set(off.findings.map { "\($0.path):\($0.line) \($0.rule) \($0.context) \($0.message)" })
        return "findings differ: only with the filter \(a.subtracting(b).sorted()), only without \(b.subtracting(a).sorted())"
            + (a == b ? " (or in a field not shown: \(zip(on.findings, off.findings).first { $0 != $1 }.map { "\($0)\n vs \($1)" } ?? "count"))" : "")
    }
    if on.diagnostics != off.diagnostics { return "diagnostics differ: \(on.diagnostics) vs \(off.diagnostics)" }
    if on.stage != off.stage || on.targets != off.targets { return "stages differ: \(String(describing: on.stage)) \(on.targets) vs \(String(describing: off.stage)) \(off.targets)" }
    if (on.files, on.skipped, on.rescanned, on.symlinks, on.submodules, on.lfsPointers)
        != (off.files, off.skipped, off.rescanned, off.symlinks, off.submodules, off.lfsPointers) {
        return "counts differ: files \(on.files)/\(off.files), skipped \(on.skipped)/\(off.skipped), rescanned \(on.rescanned)/\(off.rescanned), lfs \(on.lfsPointers)/\(off.lfsPointers)"
    }
    return nil
}

/// The positions of `rule`'s findings in `path`.
public func positions(of rule: RuleID, in path: String, _ result: ScanResult) -> [Position] {
    result.findings.filter { $0.rule == rule && $0.path == path }.map { Position($0.line, $0.column) }.sorted()
}

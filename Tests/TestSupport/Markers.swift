import RuleKit
import Rules
import ScanEngine
import SourceLexing

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
    return TreeScan.run(files: sources, projectFiles: projectFiles, configuration: configuration, jobs: 2)
}

/// The positions of `rule`'s findings in `path`.
public func positions(of rule: String, in path: String, _ result: ScanResult) -> [Position] {
    result.findings.filter { $0.rule == rule && $0.path == path }.map { Position($0.line, $0.column) }.sorted()
}

// The readiness vocabulary that results are told in: the stage a repository or target is at,
// and its findings counted by severity. Stages are decided from rules' readiness roles (in
// ScanEngine) and kept by the stores (in ResultStore), so they live here, below both.

/// How far a repository or target is on the way to resizable windows (RULES.md "Readiness
/// stages"), lowest first. Stored as its raw value.
public enum Stage: String, Sendable, CaseIterable, Codable, Comparable, CustomStringConvertible {
    /// Something stops the app from launching with the iOS 27 SDK.
    case notLaunching = "not-launching"
    /// What decides whether it launches could not be read (a malformed or missing Info.plist);
    /// nothing known stops it. Below every stage it could be, above what certainly fails.
    case unknown
    case launches
    case noDeviceAssumptions = "no-device-assumptions"
    case resizable
    case modern

    public static func < (a: Stage, b: Stage) -> Bool { allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)! }

    /// Its stored spelling (`not-launching`), wherever it is written into text.
    public var description: String { rawValue }
}

/// Findings by severity: the one holder of error, warning and note counts (commits, tallies,
/// fleet results and reports all use it).
public struct SeverityCounts: Sendable, Equatable, Hashable {
    public var errors = 0
    public var warnings = 0
    public var notes = 0

    public init(errors: Int = 0, warnings: Int = 0, notes: Int = 0) {
        self.errors = errors
        self.warnings = warnings
        self.notes = notes
    }

    public var total: Int { errors + warnings + notes }
    public var warningsOrErrors: Int { errors + warnings }

    public static func - (a: SeverityCounts, b: SeverityCounts) -> SeverityCounts {
        SeverityCounts(errors: a.errors - b.errors, warnings: a.warnings - b.warnings, notes: a.notes - b.notes)
    }

    public static func + (a: SeverityCounts, b: SeverityCounts) -> SeverityCounts {
        SeverityCounts(errors: a.errors + b.errors, warnings: a.warnings + b.warnings, notes: a.notes + b.notes)
    }
}

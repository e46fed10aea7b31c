import ProjectFiles
import SourceLexing

/// How bad a finding is. Ordered: `note < warning < error`.
public enum Severity: String, Sendable, Codable, CaseIterable, Comparable {
    case note, warning, error

    private var rank: Int { self == .note ? 0 : self == .warning ? 1 : 2 }
    public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
}

/// Which quantity or behaviour a finding is about; the fix depends on it.
public enum Facet: String, Sendable, Codable, CaseIterable {
    case scale, size, screen, idiom, orientation, insets, window, lifecycle, availability
}

/// Where the code lives, from its enclosing type's superclass and protocols.
public enum Context: String, Sendable, Codable, CaseIterable {
    case view, viewController, sceneDelegate, appDelegate, other
}

/// Whose code a finding is in (RULES.md "Scopes"): a shipping app (with its extensions and
/// frameworks), a library's own code, a library's demo or example app, or tests. Only `app`
/// and `library` count towards stages and the org's totals.
public enum TargetScope: String, Sendable, Codable, CaseIterable, Comparable {
    case app, library, example, test
    /// A source file no target builds, in a repository whose projects list their sources.
    case unbuilt

    /// Whether findings in this scope count towards stages and totals.
    public var counts: Bool { self == .app || self == .library }

    public static func < (a: TargetScope, b: TargetScope) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// Which code a rule judges, by the platforms that compile it (RULES.md "Platforms decide").
public enum RulePlatforms: Sendable {
    /// Code compiled for iOS, iPadOS, Mac Catalyst or visionOS, where windows resize: the
    /// geometry, device, window, layout and availability rules.
    case resizable
    /// Code of any UIKit app platform, tvOS too: scene adoption (TN3187 names them all).
    case uiKit
    /// Every file (suppression bookkeeping).
    case any

    /// Whether code a target builds for `platforms` is judged by such a rule (a target whose
    /// platforms are unknown is judged).
    public func judges(_ platforms: Set<Platform>) -> Bool {
        switch self {
        case .any: return true
        case .uiKit: return platforms.isEmpty || !platforms.isDisjoint(with: Platform.uiKit)
        case .resizable: return platforms.isEmpty || !platforms.isDisjoint(with: Platform.resizable)
        }
    }
}

/// What a rule's findings do to a target's readiness stage (RULES.md "Readiness stages").
public enum ReadinessRole: String, Sendable, CaseIterable {
    /// The app does not launch with the iOS 27 SDK while one stands: stage `not-launching`.
    case blocksLaunch
    /// A device or single-window assumption: the stage stays `launches`.
    case deviceAssumption
    /// Any other finding: a warning keeps `no-device-assumptions`, a note `resizable`.
    case other
}

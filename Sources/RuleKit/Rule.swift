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

/// How a rule explains itself: the single source for `rules`, `explain`, messages' fixes and tests.
public struct RuleDescription: Sendable {
    /// The stable id from RULES.md.
    public let id: String
    /// A short title.
    public let name: String
    public let severity: Severity
    public let facet: Facet
    /// One line: what it catches.
    public let summary: String
    /// Why it matters, in the seeds' terms, citing them.
    public let rationale: String
    /// The fix for a finding in `context`, written in `language`; `swiftUI` for SwiftUI views.
    public let fix: @Sendable (_ context: Context, _ language: Language, _ swiftUI: Bool) -> String
    public let triggering: [Example]
    public let nonTriggering: [Example]
    /// The iOS major version whose APIs the fix needs (13 for scenes, 11 for the safe area):
    /// code that only runs below it cannot apply the fix (RULES.md "Pre-scene fallbacks").
    public let fixNeedsIOS: Int?
    /// The fix needs scene APIs (iOS 13).
    public var fixNeedsScenes: Bool { fixNeedsIOS.map { $0 >= 13 } ?? false }
    /// Which code the rule judges.
    public let platforms: RulePlatforms
    /// What its findings do to the readiness stage.
    public let readiness: ReadinessRole

    public init(id: String, name: String, severity: Severity, facet: Facet, summary: String, rationale: String,
                fix: @escaping @Sendable (Context, Language, Bool) -> String,
                triggering: [Example], nonTriggering: [Example], fixNeedsScenes: Bool = false, fixNeedsIOS: Int? = nil,
                platforms: RulePlatforms = .resizable, readiness: ReadinessRole = .other) {
        self.readiness = readiness
        self.fixNeedsIOS = fixNeedsIOS ?? (fixNeedsScenes ? 13 : nil)
        self.platforms = platforms
        self.id = id
        self.name = name
        self.severity = severity
        self.facet = facet
        self.summary = summary
        self.rationale = rationale
        self.fix = fix
        self.triggering = triggering
        self.nonTriggering = nonTriggering
    }

    /// A fix that does not depend on where the code is.
    public static func fixed(_ text: String) -> @Sendable (Context, Language, Bool) -> String {
        { _, _, _ in text }
    }
}

/// A piece of code that a rule must (with `↓` markers where) or must not flag. Records where
/// it was written so that a failing example points at its own line in the rule's file.
public struct Example: Sendable {
    /// The code, with `↓` before each token where a finding must start.
    public let code: String
    /// The file the code is scanned as; its extension decides the language.
    public let path: String
    /// Other files of the example repository (declarations of superclasses or aliases).
    public let files: [String: String]
    /// Whether the generated comment/string wrappings apply (false when the code cannot be
    /// wrapped, say because it needs a second file to be what makes it fire).
    public let wraps: Bool
    /// The message every finding of a triggering example must have, when it matters.
    public let message: String?
    public let file: StaticString
    public let line: UInt

    public init(_ code: String, path: String = "Example.swift", files: [String: String] = [:], wraps: Bool = true,
                message: String? = nil, file: StaticString = #filePath, line: UInt = #line) {
        self.code = code
        self.path = path
        self.files = files
        self.wraps = wraps
        self.message = message
        self.file = file
        self.line = line
    }

    /// An Objective-C example, scanned as `Example.m`.
    public static func objc(_ code: String, path: String = "Example.m", files: [String: String] = [:], wraps: Bool = true,
                            message: String? = nil, file: StaticString = #filePath, line: UInt = #line) -> Example {
        Example(code, path: path, files: files, wraps: wraps, message: message, file: file, line: line)
    }

    public var language: Language { Language(path: path) ?? .swift }

    /// The code without markers.
    public var source: String { String(String.UnicodeScalarView(code.unicodeScalars.filter { $0 != "↓" })) }
}

/// A finding as a rule reports it, before the repository says what context it is in.
public struct PendingFinding: Sendable, Equatable, Codable {
    public var rule: String
    public var offset: Int
    public var line: Int
    public var column: Int
    /// The column in UTF-16 code units (for SARIF).
    public var column16: Int
    public var facet: Facet
    public var message: String
    /// The enclosing type (the extended type for extensions and categories), if any.
    public var typeName: String?
    /// The enclosing function, method or property, if any.
    public var functionName: String?
    /// Keep the finding only in these contexts (nil: any).
    public var onlyIn: Set<Context>?
    /// The finding's line with white space collapsed: what its fingerprint is made of.
    public var lineText: String
    /// For APIs newer than some targets: the iOS version the code needs. The finding stands
    /// only where the file's deployment target is lower.
    public var requires: OSVersion?
    /// A severity that depends on the repository (else the rule's).
    public var severity: Severity?
    /// A type name that, when the repository declares it itself (a backport), makes the finding
    /// moot: `ContentUnavailableView` written for iOS 16.
    public var unlessDeclared: String?
    /// The target a project-level finding is about (its app), if any.
    public var target: String?

    public init(rule: String, offset: Int, line: Int, column: Int, column16: Int? = nil, facet: Facet, message: String,
                typeName: String?, functionName: String?, onlyIn: Set<Context>? = nil, lineText: String = "") {
        self.lineText = lineText
        self.rule = rule
        self.offset = offset
        self.line = line
        self.column = column
        self.column16 = column16 ?? column
        self.facet = facet
        self.message = message
        self.typeName = typeName
        self.functionName = functionName
        self.onlyIn = onlyIn
    }
}

/// A finding as reports show it. Identified by (path, line, rule).
public struct Finding: Sendable, Equatable, Codable {
    public var rule: String
    public var severity: Severity
    public var facet: Facet
    public var context: Context
    public var path: String
    public var line: Int
    public var column: Int
    public var message: String
    public var suggestion: String
    public var fingerprint: String
    /// The column in UTF-16 code units, as SARIF counts by default (`column` counts UTF-8 bytes).
    public var column16: Int
    /// The fingerprint without the path: what follows a finding into a renamed file.
    public var contentFingerprint: String
    /// The fingerprint without the enclosing type and function: rule, path and the line's text.
    /// A finding whose line only moved to another function keeps it (baselines match on it when
    /// nothing closer does).
    public var lineFingerprint: String = ""
    /// Whose code it is in.
    public var scope: TargetScope = .app
    /// The targets that compile the file, or the target a project-level finding is about
    /// (empty when no project file maps the file).
    public var targets: [String] = []

    public init(rule: String, severity: Severity, facet: Facet, context: Context, path: String, line: Int, column: Int,
                message: String, suggestion: String, fingerprint: String, column16: Int? = nil, contentFingerprint: String = "") {
        self.column16 = column16 ?? column
        self.contentFingerprint = contentFingerprint
        self.rule = rule
        self.severity = severity
        self.facet = facet
        self.context = context
        self.path = path
        self.line = line
        self.column = column
        self.message = message
        self.suggestion = suggestion
        self.fingerprint = fingerprint
    }

    /// The report order: path (bytewise), line, column, rule.
    public static func precedes(_ a: Finding, _ b: Finding) -> Bool {
        if a.path != b.path { return a.path.utf8.lexicographicallyPrecedes(b.path.utf8) }
        if a.line != b.line { return a.line < b.line }
        if a.column != b.column { return a.column < b.column }
        return a.rule.utf8.lexicographicallyPrecedes(b.rule.utf8)
    }
}

import ProjectFiles
import SourceLexing

/// Where a finding's fix will be read: the code's context, its language, whether the type is a
/// SwiftUI view (whose fixes use the environment, not UIKit), and when the member it is in runs
/// (before the view is in a window, in a size transition, in layout: what the view can answer
/// there differs).
public struct FixSite: Sendable, Equatable {
    public var context: Context
    public var language: Language
    public var isSwiftUIView: Bool
    public var timing: MemberTiming

    public init(_ context: Context, _ language: Language, swiftUIView: Bool = false, timing: MemberTiming = []) {
        self.context = context
        self.language = language
        self.isSwiftUIView = swiftUIView
        self.timing = timing
    }
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
    /// Why it matters, in English.
    public let rationale: String
    /// The public sources the reasoning rests on (sessions, technotes, API documentation).
    public let sources: [PublicSource]
    /// The fix for a finding in `context`, written in `language`; `swiftUI` for SwiftUI views.
    public let fix: @Sendable (FixSite) -> String
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
                sources: [PublicSource] = [], fix: @escaping @Sendable (FixSite) -> String,
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
        self.sources = sources
        self.fix = fix
        self.triggering = triggering
        self.nonTriggering = nonTriggering
    }

    /// A fix that does not depend on where the code is.
    public static func fixed(_ text: String) -> @Sendable (FixSite) -> String {
        { _ in text }
    }

    /// The places whose fix `rules`, `explain` and SARIF list: every context, then in a view or
    /// view controller each timing whose fix differs from the context's own (the scale read in
    /// an initializer is not fixed as in layoutSubviews).
    public func fixPlaces(_ language: Language) -> [FixSite] {
        var out: [FixSite] = []
        for context in [Context.viewController, .view, .sceneDelegate, .appDelegate, .other] {
            let base = FixSite(context, language)
            out.append(base)
            guard context == .view || context == .viewController else { continue }
            for timing in MemberTiming.distinguished where fix(FixSite(context, language, timing: timing)) != fix(base) {
                out.append(FixSite(context, language, timing: timing))
            }
        }
        return out
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

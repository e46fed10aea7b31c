import ProjectFiles
import SourceLexing

/// A finding as a rule reports it, before the repository says what context it is in.
public struct PendingFinding: Sendable, Equatable, Codable {
    public var rule: RuleID
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
    /// The Objective-C method or property the finding is in, as `Type selector`: an
    /// `API_AVAILABLE` on its declaration in an `@interface` (a header) covers its body too.
    public var member: String?
    /// The target a project-level finding is about (its app), if any.
    public var target: TargetID?
    /// When the member the finding is in runs (`MemberTiming`), nil when that says nothing.
    public var timing: MemberTiming?
    /// Where that is not before the view is in a window by this file's own code: the overrides
    /// of its type that reach the finding (`CodeFile.overrideRoots(at:)`), sorted — early if a
    /// superclass calls one early (`RepositoryModel.callsEarly`). Nil when there are none.
    public var overrideRoots: [String]?
    /// Whether the finding is in an instance member, where `self` exists (`FixSite.inInstance`).
    public var inInstance = false
    /// The iOS version an availability guard or declaration around the finding guarantees
    /// (`if #available(iOS 13, *)`, `@available(iOS 13, *)`), nil when none does: a suggestion
    /// that needs more than the deployment target needs no guard of its own there.
    public var guaranteed: OSVersion?
    /// A `CGSize` or `CGRect` parameter of the enclosing method (`CodeFile.sizeParameter(of:)`):
    /// the size the code is given.
    public var sizeParameter: String?
    /// The view controller or window whose creation the finding's expression is an argument of
    /// (`CodeFile.objectCreated(around:)`): a frame for it is its container's to give.
    public var createdObject: String?
    /// The iOS major version below which alone the finding's code runs (`Availability.runsOnlyBelow`):
    /// at that deployment target or later it never runs, and the finding does not stand.
    public var runsOnlyBelow: Int?
    /// The initial value of an instance's stored property (`FixSite.inStoredProperty`).
    public var inStoredProperty = false
    /// That stored property is a window the object keeps (`FixSite.storesWindow`).
    public var storesWindow = false
    /// In an overriding property's getter or setter (`FixSite.inAccessor`).
    public var inAccessor = false
    /// In a notification or gesture handler (`FixSite.inAction`).
    public var inAction = false
    /// What the code does that the usual fix would not fit (`FixSite.shapes`).
    public var shapes: SiteShapes = []
    /// The name the code at the finding gives the value its fix works on (the local a keyboard
    /// frame is read into, `frame`): fix snippets use it, so they fit the code they replace.
    public var subject: String?

    public init(rule: RuleID, offset: Int, line: Int, column: Int, column16: Int? = nil, facet: Facet, message: String,
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
    public var rule: RuleID
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
    /// (empty when no project file maps the file). Reports name them with `TargetNames`.
    public var targets: [TargetID] = []
    /// In a SwiftUI view (context `view`, but no `bounds`, `window` or `traitCollection` to read).
    public var inSwiftUIView = false
    /// The iOS deployment target the file is built for (`ProjectModel.fixDeploymentTarget(for:)`:
    /// the lowest of the targets that compile it, or SwiftPM's default for a package that names
    /// no iOS platform), nil when nothing says: a fix must not need more.
    public var deploymentTarget: OSVersion?
    /// What the code at the finding does that its rule's usual fix would not fit (a key window
    /// saved to be made key again wants the app's windows, not the view's own).
    public var shapes: SiteShapes = []

    public init(rule: RuleID, severity: Severity, facet: Facet, context: Context, path: String, line: Int, column: Int,
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
        if a.path != b.path { return a.path.utf8Precedes(b.path) }
        if a.line != b.line { return a.line < b.line }
        if a.column != b.column { return a.column < b.column }
        return a.rule < b.rule
    }
}

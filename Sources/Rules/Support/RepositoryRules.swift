import ProjectFiles
import RuleKit
import SourceLexing

/// What a repository-level rule reads: the model and every file's facts, with the indexes the
/// project rules share.
public struct RepositoryView: Sendable {
    public let model: RepositoryModel
    public let facts: [FileFacts]
    /// Every type name declared anywhere (classes also under their `@objc` names).
    public let typeNames: Set<String>

    public init(model: RepositoryModel, facts: [FileFacts]) {
        self.model = model
        self.facts = facts
        typeNames = Set(facts.flatMap(\.typeNames))
    }

    /// A view from the facts repository rules read (files with app entries, URL or scene
    /// methods, scene configuration names, window state or singletons, in path order) and
    /// every declared type name, both kept up to date elsewhere.
    public init(model: RepositoryModel, projectFacts: [FileFacts], typeNames: Set<String>) {
        self.model = model
        self.facts = projectFacts
        self.typeNames = typeNames
    }

    /// What messages call `app`: its name, with its project where the repository repeats the name.
    func label(_ app: ProjectModel.App) -> String { model.project.targetNames.label(app.id) }

    /// Whether `app` has a SwiftUI `@main App` among its own sources (any source when no
    /// project file maps sources to targets).
    func hasSwiftUIEntry(_ app: ProjectModel.App) -> Bool {
        facts.contains { !$0.appEntries.isEmpty && app.compiles($0.path) }
    }
}

/// A finding of a repository-level rule, in a source file or a project file.
public struct RepositoryFinding: Sendable {
    public var path: String
    public var pending: PendingFinding
}

/// Collects repository-level findings.
public struct RepositorySink {
    public private(set) var findings: [RepositoryFinding] = []

    /// Reports `rule` at a place; `identity` is what the fingerprint is made of (the line's text
    /// for source files, the target's name for project files).
    mutating func report(_ rule: RuleDescription, path: String, line: Int, column: Int, column16: Int? = nil, offset: Int = 0,
                         message: String, identity: String, typeName: String? = nil, functionName: String? = nil,
                         severity: Severity? = nil, target: TargetID? = nil, shapes: SiteShapes = []) {
        var p = PendingFinding(rule: rule.id, offset: offset, line: line, column: column, column16: column16, facet: rule.facet,
                               message: message, typeName: typeName, functionName: functionName, lineText: identity)
        p.severity = severity
        p.target = target
        p.shapes = shapes
        findings.append(RepositoryFinding(path: path, pending: p))
    }
}

/// A rule about the repository as a whole: its app targets, their Info.plists, and facts that
/// no single file holds (which type is the scene delegate, which names are declared).
protocol RepositoryRule: Rule {
    func checkRepository(_ repository: RepositoryView, into sink: inout RepositorySink)
}

extension Catalog {
    /// Runs every repository-level rule.
    public static func checkRepository(_ repository: RepositoryView) -> [RepositoryFinding] {
        var sink = RepositorySink()
        for rule in repositoryRules {
            rule.checkRepository(repository, into: &sink)
        }
        return sink.findings
    }

    /// The rules that are repository rules, in catalog order. Each `as?` is the runtime's first
    /// conformance lookup for its type, a search of every conformance the binary holds (7 M
    /// instructions for the catalog), so a scan has it made early, off its serial path
    /// (`prepareRepositoryRules`).
    static let repositoryRules: [any RepositoryRule] = rules.compactMap { $0 as? any RepositoryRule }

    /// Makes `repositoryRules` now (a scan calls this on the thread that compiles its literals).
    public static func prepareRepositoryRules() { _ = repositoryRules }
}

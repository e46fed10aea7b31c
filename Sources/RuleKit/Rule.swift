import ProjectFiles
import SourceLexing

/// A rule: a description (documentation and examples) and a check. Rules are pure: the same
/// file and repository model always give the same findings, which is what lets results be
/// cached per blob.
public protocol Rule: Sendable {
    var description: RuleDescription { get }
    /// Identifier words at which `check(at:)` is called.
    var triggers: Set<Word> { get }
    /// Repository names at which `check(at:)` is also called.
    var nameTriggers: NameTriggers { get }
    /// What a file must contain for this rule to find anything in it (by default its trigger
    /// words): the prefilter analyses no file in which no rule's literal, and no name the
    /// repository's analysed files make matter, occurs. A rule whose checks need more than a
    /// trigger (an enclosing callback's name) may name that instead, so that a common trigger
    /// (`frame`) does not make every file a candidate.
    var literals: Set<Literal> { get }
    /// Literals that matter only in some repositories, by what their project files say (APIs
    /// newer than the oldest deployment target): searched once the project files are read.
    func literals(in project: ProjectModel) -> Set<Literal>
    /// Looks at the token at `site` (a trigger) and reports what it finds.
    func check(at site: Int, in file: CodeFile, model: RepositoryModel, into sink: inout FindingSink)
    /// Looks at the whole file once (for rules about definitions or declarations).
    func checkFile(_ file: CodeFile, model: RepositoryModel, into sink: inout FindingSink)
}

extension Rule {
    public var id: RuleID { description.id }
    public var triggers: Set<Word> { [] }
    public var nameTriggers: NameTriggers { [] }
    public var literals: Set<Literal> { Set(triggers.map { .word($0.spelling) }) }
    public func literals(in project: ProjectModel) -> Set<Literal> { [] }
    public func check(at site: Int, in file: CodeFile, model: RepositoryModel, into sink: inout FindingSink) {}
    public func checkFile(_ file: CodeFile, model: RepositoryModel, into sink: inout FindingSink) {}
}

/// Kinds of repository-defined names a rule wants to be called at.
public struct NameTriggers: OptionSet, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let aliases = NameTriggers(rawValue: 1)
    public static let barConstants = NameTriggers(rawValue: 2)
    public static let windowTypes = NameTriggers(rawValue: 4)
}

/// Collects a file's findings, filling in line, column and the enclosing type and function.
/// Keeps one finding per (rule, line), the first column, as RULES.md identifies findings, and
/// renders each line's text once: a generated line can hold thousands of sites.
public struct FindingSink {
    public let file: CodeFile
    public private(set) var findings: [PendingFinding] = []
    private var index: [Key: Int] = [:]
    private var lineTexts: [Int: String] = [:]
    /// Whether the file names `TDelegate` or `TDataSource`, by `T` (`CodeFile.delegatingType(of:)`).
    private var delegatedTypes: [String: Bool] = [:]

    private struct Key: Hashable {
        var rule: RuleID
        var line: Int
        /// Findings that stand only below some deployment target are kept one per version:
        /// which of them stands is decided with the target, in resolution.
        var requires: OSVersion? = nil
    }

    /// Findings one file lists at most: past them, each rule's further findings are only counted
    /// (`unlisted`), so a generated file with a million reads costs what 10,000 do, not 1.5 GB.
    public static let maximumFindings = 10_000
    /// Per rule, the findings past `maximumFindings` (one per rule and line, as listed ones are).
    public private(set) var unlisted: [RuleID: Int] = [:]
    private var lastUnlistedLine: [RuleID: Int] = [:]

    public init(file: CodeFile) { self.file = file }

    /// Reports `rule` at token `i`.
    /// `shapes`: what the code does that the rule's usual fix would not fit (`FixSite.shapes`).
    /// `unlessDeclared`: a name that, declared anywhere in the repository, makes the site the
    /// project's own and the finding none (`UIApplication.keyWindow`, an extension's property).
    public mutating func report(_ rule: RuleDescription, at i: Int, facet: Facet? = nil, message: String,
                                onlyIn: Set<Context>? = nil, shapes: SiteShapes = [], unlessDeclared: String? = nil, subject: String? = nil) {
        guard let stored = report(rule.id, at: Int(file[i].start), token: i, facet: facet ?? rule.facet, message: message,
                                  onlyIn: onlyIn, requires: nil) else { return }
        findings[stored].shapes = shapes
        findings[stored].subject = subject
        if let unlessDeclared { findings[stored].unlessDeclared = unlessDeclared }
    }

    /// Reports rule `id` at byte `offset`, taking the enclosing type and function from token `token`.
    public mutating func report(_ id: RuleID, at offset: Int, token: Int, facet: Facet, message: String,
                                onlyIn: Set<Context>? = nil) {
        report(id, at: offset, token: token, facet: facet, message: message, onlyIn: onlyIn, requires: nil)
    }

    /// The index of the finding stored, nil when the line already holds an earlier one (or the
    /// file lists no more).
    @discardableResult
    private mutating func report(_ id: RuleID, at offset: Int, token: Int, facet: Facet, message: String,
                                 onlyIn: Set<Context>?, requires: OSVersion?) -> Int? {
        let (line, column) = file.lines.location(of: offset)
        let key = Key(rule: id, line: line, requires: requires)
        if let existing = index[key], findings[existing].column <= column { return nil }
        // Code only an Apple TV runs, behind a runtime idiom check, is tvOS code (RULES.md "Platforms decide").
        if file.runsOnlyOnTV(token) { return nil }
        // A SwiftUI preview runs in Xcode's canvas only.
        if file.runsOnlyInPreview(token) { return nil }
        if index[key] == nil, findings.count >= Self.maximumFindings {
            if lastUnlistedLine[id] != line { unlisted[id, default: 0] += 1 }
            lastUnlistedLine[id] = line
            return nil
        }
        let type = file.enclosingType(of: token).map(file.contextType)
        let enclosing = file.enclosingFunction(of: token)?.scope
        let function = enclosing?.name
        let text = lineTexts[line] ?? lineText(line)
        lineTexts[line] = text
        var finding = PendingFinding(rule: id, offset: offset, line: line, column: column,
                                     column16: file.lines.utf16Column(of: offset, in: file.buffer), facet: facet,
                                     message: message, typeName: type, functionName: function, onlyIn: onlyIn, lineText: text)
        // Fix texts depend on both (a scale read in an initializer is not one in layoutSubviews,
        // and a class method has no trait collection to read).
        if let enclosing, type != nil, !enclosing.isStatic, file.enclosingType(of: enclosing.open)?.open == file.enclosingType(of: token)?.open {
            finding.inInstance = true
        } else if enclosing == nil, type != nil, let declared = file.memberDeclared(at: token) {
            // At a method's own name (`override func traitCollectionDidChange`): its body is the instance's.
            finding.inInstance = !declared.isStatic
        }
        if function != nil, type != nil {
            var timing = file.timing(at: token)
            // An orientation lock is one by its name, in a class method (`+supportedInterfaceOrientations`) too.
            if let enclosing, enclosing.isStatic, MemberTiming.isOrientationLock(enclosing, in: file) {
                timing.insert(.inOrientationLock)
            }
            if !timing.isEmpty { finding.timing = timing }
            if !timing.contains(.beforeWindow) {
                let roots = file.overrideRoots(at: token)
                if !roots.isEmpty { finding.overrideRoots = roots.sorted() }
            }
        }
        // Where a size can come from other than the view the code is in (`SizeSources.swift`).
        // Not in a closure that holds `self` weakly (`.sink { [weak self] … }`): it runs later,
        // for the object's whole life, when the size the method was given is stale (isowords' cube).
        if let enclosing, !file.scopes(around: token).contains(where: { s in
            s.kind == .closure && s.open > enclosing.open && file.isPunct(s.open + 1, "[") && ["weak", "unowned"].contains(file.text(s.open + 2))
        }) {
            finding.sizeParameter = file.sizeParameter(of: enclosing)
        }
        finding.createdObject = file.objectCreated(around: token)
        // An observed property's initial value (`var w = x { didSet { … } }`) is one too: its
        // `didSet` made the declaration a member above, but the value is computed before `self` is.
        if enclosing == nil, type != nil, let property = file.instanceStoredProperty(around: token) {
            finding.inStoredProperty = true
            finding.inInstance = false
            // The property is the window the object shows in (NotificationBanner's `appWindow`).
            finding.storesWindow = property.lowercased().hasSuffix("window")
        }
        // An overriding property's getter or setter: its signature is UIKit's (an accessibility
        // element's `accessibilityFrame`).
        // A notification's or gesture's handler: its parameters are UIKit's.
        // So is a method a selector names (`#selector(orientationDidChange)` given to an observer
        // or a target): UIKit calls it, parameterless or with its own arguments (Whisper's factory).
        // Not an initializer or a type's own member: the project calls those (tinode's `KeyboardInfo(notification)`).
        if let enclosing, enclosing.kind == .function, !enclosing.isStatic, enclosing.name != "init", !enclosing.name.hasPrefix("initWith") {
            finding.inAction = (enclosing.declarationStart..<min(enclosing.open, file.tokens.count)).contains { q in
                guard file[q].kind == .identifier else { return false }
                let t = file.text(q)
                return t == "Notification" || t == "NSNotification" || (t.hasSuffix("GestureRecognizer") && t.hasPrefix("UI"))
            } || file.isSelectorTarget(enclosing) || file.delegatingType(of: enclosing).map { t in
                if let known = delegatedTypes[t] { return known }
                let answer = file.names(t + "Delegate") || file.names(t + "DataSource")
                delegatedTypes[t] = answer
                return answer
            } ?? false
        }
        // A closure set as a handler the system calls (Provenance's gamepad `valueChangedHandler = { … }`):
        // it runs with its own arguments, whoever set it.
        if !finding.inAction, let closure = file.scopes(around: token).first(where: { $0.kind == .closure }),
           enclosing.map({ closure.open > $0.open }) ?? true, file.isHandlerAssignment(closureOpenedAt: closure.open) {
            finding.inAction = true
        }
        if let enclosing, enclosing.kind == .accessor, !enclosing.isStatic {
            let from = max(0, enclosing.declarationStart - 8)
            finding.inAccessor = (from..<min(enclosing.open, file.tokens.count)).contains { file.is($0, .override) }
        }
        if let existing = index[key] {
            findings[existing] = finding
            return existing
        }
        index[key] = findings.count
        findings.append(finding)
        return findings.count - 1
    }

    /// Adds a finding made by the rule itself, placing it at token `token` (line, column,
    /// enclosing type and function are filled in).
    public mutating func add(_ pending: PendingFinding, at token: Int) {
        // The stored finding's index, not a search: a generated file reports thousands.
        guard let i = report(pending.rule, at: pending.offset, token: token, facet: pending.facet, message: pending.message,
                             onlyIn: pending.onlyIn, requires: pending.requires) else { return }
        findings[i].requires = pending.requires
        findings[i].severity = pending.severity
        findings[i].unlessDeclared = pending.unlessDeclared
        findings[i].member = pending.member
        findings[i].shapes = pending.shapes
    }

    /// The line with white space collapsed, at most 240 characters (from its first 1 KiB).
    private func lineText(_ line: Int) -> String {
        let range = file.lines.range(ofLine: line, in: file.buffer)
        let head = range.lowerBound..<min(range.upperBound, range.lowerBound + 1024)
        let text = file.buffer.text(head).split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
        return String(text.prefix(240))
    }
}

import RuleKit
import SourceLexing

/// A suppression comment with its position.
public struct LocatedSuppression: Sendable, Equatable, Codable {
    public var line: Int
    public var column: Int
    /// The column in UTF-16 code units.
    public var column16: Int
    public var ruleIDs: [RuleID]
    public var wholeFile: Bool
    /// The comment stands on a line of its own, so it also covers the next line; a comment
    /// after code covers only its own line.
    public var ownLine: Bool
}

/// What one pass over one file produced.
public struct FileAnalysis: Sendable, Equatable, Codable {
    public var path: String
    public var language: Language
    /// What the file contributes to the repository model.
    public var facts: FileFacts
    /// Findings before context, suppressions and configuration are applied.
    public var findings: [PendingFinding]
    public var suppressions: [LocatedSuppression]
    /// What the lexer could not make sense of, with lines.
    public var problems: [String]
    /// Distinct hashes of the file's identifiers: whether a name defined elsewhere is
    /// used here can be answered without reading the file again.
    public var identifierHashes: [UInt32]
    /// The file's `#if` branches, which decide on which platforms each finding's code compiles.
    public var branches: [ConditionalBranch] = []

    public init(path: String, language: Language, facts: FileFacts, findings: [PendingFinding], suppressions: [LocatedSuppression],
                problems: [String], identifierHashes: [UInt32]) {
        self.path = path
        self.language = language
        self.facts = facts
        self.findings = findings
        self.suppressions = suppressions
        self.problems = problems
        self.identifierHashes = identifierHashes
    }

    /// Whether the file must be read again with the whole repository's model: it uses a name
    /// defined in another file, or it defines a stored `var` another file assigns (its first pass
    /// took it for an alias).
    public func needsSecondPass(in model: RepositoryModel) -> Bool {
        usesNamesDefinedElsewhere(in: model) || (!model.assignedNames.isEmpty && facts.aliases.contains { $0.mutable && model.assignedNames.contains($0.name) })
    }

    /// Whether any identifier of this file is a name `model` defines in another file.
    public func usesNamesDefinedElsewhere(in model: RepositoryModel) -> Bool {
        guard model.hasNames else { return false }
        for h in identifierHashes where model.isDefinedElsewhere(hash: h, than: path) { return true }
        return false
    }
}

/// Runs the rules over one file: lex, structure, facts, then each rule at its trigger tokens.
public struct Analyzer: Sendable {
    public let rules: [any Rule]
    /// Rules triggered by each word: `dispatch[first[w]..<first[w + 1]]` (flat, so the hot loop
    /// copies no arrays).
    private let dispatch: [Int]
    private let first: [Int32]
    private let nameRules: [Int]
    /// Rules whose fix needs APIs of some iOS version, with that version.
    private let fallbackRules: [RuleID: Int]
    /// Words whose tokens the project facts look at, by word code.
    private let factWords: [Bool]

    static let emptyModel = RepositoryModel()

    public init(rules: [any Rule] = Catalog.rules) {
        self.rules = rules
        var byWord = [[Int]](repeating: [], count: Int(Word.allCases.last!.rawValue) + 1)
        var nameRules: [Int] = []
        for (i, rule) in rules.enumerated() {
            for w in rule.triggers { byWord[Int(w.rawValue)].append(i) }
            if !rule.nameTriggers.isEmpty { nameRules.append(i) }
        }
        var first: [Int32] = [0]
        var dispatch: [Int] = []
        for list in byWord {
            dispatch += list
            first.append(Int32(dispatch.count))
        }
        self.dispatch = dispatch
        self.first = first
        self.nameRules = nameRules
        fallbackRules = Dictionary(rules.compactMap { r in r.description.fixNeedsIOS.map { (r.id, $0) } }, uniquingKeysWith: min)
        var factWords = [Bool](repeating: false, count: Int(Word.allCases.last!.rawValue) + 1)
        for w in ProjectFacts.words { factWords[Int(w.rawValue)] = true }
        self.factWords = factWords
    }

    /// Analyses `buffer` as the file at `path`. Without a model, the file's own facts are its
    /// model (the first pass); with one, the repository's (the second pass for files that use
    /// names defined elsewhere).
    public func analyze(path: String, buffer: SourceBuffer, language: Language, model: RepositoryModel? = nil) -> FileAnalysis {
        let lexed = Lexer.lex(buffer, language: language)
        let file = CodeFile(path: path, lexed: lexed)
        var (facts, droppedCandidates) = FactExtractor.extract(file)
        // On its own, a file's types matter only for window subclasses it creates itself.
        let needsLocalModel = !facts.aliases.isEmpty || !facts.bars.isEmpty || facts.types.contains { $0.inherits.contains("UIWindow") }
        let model = model ?? (needsLocalModel ? FactResolution.model([facts]) : Self.emptyModel)
        var sink = FindingSink(file: file)
        let tokens = file.tokens
        let hasNames = model.hasNames
        let hashes = HashSet32(expected: tokens.count / 4)
        for k in tokens.indices {
            let t = tokens[k]
            guard t.kind == .identifier else {
                // `@Observable`-style attributes trigger rules too.
                if t.kind == .atWord {
                    let from = Int(first[Int(t.code)]), to = Int(first[Int(t.code) + 1])
                    for d in from..<to { rules[dispatch[d]].check(at: k, in: file, model: model, into: &sink) }
                }
                continue
            }
            hashes.insert(t.hash)
            if factWords[Int(t.code)] { ProjectFacts.note(k, in: file, into: &facts) }
            let from = Int(first[Int(t.code)]), to = Int(first[Int(t.code) + 1])
            if from < to {
                for d in from..<to { rules[dispatch[d]].check(at: k, in: file, model: model, into: &sink) }
            }
            if hasNames, model.mayDefine(hash: t.hash) {
                for r in nameRules where !dispatch[from..<to].contains(r) { rules[r].check(at: k, in: file, model: model, into: &sink) }
            }
        }
        for rule in rules { rule.checkFile(file, model: model, into: &sink) }
        var findings = sink.findings
        // Which iOS versions alone run each finding's code, found once: fallbacks below a fix's
        // version are dropped here, code below the deployment target in Resolution.
        for i in findings.indices { findings[i].runsOnlyBelow = Availability.runsOnlyBelow(file.tokenIndex(at: findings[i].offset), in: file) }
        if !findings.isEmpty, !fallbackRules.isEmpty {
            findings.removeAll { p in
                fallbackRules[p.rule].map { Availability.isFallback(runsOnlyBelow: p.runsOnlyBelow, below: $0) } ?? false
            }
        }
        // What a guard around the finding guarantees, which its suggestion need not guard again
        // (an idiom check inside `if (@available(iOS 18.0, *))` needs no word on iOS 13's callbacks).
        for i in findings.indices { findings[i].guaranteed = Availability.guaranteed(at: file.tokenIndex(at: findings[i].offset), in: file) }
        let distinct = hashes.elements()
        let suppressions = lexed.suppressions.map { s in
            let (line, column) = file.lines.location(of: s.offset)
            let before = file.tokenIndex(at: s.offset)
            let ownLine = tokens.isEmpty || Int(tokens[before].start) > s.offset || file.line(of: before) != line
            return LocatedSuppression(line: line, column: column, column16: file.lines.utf16Column(of: s.offset, in: file.buffer),
                                      ruleIDs: s.ruleIDs.map(RuleID.init(rawValue:)), wholeFile: s.wholeFile, ownLine: ownLine)
        }
        var problems = lexed.problems.map { "line \(file.lines.line(of: $0.offset)): \($0.kind.rawValue)" }
        for (rule, n) in sink.unlisted.sorted(by: { $0.key < $1.key }) {
            problems.append("\(n) more finding\(n == 1 ? "" : "s") of \(rule) not listed (a file lists at most \(FindingSink.maximumFindings))")
        }
        if droppedCandidates > 0 {
            problems.append("\(droppedCandidates) more constants not read as geometry aliases or bar heights (a file contributes at most \(FactExtractor.maximumCandidates) of each)")
        }
        if !lexed.defines.isEmpty { facts.platformMacros = Self.platformMacros(in: file, defines: lexed.defines) }
        var analysis = FileAnalysis(path: path, language: language, facts: facts, findings: findings, suppressions: suppressions,
                                    problems: problems, identifierHashes: distinct)
        // Branches matter only where findings are: the file's own, and the repository rules'
        // at its URL and scene methods (an `NSApplicationDelegate` in `#elseif os(macOS)` is no
        // iOS app delegate). A file with neither needs none.
        if !findings.isEmpty || !facts.methods.isEmpty { analysis.branches = lexed.branches }
        return analysis
    }

    /// `#define NAME body` lines whose body is a condition over names and numbers
    /// (`(TARGET_OS_IOS || TARGET_OS_TV)`, `!TARGET_OS_OSX`, `SD_UIKIT && !SD_WATCH`).
    static func platformMacros(in f: CodeFile, defines: [Int32]) -> [PlatformMacro] {
        var out: [PlatformMacro] = []
        let tokens = f.tokens
        for define in defines.prefix(4096) where out.count < 256 {
            let k = Int(define)
            guard k < tokens.count, tokens[k].kind == .directive, k + 1 < tokens.count, tokens[k + 1].kind == .identifier else { continue }
            let name = k + 1
            // Function-like macros (`#define F(x)`) are not conditions.
            if f.isPunct(name + 1, "("), tokens[name + 1].flags & Token.Flags.spaceBefore == 0 { continue }
            var q = name + 1
            var conditionLike = true, mentionsName = false
            while q < tokens.count, tokens[q].kind != .directiveEnd {
                let t = tokens[q]
                if t.kind == .identifier { mentionsName = true }
                else if t.kind == .number {}
                else if t.kind == .punct {
                    let text = f.text(q)
                    if !["(", ")", "!", "&&", "||", "==", "!=", "<", ">", "<=", ">="].contains(text) { conditionLike = false }
                } else { conditionLike = false }
                q += 1
            }
            // A switch the code sets to 0 or 1 (`#define FORCE_RASTERIZE_LAYERS 0` in SVGKit): a
            // condition too, when defined outside every `#if` — not a default under `#ifndef NAME`
            // the build may override, nor one of a pair chosen by platform (SVGKit's `SVGKIT_MAC`).
            let switchValue = !mentionsName && q == name + 2 && ["0", "1"].contains(f.text(name + 1))
                && !f.lexed.branches.contains { b in b.start <= Int(tokens[k].start) && Int(tokens[k].start) < b.end }
            guard conditionLike, mentionsName || switchValue, q > name + 1, q - name < 64 else { continue }
            let body = f.buffer.text(Int(tokens[name + 1].start)..<tokens[q - 1].end)
            out.append(PlatformMacro(name: f.text(name), body: body))
        }
        return out
    }
}

/// A set of 32-bit hashes with open addressing: identifier hashes are collected for every
/// file, so this is on the hot path (Swift's `Set` hashes each one again with SipHash, and an
/// array checks uniqueness on every write).
final class HashSet32 {
    private var slots: UnsafeMutablePointer<UInt32>
    private var capacity: Int
    private var count = 0
    private var hasZero = false

    init(expected: Int) {
        var size = 16
        while size < expected * 2 { size <<= 1 }
        capacity = size
        slots = .allocate(capacity: size)
        slots.initialize(repeating: 0, count: size)
    }

    deinit { slots.deallocate() }

    @inline(__always) func insert(_ h: UInt32) {
        if h == 0 { hasZero = true; return }
        let mask = capacity - 1
        var i = Int(h &* 0x9E37_79B1) & mask
        while true {
            let s = slots[i]
            if s == h { return }
            if s == 0 { break }
            i = (i + 1) & mask
        }
        slots[i] = h
        count += 1
        if count * 2 >= capacity { grow() }
    }

    private func grow() {
        let old = slots, oldCapacity = capacity
        capacity *= 2
        slots = .allocate(capacity: capacity)
        slots.initialize(repeating: 0, count: capacity)
        count = 0
        for k in 0..<oldCapacity where old[k] != 0 { insert(old[k]) }
        old.deallocate()
    }

    /// The elements, in no particular order.
    func elements() -> [UInt32] {
        var out: [UInt32] = []
        out.reserveCapacity(count + 1)
        for k in 0..<capacity where slots[k] != 0 { out.append(slots[k]) }
        if hasZero { out.append(0) }
        return out
    }
}

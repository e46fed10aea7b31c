import RuleKit
import SourceLexing

/// A suppression comment with its position.
public struct LocatedSuppression: Sendable, Equatable {
    public var line: Int
    public var column: Int
    public var ruleIDs: [String]
    public var wholeFile: Bool
    /// The comment stands on a line of its own, so it also covers the next line; a comment
    /// after code covers only its own line.
    public var ownLine: Bool
}

/// What one pass over one file produced.
public struct FileAnalysis: Sendable {
    public var path: String
    public var language: Language
    /// What the file contributes to the repository model.
    public var facts: FileFacts
    /// Findings before context, suppressions and configuration are applied.
    public var findings: [PendingFinding]
    public var suppressions: [LocatedSuppression]
    /// What the lexer could not make sense of, with lines.
    public var problems: [String]
    /// Sorted, distinct hashes of the file's identifiers: whether a name defined elsewhere is
    /// used here can be answered without reading the file again.
    public var identifierHashes: [UInt32]

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
    private let byWord: [[Int]]
    private let nameRules: [Int]
    /// Rules whose fix needs scene APIs.
    private let sceneRules: Set<String>

    public init(rules: [any Rule] = Catalog.rules) {
        self.rules = rules
        var byWord = [[Int]](repeating: [], count: Int(Word.allCases.last!.rawValue) + 1)
        var nameRules: [Int] = []
        for (i, rule) in rules.enumerated() {
            for w in rule.triggers { byWord[Int(w.rawValue)].append(i) }
            if !rule.nameTriggers.isEmpty { nameRules.append(i) }
        }
        self.byWord = byWord
        self.nameRules = nameRules
        sceneRules = Set(rules.filter { $0.description.fixNeedsScenes }.map(\.id))
    }

    /// Analyses `buffer` as the file at `path`. Without a model, the file's own facts are its
    /// model (the first pass); with one, the repository's (the second pass for files that use
    /// names defined elsewhere).
    public func analyze(path: String, buffer: SourceBuffer, language: Language, model: RepositoryModel? = nil) -> FileAnalysis {
        let lexed = Lexer.lex(buffer, language: language)
        let file = CodeFile(path: path, lexed: lexed)
        let facts = FactExtractor.extract(file)
        let model = model ?? FactResolution.model([facts])
        var sink = FindingSink(file: file)
        let tokens = file.tokens
        let hasNames = model.hasNames
        var hashes = HashSet32(expected: tokens.count / 2)
        for k in tokens.indices {
            let t = tokens[k]
            guard t.kind == .identifier else { continue }
            hashes.insert(t.hash)
            let called = byWord[Int(t.code)]
            for r in called { rules[r].check(at: k, in: file, model: model, into: &sink) }
            if hasNames, model.mayDefine(hash: t.hash) {
                for r in nameRules where !called.contains(r) { rules[r].check(at: k, in: file, model: model, into: &sink) }
            }
        }
        for rule in rules { rule.checkFile(file, model: model, into: &sink) }
        var findings = sink.findings
        if !sceneRules.isEmpty {
            findings.removeAll { p in
                sceneRules.contains(p.rule) && Availability.isPreSceneFallback(file.tokenIndex(at: p.offset), in: file)
            }
        }
        let distinct = hashes.elements()
        let suppressions = lexed.suppressions.map { s in
            let (line, column) = file.lines.location(of: s.offset)
            let before = file.tokenIndex(at: s.offset)
            let ownLine = tokens.isEmpty || Int(tokens[before].start) > s.offset || file.line(of: before) != line
            return LocatedSuppression(line: line, column: column, ruleIDs: s.ruleIDs, wholeFile: s.wholeFile, ownLine: ownLine)
        }
        let problems = lexed.problems.map { "line \(file.lines.line(of: $0.offset)): \($0.kind.rawValue)" }
        return FileAnalysis(path: path, language: language, facts: facts, findings: findings, suppressions: suppressions,
                            problems: problems, identifierHashes: distinct)
    }
}

/// A set of 32-bit hashes with open addressing: identifier hashes are collected for every
/// file, so this is on the hot path (Swift's `Set` hashes each one again with SipHash).
struct HashSet32 {
    private var slots: [UInt32]
    private var hasZero = false
    private var count = 0
    private var mask: Int

    init(expected: Int) {
        var size = 16
        while size < expected * 2 { size <<= 1 }
        slots = [UInt32](repeating: 0, count: size)
        mask = size - 1
    }

    mutating func insert(_ h: UInt32) {
        if h == 0 { hasZero = true; return }
        if count * 2 >= slots.count { grow() }
        var i = Int(h &* 0x9E37_79B1) & mask
        while true {
            let s = slots[i]
            if s == h { return }
            if s == 0 { slots[i] = h; count += 1; return }
            i = (i + 1) & mask
        }
    }

    private mutating func grow() {
        let old = slots
        slots = [UInt32](repeating: 0, count: old.count * 2)
        mask = slots.count - 1
        count = 0
        for h in old where h != 0 { insert(h) }
    }

    /// The elements, sorted.
    func elements() -> [UInt32] {
        var out = slots.filter { $0 != 0 }
        if hasZero { out.append(0) }
        out.sort()
        return out
    }
}

import StableHashing
import RuleKit
import Rules
import SourceLexing

/// What a second-pass result depends on besides the file itself, as a digest. A file's second
/// pass reads the repository model only through names: the aliases, bar-height constants and
/// window subclasses named like one of its identifiers (its own definitions included, whose
/// resolution decides what they subsume). So the digest covers, for each identifier of the
/// file that the model defines, everything the model holds under that name; a change to an
/// alias in one file reaches exactly the files that use it, and no others.
package struct ModelDigest {
    /// Digest of the model's entries per identifier hash.
    private let entries: [UInt32: UInt64]

    package init(_ model: RepositoryModel) {
        var byHash: [UInt32: Hasher64] = [:]
        for name in model.aliases.keys.sorted() {
            var h = byHash[identifierHash(name)] ?? Hasher64()
            for a in model.aliases[name]! {
                h.add("alias"); h.add(a.name); h.add(a.kind.rawValue); h.add(a.owner ?? "\u{1}")
                h.add(a.site); h.add(a.languages.map(\.rawValue).sorted().joined(separator: ","))
                h.add(a.fileLocal ? 1 : 0); h.add(a.rule.rawValue); h.add(a.facet.rawValue); h.add(a.isDimension ? 1 : 0)
                h.add(a.reads); h.add(a.subsumed.lowerBound); h.add(a.subsumed.upperBound); h.add(a.readsOrientation ? 1 : 0)
                h.add(a.landscapePhone ? 1 : 0)
            }
            byHash[identifierHash(name)] = h
        }
        for name in model.barConstants.keys.sorted() {
            var h = byHash[identifierHash(name)] ?? Hasher64()
            for b in model.barConstants[name]! {
                h.add("bar"); h.add(b.name); h.add(b.owner ?? "\u{1}"); h.add(b.site)
                h.add(b.languages.map(\.rawValue).sorted().joined(separator: ",")); h.add(b.fileLocal ? 1 : 0)
            }
            byHash[identifierHash(name)] = h
        }
        for name in model.windowTypes.sorted() {
            var h = byHash[identifierHash(name)] ?? Hasher64()
            h.add("window"); h.add(name); h.add(model.types[name]?.path ?? "")
            byHash[identifierHash(name)] = h
        }
        entries = byHash.mapValues(\.value)
    }

    /// Identifier hashes whose entries differ between this model and `other` (added, removed or changed).
    package func changedNames(comparedWith other: ModelDigest) -> Set<UInt32> {
        var out: Set<UInt32> = []
        for (h, d) in entries where other.entries[h] != d { out.insert(h) }
        for h in other.entries.keys where entries[h] == nil { out.insert(h) }
        return out
    }

    /// The digest of what `analysis` (a file at `path`) reads from the model, as 16 hex digits.
    package func of(_ analysis: FileAnalysis, path: String) -> String {
        var used: [(UInt32, UInt64)] = []
        for h in analysis.identifierHashes { if let d = entries[h] { used.append((h, d)) } }
        used.sort { $0.0 < $1.0 }
        var h = Hasher64()
        h.add(path)
        for (name, d) in used {
            h.add(Int(name))
            h.add(Int(truncatingIfNeeded: d))
        }
        return h.hex
    }
}

/// A `StableHash` of structured values: strings end with a marker byte and byte runs start
/// with their length, so concatenations cannot collide.
struct Hasher64 {
    private var h = StableHash()
    var value: UInt64 { h.value }

    mutating func add(_ s: String) {
        h.add(bytes: s.utf8)
        h.add(byte: 0xFF)
    }

    /// Every field of a value, through its binary form.
    mutating func add(bytes: [UInt8]) {
        add(bytes.count)
        h.add(bytes: bytes)
    }

    mutating func add(_ i: Int) {
        var v = UInt64(bitPattern: Int64(i))
        for _ in 0..<8 {
            h.add(byte: UInt8(v & 0xFF))
            v >>= 8
        }
    }

    mutating func add(_ site: DefinitionSite) {
        add(site.path); add(site.line); add(site.column); add(site.offset)
    }

    var hex: String { StableHash.hex(value) }
}

/// The tool's name and version, as reports state them and stored results are keyed by.
public enum Tool {
    public static let name = "fleetscan"
    public static let version = "0.1.0"
}

/// The rule catalog's fingerprint: results stored under one ruleset are never mixed with
/// another's. It covers the tool's version, every rule's id, severity and facet, and
/// `analysisVersion`, which is raised whenever a change to lexing, structure or rules can
/// change what a file yields (`RuleOutputTests` fails until it is).
public enum Ruleset {
    public static let analysisVersion = 60

    public static let fingerprint: String = {
        var h = Hasher64()
        h.add(Tool.version)
        h.add(analysisVersion)
        for rule in Catalog.rules {
            h.add(rule.id.rawValue); h.add(rule.description.severity.rawValue); h.add(rule.description.facet.rawValue)
        }
        return h.hex
    }()
}

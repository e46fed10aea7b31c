import Foundation
import RuleKit

/// Findings of an earlier report, to tell new findings from known ones. A finding is known
/// when its fingerprint is in the baseline (fingerprints leave out line numbers, so moved lines
/// still match), when its file was renamed since and a baseline finding in the old path has
/// the same path-free fingerprint, or when a baseline finding left unmatched has the same rule,
/// path and line text (the line moved to another function: the function part of the fingerprint
/// decides between candidates first, never alone).
public struct Baseline: Sendable {
    /// Fingerprints of the baseline's findings.
    public var fingerprints: Set<String>
    /// Path-free fingerprint → the paths it was found at.
    public var contents: [String: [String]]
    /// The commit the baseline was made from, when it came from git.
    public var commit: String?
    public var count: Int
    /// Fingerprint → line fingerprint, for the findings that have one.
    public var lineOf: [String: String] = [:]

    public init(findings: [Finding], commit: String? = nil) {
        fingerprints = Set(findings.map(\.fingerprint))
        contents = [:]
        for f in findings where !f.contentFingerprint.isEmpty { contents[f.contentFingerprint, default: []].append(f.path) }
        for f in findings where !f.lineFingerprint.isEmpty { lineOf[f.fingerprint] = f.lineFingerprint }
        self.commit = commit
        count = findings.count
    }

    /// Reads a `scan --format json` report; errors name the file and what is wrong in it.
    public static func load(_ path: String) throws -> Baseline {
        let data = try NamedFile.read(path, as: "baseline")
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw ScanError("\(path): the baseline is not a JSON object (expected a `fleetscan scan --format json` report)")
        }
        // Other reports fleetscan writes are told apart by their keys, so the message says what was given.
        if object["findings"] == nil {
            let kinds: [(String, String)] = [("commits", "a history report (`fleetscan history --format json`)"),
                                             ("repositories", "a fleet report (`fleetscan report --format json`)"),
                                             ("runs", "a SARIF log"), ("edits", "a fix report (`fleetscan fix --format json`)")]
            if let kind = kinds.first(where: { object[$0.0] != nil }) {
                throw ScanError("\(path): this is \(kind.1), not a scan report; give a `fleetscan scan --format json` report as the baseline")
            }
        }
        guard object["schemaVersion"] as? Int == 1 else {
            throw ScanError("\(path): \"schemaVersion\" must be 1 (the baseline must be a `fleetscan scan --format json` report)")
        }
        guard let findings = object["findings"] as? [[String: Any]] else { throw ScanError("\(path): \"findings\" must be an array of objects") }
        var baseline = Baseline(findings: [])
        for (i, f) in findings.enumerated() {
            guard let fingerprint = f["fingerprint"] as? String, let p = f["path"] as? String else {
                throw ScanError("\(path): \"findings\"[\(i)] needs a \"fingerprint\" and a \"path\"")
            }
            baseline.fingerprints.insert(fingerprint)
            if let content = f["contentFingerprint"] as? String { baseline.contents[content, default: []].append(p) }
            if let line = f["lineFingerprint"] as? String, !line.isEmpty { baseline.lineOf[fingerprint] = line }
        }
        baseline.count = findings.count
        baseline.commit = (object["target"] as? [String: Any])?["commit"] as? String
        return baseline
    }

    /// Which of `findings` are new, and how many baseline findings are gone. `renames` maps
    /// paths at the baseline's commit to paths now.
    public func compare(_ findings: [Finding], renames: [String: String] = [:]) -> Comparison {
        var remaining = contents
        var isNew = [Bool](repeating: true, count: findings.count)
        // Baseline findings by line fingerprint, less those matched exactly.
        var unmatchedLines: [String: Int] = [:]
        for line in lineOf.values { unmatchedLines[line, default: 0] += 1 }
        for (i, f) in findings.enumerated() where fingerprints.contains(f.fingerprint) {
            if var paths = remaining[f.contentFingerprint], let at = paths.firstIndex(of: f.path) {
                paths.remove(at: at)
                remaining[f.contentFingerprint] = paths
            }
            if let line = lineOf[f.fingerprint], let n = unmatchedLines[line] { unmatchedLines[line] = n > 1 ? n - 1 : nil }
            isNew[i] = false
        }
        for (i, f) in findings.enumerated() where isNew[i] {
            // A renamed file: the same finding at the path its old path became.
            if var paths = remaining[f.contentFingerprint], let at = paths.firstIndex(where: { renames[$0] == f.path }) {
                paths.remove(at: at)
                remaining[f.contentFingerprint] = paths
                isNew[i] = false
                continue
            }
            // The same line in the same file, moved to another function.
            if !f.lineFingerprint.isEmpty, let n = unmatchedLines[f.lineFingerprint] {
                unmatchedLines[f.lineFingerprint] = n > 1 ? n - 1 : nil
                isNew[i] = false
            }
        }
        let known = isNew.filter { !$0 }.count
        return Comparison(isNew: isNew, known: known, fixed: max(0, count - known))
    }

    /// The outcome of comparing findings with a baseline.
    public struct Comparison: Sendable, Equatable {
        /// One flag per finding, in order.
        public var isNew: [Bool]
        /// Findings that were in the baseline.
        public var known: Int
        /// Baseline findings that are gone.
        public var fixed: Int

        public init(isNew: [Bool], known: Int, fixed: Int) {
            self.isNew = isNew
            self.known = known
            self.fixed = fixed
        }
    }
}

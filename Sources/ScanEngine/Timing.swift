import Foundation
import RuleKit
import Rules
import SourceLexing

/// Phase timings on standard error when FLEETSCAN_TIMING is set: a development aid.
public enum Timing {
    static let enabled = ProcessInfo.processInfo.environment["FLEETSCAN_TIMING"] != nil
    nonisolated(unsafe) static var last = Date()

    public static func mark(_ phase: String) {
        guard enabled else { return }
        let now = Date()
        FileHandle.standardError.write(Data("timing: \(phase): \(Int(now.timeIntervalSince(last) * 1000)) ms\n".utf8))
        last = now
    }
}

extension Timing {
    /// `FLEETSCAN_TIMING=literals`: which of the first round's literals make files candidates.
    static let literalsEnabled = ProcessInfo.processInfo.environment["FLEETSCAN_TIMING"] == "literals"

    /// Per literal of `filter`, the candidate files it occurs in, and in how many it is the only one.
    static func reportLiterals(_ filter: LiteralPrefilter, files: [SourceFile], candidates: [Bool]) {
        var all: [Int: Int] = [:], only: [Int: Int] = [:]
        for (file, candidate) in zip(files, candidates) where candidate {
            guard let buffer = try? file.read() else { continue }
            let ids = filter.matchedPatterns(buffer)
            for id in ids { all[id, default: 0] += 1 }
            if ids.count == 1 { only[ids[0], default: 0] += 1 }
        }
        let unmatched = filter.set.patterns.indices.filter { all[$0] == nil }.map { "\(filter.set.patterns[$0])" }.sorted()
        FileHandle.standardError.write(Data("literals: \(filter.set.patterns.count) in all; never matched: \(unmatched.joined(separator: ", "))\n".utf8))
        let lines = all.sorted { ($0.value, $0.key) > ($1.value, $1.key) }.prefix(60).map { id, n in
            "literals: \(n) files (\(only[id] ?? 0) by it alone): \(filter.set.patterns[id])"
        }
        FileHandle.standardError.write(Data((lines.joined(separator: "\n") + "\n").utf8))
    }
}

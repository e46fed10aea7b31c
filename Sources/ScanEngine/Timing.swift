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

import Foundation
import RuleKit
import SourceLexing

/// A file that could not be scanned, or was scanned with a problem, and why.
public struct Diagnostic: Sendable, Hashable, Codable {
    public var path: String
    public var message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }
}

/// Errors that stop a command before it scans: bad arguments, configuration, paths.
public struct ScanError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

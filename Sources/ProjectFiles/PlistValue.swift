// ProjectFiles exists to read what Xcode writes about an app — Info.plist (XML or binary),
// project.pbxproj (OpenStep) and Package.swift's platforms — without executing anything and
// without trusting it: every parser is bounded in depth and size, and a malformed file is an
// error naming what went wrong, never a crash.

/// A property-list value.
public enum PlistValue: Sendable, Equatable {
    case string(String)
    case integer(Int64)
    case real(Double)
    case bool(Bool)
    case date(String)
    case data([UInt8])
    case array([PlistValue])
    case dict([String: PlistValue])

    /// The string, if this is one.
    public var string: String? { if case .string(let s) = self { return s } else { return nil } }
    public var array: [PlistValue]? { if case .array(let a) = self { return a } else { return nil } }
    public var dict: [String: PlistValue]? { if case .dict(let d) = self { return d } else { return nil } }

    /// A boolean, also from the strings Xcode writes in build settings (`YES`, `NO`, `true`).
    public var bool: Bool? {
        switch self {
        case .bool(let b): return b
        case .integer(let i): return i != 0
        case .string(let s):
            switch s.lowercased() {
            case "yes", "true", "1": return true
            case "no", "false", "0": return false
            default: return nil
            }
        default: return nil
        }
    }

    /// The value for `key` of a dictionary.
    public subscript(key: String) -> PlistValue? { dict?[key] }
}

/// Why a property list could not be read.
public struct PlistError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    /// 1-based line, when the format has lines.
    public var line: Int?

    public init(_ message: String, line: Int? = nil) {
        self.message = message
        self.line = line
    }

    public var description: String { line.map { "line \($0): \(message)" } ?? message }
}

/// Reads a property list in any of the formats Xcode writes.
public enum PropertyList {
    /// The deepest nesting accepted: deeper files are hostile, not plists.
    public static let maximumDepth = 256

    public static func parse(_ bytes: [UInt8]) throws -> PlistValue {
        if bytes.count >= 8, Array(bytes[0..<6]) == Array("bplist".utf8) { return try BinaryPlist.parse(bytes) }
        var i = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { i = 3 }
        while i < bytes.count, bytes[i] == 32 || bytes[i] == 9 || bytes[i] == 10 || bytes[i] == 13 { i += 1 }
        if i < bytes.count, bytes[i] == UInt8(ascii: "<") { return try XMLPlist.parse(bytes) }
        return try OpenStepPlist.parse(bytes).value
    }
}

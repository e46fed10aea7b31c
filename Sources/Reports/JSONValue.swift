// Reports exists so that every output format is a pure function from results to text:
// no I/O, no clocks, no globals, which is what makes golden-file tests exact.

/// A JSON value that keeps object keys in the order they were written, so reports read in
/// the order the contract documents.
public indirect enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    /// Written rounded to two decimals; a value that is not finite is written as null.
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case let (.bool(x), .bool(y)): return x == y
        case let (.int(x), .int(y)): return x == y
        case let (.double(x), .double(y)): return x == y
        case let (.string(x), .string(y)): return x == y
        case let (.array(x), .array(y)): return x == y
        case let (.object(x), .object(y)): return x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    /// `value` or null.
    public static func optional(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }

    /// Pretty-printed with two-space indentation and a final newline.
    public func rendered() -> String {
        var out: [UInt8] = []
        out.reserveCapacity(4096)
        write(&out, indent: 0)
        out.append(10)
        return String(decoding: out, as: UTF8.self)
    }

    func write(_ out: inout [UInt8], indent: Int) {
        switch self {
        case .null: out += Array("null".utf8)
        case .bool(let b): out += Array((b ? "true" : "false").utf8)
        case .int(let i): out += Array(String(i).utf8)
        case .double(let d):
            let r = (d * 100).rounded() / 100
            out += Array((r.isFinite ? (r == r.rounded() && abs(r) < 1e15 ? String(Int(r)) : String(r)) : "null").utf8)
        case .string(let s): Self.quote(s, into: &out)
        case .array(let items):
            if items.isEmpty { out += [91, 93]; return }
            out += [91, 10]
            for (i, item) in items.enumerated() {
                out += repeatElement(32, count: indent + 2)
                item.write(&out, indent: indent + 2)
                if i + 1 < items.count { out.append(44) }
                out.append(10)
            }
            out += repeatElement(32, count: indent)
            out.append(93)
        case .object(let members):
            if members.isEmpty { out += [123, 125]; return }
            out += [123, 10]
            for (i, (key, value)) in members.enumerated() {
                out += repeatElement(32, count: indent + 2)
                Self.quote(key, into: &out)
                out += [58, 32]
                value.write(&out, indent: indent + 2)
                if i + 1 < members.count { out.append(44) }
                out.append(10)
            }
            out += repeatElement(32, count: indent)
            out.append(125)
        }
    }

    /// A member of an object written piece by piece: a value, or an array whose items are made
    /// one at a time as they are written (a scan's findings), so the whole is never held.
    public enum StreamedMember {
        case value(JSONValue)
        case items(Int, (Int) -> JSONValue)
    }

    /// The object of `members`, written as `.object(…).rendered()` writes it, handed to `emit`
    /// in pieces of about `piece` bytes.
    public static func stream(_ members: [(String, StreamedMember)], piece: Int = 1 << 16, _ emit: ([UInt8]) throws -> Void) rethrows {
        var out: [UInt8] = [123, 10]
        out.reserveCapacity(piece + 4096)
        func flush(_ force: Bool = false) throws {
            guard force || out.count >= piece else { return }
            try emit(out)
            out.removeAll(keepingCapacity: true)
        }
        for (i, (key, member)) in members.enumerated() {
            out += [32, 32]
            quote(key, into: &out)
            out += [58, 32]
            switch member {
            case .value(let value):
                value.write(&out, indent: 2)
            case .items(let count, let item):
                if count == 0 {
                    out += [91, 93]
                } else {
                    out += [91, 10]
                    for k in 0..<count {
                        out += [32, 32, 32, 32]
                        item(k).write(&out, indent: 4)
                        if k + 1 < count { out.append(44) }
                        out.append(10)
                        try flush()
                    }
                    out += [32, 32, 93]
                }
            }
            if i + 1 < members.count { out.append(44) }
            out.append(10)
            try flush()
        }
        if members.isEmpty { out = [123, 125] } else { out.append(125) }
        out.append(10)
        try flush(true)
    }

    static let hexDigits = Array("0123456789abcdef".utf8)

    /// Writes `s` as a JSON string: UTF-8 passes through, quotes, backslashes and control
    /// characters are escaped.
    static func quote(_ s: String, into out: inout [UInt8]) {
        out.append(34)
        for b in s.utf8 {
            switch b {
            case 34: out += [92, 34]
            case 92: out += [92, 92]
            case 10: out += [92, 110]
            case 13: out += [92, 114]
            case 9: out += [92, 116]
            case 0..<32: out += [92, 117, 48, 48, hexDigits[Int(b >> 4)], hexDigits[Int(b & 15)]]
            default: out.append(b)
            }
        }
        out.append(34)
    }
}

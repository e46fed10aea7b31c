// YAML through libyaml's event parser (loaded on first use, LibYAML.swift), the only importer of
// CLibYAML. A document becomes a tree of Swift values with the line of each node; nothing recurses
// on the input's depth (an explicit stack builds the tree), nesting and size are capped, and
// aliases are expanded within a node budget so that no "billion laughs" document can exhaust
// memory.
import CLibYAML

/// A YAML node with the 1-based line it starts on.
public struct YAMLNode: Sendable, Equatable {
    public enum Value: Sendable, Equatable {
        case scalar(String)
        case sequence([YAMLNode])
        /// Keys in document order; non-scalar keys are skipped.
        case mapping([(key: String, value: YAMLNode)])

        public static func == (a: Value, b: Value) -> Bool {
            switch (a, b) {
            case (.scalar(let x), .scalar(let y)): return x == y
            case (.sequence(let x), .sequence(let y)): return x == y
            case (.mapping(let x), .mapping(let y)): return x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
            default: return false
            }
        }
    }

    public var value: Value
    public var line: Int

    public init(_ value: Value, line: Int) {
        self.value = value
        self.line = line
    }

    public var string: String? { if case .scalar(let s) = value { return s } else { return nil } }
    public var array: [YAMLNode]? { if case .sequence(let a) = value { return a } else { return nil } }
    public var entries: [(key: String, value: YAMLNode)]? { if case .mapping(let m) = value { return m } else { return nil } }

    /// The value of `key` in a mapping (the last one, as YAML loaders keep).
    public subscript(key: String) -> YAMLNode? { entries?.last { $0.key == key }?.value }
}

/// A YAML document that could not be read: libyaml's problem and where it is.
public struct YAMLError: Error, CustomStringConvertible, Sendable {
    /// 1-based; 0 when no document was read (libyaml could not be loaded).
    public var line: Int
    public var message: String
    public var description: String { line > 0 ? "line \(line): \(message)" : message }
}

public enum YAML {
    /// Deeper documents are refused (a tree this deep is no project description).
    public static let maximumDepth = 200
    /// Nodes a document (aliases expanded) may have.
    public static let maximumNodes = 1_000_000

    /// The first document of `bytes`; an empty stream is an empty mapping.
    public static func parse(_ bytes: [UInt8]) throws -> YAMLNode {
        let lib = try LibYAML.loaded.get()
        var parser = yaml_parser_t()
        guard lib.yaml_parser_initialize(&parser) == 1 else { throw YAMLError(line: 1, message: "cannot start the YAML parser") }
        defer { lib.yaml_parser_delete(&parser) }
        return try bytes.withUnsafeBufferPointer { buffer -> YAMLNode in
            lib.yaml_parser_set_input_string(&parser, buffer.baseAddress ?? UnsafePointer(bitPattern: 1)!, buffer.count)
            return try build(&parser, lib)
        }
    }

    /// A container being filled, and for a mapping the key waiting for its value.
    private struct Frame {
        var isMapping: Bool
        var line: Int
        var anchor: String?
        /// Nodes under it, aliases expanded: what an alias to it costs.
        var size = 1
        var items: [YAMLNode] = []
        var pairs: [(key: String, value: YAMLNode)] = []
        var pendingKey: String?
        var keyIsComplex = false
    }

    private static func build(_ parser: inout yaml_parser_t, _ lib: fleetscan_libyaml) throws -> YAMLNode {
        var stack: [Frame] = []
        var anchors: [String: (node: YAMLNode, size: Int)] = [:]
        var nodes = 0
        var result: YAMLNode? = nil

        func string(_ p: UnsafeMutablePointer<UInt8>?, _ n: Int) -> String {
            guard let p else { return "" }
            return String(decoding: UnsafeBufferPointer(start: p, count: n), as: UTF8.self)
        }
        func cString(_ p: UnsafeMutablePointer<UInt8>?) -> String? {
            guard let p else { return nil }
            return String(cString: p)
        }
        /// Puts a finished node into its parent (or makes it the document).
        func place(_ node: YAMLNode, anchor: String?, size: Int) throws {
            nodes += size
            if nodes > maximumNodes { throw YAMLError(line: node.line, message: "more than \(maximumNodes) nodes (aliases expanded)") }
            if let anchor { anchors[anchor] = (node, size) }
            guard !stack.isEmpty else { result = node; return }
            stack[stack.count - 1].size += size
            if stack[stack.count - 1].isMapping {
                if let key = stack[stack.count - 1].pendingKey {
                    stack[stack.count - 1].pairs.append((key, node))
                    stack[stack.count - 1].pendingKey = nil
                } else if stack[stack.count - 1].keyIsComplex {
                    stack[stack.count - 1].keyIsComplex = false  // the value of a dropped key
                } else if case .scalar(let key) = node.value {
                    stack[stack.count - 1].pendingKey = key
                } else {
                    stack[stack.count - 1].keyIsComplex = true
                }
            } else {
                stack[stack.count - 1].items.append(node)
            }
        }

        while result == nil {
            var event = yaml_event_t()
            guard lib.yaml_parser_parse(&parser, &event) == 1 else {
                let message = parser.problem.map { String(cString: $0) } ?? "malformed YAML"
                throw YAMLError(line: Int(parser.problem_mark.line) + 1, message: message)
            }
            defer { lib.yaml_event_delete(&event) }
            let line = Int(event.start_mark.line) + 1
            switch event.type {
            case YAML_STREAM_END_EVENT:
                return YAMLNode(.mapping([]), line: 1)
            case YAML_SCALAR_EVENT:
                let s = event.data.scalar
                try place(YAMLNode(.scalar(string(s.value, Int(s.length))), line: line), anchor: cString(s.anchor), size: 1)
            case YAML_ALIAS_EVENT:
                let name = cString(event.data.alias.anchor) ?? ""
                guard let (node, size) = anchors[name] else { throw YAMLError(line: line, message: "unknown alias *\(name)") }
                try place(node, anchor: nil, size: size)
            case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                guard stack.count < maximumDepth else { throw YAMLError(line: line, message: "nested more than \(maximumDepth) deep") }
                let anchor = event.type == YAML_SEQUENCE_START_EVENT ? cString(event.data.sequence_start.anchor) : cString(event.data.mapping_start.anchor)
                stack.append(Frame(isMapping: event.type == YAML_MAPPING_START_EVENT, line: line, anchor: anchor))
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                guard let frame = stack.popLast() else { throw YAMLError(line: line, message: "unbalanced collection") }
                let node = frame.isMapping ? YAMLNode(.mapping(mergeKeys(frame.pairs)), line: frame.line) : YAMLNode(.sequence(frame.items), line: frame.line)
                // Its children were counted as they came; an alias to it counts them again.
                nodes -= frame.size - 1
                try place(node, anchor: frame.anchor, size: frame.size)
            default:
                break  // stream and document start, document end
            }
        }
        return result!
    }

    /// `<<: *defaults` merges the aliased mapping's entries under the explicit ones.
    static func mergeKeys(_ pairs: [(key: String, value: YAMLNode)]) -> [(key: String, value: YAMLNode)] {
        guard pairs.contains(where: { $0.key == "<<" }) else { return pairs }
        var merged: [(key: String, value: YAMLNode)] = []
        for p in pairs where p.key == "<<" {
            let sources = p.value.array ?? [p.value]
            for s in sources { for e in s.entries ?? [] where !pairs.contains(where: { $0.key == e.key }) { merged.append(e) } }
        }
        return merged + pairs.filter { $0.key != "<<" }
    }
}

// FleetCLI exists to turn argument words into frozen option values, call the libraries, and
// map every failure to one message and one exit code. It holds no scanning logic.
import Foundation
import GitAccess
import ScanEngine

/// A command-line flag: declared once, with its help text.
struct Flag: Sendable {
    let name: String
    /// The value's placeholder (`FORMAT`), or nil for a switch.
    let value: String?
    let help: String
}

/// What the words after a command name say: flag values and positional arguments.
struct ParsedArguments {
    var values: [String: String] = [:]
    /// Every value of each flag, in order (for flags that may be repeated, like `--rule`).
    var repeated: [String: [String]] = [:]
    var switches: Set<String> = []
    var positionals: [String] = []

    /// Parses `words` against `flags`; `--name value`, `--name=value` and `--` are understood.
    static func parse(_ words: [String], flags: [Flag]) throws -> ParsedArguments {
        var parsed = ParsedArguments()
        let byName = Dictionary(uniqueKeysWithValues: flags.map { ($0.name, $0) })
        var i = 0
        var onlyPositionals = false
        while i < words.count {
            let word = words[i]
            i += 1
            if onlyPositionals || !word.hasPrefix("-") || word == "-" {
                parsed.positionals.append(word)
                continue
            }
            if word == "--" { onlyPositionals = true; continue }
            var name = word, inline: String? = nil
            if let eq = word.firstIndex(of: "=") {
                name = String(word[..<eq])
                inline = String(word[word.index(after: eq)...])
            }
            guard let flag = byName[name] else { throw CLIError.usage("unknown option '\(name)'") }
            if flag.value == nil {
                guard inline == nil else { throw CLIError.usage("option '\(name)' takes no value") }
                parsed.switches.insert(name)
                continue
            }
            let value: String
            if let inline {
                value = inline
            } else {
                guard i < words.count else { throw CLIError.usage("option '\(name)' needs a value (\(flag.value!))") }
                value = words[i]
                i += 1
            }
            parsed.values[name] = value
            parsed.repeated[name, default: []].append(value)
        }
        return parsed
    }

    /// The value of `flag` checked against `allowed`.
    func choice(_ flag: Flag, _ allowed: [String]) throws -> String? {
        guard let v = values[flag.name] else { return nil }
        guard allowed.contains(v) else {
            throw CLIError.usage("option '\(flag.name)' must be one of \(allowed.joined(separator: ", ")) (got '\(v)')")
        }
        return v
    }

    func positiveInt(_ flag: Flag) throws -> Int? {
        guard let v = values[flag.name] else { return nil }
        guard let n = Int(v), n > 0 else { throw CLIError.usage("option '\(flag.name)' must be a positive whole number (got '\(v)')") }
        return n
    }
}

/// Usage mistakes: wrong flags, values, commands.
enum CLIError: Error {
    case usage(String)
}

/// Renders a help block for flags.
func flagHelp(_ flags: [Flag]) -> String {
    let width = flags.map { $0.name.count + ($0.value.map { $0.count + 1 } ?? 0) }.max() ?? 0
    return flags.map { f in
        let left = f.name + (f.value.map { " " + $0 } ?? "")
        return "  " + left + String(repeating: " ", count: width - left.count + 2) + f.help
    }.joined(separator: "\n")
}

/// Writes a report to `path` (opened for writing in place, so `/dev/stdout` or a pipe works and
/// is never replaced), or to standard output.
func deliver(_ report: String, to path: String?, _ io: IO) throws {
    guard let path else { return io.out(report) }
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw ScanError("\(path): cannot write the report: \(String(cString: strerror(errno)))") }
    defer { close(fd) }
    var bytes = Array(report.utf8)[...]
    while !bytes.isEmpty {
        let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        if n < 0 {
            if errno == EINTR { continue }
            throw ScanError("\(path): cannot write the report: \(String(cString: strerror(errno)))")
        }
        bytes = bytes.dropFirst(n)
    }
}

/// A progress reporter for fetching a remote repository: a line rewritten in place on a
/// terminal, nothing otherwise (or with --quiet).
func fetchProgress(_ io: IO, quiet: Bool) -> (@Sendable (TransferProgress) -> Void)? {
    guard !quiet, isatty(STDERR_FILENO) == 1 else { return nil }
    return { p in
        let total = max(p.totalObjects, 1)
        io.err("\r\u{1B}[Kfleetscan: fetching: \(p.receivedObjects)/\(total) objects, \(p.receivedBytes >> 10) KiB"
               + (p.receivedObjects == p.totalObjects && p.indexedObjects == p.totalObjects ? "\n" : ""))
    }
}

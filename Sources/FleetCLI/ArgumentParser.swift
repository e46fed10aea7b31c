// FleetCLI exists to turn argument words into frozen option values, call the libraries, and
// map every failure to one message and one exit code. It holds no scanning logic.
import Fleet
import Foundation
import GitAccess
import Reports
import RuleKit
import ScanEngine

/// What a flag's value must be. Checked while the words are parsed, so every command says the
/// same thing about the same mistake.
enum FlagType: Sendable, Equatable {
    /// Any value (a path, a revision, a name).
    case text
    case choice([String])
    /// A whole number above zero.
    case count
    /// `2026-01-31` or `2026-01-31T12:00:00Z` (UTC).
    case date
    /// `4G`, `512M`, `65536K` or bytes; at least 64M.
    case size
    /// `I/N` with 0 ≤ I < N.
    case shard

    /// Why `value` is not one, or nil when it is.
    func problem(_ value: String) -> String? {
        switch self {
        case .text:
            return value.isEmpty ? "must not be empty" : nil
        case .choice(let allowed):
            return allowed.contains(value) ? nil : "must be one of \(allowed.joined(separator: ", "))"
        case .count:
            return Int(value).map { $0 > 0 } == true ? nil : "must be a positive whole number"
        case .date:
            return ISODate.parse(value) == nil ? "must be a date like 2026-01-31 or 2026-01-31T12:00:00Z" : nil
        case .size:
            return FlagType.bytes(value) == nil ? "must be a size of at least 64M, like 4G or 512M" : nil
        case .shard:
            return Shard(value) == nil ? "must be I/N with 0 ≤ I < N" : nil
        }
    }

    /// The bytes a size names.
    static func bytes(_ v: String) -> Int? {
        let units: [Character: Int] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30]
        var digits = Substring(v), unit = 1
        if let last = v.last?.uppercased().first, let u = units[last] { digits = v.dropLast(); unit = u }
        guard let n = Int(digits), n > 0, n <= Int.max / unit, n * unit >= 64 << 20 else { return nil }
        return n * unit
    }

    /// A value each type accepts and one it refuses, for the tests every flag gets.
    var sample: (good: String, bad: String?) {
        switch self {
        case .text: return ("value", "")
        case .choice(let allowed): return (allowed[0], "no-such-choice")
        case .count: return ("3", "0")
        case .date: return ("2026-01-31", "yesterday")
        case .size: return ("512M", "1K")
        case .shard: return ("1/2", "2/2")
        }
    }
}

/// A command-line flag, declared once: its spellings, its value's type, its help and the
/// commands that take it.
struct Flag: Sendable {
    let name: String
    /// Other spellings accepted for it (`--out` for `--output`); help names them.
    var aliases: [String] = []
    /// The value's placeholder (`FORMAT`), or nil for a switch.
    let value: String?
    var type: FlagType = .text
    /// Whether it may be given more than once (each value kept, in order).
    var repeatable = false
    let help: String
    /// The commands that take it (`scan`, `fleet run`).
    var commands: [CommandName] = []

    var spellings: [String] { [name] + aliases }
}

/// What the words after a command name say: flag values and positional arguments.
struct ParsedArguments {
    var values: [String: String] = [:]
    /// Every value of each flag, in order (for flags that may be repeated, like `--rule`).
    var repeated: [String: [String]] = [:]
    var switches: Set<String> = []
    var positionals: [String] = []

    /// Parses `words` against `flags`: `--name value`, `--name=value`, an alias for the name,
    /// and `--` (everything after it is positional). Values are checked against their flag's
    /// type; a flag that is not repeatable takes its last value. `command` names the command in
    /// messages and `elsewhere` the flags other commands take (to say where one belongs).
    static func parse(_ words: [String], flags: [Flag], command: String = "", elsewhere: [Flag] = []) throws -> ParsedArguments {
        var parsed = ParsedArguments()
        var byName: [String: Flag] = [:]
        for f in flags { for s in f.spellings { byName[s] = f } }
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
            guard let flag = byName[name] else { throw CLIError.usage(unknownFlag(name, flags: flags, command: command, elsewhere: elsewhere)) }
            if flag.value == nil {
                guard inline == nil else { throw CLIError.usage("option '\(name)' takes no value") }
                parsed.switches.insert(flag.name)
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
            if let problem = flag.type.problem(value) {
                var got = "got '\(value)'"
                if case .choice(let allowed) = flag.type, let close = Spelling.suggestions(for: value, among: allowed).first {
                    got += "; did you mean '\(close)'?"
                }
                throw CLIError.usage("option '\(name)' \(problem) (\(got))")
            }
            // A flag given again overrides (a wrapper's default, then the user's choice), as
            // ripgrep and git do; a repeatable one keeps every value.
            parsed.values[flag.name] = value
            parsed.repeated[flag.name, default: []].append(value)
        }
        return parsed
    }

    static func unknownFlag(_ name: String, flags: [Flag], command: String, elsewhere: [Flag]) -> String {
        let own = flags.flatMap(\.spellings) + ["--help"]
        var message = "unknown option '\(name)'" + (command.isEmpty ? "" : " for \(command)")
        let close = Spelling.hint(for: name, among: own)
        if !close.isEmpty { return message + close }
        let owners = elsewhere.filter { $0.spellings.contains(name) }.flatMap(\.commands).map(\.rawValue)
        if !owners.isEmpty {
            var seen = Set<String>()
            message += " (it is an option of " + owners.filter { seen.insert($0).inserted }.map { "`\($0)`" }.joined(separator: ", ") + ")"
        }
        return message
    }

    /// A `.count` flag's number.
    func positiveInt(_ flag: Flag) throws -> Int? { try converted(flag) { Int($0).flatMap { $0 > 0 ? $0 : nil } } }
    /// A `.date` flag's time (seconds since 1970, UTC).
    func date(_ flag: Flag) throws -> Int64? { try converted(flag, ISODate.parse) }
    /// A `.size` flag's bytes.
    func size(_ flag: Flag) throws -> Int? { try converted(flag, FlagType.bytes) }
    /// A `.shard` flag's shard.
    func shard(_ flag: Flag) throws -> Shard? { try converted(flag, Shard.init) }

    /// The value of `flag` as `convert` reads it. Parsing already refused what the flag's type
    /// refuses; a value that still does not convert (a flag declared with another type) gets
    /// the same message.
    private func converted<T>(_ flag: Flag, _ convert: (String) -> T?) throws -> T? {
        guard let v = values[flag.name] else { return nil }
        guard let t = convert(v) else { throw CLIError.usage("option '\(flag.name)' \(flag.type.problem(v) ?? "has a value it cannot take") (got '\(v)')") }
        return t
    }

    /// Colour for the report on standard output (never into an `--output` file) and for
    /// standard error, as `--color` and the environment say.
    func colors(_ io: IO, _ environment: [String: String]) -> (out: Colors, err: Colors) {
        let when = value(Flags.color)
        return (Colors.decide(when, terminal: io.outIsTerminal && value(Flags.output) == nil, environment),
                Colors.decide(when, terminal: io.errIsTerminal, environment))
    }

    func has(_ flag: Flag) -> Bool { switches.contains(flag.name) }
    func value(_ flag: Flag) -> String? { values[flag.name] }
}

/// Usage mistakes: wrong flags, values, commands.
enum CLIError: Error {
    case usage(String)
}

/// Writes a report to `path` (opened for writing in place, so `/dev/stdout` or a pipe works and
/// is never replaced), or to standard output.
func deliver(_ report: String, to path: String?, _ io: IO) throws {
    guard path != nil else { return io.out(report) }
    try deliver(to: path, io) { emit in try emit(Array(report.utf8)) }
}

/// Writes a report made in pieces (each ending on a whole line) to `path`, or to standard
/// output, as they come: a large report is never held whole.
func deliver(to path: String?, _ io: IO, _ make: (([UInt8]) throws -> Void) throws -> Void) throws {
    guard let path else { return try make { io.out(String(decoding: $0, as: UTF8.self)) } }
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw ScanError("\(path): cannot write the report: \(String(cString: strerror(errno)))") }
    defer { close(fd) }
    try make { piece in
        var bytes = piece[...]
        while !bytes.isEmpty {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw ScanError("\(path): cannot write the report: \(String(cString: strerror(errno)))")
            }
            bytes = bytes.dropFirst(n)
        }
    }
}

/// A progress reporter for fetching a remote repository: a line rewritten in place on a
/// terminal, nothing otherwise (or with --quiet).
func fetchProgress(_ io: IO, quiet: Bool) -> (@Sendable (TransferProgress) -> Void)? {
    guard !quiet, io.errIsTerminal else { return nil }
    return { p in
        let total = max(p.totalObjects, 1)
        io.err("\r\u{1B}[Kfleetscan: fetching: \(p.receivedObjects)/\(total) objects, \(p.receivedBytes >> 10) KiB"
               + (p.receivedObjects == p.totalObjects && p.indexedObjects == p.totalObjects ? "\n" : ""))
    }
}

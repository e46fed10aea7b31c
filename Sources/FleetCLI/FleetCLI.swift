import Fleet
import Foundation
import RuleKit
import Reports
import ResultStore
import ScanEngine

/// Where commands write, and whether each stream is a terminal (for colour, progress and help's width).
public struct IO: Sendable {
    public var out: @Sendable (String) -> Void
    public var err: @Sendable (String) -> Void
    public var outIsTerminal: Bool
    public var errIsTerminal: Bool

    public init(out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void,
                outIsTerminal: Bool = false, errIsTerminal: Bool = false) {
        self.out = out
        self.err = err
        self.outIsTerminal = outIsTerminal
        self.errIsTerminal = errIsTerminal
    }

    public static let standard = IO(out: { FileHandle.standardOutput.write(utf8($0)) },
                                    err: { FileHandle.standardError.write(utf8($0)) },
                                    outIsTerminal: isatty(STDOUT_FILENO) == 1, errIsTerminal: isatty(STDERR_FILENO) == 1)

    /// `text`'s UTF-8 bytes, copied at once (`Data(text.utf8)` copies them one by one, a tenth of a
    /// millisecond for the list of rules).
    static func utf8(_ text: String) -> Data {
        var text = text
        return text.withUTF8 { Data(buffer: $0) }
    }
}

/// The process's environment, read from `environ`: Foundation's `ProcessInfo.environment`
/// takes about 0.2 ms to build the same dictionary, at every start. As Foundation does, an entry
/// is split at its first `=`, one without is skipped, and the last of a repeated name wins.
public enum ProcessEnvironment {
    public static func read() -> [String: String] {
        var out: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer))
            if let equals = bytes.firstIndex(of: UInt8(ascii: "=")) {
                out[String(decoding: bytes[..<equals], as: UTF8.self)] = String(decoding: bytes[(equals + 1)...], as: UTF8.self)
            }
            entry += 1
        }
        return out
    }
}

/// The command line: finds the command in the registry, parses its flags, runs it, and maps
/// every error to a message and exit code (0: clean, 1: findings at or above --fail-on, or a
/// fleet repository failed; 2: usage, configuration or path error; 3: the store failed — worth
/// retrying; 75: the cache is busy).
public enum FleetCLI {
    /// `environment`: the process's own (`ProcessEnvironment.read()`) unless given, read only
    /// when a command asks (building the dictionary is a tenth of a millisecond, more than all of
    /// `--version`'s own work).
    public static func run(_ arguments: [String], io: IO = .standard, environment given: [String: String]? = nil) -> Int32 {
        lazy var environment = given ?? ProcessEnvironment.read()
        var words = Array(arguments.dropFirst())
        guard let first = words.first else { io.err(Help.general(width: Help.width(io, environment: environment))); return 2 }
        words.removeFirst()
        var helpName: String? = nil
        do {
            if first == "--help" || first == "-h" { return try Help.run(words, io, environment: environment) }
            if first == "--version" { return try Commands.named("version")!.run(ParsedArguments(), io, { environment }) }
            let command: Command
            if let group = Commands.group(first) {
                helpName = first
                let names = group.map { String($0.name.split(separator: " ")[1]) }
                guard let sub = words.first, !sub.hasPrefix("-") else {
                    if words.first == "--help" || words.first == "-h" { return try Help.run([first], io, environment: environment) }
                    throw CLIError.usage("\(first) needs a subcommand: " + names.joined(separator: " or "))
                }
                words.removeFirst()
                if first == "fleet", sub == "worker" { return try FleetWorkerCommand.run(words, io, environment: environment) }
                guard let c = Commands.named(first + " " + sub) else {
                    let hint = Spelling.hint(for: sub, among: names, format: { "`\(first) \($0)`" })
                    throw CLIError.usage("unknown \(first) subcommand '\(sub)'" + (hint.isEmpty ? " (\(names.joined(separator: " or ")))" : hint))
                }
                command = c
            } else if let c = Commands.named(first) {
                command = c
            } else {
                let names = Commands.all.map(\.name) + Commands.groupNames
                throw CLIError.usage("unknown command '\(first)'" + Spelling.hint(for: first, among: names))
            }
            helpName = command.name == "help" ? nil : command.name
            let beforeDashes = words.prefix { $0 != "--" }
            if beforeDashes.contains("--help") || beforeDashes.contains("-h") {
                io.out(Help.text(command, width: Help.width(io, environment: environment)))
                return 0
            }
            let p = try ParsedArguments.parse(words, flags: command.flags, command: command.name, elsewhere: Flags.all)
            switch command.positionals {
            case .none where !p.positionals.isEmpty:
                throw CLIError.usage("\(command.name) takes no arguments (got '\(p.positionals[0])')"
                                     + (command.arguments.isEmpty ? "" : "; it needs \(command.arguments)"))
            case .one(let what) where p.positionals.count != 1:
                throw CLIError.usage("\(command.name) takes one \(what)" + (command.name == "explain" ? "; run `fleetscan rules` for the list" : ""))
            case .optional(let what) where p.positionals.count > 1:
                throw CLIError.usage("\(command.name) takes at most one \(what)")
            default:
                break
            }
            return try command.run(p, io, { environment })
        } catch let CLIError.usage(message) {
            io.err("fleetscan: error: \(Escape.line(message))\nRun `fleetscan help\(helpName.map { " " + $0 } ?? "")` for usage.\n")
            return 2
        } catch let error as CacheBusy {
            // Another run holds the cache: nothing was done; a later attempt will do it.
            io.err("fleetscan: error: \(Escape.line(error.description))\n")
            return 75
        } catch let error as ScanError {
            io.err("fleetscan: error: \(Escape.line(error.message))\n")
            return 2
        } catch let error as StoreError {
            // The store, not the input, failed (a database gone, a disk full): running the same
            // command again finishes the work, so schedulers may retry on this status.
            io.err("fleetscan: error: the store failed: \(Escape.line("\(error)"))\n")
            return 3
        } catch {
            io.err("fleetscan: error: \(Escape.line("\(error)"))\n")
            return 2
        }
    }
}

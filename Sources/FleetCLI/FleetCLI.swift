import Fleet
import Foundation
import Reports
import ResultStore
import ScanEngine

/// Where commands write.
public struct IO: Sendable {
    public var out: @Sendable (String) -> Void
    public var err: @Sendable (String) -> Void

    public init(out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void) {
        self.out = out
        self.err = err
    }

    public static let standard = IO(out: { FileHandle.standardOutput.write(Data($0.utf8)) },
                                    err: { FileHandle.standardError.write(Data($0.utf8)) })
}

/// The command line: dispatches to a command and maps every error to a message and exit code
/// (0: clean, 1: findings at or above --fail-on, 2: usage, configuration or path error, 3: the
/// store failed — worth retrying).
public enum FleetCLI {
    static let usage = """
        usage: fleetscan <command> [options]

        Commands:
          scan [PATH…]     scan sources for what blocks resizable windows and multiple scenes
          fix [PATH…]      make the mechanical fixes: a diff, or --write to edit the files
          migrate scenes   adopt the scene life cycle in an app target (TN3187): a diff, or --write
          history          record every commit's counts along a branch's first-parent history
          fleet run        bring every repository of a manifest up to date and scan its new commits
          fleet check      validate a fleet manifest
          report           the org dashboard (HTML, Markdown or JSON) of what fleet runs stored
          rules            list every rule
          explain RULE     what a rule catches, why, and the fix by context
          help [COMMAND]   this text, or a command's options
          version          print the version

        """

    public static func run(_ arguments: [String], io: IO = .standard) -> Int32 {
        var words = Array(arguments.dropFirst())
        guard let command = words.first else { io.err(usage); return 2 }
        words.removeFirst()
        do {
            switch command {
            case "scan":
                if words.contains("--help") || words.contains("-h") { io.out(ScanCommand.usage + flagHelp(ScanCommand.flags) + "\n"); return 0 }
                return try ScanCommand.run(words, io)
            case "fix":
                if words.contains("--help") || words.contains("-h") { io.out(FixCommand.usage + flagHelp(FixCommand.flags) + "\n"); return 0 }
                return try FixCommand.run(words, io)
            case "migrate":
                if words.contains("--help") || words.contains("-h") { io.out(MigrateCommand.usage + flagHelp(MigrateCommand.flags) + "\n"); return 0 }
                return try MigrateCommand.run(words, io)
            case "history":
                if words.contains("--help") || words.contains("-h") { io.out(HistoryCommand.usage + flagHelp(HistoryCommand.flags) + "\n"); return 0 }
                return try HistoryCommand.run(words, io)
            case "fleet":
                if words.contains("--help") || words.contains("-h") { io.out(FleetCommand.usage + flagHelp(FleetCommand.runFlags) + "\n"); return 0 }
                return try FleetCommand.run(words, io, environment: ProcessInfo.processInfo.environment)
            case "report":
                if words.contains("--help") || words.contains("-h") { io.out(ReportCommand.usage + flagHelp(ReportCommand.flags) + "\n"); return 0 }
                return try ReportCommand.run(words, io)
            case "rules":
                guard words.isEmpty else { throw CLIError.usage("rules takes no arguments") }
                RulesCommands.list(io)
                return 0
            case "explain":
                try RulesCommands.explain(words, io)
                return 0
            case "help", "--help", "-h":
                switch words.first {
                case "scan": io.out(ScanCommand.usage + flagHelp(ScanCommand.flags) + "\n")
                case "fix": io.out(FixCommand.usage + flagHelp(FixCommand.flags) + "\n")
                case "migrate": io.out(MigrateCommand.usage + flagHelp(MigrateCommand.flags) + "\n")
                case "history": io.out(HistoryCommand.usage + flagHelp(HistoryCommand.flags) + "\n")
                case "fleet": io.out(FleetCommand.usage + flagHelp(FleetCommand.runFlags) + "\n")
                case "report": io.out(ReportCommand.usage + flagHelp(ReportCommand.flags) + "\n")
                default: io.out(usage)
                }
                return 0
            case "version", "--version":
                io.out("\(Tool.name) \(Tool.version)\n")
                return 0
            default:
                throw CLIError.usage("unknown command '\(command)'")
            }
        } catch let CLIError.usage(message) {
            io.err("fleetscan: error: \(Escape.line(message))\nRun `fleetscan help` for usage.\n")
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

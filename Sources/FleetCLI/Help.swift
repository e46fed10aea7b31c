import Foundation
import RuleKit

/// Help text, generated from the registry and wrapped to the terminal (80 columns when the
/// output is not one). README's usage section is this text at 80 columns; a test keeps it so.
enum Help {
    /// Columns to wrap to: $COLUMNS when it is a number, else the terminal's width, else 80;
    /// never under 60 or over 120 (long lines are hard to read).
    static func width(_ io: IO, environment: [String: String]) -> Int {
        var columns = 80
        if let c = environment["COLUMNS"].flatMap(Int.init) {
            columns = c
        } else if io.outIsTerminal {
            var size = winsize()
            if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { columns = Int(size.ws_col) }
        }
        return min(120, max(60, columns))
    }

    static func run(_ words: [String], _ io: IO, environment: [String: String]) throws -> Int32 {
        let width = width(io, environment: environment)
        guard !words.isEmpty else { io.out(general(width: width)); return 0 }
        let name = words.joined(separator: " ")
        if let c = Commands.named(name) { io.out(text(c, width: width)); return 0 }
        if let group = Commands.group(name) { io.out(text(group: name, group, width: width)); return 0 }
        throw CLIError.usage("no command '\(name)'" + Spelling.hint(for: name, among: Commands.all.map(\.name)))
    }

    /// `fleetscan help`: the commands, one line each.
    static func general(width: Int) -> String {
        var out = "usage: fleetscan <command> [options]\n\n"
        out += wrap("How far an iOS codebase is from running in resizable windows and multiple scenes, and what to change.", width: width)
            .joined(separator: "\n") + "\n\nCommands:\n"
        let left = Commands.all.map { c in c.name + (c.arguments.isEmpty ? "" : " " + c.arguments) }
        out += table(zip(left, Commands.all.map(\.summary)).map { ($0, $1) }, width: width)
        out += "\n" + wrap("Run `fleetscan help COMMAND` or `fleetscan COMMAND --help` for a command's options.", width: width)
            .joined(separator: "\n") + "\n"
        return out
    }

    /// A group's help (`fleetscan fleet --help`): its subcommands, one line each, as the general
    /// help lists commands.
    static func text(group name: String, _ commands: [Command], width: Int) -> String {
        var out = "usage: fleetscan \(name) <subcommand> [options]\n\nSubcommands:\n"
        let left = commands.map { c in String(c.name.dropFirst(name.count + 1)) + (c.arguments.isEmpty ? "" : " " + c.arguments) }
        out += table(zip(left, commands.map(\.summary)).map { ($0, $1) }, width: width)
        out += "\n" + wrap("Run `fleetscan help \(name) SUBCOMMAND` or `fleetscan \(name) SUBCOMMAND --help` for a subcommand's options.",
                           width: width).joined(separator: "\n") + "\n"
        return out
    }

    /// One command's help: usage, what it does, its options.
    static func text(_ c: Command, width: Int) -> String {
        var out = "usage: fleetscan \(c.name)" + (c.arguments.isEmpty ? "" : " " + c.arguments) + (c.flags.isEmpty ? "" : " [options]") + "\n\n"
        for paragraph in c.about.components(separatedBy: "\n\n") {
            out += wrap(paragraph, width: width).joined(separator: "\n") + "\n\n"
        }
        out += "Options:\n"
        var rows = c.flags.map { f in (f.spellings.joined(separator: ", ") + (f.value.map { " " + $0 } ?? ""), f.help) }
        rows.append(("-h, --help", "print this help"))
        out += table(rows, width: width)
        return out
    }

    /// Two columns: the left one as wide as its widest entry up to 26 characters (a longer
    /// entry puts its text on the next line), the right one wrapped; on a narrow terminal, each
    /// text under its name.
    static func table(_ rows: [(String, String)], width: Int) -> String {
        var column = min(26, rows.map(\.0.count).max() ?? 0) + 4
        // Too narrow for two columns: every text goes under its name.
        let stacked = width - column < 36
        if stacked { column = 8 }
        var out = ""
        for (left, right) in rows {
            let lines = wrap(right, width: width - column)
            let pad = String(repeating: " ", count: column)
            if stacked || left.count + 4 > column {
                out += "  " + left + "\n"
                out += lines.map { pad + $0 }.joined(separator: "\n") + "\n"
            } else {
                out += "  " + left + String(repeating: " ", count: column - left.count - 2) + (lines.first ?? "") + "\n"
                out += lines.dropFirst().map { pad + $0 + "\n" }.joined()
            }
        }
        return out
    }

    /// `text`'s words in lines of at most `width` characters (a longer word gets its own line).
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// README's usage section: every command's help at 80 columns.
    static var readme: String {
        "```text\n" + general(width: 80) + "```\n\n" + Commands.all.filter { $0.name != "help" && $0.name != "version" }.map { c in
            "#### `fleetscan \(c.name)`\n\n```text\n" + text(c, width: 80) + "```\n"
        }.joined(separator: "\n")
    }
}

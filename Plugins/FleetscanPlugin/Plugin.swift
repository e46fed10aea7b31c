// `swift package fleetscan [--target NAME]… [scan options]`: scans a package (or some of its
// targets) with the fleetscan the plugin builds, and fails the command when the scan fails. A thin
// adapter: every option after the targets is `fleetscan scan`'s own.
import Foundation
import PackagePlugin

@main
struct FleetscanPlugin: CommandPlugin {
    /// The plugin's own usage; `fleetscan help scan` follows it for the options it passes on.
    static let usage = """
        usage: swift package fleetscan [--target NAME]… [scan options]

        Scans this package with fleetscan: its Package.swift (library, app and test targets,
        platforms), its sources and its .fleetscan.yml (or .yaml, or .json). The command fails
        when the scan does (findings at or above --fail-on; --strict fails on warnings).

        Options:
          --target NAME   scan only this target's folder (repeatable); the package's
                          manifest and configuration still apply
          -h, --help      this help

        Every other option is fleetscan scan's (the paths are the package's):

        """

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        if arguments.prefix(while: { $0 != "--" }).contains(where: { $0 == "--help" || $0 == "-h" }) {
            FileHandle.standardOutput.write(Data(Self.usage.utf8))  // unbuffered: before the tool's own output
            let help = Process()
            help.executableURL = try context.tool(named: "fleetscan").url
            help.arguments = ["help", "scan"]
            try help.run()
            help.waitUntilExit()
            return
        }
        var extractor = ArgumentExtractor(arguments)
        let names = extractor.extractOption(named: "target")
        let options = extractor.remainingArguments
        let root = context.package.directoryURL.path
        // The whole package by default: its root, so the scan reads Package.swift (library or
        // app targets, platforms, test targets) and the root's configuration. With --target,
        // those targets' folders and Package.swift: their common folder is still the root, so
        // its configuration applies and findings are judged by the targets the manifest names.
        var paths = [root]
        if !names.isEmpty {
            let folders = try context.package.targets(named: names).compactMap { $0 as? SourceModuleTarget }.map(\.directoryURL.path)
            guard !folders.isEmpty else {
                Diagnostics.error("fleetscan: \(names.joined(separator: ", ")) has no sources to scan")
                return
            }
            paths = [root + "/Package.swift"] + folders.sorted()
        }
        let process = Process()
        process.executableURL = try context.tool(named: "fleetscan").url
        process.arguments = ["scan"] + paths + options
        // SwiftPM echoes whatever a plugin writes, to either stream, on its own standard output,
        // so the report (`--format json > out.json`) would end with the summary line. The scan's
        // standard error (summary, diagnostics) goes back as progress messages, which SwiftPM
        // prints on its standard error.
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let text = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        for line in String(decoding: text, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true) {
            Diagnostics.progress(String(line))
        }
        switch process.terminationStatus {
        case 0: break
        case 1: Diagnostics.error("fleetscan: findings at or above --fail-on (see above)")
        default: Diagnostics.error("fleetscan scan exited with status \(process.terminationStatus)")
        }
    }
}

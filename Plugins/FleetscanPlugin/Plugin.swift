// `swift package fleetscan [--target NAME]… [scan options]`: scans a package (or some of its
// targets) with the fleetscan the plugin builds, and fails the command when the scan fails. A thin
// adapter: every option after the targets is `fleetscan scan`'s own.
import Foundation
import PackagePlugin

@main
struct FleetscanPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let names = extractor.extractOption(named: "target")
        var options = extractor.remainingArguments
        let root = context.package.directoryURL.path
        // The whole package by default: its root, so the scan reads Package.swift (library or
        // app targets, platforms, test targets) and the root's configuration. With --target,
        // those targets' folders, and the root's configuration passed along.
        var paths = [root]
        if !names.isEmpty {
            let folders = try context.package.targets(named: names).compactMap { $0 as? SourceModuleTarget }.map(\.directoryURL.path)
            guard !folders.isEmpty else {
                Diagnostics.error("fleetscan: \(names.joined(separator: ", ")) has no sources to scan")
                return
            }
            paths = folders.sorted()
            if !options.contains(where: { $0 == "--config" || $0.hasPrefix("--config=") }),
               let config = [".fleetscan.yml", ".fleetscan.yaml", ".fleetscan.json"].first(where: {
                   FileManager.default.fileExists(atPath: root + "/" + $0)
               }) {
                options += ["--config", root + "/" + config]
            }
        }
        let process = Process()
        process.executableURL = try context.tool(named: "fleetscan").url
        process.arguments = ["scan"] + paths + options
        try process.run()
        process.waitUntilExit()
        switch process.terminationStatus {
        case 0: break
        case 1: Diagnostics.error("fleetscan: findings at or above --fail-on (see above)")
        default: Diagnostics.error("fleetscan scan exited with status \(process.terminationStatus)")
        }
    }
}

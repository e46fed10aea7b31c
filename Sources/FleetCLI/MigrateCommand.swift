import Fixing
import Foundation
import Reports
import RuleKit
import ScanEngine
import SourceLexing

/// `fleetscan migrate scenes [PATH] [--target NAME] [--write]`
enum MigrateCommand {
    static func run(_ p: ParsedArguments, _ io: IO) throws -> Int32 {
        let root = p.positionals.first ?? "."
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ScanError("\(root): not a folder")
        }
        let scan = try PathScan.prepare([root])
        let result = scan.run()
        let input = try migrationInput(scan, result, target: p.value(Flags.target))
        let (changes, notes) = try SceneMigration.plan(input)
        let quiet = p.has(Flags.quiet)
        if p.has(Flags.write) {
            for change in changes {
                let full = scan.display(change.path)
                if let before = change.before {
                    if let problem = FixCommand.replace(full, expecting: before, with: change.after) { throw ScanError("\(full): \(problem)") }
                } else {
                    let fd = open(full, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
                    guard fd >= 0 else { throw ScanError("\(full): cannot be created: \(String(cString: strerror(errno)))") }
                    _ = change.after.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
                    close(fd)
                }
            }
        } else {
            try deliver(changes.map(\.unifiedDiff).joined(), to: p.value(Flags.output), io)
        }
        if !quiet {
            for note in notes { io.err("fleetscan: migrate: \(Escape.line(note))\n") }
            io.err("fleetscan: migrate: \(input.target): " + changes.map { ($0.before == nil ? "adds " : "changes ") + $0.path }.joined(separator: ", ")
                   + (p.has(Flags.write) ? " (written)" : "") + "\n")
        }
        return 0
    }

    /// Which target, Info.plist, project and app delegate: refused when it cannot tell, when the
    /// target already adopts scenes, or when the scene delegate's class name is taken.
    static func migrationInput(_ scan: PathScan, _ result: ScanResult, target wanted: String?) throws -> SceneMigration.Input {
        let blocked = result.findings.filter { $0.rule == "scene-manifest-missing" }
        var byTarget: [String: Finding] = [:]
        for f in blocked { byTarget[f.targets.first ?? "app"] = byTarget[f.targets.first ?? "app"] ?? f }
        let finding: Finding
        let name: String
        if let wanted {
            guard let f = byTarget[wanted] else {
                if result.targets.contains(where: { $0.name == wanted }) {
                    throw ScanError("\(wanted): the target already adopts scenes (no scene-manifest-missing finding), or is not an app")
                }
                let known = result.targets.map(\.name).sorted()
                throw ScanError("no target named \(wanted)" + (known.isEmpty ? "" : " (targets: \(known.joined(separator: ", ")))"))
            }
            (finding, name) = (f, wanted)
        } else {
            guard !byTarget.isEmpty else { throw ScanError("\(scan.root): no app target lacks a scene manifest (nothing to migrate)") }
            guard byTarget.count == 1, let only = byTarget.first else {
                throw ScanError("several app targets lack a scene manifest: \(byTarget.keys.sorted().joined(separator: ", ")); choose one with --target")
            }
            (finding, name) = (only.value, only.key)
        }
        func read(_ path: String) throws -> [UInt8] {
            guard case .bytes(let b) = FixCommand.readForEditing(scan.display(path)) else { throw ScanError("\(scan.display(path)): cannot be read") }
            return b
        }
        // Its Info.plist, or its project when the build settings generate the plist.
        let isPlist = finding.path.hasSuffix(".plist")
        let plist = isPlist ? (path: finding.path, bytes: try read(finding.path)) : nil
        let projects = scan.projectFiles.filter { $0.path.hasSuffix(".pbxproj") }
        var project: (path: String, bytes: [UInt8])? = nil
        if !isPlist {
            project = (finding.path, try read(finding.path))
        } else {
            for candidate in projects {
                let bytes = try read(candidate.path)
                let text = String(decoding: bytes, as: UTF8.self)
                if text.contains("name = \(name);") || text.contains("name = \"\(name)\";") {
                    project = (candidate.path, bytes)
                    break
                }
            }
        }
        // The app delegate, and a scene delegate's name not yet taken.
        var delegates: [(path: String, name: String, language: Language)] = []
        var headers: [String: String] = [:]
        // Only files that name an app delegate or a scene delegate are lexed; an Objective-C
        // implementation is looked for once its interface is known.
        var implementations: [(SourceFile, String)] = []
        for file in scan.files {
            guard let buffer = try? file.read() else { continue }
            let text = String(decoding: buffer.bytes, as: UTF8.self)
            if file.language == .objectiveC, text.contains("@implementation") { implementations.append((file, text)) }
            guard text.contains("UIApplicationDelegate") || text.contains(SceneMigration.delegateName) else { continue }
            let code = CodeFile(path: file.path, lexed: Lexer.lex(buffer, language: file.language))
            for s in code.structure.scopes where s.kind == .type {
                if s.name == SceneMigration.delegateName {
                    throw ScanError("\(scan.display(file.path)): a type named \(SceneMigration.delegateName) exists already; rename it or adopt scenes by hand")
                }
                if s.inherits.contains("UIApplicationDelegate") {
                    if file.language == .swift, s.typeKind == .swiftClass { delegates.append((file.path, s.name, .swift)) }
                    if file.language == .objectiveC, s.typeKind == .objcInterface { headers[s.name] = file.path }
                }
            }
        }
        for (file, text) in implementations where file.path.hasSuffix(".m") || file.path.hasSuffix(".mm") {
            let names = headers.keys.filter { text.contains("@implementation \($0)") }
            guard !names.isEmpty || text.contains("AppDelegate"), let buffer = try? file.read() else { continue }
            let code = CodeFile(path: file.path, lexed: Lexer.lex(buffer, language: file.language))
            for s in code.structure.scopes where s.kind == .type && s.typeKind == .objcImplementation {
                delegates.append((file.path, s.name, .objectiveC))
            }
        }
        delegates = delegates.filter { $0.language == .swift || headers[$0.name] != nil || $0.name.hasSuffix("AppDelegate") }
        // Where the target's sources are: the Info.plist's folder, else the project's.
        let folder = plist.map { String($0.path.split(separator: "/").dropLast().joined(separator: "/")) }
            ?? project.map { String($0.path.split(separator: "/").dropLast(2).joined(separator: "/")) }
        let near = delegates.filter { d in folder.map { d.path.hasPrefix($0.isEmpty ? "" : $0 + "/") } ?? true }
        let chosen = near.count == 1 ? near : delegates
        guard chosen.count == 1, let ad = chosen.first else {
            throw ScanError(delegates.isEmpty ? "\(name): no app delegate (a class adopting UIApplicationDelegate) in \(scan.root)"
                            : "\(name): cannot tell which app delegate is the target's: \(delegates.map(\.path).joined(separator: ", "))")
        }
        let folderOfDelegate = ad.path.split(separator: "/").dropLast().joined(separator: "/")
        for ext in ad.language == .swift ? [".swift"] : [".h", ".m"] {
            let path = (folderOfDelegate.isEmpty ? "" : folderOfDelegate + "/") + SceneMigration.delegateName + ext
            if FileManager.default.fileExists(atPath: scan.display(path)) {
                throw ScanError("\(scan.display(path)) exists already; adopt scenes by hand")
            }
        }
        let header = headers[ad.name].map { (path: $0, bytes: (try? read($0)) ?? []) }
        return SceneMigration.Input(target: name, infoPlist: plist, project: project,
                                    appDelegate: .init(path: ad.path, bytes: try read(ad.path), className: ad.name, language: ad.language, header: header))
    }
}

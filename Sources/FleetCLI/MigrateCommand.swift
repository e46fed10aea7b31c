import Fixing
import Foundation
import Reports
import RuleKit
import Rules
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
        let quiet = p.has(Flags.quiet)
        guard let chosen = try migrationInput(scan, result, target: p.value(Flags.target), io: io, quiet: quiet) else { return 0 }
        let (input, id) = chosen
        var plan = try SceneMigration.plan(input)
        // What else holds the target at not-launching once it has scenes (a missing launch screen).
        for f in result.findings where id.map(f.targets.contains) ?? f.targets.isEmpty && !Catalog.migratedByScenes.contains(f.rule)
            && Catalog.description(f.rule)?.readiness == .blocksLaunch {
            plan.todo.append("\(f.path):\(f.line): \(f.rule): \(f.message) — \(input.target) still does not launch until this is fixed")
        }
        let changes = plan.changes
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
            try deliver(header(input.target, plan) + changes.map(\.unifiedDiff).joined(), to: p.value(Flags.output), io)
        }
        if !quiet {
            for item in plan.todo { io.err("fleetscan: migrate: to do: \(Escape.line(item))\n") }
            for item in plan.notes { io.err("fleetscan: migrate: note: \(Escape.line(item))\n") }
            io.err("fleetscan: migrate: \(input.target): " + changes.map { ($0.before == nil ? "adds " : "changes ") + $0.path }.joined(separator: ", ")
                   + (p.has(Flags.write) ? " (written)" : "") + "\n")
        }
        return 0
    }

    /// What the patch says before its first file: the migration, what is left to do by hand and
    /// what a reviewer should know, with file and line (`git apply` reads past it, as it reads
    /// past a commit message).
    static func header(_ target: String, _ plan: SceneMigration.Plan) -> String {
        var out = "fleetscan migrate scenes: \(target) adopts the scene life cycle (TN3187, \"Migrating to the UIKit scene-based life cycle\").\n"
        if !plan.todo.isEmpty {
            out += "\nTo do by hand (this patch does not do it):\n" + plan.todo.map { "  - " + Escape.line($0) + "\n" }.joined()
        }
        if !plan.notes.isEmpty {
            out += "\nNotes:\n" + plan.notes.map { "  * " + Escape.line($0) + "\n" }.joined()
        }
        return out + "\n"
    }

    /// Which target (and its identity, when a project or plist names it), Info.plist, project and
    /// app delegate, at which deployment target: nil when there is nothing to migrate (said on
    /// standard error); refused when it cannot tell, or when the scene delegate's class name is taken.
    static func migrationInput(_ scan: PathScan, _ result: ScanResult, target wanted: String?, io: IO, quiet: Bool) throws -> (SceneMigration.Input, TargetID?)? {
        let (model, _) = ProjectScan.model(scan.projectFiles, jobs: 1)
        // Targets without a manifest, and targets whose manifest names a delegate class no source
        // declares, by the names reports give them (with the project where a name repeats).
        let labels = result.targetLabels
        var candidates: [String: (id: TargetID?, finding: Finding, unresolved: Bool)] = [:]
        for f in result.findings where Catalog.migratedByScenes.contains(f.rule) {
            guard f.rule == .sceneManifestMissing || f.message.contains("is declared nowhere")
                    || f.message.contains("names no scene delegate or storyboard") else { continue }
            let id = f.targets.first
            let name = id.map { labels[$0] ?? $0.name } ?? "app"
            // An empty manifest is replaced as a missing one is added; a misnamed class is written under its name.
            if candidates[name] == nil { candidates[name] = (id, f, f.message.contains("is declared nowhere")) }
        }
        let name: String
        if let wanted {
            guard candidates[wanted] != nil else {
                if result.targets.contains(where: { $0.name == wanted }) {
                    if !quiet { io.err("fleetscan: migrate: \(wanted) already adopts scenes (or is not an app): nothing to migrate\n") }
                    return nil
                }
                let known = result.targets.map(\.name).sorted()
                throw ScanError("no target named \(wanted)" + (known.isEmpty ? "" : " (targets: \(known.joined(separator: ", ")))"))
            }
            name = wanted
        } else {
            guard !candidates.isEmpty else {
                if !quiet { io.err("fleetscan: migrate: \(scan.root): every app target adopts scenes: nothing to migrate\n") }
                return nil
            }
            // The shipping app first: an example or test host is migrated when asked for by name —
            // unless the repository ships no app (a library, whose demo app is what there is).
            let shipping = candidates.filter { $0.value.finding.scope.counts }
            let apps = Set(model.apps.map(\.id))
            let shipsAnApp = result.targets.contains { $0.scope == .app && $0.id.map(apps.contains) == true }
            if shipping.isEmpty, shipsAnApp {
                if !quiet {
                    io.err("fleetscan: migrate: \(scan.root): every shipping app adopts scenes: nothing to migrate; "
                           + "\(candidates.keys.sorted().joined(separator: ", ")) (example or test) can be migrated with --target\n")
                }
                return nil
            }
            let choice = shipping.isEmpty ? candidates : shipping
            guard choice.count == 1, let only = choice.keys.first else {
                throw ScanError("several app targets lack a scene manifest: \(choice.keys.sorted().joined(separator: ", ")); choose one with --target")
            }
            if !quiet, choice.count < candidates.count {
                let others = candidates.keys.filter { choice[$0] == nil }.sorted()
                io.err("fleetscan: migrate: \(only) is the app; \(others.joined(separator: ", ")) (example or test) can be migrated with --target\n")
            }
            name = only
        }
        let candidate = candidates[name]!
        func read(_ path: String) throws -> [UInt8] {
            guard case .bytes(let b) = FixCommand.readForEditing(scan.display(path)) else { throw ScanError("\(scan.display(path)): cannot be read") }
            return b
        }
        let app = candidate.id.flatMap { id in model.apps.first { $0.id == id } }
        // Its Info.plist, or its project when the build settings generate the plist.
        let plistPath = app?.infoPlistPath ?? (candidate.finding.path.hasSuffix(".plist") ? candidate.finding.path : nil)
        let plist = try plistPath.map { (path: $0, bytes: try read($0)) }
        let projectPath = app?.projectPath ?? (candidate.finding.path.hasSuffix(".pbxproj") ? candidate.finding.path : nil)
        let project = try projectPath.map { (path: $0, bytes: try read($0)) }
        var namedDelegate: String? = nil
        if candidate.unresolved {
            guard let cls = app?.facts.configurations.compactMap(\.delegateClass).first else {
                throw ScanError("\(name): the scene manifest names no delegate class to write")
            }
            namedDelegate = String(cls.split(separator: ".").last ?? Substring(cls))
        }
        let delegateName = namedDelegate ?? SceneMigration.delegateName

        // The app delegate, and a scene delegate's name not yet taken.
        var delegates: [(path: String, name: String, language: Language)] = []
        var headers: [String: String] = [:]
        // Only files that name an app delegate or a scene delegate are lexed; an Objective-C
        // implementation is looked for once its interface is known.
        var implementations: [(SourceFile, String)] = []
        var sceneDelegates: [(name: String, path: String)] = []
        var mainClasses: Set<String> = []
        for file in scan.files {
            guard let buffer = try? file.read() else { continue }
            let text = String(decoding: buffer.bytes, as: UTF8.self)
            if file.language == .objectiveC, text.contains("@implementation") { implementations.append((file, text)) }
            // `UIApplicationMain(argc, argv, nil, NSStringFromClass([AppDelegate class]))` names the
            // delegate (a test delegate is chosen by `NSClassFromString(@"…")` when tests run).
            if file.language == .objectiveC, text.contains("UIApplicationMain") {
                mainClasses.formUnion(text.matches(of: /\[\s*([A-Za-z_][A-Za-z0-9_]*)\s+class\s*\]/).map { String($0.1) })
            }
            guard text.contains("UIApplicationDelegate") || text.contains(delegateName) || text.contains("SceneDelegate") else { continue }
            let code = CodeFile(path: file.path, lexed: Lexer.lex(buffer, language: file.language))
            for s in code.structure.scopes where s.kind == .type {
                if s.inherits.contains("UIWindowSceneDelegate") || s.inherits.contains("UISceneDelegate") { sceneDelegates.append((s.name, file.path)) }
                if let named = namedDelegate, let existing = sceneDelegates.first, existing.name != named {
                    throw ScanError("\(name): its scene delegate is \(existing.name) (\(existing.path)), but the Info.plist names \(named): "
                                    + "make the names agree (scene-delegate-unresolved); there is nothing to migrate")
                }
                if s.name == delegateName {
                    throw ScanError("\(scan.display(file.path)): a type named \(delegateName) exists already; rename it or adopt scenes by hand")
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
                // `@implementation AppDelegate (Push)` is a category of the class, not another delegate.
                let nameToken = (s.declarationStart...min(s.open + 3, s.close)).first { code.text($0) == s.name }
                if let nameToken, code.isPunct(nameToken + 1, "(") { continue }
                delegates.append((file.path, s.name, .objectiveC))
            }
        }
        delegates = delegates.filter { $0.language == .swift || headers[$0.name] != nil || $0.name.hasSuffix("AppDelegate") }
        // The target's own app delegate: one it compiles, else one next to its Info.plist or project.
        let compiled = delegates.filter { d in app?.target.map { $0.contains(d.path) } ?? false }
        let folder = plist.map { String($0.path.split(separator: "/").dropLast().joined(separator: "/")) }
            ?? project.map { String($0.path.split(separator: "/").dropLast(2).joined(separator: "/")) }
        let near = delegates.filter { d in folder.map { d.path.hasPrefix($0.isEmpty ? "" : $0 + "/") } ?? true }
        let named = delegates.filter { mainClasses.contains($0.name) }
        let chosen = compiled.count == 1 ? compiled : near.count == 1 ? near : named.count == 1 ? named : delegates
        guard chosen.count == 1, let ad = chosen.first else {
            throw ScanError(delegates.isEmpty ? "\(name): no app delegate (a class adopting UIApplicationDelegate) in \(scan.root)"
                            : "\(name): cannot tell which app delegate is the target's: \(delegates.map(\.path).joined(separator: ", "))")
        }
        let folderOfDelegate = ad.path.split(separator: "/").dropLast().joined(separator: "/")
        for ext in ad.language == .swift ? [".swift"] : [".h", ".m"] {
            let path = (folderOfDelegate.isEmpty ? "" : folderOfDelegate + "/") + delegateName + ext
            if FileManager.default.fileExists(atPath: scan.display(path)) {
                throw ScanError("\(scan.display(path)) exists already; adopt scenes by hand")
            }
        }
        let header = headers[ad.name].map { (path: $0, bytes: (try? read($0)) ?? []) }
        // A storyboard is a first screen only with an initial view controller.
        let storyboards = Dictionary(scan.projectFiles.filter { $0.kind == .storyboard }.map { f in
            (String((f.path.split(separator: "/").last ?? "").dropLast(".storyboard".count)), f)
        }, uniquingKeysWith: { a, _ in a })
        let initial: [String: Bool] = storyboards.mapValues { f in
            (try? f.read()).map { String(decoding: $0, as: UTF8.self).contains("initialViewController=\"") } ?? false
        }
        // Window classes that declare initializers of their own (Swift does not inherit init(windowScene:) then).
        var withInitializers: Set<String> = []
        for file in scan.files where file.language == .swift {
            guard let buffer = try? file.read(), String(decoding: buffer.bytes, as: UTF8.self).contains("UIWindow") else { continue }
            let code = CodeFile(path: file.path, lexed: Lexer.lex(buffer, language: .swift))
            for s in code.structure.scopes where s.kind == .type && s.typeKind == .swiftClass && !s.inherits.isEmpty {
                if code.structure.scopes.contains(where: { $0.kind == .function && $0.name == "init" && $0.open > s.open && $0.close < s.close
                    && code.enclosingType(of: $0.open)?.open == s.open && !$0.labels.isEmpty && $0.labels != ["coder"] }) {
                    withInitializers.insert(s.name)
                }
            }
        }
        let initializers = withInitializers
        let others = result.findings.filter { $0.rule == .windowWithoutScene && (app?.compiles($0.path) ?? true) }.map { "\($0.path):\($0.line)" }
        let deployment = app?.deploymentTarget.map { "\($0)" }
        // Project edits find the target by its own name, not by the name reports qualify.
        return (SceneMigration.Input(target: candidate.id?.name ?? name, infoPlist: plist, project: project,
                                    appDelegate: .init(path: ad.path, bytes: try read(ad.path), className: ad.name, language: ad.language, header: header),
                                    deployment: deployment, namedDelegate: namedDelegate,
                                    storyboardHasInitialViewController: { initial[$0] },
                                    declaresInitializers: { initializers.contains($0) }, otherWindows: others), candidate.id)
    }
}

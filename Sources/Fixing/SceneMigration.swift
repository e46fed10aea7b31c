import ProjectFiles
import RuleKit
import SourceLexing

/// A file `migrate scenes` changes or creates.
public struct FileChange: Sendable, Equatable {
    public var path: String
    /// Nil for a new file.
    public var before: [UInt8]?
    public var after: [UInt8]
    /// Its diff (`git apply` takes it).
    public var unifiedDiff: String
}

/// Why `migrate scenes` makes no change, said to the user.
public struct MigrationRefusal: Error, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// `fleetscan migrate scenes`: what TN3187's checklist asks of an app target that has no scene
/// manifest, done as edits a reviewer would merge — the manifest in its Info.plist (or the build
/// setting that generates it); a scene delegate that makes the app's window in its scene, has the
/// app delegate set it up as launch did, and passes links, user activities, shortcut items and
/// activation changes to the app delegate's methods for them; the app delegate's window set-up
/// moved into `setUpWindow(_:)`, which launch still calls below iOS 13; its
/// `application(_:configurationForConnecting:options:)`; availability annotations where the
/// target runs below iOS 13; and the new files in the target. What it cannot do mechanically is
/// listed, with file and line, as the patch's to-do list.
public enum SceneMigration {
    public struct AppDelegate: Sendable {
        public var path: String
        public var bytes: [UInt8]
        public var className: String
        public var language: Language
        /// The Objective-C header that declares it, when there is one.
        public var header: (path: String, bytes: [UInt8])?

        public init(path: String, bytes: [UInt8], className: String, language: Language, header: (path: String, bytes: [UInt8])? = nil) {
            self.path = path
            self.bytes = bytes
            self.className = className
            self.language = language
            self.header = header
        }
    }

    public struct Input: Sendable {
        public var target: String
        /// The target's Info.plist; nil when its build settings generate one.
        public var infoPlist: (path: String, bytes: [UInt8])?
        public var project: (path: String, bytes: [UInt8])?
        public var appDelegate: AppDelegate
        /// The target's IPHONEOS_DEPLOYMENT_TARGET ("12.0"); nil when unknown (then the code is
        /// annotated as for a target below iOS 13, which is right either way).
        public var deployment: String?
        /// The scene delegate class the Info.plist already names but no source declares
        /// (`scene-delegate-unresolved`): it is written under that name, and the plist is left as it is.
        public var namedDelegate: String?
        /// Whether the storyboard of that name has an initial view controller (nil: not found).
        public var storyboardHasInitialViewController: @Sendable (String) -> Bool?
        /// Whether a window class declared in the repository declares initializers of its own
        /// (Swift then does not inherit UIWindow's `init(windowScene:)`).
        public var declaresInitializers: @Sendable (String) -> Bool
        /// Windows the target makes outside its app delegate (`path:line`), for the to-do list.
        public var otherWindows: [String]

        public init(target: String, infoPlist: (path: String, bytes: [UInt8])?, project: (path: String, bytes: [UInt8])?, appDelegate: AppDelegate,
                    deployment: String? = nil, namedDelegate: String? = nil,
                    storyboardHasInitialViewController: @escaping @Sendable (String) -> Bool? = { _ in true },
                    declaresInitializers: @escaping @Sendable (String) -> Bool = { _ in false }, otherWindows: [String] = []) {
            self.target = target
            self.infoPlist = infoPlist
            self.project = project
            self.appDelegate = appDelegate
            self.deployment = deployment
            self.namedDelegate = namedDelegate
            self.storyboardHasInitialViewController = storyboardHasInitialViewController
            self.declaresInitializers = declaresInitializers
            self.otherWindows = otherWindows
        }

        /// Whether the target runs below iOS 13, where scenes do not exist.
        var runsBelowScenes: Bool {
            guard let deployment, let major = Int(deployment.split(separator: ".").first ?? "") else { return true }
            return major < 13
        }
    }

    public static let delegateName = "SceneDelegate"
    public static let configurationName = "Default Configuration"

    /// What a migration changes and says.
    public struct Plan: Sendable {
        /// In path order: modified files first as they are read, then new ones.
        public var changes: [FileChange] = []
        /// What is left to do by hand, as `path:line: what`, for the patch's header.
        public var todo: [String] = []
        /// What the patch chose that a reviewer should know, as `path:line: what`.
        public var notes: [String] = []
    }

    public static func plan(_ input: Input) throws -> Plan {
        var todo: [String] = [], notes: [String] = []
        var changes: [FileChange] = []
        let ad = input.appDelegate
        let folder = ad.path.split(separator: "/").dropLast().joined(separator: "/")
        func inFolder(_ name: String) -> String { folder.isEmpty ? name : folder + "/" + name }
        let swift = ad.language == .swift
        let below = input.runsBelowScenes
        let name = input.namedDelegate ?? delegateName

        let file = CodeFile(path: ad.path, lexed: Lexer.lex(SourceBuffer(ad.bytes), language: ad.language))
        guard let shape = AppDelegateShape(file: file, className: ad.className) else {
            throw MigrationRefusal("\(ad.path): cannot find the body of \(ad.className)")
        }
        if shape.configuresScenes {
            throw MigrationRefusal("\(ad.path): \(ad.className) already implements application(_:configurationForConnecting:options:)")
        }
        let setUp = shape.window

        // 1. The scene manifest, naming the launch storyboard only when it has a first screen and
        //    the app delegate does not make a window of its own.
        var storyboard: String? = nil
        if input.namedDelegate == nil, let plist = input.infoPlist {
            let main = mainStoryboard(plist.bytes)
            if let main {
                if setUp?.creation != nil {
                    notes.append("\(plist.path):1: the scene configuration names no storyboard: the app delegate makes its own window, "
                                 + "not UIMainStoryboardFile \(main)'s")
                } else if input.storyboardHasInitialViewController(main) == true {
                    storyboard = main
                } else {
                    notes.append("\(plist.path):1: the scene configuration names no storyboard: UIMainStoryboardFile \(main) has no "
                                 + "initial view controller, so it would show an empty window")
                }
            }
            // An iPad storyboard of its own (moonlight's): one configuration would give the iPad the iPhone's.
            if let iPad = mainStoryboard(plist.bytes, key: "UIMainStoryboardFile~ipad"), iPad != main {
                notes.append("\(plist.path):1: UIMainStoryboardFile~ipad names \(iPad): add UIApplicationSceneManifest~ipad, a copy of the manifest "
                             + "whose configuration names \(iPad) as its UISceneStoryboardFile (not added)")
            }
            let edit = try manifest(plist.path, plist.bytes, language: ad.language, storyboard: storyboard)
            let patch = FilePatch(path: plist.path, original: plist.bytes, edits: [edit])
            changes.append(FileChange(path: plist.path, before: plist.bytes, after: patch.applied(), unifiedDiff: patch.unifiedDiff()))
        }
        var projectEdits: [Edit] = []
        if input.namedDelegate == nil, input.infoPlist == nil {
            guard let p = input.project else { throw MigrationRefusal("\(input.target) has no Info.plist and no project file to generate one") }
            projectEdits += try ProjectEdit.addBuildSetting("INFOPLIST_KEY_UIApplicationSceneManifest_Generation", "YES", target: input.target,
                                                            project: p.path, bytes: p.bytes)
        }

        // 2. The scene delegate, next to the app delegate.
        let window: SceneDelegateTemplate.Window
        if let setUp {
            let viaFrame = swift && setUp.windowClass != "UIWindow" && input.declaresInitializers(setUp.windowClass)
            if viaFrame {
                todo.append("\(ad.path):\(setUp.lines.lowerBound + 1): \(setUp.windowClass) declares initializers of its own, so it has no "
                            + "init(windowScene:); \(name) makes it with init(frame:) and sets its windowScene — give it init(windowScene:)")
            }
            window = storyboard != nil ? .storyboard(setUp: true) : .made(setUp.windowClass, setUp: true, viaFrame: viaFrame)
        } else if storyboard != nil {
            window = .storyboard(setUp: false)
        } else if let problem = shape.windowProblem {
            todo.append("\(ad.path): its window set-up stays where it is: \(problem); \(name) attaches the window launch made to its scene, "
                        + "so what holds that window keeps working, but launch code that needs the window on screen runs before a scene "
                        + "connects, and only one scene can have it: move the set-up into the scene delegate to support several")
            window = .rootViewController
        } else {
            todo.append("\(ad.path): \(ad.className) makes no window" + (input.otherWindows.isEmpty ? "" : " (\(input.otherWindows.joined(separator: ", ")) "
                        + "make\(input.otherWindows.count == 1 ? "s" : "") one)") + ": make the app's window in \(name).scene(_:willConnectTo:options:) "
                        + "with init(windowScene:)")
            window = .none
        }
        let template = SceneDelegateTemplate(name: name, appDelegate: ad.className, annotate: below, window: window, callbacks: shape.callbacks,
                                             urlHandler: shape.urlHandler, continuesActivities: shape.continuesActivities,
                                             performsShortcuts: shape.performsShortcuts, header: ad.header?.path,
                                             imports: swift || setUp == nil || setUp?.windowClass == "UIWindow" ? [] : localImports(file))
        var newFiles: [(String, String)] = []
        // The new files are indented as the app delegate is.
        let unit = indentUnit(ad.bytes)
        if swift {
            newFiles.append((inFolder(name + ".swift"), reindent(template.swift, unit)))
        } else {
            newFiles.append((inFolder(name + ".h"), reindent(template.objcHeader, unit)))
            newFiles.append((inFolder(name + ".m"), reindent(template.objc, unit)))
        }

        // 3. The app delegate: which configuration a new scene gets, and its window set-up.
        var edits: [Edit] = []
        if input.namedDelegate == nil {
            edits.append(configurationMethod(shape, ad, delegate: name, annotate: below))
            if !swift { edits.append(importEdit(ad, header: name + ".h")) }
        }
        if let setUp { edits += AppDelegateEdit.moveWindowSetUp(setUp, in: shape, delegate: name, below: below) }
        for (what, line) in shape.launchWindowUses {
            todo.append("\(ad.path):\(line): launch \(what) but under scenes the window exists only once a scene connects: "
                        + "do it in \(swift ? "setUpWindow(_:)" : "setUpWindow:") after the window is set up, or in \(name)")
        }
        for (method, line) in shape.stateRestoration {
            todo.append("\(ad.path):\(line): \(method) is not called under scenes: a scene restores its state from the NSUserActivity its "
                        + "delegate returns from stateRestorationActivity(for:)")
        }
        // A cold launch's link, activity or shortcut item reaches the app delegate's handler for it
        // through the scene delegate; one the app delegate only reads from its launch options does not.
        for (key, line) in shape.launchOptionReads {
            let handled = key.contains("url") || key.contains("URL") ? shape.urlHandler != nil
                : key.contains("ctivity") ? shape.continuesActivities : shape.performsShortcuts
            guard !handled else { continue }
            todo.append("\(ad.path):\(line): the launch options hold no \(key) under scenes: read it from the connection options in "
                        + "\(name).scene(_:willConnectTo:options:)")
        }
        let patch = FilePatch(path: ad.path, original: ad.bytes, edits: edits)
        changes.append(FileChange(path: ad.path, before: ad.bytes, after: patch.applied(), unifiedDiff: patch.unifiedDiff()))

        // 4. The new files in the target, when the project lists its files.
        if let p = input.project {
            do {
                projectEdits += try ProjectEdit.addFiles(newFiles.map(\.0), nextTo: ad.path, header: ad.header?.path, target: input.target,
                                                         project: p.path, bytes: p.bytes)
            } catch let refusal as MigrationRefusal {
                todo.append(refusal.message + "; \(newFiles.map(\.0).joined(separator: ", ")) sit next to \(ad.path), where a synchronized "
                            + "folder, XcodeGen or Tuist picks them up — otherwise add them to \(input.target) in Xcode")
            }
            if !projectEdits.isEmpty {
                let patch = FilePatch(path: p.path, original: p.bytes, edits: projectEdits)
                changes.append(FileChange(path: p.path, before: p.bytes, after: patch.applied(), unifiedDiff: patch.unifiedDiff()))
            }
        }
        for (path, text) in newFiles {
            changes.append(FileChange(path: path, before: nil, after: Array(text.utf8), unifiedDiff: FilePatch.creation(path: path, bytes: Array(text.utf8))))
        }
        return Plan(changes: changes, todo: todo, notes: notes)
    }

    // MARK: The app delegate

    /// `application(_:configurationForConnecting:options:)` before the class's closing brace (or
    /// `@end`), after a blank line: the configuration the Info.plist declares, with its delegate
    /// class set (a generated Info.plist declares none).
    static func configurationMethod(_ shape: AppDelegateShape, _ ad: AppDelegate, delegate: String, annotate: Bool) -> Edit {
        let file = shape.file
        let closeLine = lineStart(ad.bytes, Int(file.tokens[shape.body.close].start))
        let previousStart = closeLine > 0 ? lineStart(ad.bytes, closeLine - 1) : 0
        let previousBlank = closeLine > 0 && ad.bytes[previousStart..<(closeLine - 1)].allSatisfy { $0 == 32 || $0 == 9 || $0 == 13 }
        let i = indentUnit(ad.bytes)
        var method: String
        if ad.language == .swift {
            method = "\n\(i)// A new scene's configuration: the Info.plist's UISceneConfigurations entry, with its delegate.\n"
                + (annotate ? "\(i)@available(iOS 13.0, *)\n" : "")
                + "\(i)func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,\n"
                + "\(i)                 options: UIScene.ConnectionOptions) -> UISceneConfiguration {\n"
                + "\(i)\(i)let configuration = UISceneConfiguration(name: \"\(configurationName)\", sessionRole: connectingSceneSession.role)\n"
                + "\(i)\(i)configuration.delegateClass = \(delegate).self\n"
                + "\(i)\(i)return configuration\n"
                + "\(i)}\n"
        } else {
            method = "\n// A new scene's configuration: the Info.plist's UISceneConfigurations entry, with its delegate.\n"
                + "- (UISceneConfiguration *)application:(UIApplication *)application configurationForConnectingSceneSession:(UISceneSession *)connectingSceneSession\n"
                + "                              options:(UISceneConnectionOptions *)options" + (annotate ? " API_AVAILABLE(ios(13.0))" : "") + " {\n"
                + "\(i)UISceneConfiguration *configuration = [[UISceneConfiguration alloc] initWithName:@\"\(configurationName)\" sessionRole:connectingSceneSession.role];\n"
                + "\(i)configuration.delegateClass = [\(delegate) class];\n"
                + "\(i)return configuration;\n"
                + "}\n\n"
        }
        if previousBlank { method.removeFirst() }
        return Edit(path: ad.path, rule: .sceneManifestMissing, line: 0, column: 0, range: closeLine..<closeLine, original: "", replacement: method)
    }

    /// `#import "header"` after the file's last `#import` line (or at its top).
    static func importEdit(_ ad: AppDelegate, header: String) -> Edit {
        var at = 0, offset = 0
        for line in ad.bytes.split(separator: 10, omittingEmptySubsequences: false) {
            let end = offset + line.count + 1
            if line.starts(with: Array("#import".utf8)) || line.starts(with: Array("#include".utf8)) { at = min(end, ad.bytes.count) }
            offset = end
        }
        return Edit(path: ad.path, rule: .sceneManifestMissing, line: 0, column: 0, range: at..<at, original: "",
                    replacement: "#import \"\(header)\"\n")
    }

    /// The `#import "…"` lines of an Objective-C file (what its window class needs, for the scene delegate).
    static func localImports(_ file: CodeFile) -> [String] {
        String(decoding: file.buffer.bytes, as: UTF8.self).split(separator: "\n").compactMap { line -> String? in
            let t = line.trimmingCharacters(in: .whitespaces)
            guard t.hasPrefix("#import \""), let end = t.dropFirst(9).firstIndex(of: "\"") else { return nil }
            return String(t.dropFirst(9)[..<end])
        }
    }

    static func lineStart(_ bytes: [UInt8], _ offset: Int) -> Int {
        var i = min(offset, bytes.count)
        while i > 0, bytes[i - 1] != 10 { i -= 1 }
        return i
    }

    /// `text`, written with four-space steps, indented by `unit` steps instead (what is left
    /// over, an alignment, stays as it is).
    static func reindent(_ text: String, _ unit: String) -> String {
        guard unit != "    " else { return text }
        return text.components(separatedBy: "\n").map { line in
            let spaces = line.prefix { $0 == " " }.count
            return String(repeating: unit, count: spaces / 4) + String(repeating: " ", count: spaces % 4) + line.dropFirst(spaces)
        }.joined(separator: "\n")
    }

    /// The file's indentation step: a tab, or a run of spaces.
    static func indentUnit(_ bytes: [UInt8]) -> String {
        // By the majority of lines: a file indented with spaces may hold a tab or two (and the
        // other way round). The step is the commonest increase from one line to the next deeper
        // one (a continuation aligned by one space, or a class body at 4 and methods at 8, do
        // not decide it).
        var tabs = 0, spaces = 0
        var steps: [Int: Int] = [:]
        var previous = 0
        var atStart = true, run = 0, tabbed = false
        for b in bytes {
            if atStart, b == 9 { tabbed = true; continue }
            if atStart, b == 32 { run += 1; continue }
            if atStart, b != 10, b != 13 {
                if tabbed { tabs += 1 } else if run > 0 { spaces += 1 }
                if !tabbed {
                    if run > previous { steps[run - previous, default: 0] += 1 }
                    previous = run
                }
            }
            atStart = b == 10
            if atStart { run = 0; tabbed = false }
        }
        if tabs > spaces { return "\t" }
        let step = steps.max { a, b in a.value != b.value ? a.value < b.value : a.key > b.key }?.key ?? 4
        return String(repeating: " ", count: min(max(step, 2), 8))
    }

    // MARK: The Info.plist

    /// `UIMainStoryboardFile`'s value (or another key's: `UIMainStoryboardFile~ipad`) in an XML Info.plist, if any.
    static func mainStoryboard(_ bytes: [UInt8], key name: String = "UIMainStoryboardFile") -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let key = text.range(of: "<key>\(name)</key>") else { return nil }
        let rest = text[key.upperBound...]
        guard let open = rest.range(of: "<string>"), let close = rest.range(of: "</string>"), open.upperBound <= close.lowerBound else { return nil }
        return String(rest[open.upperBound..<close.lowerBound])
    }

    /// The insertion that adds `UIApplicationSceneManifest` as the XML Info.plist's root
    /// dictionary's last key, indented as the file is, naming `storyboard` if given.
    static func manifest(_ path: String, _ bytes: [UInt8], language: Language, storyboard: String?) throws -> Edit {
        if bytes.starts(with: Array("bplist".utf8)) {
            throw MigrationRefusal("\(path): a binary property list; convert it to XML first (`plutil -convert xml1 \(path)`)")
        }
        let text = String(decoding: bytes, as: UTF8.self)
        // A manifest that configures nothing (the key added to silence UIKit's warning) is replaced.
        var replacing: Range<Int>? = nil
        if let key = text.range(of: "<key>UIApplicationSceneManifest</key>") {
            guard let value = manifestValue(text, after: key.upperBound),
                  !text[value].contains("UISceneDelegateClassName"), !text[value].contains("UISceneStoryboardFile") else {
                throw MigrationRefusal("\(path): the target already adopts scenes (it has UIApplicationSceneManifest)")
            }
            let start = lineStart(bytes, text.utf8.distance(from: text.startIndex, to: key.lowerBound))
            var end = text.utf8.distance(from: text.startIndex, to: value.upperBound)
            while end < bytes.count, bytes[end] != 10 { end += 1 }
            replacing = start..<min(end + 1, bytes.count)
        }
        guard let rootEnd = text.range(of: "</dict>", options: .backwards), text[rootEnd.upperBound...].contains("</plist>") else {
            throw MigrationRefusal("\(path): not an XML property list with a dictionary at its root")
        }
        // The root's keys' indentation, and one level more.
        let keyLine = text.components(separatedBy: "\n").first { $0.trimmingCharacters(in: .whitespaces).hasPrefix("<key>") } ?? "\t<key>"
        let i = String(keyLine.prefix { $0 == " " || $0 == "\t" })
        let unit = i.isEmpty ? "\t" : i
        let delegate = language == .swift ? "$(PRODUCT_MODULE_NAME).\(delegateName)" : delegateName
        var block = "\(i)<key>UIApplicationSceneManifest</key>\n\(i)<dict>\n"
            + "\(i)\(unit)<key>UIApplicationSupportsMultipleScenes</key>\n\(i)\(unit)<false/>\n"
            + "\(i)\(unit)<key>UISceneConfigurations</key>\n\(i)\(unit)<dict>\n"
            + "\(i)\(unit)\(unit)<key>UIWindowSceneSessionRoleApplication</key>\n\(i)\(unit)\(unit)<array>\n"
            + "\(i)\(unit)\(unit)\(unit)<dict>\n"
        let entry = i + unit + unit + unit + unit
        block += "\(entry)<key>UISceneConfigurationName</key>\n\(entry)<string>\(configurationName)</string>\n"
            + "\(entry)<key>UISceneDelegateClassName</key>\n\(entry)<string>\(delegate)</string>\n"
        if let storyboard { block += "\(entry)<key>UISceneStoryboardFile</key>\n\(entry)<string>\(storyboard)</string>\n" }
        block += "\(i)\(unit)\(unit)\(unit)</dict>\n\(i)\(unit)\(unit)</array>\n\(i)\(unit)</dict>\n\(i)</dict>\n"
        if let replacing {
            return Edit(path: path, rule: .sceneDelegateUnresolved, line: 0, column: 0, range: replacing,
                        original: String(decoding: bytes[replacing], as: UTF8.self), replacement: block)
        }
        // Before the line of the root's closing tag.
        let at = lineStart(bytes, text.utf8.distance(from: text.startIndex, to: rootEnd.lowerBound))
        return Edit(path: path, rule: .sceneManifestMissing, line: 0, column: 0, range: at..<at, original: "", replacement: block)
    }

    /// The `<dict>…</dict>` (or `<dict/>`) that follows a key at `from`, nested dictionaries
    /// counted; nil when the value is not a dictionary.
    static func manifestValue(_ text: String, after from: String.Index) -> Range<String.Index>? {
        let rest = text[from...]
        guard let open = rest.firstIndex(where: { !$0.isWhitespace }), rest[open...].hasPrefix("<dict") else { return nil }
        if rest[open...].hasPrefix("<dict/>") { return open..<text.index(open, offsetBy: 7) }
        var depth = 0
        var i = open
        while i < text.endIndex {
            if text[i...].hasPrefix("<dict/>") {
                i = text.index(i, offsetBy: 7)
                continue
            }
            if text[i...].hasPrefix("<dict>") || text[i...].hasPrefix("<dict ") { depth += 1 }
            if text[i...].hasPrefix("</dict>") {
                depth -= 1
                if depth == 0 { return open..<text.index(i, offsetBy: 7) }
            }
            i = text.index(after: i)
        }
        return nil
    }
}

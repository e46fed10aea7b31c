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
/// manifest, done as edits — the manifest in its Info.plist (or the build setting that generates
/// it), a scene delegate in the app delegate's language that shows the window the app delegate
/// builds today and hands URLs and user activities to the app delegate's existing handlers, the
/// app delegate's `application(_:configurationForConnecting:options:)`, a mark on the window
/// creation it replaces, and the new files in the target.
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

        public init(target: String, infoPlist: (path: String, bytes: [UInt8])?, project: (path: String, bytes: [UInt8])?, appDelegate: AppDelegate) {
            self.target = target
            self.infoPlist = infoPlist
            self.project = project
            self.appDelegate = appDelegate
        }
    }

    public static let delegateName = "SceneDelegate"
    public static let configurationName = "Default Configuration"

    /// The changes, in path order: modified files first as they are read, then new ones.
    public static func plan(_ input: Input) throws -> (changes: [FileChange], notes: [String]) {
        var notes: [String] = []
        var changes: [FileChange] = []
        let ad = input.appDelegate
        let folder = ad.path.split(separator: "/").dropLast().joined(separator: "/")
        func inFolder(_ name: String) -> String { folder.isEmpty ? name : folder + "/" + name }

        // The app delegate: what it handles, where its window is made.
        let file = CodeFile(path: ad.path, lexed: Lexer.lex(SourceBuffer(ad.bytes), language: ad.language))
        guard let body = typeBody(file, className: ad.className) else {
            throw MigrationRefusal("\(ad.path): cannot find the body of \(ad.className)")
        }
        let handlesURLs = has(file, ad.language == .swift ? ["open", "url"] : ["openURL"], in: body)
        let handlesActivities = has(file, ad.language == .swift ? ["continue", "userActivity"] : ["continueUserActivity"], in: body)
        if has(file, ad.language == .swift ? ["configurationForConnecting"] : ["configurationForConnectingSceneSession"], in: body) {
            throw MigrationRefusal("\(ad.path): \(ad.className) already implements application(_:configurationForConnecting:options:)")
        }

        // 1. The scene manifest.
        var storyboard: String? = nil
        if let plist = input.infoPlist {
            let (edit, board) = try manifest(plist.path, plist.bytes, language: ad.language)
            storyboard = board
            let patch = FilePatch(path: plist.path, original: plist.bytes, edits: [edit])
            changes.append(FileChange(path: plist.path, before: plist.bytes, after: patch.applied(), unifiedDiff: patch.unifiedDiff()))
        }
        var projectEdits: [Edit] = []
        if input.infoPlist == nil {
            guard let p = input.project else { throw MigrationRefusal("\(input.target) has no Info.plist and no project file to generate one") }
            projectEdits += try ProjectEdit.addBuildSetting("INFOPLIST_KEY_UIApplicationSceneManifest_Generation", "YES", target: input.target,
                                                            project: p.path, bytes: p.bytes)
        }

        // 2. The scene delegate, next to the app delegate.
        var newFiles: [(String, String)] = []
        switch ad.language {
        case .swift:
            newFiles.append((inFolder(delegateName + ".swift"), swiftDelegate(className: ad.className, storyboard: storyboard,
                                                                            urls: handlesURLs, activities: handlesActivities)))
        case .objectiveC:
            newFiles.append((inFolder(delegateName + ".h"), objcHeader))
            newFiles.append((inFolder(delegateName + ".m"), objcDelegate(className: ad.className, header: ad.header?.path,
                                                                         storyboard: storyboard, urls: handlesURLs, activities: handlesActivities)))
        }

        // 3. The app delegate: which configuration a new scene gets, and the window it no longer shows.
        var edits: [Edit] = []
        let closing = body.close
        let closeLine = lineStart(ad.bytes, Int(file.tokens[closing].start))
        // A blank line between it and what comes before, unless there is one.
        let previousStart = closeLine > 0 ? lineStart(ad.bytes, closeLine - 1) : 0
        let previousBlank = closeLine > 0 && ad.bytes[previousStart..<(closeLine - 1)].allSatisfy { $0 == 32 || $0 == 9 || $0 == 13 }
        var method = ad.language == .swift ? swiftConfiguration(indent: indentUnit(ad.bytes)) : objcConfiguration
        if previousBlank { method.removeFirst() }  // both start with the blank line
        edits.append(Edit(path: ad.path, rule: "scene-manifest-missing", line: 0, column: 0, range: closeLine..<closeLine, original: "",
                          replacement: method))
        if let (window, type) = windowCreation(file, in: body) {
            if type != "UIWindow" {
                notes.append("\(ad.path): the app delegate's window is a \(type); \(delegateName) makes a UIWindow — make it a \(type) "
                             + "(with init(windowScene:)) if the app relies on what that class adds")
            }
            let start = lineStart(ad.bytes, Int(file.tokens[window].start))
            let indent = String(decoding: ad.bytes[start..<Int(file.tokens[window].start)].prefix { $0 == 32 || $0 == 9 }, as: UTF8.self)
            edits.append(Edit(path: ad.path, rule: "window-in-app-delegate", line: 0, column: 0, range: start..<start, original: "",
                              replacement: indent + "// fleetscan migrate scenes: \(delegateName) now shows this window's root view controller "
                                  + "in the scene's window; move this set-up there and delete the window.\n"))
        } else if storyboard == nil {
            notes.append("\(ad.path): \(ad.className) makes no window here (it may be made elsewhere and set as its window): \(delegateName) "
                         + "shows the root view controller of \(ad.className)'s window, if it has one by then, and nothing was marked")
        }
        let patch = FilePatch(path: ad.path, original: ad.bytes, edits: edits)
        changes.append(FileChange(path: ad.path, before: ad.bytes, after: patch.applied(), unifiedDiff: patch.unifiedDiff()))

        // 4. The new files in the target, when the project lists its files.
        if let p = input.project {
            do {
                projectEdits += try ProjectEdit.addFiles(newFiles.map(\.0), nextTo: ad.path, header: ad.header?.path, target: input.target,
                                                         project: p.path, bytes: p.bytes)
            } catch let refusal as MigrationRefusal {
                notes.append(refusal.message + "; \(newFiles.map(\.0).joined(separator: ", ")) sit next to \(ad.path), where a synchronized "
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
        return (changes, notes)
    }

    // MARK: The app delegate

    /// The brace body (Swift) or `@implementation … @end` (Objective-C) of `className`.
    static func typeBody(_ file: CodeFile, className: String) -> Scope? {
        file.structure.scopes.first { $0.kind == .type && $0.name == className && ($0.typeKind == .swiftClass || $0.typeKind == .objcImplementation) }
    }

    /// Whether a method whose name or selector holds all `parts` is declared in `body`.
    static func has(_ file: CodeFile, _ parts: [String], in body: Scope) -> Bool {
        file.structure.scopes.contains { s in
            guard s.kind == .function, s.open > body.open, s.close < body.close else { return false }
            if file.language == .swift, s.name != "application" { return false }  // Swift: `application(_:open:…)`; a selector names itself
            return parts.allSatisfy { p in s.labels.contains(p) || s.name.contains(p) || s.parameterNames.contains(p) }
        }
    }

    /// Where the app delegate makes its window — the token that starts the statement — and the
    /// class it makes: `UIWindow(frame:…)`, `[[UIWindow alloc] init…]`, or an assignment to its
    /// `window` of a new instance of a subclass (`self.window = AppWindow()`).
    static func windowCreation(_ file: CodeFile, in body: Scope) -> (token: Int, type: String)? {
        for i in (body.open + 1)..<body.close where file.text(i) == "UIWindow" {
            if file.language == .swift, file.isPunct(i + 1, "(") { return (statementStart(file, i), "UIWindow") }
            if file.language == .objectiveC, file.text(i + 1) == "alloc", file.isPunct(i - 1, "["), file.isPunct(i - 2, "[") {
                return (statementStart(file, i), "UIWindow")
            }
        }
        for i in (body.open + 1)..<body.close where (file.text(i) == "window" || file.text(i) == "_window") && file.text(i + 1) == "=" {
            let value = i + 2
            if file.language == .swift, file[value].isIdentifier, file.isPunct(value + 1, "("), file.text(value).first?.isUppercase == true {
                return (statementStart(file, i), file.text(value))
            }
            if file.language == .objectiveC, file.isPunct(value, "["), file.isPunct(value + 1, "["), file.text(value + 3) == "alloc" {
                return (statementStart(file, i), file.text(value + 2))
            }
        }
        return nil
    }

    /// The first token of the statement holding token `i` (back to a `;`, `{` or `}`, or a line start).
    static func statementStart(_ file: CodeFile, _ i: Int) -> Int {
        var k = i
        while k > 0, !file[k].isLineStart, !file.isPunct(k - 1, ";"), !file.isPunct(k - 1, "{"), !file.isPunct(k - 1, "}") { k -= 1 }
        return k
    }

    static func lineStart(_ bytes: [UInt8], _ offset: Int) -> Int {
        var i = min(offset, bytes.count)
        while i > 0, bytes[i - 1] != 10 { i -= 1 }
        return i
    }

    /// The file's indentation step: a tab, or the smallest run of spaces that starts a line.
    static func indentUnit(_ bytes: [UInt8]) -> String {
        var smallest = Int.max
        var atStart = true, run = 0
        for b in bytes {
            if atStart, b == 9 { return "\t" }
            if atStart, b == 32 { run += 1; continue }
            if atStart, run > 0, b != 10 { smallest = min(smallest, run) }
            atStart = b == 10
            run = 0
        }
        return String(repeating: " ", count: smallest == Int.max ? 4 : smallest)
    }

    static func swiftConfiguration(indent i: String) -> String {
        "\n\(i)// A new scene's configuration: the Info.plist's UISceneConfigurations entry.\n"
            + "\(i)func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,\n"
            + "\(i)                 options: UIScene.ConnectionOptions) -> UISceneConfiguration {\n"
            + "\(i)\(i)UISceneConfiguration(name: \"\(configurationName)\", sessionRole: connectingSceneSession.role)\n"
            + "\(i)}\n"
    }

    static let objcConfiguration = """

        // A new scene's configuration: the Info.plist's UISceneConfigurations entry.
        - (UISceneConfiguration *)application:(UIApplication *)application configurationForConnectingSceneSession:(UISceneSession *)connectingSceneSession options:(UISceneConnectionOptions *)options {
            return [[UISceneConfiguration alloc] initWithName:@"\(configurationName)" sessionRole:connectingSceneSession.role];
        }

        """

    // MARK: The scene delegate

    static func swiftDelegate(className: String, storyboard: String?, urls: Bool, activities: Bool) -> String {
        // (The module line is joined on, so no line of this file reads as an import of its own.)
        var s = "import" + """
             UIKit

            /// The app's scene delegate (TN3187, "Migrating to the UIKit scene-based life cycle"): it shows the
            /// window the app delegate used to, and hands the URLs and user activities a scene receives to the
            /// app delegate's handlers. Written by `fleetscan migrate scenes`.
            class \(delegateName): UIResponder, UIWindowSceneDelegate {
                var window: UIWindow?

                func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                    guard let windowScene = scene as? UIWindowScene else { return }

            """
        if storyboard == nil {
            s += """
                        // The root view controller the app delegate builds at launch, in this scene's window.
                        let window = UIWindow(windowScene: windowScene)
                        let appWindow = (UIApplication.shared.delegate as? \(className))?.window
                        window.rootViewController = appWindow?.rootViewController
                        appWindow?.rootViewController = nil
                        self.window = window
                        window.makeKeyAndVisible()

                """
        } else {
            s += "        // UIKit makes the window from the storyboard (UISceneStoryboardFile).\n        _ = windowScene\n"
        }
        if urls { s += "        // A link that launched the app.\n        for context in connectionOptions.urlContexts { open(context.url) }\n" }
        if activities { s += "        // A user activity (Handoff, a universal link, Spotlight) that launched the app.\n        for activity in connectionOptions.userActivities { continueActivity(activity) }\n" }
        s += "    }\n"
        if urls {
            s += """

                    func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {
                        for context in URLContexts { open(context.url) }
                    }

                    private func open(_ url: URL) {
                        _ = UIApplication.shared.delegate?.application?(UIApplication.shared, open: url, options: [:])
                    }

                """
        }
        if activities {
            s += """

                    func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
                        continueActivity(userActivity)
                    }

                    private func continueActivity(_ activity: NSUserActivity) {
                        _ = UIApplication.shared.delegate?.application?(UIApplication.shared, continue: activity, restorationHandler: { _ in })
                    }

                """
        }
        return s + "}\n"
    }

    static let objcHeader = """
        #import <UIKit/UIKit.h>

        /// The app's scene delegate (TN3187). Written by `fleetscan migrate scenes`.
        @interface \(delegateName) : UIResponder <UIWindowSceneDelegate>
        @property (strong, nonatomic) UIWindow *window;
        @end

        """

    static func objcDelegate(className: String, header: String?, storyboard: String?, urls: Bool, activities: Bool) -> String {
        let importName = header.map { String($0.split(separator: "/").last ?? Substring($0)) } ?? className + ".h"
        var s = """
            #import "\(delegateName).h"
            #import "\(importName)"

            /// Shows the window the app delegate used to, and hands the URLs and user activities a scene receives
            /// to the app delegate's handlers (TN3187). Written by `fleetscan migrate scenes`.
            @implementation \(delegateName)

            - (void)scene:(UIScene *)scene willConnectToSession:(UISceneSession *)session options:(UISceneConnectionOptions *)connectionOptions {
                if (![scene isKindOfClass:[UIWindowScene class]]) {
                    return;
                }

            """
        if storyboard == nil {
            s += """
                    // The root view controller the app delegate builds at launch, in this scene's window.
                    \(className) *appDelegate = (\(className) *)UIApplication.sharedApplication.delegate;
                    self.window = [[UIWindow alloc] initWithWindowScene:(UIWindowScene *)scene];
                    self.window.rootViewController = appDelegate.window.rootViewController;
                    appDelegate.window.rootViewController = nil;
                    [self.window makeKeyAndVisible];

                """
        } else {
            s += "    // UIKit makes the window from the storyboard (UISceneStoryboardFile).\n"
        }
        if urls { s += "    // A link that launched the app.\n    for (UIOpenURLContext *context in connectionOptions.URLContexts) {\n        [self openURL:context.URL];\n    }\n" }
        if activities { s += "    // A user activity (Handoff, a universal link, Spotlight) that launched the app.\n    for (NSUserActivity *activity in connectionOptions.userActivities) {\n        [self continueActivity:activity];\n    }\n" }
        s += "}\n"
        if urls {
            s += """

                - (void)scene:(UIScene *)scene openURLContexts:(NSSet<UIOpenURLContext *> *)URLContexts {
                    for (UIOpenURLContext *context in URLContexts) {
                        [self openURL:context.URL];
                    }
                }

                - (void)openURL:(NSURL *)url {
                    id<UIApplicationDelegate> delegate = UIApplication.sharedApplication.delegate;
                    if ([delegate respondsToSelector:@selector(application:openURL:options:)]) {
                        [delegate application:UIApplication.sharedApplication openURL:url options:@{}];
                    }
                }

                """
        }
        if activities {
            s += """

                - (void)scene:(UIScene *)scene continueUserActivity:(NSUserActivity *)userActivity {
                    [self continueActivity:userActivity];
                }

                - (void)continueActivity:(NSUserActivity *)activity {
                    id<UIApplicationDelegate> delegate = UIApplication.sharedApplication.delegate;
                    if ([delegate respondsToSelector:@selector(application:continueUserActivity:restorationHandler:)]) {
                        [delegate application:UIApplication.sharedApplication continueUserActivity:activity restorationHandler:^(NSArray *objects) {}];
                    }
                }

                """
        }
        return s + "\n@end\n"
    }

    // MARK: The Info.plist

    /// The insertion that adds `UIApplicationSceneManifest` as the XML Info.plist's root
    /// dictionary's last key, indented as the file is, and the storyboard it names, if any.
    static func manifest(_ path: String, _ bytes: [UInt8], language: Language) throws -> (Edit, String?) {
        if bytes.starts(with: Array("bplist".utf8)) {
            throw MigrationRefusal("\(path): a binary property list; convert it to XML first (`plutil -convert xml1 \(path)`)")
        }
        let text = String(decoding: bytes, as: UTF8.self)
        if text.contains("<key>UIApplicationSceneManifest</key>") { throw MigrationRefusal("\(path): the target already adopts scenes (it has UIApplicationSceneManifest)") }
        guard let rootEnd = text.range(of: "</dict>", options: .backwards), text[rootEnd.upperBound...].contains("</plist>") else {
            throw MigrationRefusal("\(path): not an XML property list with a dictionary at its root")
        }
        var storyboard: String? = nil
        if let key = text.range(of: "<key>UIMainStoryboardFile</key>") {
            let rest = text[key.upperBound...]
            if let open = rest.range(of: "<string>"), let close = rest.range(of: "</string>"), open.upperBound <= close.lowerBound {
                storyboard = String(rest[open.upperBound..<close.lowerBound])
            }
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
        // Before the line of the root's closing tag.
        let at = lineStart(bytes, text.utf8.distance(from: text.startIndex, to: rootEnd.lowerBound))
        return (Edit(path: path, rule: "scene-manifest-missing", line: 0, column: 0, range: at..<at, original: "", replacement: block), storyboard)
    }
}

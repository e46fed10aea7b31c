import RuleKit
import SourceLexing

/// The app delegate's window set-up moved into `setUpWindow(_:)` (`setUpWindow:`): the scene
/// delegate calls it with its scene's window, and launch still calls it below iOS 13 with a
/// window made as before. The window's making, sizing and showing stay with whoever makes the
/// window — a scene sizes its own, and its delegate shows it — so every other statement that held
/// the old window (a HUD's container, a router, a client singleton) now gets the scene's.
enum AppDelegateEdit {
    static func moveWindowSetUp(_ setUp: AppDelegateShape.WindowSetUp, in shape: AppDelegateShape, delegate: String, below: Bool) -> [Edit] {
        let file = shape.file
        let swift = file.language == .swift
        let bytes = file.buffer.bytes
        let starts = file.lines.starts
        func lineStart(_ n: Int) -> Int { n < starts.count ? starts[n] : bytes.count }
        func text(_ a: Int, _ b: Int) -> String { String(decoding: bytes[a..<b], as: UTF8.self) }
        func tokenStart(_ i: Int) -> Int { Int(file.tokens[i].start) }
        func tokenEnd(_ i: Int) -> Int { Int(file.tokens[i].start + file.tokens[i].length) }
        func lines(of s: AppDelegateShape.Statement) -> ClosedRange<Int> { shape.line(s.first)...shape.line(s.last) }

        let unit = SceneMigration.indentUnit(Array(bytes))
        // The moved lines, as runs of consecutive lines: the last run gives way to the launch site.
        var runs: [ClosedRange<Int>] = []
        for n in setUp.moved {
            if let last = runs.last, last.upperBound + 1 == n { runs[runs.count - 1] = last.lowerBound...n } else { runs.append(n...n) }
        }
        let firstStart = lineStart(setUp.moved.first ?? setUp.lines.lowerBound)
        let firstLine = text(firstStart, min(lineStart((setUp.moved.first ?? setUp.lines.lowerBound) + 1), bytes.count))
        let indent = String(firstLine.prefix { $0 == " " || $0 == "\t" })
        let declarationLine = shape.line(setUp.function.declarationStart)
        let methodIndent = String(shape.lineText(declarationLine).prefix { $0 == " " || $0 == "\t" })

        // The statement text with the window as its receiver (`self.window?.frame = x` → `window.frame = x`:
        // the local is not optional).
        func onLocal(_ s: AppDelegateShape.Statement) -> String {
            guard let r = shape.receiver(s) else { return file.text(from: s.first, through: s.last) }
            return text(tokenStart(s.first), tokenStart(r.first)) + "window" + text(tokenEnd(r.last), tokenEnd(s.last))
        }

        // The launch site: below iOS 13 it makes the window as before and hands it over.
        let comment = "// \(delegate) makes the app's window in its scene and calls " + (swift ? "setUpWindow(_:)" : "setUpWindow:") + " (fleetscan migrate scenes)."
        var site = ""
        if below {
            var fallback: [String] = []
            if let creation = setUp.creation {
                let expression = file.text(from: creation.expression.first, through: creation.expression.last)
                if setUp.reusesWindow {
                    fallback.append(swift ? "let window = self.window ?? \(expression)" : "UIWindow *window = self.window ?: \(expression);")
                } else {
                    fallback.append(swift ? "let window = \(expression)" : "\(setUp.windowClass) *window = \(expression);")
                }
                fallback += setUp.sizing.map(onLocal)
                fallback.append(swift ? "setUpWindow(window)" : "[self setUpWindow:window];")
                if !setUp.showing.isEmpty { fallback.append(swift ? "window.makeKeyAndVisible()" : "[window makeKeyAndVisible];") }
            } else {
                fallback += setUp.sizing.map { file.text(from: $0.first, through: $0.last) }
                fallback.append(swift ? "setUpWindow(window)" : "[self setUpWindow:self.window];")
                fallback += setUp.showing.map { file.text(from: $0.first, through: $0.last) }
            }
            site = swift ? "\(indent)if #available(iOS 13.0, *) {\n" : "\(indent)if (@available(iOS 13.0, *)) {\n"
            site += "\(indent)\(unit)\(comment)\n\(indent)} else {\n"
            site += fallback.map { "\(indent)\(unit)\($0)\n" }.joined()
            site += "\(indent)}\n"
        } else {
            site = "\(indent)\(comment)\n"
        }

        // The method: the set-up's lines, less what stays with the window's maker.
        var leaving = Set<Int>()
        for s in setUp.sizing + setUp.showing { leaving.formUnion(lines(of: s)) }
        if let creation = setUp.creation, creation.local { leaving.formUnion(lines(of: creation.statement)) }
        var replacements: [(start: Int, end: Int, with: String)] = setUp.usesApplicationParameter.map {
            (tokenStart($0), tokenEnd($0), swift ? "UIApplication.shared" : "[UIApplication sharedApplication]")
        }
        // The parameter: `window` where launch made a local of that name (its statements read it);
        // else another name, so that a bare `window` in them still means the property.
        let param = !swift || (setUp.creation?.local ?? false) ? "window" : "newWindow"
        // `if (!self.window) { self.window = … }` becomes `self.window = window;`: the scene's window is new.
        var replacedLines: [Int: String] = [:]
        if let c = setUp.creation, setUp.reusesWindow {
            let statementLines = lines(of: c.statement)
            for n in statementLines { replacedLines[n] = "" }
            let lineIndent = String(shape.lineText(statementLines.lowerBound).prefix { $0 == " " || $0 == "\t" })
            replacedLines[statementLines.lowerBound] = lineIndent + (swift ? "self.window = \(param)\n" : "self.window = window;\n")
        }
        // `self.window = V2Window()` (or `window = …`) becomes `self.window = newWindow`.
        if let c = setUp.creation, !c.local, !setUp.reusesWindow {
            let start = swift ? tokenStart(c.statement.first) : tokenStart(c.expression.first)
            replacements.append((start, tokenEnd(c.expression.last), swift ? "self.window = \(param)" : "window"))
        }
        var body = ""
        var assigns = setUp.creation.map { !$0.local } ?? false
        for n in setUp.moved where !leaving.contains(n) {
            if let replaced = replacedLines[n] {
                body += replaced
                if !replaced.isEmpty { assigns = true }
                continue
            }
            var line = text(lineStart(n), lineStart(n + 1))
            if !line.hasSuffix("\n") { line += "\n" }
            // Replacements on this line, last first so offsets hold.
            var utf8 = Array(line.utf8)
            for r in replacements.filter({ $0.start >= lineStart(n) && $0.end <= lineStart(n) + utf8.count }).sorted(by: { $0.start > $1.start }) {
                utf8.replaceSubrange((r.start - lineStart(n))..<(r.end - lineStart(n)), with: Array(r.with.utf8))
            }
            line = String(decoding: utf8, as: UTF8.self)
            if line.contains("self.window = \(param)") || line.contains("_window = window") { assigns = true }
            body += line
        }
        if !assigns, shape.declaresWindow || !swift {
            body = (swift ? "\(indent)self.window = \(param)\n" : "\(indent)self.window = window;\n") + body
        }
        let cls = setUp.creation == nil ? (swift ? "UIWindow?" : "UIWindow") : setUp.windowClass
        let doc = swift ? methodIndent + "///" : "///"
        let launch = setUp.creation == nil ? "the window it has" : "a window of its own"
        var method = "\n\(doc) The app's window, set up as launch set it up: \(delegate) calls this with its scene's window"
            + (below ? ",\n\(doc) and below iOS 13 launch does with \(launch)." : ".\n\(doc)") + " Moved here by `fleetscan migrate scenes`.\n"
        method += swift ? "\(methodIndent)func setUpWindow(_ \(param): \(cls)) {\n" + body + "\(methodIndent)}\n"
            : "- (void)setUpWindow:(UIWindow *)window {\n" + body + "}\n"
        let afterFunction = lineStart(shape.line(setUp.function.close) + 1)
        func blank(_ n: Int) -> Bool { n >= 0 && n < starts.count && shape.lineText(n).allSatisfy { $0 == " " || $0 == "\t" } }
        var edits = runs.enumerated().map { k, run in
            var end = lineStart(run.upperBound + 1)
            let start = lineStart(run.lowerBound)
            // A run taken out whole takes one blank line after it along, where one is before it
            // (or the body's `{`): no empty paragraph is left behind.
            let before = shape.lineText(run.lowerBound - 1).trimmingCharacters(in: .whitespaces)
            if k < runs.count - 1, blank(run.upperBound + 1), blank(run.lowerBound - 1) || before.hasSuffix("{") { end = lineStart(run.upperBound + 2) }
            return Edit(path: file.path, rule: .windowInAppDelegate, line: 0, column: 0, range: start..<end,
                        original: text(start, end), replacement: k == runs.count - 1 ? site : "")
        }
        edits.append(Edit(path: file.path, rule: .windowInAppDelegate, line: 0, column: 0, range: afterFunction..<afterFunction, original: "",
                          replacement: method))
        return edits
    }
}

import Foundation
import Synchronization

/// Compiles what fleetscan writes — a migration's scene delegate, a fixed file — the way Xcode
/// would, at the target's deployment target, without an iOS SDK: against the UIKit stand-ins in
/// `Fixtures/SDK` that carry Apple's availability annotations.
///
/// - Swift: the files and the stand-ins in `Fixtures/SDK/Swift` (UIKit, and SwiftUI's few names
///   fix texts use) are type-checked as one module.
///   Swift on Linux ignores `iOS` availability, so every version above the deployment target
///   becomes a custom availability domain (`iOS_13_0`): a declaration `@available(iOS 13.0, *)`
///   is in every domain from the deployment target up to 13.0, and `if #available(iOS 13.0, *)`
///   (or an enclosing `@available`) enables exactly those — an unguarded use is a compile error,
///   as Xcode's is. `import UIKit` (or SwiftUI) resolves to an empty module re-exporting Foundation.
/// - Objective-C: `clang -fsyntax-only -target arm64-apple-iosX.Y` against the headers in
///   `Fixtures/SDK/ObjC` (`API_AVAILABLE(ios(13.0))`), with `-Werror=unguarded-availability-new`
///   and ARC, so a message to an undeclared selector is an error too.
public enum SDKCheck {
    /// Compiler errors (and the lines around them), empty when the files compile.
    public static func swift(_ files: [String], deployment: String) throws -> String {
        let work = try scratch()
        defer { try? FileManager.default.removeItem(atPath: work) }
        let stubs = ["UIKit.swift", "SwiftUI.swift"].map { repositoryRoot + "/Fixtures/SDK/Swift/" + $0 }
        let sources = try (stubs + files).map { try String(contentsOfFile: $0, encoding: .utf8) }
        let floor = Version(deployment)
        var versions = Set<Version>()
        for text in sources { versions.formUnion(SwiftAvailability.versions(in: text)) }
        let domains = versions.filter { $0 > floor }.sorted()
        var paths: [String] = []
        for (i, (path, text)) in zip(stubs + files, sources).enumerated() {
            // Each file keeps its name (diagnostics read as the file's own), in its own folder.
            let folder = work + "/\(i)"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let out = folder + "/" + URL(fileURLWithPath: path).lastPathComponent
            try SwiftAvailability.rewrite(text, above: floor, domains: domains).write(toFile: out, atomically: true, encoding: .utf8)
            paths.append(out)
        }
        var arguments = ["swiftc", "-typecheck", "-parse-as-library", "-swift-version", "5", "-I", try emptyModules(), "-suppress-warnings",
                         "-diagnostic-style", "llvm", "-enable-experimental-feature", "CustomAvailability"]
        for d in domains { arguments += ["-Xfrontend", "-define-dynamic-availability-domain", "-Xfrontend", d.domain] }
        return try run(arguments + paths, hiding: (0..<paths.count).map { work + "/\($0)/" })
    }

    /// Compiler errors for each Objective-C file, checked on its own, empty when all compile.
    public static func objectiveC(_ files: [String], deployment: String, includes: [String] = []) throws -> String {
        var out = ""
        for file in files {
            var arguments = ["clang", "-fsyntax-only", "-x", "objective-c", "-target", "arm64-apple-ios\(deployment)", "-fobjc-arc", "-fblocks",
                             "-Xclang", "-nostdsysteminc", "-isystem", repositoryRoot + "/Fixtures/SDK/ObjC",
                             "-Werror=unguarded-availability-new", "-Werror=unguarded-availability", "-Werror=objc-method-access",
                             "-Werror=incompatible-pointer-types", "-Werror=implicit-function-declaration", "-Wno-objc-root-class", "-ferror-limit=0"]
            for i in includes { arguments += ["-I", i] }
            out += try run(arguments + [file], hiding: [])
        }
        return out
    }

    // MARK: Swift availability as custom domains

    struct Version: Hashable, Comparable {
        var parts: [Int]
        init(_ text: String) {
            parts = text.split(separator: ".").map { Int($0) ?? 0 }
            while parts.count < 2 { parts.append(0) }
            while parts.count > 2, parts.last == 0 { parts.removeLast() }
        }
        static func < (a: Version, b: Version) -> Bool { a.parts.lexicographicallyPrecedes(b.parts) }
        var domain: String { "iOS_" + parts.map(String.init).joined(separator: "_") }
    }

    enum SwiftAvailability {
        /// `iOS 13.0` in `@available(iOS 13.0, …)` / `#available(iOS 13.0, …)` / `#unavailable(iOS 13)`, and
        /// `introduced: 13.0` in `@available(iOS, introduced: 13.0, …)`.
        static let pattern = try! NSRegularExpression(pattern: #"([@#])(available|unavailable)\(\s*iOS(?:\s+([0-9][0-9.]*)|\s*,\s*introduced:\s*([0-9][0-9.]*))([^)]*)\)"#)

        static let objcAttribute = try! NSRegularExpression(pattern: #"@(objc(\([A-Za-z0-9_:]*\))?|IBOutlet|IBAction|IBInspectable|IBDesignable)\b\s*"#)
        static let selector = try! NSRegularExpression(pattern: #"#selector\(\s*([^()]*(\([^()]*\))?)\s*\)"#)

        static func versions(in text: String) -> Set<Version> {
            Set(pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { version(of: $0, in: text) })
        }

        static func version(of m: NSTextCheckingResult, in text: String) -> Version {
            let number = m.range(at: 3).location != NSNotFound ? m.range(at: 3) : m.range(at: 4)
            return Version(String(text[Range(number, in: text)!]))
        }

        /// `text` with iOS availability above `floor` spelt as domains; at or below it, what
        /// always holds (the attribute dropped, the check left as Linux reads it: true).
        static func rewrite(_ text: String, above floor: Version, domains: [Version]) -> String {
            var out = ""
            var last = text.startIndex
            let range = NSRange(text.startIndex..., in: text)
            for m in pattern.matches(in: text, range: range) {
                let whole = Range(m.range, in: text)!
                out += text[last..<whole.lowerBound]
                last = whole.upperBound
                let version = version(of: m, in: text)
                let kind = String(text[Range(m.range(at: 1), in: text)!]) + String(text[Range(m.range(at: 2), in: text)!])
                let needed = domains.filter { $0 > floor && $0 <= version }
                // `@available(iOS, introduced: 2.0, deprecated: 16.0)` says more than when it came: keep what Linux ignores.
                if kind == "@available", m.range(at: 4).location != NSNotFound, needed.isEmpty { out += text[whole]; continue }
                switch kind {
                case "@available":
                    out += needed.map { "@available(\($0.domain))" }.joined(separator: " ")
                case "#available":
                    out += needed.isEmpty ? "#available(iOS \(version.parts.map(String.init).joined(separator: ".")), *)"
                        : needed.map { "#available(\($0.domain))" }.joined(separator: ", ")
                default:  // #unavailable: the block runs below `version`, where nothing above the floor is enabled
                    out += needed.isEmpty ? "#unavailable(iOS 1)" : "#unavailable(\(needed.last!.domain))"
                }
            }
            out += text[last...]
            // UIKit's entry point attribute needs UIKit's own protocol; `@main` checks the same class.
            out = out.replacingOccurrences(of: "@UIApplicationMain", with: "@main")
            // Linux has no Objective-C runtime: `@objc` and Interface Builder's attributes go (they
            // change nothing else the type checker sees), and `#selector(m)` becomes the stand-in's
            // `Selector("m")`.
            out = objcAttribute.stringByReplacingMatches(in: out, range: NSRange(out.startIndex..., in: out), withTemplate: "")
            return selector.stringByReplacingMatches(in: out, range: NSRange(out.startIndex..., in: out), withTemplate: #"Selector("$1")"#)
        }
    }

    // MARK: Running the compilers

    /// Empty `UIKit` (and friends) modules that re-export Foundation, built once per process.
    static func emptyModules() throws -> String {
        try modules.withLock { cached -> String in
            if let cached { return cached }
            let folder = try scratch()
            for name in ["UIKit", "SwiftUI", "QuartzCore", "CoreGraphics"] {
                let source = folder + "/\(name).swift"
                try "@_exported import Foundation\n".write(toFile: source, atomically: true, encoding: .utf8)
                _ = try run(["swiftc", "-emit-module", "-parse-as-library", "-module-name", name, source, "-o", folder + "/\(name).swiftmodule"],
                            hiding: [], failing: true)
            }
            cached = folder
            // Built once per process and kept until it ends: removed at exit, not left in /tmp.
            atexit { SDKCheck.modules.withLock { if let folder = $0 { try? FileManager.default.removeItem(atPath: folder) } } }
            return folder
        }
    }

    static let modules = Mutex<String?>(nil)

    static func scratch() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("fleetscan-sdkcheck-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Runs `command`; its diagnostics when it fails (with the folders `hiding` taken out of
    /// paths), else "". With `failing`, a failure throws.
    @discardableResult
    static func run(_ command: [String], hiding: [String], failing: Bool = false) throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = command
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardError = pipe
        try p.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        guard p.terminationStatus != 0 else { return "" }
        var text = String(decoding: data, as: UTF8.self)
        for folder in hiding { text = text.replacingOccurrences(of: folder, with: "") }
        if failing { throw SDKCheckError(message: "\(command.joined(separator: " ")): \(text)") }
        return text.isEmpty ? "\(command[0]) exited with status \(p.terminationStatus)" : text
    }
}

public struct SDKCheckError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}


import Foundation
import Testing
import RuleKit
import Rules
import SourceLexing
import TestSupport

/// The code a fix text shows (between backticks) compiles where the fix is given (issue 29):
/// each rule's fix for every place `explain` lists — a view controller, a view, a type method,
/// a scene or app delegate, anywhere else, a SwiftUI view — is put in a type of that kind and
/// type-checked against the SDK stand-ins at the deployment target the fix needs, Swift with
/// `swiftc`, Objective-C with clang. A name the text only mentions (`scene(_:willConnectTo:options:)`,
/// `initWithWindowScene:`) must be declared in the stand-ins.
@Suite struct FixSnippetTests {
    /// A snippet in the fix text of `rule` at `site`, compiled in a type of `context` (the
    /// site's own, or the scene delegate for code the text says goes there) at `deployment`
    /// (what the rule's fix needs, or the iOS version the text gives right after the snippet,
    /// as in "`windowScene.effectiveGeometry` (iOS 16)").
    struct Snippet {
        var rule: RuleID
        var site: FixSite
        var code: String
        var context: Context
        var deployment: Int
        var label: String { "\(rule) (\(site.isSwiftUIView ? "SwiftUI view" : site.place), \(site.language == .swift ? "Swift" : "Objective-C")): `\(code)`" }
    }

    static func snippets(_ language: Language) -> [Snippet] {
        var out: [Snippet] = []
        for rule in Catalog.rules.map(\.description) {
            var sites = rule.fixPlaces(language)
            if language == .swift { sites.append(FixSite(.view, .swift, swiftUIView: true)) }
            for site in sites {
                let text = rule.fix(site)
                let parts = text.split(separator: "`", omittingEmptySubsequences: false)
                #expect(parts.count % 2 == 1, "\(rule.id): unbalanced backticks in \(text)")
                let context = text.contains("in the scene delegate") ? Context.sceneDelegate : site.context
                for (i, part) in parts.enumerated() where i % 2 == 1 {
                    var deployment = rule.fixNeedsIOS ?? 9
                    if i + 1 < parts.count, let given = parts[i + 1].prefixMatch(of: /\s*\(iOS ([0-9]+)/), let v = Int(given.1) { deployment = max(deployment, v) }
                    out.append(Snippet(rule: rule.id, site: site, code: String(part), context: context, deployment: deployment))
                }
            }
        }
        return out
    }

    /// A name the text mentions rather than code to write — a type or member name
    /// (`GeometryReader`, `safeAreaLayoutGuide`), a Swift declaration name with its argument
    /// labels (`convert(_:from:)`), an Objective-C selector (`initWithWindowScene:`) — as the
    /// parts the stand-ins must declare.
    static func mention(_ code: String) -> [String]? {
        if code.wholeMatch(of: /\.?[A-Za-z_][A-Za-z0-9_]*/) != nil { return [code.hasPrefix(".") ? String(code.dropFirst()) : code] }
        if code.wholeMatch(of: /[A-Za-z_][A-Za-z0-9_]*\(([A-Za-z_]+:)+\)/) != nil {
            let base = String(code.prefix { $0 != "(" })
            let labels = code.drop { $0 != "(" }.dropFirst().dropLast().split(separator: ":").map(String.init).filter { $0 != "_" }
            return [base.first!.isUppercase ? "init(" : base] + labels
        }
        if code.wholeMatch(of: /([A-Za-z_][A-Za-z0-9_]*:)+/) != nil {
            return code.split(separator: ":").map(String.init)
        }
        return nil
    }

    static let stubs: (swift: String, objc: String) = {
        let root = repositoryRoot + "/Fixtures/SDK/"
        let swift = ["Swift/UIKit.swift", "Swift/SwiftUI.swift"].map { (try? String(contentsOfFile: root + $0, encoding: .utf8)) ?? "" }.joined(separator: "\n")
        let headers = ["ObjC/UIKit/UIKit.h", "ObjC/Foundation/Foundation.h"].map { (try? String(contentsOfFile: root + $0, encoding: .utf8)) ?? "" }
        return (swift, headers.joined(separator: "\n"))
    }()

    // MARK: Swift

    /// One line of Swift holding `snippet` in a type of its site's kind, named `Site<n>`.
    static func swiftLine(_ s: Snippet, _ n: Int) -> String {
        var code = s.code.replacing(/\biOS N\b/, with: "iOS \(s.deployment).0").replacingOccurrences(of: "[…]", with: "[]")
            .replacingOccurrences(of: "…", with: "")
        var member = ""
        var body: String
        if code.hasPrefix("@available(") {
            member = code + " func available() {};"
            body = ""
        } else if code.hasPrefix("@") {
            member = code + " var environment;"
            body = ""
        } else if code.hasPrefix("if ") {
            if !code.contains("{") { code += " {}" }
            body = code
        } else if code.wholeMatch(of: /[A-Za-z_.?]+ = .*/) != nil || code.hasPrefix("let ") {
            body = code
        } else {
            body = "_ = \(code)"
        }
        let parameters = "_ keyboardFrame: CGRect" + (s.deployment >= 13 ? ", _ windowScene: UIWindowScene" : "")
        let function = (s.site.inInstance ? "" : "static ") + "func site(\(parameters)) { \(body) }"
        if s.site.isSwiftUIView, s.context == .view {
            return "struct Site\(n): View { \(member) var body: some View { EmptyView() }; \(function) }"
        }
        switch s.context {
        case .viewController: return "final class Site\(n): UIViewController { \(member) \(function) }"
        case .view: return "final class Site\(n): UIView { \(member) \(function) }"
        case .sceneDelegate: return "final class Site\(n): UIResponder, UIWindowSceneDelegate { var window: UIWindow?; \(member) \(function) }"
        case .appDelegate: return "final class Site\(n): UIResponder, UIApplicationDelegate { var window: UIWindow?; \(member) \(function) }"
        case .other: return "final class Site\(n) { \(member) \(function) }"
        }
    }

    // MARK: Objective-C

    static func objcLine(_ s: Snippet, _ n: Int) -> String {
        var code = s.code.replacingOccurrences(of: "@[…]", with: "@[]").replacingOccurrences(of: "…", with: "")
            .replacing(/\biOS N\b/, with: "iOS \(s.deployment).0").replacing(/\bios\(N\)/, with: "ios(\(s.deployment).0)")
        var attribute = ""
        let body: String
        if code.hasPrefix("API_AVAILABLE(") {
            attribute = code
            body = ""
        } else if code.hasPrefix("if (") {
            if !code.contains("{") { code += " {}" }
            body = code
        } else {
            body = code.hasSuffix(";") ? code : code.hasPrefix("[") ? code + ";" : "(void)(\(code));"
        }
        let parameters = "site:(CGRect)keyboardFrame" + (s.deployment >= 13 ? " scene:(UIWindowScene *)windowScene" : "")
        let method = (s.site.inInstance ? "-" : "+") + " (void)\(parameters) \(attribute) { \(body) }"
        let declaration: String
        switch s.context {
        case .viewController: declaration = "@interface Site\(n) : UIViewController"
        case .view: declaration = "@interface Site\(n) : UIView"
        case .sceneDelegate: declaration = "@interface Site\(n) : UIResponder <UIWindowSceneDelegate> @property (strong, nonatomic) UIWindow *window;"
        case .appDelegate: declaration = "@interface Site\(n) : UIResponder <UIApplicationDelegate> @property (strong, nonatomic) UIWindow *window;"
        case .other: declaration = "@interface Site\(n) : NSObject"
        }
        return "\(declaration) @end @implementation Site\(n) \(method) @end"
    }

    // MARK: Checking

    /// Compiles each deployment's snippets as one file; the snippets whose line has an error.
    static func failures(_ snippets: [Snippet], swift: Bool) throws -> [String] {
        var failed: [String] = []
        let byDeployment = Dictionary(grouping: snippets.enumerated(), by: { "\($0.element.deployment).0" })
        for (deployment, group) in byDeployment.sorted(by: { $0.key.compare($1.key, options: .numeric) == .orderedAscending }) {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fleetscan-snippets-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let header = swift ? "import UIKit\nimport SwiftUI\n" : "#import <UIKit/UIKit.h>\n"
            let headerLines = header.filter { $0 == "\n" }.count
            let lines = group.map { swift ? swiftLine($0.element, $0.offset) : objcLine($0.element, $0.offset) }
            let path = folder + (swift ? "/Snippets.swift" : "/Snippets.m")
            try (header + lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
            let errors = swift ? try SDKCheck.swift([path], deployment: deployment) : try SDKCheck.objectiveC([path], deployment: deployment)
            guard !errors.isEmpty else { continue }
            var reported = Set<Int>()
            for line in errors.split(separator: "\n") where line.contains("error:") {
                guard let match = line.firstMatch(of: /Snippets\.(swift|m):([0-9]+):/), let number = Int(match.2), number > headerLines, number - headerLines - 1 < group.count else {
                    failed.append(String(line))
                    continue
                }
                if reported.insert(number).inserted {
                    failed.append("\(group[number - headerLines - 1].element.label) at iOS \(deployment): \(line.split(separator: "error:").last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "")")
                }
            }
            if reported.isEmpty, failed.isEmpty { failed.append(errors) }
        }
        return failed
    }

    @Test func swiftSnippetsTypeCheckWhereTheFixIsGiven() throws {
        let snippets = Self.snippets(.swift).filter { Self.mention($0.code) == nil }
        #expect(snippets.count > 40)
        let failed = try Self.failures(snippets, swift: true)
        #expect(failed.isEmpty, "\(failed.count) Swift snippets do not compile:\n\(failed.joined(separator: "\n"))")
    }

    @Test func objectiveCSnippetsCompileWhereTheFixIsGiven() throws {
        let snippets = Self.snippets(.objectiveC).filter { Self.mention($0.code) == nil }
        #expect(snippets.count > 20)
        let failed = try Self.failures(snippets, swift: false)
        #expect(failed.isEmpty, "\(failed.count) Objective-C snippets do not compile:\n\(failed.joined(separator: "\n"))")
    }

    @Test func namesTheTextsMentionAreDeclared() {
        for language in Language.allCases {
            let stub = language == .swift ? Self.stubs.swift : Self.stubs.objc
            for s in Self.snippets(language) {
                guard let parts = Self.mention(s.code) else { continue }
                for part in parts {
                    let declared = stub.contains(part)
                    #expect(declared, "\(s.label): the SDK stand-ins declare no `\(part)`")
                }
            }
        }
    }
}

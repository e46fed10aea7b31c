import Fleet
import Foundation
import ProjectFiles
import RuleKit
import SourceLexing
import ScanEngine
import YAMLAccess

// libFuzzer's entry points for every parser fleetscan runs on repository bytes. One binary
// (built by scripts/fuzz with `--sanitize=fuzzer --sanitize=address`); the target is chosen by
// FLEETSCAN_FUZZ_TARGET. A target throws away errors — a parser may refuse any input — and
// only a crash, a hang past libFuzzer's -timeout, or memory past its -rss_limit_mb is a
// failure. Inputs that hold several files split them at NUL bytes.

/// Each target by name, with what it feeds the bytes to.
let targets: [String: @Sendable ([UInt8]) -> Void] = [
    // Lexer, structure pass and every rule, over one file of each language.
    "swift": { scanOne("App/View.swift", $0) },
    "objc": { scanOne("App/View.m", $0) },
    "objc-header": { scanOne("App/View.h", $0) },
    // Property lists: PlistValue picks the reader from the first bytes; each target makes sure
    // its own reader runs.
    "xml-plist": { _ = try? PropertyList.parse(Array("<?xml version=\"1.0\"?>".utf8) + $0) },
    "binary-plist": { _ = try? PropertyList.parse($0.starts(with: Array("bplist".utf8)) ? $0 : Array("bplist00".utf8) + $0) },
    "openstep-plist": { _ = try? OpenStepPlist.parse($0) },
    // The pbxproj model, and a project of a pbxproj, an Info.plist and an xcconfig through the
    // whole scan (targets, settings, stage).
    "pbxproj": { _ = try? XcodeProject(path: "App.xcodeproj/project.pbxproj", bytes: $0) },
    // Two versions of a project: the second read with the first's object memo must give what
    // reading it whole gives (value, object lines, error) — a difference is a crash here.
    "pbxproj-memo": { bytes in
        let parts = split(bytes, 2)
        let memo = (try? OpenStepPlist.parseProject(parts[0], memo: PBXObjectMemo()))?.1 ?? PBXObjectMemo()
        let whole = Result { try OpenStepPlist.parseProjectFile(parts[1]) }
        let table = Result { try OpenStepPlist.parseProject(parts[1], memo: memo).0 }
        switch (whole, table) {
        case (.success(let a), .success(let b)):
            precondition(a.value == b.value, "the memo changed the value")
            for id in a.value["objects"]?.dict?.keys ?? [:].keys { precondition(a.lines[id] == b.lines[id], "the memo changed the line of \(id)") }
        case (.failure(let a), .failure(let b)):
            precondition("\(a)" == "\(b)", "the memo changed the error: \(a) vs \(b)")
        default:
            preconditionFailure("one reading failed, the other did not")
        }
        // Targets carried over from the first version: those of the second derived afresh.
        var projectMemo = PBXObjectMemo()
        let path = "App.xcodeproj/project.pbxproj"
        _ = try? XcodeProject(path: path, bytes: parts[0], memo: &projectMemo)
        let carried = try? XcodeProject(path: path, bytes: parts[1], memo: &projectMemo)
        let fresh = try? XcodeProject(path: path, bytes: parts[1])
        precondition(carried?.targets == fresh?.targets && carried?.problems == fresh?.problems, "carried targets differ from fresh ones")
    },
    "project": { bytes in
        let parts = split(bytes, 3)
        scan(["App.xcodeproj/project.pbxproj": parts[0], "App/Info.plist": parts[1], "Config/App.xcconfig": parts[2],
              "App/AppDelegate.swift": Array("@main class AppDelegate: UIResponder, UIApplicationDelegate {}".utf8)])
    },
    // xcconfig files including each other (a.xcconfig, b.xcconfig, c.xcconfig).
    "xcconfig": { bytes in
        let files = named(split(bytes, 3), ["a.xcconfig", "b.xcconfig", "c.xcconfig"])
        var problems: [String] = []
        if let layer = XCConfig.load("a.xcconfig", read: { files[$0] }, problems: &problems) {
            _ = BuildSettings.resolve([layer], sdk: "iphoneos")
        }
    },
    // The YAML front end, and XcodeGen specs including each other.
    "yaml": { _ = try? YAML.parse($0) },
    "xcodegen": { bytes in
        let files = named(split(bytes, 3), ["project.yml", "targets.yml", "settings.yml"])
        var problems: [String] = []
        _ = XcodeGenSpec.read("project.yml", read: { files[$0] }, problems: &problems)
    },
    "tuist": { bytes in
        var problems: [String] = []
        _ = TuistManifest.read("Project.swift", text: String(decoding: bytes, as: UTF8.self), problems: &problems)
    },
    "package-manifest": { scan(["Package.swift": $0, "Sources/Kit/Kit.swift": Array("public struct Kit {}".utf8)]) },
    // JSON: the fleet manifest; the configuration, as JSON and as YAML (.fleetscan.yml).
    "manifest": { _ = try? FleetManifest.parse(Data($0), path: "fleet.json", environment: ["TOKEN": "t"]) },
    "configuration": {
        _ = try? Configuration.parse(Data($0), source: ".fleetscan.json")
        _ = try? Configuration.parse(Data($0), source: ".fleetscan.yml")
    },
    // A glob pattern, then a path to match it against.
    "glob": { bytes in
        let parts = split(bytes, 2).map { String(decoding: $0, as: UTF8.self) }
        _ = Glob(parts[0]).matches(parts[1])
    },
    // A CODEOWNERS file, then a path whose owners are asked.
    "codeowners": { bytes in
        let parts = split(bytes, 2)
        let owners = CodeOwners.find { $0 == "CODEOWNERS" ? .text(parts[0]) : nil }
        _ = owners?.owners(of: String(decoding: parts[1], as: UTF8.self))
    },
]

/// `bytes` cut at its first `count - 1` NUL bytes, padded with empty parts to `count`.
func split(_ bytes: [UInt8], _ count: Int) -> [[UInt8]] {
    var parts = bytes.split(separator: 0, maxSplits: count - 1, omittingEmptySubsequences: false).map(Array.init)
    while parts.count < count { parts.append([]) }
    return parts
}

func named(_ parts: [[UInt8]], _ names: [String]) -> [String: [UInt8]] {
    Dictionary(uniqueKeysWithValues: zip(names, parts).map { ($0, $1) })
}

func scanOne(_ path: String, _ bytes: [UInt8]) { scan([path: bytes]) }

/// Scans in-memory files as one repository, the way `scan` reads a folder.
func scan(_ files: [String: [UInt8]]) {
    let paths = files.keys.sorted()
    let sources = paths.compactMap { path -> SourceFile? in
        guard ProjectFile.kind(of: path)?.isAlsoSource ?? true, let language = Language(path: path) else { return nil }
        let bytes = files[path]!
        return SourceFile(path: path, language: language, size: bytes.count) { SourceBuffer(bytes) }
    }
    let projectFiles = paths.compactMap { path -> ProjectFile? in
        guard let kind = ProjectFile.kind(of: path) else { return nil }
        let bytes = files[path]!
        return ProjectFile(path: path, kind: kind) { bytes }
    }
    _ = TreeScan.run(files: sources, projectFiles: projectFiles, jobs: 1)
}

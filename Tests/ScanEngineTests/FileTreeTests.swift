import Foundation
import GitAccess
import Testing
import RuleKit
@testable import ScanEngine
import SourceLexing
import TestSupport

@Suite struct FileTreeTests {
    /// Names that are not UTF-8 (Latin-1 from an old Mac or Windows machine) are opened by
    /// their bytes, shown with U+FFFD as git trees' names are, and scan as a commit of the same
    /// tree does.
    @Test func filesWhoseNamesAreNotUTF8AreReadAndMatchTheirCommit() throws {
        let dir = TempDirectory()
        func raw(_ bytes: [UInt8]) -> [CChar] { (Array(dir.path.utf8) + bytes + [0]).map { CChar(bitPattern: $0) } }
        #expect(mkdir(raw(Array("/Mod".utf8) + [0xFF]), 0o755) == 0)
        for name in [Array("/Mod".utf8) + [0xFF] + Array("/caf".utf8) + [0xE9] + Array(".swift".utf8), Array("/ok.swift".utf8)] {
            let fd = open(raw(name), O_WRONLY | O_CREAT, 0o644)
            #expect(fd >= 0)
            let text = Array("func f() { _ = UIScreen.main.scale }\n".utf8)
            #expect(write(fd, text, text.count) == text.count)
            close(fd)
        }
        let disk = try PathScan.prepare([dir.path]).run(jobs: 2)
        #expect(disk.diagnostics.isEmpty, "\(disk.diagnostics)")
        #expect(disk.findings.map(\.path) == ["Mod\u{FFFD}/caf\u{FFFD}.swift", "ok.swift"])
        try FixtureRepositories.run(["git", "init", "-q", "-b", "main", dir.path])
        try FixtureRepositories.run(["git", "add", "-A"], in: dir.path)
        try FixtureRepositories.run(["git", "-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "names"], in: dir.path)
        let commit = try GitScan.prepare(pool: RepositoryPool(path: dir.path), repository: dir.path, revision: "main").run(jobs: 2)
        #expect(commit.findings.map { "\($0.path) \($0.rule) \($0.line)" } == disk.findings.map { "\($0.path) \($0.rule) \($0.line)" })
    }

    /// The listing skips a file by its name's bytes before making a path of it: never one that
    /// is a source or a project file.
    @Test func namesSkippedEarlyAreNeitherSourcesNorProjectFiles() {
        let names = ["a.swift", "Package.swift", "Project.swift", "a.m", "a.mm", "a.h", "a.hh", "a.hpp", "project.pbxproj", "Info.plist",
                     "Main.storyboard", "Base.xcconfig", "project.yml", "spec.yaml", "Lib.podspec", "Lib.podspec.json", "a.png", "a.json",
                     "README", "a.swiftx", "a.H", "a.M", "x.strings", ".swift", "a.", "swift", "b\u{e9}.swift", "a.xib", "a.c", "a.cpp"]
        for name in names {
            let matters = Language(path: name) != nil || ProjectFile.kind(of: name) != nil || ProjectFile.kind(of: "P.xcodeproj/" + name) != nil
            #expect(!matters || FileTree.mayMatter(Array(name.utf8)), "\(name)")
        }
        #expect(!FileTree.mayMatter(Array("a.png".utf8)))
        #expect(!FileTree.mayMatter(Array("README".utf8)))
    }

    @Test func symlinksAreNeverFollowedAndVendoredFoldersSkipped() throws {
        let dir = TempDirectory()
        let outside = TempDirectory()
        outside.write("Secret.swift", "func f() { _ = UIScreen.main.scale }")
        dir.write("App/A.swift", "func f() { _ = UIScreen.main.scale }")
        dir.write("Pods/Lib/B.swift", "func f() { _ = UIScreen.main.scale }")
        dir.write(".git/C.swift", "func f() { _ = UIScreen.main.scale }")
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/App/Link.swift", withDestinationPath: dir.path + "/App/A.swift")
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/Outside", withDestinationPath: outside.path)
        let scan = try PathScan.prepare([dir.path])
        #expect(scan.files.map(\.path) == ["App/A.swift"])
        let result = scan.run(jobs: 2)
        #expect(result.findings.map(\.path) == ["App/A.swift"])
    }

    @Test func configurationAtTheRootApplies() throws {
        let dir = TempDirectory()
        dir.write(".fleetscan.json", #"{"exclude": ["Generated/"], "disable": ["main-screen-bounds"]}"#)
        dir.write("App/A.swift", "func f() { _ = UIScreen.main.scale; _ = UIScreen.main.bounds }")
        dir.write("Generated/G.swift", "func f() { _ = UIScreen.main.scale }")
        let result = try PathScan.prepare([dir.path]).run()
        #expect(result.findings.map { "\($0.path) \($0.rule)" } == ["App/A.swift main-screen-scale"])
        #expect(result.skipped == 1)
    }

    @Test func badConfigurationStopsTheScanWithItsName() {
        let dir = TempDirectory()
        dir.write(".fleetscan.json", #"{"disabled": []}"#)
        #expect(throws: ScanError.self) { try PathScan.prepare([dir.path]) }
    }

    @Test func badFilesGetADiagnosticAndTheRestIsScanned() throws {
        let dir = TempDirectory()
        dir.write("Binary.m", Data([0x00, 0x01, 0x02, 0xFF] + Array("[UIScreen mainScreen]".utf8)))
        dir.write("Latin1.m", Data(Array("// caf".utf8) + [0xE9, 0x0A] + Array("void f(void) { a = [UIScreen mainScreen].scale; }".utf8)))
        dir.write("Open.swift", "func f() { _ = UIScreen.main.scale }\n/* never closed")
        dir.write("Empty.swift", "")
        dir.write("Good.swift", "func f() { _ = UIScreen.main.scale }")
        let result = try PathScan.prepare([dir.path]).run()
        #expect(result.findings.map(\.path) == ["Good.swift", "Latin1.m", "Open.swift"])
        #expect(result.files == 4)
        #expect(result.skipped == 1)
        #expect(result.diagnostics.map(\.path) == ["Binary.m", "Open.swift"])
        #expect(result.diagnostics.last?.message == "line 2: unterminated block comment")
    }

    @Test func severalPathsShareTheirCommonFolder() throws {
        let dir = TempDirectory()
        dir.write("App/A.swift", "func f() { _ = UIScreen.main.scale }")
        dir.write("Kit/Macros.h", "#define W [UIScreen mainScreen].bounds.size.width")
        dir.write("Kit/Use.m", "void f(void) { a = W; }")
        let scan = try PathScan.prepare([dir.path + "/App", dir.path + "/Kit/Use.m", dir.path + "/Kit/Macros.h"])
        #expect(scan.root == dir.path)
        #expect(scan.files.map(\.path) == ["App/A.swift", "Kit/Macros.h", "Kit/Use.m"])
        #expect(scan.run().findings.map(\.path) == ["App/A.swift", "Kit/Macros.h", "Kit/Use.m"])
    }

    @Test func missingPathIsAnError() {
        #expect(throws: ScanError.self) { try PathScan.prepare(["/no/such/folder/anywhere"]) }
    }
}

@Suite struct DeterminismAndFingerprintTests {
    static let files = [
        "Macros.h": "#define SCREEN_WIDTH [UIScreen mainScreen].bounds.size.width",
        "A.m": "void f(void) {\n    a = SCREEN_WIDTH;\n    b = [UIScreen mainScreen].scale;\n    c = SCREEN_WIDTH;\n}",
        "B.swift": "func g() {\n    _ = UIScreen.main.bounds\n}",
    ]

    @Test func sameResultWhateverTheNumberOfWorkers() {
        let sources = Self.files.keys.sorted().compactMap { SourceFile.inMemory(path: $0, text: Self.files[$0]!) }
        let one = TreeScan.run(files: sources, jobs: 1).findings
        let many = TreeScan.run(files: sources, jobs: 8).findings
        #expect(one == many)
        #expect(one.map(\.path) == ["A.m", "A.m", "A.m", "B.swift", "Macros.h"])
    }

    @Test func fingerprintsSurviveUnrelatedLinesAbove() {
        let before = scan(Self.files).findings
        var moved = Self.files
        moved["A.m"] = "// a new comment\n#import <UIKit/UIKit.h>\n\n" + Self.files["A.m"]!
        let after = scan(moved).findings
        #expect(before.map(\.fingerprint) == after.map(\.fingerprint))
        #expect(before.map(\.line) != after.map(\.line))
        #expect(Set(before.map(\.fingerprint)).count == before.count, "identical lines get distinct fingerprints")
    }
}

/// What the listing asks of every path, decided on bytes: the language, the project-file kind,
/// whether a vendored folder holds it.
@Suite struct PathClassificationTests {
    @Test(arguments: [
        ("A.swift", Language.swift), ("dir/B.m", .objectiveC), ("x.mm", .objectiveC), ("x.h", .objectiveC), ("x.hh", .objectiveC),
        ("x.hpp", .objectiveC), (".swift", .swift), ("a/b.c/c.swift", .swift), ("é/ü.swift", .swift),
    ])
    func languages(_ path: String, _ language: Language) { #expect(Language(path: path) == language) }

    @Test(arguments: ["A.Swift", "A.swiftt", "Aswift", "dir.swift/file", "a.hxx", "a.", "", "a.mmm", "a.xswift", "x.m/"])
    func notSources(_ path: String) { #expect(Language(path: path) == nil) }

    @Test func projectFileKinds() {
        #expect(ProjectFile.kind(of: "App.xcodeproj/project.pbxproj") == .xcodeProject)
        #expect(ProjectFile.kind(of: "project.pbxproj") == nil)
        #expect(ProjectFile.kind(of: "App/project.pbxproj") == nil)
        #expect(ProjectFile.kind(of: "Package.swift") == .packageManifest && ProjectFile.kind(of: "Kit/Package.swift") == .packageManifest)
        #expect(ProjectFile.kind(of: "XPackage.swift") == nil)
        #expect(ProjectFile.kind(of: "Tuist/Project.swift") == .tuistManifest)
        #expect(ProjectFile.kind(of: "App/Info.plist") == .propertyList && ProjectFile.kind(of: "plist") == nil)
        #expect(ProjectFile.kind(of: "Base.lproj/Main.storyboard") == .storyboard)
        #expect(ProjectFile.kind(of: "Configs/Debug.xcconfig") == .xcconfig)
        #expect(ProjectFile.kind(of: "project.yml") == .yaml && ProjectFile.kind(of: "specs/app.yaml") == .yaml)
        #expect(ProjectFile.kind(of: ".github/workflows/ci.yml") == nil)
        #expect(ProjectFile.kind(of: "Kit.podspec") == .podspec && ProjectFile.kind(of: "Kit.podspec.json") == .podspec)
        #expect(ProjectFile.kind(of: "A.swift") == nil)
    }

    /// Paths sort byte by byte (git's order): one memcmp for native strings, the same answer as
    /// comparing their UTF-8 element by element, for prefixes, empty strings and non-ASCII.
    @Test func pathsSortByTheirBytes() {
        let words = ["", "a", "a/b", "a/B", "a.swift", "a/b/c", "ab", "Z", "é", "e\u{301}", "😀", "a\u{0}b", "zz", "App/Ü.swift", "App/U.swift"]
        let bridged = words.map { String(describing: NSString(string: $0)) }
        for a in words + bridged {
            for b in words + bridged { #expect(a.utf8Precedes(b) == a.utf8.lexicographicallyPrecedes(b.utf8), "\(a) < \(b)") }
        }
    }

    @Test func vendoredFoldersAreWholeComponentsOfTheFolders() {
        let c = Configuration()
        #expect(c.isVendored("Pods/Alamofire/Source.swift") && c.isVendored("App/Carthage/Checkouts/X.swift"))
        #expect(!c.isVendored("Pods.swift") && !c.isVendored("App/PodsX/A.swift") && !c.isVendored("App/Pods"))
        #expect(c.isVendored("a/.build/x.swift") && !c.isVendored("a/build/x.swift"))
    }
}

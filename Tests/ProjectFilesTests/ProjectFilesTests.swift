import Foundation
import Testing
@testable import ProjectFiles
import TestSupport
import YAMLAccess

private func bytes(_ relative: String) throws -> [UInt8] {
    Array(try Data(contentsOf: URL(fileURLWithPath: repositoryRoot + "/Fixtures/Projects/" + relative)))
}

@Suite struct PropertyListTests {
    @Test func xmlPlist() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
              <!-- a comment -->
              <key>Name</key><string>Tom &amp; Jerry &#x263A;</string>
              <key>Count</key><integer>-3</integer>
              <key>Ratio</key><real>1.5</real>
              <key>On</key><true/>
              <key>Empty</key><string/>
              <key>List</key><array><string>a</string><dict/></array>
            </dict>
            </plist>
            """
        let v = try PropertyList.parse(Array(text.utf8))
        #expect(v["Name"] == .string("Tom & Jerry ☺"))
        #expect(v["Count"] == .integer(-3))
        #expect(v["Ratio"] == .real(1.5))
        #expect(v["On"]?.bool == true)
        #expect(v["Empty"] == .string(""))
        #expect(v["List"] == .array([.string("a"), .dict([:])]))
    }

    @Test func binaryPlistFromTheFixture() throws {
        let v = try PropertyList.parse(try bytes("MigratedSwiftApp/App/Info.plist"))
        let facts = InfoPlistFacts(plist: v)
        #expect(facts.hasSceneManifest)
        #expect(facts.supportsMultipleScenes == true)
        #expect(facts.configurations == [.init(role: "UIWindowSceneSessionRoleApplication", name: "Default Configuration",
                                               delegateClass: "$(PRODUCT_MODULE_NAME).SceneDelegate", storyboard: "Main")])
        #expect(facts.hasLaunchScreen)
    }

    @Test(arguments: [
        ("<plist><dict><key>A</key></dict></plist>", "has no value"),
        ("<plist><dict><key>A</key><string>x</string>", "ends inside"),
        ("<plist><dict><key>A</key><integer>x1</integer></dict></plist>", "not a whole number"),
        ("<plist><array></dict></plist>", "does not close"),
        ("<plist><dict><string>v</string></dict></plist>", "without a <key>"),
        ("<plist><dict><key>A</key><string>a &bogus; b</string></dict></plist>", "unknown entity"),
        ("<plist><blob/></plist>", "unknown element"),
        ("<plist><dict><key>A</key><string>unterminated", "ends inside <string>"),
        ("{ A = (1, 2; }", "expected ','"),
        ("{ A = \"open; }", "unterminated string"),
        ("{ A = B }", "expected ';'"),
        ("bplist00\u{0}\u{0}", "binary plist"),
    ])
    func malformedListsAreErrorsWithAReason(_ text: String, _ reason: String) {
        do {
            _ = try PropertyList.parse(Array(text.utf8))
            Issue.record("accepted: \(text)")
        } catch let error as PlistError {
            #expect(error.description.contains(reason), "\(error)")
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test func everyTruncationOfAFixtureFailsCleanly() throws {
        for fixture in ["MigratedSwiftApp/App/Info.plist", "LegacyObjCApp/Shop/Info.plist",
                        "LegacyObjCApp/LegacyObjCApp.xcodeproj/project.pbxproj"] {
            let all = try bytes(fixture)
            for length in stride(from: 0, to: all.count, by: max(1, all.count / 97)) {
                _ = try? PropertyList.parse(Array(all[..<length]))
            }
        }
    }

    @Test func deepNestingIsRefusedNotRecursed() {
        let xml = "<plist>" + String(repeating: "<array>", count: 100_000) + String(repeating: "</array>", count: 100_000) + "</plist>"
        #expect(throws: PlistError.self) { try PropertyList.parse(Array(xml.utf8)) }
        let step = String(repeating: "(", count: 100_000) + String(repeating: ")", count: 100_000)
        #expect(throws: PlistError.self) { try PropertyList.parse(Array(step.utf8)) }
    }

    @Test func openStepRecordsObjectLines() throws {
        let text = "// !$*UTF8*$!\n{\n\tobjects = {\n\t\tAB /* x */ = {\n\t\t\tisa = T;\n\t\t};\n\t\tCD = { isa = U; name = \"a \\\"b\\\"\"; };\n\t};\n}\n"
        let r = try OpenStepPlist.parse(Array(text.utf8))
        #expect(r.lines["AB"] == 4 && r.lines["CD"] == 7)
        #expect(r.value["objects"]?["CD"]?["name"] == .string("a \"b\""))
    }
}

@Suite struct XcodeProjectTests {
    @Test func targetsSettingsAndMembership() throws {
        let path = "LegacyObjCApp/LegacyObjCApp.xcodeproj/project.pbxproj"
        let p = try XcodeProject(path: path, bytes: try bytes(path))
        #expect(p.folder == "LegacyObjCApp")
        #expect(p.targets.map(\.name) == ["Shop", "ShopKit", "ShareExtension"])
        let shop = p.targets[0]
        #expect(shop.isApplication && shop.isIOS)
        #expect(shop.deploymentTarget == OSVersion(12, 0))
        #expect(shop.settings["TARGETED_DEVICE_FAMILY"] == "1,2")
        #expect(shop.sources == ["LegacyObjCApp/Shop/AppDelegate.m", "LegacyObjCApp/Shop/FeedViewController.m"])
        #expect(p.resolve(settingPath: shop.settings["INFOPLIST_FILE"]!, target: shop) == "LegacyObjCApp/Shop/Info.plist")
        #expect(!p.targets[1].isApplication && p.targets[2].productType.hasSuffix("app-extension"))
        let text = String(decoding: try bytes(path), as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(text[shop.line - 1].contains("/* Shop */ = {"))
    }

    @Test func srcrootInSettingsAndSynchronizedFolders() throws {
        let migrated = try XcodeProject(path: "M/M.xcodeproj/project.pbxproj", bytes: try bytes("MigratedSwiftApp/MigratedSwiftApp.xcodeproj/project.pbxproj"))
        let app = migrated.targets[0]
        #expect(migrated.resolve(settingPath: app.settings["INFOPLIST_FILE"]!, target: app) == "M/App/Info.plist")
        let generated = try XcodeProject(path: "GeneratedPlistApp.xcodeproj/project.pbxproj",
                                         bytes: try bytes("GeneratedPlistApp/GeneratedPlistApp.xcodeproj/project.pbxproj"))
        let game = generated.targets[0]
        #expect(game.contains("Game/GameApp.swift"))
        #expect(!game.contains("Game/Legacy/OldRenderer.swift"))
        #expect(!game.contains("Other/File.swift"))
        var facts = InfoPlistFacts()
        facts.merge(generated: game.settings)
        #expect(facts.hasSceneManifest && facts.hasLaunchScreen && facts.requiresFullScreen == true)
        #expect(facts.iPadOrientations?.count == 4)
        #expect(game.settings["INFOPLIST_KEY_UILaunchScreen_Generation"] == "YES")
        #expect(game.settings.keys.allSatisfy { !$0.contains("[") })
    }

    /// A synchronized folder no target owns, whose exception sets name the targets that build
    /// the files they list (Threema's share extensions): those files are the targets' sources.
    @Test func synchronizedFolderExceptionsAddFilesToOtherTargets() throws {
        let text = """
            // !$*UTF8*$!
            { archiveVersion = 1; objectVersion = 77; rootObject = R;
              objects = {
                R = { isa = PBXProject; mainGroup = G; targets = (A, B, C); buildConfigurationList = L; };
                G = { isa = PBXGroup; children = (S, O); sourceTree = "<group>"; };
                S = { isa = PBXFileSystemSynchronizedRootGroup; exceptions = (EB, EC); path = Share; sourceTree = "<group>"; };
                O = { isa = PBXFileSystemSynchronizedRootGroup; exceptions = (EA); path = App; sourceTree = "<group>"; };
                EA = { isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (Old.swift); target = A; };
                EB = { isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (ShareView.swift, Sender.swift); target = B; };
                EC = { isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (Sender.swift); target = C; };
                L = { isa = XCConfigurationList; buildConfigurations = (K); };
                K = { isa = XCBuildConfiguration; name = Release; buildSettings = { SDKROOT = iphoneos; }; };
                A = { isa = PBXNativeTarget; name = App; productType = "com.apple.product-type.application"; fileSystemSynchronizedGroups = (O); buildPhases = (); };
                B = { isa = PBXNativeTarget; name = Share; productType = "com.apple.product-type.app-extension"; buildPhases = (); };
                C = { isa = PBXNativeTarget; name = OtherShare; productType = "com.apple.product-type.app-extension"; buildPhases = (); };
              };
            }
            """
        let p = try XcodeProject(path: "P.xcodeproj/project.pbxproj", bytes: Array(text.utf8))
        let (app, share, other) = (p.targets[0], p.targets[1], p.targets[2])
        #expect(app.contains("App/Main.swift") && !app.contains("App/Old.swift") && !app.contains("Share/ShareView.swift"))
        #expect(share.contains("Share/ShareView.swift") && share.contains("Share/Sender.swift") && !share.contains("App/Main.swift"))
        #expect(other.contains("Share/Sender.swift") && !other.contains("Share/ShareView.swift"))
    }

    @Test(arguments: [
        ("[sdk=iphoneos*]", true), ("[sdk=iphonesimulator*]", true), ("[sdk=*]", true),
        ("[arch=arm64]", true), ("[config=Release][sdk=iphoneos17.0]", true),
        ("[sdk=macosx*]", false), ("[sdk=xros*]", false), ("[arch=*][sdk=appletvos*]", false),
    ])
    func settingConditions(_ condition: String, _ applies: Bool) {
        #expect(XcodeProject.conditionAppliesToIOS(Substring(condition)) == applies)
    }

    /// Every product type Xcode, XcodeGen and Tuist have written for apps, extensions and tests
    /// is known: none falls through to `other` (which a library repository takes for its own code).
    @Test(arguments: [
        ("com.apple.product-type.application", TargetKind.application), ("com.apple.product-type.application.messages", .application),
        ("com.apple.product-type.application.on-demand-install-capable", .application),
        ("com.apple.product-type.app-extension", .appExtension), ("com.apple.product-type.app-extension.messages", .appExtension),
        ("com.apple.product-type.app-extension.messages-sticker-pack", .appExtension),
        ("com.apple.product-type.app-extension.intents-service", .appExtension), ("com.apple.product-type.extensionkit-extension", .appExtension),
        ("com.apple.product-type.tv-app-extension", .appExtension), ("com.apple.product-type.xcode-extension", .appExtension),
        ("com.apple.product-type.application.watchapp2", .watchApp), ("com.apple.product-type.watchkit2-extension", .watchApp),
        ("com.apple.product-type.bundle.unit-test", .unitTests), ("com.apple.product-type.bundle.ocunit-test", .unitTests),
        ("com.apple.product-type.bundle.ui-testing", .uiTests),
        ("com.apple.product-type.framework.static", .framework), ("com.apple.product-type.library.static", .staticLibrary),
        ("com.apple.product-type.bundle", .other), ("com.apple.product-type.tool", .other), ("com.apple.product-type.xpc-service", .other),
    ])
    func productTypes(_ productType: String, _ kind: TargetKind) {
        #expect(TargetKind(productType: productType) == kind)
    }

    /// Xcode 4's OCUnit template wrote a test bundle as a plain bundle with an `.octest` wrapper
    /// and a test host; a plain resource bundle stays `other`.
    @Test func aPlainBundleWithATestWrapperOrHostIsATestBundle() {
        let bundle = "com.apple.product-type.bundle"
        #expect(TargetKind(productType: bundle, settings: ["WRAPPER_EXTENSION": "octest"]) == .unitTests)
        #expect(TargetKind(productType: bundle, settings: ["TEST_HOST": "$(BUILT_PRODUCTS_DIR)/App.app/App"]) == .unitTests)
        #expect(TargetKind(productType: bundle, settings: ["WRAPPER_EXTENSION": "bundle"]) == .other)
        #expect(TargetKind(productType: "com.apple.product-type.application", settings: ["TEST_HOST": "x"]) == .application)
    }

    @Test func versionsAndPackages() {
        #expect(OSVersion("16.0") == OSVersion(16))
        #expect(OSVersion("15.4.1")! < OSVersion("16")!)
        #expect(PackageManifest.iOSVersion("platforms: [.iOS(.v15), .macOS(.v12)]") == OSVersion(15))
        #expect(PackageManifest.iOSVersion("platforms: [.macOS(.v12), .iOS(\"16.4\")]") == OSVersion(16, 4))
        #expect(PackageManifest.iOSVersion("platforms: [.iOS(.v17_2)]") == OSVersion(17, 2))
        #expect(PackageManifest.iOSVersion("platforms: [.macOS(.v12)]") == nil)
    }

    /// Targets read from a manifest's text whatever comes between their `name:` and `path:`
    /// (damus's `dependencies: [.product(…)]`), and the targets a helper function builds, once
    /// per call (XLActionController's `getExampleTarget(name: "Skype")`).
    @Test func manifestTargetsThroughDependenciesAndHelperFunctions() throws {
        let damus = """
            let package = Package(name: "damus", targets: [
                .target(
                    name: "damus",
                    dependencies: [.product(name: "secp256k1", package: "secp256k1.swift"), .target(name: "Core")],
                    path: "damus"),
                .target(name: "Core"),
                .testTarget(name: "damusTests", dependencies: ["damus"], path: "damusTests"),
            ])
            """
        #expect(PackageManifest.targets(damus) == [
            PackageManifest.TargetDeclaration(name: "damus", folder: "damus", isTest: false),
            PackageManifest.TargetDeclaration(name: "Core", folder: "Sources/Core", isTest: false),
            PackageManifest.TargetDeclaration(name: "damusTests", folder: "damusTests", isTest: true),
        ])
        let helper = """
            func getExampleTarget(name: String) -> Target {
                return .target(name: "Kit_" + name,
                               dependencies: [Target.Dependency.target(name: "Kit")],
                               path: "Example/Custom/\\(name)",
                               sources: ["\\(name).swift"])
            }
            func other(_ n: String) -> Target { .testTarget(name: n + "Tests", path: "Tests/" + n) }
            let package = Package(name: "Kit", targets: [
                .target(name: "Kit", path: "Source"),
                getExampleTarget(name: "Skype"),
                getExampleTarget(name: "Spotify"),
                other("Kit"),
                .target(name: "Broken_" + unknown),
            ])
            """
        #expect(PackageManifest.targets(helper).map { "\($0.name) \($0.folder) \($0.isTest)" } == [
            "Kit Source false", "Kit_Skype Example/Custom/Skype false", "Kit_Spotify Example/Custom/Spotify false", "KitTests Tests/Kit true",
        ])
        #expect(PackageManifest.targets(helper).map(\.roots) == [["Source"], ["Example/Custom/Skype/Skype.swift"], ["Example/Custom/Spotify/Spotify.swift"], ["Tests/Kit"]])
        // A comment after the last argument (Blueprint's commented-out `swiftSettings`) is no part of the value.
        let commented = """
            let package = Package(name: "Kit", targets: [
                .target(
                    name: "Kit",
                    path: "Kit/Sources" // swiftSettings: [.unsafeFlags(["-enable-testing"])]
                ),
                .target(name: "Extra", path: /* moved */ "Kit/Extra"),
            ])
            """
        #expect(PackageManifest.targets(commented).map(\.folder) == ["Kit/Sources", "Kit/Extra"])
        // `path: "."` with a `sources:` list: only those folders are the target's (TZImagePickerController).
        let root = """
            let package = Package(name: "Picker", targets: [
                .target(name: "Picker", path: ".",
                        sources: [
                            "Picker/Picker",
                            "Picker/Location"
                        ],
                        resources: [.process("Picker/Resources/Picker.bundle")])
            ])
            """
        let picker = try #require(PackageManifest.targets(root).first)
        #expect(picker.roots == ["Picker/Picker", "Picker/Location"])
        #expect(picker.match("Picker/Picker/Picker.m") == "Picker/Picker".count && picker.match("Demo/AppDelegate.m") == nil)
    }
}


/// libyaml behind YAMLAccess: values, lines, anchors, merge keys, and refusals.
@Suite struct YAMLTests {
    @Test func mappingsSequencesScalarsAndLines() throws {
        let doc = try YAML.parse(Array("name: P\ntargets:\n  App:\n    sources: [A, \"B C\"]\n    settings:\n      base: {X: 1}\n".utf8))
        #expect(doc["name"]?.string == "P")
        #expect(doc["targets"]?["App"]?.line == 4)
        #expect(doc["targets"]?["App"]?["sources"]?.array?.compactMap(\.string) == ["A", "B C"])
        #expect(doc["targets"]?["App"]?["settings"]?["base"]?["X"]?.string == "1")
        #expect(try YAML.parse([]).entries?.isEmpty == true)
    }

    @Test func anchorsAliasesAndMergeKeys() throws {
        let doc = try YAML.parse(Array("base: &b {a: 1, b: 2}\nderived:\n  <<: *b\n  b: 3\nlist: [*b]\n".utf8))
        #expect(doc["derived"]?["a"]?.string == "1")
        #expect(doc["derived"]?["b"]?.string == "3")
        #expect(doc["list"]?.array?.first?["b"]?.string == "2")
    }

    @Test func malformedDeepAndExplosiveDocumentsAreErrorsNotCrashes() {
        #expect(throws: YAMLError.self) { try YAML.parse(Array("a: [1, 2\n".utf8)) }
        #expect(throws: YAMLError.self) { try YAML.parse(Array("a: *nope\n".utf8)) }
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(throws: YAMLError.self) { try YAML.parse(Array(deep.utf8)) }
        // "Billion laughs": each level doubles; the node budget stops it long before memory does.
        var bomb = "a0: &a0 [x, x]\n"
        for i in 1..<40 { bomb += "a\(i): &a\(i) [*a\(i - 1), *a\(i - 1)]\n" }
        #expect(throws: YAMLError.self) { try YAML.parse(Array(bomb.utf8)) }
    }
}

/// XcodeGen's and Tuist's globs: linear matching, folders named by a pattern include what they hold.
@Suite struct PathPatternTests {
    @Test(arguments: [
        ("**/*.md", "a/b/README.md", true), ("**/*.md", "README.md", true), ("*.md", "a/README.md", false),
        ("Sources/**/Generated/*", "Sources/A/B/Generated/X.swift", true), ("Sources/**/Generated/*", "Sources/Generated/X.swift", true),
        ("Tests", "Tests/A.swift", true), ("Tests", "TestsHelper.swift", false), ("a/?.swift", "a/b.swift", true),
        ("a/?.swift", "a/bc.swift", false), ("**/Test/**", "x/Test/y/z.swift", true), ("**/Test/**", "x/Tests/y.swift", false),
    ])
    func patterns(_ pattern: String, _ path: String, _ expected: Bool) {
        #expect(PathPattern.matches(pattern, path) == expected, "\(pattern) ~ \(path)")
    }

    @Test func adversarialPatternsStayFast() {
        let pattern = String(repeating: "*a", count: 200) + "b"
        let path = String(repeating: "a", count: 3000)
        #expect(!PathPattern.matches(pattern, path))
    }
}

@Suite struct BuildSettingsTests {
    static func resolve(_ text: String, sdk: String = "iphoneos") -> [String: String] {
        var problems: [String] = []
        let layer = XCConfig.load("a.xcconfig", read: { $0 == "a.xcconfig" ? Array(text.utf8) : nil }, problems: &problems)!
        return BuildSettings.resolve([layer], sdk: sdk)
    }

    @Test func referencesExpandThroughLevelsAndUnknownNamesStay() {
        let s = Self.resolve("BASE = App\nNAME = $(BASE)Kit\nFULL = ${NAME}-$(SRCROOT)\nTARGET[sdk=iphoneos*] = 15.0\n")
        #expect(s["FULL"] == "AppKit-$(SRCROOT)" && s["TARGET"] == "15.0")
    }

    /// Found by `scripts/fuzz xcconfig`: a conditional setting naming itself six times was
    /// expanded 8 levels deep, 6⁸ times — over 10 s. A cycle stays as written.
    @Test func aSettingThatNamesItselfStaysAsWritten() {
        let s = Self.resolve("B = $(C)\nC = $(B)\n")
        #expect(s["B"] == "$(B)" && s["C"] == "$(C)")
        // Naming itself in its own definition means the level below, as `$(inherited)` does.
        let flags = Self.resolve("FLAGS = -a\nFLAGS = $(FLAGS) -ObjC\nOTHER = ${OTHER} x\n")
        #expect(flags["FLAGS"] == "-a -ObjC" && flags["OTHER"] == "x")
        let fuzzed = Data(base64Encoded: "I2luY2x1ZGUgImIueGNjb25maWciCkFb/3Nkaz1pVW7//+Qg8CRtaXBob25lb3Nhhm9zeCogw9skKEEpbmZzZHgqIMPbc2RrPWlu//8gJG1pJChBKW5mI/9zZCQoQSkkKEEpbmZpd25zZCQoQSkkKEEpbmZpd2s9aVVu///kKiRtIgo=")!
        var problems: [String] = []
        let layer = XCConfig.load("a.xcconfig", read: { $0 == "a.xcconfig" ? Array(fuzzed) : nil }, problems: &problems)!
        let started = Date()
        _ = BuildSettings.resolve([layer], sdk: "iphoneos")
        #expect(Date().timeIntervalSince(started) < 1)
    }

    /// Doubling chains (`A1 = $(A0)$(A0)`, …) and wide fans of empty values stop at the limits
    /// of one value's expansion instead of growing exponentially.
    @Test func exponentialChainsStopAtTheLimits() {
        var doubling = "A0 = xxxxxxxxxxxxxxxx\n"
        for i in 1...40 { doubling += "A\(i) = $(A\(i - 1))$(A\(i - 1))\n" }
        let d = Self.resolve(doubling)
        #expect(d["A40"]!.utf8.count < 4 * BuildSettings.maximumLength)
        var fan = "E0 =\n"
        for i in 1...8 { fan += "E\(i) = " + String(repeating: "$(E\(i - 1))", count: 200) + "\n" }
        let started = Date()
        let f = Self.resolve(fan)
        #expect(Date().timeIntervalSince(started) < 2)
        #expect(f["E8"]!.contains("$(E7)"))  // the budget ran out: the rest stays as written
    }
}

@Suite struct PathNormalizationTests {
    /// Paths already normal are returned as they are; every other one as components rebuilt.
    @Test(arguments: [
        ("App/View.swift", "App/View.swift"), ("./App/./View.swift", "App/View.swift"), ("App//View.swift", "App/View.swift"),
        ("App/Sub/../View.swift", "App/View.swift"), ("/abs/x", "abs/x"), ("x/", "x"), ("..", ""), ("", ""), (".", ""),
        ("a/.../b", "a/.../b"), ("a/.hidden/b", "a/.hidden/b"), ("a/..b/c", "a/..b/c"), ("../../x", "x"),
    ])
    func normalize(_ path: String, _ expected: String) {
        #expect(XcodeProject.normalize(path) == expected)
    }
}

/// `OpenStepPlist.parseProject` against `parse`: the same value, the same object lines, the same
/// error, whatever the memo holds — and objects reused only where their bytes are unchanged.
@Suite struct ProjectObjectMemoTests {
    static let fixtures = ["MigratedSwiftApp/MigratedSwiftApp.xcodeproj/project.pbxproj", "MultiPlatformApp/MultiPlatformApp.xcodeproj/project.pbxproj",
                           "GeneratedPlistApp/GeneratedPlistApp.xcodeproj/project.pbxproj", "ObservationApp/ObservationApp.xcodeproj/project.pbxproj",
                           "LegacyObjCApp/LegacyObjCApp.xcodeproj/project.pbxproj", "DemoLibrary/DemoLibrary.xcodeproj/project.pbxproj"]

    /// Reads `text` both ways and checks they agree; returns the memo it leaves.
    @discardableResult
    static func agree(_ text: [UInt8], memo: PBXObjectMemo, sourceLocation: SourceLocation = #_sourceLocation) throws -> PBXObjectMemo {
        let whole: Result<OpenStepPlist.Result, PlistError> = Result { try OpenStepPlist.parseProjectFile(text) }.mapError { $0 as! PlistError }
        let table: Result<(OpenStepPlist.Result, PBXObjectMemo), PlistError> = Result { try OpenStepPlist.parseProject(text, memo: memo) }.mapError { $0 as! PlistError }
        switch (whole, table) {
        case (.success(let a), .success(let (b, next))):
            #expect(a.value == b.value, sourceLocation: sourceLocation)
            for id in a.value["objects"]?.dict?.keys.sorted() ?? [] { #expect(a.lines[id] == b.lines[id], "line of \(id)", sourceLocation: sourceLocation) }
            return next
        case (.failure(let a), .failure(let b)):
            #expect(a == b, sourceLocation: sourceLocation)
            return PBXObjectMemo()
        default:
            Issue.record("one reading failed, the other did not: \(whole) vs \(table)", sourceLocation: sourceLocation)
            return PBXObjectMemo()
        }
    }

    @Test(arguments: fixtures) func fixturesReadAlike(_ path: String) throws {
        let text = try bytes(path)
        let first = try Self.agree(text, memo: PBXObjectMemo())
        #expect(first.reused == 0 && first.count > 10)
        // The same bytes again: every object from the memo.
        let again = try Self.agree(text, memo: first)
        #expect(again.reused == first.count)
        // One object changed and a line added above the others: only it is parsed again, and
        // every later object's line moves.
        var edited = String(decoding: text, as: UTF8.self)
        let at = edited.range(of: "isa = PBXNativeTarget;")!
        edited.replaceSubrange(at, with: "isa = PBXNativeTarget; comment = \"added\";")
        edited = edited.replacingOccurrences(of: "objects = {\n", with: "objects = {\n\n")
        let next = try Self.agree(Array(edited.utf8), memo: first)
        #expect(next.reused == first.count - 1)
        #expect(next.count == first.count)
    }

    @Test func unusualAndMalformedProjectsReadAsWhole() throws {
        let cases = [
            // Unquoted paths holding `//` and `/*`: the fast pass takes them for comments.
            "{ objects = { A = { isa = PBXFileReference; path = a//b; }; B = { path = c/*d; }; C = { path = e*/f; }; }; rootObject = A; }",
            "{ objects = { A = { isa = X; }; A = { isa = Y; }; }; }",          // a repeated id: the last wins
            "{ objects = { A = ( a, b ); B = \"s;t\"; C = <0fab>; }; }",         // objects that are not dictionaries
            "{ objects = { A = { isa = X; } }; }",                              // a missing ';'
            "{ objects = { A = { isa = \"X; }; }; }",                           // an unterminated string
            "{ objects = { A = { isa = X; }; }; } trailing",
            "{ objects = { A /* unterminated comment = { isa = X; }; }; }",
            "( a, b )",                                                         // not a dictionary
            "{ objects = ( a ); }",
            "\u{FEFF}{ objects = { A = { isa = X; }; }; }",
        ]
        for text in cases {
            let memo = try Self.agree(Array(text.utf8), memo: PBXObjectMemo())
            try Self.agree(Array(text.utf8), memo: memo)
        }
    }

    /// Xcode's `TargetAttributes` is keyed by target ids: a target's line is its object's, read
    /// whole or through the memo, not its attributes'.
    /// A target that sets its own SDK, other than the project's, builds for it alone, not for the
    /// platforms the project lists for its other targets (AltStore's macOS AltServer); one that
    /// sets the project's SDK again, or its own platforms, keeps them.
    @Test func aTargetsOwnSDKOverridesTheProjectsPlatforms() throws {
        func target(_ id: String, _ name: String, _ list: String) -> String {
            "\t\t\(id) = {isa = PBXNativeTarget; name = \(name); buildConfigurationList = \(list); productType = \"com.apple.product-type.application\";};\n"
        }
        func configuration(_ id: String, _ list: String, _ settings: String) -> String {
            "\t\t\(id) = {isa = XCBuildConfiguration; name = Release; buildSettings = {\(settings)};};\n"
                + "\t\t\(list) = {isa = XCConfigurationList; buildConfigurations = (\(id));};\n"
        }
        let text = "// !$*UTF8*$!\n{\n\tobjects = {\n"
            + target("T1", "Server", "L1") + configuration("C1", "L1", "SDKROOT = macosx;")
            + target("T2", "App", "L2") + configuration("C2", "L2", "SDKROOT = iphoneos;")
            + target("T3", "Both", "L3") + configuration("C3", "L3", "SDKROOT = macosx; SUPPORTED_PLATFORMS = \"macosx iphoneos\";")
            + target("T4", "Plain", "L4") + configuration("C4", "L4", "PRODUCT_NAME = Plain;")
            + "\t\tP1 = {isa = PBXProject; buildConfigurationList = L0; targets = (T1, T2, T3, T4);};\n"
            + configuration("C0", "L0", "SDKROOT = iphoneos; SUPPORTED_PLATFORMS = \"iphonesimulator iphoneos macosx\";")
            + "\t};\n\trootObject = P1;\n}\n"
        let p = try XcodeProject(path: "App.xcodeproj/project.pbxproj", bytes: Array(text.utf8))
        #expect(p.targets.map { "\($0.name) \($0.platforms.sorted().map(\.rawValue))" } == [
            "Server [\"macOS\"]", "App [\"iOS\", \"macOS\"]", "Both [\"iOS\", \"macOS\"]", "Plain [\"iOS\", \"macOS\"]",
        ])
    }

    /// A build file's `platformFilters` (Xcode's Filters column) narrows the platforms its target
    /// compiles that file for (UTM's visionOS ornament, `platformFilters = (xros)`).
    @Test func buildFilePlatformFiltersNarrowAFilesPlatforms() throws {
        let text = """
            // !$*UTF8*$!
            {
            \tobjects = {
            \t\tB1 = {isa = PBXBuildFile; fileRef = F1; };
            \t\tB2 = {isa = PBXBuildFile; fileRef = F2; platformFilters = (xros, ); };
            \t\tB3 = {isa = PBXBuildFile; fileRef = F3; platformFilter = ios; };
            \t\tF1 = {isa = PBXFileReference; path = Shared.swift; sourceTree = "<group>"; };
            \t\tF2 = {isa = PBXFileReference; path = Ornament.swift; sourceTree = "<group>"; };
            \t\tF3 = {isa = PBXFileReference; path = Phone.swift; sourceTree = "<group>"; };
            \t\tG0 = {isa = PBXGroup; children = (G1); sourceTree = "<group>"; };
            \t\tG1 = {isa = PBXGroup; children = (F1, F2, F3); path = App; sourceTree = "<group>"; };
            \t\tS1 = {isa = PBXSourcesBuildPhase; files = (B1, B2, B3); };
            \t\tT1 = {isa = PBXNativeTarget; name = App; buildConfigurationList = L1; buildPhases = (S1); productType = "com.apple.product-type.application"; };
            \t\tC1 = {isa = XCBuildConfiguration; name = Release; buildSettings = {SDKROOT = iphoneos; SUPPORTED_PLATFORMS = "iphoneos iphonesimulator xros xrsimulator";}; };
            \t\tL1 = {isa = XCConfigurationList; buildConfigurations = (C1); };
            \t\tP1 = {isa = PBXProject; mainGroup = G0; targets = (T1); };
            \t};
            \trootObject = P1;
            }
            """
        let p = try XcodeProject(path: "App.xcodeproj/project.pbxproj", bytes: Array(text.utf8))
        let app = try #require(p.targets.first)
        #expect(app.sources == ["App/Shared.swift", "App/Ornament.swift", "App/Phone.swift"])
        #expect(app.platforms(of: "App/Shared.swift") == [.iOS, .visionOS])
        #expect(app.platforms(of: "App/Ornament.swift") == [.visionOS])
        #expect(app.platforms(of: "App/Phone.swift") == [.iOS])
    }

    @Test func targetAttributesDoNotMoveATarget() throws {
        let text = """
            // !$*UTF8*$!
            {
            \tobjects = {
            \t\tT1 /* App */ = {
            \t\t\tisa = PBXNativeTarget;
            \t\t\tname = App;
            \t\t};
            \t\tP1 /* Project object */ = {
            \t\t\tisa = PBXProject;
            \t\t\tattributes = {
            \t\t\t\tTargetAttributes = {
            \t\t\t\t\tT1 = {
            \t\t\t\t\t\tCreatedOnToolsVersion = 15.0;
            \t\t\t\t\t};
            \t\t\t\t};
            \t\t\t};
            \t\t};
            \t};
            \trootObject = P1;
            }
            """
        let whole = try OpenStepPlist.parse(Array(text.utf8))
        #expect(whole.lines["T1"] == 4)
        #expect(whole.lines["P1"] == 8)
        let memo = try Self.agree(Array(text.utf8), memo: PBXObjectMemo())
        try Self.agree(Array(text.utf8), memo: memo)
    }

    /// A project.pbxproj written as an XML or binary property list reads as the OpenStep text
    /// it came from: the same targets, settings and sources (Texture's
    /// `examples_extra/Multiplex/Sample.xcodeproj` is XML).
    @Test(arguments: [PropertyListSerialization.PropertyListFormat.xml, .binary])
    func xmlAndBinaryProjectFilesAreProjects(_ format: PropertyListSerialization.PropertyListFormat) throws {
        let path = "LegacyObjCApp/LegacyObjCApp.xcodeproj/project.pbxproj"
        let text = try bytes(path)
        func foundation(_ v: PlistValue) -> Any {
            switch v {
            case .string(let s), .date(let s): return s
            case .integer(let i): return i
            case .real(let d): return d
            case .bool(let b): return b
            case .data(let d): return Data(d)
            case .array(let a): return a.map(foundation)
            case .dict(let d): return d.mapValues(foundation)
            }
        }
        let value = try OpenStepPlist.parse(text).value
        let other = Array(try PropertyListSerialization.data(fromPropertyList: foundation(value), format: format, options: 0))
        let fresh = try XcodeProject(path: path, bytes: text)
        let converted = try XcodeProject(path: path, bytes: other)
        #expect(converted.targets.map(\.name) == fresh.targets.map(\.name) && !fresh.targets.isEmpty)
        #expect(converted.targets.map(\.settings) == fresh.targets.map(\.settings))
        #expect(converted.targets.map(\.sources) == fresh.targets.map(\.sources))
        if format == .xml {
            // Each target at the line of its `<key>` in the objects dictionary.
            let lines = String(decoding: other, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            for t in converted.targets { #expect(lines[t.line - 1].contains("<key>") && t.line > 1, "\(t.name) at line \(t.line)") }
        }
        // Read through the memo too, as a history reads it.
        var memo = PBXObjectMemo()
        let remembered = try XcodeProject(path: path, bytes: other, memo: &memo)
        #expect(remembered.targets.map(\.sources) == fresh.targets.map(\.sources))
    }

    /// Inputs the `pbxproj-memo` fuzz target found (Fixtures/Fuzz/pbxproj-memo: two versions of
    /// a project split at a NUL byte), read as the target reads them.
    @Test func fuzzFindingsReadAlike() throws {
        let folder = repositoryRoot + "/Fixtures/Fuzz/pbxproj-memo"
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix("crash-") }.sorted()
        #expect(!names.isEmpty)
        for name in names {
            let input = Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))
            let parts = input.split(separator: 0, maxSplits: 1, omittingEmptySubsequences: false).map(Array.init)
            let memo = (try? OpenStepPlist.parseProject(parts[0], memo: PBXObjectMemo()))?.1 ?? PBXObjectMemo()
            try Self.agree(parts.count > 1 ? parts[1] : [], memo: memo)
        }
    }

    @Test func targetsFromTheMemoEqualFreshOnes() throws {
        for path in Self.fixtures {
            let text = try bytes(path)
            var memo = PBXObjectMemo()
            _ = try XcodeProject(path: path, bytes: text, memo: &memo)
            let reused = try XcodeProject(path: path, bytes: text, memo: &memo)
            let fresh = try XcodeProject(path: path, bytes: text)
            #expect(reused.targets.map(\.name) == fresh.targets.map(\.name))
            #expect(reused.targets.map(\.settings) == fresh.targets.map(\.settings))
            #expect(reused.targets.map(\.sources) == fresh.targets.map(\.sources))
            #expect(reused.targets.map(\.line) == fresh.targets.map(\.line))
            #expect(reused.problems == fresh.problems)
        }
    }
}

/// Targets carried from one version of a project to the next against targets derived afresh,
/// over a sequence of edits of the kinds commits make.
@Suite struct TargetReuseTests {
    /// Reads each version with the memo of the one before and afresh; they must agree. Returns
    /// how many targets each version took from the one before.
    static func replay(_ path: String, _ versions: [String], files: [[String: String]] = [], sourceLocation: SourceLocation = #_sourceLocation) throws -> [Int] {
        var memo = PBXObjectMemo()
        var reused: [Int] = []
        for (i, text) in versions.enumerated() {
            let given = i < files.count ? files[i] : (files.last ?? [:])
            let read: (String) -> [UInt8]? = { given[$0].map { Array($0.utf8) } }
            let carried = try XcodeProject(path: path, bytes: Array(text.utf8), read: read, memo: &memo)
            let fresh = try XcodeProject(path: path, bytes: Array(text.utf8), read: read)
            #expect(carried.targets == fresh.targets, "version \(i)", sourceLocation: sourceLocation)
            #expect(carried.problems == fresh.problems, "version \(i)", sourceLocation: sourceLocation)
            reused.append(memo.targetsReused)
        }
        return reused
    }

    /// A synchronized folder with exception sets for targets that do not own it, added and edited
    /// in later versions: the targets it adds files to are derived again, never taken as they were.
    @Test func synchronizedFolderExceptionsAddedLater() throws {
        func project(_ share: String, _ exceptions: String) -> String {
            """
            // !$*UTF8*$!
            { archiveVersion = 1; objectVersion = 77; rootObject = R;
              objects = {
                R = { isa = PBXProject; mainGroup = G; targets = (A, B); buildConfigurationList = L; };
                G = { isa = PBXGroup; children = (O\(share)); sourceTree = "<group>"; };
                O = { isa = PBXFileSystemSynchronizedRootGroup; path = App; sourceTree = "<group>"; };
                \(exceptions)
                L = { isa = XCConfigurationList; buildConfigurations = (K); };
                K = { isa = XCBuildConfiguration; name = Release; buildSettings = { SDKROOT = iphoneos; }; };
                A = { isa = PBXNativeTarget; name = App; productType = "com.apple.product-type.application"; fileSystemSynchronizedGroups = (O); buildPhases = (); };
                B = { isa = PBXNativeTarget; name = Share; productType = "com.apple.product-type.app-extension"; buildPhases = (); };
              };
            }
            """
        }
        let group = "S = { isa = PBXFileSystemSynchronizedRootGroup; exceptions = (EB); path = Share; sourceTree = \"<group>\"; };"
        let v0 = project("", "")
        let v1 = project(", S", group + " EB = { isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (ShareView.swift); target = B; };")
        let v2 = project(", S", group + " EB = { isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (ShareView.swift, Sender.swift); target = B; };")
        _ = try Self.replay("P.xcodeproj/project.pbxproj", [v0, v1, v2, v1, v0])
    }

    @Test func editsOfGroupsSettingsAndTargets() throws {
        let path = "LegacyObjCApp/LegacyObjCApp.xcodeproj/project.pbxproj"
        let v0 = String(decoding: try bytes(path), as: UTF8.self)
        func edit(_ text: String, _ a: String, _ b: String) -> String {
            precondition(text.contains(a), "the fixture has no \(a)")
            return text.replacingOccurrences(of: a, with: b)
        }
        // Theme.m moves from the ShopKit group to the Shop group: ShopKit's source path changes.
        let v1 = edit(edit(v0, "\t\t\t\t7F5F58183DBF6207E1A8438F,\n\t\t\t);\n\t\t\tpath = ShopKit;", "\t\t\t);\n\t\t\tpath = ShopKit;"),
                      "\t\t\t\t012C93CB8EF6453A4641844B,\n", "\t\t\t\t012C93CB8EF6453A4641844B,\n\t\t\t\t7F5F58183DBF6207E1A8438F,\n")
        // A group renamed: the share extension's sources move.
        let v2 = edit(v1, "path = ShareExtension;", "path = Share;")
        // A setting of the Shop target's configuration, and every object a line lower.
        let v3 = edit(edit(v2, "objects = {\n", "objects = {\n\n\n"), "398D5DDA2F2AFAA477C07BD6 /* Release */ = {\n\t\t\tisa = XCBuildConfiguration;\n\t\t\tbuildSettings = {\n",
                      "398D5DDA2F2AFAA477C07BD6 /* Release */ = {\n\t\t\tisa = XCBuildConfiguration;\n\t\t\tbuildSettings = {\n\t\t\t\tTARGETED_DEVICE_FAMILY = \"1,2,7\";\n")
        // A file in two groups (tangled), then untangled again.
        let v4 = edit(v3, "\t\t\t\t359809CE3538206844A15411,\n", "\t\t\t\t359809CE3538206844A15411,\n\t\t\t\t5679DB35D9DA4B69F41D662D,\n")
        // A target dropped from the project.
        let v5 = edit(v3, "\t\t\t\t1EE4E4C5B5ADFDDADFDE4E06,\n", "")
        // A setting of the project's configuration, which every target reads.
        let v6 = edit(v5, "IPHONEOS_DEPLOYMENT_TARGET = \"12.0\";", "IPHONEOS_DEPLOYMENT_TARGET = \"13.0\";")
        let reused = try Self.replay(path, [v0, v0, v1, v2, v3, v3, v4, v3, v5, v6, v0])
        // Each edit re-derives what it reaches (a group's change, everything under the group);
        // unchanged versions take every target; a tangled tree is derived whole, as is the
        // version after it.
        #expect(reused == [0, 3, 1, 2, 2, 3, 0, 0, 2, 0, 0], "\(reused)")
    }

    @Test func xcconfigBytesDecideToo() throws {
        let path = "MultiPlatformApp/MultiPlatformApp.xcodeproj/project.pbxproj"
        let text = String(decoding: try bytes(path), as: UTF8.self)
        let config = "MultiPlatformApp/Config/App.xcconfig"
        let reused = try Self.replay(path, [text, text, text, text], files: [[config: "A = 1\n"], [config: "A = 1\n"], [config: "A = 2\n"], [:]])
        #expect(reused.count == 4 && reused[1] > reused[2], "\(reused)")
    }
}

/// Build settings' text replacement, on bytes: every occurrence, left to right, never overlapping.
@Suite struct ReplacingAllTests {
    @Test(arguments: [
        ("$(inherited) -ObjC", "$(inherited)", "-lz", "-lz -ObjC"),
        ("a $(X)$(X) b", "$(X)", "1", "a 11 b"),
        ("aaa", "aa", "b", "ba"),
        ("no reference", "$(X)", "1", "no reference"),
        ("$(X)", "$(X)", "", ""),
        ("é$(X)ü", "$(X)", "😀", "é😀ü"),
        ("$(X", "$(X)", "1", "$(X"),
        ("x", "", "y", "x"),
    ])
    func replacesEveryOccurrence(_ text: String, _ a: String, _ b: String, _ expected: String) {
        #expect(text.replacingAll(a, with: b) == expected)
    }
}

/// The platforms a target's settings name, and what they say when SDKROOT is set in a base
/// xcconfig that is not in the repository (a Carthage checkout of shared xcconfigs, Authenticator's).
@Suite struct PlatformSettingsTests {
    @Test(arguments: [
        (["SDKROOT": "iphoneos"], [Platform.iOS]),
        (["SDKROOT": "iphoneos", "SUPPORTS_MACCATALYST": "YES"], [.iOS, .macCatalyst]),
        (["SUPPORTED_PLATFORMS": "iphoneos appletvos", "SDKROOT": "iphoneos"], [.iOS, .tvOS]),
        // No SDK anywhere: the device family, else the one deployment target set.
        (["TARGETED_DEVICE_FAMILY": "1", "IPHONEOS_DEPLOYMENT_TARGET": "13.0"], [.iOS]),
        (["TARGETED_DEVICE_FAMILY": "1,2"], [.iOS]),
        (["TARGETED_DEVICE_FAMILY": "3"], [.tvOS]),
        (["IPHONEOS_DEPLOYMENT_TARGET": "13.0"], [.iOS]),
        (["MACOSX_DEPLOYMENT_TARGET": "11.0"], [.macOS]),
        // Two deployment targets and no family: nothing says which.
        (["IPHONEOS_DEPLOYMENT_TARGET": "13.0", "MACOSX_DEPLOYMENT_TARGET": "11.0"], []),
        ([:], []),
        // An SDK named, even one not known, is what the target builds for: no guess beside it.
        (["SDKROOT": "driverkit", "TARGETED_DEVICE_FAMILY": "1"], []),
    ] as [([String: String], [Platform])])
    func platformsOfSettings(_ settings: [String: String], _ expected: [Platform]) {
        #expect(Platform.of(settings: settings) == Set(expected))
    }
}

/// What a Cordova plugin's `plugin.xml` ships to iOS, read as text.
@Suite struct CordovaPluginTests {
    static func sources(_ text: String) -> [String]? { CordovaPlugin.iosSources(Array(text.utf8)) }

    @Test func theIOSPlatformsFilesOnly() {
        let xml = """
        <plugin xmlns="http://apache.org/cordova/ns/plugins/1.0" id="cordova-plugin-sheet" version="1.0.0">
          <platform name="android"><source-file src="src/android/Sheet.java" target-dir="src/x" /></platform>
          <platform name='ios'>
            <header-file src="src/ios/CDVSheet.h" />
            <source-file src="./src/ios/CDVSheet.m" compiler-flags="-fno-objc-arc"/>
            <resource-file src="src/ios/Sheet.bundle" />
          </platform>
        </plugin>
        """
        #expect(Self.sources(xml) == ["src/ios/CDVSheet.h", "src/ios/CDVSheet.m"])
        #expect(CordovaPlugin.id(Array(xml.utf8)) == "cordova-plugin-sheet")
    }

    /// A plugin without iOS (its tests' JavaScript) and Eclipse's `plugin.xml` declare no iOS library.
    @Test func noIOSPlatformIsNoLibrary() {
        #expect(Self.sources(#"<plugin id="x-tests"><js-module src="tests.js" name="tests"></js-module></plugin>"#) == nil)
        #expect(Self.sources(#"<plugin id="x"><platform name="android"><source-file src="a.java"/></platform></plugin>"#) == nil)
        #expect(Self.sources(#"<?eclipse version="3.4"?><extension point="org.eclipse.ui.views"></extension>"#) == nil)
    }
}

/// What a podspec ships, read as text (never run).
@Suite struct PodspecTests {
    static func files(_ text: String) -> [String] { Podspec.sourceFiles(Array(text.utf8)) }

    @Test func rubySpecsAndTheirSubspecs() {
        #expect(Self.files("Pod::Spec.new do |s|\n  s.source_files = 'Kit/**/*.{h,m}'\n  s.resources = 'Kit/*.xib'\nend\n")
                == ["Kit/**/*.h", "Kit/**/*.m"])
        #expect(Self.files("""
            Pod::Spec.new do |s|
              s.source_files = [
                "Sources/Core/**/*.swift", # the core
                'Sources/UI/*.{swift}'
              ]
              s.subspec 'Extras' do |e|
                e.source_files = "Extras", "More/*.m"
              end
            end
            """) == ["Sources/Core/**/*.swift", "Sources/UI/*.swift", "Extras", "More/*.m"])
    }

    @Test func jsonSpecs() {
        #expect(Self.files(#"{"name": "Kit", "source_files": ["A/*.{h,m}", "B/**"], "subspecs": [{"source_files": "C/*.swift"}]}"#)
                == ["A/*.h", "A/*.m", "B/**", "C/*.swift"])
    }

    /// The platforms a spec names, wherever it names them; none named is every platform (empty).
    @Test(arguments: [
        ("s.platform = :ios, '9.0'", [Platform.iOS]),
        ("s.ios.deployment_target = '12.0'\ns.osx.deployment_target = '10.13'\ns.tvos.deployment_target = '12.0'", [.iOS, .macOS, .tvOS]),
        ("s.platforms = { :ios => '13.0', :visionos => '1.0' }", [.iOS, .visionOS]),
        ("{\"name\": \"Kit\", \"platforms\": {\n  \"ios\": \"12.0\",\n  \"watchos\": \"6.0\"\n}, \"summary\": \"for iOS and macOS\"}", [.iOS, .watchOS]),
        ("s.summary = 'A spinner for iOS'\n# s.platform = :osx", []),
        ("s.source_files = 'Kit/*.swift'", []),
    ])
    func platformsNamed(_ text: String, _ expected: [Platform]) {
        #expect(Podspec.platforms(Array(text.utf8)) == Set(expected))
    }

    @Test func aPodIsNamedByItsSpecFile() {
        #expect(Podspec.name(ofSpecAt: "Kit.podspec") == "Kit")
        #expect(Podspec.name(ofSpecAt: "Vendor/Realm/Realm.podspec.json") == "Realm")
    }

    /// Old releases kept in folders named for their versions are no targets (TSMessages' 13 `podspecs/0.9.x/`).
    @Test func aSpecInAVersionsFolderIsAnArchivedRelease() {
        #expect(Podspec.isArchived("podspecs/0.9.1/TSMessages.podspec.json"))
        #expect(Podspec.isArchived("Specs/Kit/1.2.0/Kit.podspec.json"))
        #expect(!Podspec.isArchived("Kit.podspec"))
        #expect(!Podspec.isArchived("Vendor/Realm/Realm.podspec.json"))
        #expect(!Podspec.isArchived("Libraries/v2/Kit.podspec"))
        #expect(!Podspec.isArchived("0.9.1.podspec"))
    }

    /// Interpolation cannot be known without running Ruby; other keys and comments name nothing.
    @Test func whatCannotBeKnownIsLeftOut() {
        #expect(Self.files("s.source_files = \"#{s.name}/**/*.swift\"\ns.public_header_files = 'Kit/*.h'\n# s.source_files = 'Old/*'\n") == [])
        #expect(Self.files("s.source_files_extra = 'X/*'\ns.osx.source_files = 'Mac/*.m'\n") == ["Mac/*.m"])
    }
}

import Foundation
import Testing
import ProjectFiles
import RuleKit
import ScanEngine
import TestSupport

/// Whose code each target is, and which targets build a file (RULES.md "Scopes", "Readiness
/// stages"): the scope fixtures of scripts/make-project-fixtures.py, each with every finding's
/// scope and targets, every target's scope and stage, and the repository's stage.
extension ProjectFixtureTests {
    /// A file an Xcode target and a Swift package target both build names both, and each gets
    /// the file's findings in its stage; two targets of one name are two targets.
    @Test func aFileAProjectAndAPackageBothBuildNamesBothTargets() throws {
        let r = try scanFixture("PackageBesideProject")
        #expect(scoped(r) == [
            "Sources/Layout/Grid.swift:5 screen-size-device-check library Layout (Layout.xcodeproj),Layout (Package.swift)",
            "Tests/LayoutTests/GridTests.swift:7 window-without-scene test Layout Tests,LayoutTests",
        ])
        #expect(targetLines(r) == [
            "Layout (Layout.xcodeproj) [iOS] library launches: screen-size-device-check@Sources/Layout/Grid.swift:5",
            "Layout (Package.swift) [iOS, macCatalyst] library launches: screen-size-device-check@Sources/Layout/Grid.swift:5",
            "Layout Tests [iOS] test no-device-assumptions: window-without-scene@Tests/LayoutTests/GridTests.swift:7",
            "LayoutTests [iOS, macCatalyst] test no-device-assumptions: window-without-scene@Tests/LayoutTests/GridTests.swift:7",
        ])
        #expect(r.targets.map(\.id) == [TargetID(project: "Layout.xcodeproj", name: "Layout"), TargetID(project: "Package.swift", name: "Layout"),
                                        TargetID(project: "Layout.xcodeproj", name: "Layout Tests"), TargetID(project: "Package.swift", name: "LayoutTests")])
        #expect(r.findings.map(\.targets) == [[TargetID(project: "Layout.xcodeproj", name: "Layout"), TargetID(project: "Package.swift", name: "Layout")],
                                              [TargetID(project: "Layout.xcodeproj", name: "Layout Tests"), TargetID(project: "Package.swift", name: "LayoutTests")]])
        #expect(r.stage == .launches)
    }

    /// Xcode 4's test bundles: `bundle.ocunit-test`, and a plain bundle with `WRAPPER_EXTENSION =
    /// octest` and a `TEST_HOST`, are tests; a resource bundle with code stays the app's.
    @Test func ocunitTestBundlesAreTests() throws {
        let r = try scanFixture("LegacyTestBundles")
        #expect(scoped(r) == [
            "LedgerResources/ReceiptView.m:9 main-screen-scale app LedgerResources",
            "LedgerSpecs/LedgerSpecs.m:8 window-without-scene test LedgerSpecs",
            "LedgerTests/LedgerTests.m:8 window-without-scene test LedgerTests",
        ])
        #expect(targetLines(r) == [
            "Ledger [iOS] app modern",
            "LedgerResources [iOS] app launches: main-screen-scale@LedgerResources/ReceiptView.m:9",
            "LedgerSpecs [iOS] test no-device-assumptions: window-without-scene@LedgerSpecs/LedgerSpecs.m:8",
            "LedgerTests [iOS] test no-device-assumptions: window-without-scene@LedgerTests/LedgerTests.m:8",
        ])
        #expect(r.stage == .launches)
    }
}

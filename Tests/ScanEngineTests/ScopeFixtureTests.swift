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

import Testing
import RuleKit
import ScanEngine
import TestSupport

/// Inputs built to hurt: deep nesting (no recursion may follow it down), very long lines with
/// thousands of sites, thousands of uses in one function. The scan must finish, linearly, with
/// the right answer; a quadratic step shows up as a CI run that never ends.
@Suite struct HostileInputTests {
    @Test func deepNestingDoesNotExhaustTheStack() {
        let n = 100_000
        let r = scan([
            "Parens.m": "#define kNavBarHeight " + String(repeating: "(", count: n) + "64" + String(repeating: ")", count: n),
            "Compare.m": "void f(void) { x = [UIScreen mainScreen].bounds.size.height == " + String(repeating: "(", count: n) + "812"
                + String(repeating: ")", count: n) + "; }",
            "Closures.swift": "let kW = " + String(repeating: "{ ", count: n / 2) + "UIScreen.main.bounds.width" + String(repeating: " }()", count: n / 2),
            "Brackets.swift": String(repeating: "[({", count: n),
        ])
        #expect(r.files == 4)
        #expect(r.findings.contains { $0.path == "Compare.m" && $0.rule == "main-screen-bounds" })
    }

    @Test func thousandsOfSitesOnOneLineAreOneFinding() {
        let n = 20_000
        let r = scan(["Line.m": "void f(void) { x = " + String(repeating: "a ? [UIScreen mainScreen].scale : ", count: n) + "2; }"])
        #expect(r.findings.map(\.rule) == ["main-screen-scale"])
    }

    @Test func thousandsOfUsesInOneFunction() {
        let n = 20_000
        let r = scan(["Uses.swift": "let kW = UIScreen.main.bounds.width\nfunc g() {\n" + String(repeating: "    _ = kW\n", count: n) + "}\n"])
        // Listed up to the per-file limit, the rest counted (a file lists at most 10,000).
        let listed = r.findings.filter { $0.rule == "main-screen-bounds" }.count
        #expect(r.findings.filter { $0.path == "Uses.swift" }.count == 10_000)
        #expect(r.diagnostics.contains { $0.path == "Uses.swift" && $0.message.contains("\(n - listed) more findings of main-screen-bounds not listed") },
                "\(r.diagnostics)")
    }

    @Test func longTernaryChainsInDefinitions() {
        let n = 50_000
        let r = scan(["Chain.m": "#define kTabBarH " + String(repeating: "a ? 1 : ", count: n) + "2"])
        #expect(r.findings.map(\.rule) == [])  // nested deeper than a bar height is ever written
    }
}

import Testing
import RuleKit
import ScanEngine
import TestSupport

/// RULES.md "Precise definitions": each tie-breaker pinned by a test.
@Suite struct PreciseDefinitionTests {
    func findings(_ files: [String: String]) -> [(String, Int, Int, RuleID)] {
        scan(files).findings.map { ($0.path, $0.line, $0.column, $0.rule) }
    }

    @Test func sameRuleTwiceOnALineIsOneFindingAtTheFirstColumn() {
        let r = scan(["A.swift": "func f() { let s = (UIScreen.main.bounds.width, UIScreen.main.bounds.height) }"])
        #expect(r.findings.map { "\($0.line):\($0.column) \($0.rule)" } == ["1:21 main-screen-bounds"])
    }

    @Test func differentRulesOnALineAreSeparateFindings() {
        let r = scan([
            "AppDelegate.h": "@interface AppDelegate : UIResponder <UIApplicationDelegate>\n@end",
            "AppDelegate.m": "@implementation AppDelegate\n- (void)f {\n    self.window = [[UIWindow alloc] initWithFrame:[UIScreen mainScreen].bounds];\n}\n@end",
        ])
        #expect(r.findings.map { "\($0.line):\($0.column) \($0.rule)" } == ["3:21 window-in-app-delegate", "3:52 main-screen-bounds"])
    }

    @Test func declarationsAreReportedOnTheDeclarationLine() {
        let r = scan([
            "AppDelegate.h": "@interface AppDelegate : UIResponder <UIApplicationDelegate>\n@end",
            "AppDelegate.m": "@implementation AppDelegate\n- (void)applicationDidBecomeActive:\n    (UIApplication *)app {\n    [self resume];\n}\n@end",
            "Macros.h": "#define SCREEN_WIDTH \\\n    [UIScreen mainScreen].bounds.size.width",
            "Consts.swift": "let kScale =\n    UIScreen.main.scale",
        ])
        #expect(r.findings.map { "\($0.path):\($0.line) \($0.rule)" } == [
            "AppDelegate.m:2 app-lifecycle-callback", "Consts.swift:1 global-geometry-constant", "Macros.h:1 global-geometry-constant",
        ])
    }

    @Test func receiversMatter() {
        let r = scan(["A.swift": """
            func f(scene: UIWindowScene, view: UIView) {
                let a = scene.windows.first
                let b = scene.keyWindow
                let c = view.window
                let d = Helper.keyWindow()
                let app = UIApplication.shared
                let e = app.windows
                let g = tableView.delegate?.window
            }
            """])
        #expect(r.findings.isEmpty)
    }

    @Test func aliasesResolveTransitivelyAcrossFilesAndCountUses() {
        let r = scan([
            "Macros.h": "#define SCREEN_WIDTH [UIScreen mainScreen].bounds.size.width\n#define HALF_WIDTH (SCREEN_WIDTH / 2)",
            "More.h": "#define QUARTER (HALF_WIDTH / 2)",
            "Feed.m": "- (void)f {\n    a = SCREEN_WIDTH;\n    b = HALF_WIDTH;\n    c = QUARTER;\n}",
        ])
        #expect(findings(r.findings.isEmpty ? [:] : [:]).isEmpty)
        let got = r.findings.map { "\($0.path):\($0.line) \($0.rule)" }
        #expect(got == [
            "Feed.m:2 main-screen-bounds", "Feed.m:3 main-screen-bounds", "Feed.m:4 main-screen-bounds",
            "Macros.h:1 global-geometry-constant", "Macros.h:2 global-geometry-constant", "More.h:1 global-geometry-constant",
        ])
        #expect(r.findings.first { $0.path == "Feed.m" && $0.line == 4 }?.message.contains("QUARTER") == true)
    }

    @Test func multiLineComputedPropertyReportsItsReadToo() {
        let r = scan(["Metrics.swift": """
            enum Metrics {
                static var scale: CGFloat {
                    UIScreen.main.scale
                }
                static var oneLine: CGFloat { UIScreen.main.scale }
            }
            """])
        #expect(r.findings.map { "\($0.line) \($0.rule)" } == ["2 global-geometry-constant", "3 main-screen-scale", "5 global-geometry-constant"])
    }

    @Test func classMethodAliasReportsDeclarationReadAndCalls() {
        let r = scan([
            "Device.m": "@implementation Device\n+ (CGFloat)screenScale {\n    return [UIScreen mainScreen].scale;\n}\n@end",
            "Use.m": "@implementation Use\n- (void)f { CGFloat s = [Device screenScale]; CGFloat t = Device.screenScale; }\n@end",
        ])
        #expect(r.findings.map { "\($0.path):\($0.line):\($0.column) \($0.rule)" } == [
            "Device.m:2:12 global-geometry-constant", "Device.m:3:13 main-screen-scale", "Use.m:2:26 main-screen-scale",
        ])
    }

    @Test func mutableGlobalsAndInstancePropertiesAreNotAliases() {
        let r = scan(["A.swift": """
            var cachedWidth: CGFloat = 0
            func setUp() { cachedWidth = UIScreen.main.bounds.width }
            class V: UIView { let w = UIScreen.main.bounds.width }
            func use() -> CGFloat { cachedWidth * 2 }
            """])
        #expect(r.findings.map { "\($0.line) \($0.rule) \($0.context)" } == ["2 main-screen-bounds other", "3 main-screen-bounds view"])
    }

    @Test func deviceChecksThroughFunctionsAndNotThroughScaling() {
        let r = scan(["A.m": """
            void f(void) {
                a = CGSizeEqualToSize(screenSize, CGSizeMake(375, 812));
                b = CGRectEqualToRect([UIScreen mainScreen].bounds, CGRectMake(0, 0, 375, 812));
                c = h > 1.5 * [UIScreen mainScreen].bounds.size.height;
                d = [UIScreen mainScreen].scale <= 2;
                e = [UIScreen mainScreen].bounds.size.height == otherHeight;
            }
            """])
        #expect(r.findings.map { "\($0.line) \($0.rule)" } == [
            "3 screen-size-device-check", "4 main-screen-bounds", "5 main-screen-scale", "6 main-screen-bounds",
        ])
    }

    @Test func conditionalCompilationOnlyZeroAndFalseAreDead() {
        let r = scan([
            "A.m": "#if DEBUG\nCGFloat a = [UIScreen mainScreen].scale;\n#else\nCGFloat b = [UIScreen mainScreen].scale;\n#endif\n#if 0\nCGFloat c = [UIScreen mainScreen].scale;\n#endif",
            "B.swift": "#if os(iOS)\nfunc f() { _ = UIScreen.main.scale }\n#elseif false\nfunc g() { _ = UIScreen.main.scale }\n#else\nfunc h() { _ = UIScreen.main.scale }\n#endif",
        ])
        #expect(r.findings.map { "\($0.path):\($0.line)" } == ["A.m:2", "A.m:4", "B.swift:2", "B.swift:6"])
    }

    @Test func contextFollowsSuperclassesDeclaredElsewhere() {
        let r = scan([
            "Base.h": "@interface BaseViewController : UIViewController\n@end",
            "Feed.h": "@interface FeedViewController : BaseViewController\n@end",
            "Feed.m": "@implementation FeedViewController\n- (void)f { CGFloat s = [UIScreen mainScreen].scale; }\n@end",
            "Cell.swift": "class Cell: FancyCell { func f() { _ = UIScreen.main.scale } }",
            "Fancy.swift": "class FancyCell: UICollectionViewCell {}",
            "Ext.swift": "extension UIViewController { func g() { _ = UIScreen.main.bounds } }",
            "Card.swift": "import SwiftUI\nstruct Card: View { var body: some View { Text(\"A\").frame(width: 10 * UIScreen.main.scale) } }",
        ])
        let contexts = Dictionary(uniqueKeysWithValues: r.findings.map { ($0.path, $0.context) })
        #expect(contexts == ["Feed.m": .viewController, "Cell.swift": .view, "Ext.swift": .viewController, "Card.swift": .view])
        #expect(r.findings.first { $0.path == "Feed.m" }?.suggestion.contains("self.traitCollection.displayScale") == true)
        #expect(r.findings.first { $0.path == "Card.swift" }?.suggestion.contains("@Environment(\\.displayScale)") == true)
        #expect(r.findings.first { $0.path == "Ext.swift" }?.suggestion.contains("view.bounds") == true)
    }

    @Test func secondPassOnlyForFilesUsingNamesDefinedElsewhere() {
        let r = scan([
            "Macros.h": "#define SCREEN_WIDTH [UIScreen mainScreen].bounds.size.width",
            "Uses.m": "void f(void) { a = SCREEN_WIDTH; }",
            "Alone.m": "void g(void) { b = [UIScreen mainScreen].scale; }",
            "Local.m": "#define W [UIScreen mainScreen].bounds.size.width\nvoid h(void) { c = W; }",
        ])
        #expect(r.rescanned == 1)
        #expect(r.findings.filter { $0.rule == "main-screen-bounds" }.map(\.path) == ["Local.m", "Uses.m"])
    }

    @Test func definitionsInImplementationFilesAndPrivateOnesStayInTheirFile() {
        let r = scan([
            "A.m": "#define kToolbarHeight 44\n#define W [UIScreen mainScreen].bounds.size.width\nvoid f(void) { a = kToolbarHeight; b = W; }",
            "B.m": "#define kToolbarHeight (20 + 44)\nvoid g(void) { a = kToolbarHeight; b = W; }",
            "C.swift": "private let kScreenW = UIScreen.main.bounds.width\nfunc h() { _ = kScreenW }",
            "D.swift": "func i() { _ = kScreenW }",
        ])
        let got = r.findings.map { "\($0.path):\($0.line) \($0.rule) \($0.message.contains("A.m") ? "A" : $0.message.contains("B.m") ? "B" : "")" }
        #expect(got == [
            "A.m:1 hardcoded-bar-height ", "A.m:2 global-geometry-constant ", "A.m:3 hardcoded-bar-height A", "A.m:3 main-screen-bounds A",
            "B.m:1 hardcoded-bar-height ", "B.m:2 hardcoded-bar-height B",
            "C.swift:1 global-geometry-constant ", "C.swift:2 main-screen-bounds ",
        ])
        #expect(r.rescanned == 0)
    }

    @Test func swiftGlobalsAreInvisibleToObjectiveCAndExpressionMacrosToSwift() {
        let r = scan([
            "Consts.swift": "let screenW = UIScreen.main.bounds.width",
            "Macros.h": "#define SCREEN_W [UIScreen mainScreen].bounds.size.width\n#define kNavBarHeight 64",
            "Use.m": "void f(void) { a = screenW; b = SCREEN_W; }",
            "Use.swift": "func g() { _ = screenW; _ = SCREEN_W; _ = kNavBarHeight }",
        ])
        let uses = r.findings.filter { $0.path.hasPrefix("Use") }.map { "\($0.path) \($0.rule) \($0.message.prefix(12))" }
        #expect(uses == ["Use.m main-screen-bounds `SCREEN_W` (", "Use.swift main-screen-bounds `screenW` (C", "Use.swift hardcoded-bar-height `kNavBarHeig"])
    }
}

/// Baselines: a finding whose line only moved to another function is known (issue 13, case 9).
@Suite struct BaselineMatchingTests {
    @Test func aLineMovedToAnotherFunctionIsKnownAndTheFunctionDecidesBetweenCandidates() {
        let before = scan(["Player.m": """
            @implementation Player
            - (void)startPlayback {
                CGRect frame = [UIScreen mainScreen].bounds;
            }
            @end
            """])
        let after = scan(["Player.m": """
            @implementation Player
            - (void)_setupPlayer {
                CGRect frame = [UIScreen mainScreen].bounds;
            }
            - (void)startPlayback {
                [self _setupPlayer];
            }
            - (void)other {
                CGRect frame = [UIScreen mainScreen].bounds;
            }
            @end
            """])
        #expect(before.findings.count == 1 && after.findings.count == 2)
        #expect(before.findings[0].fingerprint != after.findings[0].fingerprint)
        #expect(before.findings[0].lineFingerprint == after.findings[0].lineFingerprint)
        let comparison = Baseline(findings: before.findings).compare(after.findings)
        // One of the two identical lines is the moved one; the other is new.
        #expect(comparison.known == 1 && comparison.isNew.filter { $0 }.count == 1 && comparison.fixed == 0)
        // An exact match wins over a moved line: with the original function still there, it is known
        // and the copy elsewhere is new.
        let kept = scan(["Player.m": """
            @implementation Player
            - (void)startPlayback {
                CGRect frame = [UIScreen mainScreen].bounds;
            }
            - (void)other {
                CGRect frame = [UIScreen mainScreen].bounds;
            }
            @end
            """])
        let c2 = Baseline(findings: before.findings).compare(kept.findings)
        #expect(c2.isNew == [false, true])
    }
}

import Testing
import RuleKit
import ScanEngine
import TestSupport

/// A suggestion whose code needs a newer iOS than the file deploys to says how to guard it
/// (issue 29): `view.window?.windowScene?.screen` is iOS 13, `registerForTraitChanges` iOS 17.
@Suite struct SuggestionAvailabilityTests {
    static func package(_ version: String) -> String { "let package = Package(name: \"App\", platforms: [.iOS(\"\(version)\")])" }

    func suggestion(_ rule: RuleID, _ files: [String: String]) -> String? {
        scan(files).findings.first { $0.rule == rule }?.suggestion
    }

    @Test func belowTheVersionTheSuggestionNeedsItSaysHowToGuardIt() {
        let code = "final class V: UIViewController { func f() { let screen = UIScreen.main } }"
        let at12 = suggestion("main-screen", ["V.swift": code, "Package.swift": Self.package("12.0")])
        #expect(at12?.hasSuffix("`windowScene` needs iOS 13.0 and this code deploys to iOS 12.0: use it inside `if #available(iOS 13.0, *) { … }` and keep the current code as the fallback.") == true,
                "\(at12 ?? "no finding")")
        let at13 = suggestion("main-screen", ["V.swift": code, "Package.swift": Self.package("13.0")])
        #expect(at13 != nil && !at13!.contains("needs iOS"))
        // Nothing says what the deployment target is: nothing to add.
        let unknown = suggestion("main-screen", ["V.swift": code])
        #expect(unknown != nil && !unknown!.contains("needs iOS"))
    }

    /// A window scene taken from the caller is one too (SPIndicator's presenter at iOS 12): the
    /// text naming `windowScene.windows` says it needs iOS 13.
    @Test func aWindowSceneFromTheCallerNeedsIOS13() {
        let code = "final class HUD: UIView {\n    func show() { let w = UIApplication.shared.keyWindow; w?.addSubview(self) }\n}"
        let at12 = suggestion("shared-windows", ["V.swift": code, "Package.swift": Self.package("12.0")])
        #expect(at12?.contains("needs iOS 13.0 and this code deploys to iOS 12.0") == true, "\(at12 ?? "no finding")")
    }

    /// The safe area is iOS 11: a legacy layout guide in an app deploying to iOS 8 is replaced
    /// inside a check (JSQMessagesViewController.m:874, openfoodfacts ScannerViewController.swift:297).
    @Test func theSafeAreaNeedsIOS11() {
        let objc = "@interface V : UIViewController\n@end\n@implementation V\n- (void)f { CGFloat top = self.topLayoutGuide.length; }\n@end"
        let at8 = suggestion("legacy-layout-guide", ["V.m": objc, "Package.swift": Self.package("8.0")])
        #expect(at8?.hasSuffix("`safeAreaLayoutGuide` and `safeAreaInsets` need iOS 11.0 and this code deploys to iOS 8.0: use them inside `if (@available(iOS 11.0, *)) { … }` and keep the current code as the fallback.") == true,
                "\(at8 ?? "no finding")")
        let at11 = suggestion("legacy-layout-guide", ["V.m": objc, "Package.swift": Self.package("11.0")])
        #expect(at11 != nil && !at11!.contains("needs iOS"))
    }

    /// APIs of different versions in one suggestion are each named with theirs (SlackTextViewController
    /// at iOS 8: the safe area is iOS 11, the scene's status bar manager iOS 13).
    @Test func apisOfSeveralVersionsAreEachNamed() {
        let objc = "@interface V : UIViewController\n@end\n@implementation V\n- (void)f { CGFloat h = [UIApplication sharedApplication].statusBarFrame.size.height; }\n@end"
        let s = suggestion("status-bar-frame", ["V.m": objc, "Package.swift": Self.package("8.0")])
        #expect(s?.contains("These need newer systems than iOS 8.0, which this code deploys to: `safeAreaInsets` iOS 11.0, `windowScene` iOS 13.0") == true,
                "\(s ?? "no finding")")
        #expect(s?.contains("Use each inside a check for its version (`if (@available(iOS 11.0, *)) { … }` …)") == true, "\(s ?? "no finding")")
    }

    /// Code a tvOS target builds too is checked for tvOS as well: `*` alone would leave the call
    /// unchecked there (JGProgressHUD.m:1127, its framework built for iOS and tvOS).
    @Test func codeATVOSTargetBuildsTooIsCheckedForTVOSToo() {
        let pbx = (try? String(contentsOfFile: repositoryRoot + "/Fixtures/Projects/MultiPlatformApp/MultiPlatformApp.xcodeproj/project.pbxproj", encoding: .utf8)) ?? ""
        let view = "final class Panel: UIView {\n    override func traitCollectionDidChange(_ previous: UITraitCollection?) { super.traitCollectionDidChange(previous); refresh() }\n}\n"
        let r = scan([
            "MultiPlatformApp.xcodeproj/project.pbxproj": pbx,
            "Config/App.xcconfig": "IPHONEOS_DEPLOYMENT_TARGET = 14.0\n",
            "Core/Layout.swift": view,
            "App/FeedViewController.swift": view,
        ])
        func suggestion(_ path: String) -> String { r.findings.first { $0.path == path && $0.rule == "trait-collection-did-change" }?.suggestion ?? "no finding" }
        #expect(suggestion("Core/Layout.swift").contains("`if #available(iOS 17.0, tvOS 17.0, *) { … }`"), "\(suggestion("Core/Layout.swift"))")
        #expect(suggestion("App/FeedViewController.swift").contains("`if #available(iOS 17.0, *) { … }`"), "\(suggestion("App/FeedViewController.swift"))")
    }

    @Test func aGuardAroundTheFindingIsEnough() {
        let code = "final class V: UIViewController { func f() { if #available(iOS 13.0, *) { let screen = UIScreen.main } } }"
        let s = suggestion("main-screen", ["V.swift": code, "Package.swift": Self.package("12.0")])
        #expect(s != nil && !s!.contains("needs iOS"))
    }

    /// A callback the suggestion names (`viewIsAppearing`, iOS 13) needs no word on older
    /// systems where a guard around the finding rules them out (CYLTabBarController's iPadOS 18 tab bar).
    @Test func aGuardAroundTheFindingCoversTheCallbacksTheSuggestionNames() {
        func objc(_ body: String) -> String { "@interface V : UIViewController\n@end\n@implementation V\n- (void)viewDidLoad {\n\(body)\n}\n@end" }
        let plain = suggestion("idiom-layout", ["V.m": objc("if (UIDevice.currentDevice.userInterfaceIdiom == UIUserInterfaceIdiomPad) { [self pad]; }"),
                                                "Package.swift": Self.package("12.0")])
        #expect(plain?.contains("`viewIsAppearing` is called from iOS 13.0 on") == true, "\(plain ?? "no finding")")
        let guarded = suggestion("idiom-layout", ["V.m": objc("if (@available(iOS 18.0, *)) { if (UIDevice.currentDevice.userInterfaceIdiom == UIUserInterfaceIdiomPad) { [self pad]; } }"),
                                                  "Package.swift": Self.package("12.0")])
        #expect(guarded != nil && !guarded!.contains("is called from iOS 13.0 on"), "\(guarded ?? "no finding")")
    }

    @Test func objectiveCGetsItsOwnCheckAndAScenesCodeNeedsNoneForIOS13() {
        let objc = "@interface V : UIViewController\n@end\n@implementation V\n- (void)f { UIScreen *screen = [UIScreen mainScreen]; }\n@end"
        let s = suggestion("main-screen", ["V.m": objc, "Package.swift": Self.package("11.0")])
        #expect(s?.contains("use it inside `if (@available(iOS 13.0, *)) { … }`") == true, "\(s ?? "no finding")")
        let scene = "final class SceneDelegate: UIResponder, UIWindowSceneDelegate { func f() { let screen = UIScreen.main } }"
        let inScene = suggestion("main-screen", ["SceneDelegate.swift": scene, "Package.swift": Self.package("12.0")])
        #expect(inScene != nil && !inScene!.contains("needs iOS"), "\(inScene ?? "no finding")")
    }

    @Test func registeringForTraitChangesNeedsIOS17() {
        let code = "final class V: UIView { override func traitCollectionDidChange(_ previous: UITraitCollection?) { super.traitCollectionDidChange(previous); relayout() } }"
        let s = suggestion("trait-collection-did-change", ["V.swift": code, "Package.swift": Self.package("15.0")])
        #expect(s?.contains("`registerForTraitChanges` needs iOS 17.0 and this code deploys to iOS 15.0") == true, "\(s ?? "no finding")")
    }
}

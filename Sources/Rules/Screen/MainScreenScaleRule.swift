import RuleKit

/// Code that reads `UIScreen.main.scale` usually only wants the display scale of the view it
/// draws. When a scene moves to another screen (iPhone Mirroring, an external display, the
/// other display of a foldable), the main screen's scale is the wrong one. WWDC26 session 278
/// "Modernize your UIKit app": when only the scale is needed, prefer the trait collection; WWDC26
/// "Make your app ready for iPhone Duo" replaces `UIScreen.main.scale` with
/// `traitCollection.displayScale`.
struct MainScreenScaleRule: ScreenGeometryRule {
    var aliasReading: String { "is the main screen's scale, which need not be the scale of the screen the content is shown on" }
    let description = RuleDescription(
        id: .mainScreenScale, name: "Main screen scale", severity: .warning, facet: .scale,
        summary: "Reads the main screen's scale instead of the display scale of the view's own screen.",
        rationale: """
            A scene is not always on the main screen: iPhone Mirroring, an iPad's external display and the \
            two displays of a foldable iPhone each have their own scale. Most reads of `UIScreen.main.scale` \
            only want the scale to draw at, which the view's trait collection knows and keeps current; when only \
            the scale is needed, the trait collection is the source to prefer.
            """,
        sources: [.modernizeUIKit, .iPhoneDuo, .apple("UITraitCollection.displayScale", "uikit/uitraitcollection/displayscale"), .apple("UIScreen.main", "uikit/uiscreen/main")],
        fix: GeometryFixes.scale,
        triggering: [
            // An override a superclass of the repository calls from its initializer (Material's `prepare()`,
            // which `View.init` calls): the view is in no window yet there.
            Example("open class Bar: View {\n    open override func prepare() {\n        super.prepare()\n        prepareLabel()\n    }\n    private func prepareLabel() {\n        label.contentScaleFactor = ↓UIScreen.main.scale\n    }\n}",
                    files: ["View.swift": "open class View: UIView {\n    public override init(frame: CGRect) {\n        super.init(frame: frame)\n        prepare()\n    }\n    open func prepare() {}\n}"],
                    wraps: false, suggestion: "Here the view is not in a window yet"),
            // The view's own class named `View` is a UIKit view, not SwiftUI's protocol (Material's `View: UIView`).
            Example("open class View: UIView {\n    open func redraw() {\n        layer.contentsScale = ↓UIScreen.main.scale\n    }\n}", wraps: false,
                    suggestion: "traitCollection.displayScale"),
            // A view controller whose superclass is named through a typealias (Provenance's `PVEmulatorViewControllerRootClass`).
            Example("final class Emulator: RootClass {\n    func snapshot() -> CGFloat { ↓UIScreen.main.scale }\n}",
                    files: ["Root.swift": "typealias RootClass = UIViewController"], wraps: false, suggestion: "traitCollection.displayScale"),
            // Stored once, app-wide, at launch (Anytype's configurators): the scale goes where each image is requested.
            Example("final class ImagesConfigurator {\n    func configure() {\n        KingfisherManager.shared.defaultOptions = [\n            .scaleFactor(↓UIScreen.main.scale),\n            .backgroundDecode,\n        ]\n        ScaleProvider.shared.scale = ↓UIScreen.main.scale\n    }\n}",
                    suggestion: "This stores the main screen's scale once, app-wide"),
            .objc("@implementation Setup\n- (void)configure {\n    [ImageCache shared].scale = [↓UIScreen mainScreen].scale;\n}\n@end", suggestion: "This stores the main screen's scale once, app-wide"),
            // A snapshot of a view drawn at the main screen's scale: the view's own is at hand (STPopup's transition).
            .objc("@implementation Popup\n- (UIImage *)snapshot:(UIViewController *)from {\n    UIGraphicsBeginImageContextWithOptions(from.view.bounds.size, NO, [↓UIScreen mainScreen].scale);\n    return nil;\n}\n@end",
                  suggestion: "draw it at that view's scale, `from.view.traitCollection.displayScale`"),
            // A lazy layer made in a closure that calls `.init()` is a property's value still (HXPhotoPicker's cell).
            Example("final class Cell: UICollectionViewCell {\n    lazy var mask: CAGradientLayer = {\n        let layer = CAGradientLayer.init()\n        layer.contentsScale = ↓UIScreen.main.scale\n        return layer\n    }()\n}",
                    suggestion: "A stored property's initial value is computed once"),
            // An observed property's initial value is computed before `self` is (PopupDialog's vendored Cosmos).
            Example("final class Stars: UIView {\n    var borderWidth: Double = 1 / Double(↓UIScreen.main.scale) {\n        didSet { setNeedsDisplay() }\n    }\n}",
                    suggestion: "A stored property's initial value is computed once"),
            // A class method given the view it draws: that view's scale is at hand (FLEX's hierarchy snapshot).
            .objc("@implementation Snapshot\n+ (UIImage *)drawView:(UIView *)view {\n    CGFloat unit = 1.f / ↓UIScreen.mainScreen.scale;\n    return nil;\n}\n@end",
                  files: ["Snapshot.h": "@interface Snapshot : UIView\n@end"], suggestion: "Use `view.traitCollection.displayScale`"),
            // A default the build may override (`#ifndef` around it) decides nothing; nor does a value
            // chosen by platform (SVGKit's `SVGKIT_MAC`, 1 off UIKit and 0 on it).
            .objc("#import \"Define.h\"\n@implementation Text\n- (void)configure:(CALayer *)label {\n#if KIT_MAC\n    label.contentsScale = [[NSScreen mainScreen] backingScaleFactor];\n#else\n    label.contentsScale = [[↓UIScreen mainScreen] scale];\n#endif\n}\n@end",
                  files: ["Define.h": "#if !TARGET_OS_IPHONE && !TARGET_OS_IOS && !TARGET_OS_TV\n#define KIT_MAC 1\n#else\n#define KIT_MAC 0\n#endif\n"]),
            .objc("#import \"Switches.h\"\n@implementation Layers\n- (void)configure:(CALayer *)layer {\n#if RASTERIZE\n    layer.rasterizationScale = [[↓UIScreen mainScreen] scale];\n#endif\n}\n@end",
                  files: ["Switches.h": "#ifndef RASTERIZE\n#define RASTERIZE 0\n#endif\n"]),
            // A parameter's default: the function takes the scale already; its callers should pass one (Chatto's `bma_round`).
            Example("extension CGFloat {\n    func pixelRounded(scale: CGFloat = ↓UIScreen.main.scale) -> CGFloat { (self * scale).rounded() / scale }\n}",
                    suggestion: "This is a parameter's default value: the function already takes the scale."),
            // A public initializer's default (MessageKit's snapshot options): its clients rely on it.
            Example("public struct SnapshotOptions {\n    public var scale: CGFloat\n    public init(scale: CGFloat = ↓UIScreen.main.scale) { self.scale = scale }\n}",
                    suggestion: "This is the default value of a public parameter"),
            Example("public extension CGFloat {\n    func pixelRounded(scale: CGFloat = ↓UIScreen.main.scale) -> CGFloat { (self * scale).rounded() / scale }\n}",
                    suggestion: "dropping the default would break the library's clients"),
            // A vendored UIKit for the Mac declares `UIView` too (iCarousel's Chameleon demo): the view is still UIKit's.
            .objc("@implementation ReflectionView\n- (void)update {\n    CGFloat s = [[↓UIScreen mainScreen] scale];\n}\n@end",
                  files: ["ReflectionView.h": "@interface ReflectionView : UIView\n@end",
                          "Chameleon/UIKit/UIView.h": "@interface UIView : UIResponder\n@end"],
                  suggestion: "self.traitCollection.displayScale"),
            // The main screen's scale standing in for a display scale of 0 (FloatingPanel's pixel scale).
            Example("extension UIView {\n    var pixelScale: CGFloat {\n        let s = traitCollection.displayScale\n        return s == 0 ? ↓UIScreen.main.scale : s\n    }\n}",
                    suggestion: "stands in for a display scale of 0"),
            Example("extension UIView {\n    var fp_displayScale: CGFloat {\n        let ret = traitCollection.displayScale\n        if ret == 0.0 {\n            return ↓UIScreen.main.scale\n        }\n        return ret\n    }\n}",
                    suggestion: "stands in for a display scale of 0"),
            // A scale that picks reference images in a test that may run in a host app.
            Example("final class SnapshotTests: XCTestCase {\n    func testRender() { XCTAssertEqual(↓UIScreen.main.scale, 2) }\n}",
                    path: "Tests/SnapshotTests/SnapshotTests.swift",
                    suggestion: "In a test, give the view under test a fixed frame"),
            // The app delegate has no screen of its own under scenes.
            Example("final class AppDelegate: UIResponder, UIApplicationDelegate {\n    func application(_ a: UIApplication, didFinishLaunchingWithOptions o: [UIApplication.LaunchOptionsKey: Any]?) -> Bool { Cache.scale = ↓UIScreen.main.scale; return true }\n}",
                    suggestion: "The app delegate has no screen of its own"),
            // A builder's closure in a stored property runs at initialisation (brave's `.then { }`).
            Example("final class Card: UIView {\n    let line = UIView().then { $0.frame.size.height = 1 / ↓UIScreen.main.scale }\n}",
                    suggestion: "A stored property's initial value is computed once"),
            Example("""
                class AvatarView: UIView {
                    func draw() { let s = ↓UIScreen.main.scale }
                }
                """),
            Example("func f() { let native = ↓UIScreen.main.nativeScale }"),
            Example("if ↓UIScreen.main.scale <= 2 { useLowResolution() }"),
            // A string earlier in the statement does not make the read text.
            Example(#"func f() { log("\(name) scaled"); layer.contentsScale = ↓UIScreen.main.scale }"#),
            Example(#"func f() { layer.name = "layer"; layer.contentsScale = ↓UIScreen.main.scale }"#),
            // The orientation worked out from the screen's scale and modes (FSCalendar's `currentCalendarOrientation`).
            .objc("@implementation Calendar\n- (NSInteger)currentCalendarOrientation {\n    CGFloat scale = [↓UIScreen mainScreen].scale;\n    CGSize native = [UIScreen mainScreen].currentMode.size;\n    return scale * 320 == native.width ? 0 : 1;\n}\n@end",
                  files: ["Calendar.h": "@interface Calendar : UIView\n@end"], wraps: false, suggestion: "compare the width and height of `self.bounds` instead"),
            // Another view's layer, in code that is given it (MMDrawerController's visual-state blocks).
            .objc("@implementation VisualState\n+ (void)apply:(MMDrawerController *)drawer {\n    drawer.sideView.layer.rasterizationScale = [↓UIScreen mainScreen].scale;\n}\n@end",
                  wraps: false, suggestion: "`drawer.sideView.traitCollection.displayScale`"),
            .objc("@implementation VisualState\n+ (void)apply:(MMDrawerController *)drawer {\n    [drawer.sideView.layer setRasterizationScale:[[↓UIScreen mainScreen] scale]];\n}\n@end",
                  wraps: false, suggestion: "`drawer.sideView.traitCollection.displayScale`"),
            // Nor a string on the line before: a Swift line that starts a statement is a new one.
            Example("func f() {\n    layer.name = \"layer \\(index)\"\n    layer.contentsScale = ↓UIScreen.main.scale\n}"),
            // A local put into text and also used to draw is layout.
            Example("func f() {\n    let s = ↓UIScreen.main.scale\n    print(\"scale \\(s)\")\n    layer.contentsScale = s\n}"),
            .objc("""
                @implementation AvatarView
                - (void)layoutSubviews { CGFloat s = [↓UIScreen mainScreen].scale; }
                @end
                """),
            .objc("CGFloat s = [[↓UIScreen mainScreen] scale];"),
            .objc("CGFloat s = ↓UIScreen.mainScreen.nativeScale;"),
            .objc("CGFloat onePixel = 1.0 / ↓SCREEN_SCALE;",
                  files: ["Macros.h": "#define SCREEN_SCALE [UIScreen mainScreen].scale"]),
            Example("func f() { let pixel = 1 / ↓Screen.scale }", files: ["Screen.swift": "enum Screen { static let scale = UIScreen.main.scale }"]),
            // A class method that makes a local from the screen in `#if` branches and returns it
            // (SDWebImage's `+[SDDeviceHelper screenScale]`), used in dot syntax.
            .objc("CGFloat s = ↓SDDeviceHelper.screenScale;", files: [
                "SDDeviceHelper.h": "@interface SDDeviceHelper : NSObject\n+ (double)screenScale;\n@end",
                "SDDeviceHelper.m": "@implementation SDDeviceHelper\n+ (double)screenScale {\n#if SD_WATCH\n    CGFloat screenScale = 2;\n#else\n    CGFloat screenScale = [UIScreen mainScreen].scale;\n#endif\n    return screenScale;\n}\n@end"]),
            .objc("CGFloat s = [↓Device screenScale];", files: ["Device.m": """
                @implementation Device
                + (CGFloat)screenScale { return [UIScreen mainScreen].scale; }
                @end
                """]),
        ],
        nonTriggering: [
            // Kept in a local that is only put into text: a snapshot's reference-image name
            // (FBSnapshotTestCase's `@%.fx`), a resource name.
            .objc("@implementation Snapshot\n- (NSString *)named:(NSString *)fileName {\n    CGFloat screenScale = [[UIScreen mainScreen] scale];\n    fileName = [fileName stringByAppendingFormat:@\"@%.fx\", screenScale];\n    return fileName;\n}\n@end", wraps: false),
            Example("func iconName() -> String {\n    let scale = UIScreen.main.scale\n    return \"icon@\\(Int(scale))x\"\n}"),
            // An environment key's default, where no view in a window has set the scale (Blueprint's `DisplayScaleKey`).
            Example("extension Environment {\n    private enum DisplayScaleKey: EnvironmentKey {\n        static var defaultValue: CGFloat {\n            UIScreen.main.scale\n        }\n    }\n}"),
            // A Swift package's tests run with no host app, so with no scene, ever: nothing to take a scale from but the one screen.
            Example("final class SnapshotTests: XCTestCase {\n    func testRender() { XCTAssertEqual(UIScreen.main.scale, 2) }\n}",
                    path: "Tests/SnapshotTests/SnapshotTests.swift",
                    files: ["Package.swift": "let package = Package(name: \"Kit\", platforms: [.iOS(.v13)], targets: [.target(name: \"Kit\"), .testTarget(name: \"SnapshotTests\", dependencies: [\"Kit\"])])"]),
            // A branch the code switches off (`#define FORCE_RASTERIZE_LAYERS 0`, SVGKit) is never compiled.
            .objc("#import \"Switches.h\"\n@implementation Layers\n- (void)configure:(CALayer *)layer {\n#if FORCE_RASTERIZE_LAYERS\n    layer.rasterizationScale = [[UIScreen mainScreen] scale];\n#endif\n}\n@end",
                  files: ["Switches.h": "#define FORCE_RASTERIZE_LAYERS 0 // if true, layers rasterize\n"]),
            // A Display Zoom check is main-screen's: no display scale answers it.
            Example("func f() { let zoomed = UIScreen.main.scale != UIScreen.main.nativeScale }"),
            .objc("BOOL zoomed = [UIScreen mainScreen].nativeScale > [UIScreen mainScreen].scale;"),
            // Text, not layout: a User-Agent or a log line (element's `Scale/%0.2f`).
            Example("func userAgent() -> String { String(format: \"%@ (iOS %@; Scale/%0.2f)\", name, version, UIScreen.main.scale) }"),
            Example("func userAgent() -> String { \"App/1.0 (Scale/\\(UIScreen.main.scale))\" }"),
            .objc("NSString *UA(void) { return [NSString stringWithFormat:@\"App (Scale/%0.2f)\", [UIScreen mainScreen].scale]; }"),
            Example("func log() { print(\"scale \\(Int(UIScreen.main.scale))\") }"),
            // Pre-scene fallbacks: code that only runs before iOS 13 has nothing to migrate to.
            Example("""
                func scale() -> CGFloat {
                    if #available(iOS 13.0, *) { return UITraitCollection.current.displayScale } else { return UIScreen.main.scale }
                }
                """),
            .objc("""
                CGFloat Scale(void) {
                    if (@available(iOS 13.0, *)) { return UITraitCollection.currentTraitCollection.displayScale; }
                    else { return [UIScreen mainScreen].scale; }
                }
                """),
            Example("class V: UIView { func f() { let s = traitCollection.displayScale } }"),
            Example("let s = view.window?.windowScene?.screen.scale"),
            Example("let s = UIScreen.screens.first?.scale"),
            Example("let s = MyScreen.main.scale"),
            Example("let b = UIScreen.main.bounds"),
            Example("#if false\nlet s = UIScreen.main.scale\n#endif"),
            .objc("#if 0\nCGFloat s = [UIScreen mainScreen].scale;\n#endif"),
            .objc("#define SCREEN_SCALE [UIScreen mainScreen].scale"),
            .objc("CGFloat s = self.window.screen.scale;"),
            Example("func f() { let SCREEN_SCALE = 2.0; print(SCREEN_SCALE) }",
                    files: ["Consts.swift": "let SCREEN_SCALE = UIScreen.main.scale"]),
        ], fixNeedsScenes: true, readiness: .deviceAssumption)
}

import RuleKit
import SourceLexing

/// A global that stores screen geometry is read once and never updated: after a resize every
/// use is stale. WWDC26 session 278 "Modernize your UIKit app" names saving a scene's geometry
/// again as a new global constant as the error to avoid; a real app's adaptation found cached
/// safe-area values broke layouts after windows moved between screens.
/// Reported once at the definition; every use is reported under the read's own rule.
struct GlobalGeometryConstantRule: Rule {
    let description = RuleDescription(
        id: .globalGeometryConstant, name: "Global geometry constant", severity: .warning, facet: .size,
        summary: "A #define, global or static constant, computed property or parameterless function that hands out screen geometry.",
        rationale: """
            Geometry changes while the app runs; a global snapshot of it does not. Code that needs it should read \
            it when it needs it, or observe its changes and drop what it cached. Macros like `SCREEN_WIDTH` spread one \
            assumption through a whole codebase, so fleetscan reports the definition once here and each use \
            under the rule of what it reads, and migration progress is counted in uses.
            """,
        sources: [.modernizeUIKit, .apple("UIWindowScene.effectiveGeometry", "uikit/uiwindowscene/effectivegeometry")],
        fix: RuleDescription.fixed("Read geometry where it is needed (view.bounds, traitCollection.displayScale, windowScene.effectiveGeometry), migrating uses first; if a value must be cached, invalidate it when traits or geometry change."),
        triggering: [
            .objc("#define ↓SCREEN_WIDTH [UIScreen mainScreen].bounds.size.width", path: "Macros.h",
                  message: "`SCREEN_WIDTH` hands out screen geometry (`[UIScreen mainScreen].bounds.size.width`) app-wide; what reads it gets the screen, not the window, which resizes"),
            // A macro in an implementation file (Texture's test prologue) reaches only that file.
            .objc("#define ↓kPrologueFrame [[UIScreen mainScreen] bounds]", path: "Tests.mm",
                  message: "`kPrologueFrame` hands out screen geometry (`[[UIScreen mainScreen] bounds]`) to this file's code; what reads it gets the screen, not the window, which resizes"),
            .objc("#define ↓SCREEN_WIDTH [UIScreen mainScreen].bounds.size.width"),
            .objc("#define ↓SCREEN_SCALE ([[UIScreen mainScreen] scale])"),
            .objc("#define ↓kScaleW(x) ((x) * [UIScreen mainScreen].bounds.size.width / 375.0)"),
            .objc("#define ↓kW SCREEN_WIDTH", files: ["Macros.h": "#define SCREEN_WIDTH [UIScreen mainScreen].bounds.size.width"]),
            .objc("#define ↓kMaxW (MAX(kW, kH))", files: ["Macros.h": """
                #define SCREEN_WIDTH [UIScreen mainScreen].bounds.size.width
                #define kW SCREEN_WIDTH
                #define kH [UIScreen mainScreen].bounds.size.height
                """]),
            .objc("""
                @implementation Device
                + (CGFloat)↓screenScale {
                    return [UIScreen mainScreen].scale;
                }
                @end
                """),
            .objc("static inline CGFloat ↓ScreenWidth(void) { return [UIScreen mainScreen].bounds.size.width; }"),
            .objc("static const CGFloat ↓kOnePixel = 1.0 / SCREEN_SCALE;", path: "Consts.mm", files: ["Macros.h": "#define SCREEN_SCALE [UIScreen mainScreen].scale"]),
            Example("let ↓kScreenWidth = UIScreen.main.bounds.width"),
            Example("let ↓kScreen: CGFloat = { UIScreen.main.bounds.width }()"),
            Example("enum Screen { static let ↓width = UIScreen.main.bounds.size.width }"),
            Example("extension UIScreen { static var ↓screenScale: CGFloat { UIScreen.main.scale } }"),
            Example("func ↓screenHeight() -> CGFloat { return UIScreen.main.bounds.height }"),
            Example("let ↓kHalf = kScreenWidth / 2", files: ["Constants.swift": "let kScreenWidth = UIScreen.main.bounds.width"]),
        ],
        nonTriggering: [
            // A shared object made with the screen's size is no size (DoraemonKit's home window).
            .objc("@implementation HomeWindow\n+ (HomeWindow *)shareInstance {\n    static dispatch_once_t once;\n    static HomeWindow *instance;\n    dispatch_once(&once, ^{\n        instance = [[HomeWindow alloc] initWithFrame:CGRectMake(0, 0, ScreenWidth, 100)];\n    });\n    return instance;\n}\n@end",
                  files: ["Define.h": "#define ScreenWidth [UIScreen mainScreen].bounds.size.width", "HomeWindow.h": "@interface HomeWindow : UIWindow\n@end"], wraps: false),
            // An object made with the screen's size is that object, not a size (2FAS's toast window).
            Example("final class ToastWindow: UIWindow {\n    static let shared = ToastWindow(frame: UIScreen.main.bounds)\n}\nfunc show() { ToastWindow.shared.isHidden = false }"),
            // An environment key's default, where no view in a window has set the scale (Blueprint's `DisplayScaleKey`).
            Example("extension Environment {\n    private enum DisplayScaleKey: EnvironmentKey {\n        static var defaultValue: CGFloat {\n            UIScreen.main.scale\n        }\n    }\n}"),
            // RULES.md "Aliases": a mutable global assigned elsewhere is state, not an alias.
            Example("enum Screen { static var width = UIScreen.main.bounds.width }",
                    files: ["VC.swift": "class VC: UIViewController { override func viewWillTransition(to size: CGSize, with c: UIViewControllerTransitionCoordinator) { Screen.width = size.width } }"]),
            // A value of another type made from geometry is no alias of it (its read is reported where it is).
            Example("enum Camera { private static func videoOrientation() -> AVCaptureVideoOrientation { AVCaptureVideoOrientation(deviceOrientation: UIScreen.main.orientation) ?? .portrait } }"),
            Example("let kOrientation: AVCaptureVideoOrientation = AVCaptureVideoOrientation(interfaceOrientation: UIScreen.main.orientation)"),
            .objc("#define IS_IPHONE_X ([UIScreen mainScreen].bounds.size.height == 812.0)"),
            .objc("#define kPadding 16"),
            .objc("#define SCREEN_BOUNDS_KEY @\"[UIScreen mainScreen].bounds\""),
            .objc("- (void)f { CGFloat w = [UIScreen mainScreen].bounds.size.width; }"),
            Example("class V: UIView { let w = UIScreen.main.bounds.width }"),
            Example("func layout() { let w = UIScreen.main.bounds.width }"),
            Example("var cachedWidth: CGFloat = 0"),
            Example("enum Metrics { static func width(times x: CGFloat) -> CGFloat { UIScreen.main.bounds.width * x } }"),
            Example("""
                final class Observer {
                    private static let task = Task { @MainActor in
                        while true { _ = UIScreen.main.bounds.size.width }
                    }
                }
                """),
            .objc("static dispatch_block_t const kLog = ^{ NSLog(@\"%f\", [UIScreen mainScreen].scale); };"),
            Example("""
                func screenInfo() -> String {
                    let w = UIScreen.main.bounds.width
                    return "\\(w)"
                }
                """),
        ])

    func checkFile(_ file: CodeFile, model: RepositoryModel, into sink: inout FindingSink) {
        for aliases in model.aliases.values {
            for alias in aliases where alias.site.path == file.path && alias.rule != .screenSizeDeviceCheck && alias.rule != RuleID.idiomLayout {
                sink.report(description.id, at: alias.site.offset, token: file.tokenIndex(at: alias.site.offset), facet: alias.facet,
                            message: "`\(alias.name)` hands out screen geometry (`\(alias.reads)`) \(alias.fileLocal ? "to this file's code" : "app-wide"); what reads it gets the screen, not the window, which resizes")
            }
        }
    }
}

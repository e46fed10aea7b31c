import RuleKit

/// Any other use of the main screen assumes the app is on it. WWDC26 "Make your app ready for
/// iPhone Duo": on a two-display device, avoid referencing the main screen in code — it is ambiguous
/// and will be deprecated in a future release; WWDC26 session 278 "Modernize your UIKit app": reach
/// the screen through the window scene.
struct MainScreenRule: ScreenGeometryRule {
    var aliasReading: String { "is the main screen, not necessarily the screen this scene is on" }
    let description = RuleDescription(
        id: .mainScreen, name: "Main screen", severity: .warning, facet: .screen,
        summary: "Uses the main screen (passed around, brightness, coordinate space…) instead of the scene's screen.",
        rationale: """
            When an app is mirrored to a Mac, moved to an external display or runs on the other display of a \
            foldable iPhone, its scene is not on the main screen, so anything read from `UIScreen.main` describes \
            the wrong screen. Apple's documentation discourages the symbol — referencing the main screen is ambiguous \
            on a two-display device; reach the screen through the window scene (`view.window.windowScene.screen`) when it \
            is really needed.
            """,
        sources: [.modernizeUIKit, .iPhoneDuo, .apple("UIScreen.main", "uikit/uiscreen/main"), .apple("UIWindowScene.screen", "uikit/uiwindowscene/screen")],
        fix: GeometryFixes.screen,
        triggering: [
            // A SwiftUI view's brightness control: the screen of its scene, not a size (yattee's player).
            Example("import SwiftUI\nstruct Player: View {\n    var body: some View { Slider(value: .constant(0.5)).onAppear { ↓UIScreen.main.brightness = 0.5 } }\n}",
                    suggestion: "use the screen of the view's window scene"),
            // What only a screen has: its scene's screen is the advice, not the trait collection (brave's brightness).
            Example("final class Reader: UIViewController {\n    func dim(_ v: CGFloat) { ↓UIScreen.main.brightness = v }\n}",
                    suggestion: "Use `view.window?.windowScene?.screen`, the screen this view's scene is on."),
            // Before the view is in a window its window scene's screen is nil (AltStore's viewDidLoad, DTCoreText's setup from init).
            Example("final class Instructions: UIViewController {\n    override func viewDidLoad() {\n        super.viewDidLoad()\n        if ↓UIScreen.main.isExtraCompactHeight { compact() }\n    }\n}",
                    suggestion: "Here the view is not in a window yet"),
            Example("final class Tiles: UIView {\n    override init(frame: CGRect) { super.init(frame: frame); setup() }\n    private func setup() { let screen = ↓UIScreen.main; tileSize = screen.bounds.size }\n}",
                    suggestion: "decide once the view is in one (didMoveToWindow, layoutSubviews)"),
            // Set up from an initializer but run later, once the view is on screen: a stored handler, code
            // after a guard on the window (Delta's skin previews) — there the window scene is there to ask.
            Example("final class Skins: UIViewController {\n    required init?(coder: NSCoder) { super.init(coder: coder); prepare() }\n    private func prepare() { source.prefetchHandler = { [unowned self] item in self.load(item, ↓UIScreen.main.currentMode) } }\n}",
                    suggestion: "Use `view.window?.windowScene?.screen`, the screen this view's scene is on."),
            Example("final class Skins: UIViewController {\n    override func viewDidLoad() { super.viewDidLoad(); update() }\n    private func update() {\n        guard let window = view.window else { return }\n        load(window, ↓UIScreen.main.currentMode)\n    }\n}",
                    suggestion: "Use `view.window?.windowScene?.screen`, the screen this view's scene is on."),
            // A window subclass asks itself for its scene's screen (YYKit's text effect window).
            .objc("@implementation EffectWindow\n- (void)show { [self moveTo:[↓UIScreen mainScreen]]; }\n@end",
                  files: ["EffectWindow.h": "@interface EffectWindow : UIWindow\n@end"], suggestion: "Use `self.windowScene.screen`"),
            Example("func f() { let screen = ↓UIScreen.main }"),
            // A setter takes no parameter (Charts' accessibility element): the object holds the view it works for.
            Example("final class ChartElement: UIAccessibilityElement {\n    weak var host: UIView?\n    override var accessibilityFrame: CGRect {\n        get { super.accessibilityFrame }\n        set { super.accessibilityFrame = host?.convert(newValue, to: ↓UIScreen.main.coordinateSpace) ?? newValue }\n    }\n}",
                    suggestion: "A property's getter or setter takes no parameter"),
            // The current mode is the physical screen's pixels: only a screen answers it.
            Example("final class Cal: UIView {\n    func pixels() -> CGSize { ↓UIScreen.main.currentMode!.size }\n}",
                    suggestion: "Use `window?.windowScene?.screen`, the screen this view's scene is on."),
            // Whether the main screen is zoomed (Display Zoom) is a question about that screen.
            Example("func f() { let zoomed = ↓UIScreen.main.scale != UIScreen.main.nativeScale }"),
            .objc("BOOL zoomed = [↓UIScreen mainScreen].nativeScale > [UIScreen mainScreen].scale;"),
            Example("↓UIScreen.main.brightness = 0.8"),
            Example("func f() { let space = ↓UIScreen.main.coordinateSpace }"),
            Example("func f() { let traits = ↓UIScreen.main.traitCollection }"),
            // Light or dark picked once from the main screen (Sentry's theme defaults): a dynamic color.
            Example("final class Theme {\n    var foreground: UIColor = ↓UIScreen.main.traitCollection.userInterfaceStyle == .dark ? .white : .black\n}",
                    suggestion: "give such colors as dynamic colors, which resolve for the trait collection of whatever draws them — `UIColor { traits in"),
            .objc("@implementation Badge\n- (void)paint { self.tint = [↓UIScreen mainScreen].traitCollection.userInterfaceStyle == UIUserInterfaceStyleDark ? UIColor.whiteColor : UIColor.blackColor; }\n@end",
                  files: ["Badge.h": "@interface Badge : UIView\n@end"], suggestion: "`colorWithDynamicProvider:` (iOS 13), or a color from the asset catalog — or, where a value must be worked out, read `self.traitCollection.userInterfaceStyle`"),
            // The screen's size class is the whole display's: the view's own traits follow the window (CRToast).
            .objc("@implementation Toast\n- (void)layout { BOOL regular = [↓UIScreen mainScreen].traitCollection.horizontalSizeClass == UIUserInterfaceSizeClassRegular; [self wide:regular]; }\n@end",
                  files: ["Toast.h": "@interface Toast : UIView\n@end"], suggestion: "Use `self.traitCollection`: the view's traits follow its window"),
            Example("render(on: ↓UIScreen.main)"),
            .objc("[self renderOn:[↓UIScreen mainScreen]];"),
            .objc("[↓UIScreen mainScreen].brightness = 0.8;"),
            .objc("UIScreen *s = ↓UIScreen.mainScreen;"),
            .objc("id<UICoordinateSpace> space = [[↓UIScreen mainScreen] fixedCoordinateSpace];"),
            .objc("[↓MAIN_SCREEN setBrightness:1];", files: ["Macros.h": "#define MAIN_SCREEN [UIScreen mainScreen]"]),
        ],
        nonTriggering: [
            // The main screen only where the view has no window (UTM's point-to-pixel helpers).
            .objc("static inline CGFloat PointToPixel(UIView *view, CGFloat point) {\n    UIScreen *screen = view.window.screen;\n    if (!screen) {\n        screen = [UIScreen mainScreen];\n    }\n    return point * screen.nativeScale;\n}", wraps: false),
            // The main screen only where the view has no window yet (LNPopupController's bar).
            .objc("@implementation Bar\n- (void)layout {\n    UIScreen *screen = self.window.screen ?: UIScreen.mainScreen;\n    [self useScreen:screen];\n}\n@end", wraps: false),
            // The last resort of a helper that looks through the connected scenes first (FLEX's `FLEXScreen()`).
            .objc("UIScreen *AppScreen(void) {\n    if (@available(iOS 13.0, *)) {\n        for (UIScene *scene in UIApplication.sharedApplication.connectedScenes) {\n            if ([scene isKindOfClass:[UIWindowScene class]]) { return ((UIWindowScene *)scene).screen; }\n        }\n    }\n    return UIScreen.mainScreen;\n}", wraps: false),
            Example("func appScreen() -> UIScreen {\n    for case let scene as UIWindowScene in UIApplication.shared.connectedScenes { return scene.screen }\n    return UIScreen.main\n}"),
            // The main screen only where the screen at hand is unknown.
            Example("func captured(_ n: Notification) -> Bool { (n.object as? UIScreen)?.isCaptured ?? UIScreen.main.isCaptured }"),
            // A capability check sent to the screen object (an old SDWebImage copy) uses no screen.
            .objc("- (BOOL)f { return [[UIScreen mainScreen] respondsToSelector:@selector(scale)]; }"),
            Example("func f() -> Bool { UIScreen.main.responds(to: #selector(getter: UIScreen.nativeScale)) }"),
            // A camera's video orientation from the device and its built-in screen.
            Example("""
                func currentVideoOrientation() -> AVCaptureVideoOrientation {
                    AVCaptureVideoOrientation(deviceOrientation: UIDevice.current.orientation)
                        ?? AVCaptureVideoOrientation(deviceOrientation: UIScreen.main.orientation) ?? .portrait
                }
                """),
            // The main screen until the screen at hand is known (iSH: a keyboard notification's object is nil before iOS 16.1).
            .objc("@implementation Terminal\n- (void)keyboardDidChange:(NSNotification *)n {\n    UIScreen *screen = UIScreen.mainScreen;\n    if (n.object != nil) screen = n.object;\n    [self fitTo:screen];\n}\n@end"),
            // Whether a screen is the built-in one: only the main screen answers that (blink, YYKit).
            Example("func f() { guard let window = view.window, window.screen === UIScreen.main else { return } }"),
            .objc("@implementation UIScreen (Kit)\n- (BOOL)isMain { return [self isEqual:[UIScreen mainScreen]]; }\n@end"),
            .objc("@implementation Info\n- (void)list { UIScreen *main = UIScreen.mainScreen; for (UIScreen *s in UIScreen.screens) { NSLog(@\"%d\", main == s); } }\n@end"),
            Example("let screen = view.window?.windowScene?.screen"),
            Example("let screens = UIScreen.screens"),
            Example("extension UIScreen { func describe() {} }"),
            Example("func show(on screen: UIScreen) {}"),
            Example("let w = UIScreen.main.bounds.width"),
            Example("let s = UIScreen.main.scale"),
            .objc("UIScreen *screen = self.view.window.windowScene.screen;"),
            .objc("BOOL ok = [UIScreen instancesRespondToSelector:@selector(currentMode)];"),
        ],
        fixNeedsScenes: true, readiness: .deviceAssumption)
}

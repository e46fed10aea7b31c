import RuleKit

/// The size of the screen is not the size an app has once windows resize: iPhone apps resize
/// in iPhone Mirroring and on iPad, and a foldable iPhone has two displays. WWDC26 session 278
/// "Modernize your UIKit app": in a resizable window the screen's size and the size the app has
/// are two different things; a real app's adaptation to a two-display device (WWDC26 "Make your
/// app ready for iPhone Duo") found thirty-odd `UIScreen.main.bounds` reads behind layout and
/// device guesses.
struct MainScreenBoundsRule: ScreenGeometryRule {
    var aliasReading: String { "is the size of the whole screen, not of the window" }
    let description = RuleDescription(
        id: .mainScreenBounds, name: "Main screen bounds", severity: .warning, facet: .size,
        summary: "Lays out from the size of the main screen instead of the space the view or scene has.",
        rationale: """
            In a resizable window the screen's size and the app's size are different things. A view controller \
            should lay out from its own view's bounds, which also keeps it right inside split views and sheets; a scene \
            from its effective geometry (iOS 16). On two-display devices, layouts sized from `UIScreen.main.bounds` are \
            the ones that break first.
            """,
        sources: [.modernizeUIKit, .iPhoneDuo, .apple("UIScreen.main", "uikit/uiscreen/main"), .apple("UIWindowScene.effectiveGeometry", "uikit/uiwindowscene/effectivegeometry")],
        fix: GeometryFixes.bounds,
        triggering: [
            // A window's own code: its bounds are its scene's only while it fills it (DoraemonKit's floating entry window).
            .objc("@implementation EntryWindow\n- (void)dock {\n    CGFloat w = [↓UIScreen mainScreen].bounds.size.width;\n    self.center = CGPointMake(w - 30, self.center.y);\n}\n@end",
                  files: ["EntryWindow.h": "@interface EntryWindow : UIWindow\n@end"], wraps: false,
                  suggestion: "This is a window, whose own bounds are the area it lays out in only while it fills its scene"),
            // A type that stands for a screen (SwiftUIX's `Screen`): it is to keep the screen it is for.
            Example("public final class Screen {\n    public static let main = Screen()\n    public var bounds: CGRect {\n        return ↓UIScreen.main.bounds\n    }\n}",
                    suggestion: "This type stands for a screen: have it keep the `UIScreen` it is for"),
            // The screen standing in while the view has no size yet (Threema's group-call layout).
            Example("enum Layout {\n    static func height(of view: UIView) -> Double {\n        let h: Double = if view.bounds.height != 0 {\n            view.bounds.height\n        } else {\n            ↓UIScreen.main.bounds.height\n        }\n        return h\n    }\n}", suggestion: "Here the screen's size stands in while the view has no size yet"),
            Example("func width(of view: UIView) -> CGFloat { let w: CGFloat = view.bounds.width > 0 ? view.bounds.width : ↓UIScreen.main.bounds.width; return w }", suggestion: "Here the screen's size stands in while the view has no size yet"),
            // A static set once from the screen: every window reads the same.
            Example("enum Setup {\n    static func run() {\n        Layout.screenWidth = ↓UIScreen.main.bounds.width\n    }\n}", suggestion: "This stores the screen's size once, app-wide"),
            // A test's view made with the screen's size, where the tests run in a host app (its scene's
            // window is at hand): the test gives it the size it asserts (Parchment's layout tests).
            Example("final class LayoutTests: XCTestCase {\n    func testColumns() {\n        let grid = UIView(frame: ↓UIScreen.main.bounds)\n        XCTAssertEqual(grid.subviews.count, 0)\n    }\n}",
                    path: "Tests/KitTests/LayoutTests.swift",
                    suggestion: "give the view under test a fixed frame"),
            // A protocol extension for view controllers alone has their view (PanModal's layout helpers).
            Example("protocol Presentable: AnyObject {}\nextension Presentable where Self: UIViewController {\n    var topMargin: CGFloat { ↓UIScreen.main.bounds.height - 100 }\n}",
                    suggestion: "Use `view.bounds`"),
            // A size member the repository adds to UIScreen is the screen's size (SwiftEntryKit's `minEdge`).
            Example("final class Presets: NSObject {\n    func maxWidth() -> CGFloat { ↓UIScreen.main.minEdge - 40 }\n}",
                    files: ["UIScreen+Utils.swift": "extension UIScreen {\n    var minEdge: CGFloat { min(bounds.width, bounds.height) }\n}"],
                    message: "`UIScreen.main.minEdge` is the size of the whole screen, not of the window, which resizes"),
            // A member that works out the orientation from the screen: the window's own shape answers.
            Example("final class Calendar: UIView {\n    var isLandscape: Bool { ↓UIScreen.main.bounds.width > UIScreen.main.bounds.height }\n}",
                    suggestion: "compare the width and height of `bounds` instead"),
            // Not an Apple TV, or an Apple TV or else: iOS runs it.
            Example("final class Player: UIView {\n    func inset() -> CGFloat {\n        if UIDevice.current.userInterfaceIdiom != .tv { return ↓UIScreen.main.bounds.width / 10 }\n        return 16\n    }\n}"),
            Example("final class Player: UIView {\n    func inset() -> CGFloat {\n        if UIDevice.isTV || wide { return ↓UIScreen.main.bounds.width / 10 }\n        return 16\n    }\n}"),
            // A toolbar made with the screen's width that is no keyboard's accessory: laid out where it is added.
            Example("final class Form: UIViewController {\n    override func viewDidLoad() {\n        super.viewDidLoad()\n        let toolbar = UIToolbar(frame: CGRect(x: 0, y: 0, width: ↓UIScreen.main.bounds.width, height: 50))\n        view.addSubview(toolbar)\n    }\n}"),
            // A window's frame, where the frame given is the scene's and nil without one (SwiftMessages' overlay window).
            Example("final class Overlay: UIViewController {\n    private func show(frame: CGRect? = nil) {\n        guard let window = overlayWindow else { return }\n        window.frame = frame ?? ↓UIScreen.main.bounds\n    }\n}",
                    suggestion: "This is a window's frame"),
            // A notification's or gesture's handler takes no parameter of its caller's choosing (Whisper, Lightbox).
            Example("final class Presenter: NSObject {\n    @objc func orientationChanged(_ note: Notification) {\n        banner.frame.size.width = ↓UIScreen.main.bounds.width\n    }\n}",
                    suggestion: "This is a notification or gesture handler"),
            // An intrinsic size answering the screen's width (Habitica's banner views).
            Example("final class Banner: UIView {\n    override var intrinsicContentSize: CGSize {\n        CGSize(width: ↓UIScreen.main.bounds.size.width, height: 140)\n    }\n}",
                    suggestion: "answer `UIView.noIntrinsicMetric` for the width"),
            .objc("@implementation Banner\n- (CGSize)intrinsicContentSize {\n    return CGSizeMake([↓UIScreen mainScreen].bounds.size.width, 140);\n}\n@end",
                  files: ["Banner.h": "@interface Banner : UIView\n@end"], suggestion: "answer `UIViewNoIntrinsicMetric` for the width"),
            // A delegate's callback has its protocol's signature (Slide's watch session).
            Example("final class WatchSession: NSObject, WCSessionDelegate {\n    func session(_ session: WCSession, didReceiveMessage message: [String: Any]) {\n        banner.frame.size.width = ↓UIScreen.main.bounds.width\n    }\n}",
                    suggestion: "or a delegate's callback, which the system calls with its own arguments"),
            // A cell is sized by its list, and a self-sizing one by this very content (deltachat's image cell).
            Example("final class ImageTextCell: UITableViewCell {\n    func setAspectRatio(_ ratio: CGFloat) {\n        imageHeight.constant = min(↓UIScreen.main.bounds.height * 5 / 8, width * ratio)\n    }\n}",
                    suggestion: "A cell's size comes from its table or collection view"),
            // A transition given the view controller it moves in (MZFormSheetPresentationController's transitions).
            .objc("@implementation SlideFromTop\n- (void)entryTransition:(nonnull UIViewController *)sheet completion:(void (^)(void))done {\n    CGRect rect = sheet.view.frame;\n    rect.origin.y = -[↓UIScreen mainScreen].bounds.size.height;\n    sheet.view.frame = rect;\n}\n@end",
                  suggestion: "`sheet.view.superview.bounds`"),
            // An interactive animator's transition context, held in a local: its container view (MZFormSheetPresentationController).
            .objc("@implementation Animator\n- (void)finishInteractiveTransition {\n    id<UIViewControllerContextTransitioning> context = self.transitionContext;\n    UIView *source = [context viewForKey:UITransitionContextFromViewKey];\n    CGRect frame = source.frame;\n    frame.origin.y = [↓UIScreen mainScreen].bounds.size.height;\n    source.frame = frame;\n}\n@end",
                  suggestion: "`context.containerView.bounds`"),
            // A parameterless method a selector names is one too (Whisper's `orientationDidChange`).
            Example("final class Factory: NSObject {\n    override init() {\n        super.init()\n        NotificationCenter.default.addObserver(self, selector: #selector(Factory.orientationDidChange), name: UIDevice.orientationDidChangeNotification, object: nil)\n    }\n    @objc func orientationDidChange() {\n        banner.frame.size.width = ↓UIScreen.main.bounds.width\n    }\n}",
                    suggestion: "This is a notification or gesture handler"),
            .objc("@implementation Factory\n- (instancetype)init {\n    self = [super init];\n    [NSNotificationCenter.defaultCenter addObserver:self selector:@selector(rotated) name:UIDeviceOrientationDidChangeNotification object:nil];\n    return self;\n}\n- (void)rotated {\n    self.banner.frame = CGRectMake(0, 0, [↓UIScreen mainScreen].bounds.size.width, 44);\n}\n@end",
                  suggestion: "This is a notification or gesture handler"),
            .objc("@implementation Transition\n- (void)pan:(UIPanGestureRecognizer *)gesture {\n    CGFloat h = [↓UIScreen mainScreen].bounds.size.height;\n    self.progress = [gesture translationInView:nil].y / h;\n}\n@end",
                  suggestion: "a gesture's own view is at hand"),
            // A window's frame set from the screen in a view controller: the scene sizes a window (Drops).
            Example("final class Overlay: UIViewController {\n    var window: UIWindow?\n    func install() {\n        window?.frame = ↓UIScreen.main.bounds\n        window?.isHidden = false\n    }\n}",
                    suggestion: "This is a window's frame"),
            // A constraint's constant from the screen: relate it to the container instead (openfoodfacts' empty view).
            Example("final class Empty: UIView {\n    func setUp() {\n        label.widthAnchor.constraint(equalToConstant: ↓UIScreen.main.bounds.size.width * 0.9).isActive = true\n    }\n}",
                    suggestion: "This is a layout constraint's constant"),
            .objc("@implementation Empty\n- (void)setUp {\n    [self.label.widthAnchor constraintEqualToConstant:↓UIScreen.mainScreen.bounds.size.width * 0.9].active = YES;\n}\n@end",
                  files: ["Empty.h": "@interface Empty : UIView\n@end"], suggestion: "This is a layout constraint's constant"),
            // A default that is no window's size is the screen's size all the same.
            Example("func f(_ maxWidth: CGFloat?) -> CGFloat { maxWidth ?? ↓UIScreen.main.bounds.width }"),
            // A window's initializer: a window has no superview, its scene sizes it (SwiftEntryKit's fallback).
            Example("final class EntryWindow: UIWindow {\n    init() {\n        super.init(frame: ↓UIScreen.main.bounds)\n    }\n}",
                    suggestion: "This is a window's frame"),
            // A view controller's initializer: `view` is not loaded yet, and reading it would load it (MJRefresh's example).
            .objc("@implementation Pages\n- (instancetype)init {\n    UICollectionViewFlowLayout *layout = [UICollectionViewFlowLayout new];\n    layout.itemSize = CGSizeMake(↓UIScreen.mainScreen.bounds.size.width, 200);\n    return [self initWithCollectionViewLayout:layout];\n}\n@end",
                  files: ["Pages.h": "@interface Pages : UICollectionViewController\n@end"], suggestion: "set this in viewDidLayoutSubviews from `self.view.bounds`"),
            // An overlay a presenter makes and pins with constraints (NVActivityIndicatorPresenter): `.zero` does.
            Example("final class Presenter {\n    func show(in window: UIWindow) {\n        let container = UIView(frame: ↓UIScreen.main.bounds)\n        container.translatesAutoresizingMaskIntoConstraints = false\n        window.addSubview(container)\n    }\n}",
                    suggestion: "create it with `.zero` — its superview sizes it — and lay it out from its container's bounds in constraints (or the container's layoutSubviews)."),
            // A subscription made in init runs for the view's whole life: the size init was given goes stale (isowords' cube).
            Example("final class Cube: UIView {\n    let nub = UIView()\n    init(size: CGSize, p: Publisher) {\n        super.init(frame: .zero)\n        p.sink { [weak self] _ in\n            self?.nub.center.x = ↓UIScreen.main.bounds.width / 2\n        }\n    }\n}",
                    suggestion: "Use `bounds`"),
            // A SwiftUI view's static helper has no environment and is offered no size (Aidoku's grid columns).
            Example("import SwiftUI\nstruct Grid: View {\n    var body: some View { Text(\"\") }\n    static private func columns() -> [GridItem] {\n        let rows = 3\n        let idealWidth = ↓UIScreen.main.bounds.size.width / CGFloat(rows)\n        return [GridItem(.adaptive(minimum: idealWidth))]\n    }\n}",
                    suggestion: "as a parameter"),
            // A scene delegate's stored property is made before its scene connects (Aidoku's privacy cover).
            Example("class SceneDelegate: UIResponder, UIWindowSceneDelegate {\n    var window: UIWindow?\n    let cover: UIView = {\n        let view = UIView(frame: ↓UIScreen.main.bounds)\n        return view\n    }()\n}",
                    suggestion: "A stored property's initial value is computed once"),
            // What a member works out the view controller's own size from (ello's alert: `view.frame.size = desiredSize`).
            Example("final class Alert: UIViewController {\n    var desiredSize: CGSize { CGSize(width: 300, height: min(400, ↓UIScreen.main.bounds.height - 20)) }\n    func resize() { view.frame.size = desiredSize }\n}",
                    suggestion: "This code sets (or works out) the view controller's own size"),
            // A method given a view draws into that view; a rectangle beside it may be anything in it (TZImagePickerController's crop hole).
            .objc("@implementation CropMask\n+ (void)addMaskToView:(UIView *)view hole:(CGRect)hole {\n    UIBezierPath *p = [UIBezierPath bezierPathWithRect:[↓UIScreen mainScreen].bounds];\n    [p appendPath:[UIBezierPath bezierPathWithRect:hole]];\n}\n@end",
                  suggestion: "Use `view.bounds`, of the view this method is given to lay out in"),
            Example("func cellSize(_ collectionView: UICollectionView, columns: Int) -> CGSize { CGSize(width: ↓UIScreen.main.bounds.width / CGFloat(columns), height: 44) }",
                    suggestion: "Use `collectionView.bounds`"),
            // The frame a view's own initializer passes on: `self` has no bounds yet (ello's screens).
            Example("class Badge: UIView {\n    convenience init() { self.init(frame: ↓UIScreen.main.bounds) }\n}",
                    suggestion: "This is the frame the view is created with, before any container holds it: create it with `.zero`"),
            Example("class Form: UIView {\n    init(rows: [String]) { self.rows = rows; super.init(frame: ↓UIScreen.main.bounds) }\n}",
                    suggestion: "create it with `.zero`"),
            // Inside the rectangle it passes on too (OneBusAway's headline view).
            .objc("@implementation Headline\n- (instancetype)initWithHeadline:(NSString *)h {\n    self = [super initWithFrame:CGRectMake(0, 0, [↓UIScreen mainScreen].bounds.size.width, 44)];\n    return self;\n}\n@end",
                  files: ["Headline.h": "@interface Headline : UIView\n@end"], suggestion: "create it with `CGRectZero`"),
            Example("class Bar: UIView {\n    init() { super.init(frame: CGRect(x: 0, y: 0, width: ↓UIScreen.main.bounds.width, height: 44)) }\n}",
                    suggestion: "create it with `.zero`"),
            .objc("@implementation Badge\n- (instancetype)init { return [super initWithFrame:[↓UIScreen mainScreen].bounds]; }\n@end",
                  files: ["Badge.h": "@interface Badge : UIView\n@end"], suggestion: "create it with `CGRectZero`"),
            // Kept in a local, then compared with the view's own size: the same fill-screen question.
            .objc("@implementation Picker\n- (CGRect)cropRect { CGFloat screenHeight = [↓UIScreen mainScreen].bounds.size.height; BOOL full = self.view.tz_height == screenHeight; return full ? _rect : CGRectZero; }\n@end",
                  files: ["Picker.h": "@interface Picker : UIViewController\n@end"], suggestion: "Whether the window fills the screen is no question to lay out by"),
            // The view's own size through a category's property (TZImagePickerController's `tz_height`):
            // whether the view fills the screen, which its own bounds cannot answer.
            .objc("@implementation Picker\n- (void)viewDidLayoutSubviews { BOOL full = self.view.tz_height == [↓UIScreen mainScreen].bounds.size.height; [self offset:full]; }\n@end",
                  files: ["Picker.h": "@interface Picker : UIViewController\n@end"],
                  suggestion: "for the room bars and the home indicator take, use `self.view.safeAreaInsets`"),
            // SwiftUI's container-relative frame is iOS 17: below it, the suggestion says to guard it.
            Example("struct Call: View {\n    var body: some View { Text(\"\").frame(width: ↓UIScreen.main.bounds.width) }\n}",
                    files: ["Package.swift": "let package = Package(name: \"App\", platforms: [.iOS(.v16)])"],
                    suggestion: "`containerRelativeFrame` needs iOS 17.0 and this code deploys to iOS 16.0"),
            // The same in Objective-C, spelt so (OneBusAway's controllers).
            .objc("@implementation Stops\n- (void)loadView { self.view = [[UIView alloc] initWithFrame:[↓UIScreen mainScreen].bounds]; }\n@end",
                  files: ["Stops.h": "@interface Stops : UIViewController\n@end"], suggestion: "create views with any frame (`CGRectZero`)"),
            // A new view made in an initializer: `view.bounds` there would load the view early (Provenance's Metal view).
            Example("final class Renderer: UIViewController {\n    let metal: MTKView\n    init(device: MTLDevice) {\n        metal = MTKView(frame: ↓UIScreen.main.bounds, device: device)\n        super.init(nibName: nil, bundle: nil)\n    }\n}",
                    suggestion: "create it with `.zero` — its superview sizes it — and lay it out from its container's bounds in the view controller's viewDidLayoutSubviews"),
            // loadView makes the view: `view.bounds` there would call it again (brave's notifications presenter).
            Example("final class Presenter: UIViewController {\n    override func loadView() { view = PresenterView(frame: ↓UIScreen.main.bounds) }\n}",
                    suggestion: "In loadView the view has no size yet, and reading `view` would call loadView again"),
            // Compared with another object's size (iSH's floating-keyboard test), not the window's: no fill-screen question.
            .objc("- (void)f:(CGRect)keyboardFrame { if (keyboardFrame.size.width != ↓UIScreen.mainScreen.bounds.size.width) { [self floating]; } }",
                  message: "`UIScreen.mainScreen.bounds.size.width` is the size of the whole screen, not of the window, which resizes"),
            // A check of a later version leaves the code running where windows have scenes.
            Example("func f() -> CGRect {\n    guard ProcessInfo.processInfo.operatingSystemVersion.majorVersion < 17 else { return .zero }\n    return ↓UIScreen.main.bounds\n}",
                    files: ["Package.swift": "let package = Package(name: \"App\", platforms: [.iOS(.v12)])"]),
            // Screen against window: whether the app fills the screen (focus-ios's split-view check).
            Example("final class VC: UIViewController {\n    override func viewDidLoad() {\n        super.viewDidLoad()\n        showsTools = ↓UIScreen.main.bounds.width == view.frame.size.width\n    }\n}",
                    message: "`UIScreen.main.bounds.width` compared with the view's own size asks whether the window fills the screen, which resizable windows make meaningless",
                    suggestion: "Decide from `traitCollection.horizontalSizeClass`"),
            Example("final class VC: UIViewController {\n    override func viewWillTransition(to size: CGSize, with c: UIViewControllerTransitionCoordinator) {\n        isRegular = size.width != ↓UIScreen.main.bounds.width\n    }\n}",
                    suggestion: "Whether the window fills the screen is no question to lay out by"),
            // A fallback below a version after the deployment target still runs.
            Example("func f() { if #available(iOS 15, *) { } else { let w = ↓UIScreen.main.bounds.width } }", files: ["Package.swift": "let package = Package(name: \"App\", platforms: [.iOS(.v12)])"]),
            // The fixed coordinate space's bounds are the screen's (Kodi Remote's `GET_MAINSCREEN_WIDTH`).
            .objc("CGFloat w = CGRectGetWidth(↓UIScreen.mainScreen.fixedCoordinateSpace.bounds);"),
            Example("func f() { let b = ↓UIScreen.main.coordinateSpace.bounds }"),
            // The initial read of a mutable global that other code assigns is an ordinary read;
            // its uses are not (RULES.md "Aliases").
            Example("enum Screen { static var width = ↓UIScreen.main.bounds.width }",
                    files: ["VC.swift": "class VC: UIViewController { func f(size: CGSize) { Screen.width = size.width; layout(Screen.width) } }"]),
            Example("""
                class FeedViewController: UIViewController {
                    override func viewDidLoad() {
                        let w = ↓UIScreen.main.bounds.width
                    }
                }
                """),
            Example("func f() { let size = ↓UIScreen.main.bounds.size }"),
            Example("func f() { let h = ↓UIScreen.main.nativeBounds.height }"),
            Example("func f() { let frame = CGRect(x: 0, y: 0, width: ↓UIScreen.main.bounds.width, height: 44) }"),
            Example("func f() { let half = ↓UIScreen.main.bounds.height * 0.5 > 300 }"),
            .objc("CGFloat w = [↓UIScreen mainScreen].bounds.size.width;"),
            .objc("CGRect r = [[↓UIScreen mainScreen] bounds];"),
            .objc("CGFloat w = CGRectGetWidth([↓UIScreen mainScreen].bounds);"),
            .objc("CGRect f = [↓UIScreen mainScreen].applicationFrame;"),
            .objc("CGRect f = ↓UIScreen.mainScreen.bounds;"),
            .objc("""
                @implementation FeedViewController
                - (void)viewDidLoad {
                    self.table.frame = CGRectMake(0, 0, ↓SCREEN_WIDTH,
                                                  ↓SCREEN_HEIGHT - 64);
                }
                @end
                """, files: ["Macros.h": """
                    #define SCREEN_WIDTH [UIScreen mainScreen].bounds.size.width
                    #define SCREEN_HEIGHT ([[UIScreen mainScreen] bounds].size.height)
                    """]),
            .objc("CGFloat w = ↓kW;", files: ["Macros.h": "#define SCREEN_WIDTH [UIScreen mainScreen].bounds.size.width\n#define kW SCREEN_WIDTH"]),
            .objc("CGFloat x = ↓kScaleW(10);", files: ["Macros.h": "#define kScaleW(x) ((x) * [UIScreen mainScreen].bounds.size.width / 375.0)"]),
            Example("func f() { let w = ↓kScreenWidth - 32 }", files: ["Constants.swift": "let kScreenWidth = UIScreen.main.bounds.width"]),
            Example("func f() { let w = ↓screenWidth() }", files: ["Geometry.swift": "func screenWidth() -> CGFloat { UIScreen.main.bounds.width }"]),
            .objc("CGFloat w = ↓ScreenWidth();", files: ["Geometry.h": "static inline CGFloat ScreenWidth(void) { return [UIScreen mainScreen].bounds.size.width; }"]),
            Example("""
                enum Layout {
                    static let width = UIScreen.main.bounds.width
                    static func columns(gap: CGFloat) -> Int { Int(↓width / (320 + gap)) }
                }
                """),
            // A size kept in a local is layout when any use of it is, whatever else puts it into text.
            .objc("@implementation Bar\n- (void)layout {\n    CGSize size = [↓UIScreen mainScreen].bounds.size;\n    NSLog(@\"%f\", size.width);\n    self.frame = CGRectMake(0, 0, size.width, 44);\n}\n@end", wraps: false),
            Example("""
                enum Metrics {
                    static var screenWidth: CGFloat {
                        ↓UIScreen.main.bounds.width
                    }
                }
                """),
        ],
        nonTriggering: [
            // The key window's size first, the screen's only where there is none (EhPanda's `absWindowW`):
            // a window's size, at the definition and at every use.
            Example("enum DeviceUtil {\n    static var keyWindow: UIWindow? { nil }\n    static var absScreenW: CGFloat { UIScreen.main.bounds.size.width }\n    static var absWindowW: CGFloat { keyWindow?.frame.size.width ?? absScreenW }\n}\nfinal class Cell: UIView {\n    func width() -> CGFloat { DeviceUtil.absWindowW * 0.8 }\n}", wraps: false),
            // Something else sized for the screen, an asset's size (Delta's `defaultControllerSkinSize`), is no screen size.
            Example("func skins() -> [Skin] { Skin.all(for: UIScreen.main.defaultControllerSkinSize) }"),
            // SwiftUI previews run in Xcode's canvas only (ExyteChat's reaction overview).
            Example("import SwiftUI\n#Preview {\n    Overview(width: UIScreen.main.bounds.width)\n}\nstruct Overview_Previews: PreviewProvider {\n    static var previews: some View { Overview(width: UIScreen.main.bounds.width) }\n}", wraps: false),
            // Only when no window scene is connected at all: the screen is all there is (jami's dimensions manager).
            Example("""
                final class Dimensions {
                    func update() {
                        guard let windowScene = UIApplication.shared.connectedScenes
                                .compactMap({ $0 as? UIWindowScene })
                                .first(where: { $0.activationState == .foregroundActive }) ??
                                UIApplication.shared.connectedScenes.compactMap({ $0 as? UIWindowScene }).first else {
                            width = UIScreen.main.bounds.width
                            return
                        }
                        width = windowScene.coordinateSpace.bounds.width
                    }
                }
                """, wraps: false),
            // A keyboard's accessory view, which the keyboard lays out at its own width (Trio's toolbar,
            // Runestone's `UIInputView`).
            Example("final class Field: NSObject {\n    func attach(_ textField: UITextField) {\n        textField.inputAccessoryView = makeToolbar()\n    }\n    private func makeToolbar() -> UIToolbar {\n        let toolbar = UIToolbar(frame: CGRect(x: 0, y: 0, width: UIScreen.main.bounds.width, height: 50))\n        return toolbar\n    }\n}"),
            .objc("@implementation Form\n- (void)viewDidLoad {\n    [super viewDidLoad];\n    UIToolbar *bar = [[UIToolbar alloc] initWithFrame:CGRectMake(0, 0, [UIScreen mainScreen].bounds.size.width, 44)];\n    self.field.inputAccessoryView = bar;\n}\n@end",
                  files: ["Form.h": "@interface Form : UIViewController\n@end"], wraps: false),
            Example("final class KeyboardTools: UIInputView {\n    init() {\n        let frame = CGRect(x: 0, y: 0, width: UIScreen.main.bounds.width, height: 44)\n        super.init(frame: frame, inputViewStyle: .keyboard)\n    }\n}"),
            // Behind a runtime check that the device is an Apple TV: tvOS code in a target built for both (Swiftfin's player).
            Example("final class Player: UIView {\n    func inset() -> CGFloat {\n        if UIDevice.current.userInterfaceIdiom == .tv {\n            return UIScreen.main.bounds.width / 10\n        }\n        return 16\n    }\n}"),
            Example("final class Player: UIView {\n    func inset() -> CGFloat {\n        if UIDevice.isTV { return UIScreen.main.bounds.width / 10 }\n        return 16\n    }\n}"),
            .objc("@implementation Player\n- (CGFloat)inset {\n    if (UI_USER_INTERFACE_IDIOM() == UIUserInterfaceIdiomTV) {\n        return [UIScreen mainScreen].bounds.size.width / 10;\n    }\n    return 16;\n}\n@end", wraps: false),
            // A UIKit member whose name holds a size word's plural is no size (`maximumFramesPerSecond`).
            Example("final class Ticker: NSObject {\n    func rate() -> Int { UIScreen.main.maximumFramesPerSecond }\n}"),
            // Kept in a local that is only put into text (FBSnapshotTestCase's reference-image name `_%.0fx%.0f`).
            .objc("@implementation Snapshot\n- (NSString *)named:(NSString *)fileName {\n    CGSize screenSize = [UIScreen mainScreen].bounds.size;\n    return [fileName stringByAppendingFormat:@\"_%.0fx%.0f\", screenSize.width, screenSize.height];\n}\n@end", wraps: false),
            // A Swift package's tests run with no host app, so with no scene, ever: a fix that needs
            // one does not apply there (as in code that only runs before iOS 13).
            Example("final class LayoutTests: XCTestCase {\n    func testColumns() {\n        let grid = UIView(frame: UIScreen.main.bounds)\n        XCTAssertEqual(grid.subviews.count, 0)\n    }\n}",
                    path: "Tests/KitTests/LayoutTests.swift",
                    files: ["Package.swift": "let package = Package(name: \"Kit\", platforms: [.iOS(.v13)], targets: [.target(name: \"Kit\"), .testTarget(name: \"KitTests\", dependencies: [\"Kit\"])])"]),
            // The device's screen reported as telemetry (Adyen's `AnalyticsData`, the Facebook SDK's device info).
            Example("struct AnalyticsData {\n    var screenWidth: Int { Int(UIScreen.main.nativeBounds.width) }\n}"),
            .objc("@implementation AppEventsDeviceInfo\n- (NSDictionary *)info { return @{@\"w\": @([UIScreen mainScreen].bounds.size.width)}; }\n@end", wraps: false),
            // The window's size first, the screen only where there is no window (SKPhotoBrowser's
            // `SKMesurement`, zotero's scene delegate); a helper made of it measures the window.
            Example("struct Measure {\n    static var width: CGFloat { UIApplication.shared.appWindow?.bounds.width ?? UIScreen.main.bounds.width }\n}\nfinal class V: UIView {\n    func f() { frame.size.width = Measure.width }\n}"),
            Example("final class SceneDelegate: UIResponder, UIWindowSceneDelegate {\n    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {\n        let frame = (scene as? UIWindowScene)?.coordinateSpace.bounds ?? UIScreen.main.bounds\n        _ = frame\n    }\n}"),
            // Text about the device: a function answering with a string (netfox's device-info screen).
            Example("class Helper {\n    class func screenResolution() -> String {\n        let bounds = UIScreen.main.bounds\n        return \"\\(bounds.size.width) x \\(bounds.size.height)\"\n    }\n}"),
            .objc("@implementation Info\n+ (NSString *)screenSize {\n    CGRect b = [UIScreen mainScreen].bounds;\n    return [NSString stringWithFormat:@\"%f\", b.size.width];\n}\n@end"),
            // The view's own size, the screen's only once the weak controller is gone (ZLPhotoBrowser's dismissal).
            Example("final class Dismissal: NSObject {\n    weak var viewController: UIViewController?\n    func progress(_ y: CGFloat) -> CGFloat { y / (viewController?.view.bounds.height ?? UIScreen.main.bounds.height) }\n}"),
            // The screen's current mode is its pixels, a main-screen read (FSCalendar's orientation test).
            .objc("- (BOOL)portrait { return [UIScreen mainScreen].currentMode.size.width < [UIScreen mainScreen].currentMode.size.height; }"),
            // Runtime version checks that keep the code below the deployment target.
            Example("func f() -> CGRect {\n    guard ProcessInfo.processInfo.operatingSystemVersion.majorVersion < 13 else { return .zero }\n    return UIScreen.main.bounds\n}",
                    files: ["Package.swift": "let package = Package(name: \"App\", platforms: [.iOS(.v13)])"]),
            .objc("- (CGRect)f {\n    if ([[UIDevice currentDevice].systemVersion floatValue] < 13.0) { return [UIScreen mainScreen].bounds; }\n    return CGRectZero;\n}",
                  files: ["Package.swift": "let package = Package(name: \"App\", platforms: [.iOS(.v13)])"]),
            // The common `SYSTEM_VERSION_LESS_THAN` macro below the deployment target (CWStatusBarNotification's iOS 7 branches).
            .objc("- (CGFloat)width {\n    if (SYSTEM_VERSION_LESS_THAN(@\"8.0\") && self.landscape) { return [UIScreen mainScreen].bounds.size.height; }\n    return 0;\n}",
                  files: ["Package.swift": "let package = Package(name: \"App\", platforms: [.iOS(.v8)])"]),
            // Code that only runs below the deployment target never runs: an iOS 7 branch, a fallback for iOS 9, at iOS 12.
            .objc("- (CGSize)f { if (floor(NSFoundationVersionNumber) <= NSFoundationVersionNumber_iOS_7_1) { return [UIScreen mainScreen].bounds.size; } return CGSizeZero; }",
                  files: ["Package.swift": "let package = Package(name: \"App\", platforms: [.iOS(.v12)])"]),
            Example("func f() { if #available(iOS 9, *) { } else { let w = UIScreen.main.bounds.width } }", files: ["Package.swift": "let package = Package(name: \"App\", platforms: [.iOS(.v12)])"]),
            // Pre-scene fallbacks: code that only runs before iOS 13 has nothing to migrate to.
            Example("""
                func width(scene: UIWindowScene?) -> CGFloat {
                    guard #available(iOS 13, *) else { return UIScreen.main.bounds.width }
                    return scene?.coordinateSpace.bounds.width ?? 0
                }
                """),
            .objc("""
                - (CGRect)frameForScene:(UIWindowScene *)scene {
                    if (@available(iOS 13.0, *)) { return scene.coordinateSpace.bounds; }
                    else { return [UIScreen mainScreen].bounds; }
                }
                """),
            Example("class C: UIViewController { func f() { let w = view.bounds.width } }"),
            Example("let w = window.screen.bounds.width"),
            Example("let w = windowScene.coordinateSpace.bounds.width"),
            Example("if UIScreen.main.bounds.height == 812 { }"),
            Example("let w = UIScreen.main.scale"),
            Example("let kScreenWidth = UIScreen.main.bounds.width"),
            Example("enum Metrics { static var screenWidth: CGFloat { UIScreen.main.bounds.width } }"),
            .objc("#define SCREEN_WIDTH [UIScreen mainScreen].bounds.size.width"),
            .objc("#define SCREEN_WIDTH \\\n    [UIScreen mainScreen].bounds.size.width"),
            .objc("NSLog(@\"[UIScreen mainScreen].bounds\"); // [UIScreen mainScreen].bounds"),
            .objc("NSLog(@\"screen %@\", NSStringFromCGRect([UIScreen mainScreen].bounds));"),
            Example("let agent = \"App (\\(Int(UIScreen.main.bounds.width))x\\(Int(UIScreen.main.bounds.height)))\""),
            Example("struct Box { let width: CGFloat }; let b = Box(width: 3).width",
                    files: ["Layout.swift": "enum Layout { static let width = UIScreen.main.bounds.width }"]),
            Example("func f(kScreenWidth: CGFloat) { print(kScreenWidth) }",
                    files: ["Constants.swift": "let kScreenWidth = UIScreen.main.bounds.width"]),
            Example("let w = UIScreen.main.bounds.width", path: "Pods/Lib/Thing.swift"),
        ], fixNeedsScenes: true, readiness: .deviceAssumption)
}

import RuleKit
import SourceLexing

/// The idiom says what kind of device this is, not how much room the app has: an iPhone-only
/// app on iPad or in iPhone Mirroring still reports `.phone` while its window can become very
/// wide (WWDC26 session 278 "Modernize your UIKit app").
struct IdiomLayoutRule: Rule {
    let description = RuleDescription(
        id: .idiomLayout, name: "Layout by device idiom", severity: .warning, facet: .idiom,
        summary: "Chooses layout by comparing userInterfaceIdiom with .pad or .phone.",
        rationale: """
            An iPhone app running on iPad or mirrored to a Mac still reports the phone idiom while its window \
            can be very wide, and an iPad app in Split View can be narrower than a phone. Express the \
            layout intent instead: a regular horizontal size class, or the bounds the view actually has — size classes \
            are what tell a compact layout from a regular one. Platform checks (.mac, .tv, .carPlay, .vision) are fine.
            """,
        sources: [.modernizeUIKit, .iPhoneDuo, .apple("UITraitCollection.userInterfaceIdiom", "uikit/uitraitcollection/userinterfaceidiom"), .apple("UITraitCollection.horizontalSizeClass", "uikit/uitraitcollection/horizontalsizeclass")],
        fix: { site in
            if site.timing.contains(.inOrientationLock) || site.shapes.contains(.locksOrientation) {
                return "Support every orientation instead of choosing them by device: an app that resizes (iPad multitasking, iPhone apps on iPad and in iPhone Mirroring) gets no orientation lock there, and lays out by its window's size."
            }
            if site.shapes.contains(.orientationByIdiom) {
                // A view's own bounds may follow from the choice (a toolbar's axis, its intrinsic size): its window's do not.
                let shape = site.context == .view && site.receiver != nil && !site.isSwiftUIView
                    ? (site.language == .swift ? "the window it is in (`window?.bounds`), not its own bounds, which may follow from this choice"
                        : "the window it is in (`self.window.bounds`), not its own bounds, which may follow from this choice")
                    : GeometryFixes.ownShape(site)
                return "This helper answers portrait or landscape from the interface orientation and the device together: decide from the shape of \(shape) instead — portrait when it is taller than wide. A window is portrait or landscape by its own shape, which neither says: an iPad window in Split View, an iPhone app's window on iPad or in iPhone Mirroring. (A regular size class is no stand-in: a phone in portrait is compact too.)"
            }
            if site.shapes.contains(.sizeClassOnOtherDevice) {
                return "Here the device check picks out a size class on a device that does not usually have it (a compact iPad window, a regular-width iPhone): dropping it would change what every other device shows. Decide by the width the view has — a threshold on its size — not by the device: an iPhone app on iPad or in iPhone Mirroring keeps the phone idiom however wide its window is."
            }
            if site.shapes.contains(.besideSizeClass) {
                return "This condition reads the size class already, which follows the window: drop the device check — an iPhone app on iPad or in iPhone Mirroring keeps the phone idiom however wide its window is."
            }
            if site.shapes.contains(.undoesPresentation) {
                return "This undoes a presentation the device chose: undo it the way it was actually shown — ask the controller (`presentingViewController != nil` when it was presented) or keep the style used when showing it — since the window can change size in between; and choose how to show it from the size class of the window it is shown in."
            }
            if site.shapes.contains(.landscapePhone) {
                let compact = site.language == .swift ? ".compact" : "UIUserInterfaceSizeClassCompact"
                let read = site.isSwiftUIView ? "read `@Environment(\\.verticalSizeClass)` and compare with `.compact`"
                    : site.receiver.map { "compare `\($0.traits).verticalSizeClass == \(compact)`" } ?? "take the vertical size class as a parameter and compare with `\(compact)`"
                return "A phone in landscape is a window short in height: \(read) instead of the orientation and the device — it is so on every iPhone in landscape, and in any short window."
            }
            if site.isSwiftUIView { return "Read `@Environment(\\.horizontalSizeClass)` and compare with `.regular`." }
            if site.context == .sceneDelegate {
                return site.language == .swift ? "Compare the scene's size class, `windowScene.traitCollection.horizontalSizeClass == .regular` (iOS 13), where the window is set up; it changes as the window resizes."
                    : "Compare the scene's size class, `windowScene.traitCollection.horizontalSizeClass == UIUserInterfaceSizeClassRegular` (iOS 13), where the window is set up; it changes as the window resizes."
            }
            // Code with no view of its own that shows on a view controller it has (an app delegate's banner).
            if let presenter = site.subject, site.receiver == nil, !site.isSwiftUIView {
                return site.language == .swift ? "Decide by the view controller this shows on: compare `\(presenter).traitCollection.horizontalSizeClass == .regular`, which follows that controller's window, not the device."
                    : "Decide by the view controller this shows on: compare `\(presenter).traitCollection.horizontalSizeClass == UIUserInterfaceSizeClassRegular`, which follows that controller's window, not the device."
            }
            if site.context == .appDelegate {
                let connect = site.language == .swift ? "scene(_:willConnectTo:options:)" : "scene:willConnectToSession:options:"
                let regular = site.language == .swift ? "windowScene.traitCollection.horizontalSizeClass == .regular" : "windowScene.traitCollection.horizontalSizeClass == UIUserInterfaceSizeClassRegular"
                return "The app delegate has no window to size by, and under scenes a window of any size: choose in the scene delegate's `\(connect)` from `\(regular)` (iOS 13), and adapt when it changes — or use one container that adapts by itself, such as `UISplitViewController`."
            }
            // A method given the size it lays out for (TOPasscode's `updateAccessoryButtonFontsForSize:`,
            // called from its initializer and from viewDidLayoutSubviews) has the answer in hand,
            // whenever it runs; a size transition's own text below says why its traits are stale.
            if let p = site.sizeParameter, !site.timing.contains(.inSizeTransition) {
                // A view given (a collection view's delegate callback, which UIKit calls): its bounds are at hand.
                if p.hasSuffix(".bounds") { return "Decide from `\(p)`, of the view this method is given — a width threshold, not the device." }
                return "Decide from the `\(p)` this method is given — a width threshold, not the device — and have its callers pass the size of the view it lays out."
            }
            guard let r = site.receiver else { return site.parameter("the size class (or the trait collection)") }
            if site.timing.contains(.beforeWindow) {
                return "Here the view is not in a window yet (an initializer, awakeFromNib, viewDidLoad, viewWillAppear or a method they call), so its size class is not its window's: compare `\(r.traits).horizontalSizeClass` once it is in one (\(site.context == .viewController ? "`viewIsAppearing`" : "didMoveToWindow")) and again when it changes (registerForTraitChanges; traitCollectionDidChange before iOS 17), not in every layout pass."
            }
            if site.timing.contains(.inSizeTransition) {
                // During the transition the trait collection and bounds are still the old ones.
                return "Decide from the size this callback is given — the new size, which the trait collection and bounds do not hold yet during the transition — or in \(site.context == .viewController ? "viewDidLayoutSubviews" : "layoutSubviews"), once they do: a width threshold, not the device."
            }
            return site.language == .swift ? "Compare `\(r.traits).horizontalSizeClass == .regular`, or the bounds you lay out in."
                : "Compare `\(r.traits).horizontalSizeClass == UIUserInterfaceSizeClassRegular`, or the bounds you lay out in."
        },
        triggering: [
            // "A phone in landscape" through a helper (Material's `shouldStatusBarBeHidden`): a short window
            // wherever it is used, as where it is defined.
            Example("final class StatusBarController: UIViewController {\n    override func viewDidLayoutSubviews() {\n        super.viewDidLayoutSubviews()\n        statusBar.isHidden = ↓Application.shouldStatusBarBeHidden\n    }\n}",
                    files: ["Application.swift": "public struct Application {\n    public static var isLandscape: Bool { UIApplication.shared.statusBarOrientation.isLandscape }\n    public static var shouldStatusBarBeHidden: Bool {\n        return isLandscape && .phone == UIDevice.current.userInterfaceIdiom\n    }\n}"],
                    wraps: false, suggestion: "A phone in landscape is a window short in height: compare `traitCollection.verticalSizeClass == .compact`"),
            // A condition over lines that reads the size class too (fluentui's drawer): drop the device check.
            Example("final class Drawer: UIViewController {\n    override func willTransition(to newCollection: UITraitCollection, with coordinator: UIViewControllerTransitionCoordinator) {\n        super.willTransition(to: newCollection, with: coordinator)\n        if traitCollection.↓userInterfaceIdiom == .pad &&\n            traitCollection.horizontalSizeClass != newCollection.horizontalSizeClass {\n            dismiss(animated: false)\n        }\n    }\n}",
                    suggestion: "This condition reads the size class already"),
            // A method every SwiftUI view gets has no environment of its own (Swiftfin's `edgePadding`).
            Example("import SwiftUI\nextension View {\n    func edgePadding() -> some View { padding(UIDevice.current.↓userInterfaceIdiom == .pad ? 24 : 16) }\n}",
                    suggestion: "Take the size class (or the trait collection) as a parameter"),
            // The argument of an orientation call (Swiftfin's app scene).
            Example("struct AppScene: Scene {\n    var body: some Scene { WindowGroup { Root() }.supportedOrientations(UIDevice.current.↓userInterfaceIdiom == .pad ? .all : .portrait) }\n}",
                    suggestion: "Support every orientation instead of choosing them by device"),
            // Building the mask of supported orientations by device (Aidoku's orientation modifier).
            Example("func orientations() -> UIInterfaceOrientationMask {\n    var mask: UIInterfaceOrientationMask = [.portrait, .landscape]\n    if UIDevice.current.↓userInterfaceIdiom == .pad { mask.insert(.portraitUpsideDown) }\n    return mask\n}",
                    suggestion: "Support every orientation instead of choosing them by device"),
            // A guard that lets only an iPad through to lay out stays a layout choice.
            Example("final class Panel: UIView {\n    func arrange() {\n        guard UIDevice.current.↓userInterfaceIdiom == .pad else { return }\n        stack.axis = .horizontal\n    }\n}"),
            // A cell's initializer frame is its item size, not a size to decide by (Kodi's poster cell).
            .objc("@implementation PosterCell\n- (instancetype)initWithFrame:(CGRect)frame {\n    self = [super initWithFrame:frame];\n    if (↓UI_USER_INTERFACE_IDIOM() == UIUserInterfaceIdiomPad) { [self.contentView addSubview:self.fullLabel]; }\n    return self;\n}\n@end",
                  files: ["PosterCell.h": "@interface PosterCell : UICollectionViewCell\n@end"], suggestion: "Here the view is not in a window yet"),
            // In a size transition the traits and bounds are still the old ones: the size given is the new one (TOPasscode).
            .objc("@implementation Passcode\n- (void)viewWillTransitionToSize:(CGSize)size withTransitionCoordinator:(id)coordinator {\n    [super viewWillTransitionToSize:size withTransitionCoordinator:coordinator];\n    if (↓UI_USER_INTERFACE_IDIOM() == UIUserInterfaceIdiomPad) { return; }\n    [self relayoutFor:size];\n}\n@end",
                  files: ["Passcode.h": "@interface Passcode : UIViewController\n@end"], suggestion: "Decide from the size this callback is given"),
            // Beside a size-class check in one condition: the device check is what to drop (zotero's item detail).
            Example("final class Title: UIView {\n    func update() {\n        if traitCollection.horizontalSizeClass == .regular && UIDevice.current.↓userInterfaceIdiom == .pad { inset = 8 } else { inset = 0 }\n    }\n}",
                    suggestion: "This condition reads the size class already"),
            // A switch whose cases lay out (a column count), or one case that does: layout.
            Example("final class Grid: UIView {\n    var columns: Int {\n        switch UIDevice.current.↓userInterfaceIdiom {\n        case .pad: return 3\n        default: return 1\n        }\n    }\n}"),
            Example("enum Labels {\n    static func title() -> String {\n        switch UIDevice.current.↓userInterfaceIdiom {\n        case .pad: return \"Tablet\"\n        default: stack.axis = .vertical; return \"Phone\"\n        }\n    }\n}"),
            // A compact size class narrowed to iPads and Macs: an iPhone is compact too, so the device check
            // is not what to drop (IceCubes' action row hides its counts in a narrow iPad window only).
            Example("import SwiftUI\nstruct Actions: View {\n    @Environment(\\.horizontalSizeClass) var horizontalSizeClass\n    var isNarrow: Bool {\n        horizontalSizeClass == .compact\n            && (UIDevice.current.↓userInterfaceIdiom == .pad || UIDevice.current.userInterfaceIdiom == .mac)\n    }\n    var body: some View { Text(isNarrow ? \"\" : \"3\") }\n}",
                    suggestion: "Here the device check picks out a size class on a device that does not usually have it"),
            .objc("@implementation Row\n- (void)layoutSubviews {\n    [super layoutSubviews];\n    self.compactCounts = self.traitCollection.horizontalSizeClass == UIUserInterfaceSizeClassRegular && ↓UI_USER_INTERFACE_IDIOM() == UIUserInterfaceIdiomPhone;\n}\n@end",
                  files: ["Row.h": "@interface Row : UIView\n@end"], suggestion: "Here the device check picks out a size class"),
            // A method given the size it lays out for, called early and in layout alike (TOPasscode's button fonts).
            .objc("@implementation Passcode\n- (void)viewDidLoad {\n    [super viewDidLoad];\n    [self updateFontsForSize:self.view.bounds.size];\n}\n- (void)viewDidLayoutSubviews {\n    [super viewDidLayoutSubviews];\n    [self updateFontsForSize:self.view.bounds.size];\n}\n- (void)updateFontsForSize:(CGSize)size {\n    if (↓UI_USER_INTERFACE_IDIOM() == UIUserInterfaceIdiomPhone) { self.font = [UIFont systemFontOfSize:15]; }\n}\n@end",
                  files: ["Passcode.h": "@interface Passcode : UIViewController\n@end"], suggestion: "Decide from the `size` this method is given"),
            // iOS 5's orientation callback, never called since iOS 6, is an orientation lock (Mumble's server list).
            .objc("@implementation List\n- (BOOL)shouldAutorotateToInterfaceOrientation:(UIInterfaceOrientation)o {\n    if ([[UIDevice currentDevice] ↓userInterfaceIdiom] == UIUserInterfaceIdiomPad) return YES;\n    return o == UIInterfaceOrientationPortrait;\n}\n@end",
                  files: ["List.h": "@interface List : UITableViewController\n@end"], suggestion: "Support every orientation instead of choosing them by device"),
            // viewIsAppearing is called from iOS 13 on: below that, the advice names the method that runs instead.
            .objc("@implementation Prefs\n- (void)viewWillAppear:(BOOL)animated {\n    [super viewWillAppear:animated];\n    if (↓UI_USER_INTERFACE_IDIOM() == UIUserInterfaceIdiomPad) { self.bar.translucent = YES; }\n}\n@end",
                  files: ["Prefs.h": "@interface Prefs : UIViewController\n@end", "Package.swift": "let package = Package(name: \"App\", platforms: [.iOS(.v12)])"],
                  suggestion: "`viewIsAppearing` is called from iOS 13.0 on and this code deploys to iOS 12.0: before iOS 13.0, do it in viewDidAppear."),
            // The app delegate has no window to measure: the choice moves to the scene delegate (Mumble's welcome screen).
            .objc("@implementation AppDelegate\n- (BOOL)application:(UIApplication *)a didFinishLaunchingWithOptions:(NSDictionary *)o {\n    UIViewController *root = (↓UI_USER_INTERFACE_IDIOM() == UIUserInterfaceIdiomPad) ? [PadHome new] : [PhoneHome new];\n    return root != nil;\n}\n@end",
                  files: ["AppDelegate.h": "@interface AppDelegate : UIResponder <UIApplicationDelegate>\n@end"],
                  suggestion: "choose in the scene delegate's `scene:willConnectToSession:options:`"),
            // A view controller whose superclass comes from a pod the repository does not hold is one by its name (ello's web browser).
            Example("final class Browser: KINWebBrowserViewController {\n    func share() { if UIDevice.current.↓userInterfaceIdiom == .pad { popover() } else { sheet() } }\n}",
                    suggestion: "Compare `traitCollection.horizontalSizeClass == .regular`"),
            // A SwiftUI view's stored property cannot read the environment (Anytype's migration screen).
            Example("import SwiftUI\nstruct Migration: View {\n    private let topOffset: CGFloat = UIDevice.current.↓userInterfaceIdiom == .pad ? 310 : 180\n    var body: some View { Text(\"\").padding(.top, topOffset) }\n}",
                    suggestion: "A SwiftUI view's stored property gets its value when the view is made, before the view can read its environment: make it a computed property (or decide in `body`), and there: read `@Environment(\\.horizontalSizeClass)` and compare with `.regular`."),
            // Landscape on a phone is a short window: the vertical size class says so (jami's swarm header).
            Example("import SwiftUI\nstruct Header: View {\n    var isLandscape: Bool\n    var minimized: Bool { isLandscape && UIDevice.current.↓userInterfaceIdiom == .phone }\n    var body: some View { Text(\"\").frame(height: minimized ? 40 : 120) }\n}",
                    suggestion: "A phone in landscape is a window short in height: read `@Environment(\\.verticalSizeClass)` and compare with `.compact`"),
            Example("final class Header: UIView {\n    override func layoutSubviews() {\n        super.layoutSubviews()\n        compact = window?.windowScene?.interfaceOrientation.isLandscape == true && UIDevice.current.↓userInterfaceIdiom == .phone\n    }\n}",
                    suggestion: "compare `traitCollection.verticalSizeClass == .compact`"),
            // An app delegate showing a banner on the top view controller reads that controller's traits (Amperfy).
            Example("final class AppDelegate: UIResponder, UIApplicationDelegate {\n    func display(popup: UIViewController) {\n        guard let topView = Self.topViewController() else { return }\n        banner.height = UIDevice.current.↓userInterfaceIdiom == .pad ? 80 : 180\n        topView.present(popup, animated: true)\n    }\n}",
                    suggestion: "compare `topView.traitCollection.horizontalSizeClass == .regular`"),
            .objc("@implementation Alerts\n+ (void)show:(UIViewController *)alert {\n    UIViewController *top = [self topController];\n    alert.preferredContentSize = CGSizeMake(↓UI_USER_INTERFACE_IDIOM() == UIUserInterfaceIdiomPad ? 400 : 300, 200);\n    [top presentViewController:alert animated:YES completion:nil];\n}\n@end",
                  suggestion: "compare `top.traitCollection.horizontalSizeClass == UIUserInterfaceSizeClassRegular`"),
            // A delegate callback UIKit calls with the collection view (Amperfy's albums): no caller to change.
            Example("final class Albums: UIViewController, UICollectionViewDelegateFlowLayout {\n    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, insetForSectionAt section: Int) -> UIEdgeInsets {\n        collectionView.traitCollection.↓userInterfaceIdiom == .pad ? UIEdgeInsets(top: 0, left: 20, bottom: 0, right: 20) : .zero\n    }\n}",
                    suggestion: "Decide from `collectionView.bounds`, of the view this method is given — a width threshold, not the device."),
            // The controller about to be presented is in no window: the one presenting it is (Slide's `showVC`, Aztec's options).
            Example("final class Presenter {\n    func show(_ options: OptionsViewController) {\n        if UIDevice.current.↓userInterfaceIdiom == .pad {\n            present(options, asPopoverFrom: item)\n        } else {\n            presentAsInputView(options)\n        }\n    }\n}",
                    suggestion: "as a parameter"),
            .objc("@implementation Presenter\n- (void)show:(UIViewController *)options {\n    if (↓UI_USER_INTERFACE_IDIOM() == UIUserInterfaceIdiomPad) { options.modalPresentationStyle = UIModalPresentationPopover; }\n    [self.host presentViewController:options animated:YES completion:nil];\n}\n@end",
                  suggestion: "as a parameter"),
            // Undoing by idiom what was shown by idiom (Onion Browser's live search, Aztec's options).
            Example("final class Search: UIViewController {\n    func hide() {\n        if UIDevice.current.↓userInterfaceIdiom == .pad {\n            dismiss(animated: true)\n        } else {\n            view.removeFromSuperview()\n            removeFromParent()\n        }\n    }\n}",
                    suggestion: "undo it the way it was actually shown"),
            // A representable is a SwiftUI view, with its environment (HXPhotoPicker's picker), whatever its name says.
            Example("import SwiftUI\nstruct PickerView: UIViewControllerRepresentable {\n    func makeUIViewController(context: Context) -> UIViewController {\n        let c = UIViewController()\n        if UIDevice.current.↓userInterfaceIdiom == .pad { c.modalPresentationStyle = .formSheet }\n        return c\n    }\n    func updateUIViewController(_ c: UIViewController, context: Context) {}\n}",
                    suggestion: "Read `@Environment(\\.horizontalSizeClass)`"),
            // A view modifier reads the environment as a view does (Anytype's readable-width modifier).
            Example("import SwiftUI\nstruct Readable: ViewModifier {\n    func body(content: Content) -> some View {\n        if UIDevice.current.↓userInterfaceIdiom == .pad { content.frame(maxWidth: 670) } else { content }\n    }\n}",
                    suggestion: "Read `@Environment(\\.horizontalSizeClass)` and compare with `.regular`."),
            // A lazy property's value is computed once, at its first read (brave).
            Example("final class Grid: UIViewController {\n    lazy var columns: Int = { UIDevice.current.↓userInterfaceIdiom == .pad ? 3 : 1 }()\n}",
                    suggestion: "A stored property's initial value is computed once"),
            // A block that locks the orientation is an orientation lock wherever it runs (Monal's SwiftUI `onAppear`).
            Example("struct Cards: View {\n    var body: some View {\n        Text(\"\").onAppear {\n            if UIDevice.current.↓userInterfaceIdiom != .pad {\n                UIDevice.current.setValue(UIInterfaceOrientation.portrait.rawValue, forKey: \"orientation\")\n            }\n        }\n    }\n}",
                    suggestion: "Support every orientation instead of choosing them by device"),
            // Presenting as a popover only on iPad is a layout choice (owncloud's PDF viewer).
            Example("func show(_ vc: UIViewController) {\n    if UIDevice.current.↓userInterfaceIdiom == .pad { vc.modalPresentationStyle = .popover } else { vc.modalPresentationStyle = .fullScreen }\n    present(vc, animated: true)\n}"),
            // Below a version after the deployment target, the fallback runs.
            Example("func f() { if #available(iOS 15, *) { } else { if UIDevice.current.↓userInterfaceIdiom == .pad { wide() } } }", files: ["Package.swift": "let package = Package(name: \"App\", platforms: [.iOS(.v12)])"]),
            .objc("- (void)f { if (NSFoundationVersionNumber < NSFoundationVersionNumber_iOS_13_0) { if ([UIDevice currentDevice].↓userInterfaceIdiom == UIUserInterfaceIdiomPad) { [self wide]; } } }",
                  files: ["Package.swift": "let package = Package(name: \"App\", platforms: [.iOS(.v12)])"]),
            // Through one local in the same function.
            Example("""
                func layout() {
                    let idiom = UIDevice.current.↓userInterfaceIdiom
                    columns = idiom == .pad ? 3 : 1
                }
                """),
            .objc("""
                @implementation Grid
                - (void)layout {
                    UIUserInterfaceIdiom idiom = [UIDevice currentDevice].↓userInterfaceIdiom;
                    if (idiom == UIUserInterfaceIdiomPad) { self.columns = 3; }
                }
                @end
                """),
            Example("func f() { if UIDevice.current.↓userInterfaceIdiom == .pad { showSidebar() } }"),
            Example("func f() { if traitCollection.↓userInterfaceIdiom != .phone { wide() } }"),
            Example("func f() { let cols = UIDevice.current.↓userInterfaceIdiom == .pad ? 3 : 1 }"),
            Example("func f() { switch UIDevice.current.↓userInterfaceIdiom { case .pad: a(); default: b() } }"),
            Example("func f() { if case .phone = UIDevice.current.↓userInterfaceIdiom { a() } }"),
            Example("func f() { if UIDevice.current.↓userInterfaceIdiom == UIUserInterfaceIdiom.pad { a() } }"),
            // A layout named for the device is still a layout; an image of a padding is no device's picture.
            Example("func f() { if UIDevice.current.↓userInterfaceIdiom == .pad { layout = iPadLayout() } }"),
            Example("func f() { if UIDevice.current.↓userInterfaceIdiom == .pad { icon.frame = cellPadding } }"),
            .objc("if (↓UI_USER_INTERFACE_IDIOM() == UIUserInterfaceIdiomPad) { }"),
            .objc("BOOL phone = [[UIDevice currentDevice] ↓userInterfaceIdiom] == UIUserInterfaceIdiomPhone;"),
            .objc("if (self.traitCollection.↓userInterfaceIdiom == UIUserInterfaceIdiomPad) { [self showSidebar]; }"),
            .objc("#define IS_IPAD (↓UI_USER_INTERFACE_IDIOM() == UIUserInterfaceIdiomPad)"),
            // Helpers count where they are used (RULES.md "Aliases count"): the definition and
            // every use (element's `UIDevice.isPhone`, pocket-casts' `isiPad()`).
            .objc("if (↓IS_IPAD) { self.columns = 3; }", files: ["Macros.h": "#define IS_IPAD (UI_USER_INTERFACE_IDIOM() == UIUserInterfaceIdiomPad)"]),
            Example("func f() { if ↓UIDevice.current.isPhone { compact() } }",
                    files: ["UIDevice+Idiom.swift": "extension UIDevice { var isPhone: Bool { return userInterfaceIdiom == .phone } }"]),
            Example("func f() -> UIModalPresentationStyle { ↓UIDevice.current.isiPad() ? .formSheet : .fullScreen }",
                    files: ["UIDevice+Idiom.swift": "extension UIDevice {\n    public func isiPad() -> Bool {\n        userInterfaceIdiom == .pad\n    }\n}"]),
            Example("class V: UIView { func f() { if ↓traitCollection.isPad { wide() } } }",
                    files: ["Traits.swift": "extension UITraitCollection { var isPad: Bool { userInterfaceIdiom == .pad } }"]),
            Example("func f() { let cols = ↓Device.isPad ? 3 : 1 }", files: ["Device.swift": "enum Device { static let isPad = UIDevice.current.userInterfaceIdiom == .pad }"]),
            Example("func f() { if ↓isPad() { wide() } }", files: ["Device.swift": "func isPad() -> Bool { UIDevice.current.userInterfaceIdiom == .pad }"]),
            // A helper answering portrait from the orientation, or on any iPad (Mantis's `treatAsPortrait`):
            // a regular size class would put a phone in portrait in the landscape layout.
            Example("final class Crop: UIViewController {\n    override func viewDidLayoutSubviews() {\n        super.viewDidLayoutSubviews()\n        stack.axis = ↓Orientation.treatAsPortrait ? .vertical : .horizontal\n    }\n}",
                    files: ["Orientation.swift": "struct Orientation {\n    static var interfaceOrientation: UIInterfaceOrientation { scene?.interfaceOrientation ?? .portrait }\n    static var treatAsPortrait: Bool {\n        interfaceOrientation.isPortrait || UIDevice.current.userInterfaceIdiom != .phone\n    }\n}"],
                    message: "Portrait or landscape layout chosen by interface orientation and device idiom through `treatAsPortrait` (Orientation.swift:3); a window is portrait or landscape by its own shape",
                    suggestion: "decide from the shape of `view.bounds` instead"),
            Example("final class Toolbar: UIView {\n    override var intrinsicContentSize: CGSize {\n        ↓Orientation.treatAsPortrait ? CGSize(width: 0, height: 44) : CGSize(width: 44, height: 0)\n    }\n}",
                    files: ["Orientation.swift": "struct Orientation {\n    static var treatAsPortrait: Bool { scene?.interfaceOrientation.isPortrait ?? true || UIDevice.current.userInterfaceIdiom != .phone }\n}"],
                    suggestion: "decide from the shape of the window it is in (`window?.bounds`)"),
            // The helper the library itself compiles, not its demo app's copy (HXPhotoPicker), even
            // with an early answer for a Mac before the idiom.
            Example("final class Picker: UIViewController {\n    override func viewDidLayoutSubviews() {\n        super.viewDidLayoutSubviews()\n        view.layoutMargins.left = ↓UIDevice.isPad ? 20 : 12\n    }\n}",
                    path: "Sources/Kit/Picker.swift",
                    files: ["Package.swift": "let package = Package(name: \"Kit\", platforms: [.iOS(.v13)], targets: [.target(name: \"Kit\"), .executableTarget(name: \"Demo\", dependencies: [\"Kit\"])])",
                            "Sources/Demo/UIDevice+Extension.swift": "extension UIDevice {\n    class var isPad: Bool {\n        current.userInterfaceIdiom == .pad\n    }\n}",
                            "Sources/Kit/Core+UIDevice.swift": "extension UIDevice {\n    class var isPad: Bool {\n        if #available(iOS 14.0, *), ProcessInfo.processInfo.isiOSAppOnMac {\n            return true\n        }\n        return current.userInterfaceIdiom == .pad\n    }\n}"],
                    message: "Layout chosen by device idiom through `isPad` (Sources/Kit/Core+UIDevice.swift:2); an iPhone app can have an iPad-sized window"),
            .objc("if (↓IS_IPAD_LANDSCAPE) { }", files: ["Macros.h": "#define IS_IPAD (UI_USER_INTERFACE_IDIOM() == UIUserInterfaceIdiomPad)\n#define IS_IPAD_LANDSCAPE (IS_IPAD && landscape)"]),
            .objc("switch ([UIDevice currentDevice].↓userInterfaceIdiom) { case UIUserInterfaceIdiomPad: break; default: break; }"),
            // What the fix names exists at the site: a view controller's trait collection, and
            // nothing in a class method, a model object or an extension of UIDevice.
            .objc("""
                @interface Grid : UIViewController
                @end
                @implementation Grid
                - (void)viewDidLayoutSubviews { self.columns = [UIDevice currentDevice].↓userInterfaceIdiom == UIUserInterfaceIdiomPad ? 3 : 1; }
                @end
                """, suggestion: "Compare `self.traitCollection.horizontalSizeClass == UIUserInterfaceSizeClassRegular`"),
            .objc("""
                @interface ShareActivity : UIActivity
                @end
                @implementation ShareActivity
                + (UIActivityCategory)activityCategory { return [UIDevice currentDevice].↓userInterfaceIdiom == UIUserInterfaceIdiomPad ? UIActivityCategoryShare : UIActivityCategoryAction; }
                @end
                """, suggestion: "Take the size class (or the trait collection) as a parameter from the view or view controller that lays out."),
            .objc("""
                @interface Grid : UIViewController
                @end
                @implementation Grid
                + (NSInteger)columns { return [UIDevice currentDevice].↓userInterfaceIdiom == UIUserInterfaceIdiomPad ? 3 : 1; }
                @end
                """, suggestion: "(a type method or static member has no view of its own)"),
            Example("""
                final class Grid: UIView {
                    private enum Metrics { static var columns: Int { UIDevice.current.↓userInterfaceIdiom == .pad ? 3 : 1 } }
                }
                """, suggestion: "Take the size class (or the trait collection) as a parameter"),
            // A SwiftUI view is one though the repository nests an `enum View` of its own somewhere
            // (SwiftGen's `L10n.Settings.View`, in Home Assistant).
            Example("struct AssistView: View { private var isIpad: Bool { UIDevice.current.↓userInterfaceIdiom == .pad }; var body: some View { Text(\"\") } }",
                    files: ["Strings.swift": "enum L10n { enum Settings { enum View { static let title = \"\" } } }"],
                    suggestion: "Read `@Environment(\\.horizontalSizeClass)`"),
            // An orientation lock chosen by idiom is no layout: resizable apps get no lock.
            Example("""
                final class PinLockViewController: UIViewController {
                    override var supportedInterfaceOrientations: UIInterfaceOrientationMask {
                        UIDevice.current.↓userInterfaceIdiom == .pad ? .all : .portrait
                    }
                }
                """, message: "Orientations chosen by device idiom (`UIDevice.current.userInterfaceIdiom`); an app that resizes gets no orientation lock on iPad or in iPhone Mirroring",
                suggestion: "Support every orientation instead of choosing them by device"),
            .objc("""
                @interface PinLockViewController : UIViewController
                @end
                @implementation PinLockViewController
                - (BOOL)shouldAutorotate { return ↓UI_USER_INTERFACE_IDIOM() == UIUserInterfaceIdiomPad; }
                @end
                """, suggestion: "Support every orientation instead of choosing them by device"),
            // A class method is an orientation lock by its name too (FLEX's `+supportedInterfaceOrientations`).
            .objc("""
                @implementation Utility
                + (UIInterfaceOrientationMask)supportedInterfaceOrientations {
                    if ([[UIDevice currentDevice] ↓userInterfaceIdiom] == UIUserInterfaceIdiomPad) { return UIInterfaceOrientationMaskAll; }
                    return UIInterfaceOrientationMaskPortrait;
                }
                @end
                """, message: "Orientations chosen by device idiom (`[[UIDevice currentDevice] userInterfaceIdiom]`); an app that resizes gets no orientation lock on iPad or in iPhone Mirroring",
                suggestion: "Support every orientation instead of choosing them by device"),
            // A value the idiom chooses is followed to its uses (Texture's `kASControlNodeExpandedInset`).
            .objc("""
                #define kExpandedInset (([[UIDevice currentDevice] ↓userInterfaceIdiom] == UIUserInterfaceIdiomPad) ? -25.0f : -70.0f)
                CGRect hitRect(CGRect b) { return CGRectInset(b, ↓kExpandedInset, kExpandedInset); }
                """),
            Example("func f() { grid.columns = ↓Layout.columns }",
                    files: ["Layout.swift": "enum Layout { static let columns = UIDevice.current.userInterfaceIdiom == .pad ? 3 : 1 }"]),
            // `.carPlay` in a switch over the idiom is the idiom's case: the column count is still chosen by device.
            Example("""
                func columns() -> Int {
                    switch traitCollection.↓userInterfaceIdiom {
                    case .carPlay, .phone, .tv: return 1
                    default: return 3
                    }
                }
                """),
        ],
        nonTriggering: [
            // iOS 26's bar-button glass, drawn per device by UIKit (Nextcloud Talk's rooms list).
            Example("final class Rooms: UITableViewController {\n    func configureButtons() {\n        if #available(iOS 26.0, *) {\n            if UIDevice.current.userInterfaceIdiom != .phone {\n                navigationItem.rightBarButtonItem?.hidesSharedBackground = true\n            }\n        }\n    }\n}"),
            // An idiom turned into a case of the same name of another type (SwiftUIX's `UserInterfaceIdiom.current`).
            Example("public enum Idiom {\n    case phone, pad, mac, unspecified\n    public static var current: Idiom {\n        switch UIDevice.current.userInterfaceIdiom {\n            case .phone:\n                return .phone\n            case .pad:\n                return .pad\n            #if swift(>=5.9)\n            case .mac:\n                return .mac\n            #endif\n            default:\n                return .unspecified\n        }\n    }\n}"),
            // An alert where an action sheet would be a popover needing an anchor (2FAS's PIN-length picker).
            Example("func pinLengthAlert() -> UIAlertController {\n    let style: UIAlertController.Style = {\n        if UIDevice.current.userInterfaceIdiom == .pad {\n            return .alert\n        }\n        return .actionSheet\n    }()\n    return UIAlertController(title: nil, message: nil, preferredStyle: style)\n}"),
            // Drag and drop, on by default only on iPad (2FAS's token list).
            Example("final class Tokens {\n    var enableDragAndDropOnStart: Bool { UIDevice.current.userInterfaceIdiom == .pad }\n}"),
            // A label for a server or a log: every branch gives a string (PostHog's `deviceType`, Swiftfin's `platform`).
            Example("enum Context {\n    static let deviceType: String? = {\n        switch UIDevice.current.userInterfaceIdiom {\n        case .phone:\n            return \"Mobile\"\n        case .pad:\n            return \"Tablet\"\n        default:\n            return nil\n        }\n    }()\n}"),
            Example("extension UIDevice {\n    static var platform: String {\n        if UIDevice.isPad {\n            return L10n.iPadOS\n        } else {\n            return L10n.iOS\n        }\n    }\n}",
                    files: ["UIDevice+Pad.swift": "extension UIDevice {\n    static var isPad: Bool { current.userInterfaceIdiom == .pad }\n}"]),
            Example("extension UIDevice {\n    static var platform: String {\n        if UIDevice.current.userInterfaceIdiom == .pad {\n            return L10n.iPadOS\n        } else {\n            return L10n.iOS\n        }\n    }\n}"),
            // The device kind as a telemetry value (Mixpanel's automatic properties).
            Example("enum AutomaticProperties {\n    static func tablet() -> Bool { UIDevice.current.userInterfaceIdiom == .pad }\n}"),
            // A chain of device names for a server request is data (tinode's `whoami`).
            Example("func identify() -> String {\n    let device = UIDevice.current.userInterfaceIdiom == .phone ? \"iphone\" : UIDevice.current.userInterfaceIdiom == .pad ? \"ipad\" : \"\"\n    return device\n}"),
            // The alert style chosen by device: an iPad's action sheet is a popover that needs an anchor (deltachat).
            Example("extension UIAlertController.Style {\n    static var safeActionSheet: UIAlertController.Style {\n        if UIDevice.current.userInterfaceIdiom == .pad { return .alert } else { return .actionSheet }\n    }\n}"),
            // A guard that lets only an iPad through to anchor a popover (NYTPhotoViewer's share sheet).
            Example("func share(_ image: UIImage, from item: UIBarButtonItem) -> Bool {\n    guard UIDevice.current.userInterfaceIdiom == .pad else { return false }\n    let sheet = UIActivityViewController(activityItems: [image], applicationActivities: nil)\n    sheet.popoverPresentationController?.barButtonItem = item\n    present(sheet, animated: true)\n    return true\n}"),
            // Half of a device check by screen size, through a helper: that check is the finding (SKPhotoBrowser's `isPhoneX`).
            Example("extension Measure {\n    static var isPhoneX: Bool {\n        let heights: [CGFloat] = [2436, 2688, 1792]\n        if isPhone, heights.contains(UIScreen.main.nativeBounds.height) { return true }\n        return false\n    }\n}",
                    files: ["Measure.swift": "struct Measure {\n    static let isPhone = UIDevice.current.userInterfaceIdiom == .phone\n}"]),
            // Which device it is, told to the user or drawn: not how big the window is (KeePassium).
            Example("func storageName() -> String { guard UIDevice.current.userInterfaceIdiom == .pad else { return \"On My iPhone\" }; return \"On My iPad\" }"),
            Example("enum Symbol { case iPad, iPhone }\nfunc localStorageIconSymbol() -> Symbol {\n    switch UIDevice.current.userInterfaceIdiom {\n    case .pad: return .iPad\n    default: return .iPhone\n    }\n}"),
            // Hardware: a phone has an earpiece and a speaker (Nextcloud Talk's audio routes); a camera's frames.
            Example("final class Audio { var isAudioRouteChangeable: Bool { if UIDevice.current.userInterfaceIdiom == .phone { return true }; return false } }"),
            Example("final class Camera: NSObject, AVCaptureVideoDataOutputSampleBufferDelegate {\n    func draw() { if UIDevice.current.userInterfaceIdiom == .phone { image = image.oriented(.left) } }\n}"),
            // Which biometry the device has (element-x's UI-test mock): hardware.
            Example("final class Coordinator {\n    func mock(_ context: LAContextMock) {\n        context.biometryTypeValue = UIDevice.current.userInterfaceIdiom == .phone ? .faceID : .touchID\n    }\n}"),
            // A title chosen by device (Delta's settings): text, not a layout.
            Example("enum Variant {\n    case standard, splitView\n    var title: String {\n        switch UIDevice.current.userInterfaceIdiom {\n        case .pad: return NSLocalizedString(\"Full Screen\", comment: \"\")\n        default: return NSLocalizedString(\"Standard\", comment: \"\")\n        }\n    }\n}"),
            Example("enum Section { case airPlay, sync }\nfinal class Settings: UITableViewController {\n    func title(for section: Section) -> String? {\n        switch section {\n        case .airPlay where self.view.traitCollection.userInterfaceIdiom == .pad: return NSLocalizedString(\"AirPlay / External Displays\", comment: \"\")\n        case .airPlay: return NSLocalizedString(\"AirPlay\", comment: \"\")\n        case .sync: return nil\n        }\n    }\n}"),
            // Haptics only an iPhone has; the keyboard's accessory bar, which iPad keyboards replace with
            // their assistant bar (blink): the device's hardware, not the window's size.
            Example("final class Bell: UIViewController {\n    func ring() { if UIDevice.current.userInterfaceIdiom == .phone { UINotificationFeedbackGenerator().notificationOccurred(.warning) } }\n}"),
            Example("final class TermInput: UIView {\n    func setUp() {\n        if traitCollection.userInterfaceIdiom == .pad {\n            setUpAssistant()\n        } else {\n            _setupAccessoryView()\n        }\n    }\n}"),
            // Through a helper, the same (SlackTextViewController's undocked keyboard).
            .objc("- (void)f { if (IS_IPAD) { self.keyboardUndocked = YES; } }", files: ["Macros.h": "#define IS_IPAD (UI_USER_INTERFACE_IDIOM() == UIUserInterfaceIdiomPad)"]),
            // The iPad's keyboard has no number pad and floats or splits, whatever the window's size.
            Example("func setKeyboard() { if UIDevice.current.userInterfaceIdiom == .pad { switchKeyboardButton.isHidden = true } }"),
            // The menu bar exists on iPad and the Mac only.
            Example("final class Main: UIResponder {\n    override func buildMenu(with builder: UIMenuBuilder) {\n        guard builder.system == .main, UIDevice.current.userInterfaceIdiom == .pad else { return }\n        builder.remove(menu: .help)\n    }\n}"),
            // A frame rate chosen by device: a battery's and a display's, not the window's (UTM's renderer).
            .objc("- (void)f {\n    if (UIDevice.currentDevice.userInterfaceIdiom == UIUserInterfaceIdiomPad) {\n        self.mtkView.preferredFramesPerSecond = self.view.window.screen.maximumFramesPerSecond;\n    }\n}"),
            // One release on one device: a workaround for that system's bug (Aidoku's iPadOS 26 search bar).
            Example("func f() { if #available(iOS 26.0, *), UIDevice.current.userInterfaceIdiom == .pad { searchBar.applyWorkaround() } }"),
            // Code that only runs below the deployment target (iOS 12 here) never runs.
            Example("func f() { if #available(iOS 9, *) { } else { if UIDevice.current.userInterfaceIdiom == .pad { wide() } } }", files: ["Package.swift": "let package = Package(name: \"App\", platforms: [.iOS(.v12)])"]),
            .objc("- (void)f { if (floor(NSFoundationVersionNumber) <= NSFoundationVersionNumber_iOS_7_1) { if ([UIDevice currentDevice].userInterfaceIdiom == UIUserInterfaceIdiomPad) { [self wide]; } } }",
                  files: ["Package.swift": "let package = Package(name: \"App\", platforms: [.iOS(.v12)])"]),
            // The idiom picks a picture of the device (NetNewsWire's "On My iPad" account icon).
            Example("func image() -> Image { if UIDevice.current.userInterfaceIdiom == .pad { return Image(\"accountLocalPad\") } else { return Image(\"accountLocalPhone\") } }"),
            Example("func image() -> UIImage { if UIDevice.current.userInterfaceIdiom == .pad { return Assets.Images.accountLocalPadImage }; return Assets.Images.accountLocalPhoneImage }"),
            .objc("- (UIImage *)icon { if ([UIDevice currentDevice].userInterfaceIdiom == UIUserInterfaceIdiomPad) { return [UIImage imageNamed:@\"device-ipad\"]; } return nil; }"),
            // A UI test sets up the simulator by idiom (ChatSecure's UI tests): no layout of its own.
            Example("""
                final class AppUITests: XCTestCase {
                    override func setUp() {
                        let app = XCUIApplication()
                        if UIDevice.current.userInterfaceIdiom == .pad { XCUIDevice.shared.orientation = .landscapeLeft } else { XCUIDevice.shared.orientation = .portrait }
                        app.launch()
                    }
                }
                """),
            Example("func f() { let idiom = UIDevice.current.userInterfaceIdiom; log(idiom) }"),
            // The idiom as data, not layout: a User-Agent, analytics or experiment parameter.
            .objc("NSString *ua = [NSString stringWithFormat:@\"VLC (%@)\", UI_USER_INTERFACE_IDIOM() == UIUserInterfaceIdiomPad ? @\"iPad\" : @\"iPhone\"];"),
            Example("let agent = \"App/1.0 (\" + (UIDevice.current.userInterfaceIdiom == .pad ? \"iPad\" : \"iPhone\") + \")\""),
            Example("let parameters = [\"form_factor\": UIDevice.current.userInterfaceIdiom == .pad ? \"tablet\" : \"phone\", \"os\": \"ios\"]"),
            .objc("NSDictionary *p = @{@\"tablet\": @(UI_USER_INTERFACE_IDIOM() == UIUserInterfaceIdiomPad)};"),
            Example("func f() { if UIDevice.current.userInterfaceIdiom == .mac { } }"),
            Example("func f() { if traitCollection.userInterfaceIdiom == .vision || traitCollection.userInterfaceIdiom == .tv { } }"),
            Example("func f() { let idiom = UIDevice.current.userInterfaceIdiom; log(idiom) }"),
            Example("func f() { if traitCollection.horizontalSizeClass == .regular { } }"),
            Example("struct Env { var userInterfaceIdiom: Int }"),
            .objc("if (UI_USER_INTERFACE_IDIOM() == UIUserInterfaceIdiomTV) { }"),
            // A helper's answer as data (a User-Agent, an analytics value) is not layout.
            Example("let ua = \"App (\" + (UIDevice.current.isPad ? \"iPad\" : \"iPhone\") + \")\"",
                    files: ["UIDevice+Idiom.swift": "extension UIDevice { var isPad: Bool { userInterfaceIdiom == .pad } }"]),
            .objc("NSDictionary *p = @{@\"tablet\": @(IS_IPAD)};", files: ["Macros.h": "#define IS_IPAD (UI_USER_INTERFACE_IDIOM() == UIUserInterfaceIdiomPad)"]),
            // A member of another type with the same name is not the helper.
            Example("func f(contact: Contact) { if contact.isPhone { call() } }",
                    files: ["UIDevice+Idiom.swift": "extension UIDevice { var isPhone: Bool { userInterfaceIdiom == .phone } }"]),
            // A helper that does not compare with .pad or .phone is no idiom helper.
            Example("func f() { if UIDevice.current.isMac { } }",
                    files: ["UIDevice+Idiom.swift": "extension UIDevice { var isMac: Bool { userInterfaceIdiom == .mac } }"]),
            .objc("@property (nonatomic) UIUserInterfaceIdiom userInterfaceIdiom;"),
            // An iPhone-only capability gated by idiom is a feature, not a layout (Home Assistant's
            // CarPlay actions, Watch settings, Live Activities).
            Example("private var isLiveActivitySupportedOnDevice: Bool { UIDevice.current.userInterfaceIdiom != .pad }"),
            Example("""
                static var isWatchAvailable: Bool {
                    guard UIDevice.current.userInterfaceIdiom == .phone else { return false }
                    return WCSession.isSupported()
                }
                """),
            Example("func actions() { if UIDevice.current.userInterfaceIdiom == .phone { actions.append(CarPlayQuickAccessAction()) } }"),
            Example("""
                var isVisible: Bool {
                    switch self {
                    case .carPlay: return UIDevice.current.userInterfaceIdiom == .phone
                    default: return true
                    }
                }
                """),
            // What UIKit does by device: a popover's anchor on iPad, the web view's User-Agent, another window's scene destroyed.
            .objc("- (void)share:(id)sender {\n    UIActivityViewController *sheet = [[UIActivityViewController alloc] initWithActivityItems:@[] applicationActivities:nil];\n    if (sender && [UIDevice currentDevice].userInterfaceIdiom == UIUserInterfaceIdiomPad) { sheet.popoverPresentationController.sourceView = sender; }\n    [self presentViewController:sheet animated:YES completion:nil];\n}"),
            Example("func load() { if UIDevice.current.userInterfaceIdiom == .pad { webView.customUserAgent = \"Mozilla/5.0 (iPad)\" } }"),
            Example("func testPadAgent() throws { try XCTSkipUnless(UIDevice.current.userInterfaceIdiom == .pad); check() }"),
            // Half of a device-model check, reported as the device check it is (owncloud's small-PPI tweak).
            Example("func f() { if UIDevice.current.userInterfaceIdiom == .phone && UIScreen.main.nativeBounds.height == 1136 { small() } }"),
            Example("func testPadAgent() {\n    if UIDevice.current.userInterfaceIdiom != .pad || ProcessInfo().operatingSystemVersion.majorVersion < 13 {\n        return\n    }\n    check()\n}"),
            Example("func setUp(_ cell: UIView) { if UIDevice.current.userInterfaceIdiom == .pad { cell.addInteraction(UIPointerInteraction(delegate: nil)) } }"),
            Example("func share(_ sheet: UIActivityViewController, from button: UIView) {\n    if UIDevice.current.userInterfaceIdiom == .pad, let p = sheet.popoverPresentationController { p.sourceView = button }\n    present(sheet, animated: true)\n}"),
            .objc("- (void)close {\n    if ([UIDevice currentDevice].userInterfaceIdiom == UIUserInterfaceIdiomPad && self.sceneSession) {\n        [UIApplication.sharedApplication requestSceneSessionDestruction:self.sceneSession options:nil errorHandler:nil];\n    }\n}"),
            .objc("- (BOOL)canShowComplications { if ([UIDevice currentDevice].userInterfaceIdiom == UIUserInterfaceIdiomPhone) { return [WatchSession isPaired]; } return NO; }"),
        ], readiness: .deviceAssumption)

    var triggers: Set<Word> { [.userInterfaceIdiom, .UI_USER_INTERFACE_IDIOM] }
    var nameTriggers: NameTriggers { .aliases }

    func check(at k: Int, in f: CodeFile, model: RepositoryModel, into sink: inout FindingSink) {
        // A UI test's choice by idiom (the simulator's orientation, which screenshots to take) lays nothing out.
        guard !f.isUITest else { return }
        guard f.is(k, .userInterfaceIdiom) || f.is(k, .UI_USER_INTERFACE_IDIOM) else { return checkHelperUse(at: k, in: f, model: model, into: &sink) }
        var s = k, e = k
        if f.is(k, .UI_USER_INTERFACE_IDIOM) {
            guard f.isPunct(k + 1, "("), f.pair(k + 1) > k else { return }
            e = f.pair(k + 1)
        } else {
            guard Reads.isMemberRead(k, in: f) || Reads.isBareRead(k, in: f) else { return }
            (s, e) = Reads.extent(ofMemberAt: k, in: f)
        }
        var compared = Self.isComparedWithPadOrPhone(s, e, in: f) && !Self.isData(around: s, e, in: f)
        // `let idiom = UIDevice.current.userInterfaceIdiom` … `if idiom == .pad`: one local, one function.
        if !compared, let local = LocalFlow.local(initializedBy: s, e, in: f) {
            compared = LocalFlow.uses(of: local.name, after: local.token, in: local.body, of: f).contains {
                Self.isComparedWithPadOrPhone($0, $0, in: f) && !Self.isData(around: $0, $0, in: f)
            }
        }
        guard compared, !Self.isCapabilityGate(at: k, in: f), !Self.isPartOfDeviceCheck(at: k, in: f) else { return }
        let locks = Self.locksOrientation(at: k, in: f)
        var shapes: SiteShapes = locks ? .locksOrientation : []
        if !locks, Self.undoesPresentation(at: k, in: f) { shapes.insert(.undoesPresentation) }
        let statement = Expr.statement(around: k, in: f)
        if !locks, statement.contains(where: { f.text($0) == "horizontalSizeClass" }) {
            shapes.insert(Self.pairsSizeClassWithOtherDevice(statement, in: f) ? .sizeClassOnOtherDevice : .besideSizeClass)
        } else if !locks, statement.contains(where: { f.text($0) == "&&" }),
                  statement.contains(where: { f[$0].kind == .identifier && f.text($0).lowercased().hasSuffix("landscape") }),
                  statement.contains(where: { f.text($0) == "phone" || f.text($0) == "UIUserInterfaceIdiomPhone" }) {
            shapes.insert(.landscapePhone)
        }
        sink.report(description, at: k, message: Self.message("(`\(Expr.snippet(s, e, in: f))`)", at: k, in: f, locks: locks),
                    shapes: shapes, subject: Self.presenter(around: k, in: f))
    }

    /// The view controller the function around `k` presents on (`topView.present(popup, …)`,
    /// `[top presentViewController:…]`): where code with no view of its own (an app delegate
    /// showing a banner, Amperfy) shows what it lays out, so whose size class to read.
    static func presenter(around k: Int, in f: CodeFile) -> String? {
        guard let function = f.scopes(around: k).first(where: { $0.kind == .function }) else { return nil }
        for q in (function.open + 1)..<min(function.close, f.tokens.count) where f[q].kind == .identifier && !f.is(q, .self) {
            if f.language == .swift, f.isPunct(q + 1, "."), f.text(q + 2) == "present", f.isPunct(q + 3, "("), !f.isPunct(q - 1, ".") { return f.text(q) }
            if f.language == .objectiveC, f.isPunct(q - 1, "["), f.text(q + 1) == "presentViewController", f.isPunct(q + 2, ":") { return f.text(q) }
        }
        return nil
    }

    /// Whether a condition joins with `&&` a size class and a device that does not imply it: compact
    /// with an iPad or a Mac, regular with an iPhone (`!=` turns either round).
    static func pairsSizeClassWithOtherDevice(_ range: Range<Int>, in f: CodeFile) -> Bool {
        guard range.contains(where: { f.text($0) == "&&" }) else { return false }
        var compact: Bool? = nil, large: Bool? = nil
        for q in range {
            let text = f.text(q)
            if text == "horizontalSizeClass" {
                let negated = f.text(q + 1) == "!="
                for v in (q + 2)...(q + 3) where v < range.upperBound {
                    let value = f.text(v)
                    if value == "compact" || value == "UIUserInterfaceSizeClassCompact" { compact = !negated }
                    if value == "regular" || value == "UIUserInterfaceSizeClassRegular" { compact = negated }
                }
            }
            let device: Bool? = ["pad", "mac", "UIUserInterfaceIdiomPad", "UIUserInterfaceIdiomMac"].contains(text) ? true
                : ["phone", "UIUserInterfaceIdiomPhone"].contains(text) ? false : nil
            if let device, q >= 2, f.isPunct(q - 1, ".") || f[q].kind == .identifier {
                // `idiom == .pad` / `idiom != .phone`: the operator is before the `.` (or before the ObjC name).
                let op = f.isPunct(q - 1, ".") ? f.text(q - 2) : f.text(q - 1)
                if op == "==" { large = device } else if op == "!=" { large = !device }
            }
        }
        guard let compact, let large else { return false }
        return compact == large
    }

    /// Whether the block picks a picture of the device: an image or asset named for an iPad or
    /// iPhone (`Image("accountLocalPad")`, `Assets.Images.accountLocalPhoneImage`, NetNewsWire's
    /// "On My iPad" account icon). Which device it is is what the idiom is for; a size class
    /// would show an iPhone on an iPad in Slide Over. An `iPadLayout` names no image: it stays.
    static let deviceWords: Set<String> = ["pad", "ipad", "phone", "iphone"]
    static let pictureWords: Set<String> = ["image", "images", "icon", "icons", "asset", "assets", "symbol", "img"]

    /// Whether `range` names a device in its code (`.iPadHomeButton`, `iphoneIcon`).
    static func picksDevice(_ range: Range<Int>, in f: CodeFile) -> Bool {
        range.contains { i in
            f[i].kind == .identifier && !Set(BarNames.words(f.text(i))).isDisjoint(with: deviceWords) && f.text(i) != "pad" && f.text(i) != "phone"
        }
    }

    /// Whether `range` says the device's name to the user (`"On My iPhone"`, `@"iPad"`): which
    /// device it is, not how big its window is (KeePassium's local storage name).
    static func namesDevice(_ range: Range<Int>, in f: CodeFile) -> Bool {
        range.contains { i in
            guard f[i].kind == .string else { return false }
            let text = f.text(i)
            return text.contains("iPhone") || text.contains("iPad") || text.contains("iPod")
        }
    }

    /// Whether token `i` is about the keyboard (`switchKeyboardButton`, `keyboardType`,
    /// `isUndockedKeyboard`): the iPad's differs by device — no number pad, split and floating
    /// layouts, a hardware keyboard — not by the window's size (KeePassium, SlackTextViewController).
    /// The same of what else is the device's own: the keyboard's accessory and assistant bars
    /// (`_setupAccessoryView()`, `inputAssistantItem`), haptics (`hapticFeedbackOnBellOff`,
    /// `UINotificationFeedbackGenerator`; blink's bell), which only iPhones have.
    static func mentionsKeyboard(_ i: Int, in f: CodeFile) -> Bool {
        guard f[i].kind == .identifier else { return false }
        let name = f.text(i).lowercased()
        return deviceInputWords.contains { name.contains($0) }
    }

    static let deviceInputWords = ["keyboard", "accessoryview", "assistantitem", "haptic", "feedbackgenerator"]

    static func picksDeviceImage(_ range: Range<Int>, in f: CodeFile) -> Bool {
        let device = deviceWords
        let picture = pictureWords
        var inImageCall = false
        for i in range {
            let t = f[i]
            if t.kind == .identifier, ["Image", "UIImage", "NSImage", "imageNamed", "systemName", "named"].contains(f.text(i)) { inImageCall = true }
            guard t.kind == .identifier || t.kind == .string else { continue }
            let text = String(f.text(i).map { $0.isLetter || $0.isNumber ? $0 : "_" })
            let words = Set(BarNames.words(text))
            if !words.isDisjoint(with: device), inImageCall || !words.isDisjoint(with: picture) { return true }
        }
        return false
    }

    /// What only an iPhone has, by the words code names it with: CarPlay, a paired Apple Watch and
    /// its complications, Live Activities, the phone's telephony. An idiom check that gates one
    /// of these decides a feature, not a layout (Home Assistant's CarPlay actions and Watch settings).
    static let iPhoneOnlyCapabilities: [StaticString] = ["carplay", "watch", "complication", "liveactivit", "telephony", "callkit"]

    /// What UIKit does by device, whatever the window's size: an activity sheet or action sheet is
    /// a popover on iPad and needs its anchor there (a size-class test would crash in a compact
    /// iPad window); the web view's User-Agent names the device; only iPad destroys scene
    /// sessions of its other windows. An idiom check whose block (or condition: `if isPad, let p =
    /// sheet.popoverPresentationController {`) sets one of these is no layout. Choosing to
    /// present as a popover (`modalPresentationStyle = .popover`) is a layout choice: it stays.
    /// An action sheet is a popover on an iPad, which needs an anchor or it stops the app:
    /// choosing the alert style by device (deltachat's `safeActionSheet`) or anchoring a popover
    /// is about the device, not the window's size.
    static let deviceBehaviours = NameSet(["sourceView", "sourceRect", "barButtonItem", "sourceItem", "customUserAgent",
                                                "actionSheet", "UIAlertControllerStyleActionSheet", "popoverPresentationController",
                                                "applicationNameForUserAgent", "requestSceneSessionDestruction",
                                                "UIPointerInteraction", "UIHoverGestureRecognizer",
                                                // A frame rate chosen by device (a battery's, a ProMotion display's) is no layout (UTM's renderer).
                                                "preferredFramesPerSecond", "preferredFrameRateRange", "maximumFramesPerSecond",
                                                // iOS 26's bar-button glass, which UIKit draws per device, and the search field
                                                // UIKit moves into the toolbar on iPhone only (Nextcloud Talk's rooms list).
                                                "hidesSharedBackground", "searchBarPlacementBarButtonItem", "searchBarPlacementAllowsToolbarIntegration"])

    /// The `else { … }` of the `guard` whose condition holds `k`, open to close.
    static func guardElse(after k: Int, in f: CodeFile) -> Range<Int>? {
        var q = k
        while q < f.tokens.count, q - k < 64 {
            if f.isPunct(q, "(") || f.isPunct(q, "["), f.pair(q) > q { q = f.pair(q) + 1; continue }
            if f.isPunct(q, "{") || f.isPunct(q, "}") || f.isPunct(q, ";") { return nil }
            if f.is(q, .else), f.isPunct(q + 1, "{"), f.pair(q + 1) > q + 1 { return (q + 1)..<f.pair(q + 1) }
            q += 1
        }
        return nil
    }

    /// A name that says it answers whether something is available: `isWatchAvailable`,
    /// `isLiveActivitySupportedOnDevice`, `supportsCarPlay` — not `supportedInterfaceOrientations`,
    /// whose answer is an orientation lock.
    static func isCapabilityName(_ name: String) -> Bool {
        let n = name.lowercased()
        guard !n.contains("orientation") else { return false }
        return n.contains("available") || n.contains("supported") || n.hasPrefix("supports")
            // The device's hardware: audio routes (an iPhone's earpiece), haptics, telephony.
            || hardwareWords.contains { n.contains($0) }
    }
    static let hardwareWords = ["audio", "speaker", "earpiece", "microphone", "haptic", "vibrat", "telephony", "cellular",
                                // Drag and drop, which table and collection views turn on by default only on iPad (2FAS's tokens list).
                                "draganddrop", "dragdrop", "draginteraction"]

    /// Whether the idiom check at `k` gates a capability rather than a layout: it is the answer of
    /// a member named for availability, or what it guards (its `if` body, or the `case` it is
    /// the value of) names an iPhone-only capability.
    static func isCapabilityGate(at k: Int, in f: CodeFile) -> Bool {
        if let member = f.enclosingFunction(of: k)?.scope.name, isCapabilityName(member) { return true }
        // A camera's own type turns its frames by device (an iPhone never turns upside down): no layout.
        if OrientationLayoutRule.isCaptureType(around: k, in: f) { return true }
        // `try XCTSkipUnless(UIDevice.current.userInterfaceIdiom == .pad)`: which device a test runs on.
        if let (open, _) = Expr.enclosingCall(k, in: f), ["XCTSkipIf", "XCTSkipUnless"].contains(f.text(open - 1)) { return true }
        // `func testPadAgent() { if idiom != .pad { return } … }`: a test that runs only on one device.
        let block = Self.block(openedAfter: k, in: f)
        if let test = f.enclosingFunction(of: k)?.scope, test.name.hasPrefix("test"), let b = block?.lowerBound,
           f.is(b + 1, .return), f.isPunct(b + 2, "}") || f.isPunct(b + 3, "}") && f.isPunct(b + 2, ";") {
            return true
        }
        func names(_ range: Range<Int>, idiomCases: Bool = true) -> Bool {
            range.contains { i in
                // In a `switch` over the idiom, `.carPlay` is the idiom's own case, not the capability.
                guard f[i].kind == .identifier, idiomCases || !(f.isPunct(i - 1, ".") && f.text(i) == "carPlay") else { return false }
                return iPhoneOnlyCapabilities.contains { f.spells(i, caseless: $0) }
            }
        }
        // `if #available(iOS 26, *), idiom == .pad { … }`: one system's version on one device, a
        // workaround for that release (Aidoku's iPadOS 26 search bar), not a layout.
        var c0 = k - 1
        while c0 > max(0, k - 24), !f.isPunct(c0, "{"), !f.isPunct(c0, "}"), !f.isPunct(c0, ";"), !f.is(c0, .if), !f.is(c0, .guard) { c0 -= 1 }
        if c0 >= 0, f.is(c0, .if) || f.is(c0, .guard),
           (c0..<k).contains(where: { f.text($0) == "#available" || (f.text($0) == "available" && (f.isPunct($0 - 1, "#") || f.isPunct($0 - 1, "@"))) || f.text($0) == "@available" }) {
            return true
        }
        // `if idiom == .phone { … CarPlay … }`: the block the condition opens, within its statement.
        if let block, names(block, idiomCases: false) || picksDeviceImage(block, in: f) || namesDevice(block, in: f)
            || (k..<block.upperBound).contains(where: { deviceBehaviours.contains($0, in: f) || mentionsKeyboard($0, in: f) }) {
            return true
        }
        // `biometryType = isPhone ? .faceID : .touchID`: the statement names the device's biometry, Face ID
        // or Touch ID — hardware a device has or lacks (element-x's UI-test mock). (`faceID` whole:
        // `userInterfaceIdiom` holds it.)
        if Expr.statement(around: k, in: f, reach: 48).contains(where: { q in
            guard f[q].kind == .identifier else { return false }
            if f.spells(q, caseless: "biometr") { return true }
            let t = f.tokens[q], length = t.end - Int(t.start)
            return (length == 6 && f.spells(q, caseless: "faceid")) || (length == 7 && f.spells(q, caseless: "touchid"))
        }) { return true }
        // `guard idiom == .pad, … else { return false }` and then a popover anchored (NYTPhotoViewer's
        // share sheet): what the guard lets through is the code after it, to the end of its block.
        if c0 >= 0, f.is(c0, .guard), let elseBody = Self.guardElse(after: k, in: f),
           let enclosing = f.scopes(around: k).first(where: { $0.open < c0 && $0.close > elseBody.upperBound }),
           (elseBody.upperBound..<min(enclosing.close, f.tokens.count)).contains(where: { deviceBehaviours.contains($0, in: f) }) {
            return true
        }
        // `if isiPad { return .alert }` before `return .actionSheet`: an alert where an action sheet would
        // be a popover needing an anchor (2FAS's PIN-length picker) — UIKit's behaviour by device.
        if let block, block.contains(where: { f.text($0) == "alert" && f.isPunct($0 - 1, ".") }),
           let body = f.innermostBody(of: k), (block.upperBound..<min(body.close, f.tokens.count)).contains(where: { deviceBehaviours.contains($0, in: f) }) {
            return true
        }
        // A title chosen by device, and nothing else (Delta's "Full Screen" / "Standard" skin names).
        if let block, choosesText(block, in: f) { return true }
        // `case .airPlay where idiom == .pad: return NSLocalizedString(…)`: the case's body.
        if let body = caseBody(after: k, in: f), choosesText(body, in: f) { return true }
        // `if idiom == .pad { … } else { _setupAccessoryView() }`: the other branch of the choice.
        if let block, f.is(block.upperBound + 1, .else), f.isPunct(block.upperBound + 2, "{"), f.pair(block.upperBound + 2) > block.upperBound + 2,
           (block.upperBound + 2..<f.pair(block.upperBound + 2)).contains(where: { deviceBehaviours.contains($0, in: f) || mentionsKeyboard($0, in: f) }) {
            return true
        }
        // The app's menu bar (`buildMenu(with:)` for `UIMenuSystem.main`) exists on iPad and the Mac only.
        if let member = f.enclosingFunction(of: k)?.scope, member.name == "buildMenu" { return true }
        // A member named for a picture (`getLocalStorageIconSymbol()`) whose choice names a device.
        if let member = f.enclosingFunction(of: k)?.scope.name, let block,
           !Set(BarNames.words(member)).isDisjoint(with: pictureWords), picksDevice(block, in: f) {
            return true
        }
        // `case .carPlay: return idiom == .phone`: the case label just before.
        var c = k - 1
        while c > max(0, k - 12), !f.is(c, .case), !f.isPunct(c, "{"), !f.isPunct(c, ";") { c -= 1 }
        if c >= 0, f.is(c, .case), names(c..<k) { return true }
        return false
    }

    /// Whether every `return` in `range` gives text (a string literal, `NSLocalizedString(…)`,
    /// `String(localized:)`) and nothing there is assigned: a label chosen by device, not a layout.
    static func choosesText(_ range: Range<Int>, in f: CodeFile) -> Bool {
        var returns = 0
        for q in range {
            if f[q].isAssignment { return false }
            guard f.is(q, .return) else { continue }
            returns += 1
            let v = q + 1
            let text = f[v].kind == .string || (f.isPunct(v, "@") && f[v + 1].kind == .string)
                || ["NSLocalizedString", "LocalizedStringKey"].contains(f.text(v)) || (f.text(v) == "String" && f.text(v + 2) == "localized")
            if !text { return false }
        }
        return returns > 0
    }

    /// The body of the `case … where <k>:` label holding `k`: from its `:` to the next label or
    /// the switch's end.
    static func caseBody(after k: Int, in f: CodeFile) -> Range<Int>? {
        var c = k - 1
        while c > max(0, k - 16), !f.is(c, .case), !f.isPunct(c, "{"), !f.isPunct(c, ";") { c -= 1 }
        guard c >= 0, f.is(c, .case) else { return nil }
        var colon = k + 1
        while colon < min(k + 24, f.tokens.count), !f.isPunct(colon, ":") { if f.isPunct(colon, "{") { return nil }; colon += 1 }
        guard f.isPunct(colon, ":") else { return nil }
        var e = colon + 1, depth = 0
        while e < f.tokens.count, e - colon < 200 {
            if f.isPunct(e, "(") || f.isPunct(e, "[") || f.isPunct(e, "{") { depth += 1 }
            if f.isPunct(e, ")") || f.isPunct(e, "]") || f.isPunct(e, "}") { if depth == 0 { break }; depth -= 1 }
            if depth == 0, f.is(e, .case) || f.is(e, .default) { break }
            e += 1
        }
        return (colon + 1)..<e
    }

    /// The block (`{` … `}`) the condition holding `k` opens, within its statement: `if idiom == .pad { … }`.
    /// Whether the block the idiom check at `k` opens dismisses what was shown (`dismiss(animated:)`,
    /// `dismissViewControllerAnimated:`): the check undoes a presentation it chose when showing.
    static func undoesPresentation(at k: Int, in f: CodeFile) -> Bool {
        guard let block = block(openedAfter: k, in: f) else { return false }
        return block.contains { i in f[i].kind == .identifier && (f.text(i) == "dismiss" || f.text(i) == "dismissViewControllerAnimated") }
    }

    static func block(openedAfter k: Int, in f: CodeFile) -> Range<Int>? {
        var q = k
        while q < min(k + 40, f.tokens.count), !f.isPunct(q, "{"), !f.isPunct(q, ";"), !f.isPunct(q, "}") { q += 1 }
        guard q < f.tokens.count, f.isPunct(q, "{"), f.pair(q) > q else { return nil }
        return q..<f.pair(q)
    }

    /// `idiom == .phone && UIScreen.main.nativeBounds.height == 1136`: the idiom is half of a
    /// device-model check, which `screen-size-device-check` reports on the same condition; the
    /// idiom's own advice would describe what the condition's other half does.
    static func isPartOfDeviceCheck(at k: Int, in f: CodeFile) -> Bool {
        var q = k, steps = 0
        while q < f.tokens.count, steps < 48, !f.isPunct(q, "{"), !f.isPunct(q, ";"), !f.isPunct(q, "?") {
            // A screen dimension the same condition compares with device sizes (`isPhone,
            // heights.contains(UIScreen.main.nativeBounds.height)`: SKPhotoBrowser's `isPhoneX`).
            if f.is(q, .UIScreen), let read = ScreenRead.at(q, in: f), read.isDimension {
                let (a, b) = Expr.widenArithmetic(read.chain.start, read.chain.end, in: f)
                if Expr.isComparedWithLiteral(a, b, in: f) { return true }
            }
            if f.is(q, .UIScreen) || f.text(q) == "SCREEN_HEIGHT" || f.text(q) == "SCREEN_WIDTH" {
                var r = q
                while r < min(q + 16, f.tokens.count), !f.isPunct(r, "{"), f.text(r) != "&&", f.text(r) != "||" {
                    if (f.text(r) == "==" || f.text(r) == "!="), f[r + 1].kind == .number { return true }
                    r += 1
                }
            }
            q += 1
            steps += 1
        }
        return false
    }

    /// Whether the block the idiom check at `k` opens locks the orientation: `UIDevice.current.setValue(…,
    /// forKey: "orientation")`, an app delegate's `orientationLock`, `requestGeometryUpdate` with
    /// interface orientations (Monal's boarding cards, in SwiftUI's `onAppear`).
    static func locksOrientation(at k: Int, in f: CodeFile) -> Bool {
        // An argument of an orientation call: SwiftUI's `.supportedOrientations(isPad ? .all : .portrait)` (Swiftfin).
        if let (open, _) = Expr.enclosingCall(k, in: f), f.text(open - 1).lowercased().contains("orientation") { return true }
        guard let block = block(openedAfter: k, in: f) else { return false }
        return block.contains { i in
            let t = f.text(i)
            // … or builds the mask of orientations the app supports (`orientations.insert(.portraitUpsideDown)`).
            return t == "\"orientation\"" || t == "@\"orientation\"" || t == "orientationLock" || t.hasSuffix("Orientations") || t.hasSuffix("orientations")
                || t.hasPrefix("UIInterfaceOrientationMask") || t == "portraitUpsideDown" || t == "allButUpsideDown"
        }
    }

    /// What the choice at `k` decides — a layout, or (in `supportedInterfaceOrientations` and
    /// the like, or a block that locks the orientation) an orientation lock — and how it is made
    /// (`(`idiom == .pad`)`, `through `IS_IPAD` (…)`).
    static func message(_ how: String, at k: Int, in f: CodeFile, locks: Bool = false) -> String {
        return decidesOrientationLock(at: k, in: f, locks: locks)
            ? "Orientations chosen by device idiom \(how); an app that resizes gets no orientation lock on iPad or in iPhone Mirroring"
            : "Layout chosen by device idiom \(how); an iPhone app can have an iPad-sized window"
    }

    /// Whether the choice at `k` is an orientation lock: `locks` (its block locks one), or it is in
    /// `supportedInterfaceOrientations` and the like.
    static func decidesOrientationLock(at k: Int, in f: CodeFile, locks: Bool = false) -> Bool {
        locks || f.timing(at: k).contains(.inOrientationLock) || f.enclosingFunction(of: k).map { MemberTiming.isOrientationLock($0.scope, in: f) } ?? false
    }

    /// A use of an idiom helper (`IS_IPAD`, `UIDevice.current.isPhone`, `isiPad()`): the choice
    /// it makes is the helper's comparison, made where it is used (RULES.md "Aliases count").
    func checkHelperUse(at k: Int, in f: CodeFile, model: RepositoryModel, into sink: inout FindingSink) {
        guard let (alias, start, end) = GeometrySite.resolveAliasUse(k, in: f, model: model), alias.rule == id,
              !Self.isDataUse(start, end, in: f), !Self.isCapabilityName(alias.name),
              // What the helper's answer gates, as for a comparison written out (SlackTextViewController's
              // `SLK_IS_IPAD` deciding whether the keyboard is undocked).
              !Self.isCapabilityGate(at: end, in: f), !Self.isPartOfDeviceCheck(at: end, in: f) else { return }
        let at = f.isPunct(start, "[") ? start + 1 : start
        let locks = Self.locksOrientation(at: at, in: f)
        let how = "through `\(alias.name)` (\(alias.site.path):\(alias.site.line))"
        if alias.readsOrientation, !Self.decidesOrientationLock(at: at, in: f, locks: locks) {
            // "A phone in landscape" is a short window wherever it is used, as where it is defined.
            sink.report(description, at: at, message: "Portrait or landscape layout chosen by interface orientation and device idiom \(how); a window is portrait or landscape by its own shape",
                        shapes: alias.landscapePhone ? .landscapePhone : .orientationByIdiom)
            return
        }
        sink.report(description, at: at, message: Self.message(how, at: at, in: f, locks: locks),
                    shapes: locks ? .locksOrientation : Self.undoesPresentation(at: at, in: f) ? .undoesPresentation : [])
    }

    /// Whether a helper's answer at `s...e` is data: the choice between two strings, or a
    /// dictionary literal's value.
    static func isDataUse(_ s: Int, _ e: Int, in f: CodeFile) -> Bool {
        var (s, e) = (s, e)
        while f.isPunct(s - 1, "("), f.pair(s - 1) == e + 1 { s -= 1; e += 1 }
        if f.isPunct(s - 1, "@") { s -= 1 }
        if f.isPunct(e + 1, "?"), f[e + 2].kind == .string, f.isPunct(e + 3, ":"), f[e + 4].kind == .string { return true }
        // `if UIDevice.isPad { return L10n.iPadOS } else { return L10n.iOS }` (Swiftfin's `platform`).
        if branchesOnlyGiveText(s, e, in: f) { return true }
        return f.isPunct(s - 1, ":") && f[s - 2].kind == .string
    }

    /// Whether the comparison around `s...e` produces data rather than a layout decision: it
    /// chooses between two string literals (`idiom == .pad ? "iPad" : "iPhone"`, a User-Agent or an
    /// analytics value), or it is a value in a dictionary literal (`"tablet": idiom == .pad`).
    static func isData(around s: Int, _ e: Int, in f: CodeFile) -> Bool {
        if Expr.inTelemetry(s, in: f) { return true }
        if branchesOnlyGiveText(s, e, in: f) { return true }
        // The comparison's extent: to the idiom constant on either side.
        var end = e
        if f[e + 1].isComparison { end = isIdiomConstant(at: e + 2, in: f).end }
        var start = s
        if f[s - 1].isComparison {
            var q = s - 2
            while q > s - 5, !isIdiomConstant(at: q, in: f).0 { q -= 1 }
            start = q
            if f.isPunct(q - 1, ".") || f.is(q - 1, .UIUserInterfaceIdiom) { start = q - 1 }
        }
        while f.isPunct(start - 1, "("), f.pair(start - 1) == end + 1 { start -= 1; end += 1 }
        if f.isPunct(start - 1, "@") { start -= 1 }  // `@(…)` boxes the value
        // `… ? "iPad" : "iPhone"`
        if f.isPunct(end + 1, "?"), f[end + 2].kind == .string, f.isPunct(end + 3, ":"), f[end + 4].kind == .string {
            return true
        }
        // A chain of them: `idiom == .phone ? "iphone" : idiom == .pad ? "ipad" : ""` (tinode's device
        // name for its server): the string, then another comparison that is data itself.
        if f.isPunct(end + 1, "?"), f[end + 2].kind == .string, f.isPunct(end + 3, ":") {
            var q = end + 4
            while q < f.tokens.count, q - end < 12, !f.isPunct(q, "?"), !f.isPunct(q, ";"), !f[q].isLineStart {
                if f[q].isComparison, isIdiomConstant(at: q + 1, in: f).0 || isIdiomConstant(at: q + 2, in: f).0 {
                    let inner = isIdiomConstant(at: q + 1, in: f).0 ? isIdiomConstant(at: q + 1, in: f).end : isIdiomConstant(at: q + 2, in: f).end
                    return f.isPunct(inner + 1, "?") && f[inner + 2].kind == .string && f.isPunct(inner + 3, ":") && f[inner + 4].kind == .string
                }
                q += 1
            }
        }
        // `"key": <comparison>` / `@"key": @(<comparison>)` inside `[` or `@{`.
        let before = start - 1
        if f.isPunct(before, ":"), f[before - 1].kind == .string { return true }
        return false
    }

    /// Whether the idiom check at `s...e` only decides which text to give: a `switch` on it whose
    /// every case gives a string (PostHog's `deviceType`, "Mobile" or "Tablet" for its analytics), or
    /// an `if` on it whose blocks do (Swiftfin's `platform`, `L10n.iPadOS` or `L10n.iOS`, the client
    /// name its server sees). A label, not a layout.
    /// Whether a `switch` body only turns each idiom into a case of the same name of another
    /// type (SwiftUIX's `UserInterfaceIdiom.current`: `case .phone: return .phone`): a conversion,
    /// whose uses choose, not the switch. Every `return` gives a case named by a label (or
    /// `unspecified`), and nothing is called or assigned (compilation conditions, `#if swift(>=5.9)`, aside).
    static func mapsCaseForCase(_ body: Range<Int>, in f: CodeFile) -> Bool {
        var labels: Set<String> = ["unspecified", "unknown"], returned: [String] = []
        var q = body.lowerBound
        while q < body.upperBound {
            if f.is(q, .case), f.isPunct(q + 1, "."), f[q + 2].kind == .identifier { labels.insert(f.text(q + 2)) }
            if f.is(q, .return) {
                var r = q + 1
                if f[r].kind == .identifier, f.isPunct(r + 1, ".") { r += 1 }  // `Type.name`
                guard f.isPunct(r, "."), f[r + 1].kind == .identifier else { return false }
                returned.append(f.text(r + 1))
            }
            // A compilation condition's line (`#if swift(>=5.9)`) is skipped whole.
            if f[q].kind == .hashWord {
                q += 1
                while q < body.upperBound, !f[q].isLineStart { q += 1 }
                continue
            }
            if f.isPunct(q, "=") || f.isPunct(q, "(") { return false }
            q += 1
        }
        return returned.count >= 2 && returned.allSatisfy(labels.contains)
    }

    static func branchesOnlyGiveText(_ s: Int, _ e: Int, in f: CodeFile) -> Bool {
        // The `switch` or `if` whose condition holds the check, in the same statement.
        var q = s - 1
        var keyword = -1
        while q >= 0, s - q < 24, !f.isPunct(q, "{"), !f.isPunct(q, "}"), !f.isPunct(q, ";") {
            if f.isPunct(q, ")") || f.isPunct(q, "]"), f.pair(q) >= 0, f.pair(q) < q { q = f.pair(q) - 1; continue }
            if f.is(q, .switch) || f.is(q, .if) { keyword = q; break }
            q -= 1
        }
        guard keyword >= 0 else { return false }
        var open = e + 1
        while open < f.tokens.count, open - e < 48, !f.isPunct(open, "{") {
            if f.isPunct(open, "("), f.pair(open) > open { open = f.pair(open) + 1; continue }
            if f.isPunct(open, ";") || f.isPunct(open, "}") { return false }
            open += 1
        }
        guard f.isPunct(open, "{"), f.pair(open) > open else { return false }
        let close = f.pair(open)
        if f.is(keyword, .switch) {
            // Each `case …:` (or `default:`) to the next, at the switch's own level.
            var segments: [Range<Int>] = []
            var start = -1
            var r = open + 1
            while r < close {
                if f.isPunct(r, "{") || f.isPunct(r, "("), f.pair(r) > r { r = f.pair(r) + 1; continue }
                if f.is(r, .case) || f.text(r) == "default" {
                    if start >= 0 { segments.append(start..<r) }
                    var c = r + 1
                    while c < close, !f.isPunct(c, ":") { c += 1 }
                    start = c + 1
                    r = c + 1
                    continue
                }
                r += 1
            }
            if start >= 0 { segments.append(start..<close) }
            return !segments.isEmpty && segments.allSatisfy { givesText($0, in: f) } || mapsCaseForCase((open + 1)..<close, in: f)
        }
        guard givesText((open + 1)..<close, in: f) else { return false }
        // `else { … }` must give text too; `else if` is another check.
        if f.is(close + 1, .else) {
            guard f.isPunct(close + 2, "{"), f.pair(close + 2) > close + 2 else { return false }
            return givesText((close + 3)..<f.pair(close + 2), in: f)
        }
        return true
    }

    /// Whether the tokens are `return X`, `X` or `X;` with `X` a string: a literal, `nil`, a localized
    /// string (`NSLocalizedString(…)`, `String(localized:)`) or a generated strings table's (`L10n.iOS`).
    static func givesText(_ range: Range<Int>, in f: CodeFile) -> Bool {
        var a = range.lowerBound, b = range.upperBound - 1
        if f.isPunct(b, ";") { b -= 1 }
        if f.is(a, .return) { a += 1 }
        guard a <= b else { return false }
        if (a...b).allSatisfy({ f[$0].kind == .string || f.isPunct($0, "@") }) { return true }
        if a == b, f.text(a) == "nil" { return true }
        if ["NSLocalizedString", "String"].contains(f.text(a)), f.isPunct(a + 1, "("), f.pair(a + 1) == b {
            return f.text(a) == "NSLocalizedString" || f.text(a + 2) == "localized"
        }
        if ["L10n", "Strings", "Localizable", "LocalizedStrings"].contains(f.text(a)) {
            return ((a + 1)...b).allSatisfy { f[$0].kind == .identifier || f.isPunct($0, ".") }
        }
        return false
    }

    static func isIdiomConstant(at k: Int, in f: CodeFile) -> (Bool, end: Int) {
        let t = f[k]
        if t.is(.UIUserInterfaceIdiomPad) || t.is(.UIUserInterfaceIdiomPhone) { return (true, k) }
        var q = k
        if f.is(q, .UIUserInterfaceIdiom) { q += 1 }
        if f.isPunct(q, "."), f.is(q + 1, .pad) || f.is(q + 1, .phone) { return (true, q + 1) }
        return (false, k)
    }

    static func isComparedWithPadOrPhone(_ s: Int, _ e: Int, in f: CodeFile) -> Bool {
        var s = s, e = e
        while f.isPunct(s - 1, "("), f.pair(s - 1) == e + 1, !(f[s - 2].kind == .identifier && !f[s - 2].is(.switch) && !f[s - 2].is(.if)) {
            s -= 1
            e += 1
        }
        let after = f[e + 1]
        if after.isComparison, after.length >= 2, isIdiomConstant(at: e + 2, in: f).0 { return true }
        let before = f[s - 1]
        if before.isComparison, before.length >= 2 {
            var q = s - 2
            while q > s - 5, !isIdiomConstant(at: q, in: f).0 { q -= 1 }
            if isIdiomConstant(at: q, in: f).end == s - 2 { return true }
        }
        // `if case .pad = idiom`
        if f.isPunct(s - 1, "="), f.is(s - 2, .pad) || f.is(s - 2, .phone), f.isPunct(s - 3, ".") { return true }
        // `switch idiom { case .pad: … }`
        if f.is(s - 1, .switch), f.isPunct(e + 1, "{") {
            let close = f.pair(e + 1)
            var q = e + 2
            while q < close {
                if f.isPunct(q, "{"), f.pair(q) > q { q = f.pair(q) + 1; continue }
                if f.is(q, .case) {
                    var r = q + 1
                    while r < close, !f.isPunct(r, ":") {
                        if isIdiomConstant(at: r, in: f).0 { return true }
                        r += 1
                    }
                }
                q += 1
            }
        }
        return false
    }
}

import RuleKit
import SourceLexing

/// Orientation no longer says what shape the window is: iPhone Mirroring may report portrait
/// for a landscape window, and the inner display of a foldable ignores supported orientations.
/// WWDC26 session 278 "Modernize your UIKit app": a device rotation is only an animated bounds
/// change; `statusBarOrientation` is deprecated (Apple's documentation; TN3187 "Migrating to the
/// UIKit scene-based life cycle").
struct OrientationLayoutRule: Rule {
    let description = RuleDescription(
        id: .orientationLayout, name: "Layout by orientation", severity: .warning, facet: .orientation,
        summary: "Reads the interface or device orientation to choose a layout.",
        rationale: """
            In resizable environments the declared orientations are only a hint; iPhone Mirroring may always \
            report portrait while the window is landscape-shaped, and a foldable's inner display ignores them. \
            Rotation is just an animated bounds change: compare the bounds' width and height, or use size classes. \
            `statusBarOrientation` is deprecated outright.
            """,
        sources: [.modernizeUIKit, .iPhoneDuo, .apple("UIApplication.statusBarOrientation", "uikit/uiapplication/statusbarorientation"), .apple("UITraitCollection.horizontalSizeClass", "uikit/uitraitcollection/horizontalsizeclass")],
        fix: { site in
            if site.timing.contains(.inOrientationLock) {
                // Apple's documentation (uikit/uiviewcontroller/prefersinterfaceorientationlocked): iOS 26.0; the system
                // locks only while the scene is centered, as large as the screen and not occluded.
                let update = site.language == .swift ? "setNeedsUpdateOfPrefersInterfaceOrientationLocked()" : "setNeedsUpdateOfPrefersInterfaceOrientationLocked"
                let prefer = site.context == .viewController
                    ? "say so with `prefersInterfaceOrientationLocked` (iOS 26) and call `\(update)` (iOS 26) when that changes"
                    : "say so in the view controller that shows it, with `prefersInterfaceOrientationLocked` (iOS 26)"
                return "An orientation lock is ignored for an app that resizes (iPad multitasking, iPhone apps on iPad and in iPhone Mirroring): support every orientation, and lay out by the window's size rather than choose orientations by the current one. Where content must hold still while it runs (a game steered by tilting the device), \(prefer): the system locks the scene's orientation while it fills the screen."
            }
            if site.shapes.contains(.tracksRotation) {
                let vc = site.context == .viewController
                return "This code watches the device rotate to notice the layout changing, but a window resizes without any rotation (iPad multitasking, iPhone Mirroring, a foldable's other display) and the device turns without a window that does not fill the screen changing shape: react to the size changing instead — "
                    + (vc ? "viewWillTransition(to:with:), or viewDidLayoutSubviews" : site.context == .view ? "layoutSubviews, when the bounds differ from the last ones laid out" : "the view controller's viewWillTransition(to:with:), or a view's layoutSubviews")
                    + " — and keep no orientation."
            }
            if site.shapes.contains(.manualRotation) {
                return "This turns content by hand to follow the device while the window keeps its orientation. A window that resizes takes any shape, and the device's orientation says nothing of it: let the window rotate (support every orientation) and lay out by its bounds, instead of counter-rotating views."
            }
            if site.shapes.contains(.wholeOrientation) {
                // Apple's documentation: UIWindowScene.Geometry.interfaceOrientation, iOS 16 (the scene's own
                // `interfaceOrientation`, iOS 13, is deprecated for it).
                let scene = site.receiver.map { r in site.language == .swift ? "the window's scene, `\(r.window)?.windowScene`" : "the window's scene, `\(r.window).windowScene`" }
                    ?? (site.context == .sceneDelegate ? "the scene, `windowScene`" : "the window scene in question (a view's window's, taken as a parameter)")
                return "This wants which way the interface is turned (landscape left or right, upside down), which no shape says: read it from \(scene) — its `effectiveGeometry.interfaceOrientation` (iOS 16; the scene's `interfaceOrientation` before) — not from the app's status bar, and lay out by the window's size."
            }
            if site.isSwiftUIView { return "Use the size the view is offered (`GeometryReader`) or the size classes in the environment." }
            guard let r = site.receiver else {
                // A view given, or a presentation controller's container (MZFormSheetPresentationController's `topInset`).
                if let view = site.givenView, site.givenIsContainer {
                    let b = "\(view).bounds"
                    let compare = site.language == .swift ? "\(b).width > \(b).height" : "CGRectGetWidth(\(b)) > CGRectGetHeight(\(b))"
                    return "Compare `\(compare)`, \(site.givenNoun), or use its size classes; treat rotation as a bounds change."
                }
                return "Compare the bounds' width and height where the layout happens, or use size classes; treat rotation as a bounds change. " + site.parameter("the size")
            }
            // A view's own bounds are its own shape, not the window's (Tabman's tab button): what the
            // orientation stood for is a short window, the compact vertical size class.
            if site.context == .view, !site.inWindow {
                let short = site.language == .swift ? "\(r.traits).verticalSizeClass == .compact" : "\(r.traits).verticalSizeClass == UIUserInterfaceSizeClassCompact"
                return "A view's own bounds are its shape, not the window's: for a landscape layout, compare `\(short)` (a short window, as a landscape iPhone's) in layoutSubviews or traitCollectionDidChange, or lay out from the bounds of the view that holds the layout; treat rotation as a size change."
            }
            let compare = site.language == .swift ? "\(r.bounds).width > \(r.bounds).height" : "CGRectGetWidth(\(r.bounds)) > CGRectGetHeight(\(r.bounds))"
            return "Compare `\(compare)` in \(site.context == .viewController ? "viewDidLayoutSubviews" : "layoutSubviews"), or use size classes; treat rotation as a bounds change."
        },
        triggering: [
            // Which way the interface is turned, kept whole (Nextcloud Talk's orientation to lock to,
            // Material's `Application.orientation`): no shape says it.
            Example("final class AppDelegate: UIResponder, UIApplicationDelegate {\n    var lockedOrientation: UIInterfaceOrientation = .unknown\n    var shouldLock = false {\n        didSet {\n            lockedOrientation = UIApplication.shared.↓statusBarOrientation\n        }\n    }\n}",
                    suggestion: "This wants which way the interface is turned"),
            Example("public struct Application {\n    public static var orientation: UIInterfaceOrientation {\n        return UIApplication.shared.↓statusBarOrientation\n    }\n}",
                    suggestion: "`effectiveGeometry.interfaceOrientation`"),
            // The other branch of that check runs on iOS 8 and later.
            .objc("@implementation Menu\n- (void)show {\n    if (NSFoundationVersionNumber > NSFoundationVersionNumber_iOS_7_1) {\n        self.x = ↓UIInterfaceOrientationIsLandscape([[UIApplication sharedApplication] statusBarOrientation]) ? 1 : 2;\n    }\n}\n@end",
                  files: ["Menu.h": "@interface Menu : UIViewController\n@end"], wraps: false),
            .objc("""
                @implementation HUD
                - (void)position {
                    UIInterfaceOrientation o = UIApplication.sharedApplication.↓statusBarOrientation;
                    self.frame = ↓UIInterfaceOrientationIsPortrait(o) ? self.portraitFrame : self.landscapeFrame;
                    [self updateMotionEffectForXMotionEffectType:UIInterpolatingMotionEffectTypeTiltAlongHorizontalAxis];
                }
                @end
                """),
            Example("func f() { if UIDevice.current.↓orientation.isLandscape { wide() } }"),
            // Watching for rotation with a kept orientation (fluentui's badge field): react to the size instead.
            Example("final class BadgeField: UIView {\n    private var original: UIDeviceOrientation = UIDevice.current.↓orientation\n    var isRotating: Bool { original != UIDevice.current.↓orientation }\n    @objc func orientationChanged() { original = UIDevice.current.↓orientation }\n}",
                    suggestion: "This code watches the device rotate to notice the layout changing"),
            .objc("@implementation Banner\n- (void)orientationChanged {\n    self.lastOrientation = [UIDevice currentDevice].↓orientation;\n}\n@end",
                  suggestion: "This code watches the device rotate to notice the layout changing"),
            // A presentation controller compares its container's sides (MZFormSheetPresentationController's `topInset`).
            .objc("@implementation SheetPresentation\n- (CGFloat)topInset {\n    return ↓UIInterfaceOrientationIsPortrait(UIApplication.sharedApplication.statusBarOrientation) ? 20 : 0;\n}\n@end",
                  files: ["SheetPresentation.h": "@interface SheetPresentation : UIPresentationController\n@end"], suggestion: "`CGRectGetWidth(self.containerView.bounds) > CGRectGetHeight(self.containerView.bounds)`"),
            // A small view's own bounds are not the window's shape (Tabman's tab button).
            Example("final class TabButton: UIButton {\n    override func layoutSubviews() {\n        super.layoutSubviews()\n        if UIDevice.current.↓orientation.isLandscape { titleEdgeInsets = .zero }\n    }\n}",
                    suggestion: "A view's own bounds are its shape, not the window's"),
            // Counter-rotating content by hand to follow the device (ImageViewer's gallery in a portrait-only app).
            Example("func windowRotationTransform() -> CGAffineTransform {\n    let angle: CGFloat = UIDevice.current.↓orientation == .landscapeLeft ? .pi / 2 : 0\n    return CGAffineTransform(rotationAngle: angle)\n}",
                    suggestion: "This turns content by hand to follow the device"),
            // A function that also lays out keeps its findings, whatever sensor it reads.
            Example("func f(h: CLHeading) { if view.window?.windowScene?.↓interfaceOrientation == .portrait { arrow.frame = .zero }; print(h.trueHeading) }"),
            Example("func f() { let o = UIApplication.shared.↓statusBarOrientation }"),
            // A member answering with a mask builds an orientation lock, whatever its name (yattee's player).
            Example("""
                final class OrientationManager {
                    var currentMask: UIInterfaceOrientationMask {
                        guard let scene = scene else { return .allButUpsideDown }
                        switch scene.↓interfaceOrientation { case .landscapeLeft: return .landscapeLeft; default: return .portrait }
                    }
                }
                """),
            .objc("""
                @implementation Locks
                - (UIInterfaceOrientationMask)lockedOrientations {
                    return ↓UIInterfaceOrientationIsLandscape(self.view.window.windowScene.interfaceOrientation) ? UIInterfaceOrientationMaskLandscape : UIInterfaceOrientationMaskPortrait;
                }
                @end
                """),
            Example("func f() { if view.window?.windowScene?.↓interfaceOrientation == .portrait { } }"),
            Example("class VC: UIViewController { func f() { if ↓interfaceOrientation.isPortrait { } } }"),
            Example("func f() { if ↓UIInterfaceOrientationIsLandscape(o) { } }"),
            .objc("if (↓UIInterfaceOrientationIsLandscape(self.view.window.windowScene.interfaceOrientation)) { }"),
            .objc("UIInterfaceOrientation o = [UIApplication sharedApplication].↓statusBarOrientation;"),
            .objc("UIInterfaceOrientation o = [[UIApplication sharedApplication] ↓statusBarOrientation];"),
            .objc("UIDeviceOrientation o = [[UIDevice currentDevice] ↓orientation];"),
            .objc("if (↓UIDeviceOrientationIsPortrait([UIDevice currentDevice].orientation)) { }"),
            .objc("UIInterfaceOrientation o = self.↓interfaceOrientation;"),
        ],
        nonTriggering: [
            // The else of `NSFoundationVersionNumber > NSFoundationVersionNumber_iOS_7_1` runs on iOS 7.1 or
            // earlier, whose frames did not rotate (RESideMenu): a fallback below the fix's iOS 8.
            .objc("@implementation Menu\n- (void)show {\n    if (NSFoundationVersionNumber > NSFoundationVersionNumber_iOS_7_1) {\n        self.x = CGRectGetWidth(self.view.frame);\n    } else {\n        self.x = UIInterfaceOrientationIsLandscape([[UIApplication sharedApplication] statusBarOrientation]) ? CGRectGetHeight(self.view.frame) : CGRectGetWidth(self.view.frame);\n    }\n}\n@end",
                  files: ["Menu.h": "@interface Menu : UIViewController\n@end"], wraps: false),
            // Read after `&&` in a condition that holds only below the deployment target (CWStatusBarNotification's iOS 7 branches).
            .objc("- (CGFloat)height {\n    if (SYSTEM_VERSION_LESS_THAN(@\"8.0\") && UIInterfaceOrientationIsLandscape(UIApplication.sharedApplication.statusBarOrientation)) { return 1; }\n    return 0;\n}",
                  files: ["Package.swift": "let package = Package(name: \"App\", platforms: [.iOS(.v8)])"]),
            // The statement orients a camera connection, whatever else the function sizes (IVPN's QR scanner).
            Example("final class Scanner: UIViewController {\n    func attach() {\n        preview.frame = view.layer.bounds\n        preview.connection?.videoOrientation = AVCaptureVideoOrientation(rawValue: UIDevice.current.orientation.rawValue) ?? .portrait\n    }\n}"),
            // A camera's own type (a capture output's delegate) and WebRTC frame rotation (Nextcloud Talk).
            Example("final class Camera: NSObject, AVCaptureVideoDataOutputSampleBufferDelegate {\n    private var deviceOrientation: UIDeviceOrientation = UIDevice.current.orientation\n    func changed() { if UIDevice.current.orientation.isLandscape { last = deviceOrientation } }\n}"),
            Example("func updateVideoRotation() {\n    let rotation: RTCVideoRotation\n    switch UIDevice.current.orientation { case .portrait: rotation = ._90; default: rotation = ._0 }\n    source.rotation = rotation\n}"),
            // A helper whose only user sets a capture connection's orientation serves the camera
            // too (Home Assistant's barcode scanner): the screen's orientation is the fallback.
            Example("""
                final class Camera: NSObject {
                    private var deviceOrientation: UIDeviceOrientation {
                        var orientation = UIDevice.current.orientation
                        if orientation == .unknown { orientation = UIScreen.main.orientation }
                        return orientation
                    }
                    func captureOutput(_ output: AVCaptureOutput, from connection: AVCaptureConnection) {
                        if let o = AVCaptureVideoOrientation(deviceOrientation: deviceOrientation) { connection.videoOrientation = o }
                    }
                }
                """),
            // Orientation for a camera's capture connection or a motion effect's axis, not layout
            // (a function that also sets frames keeps its findings: see the triggering examples).
            Example("""
                func videoOrientation() -> AVCaptureVideoOrientation {
                    AVCaptureVideoOrientation(deviceOrientation: UIDevice.current.orientation) ?? .portrait
                }
                """),
            .objc("""
                @implementation HUD
                - (void)updateMotionEffectForOrientation:(UIInterfaceOrientation)orientation {
                    BOOL portrait = UIInterfaceOrientationIsPortrait(orientation);
                    UIInterpolatingMotionEffectType x = portrait ? UIInterpolatingMotionEffectTypeTiltAlongHorizontalAxis : UIInterpolatingMotionEffectTypeTiltAlongVerticalAxis;
                }
                @end
                """),
            // A compass heading turned into the interface's frame of reference (GoMap).
            Example("""
                func headingAdjusted(_ clHeading: CLHeading, scene: UIWindowScene) -> Double {
                    var heading = clHeading.trueHeading * .pi / 180
                    switch scene.interfaceOrientation {
                    case .landscapeLeft: heading += .pi / 2
                    default: break
                    }
                    return heading
                }
                """),
            // Pre-scene fallbacks: code that only runs before iOS 13 has nothing to migrate to.
            Example("""
                func isLandscape(scene: UIWindowScene?) -> Bool {
                    if #available(iOS 13.0, *) { return (scene?.coordinateSpace.bounds.width ?? 0) > (scene?.coordinateSpace.bounds.height ?? 0) }
                    else { return UIApplication.shared.statusBarOrientation.isLandscape }
                }
                """),
            .objc("""
                - (BOOL)legacyLandscape {
                    if (@available(iOS 13.0, *)) { return NO; } else { return UIInterfaceOrientationIsLandscape([UIApplication sharedApplication].statusBarOrientation); }
                }
                """),
            Example("class VC: UIViewController { override var supportedInterfaceOrientations: UIInterfaceOrientationMask { .all } }"),
            Example("let mask: UIInterfaceOrientationMask = .portrait"),
            Example("func f() { let key = UIApplication.statusBarOrientationUserInfoKey }"),
            Example("func f(image: UIImage) { if image.imageOrientation == .up { } }"),
            Example("func f() { let interfaceOrientation = 1; print(interfaceOrientation) }"),
            Example("class Model { func f() { print(interfaceOrientation) } }"),
            .objc("- (UIInterfaceOrientation)preferredInterfaceOrientationForPresentation { return UIInterfaceOrientationPortrait; }"),
            .objc("[[NSNotificationCenter defaultCenter] addObserver:self selector:@selector(f) name:UIApplicationDidChangeStatusBarOrientationNotification object:nil];"),
            .objc("NSString *k = UIApplicationStatusBarOrientationUserInfoKey;"),
            .objc("@property (nonatomic) UIInterfaceOrientation interfaceOrientation;"),
            .objc("- (void)setOrientation:(int)o interfaceOrientation:(int)i { }"),
        ], fixNeedsScenes: true, readiness: .deviceAssumption)

    var triggers: Set<Word> {
        [.interfaceOrientation, .statusBarOrientation, .UIDevice, .UIInterfaceOrientationIsLandscape,
         .UIInterfaceOrientationIsPortrait, .UIDeviceOrientationIsLandscape, .UIDeviceOrientationIsPortrait]
    }
    /// The device is everywhere (`UIDevice.current.systemVersion`); its orientation is not.
    var literals: Set<Literal> {
        Set(triggers.subtracting([.UIDevice]).map { Literal.word($0.spelling) }).union([.all([.word("UIDevice"), .word("orientation")])])
    }

    func check(at k: Int, in f: CodeFile, model: RepositoryModel, into sink: inout FindingSink) {
        switch f[k].word {
        case .UIInterfaceOrientationIsLandscape, .UIInterfaceOrientationIsPortrait, .UIDeviceOrientationIsLandscape, .UIDeviceOrientationIsPortrait:
            guard f.isPunct(k + 1, "("), !Expr.isDeclaredName(k, in: f) else { return }
            report(&sink, k, f, description, at: k, message: "`\(f.text(k))` decides layout by orientation; windows can be any shape")
        case .UIDevice:
            let chain = Chain.parse(at: k, in: f)
            guard chain.word(0) == .current || chain.word(0) == .currentDevice, chain.word(1) == .orientation else { return }
            report(&sink, k, f, description, at: chain.members[1].token, message: "The device's orientation does not say what shape the window is")
        case .interfaceOrientation:
            if Reads.isMemberRead(k, in: f) {
                report(&sink, k, f, description, at: k, message: "`interfaceOrientation` decides layout by orientation; windows can be any shape")
            } else if f.language == .swift, Reads.isBareRead(k, in: f) {
                report(&sink, k, f, description, at: k, message: "`interfaceOrientation` decides layout by orientation; windows can be any shape",
                            onlyIn: [.viewController])
            }
        case .statusBarOrientation:
            guard Reads.isMemberRead(k, in: f) else { return }
            report(&sink, k, f, description, at: k, message: "`statusBarOrientation` is deprecated and says nothing about the window's shape")
        default:
            break
        }
    }

    static let decidesLayout = " decides layout by orientation; windows can be any shape"

    /// Reports unless the code is in a function that only works a capture connection or a
    /// motion effect (asked only when there is something to report: it reads the whole function).
    private func report(_ sink: inout FindingSink, _ k: Int, _ f: CodeFile, _ rule: RuleDescription, at token: Int, message: String,
                        onlyIn: Set<Context>? = nil) {
        if Self.servesCaptureOrMotion(k, in: f) { return }
        // In an orientation lock (`supportedInterfaceOrientations`, a member answering with a
        // mask) the orientation chooses which orientations to allow, not a layout.
        var message = message
        if message.hasSuffix(Self.decidesLayout), f.timing(at: k).contains(.inOrientationLock)
            || f.enclosingFunction(of: k).map({ MemberTiming.isOrientationLock($0.scope, in: f) }) == true {
            message = message.dropLast(Self.decidesLayout.count) + " chooses the orientations to lock to; an app that resizes gets no orientation lock on iPad or in iPhone Mirroring"
        }
        var shapes: SiteShapes = Self.rotatesByHand(k, in: f) ? .manualRotation : []
        if Self.tracksRotation(token, in: f) { shapes.insert(.tracksRotation) }
        if Self.keepsWholeOrientation(token, in: f) { shapes.insert(.wholeOrientation) }
        sink.report(rule, at: token, message: message, onlyIn: onlyIn, shapes: shapes)
    }

    /// Whether the interface orientation read at `k` (`statusBarOrientation`, `interfaceOrientation`)
    /// is wanted whole: assigned or returned as it is, or compared with one side or upside down
    /// (`== .landscapeLeft`, `UIInterfaceOrientationPortraitUpsideDown`) — not only asked landscape or portrait.
    static func keepsWholeOrientation(_ k: Int, in f: CodeFile) -> Bool {
        guard ["statusBarOrientation", "interfaceOrientation"].contains(f.text(k)) else { return false }
        let sides: Set<String> = ["landscapeLeft", "landscapeRight", "portraitUpsideDown", "UIInterfaceOrientationLandscapeLeft",
                                  "UIInterfaceOrientationLandscapeRight", "UIInterfaceOrientationPortraitUpsideDown"]
        // The whole chain (`UIApplication.shared.statusBarOrientation`), or the message's brackets
        // (`[[UIApplication sharedApplication] statusBarOrientation]`).
        var (s, e) = Expr.widen(Expr.chainStart(endingAt: k, in: f), k, in: f)
        if f.language != .swift, f.isPunct(k + 1, "]"), f.pair(k + 1) >= 0, f.pair(k + 1) < k { (s, e) = Expr.widen(f.pair(k + 1), k + 1, in: f) }
        // Compared with one side: `== .landscapeLeft`, `UIInterfaceOrientationLandscapeRight ==`.
        for q in [e + 2, e + 3] where f[e + 1].isComparison && q < f.tokens.count && sides.contains(f.text(q)) { return true }
        if s >= 2, f[s - 1].isComparison, sides.contains(f.text(s - 2)) { return true }
        // Kept or returned as it is, to the end of its statement.
        let ends = e + 1 >= f.tokens.count || f.isPunct(e + 1, ";") || f.isPunct(e + 1, "}") || f[e + 1].isLineStart
        guard ends else { return false }
        if f.is(s - 1, .return) || (f.isPunct(s - 1, "=") && !f[s - 1].isComparison) { return true }
        // A computed property's single expression: `var orientation: UIInterfaceOrientation { UIApplication.shared.statusBarOrientation }`.
        return f.isPunct(s - 1, "{") && f.text(s - 2) == "UIInterfaceOrientation"
    }

    /// Whether the orientation read at `k` (its member token) is kept — assigned to a variable or
    /// property, or its initial value — or compared with a kept one rather than with an orientation
    /// constant (`.landscapeLeft`) or asked `isLandscape`: the code watches for rotation.
    static func tracksRotation(_ k: Int, in f: CodeFile) -> Bool {
        guard f.text(k) == "orientation", !f.isPunct(k + 1, "."), !f.isPunct(k + 1, "?") else { return false }
        // `x = UIDevice.current.orientation`, `var last: UIDeviceOrientation = UIDevice.current.orientation`
        var s = k
        while s > 0, k - s < 12 {
            if f.isPunct(s - 1, "."), f.pair(s - 2) >= 0, f.isPunct(s - 2, "]") || f.isPunct(s - 2, ")") { s = f.pair(s - 2); continue }  // `[UIDevice currentDevice].orientation`
            guard f.isPunct(s - 1, ".") || f[s - 1].kind == .identifier else { break }
            s -= 1
        }
        if f.isPunct(s - 1, "="), !f[s - 1].isComparison {
            // Not `let o = …` in a function that then compares `o` with constants: a local is a read.
            let declared = (max(0, s - 6)..<s).contains { f.is($0, .let) || f.is($0, .var) }
            return !declared || f.enclosingFunction(of: k) == nil
        }
        // `stored != UIDevice.current.orientation` / `UIDevice.current.orientation != stored`
        let other: Int? = f[k + 1].isComparison ? k + 2 : f[s - 1].isComparison ? s - 2 : nil
        guard let o = other, f[o].kind == .identifier else { return false }
        // An orientation constant (`.portrait`, `UIDeviceOrientation.portrait`) is a read of the shape.
        return !f.isPunct(o - 1, ".") && !f.isPunct(o + 1, ".")
    }

    /// Whether the function around `k` turns content by hand: it is named for a rotation it
    /// computes (`rotationAdjustedBounds`, `windowRotationTransform`), or applies a rotation
    /// transform (`CGAffineTransform(rotationAngle:)`, `CGAffineTransformMakeRotation`, one of the
    /// former's results). UIKit's own rotation callbacks (`didRotateFromInterfaceOrientation:`) are not.
    static func rotatesByHand(_ k: Int, in f: CodeFile) -> Bool {
        guard let function = f.enclosingFunction(of: k)?.scope else { return false }
        let name = function.name.lowercased()
        if name.hasPrefix("rotation") || name.contains("rotationtransform") { return true }
        return (function.open..<min(function.close, f.tokens.count)).contains { q in
            guard f[q].kind == .identifier else { return false }
            let t = f.tokens[q]
            return f.spells(q, caseless: "rotationangle") || f.spells(q, caseless: "rotationtransform")
                || (t.end - Int(t.start) == 29 && f.spells(q, caseless: "cgaffinetransformmakerotation"))
        }
    }

    /// Whether the code at `k` is in a function that works a camera capture connection's video
    /// orientation, a motion effect's axis, a compass heading or the device's attitude: there
    /// the orientation turns sensor data into screen terms, rightly.
    /// A function that also lays something out (frames, bounds, centers, constraint constants,
    /// sizes) keeps its findings: the orientation may decide that layout too.
    static func servesCaptureOrMotion(_ k: Int, in f: CodeFile) -> Bool {
        // The statement itself turns it into a capture connection's orientation, whatever else
        // the function lays out (IVPN's camera preview sized from the layer, oriented from the interface).
        if feedsCapture(statementOf: k, in: f) { return true }
        // A camera's own type (a capture output's delegate: Nextcloud Talk's NCCameraController):
        // the device's orientation turns its frames upright, whatever window shows them.
        if isCaptureType(around: k, in: f) { return true }
        guard let (function, _) = f.enclosingFunction(of: k) else { return false }
        if serves(function, in: f) { return true }
        // A helper (`private var deviceOrientation: UIDeviceOrientation { … }`) whose every use in
        // the file is in a member that works a capture connection serves it too (Home Assistant's
        // barcode scanner camera). One step: what the users call is not followed further.
        // Bounded: a name compared by hash over a file of at most 100,000 tokens.
        guard !function.name.isEmpty, function.kind == .function || function.kind == .accessor, f.tokens.count <= 100_000,
              function.close - function.open < 400,
              let nameToken = (function.declarationStart..<min(function.open, f.tokens.count)).first(where: {
                  f[$0].kind == .identifier && f.text($0) == function.name }) else { return false }
        let name = function.name, hash = f[nameToken].hash
        var users = 0
        var q = 0
        while q < f.tokens.count {
            if f[q].hash == hash, f[q].kind == .identifier, q < function.declarationStart || q > function.close, f.text(q) == name {
                guard let (user, _) = f.enclosingFunction(of: q), user.open != function.open, serves(user, in: f) else { return false }
                users += 1
            }
            q += 1
        }
        return users > 0
    }

    /// Whether the type around `k` is a camera's: it adopts a capture output's delegate protocol
    /// (`AVCaptureVideoDataOutputSampleBufferDelegate`, `AVCapturePhotoCaptureDelegate`…).
    static func isCaptureType(around k: Int, in f: CodeFile) -> Bool {
        guard let type = f.enclosingType(of: k) else { return false }
        return type.inherits.contains { $0.hasPrefix("AVCapture") && $0.hasSuffix("Delegate") }
    }

    /// Whether the statement holding token `k` sets a capture connection's video orientation
    /// (`connection.videoOrientation = …`, `AVCaptureVideoOrientation(…)`, `videoRotationAngle`).
    static func feedsCapture(statementOf k: Int, in f: CodeFile) -> Bool {
        func ends(_ q: Int) -> Bool { f.isPunct(q, ";") || f.isPunct(q, "{") || f.isPunct(q, "}") }
        var s = k
        while s > 0, !ends(s - 1), !(f.language == .swift && f[s].isLineStart) { s -= 1 }
        var e = k
        while e + 1 < f.tokens.count, !ends(e + 1), !(f.language == .swift && f[e + 1].isLineStart) { e += 1 }
        for q in s...e where f[q].kind == .identifier {
            let text = f.text(q)
            if text == "videoOrientation" || text == "videoRotationAngle" || text.hasPrefix("AVCaptureVideoOrientation") || text == "setVideoOrientation" {
                return true
            }
        }
        return false
    }

    /// Whether `function`'s body works a capture connection, a motion effect, a heading or the
    /// device's attitude, and lays nothing out.
    static func serves(_ function: Scope, in f: CodeFile) -> Bool {
        var serves = false
        var q = function.declarationStart
        let bytes = f.buffer.base
        while q < min(function.close, f.tokens.count) {
            if f[q].kind == .identifier {
                if f.is(q, .frame) || f.is(q, .bounds) || f.is(q, .width) || f.is(q, .height) { return false }
                // Only names that start like the ones asked about are turned into text.
                let first = bytes[Int(f[q].start)]
                if first == UInt8(ascii: "c") || first == UInt8(ascii: "s") || first == UInt8(ascii: "l") {
                    let text = f.text(q)
                    if text == "center" || text == "constant" || text == "setNeedsLayout" || text == "layoutIfNeeded" { return false }
                } else if first == UInt8(ascii: "A") || first == UInt8(ascii: "U") || first == UInt8(ascii: "v") || first == UInt8(ascii: "C")
                            || first == UInt8(ascii: "t") || first == UInt8(ascii: "m") || first == UInt8(ascii: "h") || first == UInt8(ascii: "R") {
                    let text = f.text(q)
                    // WebRTC's frame rotation (`RTCVideoRotation`): a video frame turned upright (Nextcloud Talk).
                    if text.hasPrefix("AVCaptureVideoOrientation") || text == "videoOrientation" || text == "videoRotationAngle" || text == "RTCVideoRotation"
                        || text.hasPrefix("UIInterpolatingMotionEffect")
                        // A compass heading or device attitude turned into screen terms.
                        || text == "CLHeading" || text == "trueHeading" || text == "magneticHeading" || text == "headingOrientation"
                        || text == "CLDeviceOrientation" || text == "CMAttitude" || text == "CMDeviceMotion" {
                        serves = true
                    }
                }
            }
            q += 1
        }
        return serves
    }
}

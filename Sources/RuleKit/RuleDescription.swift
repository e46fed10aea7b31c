import ProjectFiles
import SourceLexing

/// Where a finding's fix will be read: the code's context, its language, whether the type is a
/// SwiftUI view (whose fixes use the environment, not UIKit), and when the member it is in runs
/// (before the view is in a window, in a size transition, in layout: what the view can answer
/// there differs).
/// Shapes of code a rule recognises at its site, for fix texts that fit what the code is after.
public struct SiteShapes: OptionSet, Sendable, Equatable, Codable, Hashable {
    public let rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }
    /// The code wants the app's windows rather than the one it is in: it keeps the whole list,
    /// skips its own window, or saves the key window to make it key again.
    public static let everyWindow = SiteShapes(rawValue: 1)
    /// A screen dimension compared with the view's own size or the size it is given: the code
    /// asks whether the window fills the screen (split-view detection).
    public static let fillsScreenTest = SiteShapes(rawValue: 2)
    /// In `loadView`, where the view controller makes its view: reading `view` would call it again.
    public static let inLoadView = SiteShapes(rawValue: 4)
    /// What the code chooses is the orientations the app supports (an idiom check whose block
    /// locks the orientation), wherever it runs.
    public static let locksOrientation = SiteShapes(rawValue: 8)
    /// A property only a screen has (`brightness`, `isCaptured`, `maximumFramesPerSecond`): the
    /// scene's screen replaces the main screen, no trait collection or bounds does.
    public static let screenProperty = SiteShapes(rawValue: 16)
    /// The frame a view is created with by its own initializer (`super.init(frame:)`,
    /// `[super initWithFrame:]`): `self` has no bounds yet, and its container sizes it anyway.
    public static let initialFrame = SiteShapes(rawValue: 32)
    /// In an app delegate method that runs after launch (a session expiring, a notification
    /// handled): under scenes the window it works on is a scene's, not one it would create.
    public static let afterLaunch = SiteShapes(rawValue: 64)
    /// The main screen's scale standing in for a display scale of 0 (`s == 0 ? UIScreen.main.scale : s`):
    /// replacing it with that display scale would give back the 0 just tested for.
    public static let zeroScaleFallback = SiteShapes(rawValue: 128)
    /// The application's key window compared with a window (`keyWindow == self.window`): the
    /// question is whether that window is key, which the window answers itself.
    public static let comparesKeyWindow = SiteShapes(rawValue: 256)
    /// A window its own type is shown in (`window.rootViewController = self`, `[window addSubview:self]`):
    /// the type's own window, and so its window scene, exists only once this window does.
    public static let hostsSelf = SiteShapes(rawValue: 512)
    /// The main screen's trait collection (`[UIScreen mainScreen].traitCollection.horizontalSizeClass`):
    /// the whole screen's traits, which a view's or window's own trait collection replaces, not
    /// another screen's (CRToast's layout helpers).
    public static let screenTraits = SiteShapes(rawValue: 1024)
    /// A parameter's default value (`func round(scale: CGFloat = UIScreen.main.scale)`): the
    /// function takes the value already; its callers that leave it out are what to change
    /// (Chatto's `bma_round`).
    public static let defaultArgument = SiteShapes(rawValue: 2048)
    /// A view controller's own root view (`view.frame = …` in `viewWillTransition`): its
    /// container sizes it, so the fix is to leave it to the container (FloatingPanel).
    public static let ownRootView = SiteShapes(rawValue: 4096)
    /// Code of a `UIPresentationController`, whose layout callbacks are the container view's
    /// (`containerViewDidLayoutSubviews`), not a view controller's or a view's (Delta's pause menu).
    public static let presentationController = SiteShapes(rawValue: 8192)
    /// An app whose window comes from its main storyboard (`UIMainStoryboardFile`): under
    /// scenes that key is not read, so the scene configuration must name the storyboard.
    public static let storyboardWindow = SiteShapes(rawValue: 16384)
    /// The app names a storyboard of the iPad's own (`UIMainStoryboardFile~ipad`).
    public static let iPadStoryboard = SiteShapes(rawValue: 4_194_304)
    /// A view controller's appearance or orientation answer relayed from another window's root
    /// view controller (PKHUD's `WindowRootViewController`): its own window would ask itself.
    public static let relaysAnotherWindow = SiteShapes(rawValue: 8_388_608)
    /// The app's target generates its Info.plist (`GENERATE_INFOPLIST_FILE = YES`): build settings
    /// (`INFOPLIST_KEY_*`) can say what the file would.
    public static let generatesInfoPlist = SiteShapes(rawValue: 16_777_216)
    /// The window is read for its safe-area insets (`keyWindow!.safeAreaInsets.bottom`): the view's
    /// own safe area is the answer, not its window.
    public static let windowSafeArea = SiteShapes(rawValue: 33_554_432)
    /// A view controller that presents itself (`rootViewController?.present(self, …)`, SwifterSwift's
    /// `UIAlertController.show()`, moonlight's loading frame): its own view is in no window yet.
    public static let presentsItself = SiteShapes(rawValue: 67_108_864)
    /// An app delegate that shows a window at launch and creates none (Siren's example): where the
    /// app names a main storyboard, the storyboard makes it (`storyboardWindow` is added then).
    public static let showsOnly = SiteShapes(rawValue: 134_217_728)
    /// The main screen asked whether it is light or dark (`UIScreen.main.traitCollection.userInterfaceStyle`):
    /// a color chosen once, where a dynamic color resolves for whatever draws it (Sentry's theme defaults).
    public static let appearanceStyle = SiteShapes(rawValue: 268_435_456)
    /// The app delegate makes a second window, kept apart from its `window` (ivpn's privacy
    /// `securityWindow`): an overlay each scene needs its own of, not the app's window to replace.
    public static let secondWindow = SiteShapes(rawValue: 536_870_912)
    /// The device's orientation kept or compared with a kept one (`originalOrientation != UIDevice.current.orientation`,
    /// `lastOrientation = UIDevice.current.orientation`): code that watches for rotation to notice the
    /// layout changing (fluentui's badge field), where a window resizes without any rotation.
    public static let tracksRotation = SiteShapes(rawValue: 1_073_741_824)
    /// A device check that narrows a size class to a device it does not imply (`horizontalSizeClass
    /// == .compact && idiom == .pad`: a compact iPad window, not an iPhone; IceCubes' action row):
    /// dropping the device check would change every other device's layout.
    public static let sizeClassOnOtherDevice = SiteShapes(rawValue: 1 << 31)
    /// A member that works out the orientation from the screen (FSCalendar's `currentCalendarOrientation`,
    /// `scale * bounds.width == currentMode.size.width`; `var isLandscape { bounds.width > bounds.height }`):
    /// the window's shape is the question, which no screen read answers.
    public static let orientationFromScreen = SiteShapes(rawValue: 1 << 32)
    /// The default value of a parameter of a `public` or `open` function or initializer (MessageKit's
    /// `LocationMessageSnapshotOptions(scale: CGFloat = UIScreen.main.scale)`): dropping it breaks its
    /// library's clients.
    public static let publicDefault = SiteShapes(rawValue: 1 << 33)
    /// A value stored once, app-wide: assigned to a type's static or shared setting
    /// (`ScaleProvider.shared.scale = UIScreen.main.scale`, Kingfisher's `defaultOptions`), where
    /// no view is at hand and every window, on any screen, reads the same.
    public static let sharedSetting = SiteShapes(rawValue: 1 << 34)
    /// A phone in landscape (`isLandscape && idiom == .phone`, jami's swarm header): a window short
    /// in height, which the vertical size class says on every device.
    public static let landscapePhone = SiteShapes(rawValue: 1 << 35)
    /// The screen's size standing in while a view has none (`if view.bounds.height != 0 { … } else
    /// { UIScreen.main.bounds.height … }`): the view's bounds are what the code wants, once laid out.
    public static let zeroSizeFallback = SiteShapes(rawValue: 1 << 36)
    /// A helper that answers portrait or landscape from the interface orientation and the device
    /// together (Mantis's `treatAsPortrait`: portrait, or anything but a phone).
    public static let orientationByIdiom = SiteShapes(rawValue: 1 << 37)
    /// The local the code reads a value into is an optional (`let rect = …[key] as? CGRect`), to
    /// unwrap before a snippet passes it on (ZLPhotoBrowser's keyboard frame).
    public static let optionalSubject = SiteShapes(rawValue: 1 << 38)
    /// Code in a function that has no window scene in hand: neither given one nor holding a
    /// local of it (a scene delegate's own `show()`, away from `scene(_:willConnectTo:options:)`).
    public static let noSceneInHand = SiteShapes(rawValue: 1 << 39)
    /// A device check whose block dismisses what was shown (Onion Browser's search, Aztec's options
    /// table): it undoes a presentation the same check chose when showing it.
    public static let undoesPresentation = SiteShapes(rawValue: 1 << 40)
    /// In a view's `intrinsicContentSize`: a size from its content, not from the space it is given
    /// (Habitica's banner views answering the screen's width).
    public static let intrinsicSize = SiteShapes(rawValue: 1 << 41)
    /// The window's root view controller walked to the one presented on top, to present on
    /// (Siskin's `topController()`, called from notification and call handlers).
    public static let topController = SiteShapes(rawValue: 1 << 42)
    /// A new window standing in where a view's window is nil (`view.window ?? UIWindow()`, Habitica's
    /// sign-in anchor): there is no scene to make it in there.
    public static let standsInForWindow = SiteShapes(rawValue: 1 << 43)
    /// An override whose body only calls `super` (Siskin's chat list): nothing to move anywhere.
    public static let onlyCallsSuper = SiteShapes(rawValue: 1 << 44)
    /// The interface orientation kept or handed on whole — assigned, returned, compared with one
    /// side (`.landscapeLeft`) — where the code wants which way the interface is turned, not its
    /// shape (Nextcloud Talk's orientation to lock to, Material's `Application.orientation`).
    public static let wholeOrientation = SiteShapes(rawValue: 1 << 45)
    /// In an instance member of a type that stands for a screen (SwiftUIX's `Screen`, whose
    /// `bounds` and `scale` read the main screen's): the type is to wrap the screen it is for.
    public static let screenWrapper = SiteShapes(rawValue: 1 << 46)
    /// A window asked to end editing (`keyWindow?.endEditing(true)`): the code wants the keyboard
    /// gone, wherever it is, which no particular window answers under scenes.
    public static let endsEditing = SiteShapes(rawValue: 32768)
    /// A layout constraint's constant (`widthAnchor.constraint(equalToConstant: UIScreen.main.bounds.width * 0.9)`):
    /// a constraint relative to the view it sits in follows every resize by itself (openfoodfacts' empty view).
    public static let constraintConstant = SiteShapes(rawValue: 65536)
    /// A device check beside a size-class check in one condition (`horizontalSizeClass == .regular
    /// && userInterfaceIdiom == .pad`): the size class decides already; the device check is what
    /// to drop (zotero's item detail).
    public static let besideSizeClass = SiteShapes(rawValue: 131072)
    /// Assigned to a window's frame (`window?.frame = UIScreen.main.bounds`): a window's size is
    /// its scene's, which a window made with its scene takes by itself (Drops' overlay window).
    public static let windowFrame = SiteShapes(rawValue: 262144)
    /// Content turned by hand to follow the device (`view.transform = CGAffineTransform(rotationAngle: …)`
    /// from `UIDevice.current.orientation`) while the window stays put: ImageViewer's gallery in a
    /// portrait-only app. The window's bounds cannot give the angle; the fix is to let the window rotate.
    public static let manualRotation = SiteShapes(rawValue: 524288)
    /// A helper of no instance that answers with "the" window (`static func getKeyWindow() -> UIWindow?`,
    /// `+ (UIWindow *)appKeyWindow`): under scenes there is none; its callers know which they mean.
    public static let windowHelper = SiteShapes(rawValue: 1_048_576)
    /// In a table or collection view cell (`TypeRoles.cell`): its size is its list's, and its
    /// height may follow from the very content the code lays out (deltachat's self-sizing image cell).
    public static let inCell = SiteShapes(rawValue: 2_097_152)
}

public struct FixSite: Sendable, Equatable {
    public var context: Context
    public var language: Language
    public var isSwiftUIView: Bool
    public var timing: MemberTiming
    /// Whether the code runs in an instance member (a method or accessor of an instance): only
    /// there does `self` — a view's traits and bounds — exist. A class method, a static member,
    /// a free function or file scope has none, whatever type it sits in.
    public var inInstance: Bool
    /// A `CGSize` or `CGRect` parameter of the enclosing method: the size the code is given.
    public var sizeParameter: String?
    /// A view controller or window the code is creating, whose frame the site computes: its
    /// container (a window's scene), not the view the code is in, gives that size.
    public var createdObject: String?
    /// Whether the code is a test's (`TargetScope.test`): a test builds its own fixtures in the
    /// test host, and app-wide advice does not fit it.
    public var inTests = false
    /// In code a library ships (scope `library`): the host app's views are not its own to ask.
    public var inLibrary = false
    /// Whether those tests run with no host app (`ProjectModel.hostlessTests`): then there is
    /// no application scene, and no window a test could put its views in.
    public var hostlessTests = false
    /// Whether the code is an overriding property's getter or setter, whose signature is UIKit's:
    /// it can take no parameter, only read what its object holds.
    public var inAccessor = false
    /// In a method UIKit calls with its own arguments: a notification's or a gesture recognizer's
    /// handler (`@objc func keyboardWillShow(_ n: Notification)`, `- (void)pan:(UIPanGestureRecognizer *)g`).
    /// It can take no parameter of the caller's choosing (Lightbox's pan, Whisper's orientation handler).
    public var inAction = false
    /// In an extension of SwiftUI's `View` (a modifier of any view): no view, window, environment
    /// or offered size of its own (AlertKit's `alert(isPresent:view:)`).
    public var inViewModifier = false
    /// In an `ObservableObject`, whose state SwiftUI views read.
    public var feedsSwiftUI = false
    /// The code is a window's own (a `UIWindow` subclass): the view it is, is its window, whose
    /// `window` is nil (YYKit's `YYTextEffectWindow`).
    public var inWindow = false
    /// The name the code gives the value the fix works on (`PendingFinding.subject`), nil when none.
    public var subject: String?

    /// The initializer that makes a window in a scene, as the site's language spells it.
    public var windowSceneInitializer: String { language == .swift ? "UIWindow(windowScene:)" : "initWithWindowScene:" }
    /// Whether the code is the initial value of an instance's stored property
    /// (`let isPhone: Bool = { … }()`): it runs once, before the object has a view or a window.
    public var inStoredProperty = false
    /// The stored property is the window the object shows its views in, picked once when it is
    /// made (NotificationBanner's `appWindow`): no layout code can decide it later.
    public var storesWindow = false
    /// What the code at the site does that the usual fix would not fit (`SiteShapes`).
    public var shapes: SiteShapes = []

    public init(_ context: Context, _ language: Language, swiftUIView: Bool = false, timing: MemberTiming = [], inInstance: Bool = true,
                sizeParameter: String? = nil, createdObject: String? = nil, inTests: Bool = false, inStoredProperty: Bool = false) {
        self.context = context
        self.language = language
        self.isSwiftUIView = swiftUIView
        self.timing = timing
        self.inInstance = inInstance
        self.sizeParameter = sizeParameter
        self.createdObject = createdObject
        self.inTests = inTests
        self.inStoredProperty = inStoredProperty
    }

    /// How the code at the site names what its view has, spelt in its language — nil where
    /// there is no view to ask: a model object, a `UIActivity`, an extension of `UIDevice`, a
    /// type method of a view. Every rule's fix text says what exists at the site through these,
    /// and `parameter(_:)` where nothing does.
    public struct Receiver: Sendable, Equatable {
        /// `traitCollection` / `self.traitCollection`.
        public var traits: String
        /// The bounds to lay out in: `view.bounds`, `bounds` / `self.view.bounds`, `self.bounds`.
        public var bounds: String
        /// The view itself: `view`, `self` / `self.view`, `self`.
        public var view: String
        /// Its window: `view.window`, `window` / `self.view.window`, `self.window`.
        public var window: String
    }

    public var receiver: Receiver? {
        guard inInstance, !isSwiftUIView else { return nil }
        let swift = language == .swift
        // Code that sets the view's own frame would read back what it sets: the bounds to lay
        // out in are those of the view it sits in.
        let container = timing.contains(.sizesItself)
        switch context {
        case .viewController:
            return swift ? Receiver(traits: "traitCollection", bounds: container ? "(view.superview ?? view).bounds" : "view.bounds", view: "view", window: "view.window")
                : Receiver(traits: "self.traitCollection", bounds: container ? "self.view.superview.bounds" : "self.view.bounds", view: "self.view",
                           window: "self.view.window")
        case .view:
            return swift ? Receiver(traits: "traitCollection", bounds: container ? "(superview ?? self).bounds" : "bounds", view: "self", window: "window")
                : Receiver(traits: "self.traitCollection", bounds: container ? "self.superview.bounds" : "self.bounds", view: "self", window: "self.window")
        default:
            return nil
        }
    }

    /// The fix where nothing at the site knows its window: take `what` from the caller.
    public func parameter(_ what: String) -> String {
        // A test method takes no parameters: the test makes the window its views need.
        if inTests, hostlessTests {
            return "This test bundle runs with no host app, so there is no scene and no window: give the view under test a fixed frame, and pass \(what) in where it needs one — or host the tests in an app to get a scene-backed window."
        }
        if inTests {
            let scene = language == .swift ? "`UIApplication.shared.connectedScenes.first as? UIWindowScene`"
                : "`(UIWindowScene *)UIApplication.sharedApplication.connectedScenes.anyObject`"
            return "In a test, give the view under test a fixed frame (a snapshot's reference size) and pass \(what) in; where it must be in a window and the tests run in a host app, make that window in the host's scene — `\(windowSceneInitializer)` with \(scene) (iOS 13), nil without a host app — and take \(what) from there."
        }
        if inStoredProperty, storesWindow {
            return "This property picks, once, the window the object will show its views in, before anything is on screen: have whoever shows it pass that window (a view controller's `view.window`) or its window scene, instead of picking one of the app's windows."
        }
        if inStoredProperty, !isSwiftUIView {
            return "A stored property's initial value is computed once (before the object is in a window; a lazy one at its first read): decide this where the layout happens (layout code, or a computed property it reads), from \(what) there."
        }
        if inAction, context == .other {
            return "This is a notification or gesture handler or a delegate's callback, which the system calls with its own arguments: give its object the view it works for (a weak reference; a gesture's own view is at hand), and take \(what) from that view."
        }
        if inAccessor, context == .other {
            return "A property's getter or setter takes no parameter: give its object the view it works for (a weak reference), and take \(what) from that view."
        }
        let inViewType = context == .view || context == .viewController
        return "Take \(what) as a parameter from the view or view controller that lays out"
            + (inViewType && !inInstance ? " (a type method or static member has no view of its own)" : "") + "."
    }

    /// Where the site is, for lists of fixes by place: "view controller", "view, in layout code",
    /// "view controller, in a type method or static member".
    public var place: String {
        let names: [Context: String] = [.viewController: "view controller", .view: "view", .sceneDelegate: "scene delegate",
                                        .appDelegate: "app delegate", .other: "elsewhere"]
        // These places are the same wherever the code is.
        if inTests { return hostlessTests ? "in tests without a host app" : "in tests" }
        if inStoredProperty { return "in a stored property's initial value" }
        if inAccessor, context == .other { return "elsewhere, in a property's getter or setter" }
        if inAction, context == .other { return "elsewhere, in a notification or gesture handler or a delegate's callback" }
        if inViewModifier, context == .other { return "elsewhere, in a SwiftUI view modifier" }
        if sizeParameter != nil { return "in a method given a size" }
        if createdObject != nil { return "a frame for another view controller" }
        return names[context]! + (timing.isEmpty ? "" : ", \(timing.place)") + (inInstance ? "" : ", in a type method or static member")
    }

    /// The same place, with the fix written in `language`.
    public func speaking(_ language: Language) -> FixSite {
        var site = self
        site.language = language
        return site
    }
}

/// How a rule explains itself: the single source for `rules`, `explain`, messages' fixes and tests.
public struct RuleDescription: Sendable {
    /// The stable id from RULES.md.
    public let id: RuleID
    /// A short title.
    public let name: String
    public let severity: Severity
    public let facet: Facet
    /// One line: what it catches.
    public let summary: String
    /// Why it matters, in English.
    public let rationale: String
    /// The public sources the reasoning rests on (sessions, technotes, API documentation).
    public let sources: [PublicSource]
    /// The fix for a finding in `context`, written in `language`; `swiftUI` for SwiftUI views.
    public let fix: @Sendable (FixSite) -> String
    /// Code the rule must fire on, each marker where a finding starts.
    public var triggering: [Example] { makeTriggering() }
    /// Code the rule must not fire on.
    public var nonTriggering: [Example] { makeNonTriggering() }
    /// The examples are made each time they are read (by `explain` and the tests), not with the
    /// catalog: every process builds the catalog, and its hundreds of examples were most of
    /// that work (0.2 ms of every `rules` and scan).
    private let makeTriggering: @Sendable () -> [Example]
    private let makeNonTriggering: @Sendable () -> [Example]
    /// The iOS major version whose APIs the fix needs (13 for scenes, 11 for the safe area):
    /// code that only runs below it cannot apply the fix (RULES.md "Pre-scene fallbacks").
    public let fixNeedsIOS: Int?
    /// The fix needs APIs of iOS 13 or later: code that only runs below it cannot apply it.
    public var fixNeedsScenes: Bool { fixNeedsIOS.map { $0 >= 13 } ?? false }
    /// The fix needs a scene itself — a window scene, its screen or its windows — not only a newer
    /// iOS (`registerForTraitChanges` needs iOS 17, no scene): tests with no host app, which never
    /// have one, cannot apply it.
    public let fixNeedsAScene: Bool
    /// Which code the rule judges.
    public let platforms: RulePlatforms
    /// What its findings do to the readiness stage.
    public let readiness: ReadinessRole

    public init(id: RuleID, name: String, severity: Severity, facet: Facet, summary: String, rationale: String,
                sources: [PublicSource] = [], fix: @escaping @Sendable (FixSite) -> String,
                triggering: @autoclosure @escaping @Sendable () -> [Example], nonTriggering: @autoclosure @escaping @Sendable () -> [Example],
                fixNeedsScenes: Bool = false, fixNeedsIOS: Int? = nil,
                platforms: RulePlatforms = .resizable, readiness: ReadinessRole = .other) {
        self.readiness = readiness
        self.fixNeedsIOS = fixNeedsIOS ?? (fixNeedsScenes ? 13 : nil)
        fixNeedsAScene = fixNeedsScenes
        self.platforms = platforms
        self.id = id
        self.name = name
        self.severity = severity
        self.facet = facet
        self.summary = summary
        self.rationale = rationale
        self.sources = sources
        self.fix = { site in
            guard site.isSwiftUIView, site.inStoredProperty, !site.storesWindow else { return fix(site) }
            // A SwiftUI view's stored property is given its value when the view is made, where no
            // environment can be read (Anytype's `private let columns = UIDevice.isPad ? 4 : 2`):
            // what the rule says of a SwiftUI view applies in a computed property instead.
            var inBody = site
            inBody.inStoredProperty = false
            let text = fix(inBody)
            return "A SwiftUI view's stored property gets its value when the view is made, before the view can read its environment: make it a computed property (or decide in `body`), and there: "
                + text.prefix(1).lowercased() + text.dropFirst()
        }
        makeTriggering = triggering
        makeNonTriggering = nonTriggering
    }

    /// A fix that does not depend on where the code is.
    public static func fixed(_ text: String) -> @Sendable (FixSite) -> String {
        { _ in text }
    }

    /// The places whose fix `rules`, `explain` and SARIF list: every context, then each timing
    /// that occurs there whose fix differs from the context's own (the scale read in an
    /// initializer is not fixed as in layoutSubviews), then in a view or view controller a type
    /// method's, when it differs (it has no view to ask).
    public func fixPlaces(_ language: Language) -> [FixSite] {
        var out: [FixSite] = []
        for context in [Context.viewController, .view, .sceneDelegate, .appDelegate, .other] {
            let base = FixSite(context, language)
            out.append(base)
            for timing in MemberTiming.distinguished
            where timing.occurs(in: context) && fix(FixSite(context, language, timing: timing)) != fix(base) {
                out.append(FixSite(context, language, timing: timing))
            }
            // Where the size comes from a parameter or another controller's container, and test
            // code: places of their own wherever they are, listed once.
            if context == .viewController {
                for site in [FixSite(context, language, sizeParameter: "size"), FixSite(context, language, createdObject: "OtherViewController")]
                where fix(site) != fix(base) { out.append(site) }
            }
            if context == .other {
                var accessor = base
                accessor.inAccessor = true
                if fix(accessor) != fix(base) { out.append(accessor) }
                var action = base
                action.inAction = true
                if fix(action) != fix(base) { out.append(action) }
                var modifier = base
                modifier.inViewModifier = true
                if language == .swift, fix(modifier) != fix(base) { out.append(modifier) }
            }
            if context == .other, fix(FixSite(context, language, inTests: true)) != fix(base) {
                out.append(FixSite(context, language, inTests: true))
                var hostless = FixSite(context, language, inTests: true)
                hostless.hostlessTests = true
                // Tests with no host app never see a fix that needs a scene: there is none (`Resolution.settle`).
                if !fixNeedsAScene, fix(hostless) != fix(FixSite(context, language, inTests: true)) { out.append(hostless) }
            }
            guard context == .view || context == .viewController else { continue }
            if context == .viewController, fix(FixSite(context, language, inInstance: false, inStoredProperty: true)) != fix(base) {
                out.append(FixSite(context, language, inInstance: false, inStoredProperty: true))
            }
            let typeMember = FixSite(context, language, inInstance: false)
            if fix(typeMember) != fix(base) { out.append(typeMember) }
        }
        return out
    }
}

/// A piece of code that a rule must (with `↓` markers where) or must not flag. Records where
/// it was written so that a failing example points at its own line in the rule's file.
public struct Example: Sendable {
    /// The code, with `↓` before each token where a finding must start.
    public let code: String
    /// The file the code is scanned as; its extension decides the language.
    public let path: String
    /// Other files of the example repository (declarations of superclasses or aliases).
    public let files: [String: String]
    /// Whether the generated comment/string wrappings apply (false when the code cannot be
    /// wrapped, say because it needs a second file to be what makes it fire).
    public let wraps: Bool
    /// The message every finding of a triggering example must have, when it matters.
    public let message: String?
    /// Text the suggested fix of every finding of a triggering example must contain, when the
    /// fix depends on where the code is (a type method has no trait collection to read).
    public let suggestion: String?
    public let file: StaticString
    public let line: UInt

    public init(_ code: String, path: String = "Example.swift", files: [String: String] = [:], wraps: Bool = true,
                message: String? = nil, suggestion: String? = nil, file: StaticString = #filePath, line: UInt = #line) {
        self.code = code
        self.path = path
        self.files = files
        self.wraps = wraps
        self.message = message
        self.suggestion = suggestion
        self.file = file
        self.line = line
    }

    /// An Objective-C example, scanned as `Example.m`.
    public static func objc(_ code: String, path: String = "Example.m", files: [String: String] = [:], wraps: Bool = true,
                            message: String? = nil, suggestion: String? = nil, file: StaticString = #filePath, line: UInt = #line) -> Example {
        Example(code, path: path, files: files, wraps: wraps, message: message, suggestion: suggestion, file: file, line: line)
    }

    public var language: Language { Language(path: path) ?? .swift }

    /// The code without markers.
    public var source: String { String(String.UnicodeScalarView(code.unicodeScalars.filter { $0 != "↓" })) }
}

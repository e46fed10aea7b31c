import Testing
import RuleKit
import Rules
import SourceLexing

/// When a member runs (`MemberTiming`): the methods UIKit calls at known moments, and what they
/// call of their own type, followed through calls but not into closures and blocks.
@Suite struct MemberTimingTests {
    /// The timing at the first token spelled `marker` (an identifier only the example uses).
    static func timing(_ source: String, _ language: Language, at marker: String) -> MemberTiming {
        let file = CodeFile(path: language == .swift ? "F.swift" : "F.m", lexed: Lexer.lex(SourceBuffer(Array(source.utf8)), language: language))
        let i = file.tokens.indices.first { file.text($0) == marker }!
        return file.timing(at: i)
    }

    @Test func swiftCallsAreFollowedWithinTheTypeAndItsExtensions() {
        let source = """
            class V: UIView {
                override init(frame: CGRect) { super.init(frame: frame); setup() }
                override func layoutSubviews() { super.layoutSubviews(); LAYOUT; shared() }
                private func setup() { self.configure(); SETUP }
                @objc func tapped() { shared(); TAPPED }
                func shared() { SHARED }
                var computed: CGFloat { COMPUTED }
                @IBOutlet weak var observed: UILabel! { didSet { OBSERVED; helper() } }
                var mode = 0 { didSet { ANYTIME; setNeedsLayout() } }
                func helper() { HELPER }
                func later() { DispatchQueue.main.async { self.deferred() } }
                func deferred() { DEFERRED }
                static func make() { STATIC }
            }
            extension V {
                func configure() { CONFIGURE; _ = computed }
            }
            """
        #expect(Self.timing(source, .swift, at: "SETUP") == .beforeWindow)
        #expect(Self.timing(source, .swift, at: "CONFIGURE") == .beforeWindow)
        #expect(Self.timing(source, .swift, at: "COMPUTED") == .beforeWindow)
        #expect(Self.timing(source, .swift, at: "LAYOUT") == .inLayout)
        // Called from layout code and from an action: settled, and not layout code itself.
        #expect(Self.timing(source, .swift, at: "SHARED") == [])
        #expect(Self.timing(source, .swift, at: "TAPPED") == [])
        // An outlet's observers run while the nib loads.
        #expect(Self.timing(source, .swift, at: "OBSERVED") == .beforeWindow)
        #expect(Self.timing(source, .swift, at: "HELPER") == .beforeWindow)
        // Another property's observers run whenever it is set (Rocket.Chat's `fullScreen`).
        #expect(Self.timing(source, .swift, at: "ANYTIME") == [])
        #expect(Self.timing(source, .swift, at: "DEFERRED") == [])
        #expect(Self.timing(source, .swift, at: "STATIC") == [])
    }

    /// `#selector(m(_:))` in viewDidLoad names the action a control sends later; it does not
    /// run it there (Rocket.Chat's `NewRoomViewController` read "not in a window yet" inside its
    /// actions).
    @Test func aSelectorIsNotACall() {
        let source = """
            class C: UIViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    button.addTarget(self, action: #selector(tapped(_:)), for: .touchUpInside)
                    NotificationCenter.default.addObserver(self, selector: #selector(keyboardWillShow), name: nil, object: nil)
                    prepare(); EARLY
                    viewWillLayoutSubviews()
                }
                override func viewWillLayoutSubviews() { super.viewWillLayoutSubviews(); RELAYOUT }
                @objc func tapped(_ sender: Any) { TAPPED }
                @objc func keyboardWillShow() { SHOWN }
                func prepare() { PREPARE }
            }
            """
        #expect(Self.timing(source, .swift, at: "EARLY") == .beforeWindow)
        #expect(Self.timing(source, .swift, at: "PREPARE") == .beforeWindow)
        #expect(Self.timing(source, .swift, at: "TAPPED") == [])
        #expect(Self.timing(source, .swift, at: "SHOWN") == [])
        // A layout method called from viewDidLoad still runs in UIKit's layout passes.
        #expect(Self.timing(source, .swift, at: "RELAYOUT") == .inLayout)
    }

    @Test func transitionsReachWhatTheyCallButNotTheirAnimationBlocks() {
        let swift = """
            class C: UIViewController {
                override func viewWillTransition(to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator) {
                    super.viewWillTransition(to: size, with: coordinator)
                    DIRECT; relayout()
                    coordinator.animate(alongsideTransition: { _ in ALONGSIDE; self.animated() }, completion: nil)
                }
                func relayout() { RELAYOUT; _ = width }
                var width: CGFloat { WIDTH }
                func animated() { ANIMATED }
            }
            """
        #expect(Self.timing(swift, .swift, at: "DIRECT") == .inSizeTransition)
        #expect(Self.timing(swift, .swift, at: "RELAYOUT") == .inSizeTransition)
        #expect(Self.timing(swift, .swift, at: "WIDTH") == .inSizeTransition)
        #expect(Self.timing(swift, .swift, at: "ALONGSIDE") == [])
        #expect(Self.timing(swift, .swift, at: "ANIMATED") == [])
        let objc = """
            @implementation C
            - (void)viewWillTransitionToSize:(CGSize)size withTransitionCoordinator:(id)coordinator {
                [self adjustLayout];
                [coordinator animateAlongsideTransition:^(id context) { [self shadow]; } completion:nil];
            }
            - (void)adjustLayout { [self updateLeftWithWidth:self.screenWidth animated:NO]; }
            - (void)updateLeftWithWidth:(CGFloat)w animated:(BOOL)a { LEFT; }
            - (CGFloat)screenWidth { return WIDTH; }
            - (void)shadow { SHADOW; }
            - (void)viewDidLayoutSubviews { LAID; }
            @end
            static CGFloat Helper(void) { return HELPER; }
            """
        #expect(Self.timing(objc, .objectiveC, at: "LEFT") == .inSizeTransition)
        #expect(Self.timing(objc, .objectiveC, at: "WIDTH") == .inSizeTransition)
        #expect(Self.timing(objc, .objectiveC, at: "SHADOW") == [])
        #expect(Self.timing(objc, .objectiveC, at: "LAID") == .inLayout)
        #expect(Self.timing(objc, .objectiveC, at: "HELPER") == [])
    }

    @Test func objectiveCInitializersAndWhatTheyCallAreBeforeTheWindow() {
        let source = """
            @implementation Cell
            - (instancetype)initWithFrame:(CGRect)frame { if (self = [super initWithFrame:frame]) { [self setup]; } return self; }
            - (void)setup { SETUP; self.hairline = 1; }
            - (void)setHairline:(CGFloat)h { SETTER; }
            - (void)initialLayout { NOT_AN_INIT; }
            - (void)drawRect:(CGRect)rect { DRAW; }
            @end
            @implementation Cell (Extra)
            - (void)awakeFromNib { [super awakeFromNib]; [self extra]; }
            - (void)extra { EXTRA; }
            @end
            """
        #expect(Self.timing(source, .objectiveC, at: "SETUP") == .beforeWindow)
        #expect(Self.timing(source, .objectiveC, at: "SETTER") == .beforeWindow)
        #expect(Self.timing(source, .objectiveC, at: "NOT_AN_INIT") == [])
        #expect(Self.timing(source, .objectiveC, at: "DRAW") == .inLayout)
        #expect(Self.timing(source, .objectiveC, at: "EXTRA") == .beforeWindow)
    }

    /// Code that sets its own view's frame reads its bounds back: its fix must name the view it
    /// sits in (issue 29: SVProgressHUD's `self.frame = UIScreen.mainScreen.bounds`, Kodi's
    /// `self.frame = CGRectMake(…, UIScreen.mainScreen.bounds.size.width …)`).
    @Test func codeThatSetsItsOwnFrameSizesFromItsContainer() {
        let swift = """
            class V: UIView {
                func place() { frame = CGRect(x: 0, y: 0, width: PLACE, height: 44) }
                func other() { let frame = CGRect.zero; _ = frame; OTHER }
                func child() { label.frame = .zero; CHILD }
            }
            class C: UIViewController {
                func size() { view.frame = CGRect(x: 0, y: 0, width: SIZE, height: 1) }
                func sub() { panel.view.frame = .zero; SUB }
            }
            """
        #expect(Self.timing(swift, .swift, at: "PLACE") == .sizesItself)
        #expect(Self.timing(swift, .swift, at: "SIZE") == .sizesItself)
        // A local named frame, another view's frame: not its own.
        #expect(Self.timing(swift, .swift, at: "OTHER") == [])
        #expect(Self.timing(swift, .swift, at: "CHILD") == [])
        #expect(Self.timing(swift, .swift, at: "SUB") == [])
        let objc = """
            @implementation HUD
            - (void)position { self.frame = UIScreen.mainScreen.bounds; POSITION; }
            - (void)grow { [self setFrame:CGRectZero]; GROW; }
            - (void)read { CGRect r = self.frame; READ; }
            @end
            @implementation Remote
            - (void)fit { self.view.frame = CGRectMake(0, 0, 1, 1); FIT; }
            - (void)sheet { self.preferredContentSize = CGSizeMake(320, 1); SHEET; }
            @end
            """
        #expect(Self.timing(objc, .objectiveC, at: "POSITION") == .sizesItself)
        #expect(Self.timing(objc, .objectiveC, at: "GROW") == .sizesItself)
        #expect(Self.timing(objc, .objectiveC, at: "READ") == [])
        #expect(Self.timing(objc, .objectiveC, at: "FIT") == .sizesItself)
        #expect(Self.timing(objc, .objectiveC, at: "SHEET") == .sizesItself)
        // The fix names the container, in the site's language, and the snippet is the receiver's.
        let rule = Catalog.description("main-screen-bounds")!
        #expect(rule.fix(FixSite(.view, .objectiveC, timing: .sizesItself)).contains("size it from the view it sits in, `self.superview.bounds`"))
        #expect(rule.fix(FixSite(.view, .swift, timing: .sizesItself)).contains("`(superview ?? self).bounds`"))
        #expect(rule.fix(FixSite(.viewController, .objectiveC, timing: .sizesItself)).contains("own size (its view's frame or its preferredContentSize), so its view's bounds would give back what it sets: size it from the view it sits in, `self.view.superview.bounds`"))
        #expect(FixSite(.view, .objectiveC, timing: .sizesItself).receiver?.bounds == "self.superview.bounds")
        #expect(FixSite(.view, .objectiveC).receiver?.bounds == "self.bounds")
    }

    static func file(_ source: String, _ language: Language) -> (CodeFile, (String) -> Int) {
        let file = CodeFile(path: language == .swift ? "F.swift" : "F.m", lexed: Lexer.lex(SourceBuffer(Array(source.utf8)), language: language))
        return (file, { marker in file.tokens.indices.first { file.text($0) == marker }! })
    }

    /// A size the method is given, and a frame made for another view controller, are where the
    /// size comes from — not the view the code is in (issue 29: Kodi's `setNowPlayingSize:(CGSize)viewSize`
    /// and `[[DetailViewController alloc] … withFrame:CGRectMake(0, 0, STACKSCROLL_WIDTH, …)]`).
    @Test func sizesGivenOrForAnotherControllerAreNamed() {
        let objc = """
            @implementation NowPlaying
            - (void)setNowPlayingSize:(CGSize)viewSize { CGFloat w = GIVEN; }
            - (void)twoSizes:(CGSize)a other:(CGRect)b { CGFloat w = TWO; }
            - (void)show {
                D *d = [[DetailViewController alloc] initWithNibName:@"D" withFrame:CGRectMake(0, 0, CREATED, 1) bundle:nil];
                detailViewController.view.frame = CGRectMake(0, 0, ASSIGNED, 1);
                UIView *v = [[UIView alloc] initWithFrame:CGRectMake(0, 0, OWN, 1)];
            }
            @end
            """
        let (f, at) = Self.file(objc, .objectiveC)
        #expect(f.enclosingFunction(of: at("GIVEN")).map { f.sizeParameter(of: $0.scope) } == "viewSize")
        #expect(f.enclosingFunction(of: at("TWO")).map { f.sizeParameter(of: $0.scope) } == .some(nil))
        #expect(f.objectCreated(around: at("CREATED")) == "DetailViewController")
        #expect(f.objectCreated(around: at("ASSIGNED")) == "detailViewController")
        #expect(f.objectCreated(around: at("OWN")) == nil)
        let swift = """
            class C: UIViewController {
                func layout(in size: CGSize) { let w = GIVEN }
                func show() { let d = DetailViewController(frame: CGRect(x: 0, y: 0, width: CREATED, height: 1)); let v = UIView(frame: CGRect(x: 0, y: 0, width: OWN, height: 1)) }
            }
            """
        let (g, at2) = Self.file(swift, .swift)
        #expect(g.enclosingFunction(of: at2("GIVEN")).map { g.sizeParameter(of: $0.scope) } == "size")
        #expect(g.objectCreated(around: at2("CREATED")) == "DetailViewController")
        #expect(g.objectCreated(around: at2("OWN")) == nil)
        // The fix texts name them; a drawing method's rectangle is not a size to lay out in.
        let rule = Catalog.description("main-screen-bounds")!
        #expect(rule.fix(FixSite(.viewController, .objectiveC, sizeParameter: "viewSize")).hasPrefix("Use the `viewSize` this method is given"))
        #expect(rule.fix(FixSite(.other, .swift, sizeParameter: "size")).hasPrefix("Use the `size` this method is given"))
        #expect(!rule.fix(FixSite(.view, .objectiveC, timing: .inLayout, sizeParameter: "rect")).contains("`rect`"))
        #expect(rule.fix(FixSite(.viewController, .objectiveC, createdObject: "DetailViewController"))
            .hasPrefix("This frame is for another view controller (DetailViewController)"))
        #expect(rule.fix(FixSite(.viewController, .objectiveC)).hasPrefix("Use `self.view.bounds`"))
    }

    /// A member that returns a window picks where the view goes: its own `window` is not set yet
    /// (issue 29: SVProgressHUD's `- (UIWindow *)frontWindow`).
    @Test func aMemberReturningAWindowPicksIt() {
        let objc = """
            @implementation HUD
            - (UIWindow *)frontWindow { for (UIWindow *w in UIApplication.sharedApplication.windows) { FRONT; } return nil; }
            - (UIView *)host { HOST; return nil; }
            - (void)showFullscreen { UIWindow *w = nil; FULLSCREEN; [w addSubview:self]; }
            @end
            """
        #expect(Self.timing(objc, .objectiveC, at: "FRONT") == .choosesWindow)
        #expect(Self.timing(objc, .objectiveC, at: "HOST") == [])
        #expect(Self.timing(objc, .objectiveC, at: "FULLSCREEN") == .choosesWindow)
        let swift = """
            class HUD: UIView {
                var hostWindow: UIWindow? { HOSTWINDOW; return nil }
                func pick() -> UIWindow { PICK; return UIWindow() }
                func frameOf(_ w: UIWindow) -> CGRect { NOT_PICKING; return .zero }
            }
            """
        #expect(Self.timing(swift, .swift, at: "HOSTWINDOW") == .choosesWindow)
        #expect(Self.timing(swift, .swift, at: "PICK") == .choosesWindow)
        #expect(Self.timing(swift, .swift, at: "NOT_PICKING") == [])
        let rule = Catalog.description("shared-windows")!
        #expect(rule.fix(FixSite(.view, .objectiveC, timing: .choosesWindow)).contains("so `self.window` is not set yet"))
        #expect(rule.fix(FixSite(.view, .objectiveC)) == "Use `self.window`.")
    }

    /// The initial value of an instance's stored property runs once, before the object has a
    /// window (a lazy one at its first read): a parameter cannot reach it, nor is it a static
    /// member (issue 29: mastodon's `let isPhoneDevice: Bool = { … }()`, brave's `lazy var` and
    /// `UIView().then { … }`).
    @Test func aStoredPropertysInitialValueIsNamedSo() {
        let swift = """
            class C: UIViewController {
                let isPhone: Bool = { STORED }()
                static let shared: Bool = { STATIC }()
                lazy var later: Bool = { LAZY }()
                let line = UIView().then { THEN }
                var handler = Button().onTap { TAP }
                var brightness: () -> CGFloat = { CLOSURE }
                var computed: Bool { COMPUTED }
                func f() { let local = { LOCAL }() }
            }
            """
        let (f, at) = Self.file(swift, .swift)
        #expect(f.isInstanceStoredPropertyValue(at("STORED")))
        #expect(!f.isInstanceStoredPropertyValue(at("STATIC")))
        #expect(f.isInstanceStoredPropertyValue(at("LAZY")))
        #expect(f.isInstanceStoredPropertyValue(at("THEN")))
        #expect(!f.isInstanceStoredPropertyValue(at("TAP")))
        #expect(!f.isInstanceStoredPropertyValue(at("CLOSURE")))
        #expect(!f.isInstanceStoredPropertyValue(at("COMPUTED")))
        #expect(!f.isInstanceStoredPropertyValue(at("LOCAL")))
        let rule = Catalog.description("idiom-layout")!
        #expect(rule.fix(FixSite(.viewController, .swift, inInstance: false, inStoredProperty: true)).hasPrefix("A stored property's initial value is computed once"))
        #expect(!rule.fix(FixSite(.viewController, .swift, inInstance: false)).contains("stored property"))
    }
}

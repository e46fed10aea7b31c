import RuleKit
import SourceLexing

/// Safe-area insets are not known in `viewDidLoad`, `init` or `awakeFromNib`, and they change
/// as windows move between screens. A real app's adaptation found a bottom constraint cached from
/// `safeAreaInsets` in `viewDidLoad` left pages covered or gapped once the window settled;
/// recompute in `viewSafeAreaInsetsDidChange`.
struct SafeAreaReadTooEarlyRule: Rule {
    let description = RuleDescription(
        id: .safeAreaReadTooEarly, name: "Safe area read too early", severity: .note, facet: .insets,
        summary: "Reads safeAreaInsets in viewDidLoad, init or awakeFromNib, before they are known.",
        rationale: """
            Before a view is in a window its safe-area insets are zero, and afterwards they change with every \
            resize, rotation and move between screens: a constraint set once from `safeAreaInsets.bottom` in \
            `viewDidLoad` leaves the bottom of the page either covered or with a gap. Read insets in \
            `viewSafeAreaInsetsDidChange` or layout, or constrain to the safe-area layout guide.
            """,
        sources: [.apple("UIView.safeAreaInsets", "uikit/uiview/safeareainsets"), .apple("viewSafeAreaInsetsDidChange()", "uikit/uiviewcontroller/viewsafeareainsetsdidchange()")],
        fix: RuleDescription.fixed("Read safe-area insets in viewSafeAreaInsetsDidChange / safeAreaInsetsDidChange, layoutSubviews or viewDidLayoutSubviews — or constrain to safeAreaLayoutGuide."),
        triggering: [
            Example("""
                class VC: UIViewController {
                    override func viewDidLoad() {
                        bottom.constant = view.↓safeAreaInsets.bottom
                    }
                }
                """),
            Example("""
                class Bar: UIView {
                    override init(frame: CGRect) {
                        super.init(frame: frame)
                        let top = ↓safeAreaInsets.top
                    }
                }
                """),
            .objc("""
                @implementation Bar
                - (instancetype)initWithFrame:(CGRect)frame {
                    CGFloat b = self.↓safeAreaInsets.bottom;
                    return self;
                }
                - (void)awakeFromNib { CGFloat t = self.↓safeAreaInsets.top; }
                @end
                """, files: ["Bar.h": "@interface Bar : UIView\n@end"]),
            // Read again only in another type: this one keeps its first value.
            Example("final class Sheet: UIViewController {\n    override func viewDidLoad() {\n        super.viewDidLoad()\n        card.frame.size.height = 200 + view.↓safeAreaInsets.bottom\n    }\n}\nfinal class Card: UIView {\n    override func safeAreaInsetsDidChange() { height = safeAreaInsets.bottom }\n}"),
            // The view's own window is not there yet in viewDidLoad.
            Example("final class Settings: UIViewController {\n    override func viewDidLoad() {\n        super.viewDidLoad()\n        let window = view.window\n        inset = window?.↓safeAreaInsets.top ?? 0\n    }\n}"),
        ],
        nonTriggering: [
            // A window taken from the application is on screen, its insets final (moonlight's settings;
            // taking it is shared-windows' finding).
            .objc("@implementation Settings\n- (void)viewDidLoad {\n    [super viewDidLoad];\n    UIWindow *window = UIApplication.sharedApplication.windows.firstObject;\n    CGFloat width = window.frame.size.width - window.safeAreaInsets.left - window.safeAreaInsets.right;\n}\n@end",
                  files: ["Settings.h": "@interface Settings : UIViewController\n@end"]),
            // Not a view or view controller: the insets come from elsewhere, early or not.
            Example("""
                struct RootConfiguration {
                    let insets: UIEdgeInsets
                    init(controller: UIViewController) {
                        insets = controller.view.safeAreaInsets
                    }
                }
                """),
            .objc("""
                @implementation LayoutOptions
                - (instancetype)initWithView:(UIView *)view {
                    _bottom = view.safeAreaInsets.bottom;
                    return self;
                }
                @end
                """, files: ["LayoutOptions.h": "@interface LayoutOptions : NSObject\n@end"]),
            Example("class VC: UIViewController { override func viewSafeAreaInsetsDidChange() { bottom.constant = view.safeAreaInsets.bottom } }"),
            // A first value, read again where the insets change (XLActionController's Skype sheet).
            Example("final class Sheet: UIViewController {\n    override func viewDidLoad() {\n        super.viewDidLoad()\n        card.frame.size.height = 200 + view.safeAreaInsets.bottom\n    }\n    override func viewSafeAreaInsetsDidChange() {\n        super.viewSafeAreaInsetsDidChange()\n        card.frame.size.height = 200 + view.safeAreaInsets.bottom\n    }\n}"),
            Example("class V: UIView { override func layoutSubviews() { let t = safeAreaInsets.top } }"),
            Example("class VC: UIViewController { override func viewDidLoad() { DispatchQueue.main.async { let b = self.view.safeAreaInsets.bottom } } }"),
            .objc("@implementation V\n+ (void)initialize { }\n- (void)layoutSubviews { CGFloat t = self.safeAreaInsets.top; }\n@end"),
        ])

    var triggers: Set<Word> { [.safeAreaInsets] }

    /// Whether the type reads the insets again where they change (its `viewSafeAreaInsetsDidChange`,
    /// `safeAreaInsetsDidChange`, layoutSubviews or viewDidLayoutSubviews reads `safeAreaInsets`):
    /// then the early read is only a first value, set right when they settle (XLActionController's Skype sheet).
    static func readsAgainOnChange(_ k: Int, in f: CodeFile) -> Bool {
        guard let type = f.enclosingType(of: k) else { return false }
        let again: Set<String> = ["viewSafeAreaInsetsDidChange", "safeAreaInsetsDidChange", "layoutSubviews", "viewDidLayoutSubviews"]
        return f.structure.scopes.contains { s in
            s.kind == .function && again.contains(s.name) && s.open > type.open && s.close < type.close
                && f.enclosingType(of: s.open + 1)?.open == type.open
                && (s.open..<s.close).contains { f.is($0, .safeAreaInsets) }
        }
    }

    static func isEarly(_ name: String, _ language: Language) -> Bool {
        if name == "viewDidLoad" || name == "awakeFromNib" || name == "init" { return true }
        guard language == .objectiveC, name.hasPrefix("init") else { return false }
        let rest = name.dropFirst(4)
        return rest.first.map { $0.isUppercase || $0 == ":" } ?? true
    }

    /// Whether the insets read are those of a window the code took from the application
    /// (`UIWindow *window = UIApplication.sharedApplication.windows.firstObject; … window.safeAreaInsets`,
    /// moonlight's settings): a window on screen has its insets already — taking it from the
    /// application is shared-windows' finding, not this one's.
    static func readsTheAppsWindow(_ k: Int, in f: CodeFile) -> Bool {
        guard f.isPunct(k - 1, "."), f[k - 2].kind == .identifier, let body = f.innermostBody(of: k) else { return false }
        let name = f.text(k - 2)
        // The statements just before (a window taken a few lines up), not the whole body: one
        // function may read the insets thousands of times.
        var q = max(body.open + 1, k - 256)
        while q < k - 2 {
            // `name = …UIApplication…` (a declaration or an assignment), to the statement's end.
            if f.text(q) == name, f.isPunct(q + 1, "="), !f.isPunct(q - 1, ".") {
                var e = q + 2
                while e < k - 2, !f.isPunct(e, ";"), !(f.language == .swift && f[e].isLineStart) {
                    if f.is(e, .UIApplication) { return true }
                    e += 1
                }
            }
            q += 1
        }
        return false
    }

    func check(at k: Int, in f: CodeFile, model: RepositoryModel, into sink: inout FindingSink) {
        guard Reads.isMemberRead(k, in: f) || Reads.isBareRead(k, in: f),
              let (function, insideClosure) = f.enclosingFunction(of: k), !insideClosure, function.kind == .function,
              Self.isEarly(function.name, f.language), !Self.readsTheAppsWindow(k, in: f),
              !Self.readsAgainOnChange(k, in: f) else { return }
        sink.report(description, at: k, message: "`safeAreaInsets` read in `\(function.name)`, before the view has its final insets",
                    onlyIn: [.view, .viewController])
    }
}

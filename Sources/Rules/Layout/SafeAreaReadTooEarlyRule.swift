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
        ],
        nonTriggering: [
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
            Example("class V: UIView { override func layoutSubviews() { let t = safeAreaInsets.top } }"),
            Example("class VC: UIViewController { override func viewDidLoad() { DispatchQueue.main.async { let b = self.view.safeAreaInsets.bottom } } }"),
            .objc("@implementation V\n+ (void)initialize { }\n- (void)layoutSubviews { CGFloat t = self.safeAreaInsets.top; }\n@end"),
        ])

    var triggers: Set<Word> { [.safeAreaInsets] }

    static func isEarly(_ name: String, _ language: Language) -> Bool {
        if name == "viewDidLoad" || name == "awakeFromNib" || name == "init" { return true }
        guard language == .objectiveC, name.hasPrefix("init") else { return false }
        let rest = name.dropFirst(4)
        return rest.first.map { $0.isUppercase || $0 == ":" } ?? true
    }

    func check(at k: Int, in f: CodeFile, model: RepositoryModel, into sink: inout FindingSink) {
        guard Reads.isMemberRead(k, in: f) || Reads.isBareRead(k, in: f),
              let (function, insideClosure) = f.enclosingFunction(of: k), !insideClosure, function.kind == .function,
              Self.isEarly(function.name, f.language) else { return }
        sink.report(description, at: k, message: "`safeAreaInsets` read in `\(function.name)`, before the view has its final insets",
                    onlyIn: [.view, .viewController])
    }
}

import RuleKit
import SourceLexing

/// `#define kNavBarHeight (IS_IPHONE_X ? 88 : 64)` hard-codes what the system lays out: bars
/// and safe areas differ per device, posture and window, and a foldable stacks bar buttons
/// vertically (WWDC26 "Make your app ready for iPhone Duo"). A real app's adaptation found that
/// cached safe-area values break as windows move.
struct HardcodedBarHeightRule: Rule {
    let description = RuleDescription(
        id: .hardcodedBarHeight, name: "Hard-coded bar height", severity: .warning, facet: .insets,
        summary: "A constant that hard-codes a status, navigation, tab or tool bar height or a safe-area inset.",
        rationale: """
            Bar heights and safe-area insets are not constants: they differ by device, orientation, window size \
            and, on a foldable iPhone, posture — bars even move to the side. A number chosen per \
            device (`IS_IPHONE_X ? 88 : 64`) is a device check in disguise, and every use inherits it; values cached \
            outside layout go stale when windows move.
            """,
        sources: [.iPhoneDuo, .apple("UIView.safeAreaInsets", "uikit/uiview/safeareainsets")],
        fix: { site in
            guard let r = site.receiver else { return "Read the safe-area insets or the bar's frame where the layout happens, not a constant." }
            let insets = r.view == "self" ? (site.language == .swift ? "safeAreaInsets" : "self.safeAreaInsets") : r.view + ".safeAreaInsets"
            return "Read `\(insets)` (or the bar's own frame) where you lay out, or constrain to `safeAreaLayoutGuide`."
        },
        triggering: [
            .objc("#define ↓kNavBarHeight 64"),
            .objc("#define ↓NAV_BAR_DEFAULT_HEIGHT 44"),
            .objc("static const CGFloat ↓kToolbarHeight = 44;"),
            .objc("#define ↓NAV_BAR_HEIGHT (IS_IPHONE_X ? 88.f : 64.f)"),
            .objc("static const CGFloat ↓kTabBarH = 49;"),
            .objc("#define ↓kNavBarHeight_iPhoneX 88.f"),
            .objc("#define ↓kStatusAndNavBarHeight (kStatusBarHeight + 44)", files: ["Consts.h": "#define kStatusBarHeight 20"]),
            .objc("#define ↓SafeAreaBottom (isX ? 34 : 0)"),
            .objc("self.table.frame = CGRectMake(0, ↓kNavBarHeight, w, h - kTabBarHeight);",
                  files: ["Consts.h": "#define kNavBarHeight 64\n#define kTabBarHeight 49"]),
            Example("let ↓kStatusBarHeight: CGFloat = 20"),
            Example("enum Layout { static let ↓navBarHeight: CGFloat = 44 }"),
            Example("let ↓tabBarH: CGFloat = isX ? 83 : 49"),
            // The system's inset plus a hard-coded bar, computed once (V2ex-Swift), in both languages.
            Example("let ↓NavigationBarHeight: CGFloat = {\n    return kSafeAreaInsets.top + 44\n}()"),
            // Storage nobody writes again is as constant as `const`.
            .objc("static CGFloat ↓kTabBarHeight = 49;"),
            .objc("#define ↓kNavigationBarHeight (kSafeAreaInsets.top + 44)"),
            Example("func f() { let y = ↓Layout.navBarHeight + 8 }", files: ["Layout.swift": "enum Layout { static let navBarHeight: CGFloat = 44 }"]),
            Example("func f() { let y = ↓kHomeIndicatorHeight }", files: ["Consts.swift": "let kHomeIndicatorHeight: CGFloat = 34"]),
            Example("func f() { let y = ↓kNavBarHeight + 8 }", files: ["Consts.h": "#define kNavBarHeight 64"]),
            .objc("[self layoutWith:(CGFloat)↓kTabBarHeight];", files: ["Consts.h": "static const CGFloat kTabBarHeight = 49;"]),
            // UIKit's own bar sized by hand, and a view of the status and navigation bars' height together.
            .objc("#define ↓TOOLBAR_HEIGHT 44\n- (void)f { bar = [[UIToolbar alloc] initWithFrame:CGRectMake(0, 0, w, ↓TOOLBAR_HEIGHT)]; }"),
            .objc("#define ↓kNavBarHeight 64\n- (void)f { nav = [[UIView alloc] initWithFrame:CGRectMake(0, 0, w, ↓kNavBarHeight)]; }"),
            Example("enum L { static let ↓toolbarHeight: CGFloat = 44 }\nfunc f() { let bar = UIToolbar(frame: CGRect(x: 0, y: 0, width: 1, height: ↓L.toolbarHeight)) }"),
            // A subclass of UIKit's own bar sized by hand is still the system bar's height.
            .objc("#define ↓kToolbarHeight 44\n@interface Bar : UIToolbar\n@end\n@implementation Bar\n- (id)init {\n    self = [super initWithFrame:CGRectMake(0, 0, 320, ↓kToolbarHeight)];\n    return self;\n}\n@end"),
        ],
        nonTriggering: [
            // The height of something in a bar, or of a toolbar the app names for its own use (zotero's annotation toolbar).
            Example("enum Layout {\n    static let annotationToolbarDragHandleHeight: CGFloat = 50\n    static let toolbarFullInset: CGFloat = 20\n}\nfunc f(_ v: UIView) { v.frame.size.height = Layout.annotationToolbarDragHandleHeight + Layout.toolbarFullInset }"),
            // A cache the code fills from the real insets is no constant (Provenance's core bridge).
            .objc("static float g_safeInsetTop = 0.0;\nvoid setInsets(float top) { g_safeInsetTop = top; }\nfloat topInset(void) { return g_safeInsetTop; }"),
            // A bar the app draws itself, of its own design height (ello's title bar): not UIKit's bar.
            Example("""
                final class TitleBar: UIView {
                    struct Size { static let navigationHeight: CGFloat = 44 }
                    private let content = UIView()
                    func arrange() { addSubview(content); content.snp.makeConstraints { make in make.height.equalTo(Size.navigationHeight) } }
                }
                """),
            Example("""
                final class Strip: UIView {
                    static let toolbarHeight: CGFloat = 50
                    func arrange(_ bar: UIView) { bar.heightAnchor.constraint(equalToConstant: Self.toolbarHeight).isActive = true }
                }
                """),
            .objc("#define TABBAR_HOME_INDEX 0"),
            .objc("#define kNavBarTitleFontSize 17"),
            .objc("#define kStatusBarHeight [[UIApplication sharedApplication] statusBarFrame].size.height"),
            Example("let topPaddingToNavigationBar: CGFloat = 12"),
            Example("let navigationBarHideThreshold: CGFloat = 80"),
            Example("func f() { let navBarHeight: CGFloat = 44; print(navBarHeight) }"),
            Example("let navBarHeight = UINavigationController().navigationBar.frame.height"),
            Example("let navigationBarTop: CGFloat = { kSafeAreaInsets.top }()"),
            Example("let tabBarHeight: CGFloat = { kSafeAreaInsets.top + spacing.bottom }()"),
            Example("func f(kNavBarHeight: CGFloat) { print(kNavBarHeight) }", files: ["Consts.swift": "let kNavBarHeight: CGFloat = 44"]),
            .objc("""
                @implementation Bar
                @synthesize tabBarHeight = _tabBarHeight;
                - (CGFloat)multiplierOfTabBarHeight:(CGFloat)tabBarHeight { return tabBarHeight / 49; }
                - (void)f { CGFloat tabBarHeight = self.bounds.size.height; [self g:tabBarHeight]; }
                @end
                """, files: ["Consts.swift": "let tabBarHeight: CGFloat = 49"]),
            .objc("- (void)f { x = tabBarHeight; }", files: ["Consts.swift": "let tabBarHeight: CGFloat = 49"]),
            Example("enum P { static func multiplier(ofTabBarHeight tabBarHeight: CGFloat) -> CGFloat { tabBarHeight * 0.3 } }",
                    files: ["Consts.swift": "let tabBarHeight: CGFloat = 49"]),
            Example("func f() { let y = kTabBarHeight }", files: ["Consts.h": "#define kTabBarHeight (IS_X ? 83 : 49)"]),
            // The app's own bar, of its own height (duckduckgo's favorites overlay toolbar).
            Example("final class FavoritesOverlay: UIViewController { static let toolbarHeight: CGFloat = 52 }"),
            .objc("#define kCustomTabBarHeight 56.0f"),
            // A bar the app draws itself, of a bar's own height: the height of the views it makes (Kodi's iPad toolbar).
            .objc("#define TOOLBAR_HEIGHT 44\n- (void)f { b = [[UIButton alloc] initWithFrame:CGRectMake(x, h - TOOLBAR_HEIGHT, 60, TOOLBAR_HEIGHT)]; }"),
            Example("final class Panel: UIView {\n    static let toolbarHeight: CGFloat = 44\n    let bar = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: Self.toolbarHeight))\n}"),
            // A view of the app's own, sized by its own initializer (FLEX's keyboard toolbar), in both languages.
            .objc("#define kToolbarHeight 44\n@interface KeyboardToolbar : UIView\n@end\n@implementation KeyboardToolbar\n- (id)initWithButtons:(NSArray *)b {\n    self = [super initWithFrame:CGRectMake(0, 0, CGFLOAT_MAX, kToolbarHeight)];\n    return self;\n}\n@end"),
            Example("final class BrowserToolbar: UIView {\n    static let toolbarHeight: CGFloat = 44\n    init() { super.init(frame: CGRect(x: 0, y: 0, width: 320, height: Self.toolbarHeight)) }\n}"),
            // A SwiftUI view's own top bar, of its design height, the safe area added apart (Hackers' comments sheet).
            Example("""
                import SwiftUI
                struct SheetChrome: View {
                    private static let navigationBarHeight: CGFloat = 44
                    var inset: CGFloat
                    var body: some View { Color.clear.frame(height: Self.navigationBarHeight + inset, alignment: .top) }
                    var contentTop: CGFloat { inset + Self.navigationBarHeight }
                }
                """),
            // A view in a navigation bar's place is named as that view, not as the bar.
            Example("private struct Constants { static let navigationLinkViewHeight: CGFloat = 44 }"),
            .objc("#define kNavHeaderHeight 64"),
            // Below iOS 11 there is no safe area to read: the constant is the fallback.
            .objc("- (CGFloat)f { if (@available(iOS 11.0, *)) { return self.view.safeAreaInsets.top; } else { return kNavBarHeight; } }",
                  files: ["Consts.h": "#define kNavBarHeight 64"]),
        ], fixNeedsIOS: 11)

    var nameTriggers: NameTriggers { .barConstants }
    /// Definitions and uses of bar constants alike spell a bar name.
    var literals: Set<Literal> { BarNames.literals }

    func checkFile(_ file: CodeFile, model: RepositoryModel, into sink: inout FindingSink) {
        for constants in model.barConstants.values {
            for c in constants where c.site.path == file.path {
                sink.report(description.id, at: c.site.offset, token: file.tokenIndex(at: c.site.offset), facet: .insets,
                            message: "`\(c.name)` hard-codes a bar height or safe-area inset")
            }
        }
    }

    func check(at k: Int, in f: CodeFile, model: RepositoryModel, into sink: inout FindingSink) {
        guard let candidates = model.barConstants[f.text(k)],
              let (c, start, _) = NameUse.resolve(k, in: f, model: model, candidates: candidates, owner: \.owner, site: \.site,
                                                  languages: \.languages, fileLocal: \.fileLocal,
                                                  isMacro: { _ in false }, isCallable: { _ in false }, isClassMethod: { _ in false })
        else { return }
        sink.report(description, at: start, message: "`\(c.name)` (\(c.site.path):\(c.site.line)) is a hard-coded bar height or inset")
    }
}


import RuleKit
import SourceLexing

/// The application's status bar frame assumes one window on one screen. It is deprecated (Apple's
/// documentation; TN3187 "Migrating to the UIKit scene-based life cycle"); the scene's status bar
/// manager, or better the safe area, replaces it.
struct StatusBarFrameRule: Rule {
    let description = RuleDescription(
        id: .statusBarFrame, name: "Application status bar frame", severity: .warning, facet: .insets,
        summary: "Reads UIApplication's statusBarFrame (deprecated; one window, one screen).",
        rationale: """
            `UIApplication.statusBarFrame` is deprecated and describes no particular scene. \
            Its usual use, offsetting content below the status bar, is what safe-area insets do for every window \
            and posture, including the asymmetric insets of a foldable iPhone.
            """,
        sources: [.iPhoneDuo, .apple("UIApplication.statusBarFrame", "uikit/uiapplication/statusbarframe"), .apple("UIWindowScene.statusBarManager", "uikit/uiwindowscene/statusbarmanager"), .apple("UIView.safeAreaInsets", "uikit/uiview/safeareainsets")],
        fix: { site in
            // A method given a view or view controller (Kodi's `getTopPaddingWithNavBar:(UINavigationController *)navCtrl`).
            if site.receiver == nil, let view = site.givenView {
                return "Use `\(view).safeAreaInsets`, of \(site.givenNoun): its top inset is below the status bar, in its own window."
            }
            guard let r = site.receiver else {
                let manager = site.language == .swift ? "windowScene.statusBarManager?.statusBarFrame" : "windowScene.statusBarManager.statusBarFrame"
                return site.context == .sceneDelegate ? "Use `\(manager)`, or the safe-area insets of the scene's window."
                    : site.parameter("the safe-area insets (`safeAreaInsets`, or the window scene, whose `statusBarManager` knows the bar)")
            }
            let view = r.view == "self" ? "" : r.view + "."
            if site.timing.contains(.beforeWindow) {
                // The window, its scene and the safe area are not there yet: what this returns would be nil or zero.
                let manager = site.language == .swift ? "\(r.window)?.windowScene?.statusBarManager" : "\(r.window).windowScene.statusBarManager"
                return "Here the view is not in a window yet (an initializer, awakeFromNib, viewDidLoad, viewWillAppear or a method they call), so its window, scene and safe area are not there to ask: read them once it is (\(site.context == .viewController ? "`viewIsAppearing`" : "didMoveToWindow"), or layout code), from `\(view)safeAreaInsets` or `\(manager)`."
            }
            return site.language == .swift
                ? "Use `\(view)safeAreaInsets` (or `\(r.window)?.windowScene?.statusBarManager?.statusBarFrame` if you need the bar itself)."
                : "Use `\(r.view).safeAreaInsets` (or `\(r.window).windowScene.statusBarManager.statusBarFrame` if you need the bar itself)."
        },
        triggering: [
            // Before the view is in a window, its window and safe area are not there to ask (MWPhotoBrowser).
            .objc("@implementation Browser\n- (void)viewWillAppear:(BOOL)animated {\n    [super viewWillAppear:animated];\n    if (CGRectIsEmpty([UIApplication sharedApplication].↓statusBarFrame)) { self.alone = YES; }\n}\n@end",
                  files: ["Browser.h": "@interface Browser : UIViewController\n@end"], suggestion: "Here the view is not in a window yet"),
            // A presentation controller lays out in its container view (MZFormSheetPresentationController).
            Example("final class SheetPresentation: UIPresentationController {\n    func topInset() -> CGFloat { UIApplication.shared.↓statusBarFrame.height }\n}",
                    suggestion: "`containerView?.safeAreaInsets`, of the container this code lays out in"),
            .objc("@implementation SheetPresentation\n- (CGFloat)topInset {\n    return [UIApplication sharedApplication].↓statusBarFrame.size.height;\n}\n@end",
                  files: ["SheetPresentation.h": "@interface SheetPresentation : UIPresentationController\n@end"], suggestion: "`self.containerView.safeAreaInsets`"),
            // Below the versions the advice names, it says so, anywhere (TSMessages' helper at iOS 8).
            .objc("@implementation Messages\n+ (CGFloat)offset {\n    return [UIApplication sharedApplication].↓statusBarFrame.size.height;\n}\n@end",
                  files: ["Package.swift": "let package = Package(name: \"Messages\", platforms: [.iOS(.v9)])"], suggestion: "this code deploys to iOS 9.0"),
            // A helper given the navigation controller it pads for (Kodi's `getTopPaddingWithNavBar:`).
            .objc("@implementation Utilities\n+ (CGFloat)topPaddingWithNavBar:(UINavigationController *)navCtrl {\n    return UIApplication.sharedApplication.↓statusBarFrame.size.height + navCtrl.navigationBar.frame.size.height;\n}\n@end",
                  suggestion: "`navCtrl.view.safeAreaInsets`"),
            Example("func f() { let h = UIApplication.shared.↓statusBarFrame.height }"),
            .objc("CGFloat h = [UIApplication sharedApplication].↓statusBarFrame.size.height;"),
            .objc("CGRect r = [[UIApplication sharedApplication] ↓statusBarFrame];"),
            .objc("CGRect r = UIApplication.sharedApplication.↓statusBarFrame;"),
            .objc("#define kStatusBarHeight [[UIApplication sharedApplication] ↓statusBarFrame].size.height"),
        ],
        nonTriggering: [
            Example("func f() { let r = view.window?.windowScene?.statusBarManager?.statusBarFrame }"),
            Example("func f(app: UIApplication) { let r = app.statusBarFrame }"),
            .objc("CGRect r = self.view.window.windowScene.statusBarManager.statusBarFrame;"),
            .objc("CGRect r = [MyApp sharedApplication].statusBarFrame;"),
        ],
        fixNeedsScenes: true, readiness: .deviceAssumption)

    var triggers: Set<Word> { [.UIApplication] }
    /// The application is everywhere; its status bar frame is not.
    var literals: Set<Literal> { [.all([.word("UIApplication"), .word("statusBarFrame")])] }

    func check(at k: Int, in f: CodeFile, model: RepositoryModel, into sink: inout FindingSink) {
        guard let chain = Expr.applicationChain(at: k, in: f), chain.word(1) == .statusBarFrame else { return }
        sink.report(description, at: chain.members[1].token, message: "The application's `statusBarFrame` is deprecated and belongs to no scene")
    }
}

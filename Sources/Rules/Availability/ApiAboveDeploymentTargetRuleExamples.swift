import RuleKit

/// The scene APIs (iOS 13) in apps that still deploy below them: what a migration to scenes
/// writes, and what `fleetscan fix` would write without its deployment check.
extension ApiAboveDeploymentTargetRule {
    static let target12 = ["Package.swift": "let package = Package(name: \"App\", platforms: [.iOS(.v12)])"]
    static let target13 = ["Package.swift": "let package = Package(name: \"App\", platforms: [.iOS(.v13)])"]

    static let sceneTriggering: [Example] = [
        Example("final class Menu: UIViewController { func top() -> CGFloat { view.window?.↓windowScene?.statusBarManager?.statusBarFrame.height ?? 0 } }",
                files: target12),
        Example("func top(_ s: Scene) -> CGRect {\n    s.↓statusBarManager?.statusBarFrame ?? .zero\n}", files: target12),
        Example("func scenes() -> Int { UIApplication.shared.↓connectedScenes.count }", files: target12),
        Example("final class SceneDelegate: UIResponder, UIWindowSceneDelegate {\n    func scene(_ scene: ↓UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {}\n}",
                files: target12),
        Example("func attach(_ s: Any) { let w = UIWindow(↓windowScene: s as! UIWindowScene); w.makeKeyAndVisible() }", files: target12),
        Example("func open(_ contexts: Set<↓UIOpenURLContext>) {}", files: target12),
        Example("func configuration() -> Any { ↓UISceneConfiguration(name: \"Default\", sessionRole: .windowApplication) }", files: target12),
        // A check of an earlier version does not cover it.
        Example("func f(v: UIView) { if #available(iOS 11.0, *) { _ = v.window?.↓windowScene } }", files: target12),
        .objc("- (CGFloat)top { return self.view.window.↓windowScene.statusBarManager.statusBarFrame.size.height; }", files: target12),
        .objc("- (CGRect)bar:(id)scene {\n    return [scene ↓statusBarManager].statusBarFrame;\n}", files: target12),
        .objc("- (void)attach:(id)s { self.window = [[UIWindow alloc] ↓initWithWindowScene:s]; }", files: target12),
        .objc("- (NSUInteger)count { return [UIApplication sharedApplication].↓connectedScenes.count; }", files: target12),
        .objc("@implementation SceneDelegate\n- (void)scene:(↓UIScene *)scene willConnectToSession:(UISceneSession *)session options:(id)o {}\n@end", files: target12),
        // Another member's availability, or an older version, covers nothing — nor does the last one of the class before.
        .objc("@interface A : NSObject\n- (void)other API_AVAILABLE(ios(13.0));\n@end\n@interface B : NSObject\n- (void)show:(↓UIWindowScene *)scene;\n@end",
              path: "Holder.h", files: target12),
        .objc("@interface Holder : NSObject\n- (void)other API_AVAILABLE(ios(13.0));\n- (void)showFromScene:(↓UIWindowScene *)scene;\n@property (nonatomic) ↓UISceneSession *session API_AVAILABLE(ios(11.0));\n@end",
              path: "Holder.h", files: target12),
        .objc("@implementation Holder\n- (void)showFromScene:(↓UIWindowScene *)scene { [self attach:scene.windows]; }\n@end",
              files: target12.merging(["Holder.h": "@interface Holder : NSObject\n- (void)other API_AVAILABLE(ios(13.0));\n- (void)showFromScene:(UIWindowScene *)scene;\n@end"]) { a, _ in a }),
    ]

    static let sceneNonTriggering: [Example] = [
        // At or above the deployment target.
        Example("final class Menu: UIViewController { func top() -> CGFloat { view.window?.windowScene?.statusBarManager?.statusBarFrame.height ?? 0 } }",
                files: target13),
        // Guarded: `if #available`, `guard #available`, the same condition, `@available` on the type or the method.
        Example("final class Menu: UIViewController {\n    func top() -> CGFloat {\n        if #available(iOS 13.0, *) { return view.window?.windowScene?.statusBarManager?.statusBarFrame.height ?? 0 }\n        return 20\n    }\n}",
                files: target12),
        Example("func f(v: UIView) {\n    guard #available(iOS 13, *) else { return }\n    _ = v.window?.windowScene\n}", files: target12),
        Example("func f(s: Any) { if #available(iOS 13.0, *), let scene = s as? UIWindowScene { _ = scene.statusBarManager } }", files: target12),
        Example("@available(iOS 13.0, *)\nfinal class SceneDelegate: UIResponder, UIWindowSceneDelegate {\n    var window: UIWindow?\n    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {\n        guard let windowScene = scene as? UIWindowScene else { return }\n        window = UIWindow(windowScene: windowScene)\n    }\n}",
                files: target12),
        Example("final class AppDelegate: UIResponder, UIApplicationDelegate {\n    @available(iOS 13.0, *)\n    func application(_ a: UIApplication, configurationForConnecting s: UISceneSession, options: UIScene.ConnectionOptions) -> UISceneConfiguration {\n        UISceneConfiguration(name: \"Default\", sessionRole: s.role)\n    }\n}",
                files: target12),
        // Not the API: a local or parameter named `windowScene`, a label of another call, the type's own property.
        Example("func f(windowScene: Any) { let scene = windowScene; print(scene) }", files: target12),
        Example("func f() { configure(windowScene: nil) }", files: target12),
        Example("final class Holder { var windowScene: AnyObject?; func f() { print(self.windowScene as Any) } }", files: target12),
        // No deployment target known.
        Example("func scenes() -> Int { UIApplication.shared.connectedScenes.count }"),
        .objc("- (CGFloat)top {\n    if (@available(iOS 13.0, *)) { return self.view.window.windowScene.statusBarManager.statusBarFrame.size.height; }\n    return 20;\n}",
              files: target12),
        .objc("- (CGFloat)top API_AVAILABLE(ios(13.0)) { return self.view.window.windowScene.statusBarManager.statusBarFrame.size.height; }", files: target12),
        .objc("API_AVAILABLE(ios(13.0))\n@interface SceneDelegate : UIResponder <UIWindowSceneDelegate>\n@end\n@implementation SceneDelegate\n- (void)scene:(UIScene *)scene willConnectToSession:(UISceneSession *)session options:(id)o {\n    self.window = [[UIWindow alloc] initWithWindowScene:(UIWindowScene *)scene];\n}\n@end",
              files: target12),
        // The class's availability in its header covers its implementation.
        .objc("@implementation SceneDelegate\n- (void)scene:(UIScene *)scene willConnectToSession:(UISceneSession *)session options:(id)o {\n    self.window = [[UIWindow alloc] initWithWindowScene:(UIWindowScene *)scene];\n}\n@end",
              files: target12.merging(["SceneDelegate.h": "API_AVAILABLE(ios(13.0))\n@interface SceneDelegate : UIResponder <UIWindowSceneDelegate>\n@property (strong, nonatomic) UIWindow *window;\n@end"]) { a, _ in a }),
        // A declaration's own availability covers the types it names, in every spelling of the macro…
        .objc("@interface Holder : NSObject\n@property (nonatomic) UISceneSession *session API_AVAILABLE(ios(13.0));\n@property (nonatomic, readonly, class) UIWindowScene *activeScene API_AVAILABLE(ios(13));\n- (void)showFromScene:(UIWindowScene *)scene API_AVAILABLE(ios(13.0));\n@end",
              path: "Holder.h", files: target12),
        .objc("@interface Holder : NSObject\n- (void)showFromScene:(UIWindowScene *)scene NS_AVAILABLE_IOS(13_0);\n- (UIScene *)scene __IOS_AVAILABLE(13.0);\n@end", path: "Holder.h", files: target12),
        // …and, declared in the header, the method's implementation: header, body and the property's accessors.
        .objc("@implementation Holder\n+ (UIWindowScene *)activeScene {\n    for (UIScene *scene in UIApplication.sharedApplication.connectedScenes) { return (UIWindowScene *)scene; }\n    return nil;\n}\n- (void)showFromScene:(UIWindowScene *)scene { [self attach:scene.windows]; }\n- (void)setSession:(UISceneSession *)session { _session = session; }\n@end",
              files: target12.merging(["Holder.h": "@interface Holder : NSObject\n@property (nonatomic) UISceneSession *session API_AVAILABLE(ios(13.0));\n@property (nonatomic, readonly, class) UIWindowScene *activeScene API_AVAILABLE(ios(13.0));\n- (void)showFromScene:(UIWindowScene *)scene API_AVAILABLE(ios(13.0));\n@end"]) { a, _ in a }),
        .objc("@implementation Holder (Scenes)\n- (void)showFromScene:(UIWindowScene *)scene { [self attach:scene.windows]; }\n@end",
              files: target12.merging(["Holder+Scenes.h": "@interface Holder (Scenes)\n- (void)showFromScene:(UIWindowScene *)scene API_AVAILABLE(ios(13.0));\n@end"]) { a, _ in a }),
        .objc("@class UIWindowScene, UIScene;\n@interface Holder : NSObject\n- (void)attach:(id)scene;\n@end", files: target12),
        .objc("- (instancetype)initWithWindowScene:(id)scene { return self; }", files: target12),
    ]
}

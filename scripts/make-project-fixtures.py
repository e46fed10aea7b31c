#!/usr/bin/env python3
"""Writes the project-model fixture repositories under Fixtures/Projects, deterministically.

    scripts/make-project-fixtures.py [OUT_DIR]   (default: Fixtures/Projects)

Each fixture is a small repository: an .xcodeproj/project.pbxproj in the format Xcode writes
(OpenStep, with comments), Info.plists (XML, one binary), and sources. Object ids are derived
from names, so regenerating gives the same bytes. Tests assert each fixture's exact findings
and readiness stage.
"""
import hashlib
import os
import plistlib
import sys


def oid(*parts):
    return hashlib.sha1("/".join(parts).encode()).hexdigest()[:24].upper()


def q(s):
    """Quotes a pbxproj string when it needs it, as Xcode does."""
    if s and all(c.isalnum() or c in "._/$" for c in s) and not s[0].isdigit():
        return s
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


class Project:
    def __init__(self, name, settings):
        self.name = name
        self.objects = {}  # id -> (isa, comment, [(key, value)])
        self.settings = settings
        self.root = oid(name, "project")
        self.main_group = oid(name, "mainGroup")
        self.group_children = {self.main_group: []}
        self.targets = []

    def add(self, id_, isa, comment, fields):
        self.objects[id_] = (isa, comment, fields)

    def group(self, path, parent=None):
        gid = oid(self.name, "group", path)
        if gid not in self.group_children:
            self.group_children[gid] = []
            self.group_children[parent or self.main_group].append(gid)
            self.add(gid, "PBXGroup", path, [("children", None), ("path", q(path)), ("sourceTree", '"<group>"')])
        return gid

    def file(self, group, name):
        fid = oid(self.name, "file", group, name)
        self.group_children[group].append(fid)
        kind = {"swift": "sourcecode.swift", "m": "sourcecode.c.objc", "h": "sourcecode.c.h",
                "plist": "text.plist.xml", "storyboard": "file.storyboard", "xcconfig": "text.xcconfig"}[name.rsplit(".", 1)[1]]
        self.add(fid, "PBXFileReference", name, [("lastKnownFileType", kind), ("path", q(name)), ("sourceTree", '"<group>"')])
        return fid

    def synchronized(self, path, exceptions_for=None):
        sid = oid(self.name, "sync", path)
        self.group_children[self.main_group].append(sid)
        fields = [("path", q(path)), ("sourceTree", '"<group>"')]
        if exceptions_for:
            eid = oid(self.name, "exceptions", path)
            target, files = exceptions_for
            self.add(eid, "PBXFileSystemSynchronizedBuildFileExceptionSet", f'Exceptions for "{path}" folder in "{target}" target',
                     [("membershipExceptions", "(\n" + "".join(f"\t\t\t\t{q(f)},\n" for f in files) + "\t\t\t)"),
                      ("target", oid(self.name, "target", target))])
            fields.insert(0, ("exceptions", f"(\n\t\t\t\t{eid},\n\t\t\t)"))
        self.add(sid, "PBXFileSystemSynchronizedRootGroup", path, fields)
        return sid

    def configurations(self, owner, settings, base=None, anchor=None):
        ids = []
        for config in ("Debug", "Release"):
            cid = oid(self.name, owner, config)
            body = "{\n" + "".join(f"\t\t\t\t{q(k)} = {v if v.startswith('(') else q(v)};\n" for k, v in sorted(settings.items())) + "\t\t\t}"
            fields = [("buildSettings", body), ("name", config)]
            if base:
                fields.insert(0, ("baseConfigurationReference", base))
            if anchor:  # Xcode 16: an xcconfig inside a synchronized folder
                fields[0:0] = [("baseConfigurationReferenceAnchor", anchor[0]), ("baseConfigurationReferenceRelativePath", q(anchor[1]))]
            self.add(cid, "XCBuildConfiguration", config, fields)
            ids.append(cid)
        lid = oid(self.name, owner, "list")
        self.add(lid, "XCConfigurationList", f'Build configuration list for {owner}',
                 [("buildConfigurations", "(\n" + "".join(f"\t\t\t\t{i},\n" for i in ids) + "\t\t\t)"),
                  ("defaultConfigurationIsVisible", "0"), ("defaultConfigurationName", "Release")])
        return lid

    def target(self, name, product_type, settings, sources=(), synchronized=(), base=None, anchor=None):
        tid = oid(self.name, "target", name)
        files = []
        for fref in sources:
            bid = oid(self.name, "build", name, fref)
            self.add(bid, "PBXBuildFile", "in Sources", [("fileRef", fref)])
            files.append(bid)
        phase = oid(self.name, "sources", name)
        self.add(phase, "PBXSourcesBuildPhase", "Sources",
                 [("buildActionMask", "2147483647"), ("files", "(\n" + "".join(f"\t\t\t\t{f},\n" for f in files) + "\t\t\t)"),
                  ("runOnlyForDeploymentPostprocessing", "0")])
        fields = [("buildConfigurationList", self.configurations(name, settings, base, anchor)),
                  ("buildPhases", f"(\n\t\t\t\t{phase},\n\t\t\t)")]
        if synchronized:
            fields.append(("fileSystemSynchronizedGroups", "(\n" + "".join(f"\t\t\t\t{s},\n" for s in synchronized) + "\t\t\t)"))
        fields += [("name", q(name)), ("productName", q(name)), ("productType", q(product_type))]
        self.add(tid, "PBXNativeTarget", name, fields)
        self.targets.append(tid)
        return tid

    def write(self, path):
        self.add(self.root, "PBXProject", 'Project object',
                 [("buildConfigurationList", self.configurations("project", self.settings)),
                  ("mainGroup", self.main_group), ("projectDirPath", '""'), ("projectRoot", '""'),
                  ("targets", "(\n" + "".join(f"\t\t\t\t{t},\n" for t in self.targets) + "\t\t\t)")])
        self.add(self.main_group, "PBXGroup", "", [("children", None), ("sourceTree", '"<group>"')])
        out = ["// !$*UTF8*$!", "{", "\tarchiveVersion = 1;", "\tclasses = {\n\t};", "\tobjectVersion = 77;", "\tobjects = {"]
        by_isa = {}
        for id_, (isa, comment, fields) in self.objects.items():
            by_isa.setdefault(isa, []).append((id_, comment, fields))
        for isa in sorted(by_isa):
            out.append(f"\n/* Begin {isa} section */")
            for id_, comment, fields in sorted(by_isa[isa]):
                lines = [f"\t\t{id_} /* {comment} */ = {{", f"\t\t\tisa = {isa};"]
                for k, v in fields:
                    if k == "children":
                        kids = self.group_children.get(id_, [])
                        v = "(\n" + "".join(f"\t\t\t\t{c},\n" for c in kids) + "\t\t\t)"
                    lines.append(f"\t\t\t{k} = {v};")
                lines.append("\t\t};")
                out.extend(lines)
            out.append(f"/* End {isa} section */")
        out += ["\t};", f"\trootObject = {self.root} /* Project object */;", "}", ""]
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as fh:
            fh.write("\n".join(out))


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as fh:
        fh.write(text)


def plist(path, value, binary=False):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as fh:
        plistlib.dump(value, fh, fmt=plistlib.FMT_BINARY if binary else plistlib.FMT_XML, sort_keys=True)


ALL_ORIENTATIONS = ["UIInterfaceOrientationPortrait", "UIInterfaceOrientationPortraitUpsideDown",
                    "UIInterfaceOrientationLandscapeLeft", "UIInterfaceOrientationLandscapeRight"]
def library_package(name, platforms, path=None):
    """A Package.swift declaring one library target `name` (in `path`, else SwiftPM's
    `Sources/NAME`) for `platforms` (the text inside `platforms: [...]`)."""
    target = f'.target(name: "{name}"' + (f', path: "{path}"' if path else "") + ")"
    return f"""// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "{name}",
    platforms: [{platforms}],
    products: [.library(name: "{name}", targets: ["{name}"])],
    targets: [{target}]
)
"""


APP = "com.apple.product-type.application"
FRAMEWORK = "com.apple.product-type.framework"
EXTENSION = "com.apple.product-type.app-extension"
TESTS = "com.apple.product-type.bundle.unit-test"
OCUNIT_TESTS = "com.apple.product-type.bundle.ocunit-test"
BUNDLE = "com.apple.product-type.bundle"
IOS = {"SDKROOT": "iphoneos"}


def scene_manifest(delegate="SceneDelegate", multiple=None, name="Default Configuration", storyboard=None):
    """An Info.plist's UIApplicationSceneManifest with one application-role configuration; `multiple`
    None leaves UIApplicationSupportsMultipleScenes out."""
    configuration = {"UISceneConfigurationName": name, "UISceneDelegateClassName": delegate}
    if storyboard:
        configuration["UISceneStoryboardFile"] = storyboard
    manifest = {"UISceneConfigurations": {"UIWindowSceneSessionRoleApplication": [configuration]}}
    if multiple is not None:
        manifest["UIApplicationSupportsMultipleScenes"] = multiple
    return manifest


def legacy_objc_app(root):
    """A pre-scene Objective-C app: the app delegate makes the window; no scene manifest; an
    iPad target with only portrait; URL handling in the app delegate. Plus a framework and a
    share extension in the same project."""
    d = os.path.join(root, "LegacyObjCApp")
    p = Project("LegacyObjCApp", dict(IOS, IPHONEOS_DEPLOYMENT_TARGET="12.0"))
    g = p.group("Shop")
    refs = [p.file(g, n) for n in ("AppDelegate.h", "AppDelegate.m", "FeedViewController.m", "Info.plist")]
    kit = p.group("ShopKit")
    kit_refs = [p.file(kit, "Theme.m")]
    share = p.group("ShareExtension")
    share_refs = [p.file(share, "ShareViewController.m")]
    p.target("Shop", APP, {"INFOPLIST_FILE": "Shop/Info.plist", "TARGETED_DEVICE_FAMILY": "1,2", "PRODUCT_NAME": "$(TARGET_NAME)"},
             sources=[refs[1], refs[2]])
    p.target("ShopKit", FRAMEWORK, {"INFOPLIST_FILE": "ShopKit/Info.plist"}, sources=kit_refs)
    p.target("ShareExtension", EXTENSION, {"INFOPLIST_FILE": "ShareExtension/Info.plist"}, sources=share_refs)
    p.write(os.path.join(d, "LegacyObjCApp.xcodeproj/project.pbxproj"))
    plist(os.path.join(d, "Shop/Info.plist"), {
        "CFBundleIdentifier": "$(PRODUCT_BUNDLE_IDENTIFIER)", "LSRequiresIPhoneOS": True,
        "UILaunchStoryboardName": "LaunchScreen", "UISupportedInterfaceOrientations": ["UIInterfaceOrientationPortrait"],
        "UISupportedInterfaceOrientations~ipad": ["UIInterfaceOrientationPortrait", "UIInterfaceOrientationPortraitUpsideDown"]})
    plist(os.path.join(d, "ShopKit/Info.plist"), {"CFBundleIdentifier": "com.example.ShopKit"})
    plist(os.path.join(d, "ShareExtension/Info.plist"), {"NSExtension": {"NSExtensionPointIdentifier": "com.apple.share-services"}})
    write(os.path.join(d, "Shop/AppDelegate.h"), "#import <UIKit/UIKit.h>\n\n@interface AppDelegate : UIResponder <UIApplicationDelegate>\n@property (strong, nonatomic) UIWindow *window;\n@end\n")
    write(os.path.join(d, "Shop/AppDelegate.m"), """#import "AppDelegate.h"

@implementation AppDelegate

- (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
    self.window = [[UIWindow alloc] initWithFrame:[UIScreen mainScreen].bounds];
    [self.window makeKeyAndVisible];
    return YES;
}

- (BOOL)application:(UIApplication *)app openURL:(NSURL *)url options:(NSDictionary *)options {
    [[NSNotificationCenter defaultCenter] postNotificationName:@"ShopOpenURL" object:url];
    return YES;
}

@end
""")
    write(os.path.join(d, "Shop/FeedViewController.m"), """#import <UIKit/UIKit.h>

@interface FeedViewController : UIViewController
@end

@implementation FeedViewController
- (void)viewDidLoad {
    [super viewDidLoad];
    self.view.backgroundColor = [UIColor systemBackgroundColor];
}
@end
""")
    write(os.path.join(d, "ShopKit/Theme.m"), "#import <UIKit/UIKit.h>\n\nCGFloat ThemeSpacing(void) { return 8; }\n")
    write(os.path.join(d, "ShareExtension/ShareViewController.m"), "#import <UIKit/UIKit.h>\n\n@interface ShareViewController : UIViewController\n@end\n\n@implementation ShareViewController\n@end\n")


def migrated_swift_app(root):
    """A Swift app that adopted scenes, but the manifest names a delegate class that does not
    exist, a configuration name the code does not use, and a storyboard that is missing; it
    declares multiple scenes and keeps the key window in a singleton. The Info.plist is binary."""
    d = os.path.join(root, "MigratedSwiftApp")
    p = Project("MigratedSwiftApp", dict(IOS, IPHONEOS_DEPLOYMENT_TARGET="15.0", TARGETED_DEVICE_FAMILY="1,2"))
    g = p.group("App")
    refs = [p.file(g, n) for n in ("AppDelegate.swift", "SceneDelegate.swift", "WindowManager.swift", "Info.plist")]
    tests = p.group("AppTests")
    test_refs = [p.file(tests, "AppTests.swift")]
    p.target("App", APP, {"INFOPLIST_FILE": "$(SRCROOT)/App/Info.plist", "PRODUCT_MODULE_NAME": "App"}, sources=refs[:3])
    p.target("AppTests", TESTS, {"GENERATE_INFOPLIST_FILE": "YES"}, sources=test_refs)
    p.write(os.path.join(d, "MigratedSwiftApp.xcodeproj/project.pbxproj"))
    plist(os.path.join(d, "App/Info.plist"), {
        "UIApplicationSceneManifest": scene_manifest("$(PRODUCT_MODULE_NAME).SceneDelegate", multiple=True, storyboard="Main"),
        "UILaunchScreen": {}, "UISupportedInterfaceOrientations~ipad": ALL_ORIENTATIONS,
        "UISupportedInterfaceOrientations": ALL_ORIENTATIONS}, binary=True)
    write(os.path.join(d, "App/AppDelegate.swift"), """import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    func application(_ application: UIApplication,
                     configurationForConnecting connectingSceneSession: UISceneSession,
                     options: UIScene.ConnectionOptions) -> UISceneConfiguration {
        UISceneConfiguration(name: "Default", sessionRole: connectingSceneSession.role)
    }

    func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any] = [:]) -> Bool {
        DeepLinks.open(url)
    }
}

enum DeepLinks {
    static func open(_ url: URL) -> Bool { true }
}
""")
    write(os.path.join(d, "App/SceneDelegate.swift"), """import UIKit

final class MySceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        guard let windowScene = scene as? UIWindowScene else { return }
        window = UIWindow(windowScene: windowScene)
        WindowManager.shared.keyWindow = window
        window?.makeKeyAndVisible()
    }

    func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {
        URLContexts.forEach { _ = DeepLinks.open($0.url) }
    }
}
""")
    write(os.path.join(d, "App/WindowManager.swift"), """import UIKit

final class WindowManager {
    static let shared = WindowManager()
    var keyWindow: UIWindow?
    var rootNavigation: UINavigationController?
    private init() {}
}
""")
    write(os.path.join(d, "AppTests/AppTests.swift"), "import XCTest\n\nfinal class AppTests: XCTestCase {\n    func testNothing() {}\n}\n")


def legacy_swift_app(root):
    """A Swift UIKit app from before scenes, for `migrate scenes`: a generated Info.plist
    (GENERATE_INFOPLIST_FILE, INFOPLIST_KEY_* but no scene manifest), an app delegate that builds
    its window and root view controller and handles URLs and user activities, files listed in the
    project."""
    d = os.path.join(root, "LegacySwiftApp")
    p = Project("LegacySwiftApp", dict(IOS, IPHONEOS_DEPLOYMENT_TARGET="15.0"))
    g = p.group("Notes")
    refs = [p.file(g, n) for n in ("AppDelegate.swift", "NotesViewController.swift")]
    p.target("Notes", APP, {"GENERATE_INFOPLIST_FILE": "YES", "INFOPLIST_KEY_UILaunchScreen_Generation": "YES",
                            "PRODUCT_MODULE_NAME": "Notes", "TARGETED_DEVICE_FAMILY": "1"}, sources=refs)
    p.write(os.path.join(d, "LegacySwiftApp.xcodeproj/project.pbxproj"))
    write(os.path.join(d, "Notes/AppDelegate.swift"), """import UIKit

@UIApplicationMain
final class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.rootViewController = UINavigationController(rootViewController: NotesViewController())
        window.makeKeyAndVisible()
        self.window = window
        return true
    }

    func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any] = [:]) -> Bool {
        url.scheme == "notes"
    }

    func application(_ application: UIApplication, continue userActivity: NSUserActivity,
                     restorationHandler: @escaping ([UIUserActivityRestoring]?) -> Void) -> Bool {
        userActivity.activityType == NSUserActivityTypeBrowsingWeb
    }
}
""")
    write(os.path.join(d, "Notes/NotesViewController.swift"), """import UIKit

final class NotesViewController: UITableViewController {
    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        tableView.rowHeight = view.bounds.width > 500 ? 64 : 44
    }
}
""")


def v2ex_swift_app(root):
    """For `migrate scenes`, after V2ex-Swift's launch code: a Swift app at iOS 12.0 whose app
    delegate makes a window of its own subclass, hands it to a client singleton and to a HUD as
    its container, sizes it from the screen, builds a drawer around it (a closure capturing a
    local, a `#if DEBUG` block), and refreshes its theme when it becomes active. Stand-ins for
    the drawer, HUD and client are the app's own files, so the app compiles against the SDK
    stubs before and after the migration."""
    d = os.path.join(root, "V2exSwiftApp")
    p = Project("V2exSwiftApp", dict(IOS, IPHONEOS_DEPLOYMENT_TARGET="12.0"))
    g = p.group("Forum")
    refs = [p.file(g, n) for n in ("AppDelegate.swift", "ForumClient.swift", "Support.swift", "Info.plist")]
    p.target("Forum", APP, {"INFOPLIST_FILE": "Forum/Info.plist", "PRODUCT_MODULE_NAME": "Forum", "TARGETED_DEVICE_FAMILY": "1,2"},
             sources=refs[:3])
    p.write(os.path.join(d, "V2exSwiftApp.xcodeproj/project.pbxproj"))
    plist(os.path.join(d, "Forum/Info.plist"), {
        "CFBundleIdentifier": "$(PRODUCT_BUNDLE_IDENTIFIER)", "LSRequiresIPhoneOS": True, "UILaunchStoryboardName": "Launch Screen",
        "UISupportedInterfaceOrientations": ["UIInterfaceOrientationPortrait"], "UISupportedInterfaceOrientations~ipad": ALL_ORIENTATIONS})
    write(os.path.join(d, "Forum/AppDelegate.swift"), """import UIKit

@UIApplicationMain
class AppDelegate: UIResponder, UIApplicationDelegate {

    var window: UIWindow?

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        ImageCache.configure()

        self.window = ThemedWindow();
        ForumClient.shared.window = self.window
        self.window?.frame = UIScreen.main.bounds;
        self.window?.makeKeyAndVisible();

        let home = UINavigationController(rootViewController: HomeViewController())
        let drawer = DrawerController(center: home, left: MenuViewController())
        (self.window as? ThemedWindow)?.themeChanged = { [weak self] in
            self?.window?.backgroundColor = Theme.shared.background
            drawer.view.backgroundColor = Theme.shared.background
        }
        drawer.maximumLeftWidth = 230
        self.window?.rootViewController = drawer
        ForumClient.shared.drawer = drawer
        #if DEBUG
            let fps = FPSLabel(frame: CGRect(x: 15, y: 40, width: 55, height: 20))
            self.window?.addSubview(fps)
        #endif

        ProgressHUD.setMinimumDismissTimeInterval(1.5)
        ProgressHUD.setContainerView(self.window!)

        Analytics.start()
        return true
    }

    func applicationWillResignActive(_ application: UIApplication) {
        // Sent when the application is about to move from active to inactive state.
    }

    func applicationDidBecomeActive(_ application: UIApplication) {
        Theme.shared.refreshStyleIfNeeded()
    }
}

class ThemedWindow: UIWindow {
    var themeChanged: (() -> Void)?

    override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        Theme.shared.refreshStyleIfNeeded()
        themeChanged?()
    }
}
""")
    write(os.path.join(d, "Forum/ForumClient.swift"), """import UIKit

/// Holds what the whole app reaches for: the window and the drawer.
final class ForumClient {
    static let shared = ForumClient()
    var window: UIWindow?
    var drawer: DrawerController?
}
""")
    write(os.path.join(d, "Forum/Support.swift"), """import UIKit

final class ImageCache {
    static func configure() {}
}

final class Analytics {
    static func start() {}
}

final class Theme {
    static let shared = Theme()
    var background = UIColor.white
    func refreshStyleIfNeeded() {}
}

/// A drawer around the center controller, as the DrawerController pod makes one.
final class DrawerController: UIViewController {
    var maximumLeftWidth: CGFloat = 280
    init(center: UIViewController, left: UIViewController) { super.init(nibName: nil, bundle: nil) }
    required init?(coder: NSCoder) { super.init(coder: coder) }
}

final class HomeViewController: UIViewController {}
final class MenuViewController: UIViewController {}
final class FPSLabel: UILabel {}

/// The SVProgressHUD pod's class interface.
final class ProgressHUD {
    static func setMinimumDismissTimeInterval(_ interval: TimeInterval) {}
    static func setContainerView(_ view: UIView?) {}
}
""")


def sliding_menu_objc_app(root):
    """For `migrate scenes`, after an Objective-C app at iOS 9.0 that carries a copy of
    ECSlidingViewController: the app delegate makes a UIWindow around a sliding controller, reads
    the launch URL from the launch options, keeps the screen awake when active and finishes a
    background task when it leaves, opens links with the source application's name; an overlay
    positions itself from the app delegate's window."""
    d = os.path.join(root, "SlidingMenuObjCApp")
    p = Project("SlidingMenuObjCApp", dict(IOS, IPHONEOS_DEPLOYMENT_TARGET="9.0"))
    g = p.group("Reader")
    names = ("AppDelegate.h", "AppDelegate.m", "SlidingViewController.h", "SlidingViewController.m", "MenuViewController.h",
             "MenuViewController.m", "OverlayView.m", "Info.plist")
    refs = [p.file(g, n) for n in names]
    p.target("Reader", APP, {"INFOPLIST_FILE": "Reader/Info.plist", "TARGETED_DEVICE_FAMILY": "1"},
             sources=[refs[1], refs[3], refs[5], refs[6]])
    p.write(os.path.join(d, "SlidingMenuObjCApp.xcodeproj/project.pbxproj"))
    plist(os.path.join(d, "Reader/Info.plist"), {
        "CFBundleIdentifier": "$(PRODUCT_BUNDLE_IDENTIFIER)", "LSRequiresIPhoneOS": True, "UILaunchStoryboardName": "LaunchScreen",
        "UISupportedInterfaceOrientations": ["UIInterfaceOrientationPortrait"]})
    write(os.path.join(d, "Reader/AppDelegate.h"), "#import <UIKit/UIKit.h>\n\n@interface AppDelegate : UIResponder <UIApplicationDelegate>\n@property (strong, nonatomic) UIWindow *window;\n@end\n")
    write(os.path.join(d, "Reader/AppDelegate.m"), """#import "AppDelegate.h"
#import "MenuViewController.h"
#import "SlidingViewController.h"

@implementation AppDelegate

- (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
    NSURL *launchURL = launchOptions[UIApplicationLaunchOptionsURLKey];
    self.window = [[UIWindow alloc] initWithFrame:[[UIScreen mainScreen] bounds]];
    SlidingViewController *sliding = [[SlidingViewController alloc] initWithTopViewController:[MenuViewController new]];
    self.window.rootViewController = sliding;
    [self.window makeKeyAndVisible];
    if (launchURL) {
        [self openLink:launchURL from:nil];
    }
    return YES;
}

- (void)applicationDidBecomeActive:(UIApplication *)application {
    [UIApplication sharedApplication].idleTimerDisabled = YES;
}

- (void)applicationDidEnterBackground:(UIApplication *)application {
    __block UIBackgroundTaskIdentifier task = [application beginBackgroundTaskWithExpirationHandler:^{
        [application endBackgroundTask:task];
    }];
    [application endBackgroundTask:task];
}

- (BOOL)application:(UIApplication *)app openURL:(NSURL *)url options:(NSDictionary<UIApplicationOpenURLOptionsKey, id> *)options {
    return [self openLink:url from:options[UIApplicationOpenURLOptionsSourceApplicationKey]];
}

- (BOOL)openLink:(NSURL *)url from:(NSString *)sourceApplication {
    return [url.scheme isEqualToString:@"reader"];
}

@end
""")
    write(os.path.join(d, "Reader/SlidingViewController.h"), """#import <UIKit/UIKit.h>

@interface SlidingViewController : UIViewController
- (instancetype)initWithTopViewController:(UIViewController *)top;
@end
""")
    write(os.path.join(d, "Reader/SlidingViewController.m"), """#import "SlidingViewController.h"

@implementation SlidingViewController

- (instancetype)initWithTopViewController:(UIViewController *)top {
    self = [super initWithNibName:nil bundle:nil];
    return self;
}

@end
""")
    write(os.path.join(d, "Reader/MenuViewController.h"), "#import <UIKit/UIKit.h>\n\n@interface MenuViewController : UIViewController\n@end\n")
    write(os.path.join(d, "Reader/MenuViewController.m"), """#import "MenuViewController.h"

@implementation MenuViewController
@end
""")
    write(os.path.join(d, "Reader/OverlayView.m"), """#import <UIKit/UIKit.h>

@interface OverlayView : UIView
@end

@implementation OverlayView

- (void)show {
    UIViewController *root = [[UIApplication sharedApplication].delegate window].rootViewController;
    [root.view addSubview:self];
    self.frame = root.view.bounds;
}

@end
""")


def notes_objc_app(root):
    """For `migrate scenes`, after Simplenote and Artsy's energy: an Objective-C app at iOS 12.0,
    indented by two spaces, whose window is made in a helper called from
    `willFinishLaunchingWithOptions:` only when there is none yet (`if (!self.window)`), with the
    view controllers it shows built between the window's statements; launch later reads those
    view controllers and presents on the window; a category of the app delegate and a test
    delegate that main.m picks when tests run also adopt UIApplicationDelegate."""
    d = os.path.join(root, "NotesObjCApp")
    p = Project("NotesObjCApp", dict(IOS, IPHONEOS_DEPLOYMENT_TARGET="12.0"))
    g = p.group("Notes")
    names = ("AppDelegate.h", "AppDelegate.m", "AppDelegate+Lock.m", "TestAppDelegate.h", "TestAppDelegate.m", "main.m", "Info.plist")
    refs = [p.file(g, n) for n in names]
    p.target("Notes", APP, {"INFOPLIST_FILE": "Notes/Info.plist"}, sources=[refs[1], refs[2], refs[4], refs[5]])
    p.write(os.path.join(d, "NotesObjCApp.xcodeproj/project.pbxproj"))
    plist(os.path.join(d, "Notes/Info.plist"), {
        "CFBundleIdentifier": "$(PRODUCT_BUNDLE_IDENTIFIER)", "LSRequiresIPhoneOS": True, "UILaunchStoryboardName": "LaunchScreen",
        "UISupportedInterfaceOrientations": ["UIInterfaceOrientationPortrait", "UIInterfaceOrientationLandscapeLeft", "UIInterfaceOrientationLandscapeRight"],
        "UISupportedInterfaceOrientations~ipad": ["UIInterfaceOrientationPortrait", "UIInterfaceOrientationPortraitUpsideDown",
                                                  "UIInterfaceOrientationLandscapeLeft", "UIInterfaceOrientationLandscapeRight"]})
    write(os.path.join(d, "Notes/AppDelegate.h"), """#import <UIKit/UIKit.h>

@interface AppDelegate : UIResponder <UIApplicationDelegate>
@property (strong, nonatomic) UIWindow *window;
@property (strong, nonatomic) UIViewController *listViewController;
@end
""")
    write(os.path.join(d, "Notes/AppDelegate.m"), """#import "AppDelegate.h"

@implementation AppDelegate

- (void)setupDefaultWindow
{
  if (!self.window) {
    self.window = [[UIWindow alloc] initWithFrame:[[UIScreen mainScreen] bounds]];
  }

  self.window.tintColor = self.window.tintColor;
  self.listViewController = [[UIViewController alloc] initWithNibName:nil bundle:nil];
  self.listViewController.title = @"Notes";

  self.window.rootViewController = self.listViewController;
  [self applyTheme];
  [self.window makeKeyAndVisible];
}

- (void)applyTheme
{
  self.window.backgroundColor = self.window.tintColor;
}

- (void)showLockIfNeeded
{
  UIViewController *lock = [[UIViewController alloc] initWithNibName:nil bundle:nil];
  [self.window.rootViewController presentViewController:lock animated:NO completion:nil];
}

- (BOOL)application:(UIApplication *)application willFinishLaunchingWithOptions:(NSDictionary *)launchOptions
{
  [self setupDefaultWindow];
  return YES;
}

- (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions
{
  self.listViewController.title = @"All Notes";
  [self showLockIfNeeded];
  return YES;
}

@end
""")
    write(os.path.join(d, "Notes/AppDelegate+Lock.m"), """#import "AppDelegate.h"

@implementation AppDelegate (Lock)

- (BOOL)isLocked
{
  return NO;
}

@end
""")
    write(os.path.join(d, "Notes/TestAppDelegate.h"), "#import <UIKit/UIKit.h>\n\n@interface TestAppDelegate : UIResponder <UIApplicationDelegate>\n@end\n")
    write(os.path.join(d, "Notes/TestAppDelegate.m"), "#import \"TestAppDelegate.h\"\n\n@implementation TestAppDelegate\n@end\n")
    # A vendored library's example app, which is no shipping app of this repository.
    e = Project("LockExample", dict(IOS, IPHONEOS_DEPLOYMENT_TARGET="12.0"))
    eg = e.group("LockExample")
    e.target("LockExample", APP, {"INFOPLIST_FILE": "LockExample/Info.plist"}, sources=[e.file(eg, "ExampleAppDelegate.m")])
    e.write(os.path.join(d, "LocalPods/Lock/Example/LockExample.xcodeproj/project.pbxproj"))
    plist(os.path.join(d, "LocalPods/Lock/Example/LockExample/Info.plist"), {"LSRequiresIPhoneOS": True, "UILaunchStoryboardName": "LaunchScreen"})
    write(os.path.join(d, "LocalPods/Lock/Example/LockExample/ExampleAppDelegate.m"), """#import <UIKit/UIKit.h>

@interface ExampleAppDelegate : UIResponder <UIApplicationDelegate>
@property (strong, nonatomic) UIWindow *window;
@end

@implementation ExampleAppDelegate
@end
""")
    write(os.path.join(d, "Notes/main.m"), """#import <UIKit/UIKit.h>
#import "AppDelegate.h"

int main(int argc, char *argv[])
{
  @autoreleasepool {
    BOOL testing = NSClassFromString(@"XCTestCase") != nil;
    Class delegateClass = testing ? NSClassFromString(@"TestAppDelegate") : [AppDelegate class];
    return UIApplicationMain(argc, argv, nil, NSStringFromClass(delegateClass));
  }
}
""")


def router_swift_app(root):
    """For `migrate scenes`, after a small Swift UIKit app at iOS 11.0: Main.storyboard has no
    initial view controller and only serves screens by identifier; a Router singleton shows the
    first screen in the app delegate's window, or in a window of its own when there is none; home
    screen quick actions, a cold-launch shortcut item read from the launch options, and
    app-delegate state restoration."""
    d = os.path.join(root, "RouterSwiftApp")
    p = Project("RouterSwiftApp", dict(IOS, IPHONEOS_DEPLOYMENT_TARGET="11.0"))
    g = p.group("Recipes")
    refs = [p.file(g, n) for n in ("AppDelegate.swift", "Router.swift", "Main.storyboard", "Info.plist")]
    p.target("Recipes", APP, {"INFOPLIST_FILE": "Recipes/Info.plist", "PRODUCT_MODULE_NAME": "Recipes", "TARGETED_DEVICE_FAMILY": "1"},
             sources=refs[:2])
    p.write(os.path.join(d, "RouterSwiftApp.xcodeproj/project.pbxproj"))
    plist(os.path.join(d, "Recipes/Info.plist"), {
        "CFBundleIdentifier": "$(PRODUCT_BUNDLE_IDENTIFIER)", "LSRequiresIPhoneOS": True, "UILaunchStoryboardName": "LaunchScreen",
        "UIMainStoryboardFile": "Main", "UISupportedInterfaceOrientations": ["UIInterfaceOrientationPortrait"]})
    write(os.path.join(d, "Recipes/Main.storyboard"), """<?xml version="1.0" encoding="UTF-8"?>
<document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21507" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" colorMatched="YES">
    <scenes>
        <scene sceneID="home">
            <objects>
                <viewController storyboardIdentifier="Home" id="HomeVC" customClass="RecipesViewController" customModuleProvider="target" sceneMemberID="viewController">
                    <view key="view" contentMode="scaleToFill" id="HomeView"/>
                </viewController>
            </objects>
        </scene>
    </scenes>
</document>
""")
    write(os.path.join(d, "Recipes/AppDelegate.swift"), """import UIKit

@UIApplicationMain
class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        Router.shared.start(in: window)
        if let item = launchOptions?[.shortcutItem] as? UIApplicationShortcutItem {
            Router.shared.handle(item)
        }
        return true
    }

    func application(_ application: UIApplication, performActionFor shortcutItem: UIApplicationShortcutItem,
                     completionHandler: @escaping (Bool) -> Void) {
        completionHandler(Router.shared.handle(shortcutItem))
    }

    func application(_ application: UIApplication, shouldSaveSecureApplicationState coder: NSCoder) -> Bool {
        true
    }

    func application(_ application: UIApplication, shouldRestoreSecureApplicationState coder: NSCoder) -> Bool {
        true
    }
}
""")
    write(os.path.join(d, "Recipes/Router.swift"), """import UIKit

/// Shows the app's screens; the first one in the window it is given, or in one of its own.
final class Router {
    static let shared = Router()
    private(set) var window: UIWindow?

    func start(in window: UIWindow?) {
        let window = window ?? UIWindow(frame: UIScreen.main.bounds)
        let home = UIStoryboard(name: "Main", bundle: nil).instantiateViewController(withIdentifier: "Home")
        window.rootViewController = UINavigationController(rootViewController: home)
        window.makeKeyAndVisible()
        self.window = window
    }

    @discardableResult
    func handle(_ item: UIApplicationShortcutItem) -> Bool {
        item.type == "new-recipe"
    }
}
""")


def unresolved_scene_delegate_app(root):
    """For `migrate scenes`: a tiny Swift app whose Info.plist names
    `$(PRODUCT_MODULE_NAME).SceneDelegate`, which no source declares, while its app delegate still
    makes a `UIWindow(frame:)` (scene-delegate-unresolved: the app will not launch)."""
    d = os.path.join(root, "UnresolvedSceneDelegateApp")
    p = Project("UnresolvedSceneDelegateApp", dict(IOS, IPHONEOS_DEPLOYMENT_TARGET="15.0"))
    g = p.group("Timer")
    refs = [p.file(g, n) for n in ("AppDelegate.swift", "Info.plist")]
    p.target("Timer", APP, {"INFOPLIST_FILE": "Timer/Info.plist", "PRODUCT_MODULE_NAME": "Timer", "TARGETED_DEVICE_FAMILY": "1"},
             sources=refs[:1])
    p.write(os.path.join(d, "UnresolvedSceneDelegateApp.xcodeproj/project.pbxproj"))
    plist(os.path.join(d, "Timer/Info.plist"), {
        "CFBundleIdentifier": "$(PRODUCT_BUNDLE_IDENTIFIER)", "LSRequiresIPhoneOS": True, "UILaunchStoryboardName": "LaunchScreen",
        "UISupportedInterfaceOrientations": ["UIInterfaceOrientationPortrait"],
        "UIApplicationSceneManifest": scene_manifest("$(PRODUCT_MODULE_NAME).SceneDelegate", multiple=False)})
    write(os.path.join(d, "Timer/AppDelegate.swift"), """import UIKit

@main
class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        window = UIWindow(frame: UIScreen.main.bounds)
        window?.rootViewController = TimerViewController()
        window?.makeKeyAndVisible()
        return true
    }
}

final class TimerViewController: UIViewController {}
""")


def preprocessed_plist_app(root):
    """An app whose Info.plist Xcode preprocesses (INFOPLIST_PREPROCESS = YES): `#ifndef` around a
    dictionary between the root's keys, `#if` inside the orientations array, a key in one branch
    only; one target whose definitions come from a build setting nothing defines (unknown:
    both readings count), one whose definitions are literal (one reading), and one whose own
    Info.plist is truly malformed (its stage is unknown, never not-launching)."""
    d = os.path.join(root, "PreprocessedPlistApp")
    p = Project("PreprocessedPlistApp", dict(IOS, IPHONEOS_DEPLOYMENT_TARGET="15.0"))
    g = p.group("Mail")
    refs = [p.file(g, n) for n in ("AppDelegate.swift", "SceneDelegate.swift", "Info.plist")]
    broken = p.group("Widgets")
    broken_refs = [p.file(broken, n) for n in ("WidgetsApp.swift", "Info.plist")]
    common = {"INFOPLIST_FILE": "Mail/Info.plist", "INFOPLIST_PREPROCESS": "YES", "PRODUCT_MODULE_NAME": "Mail", "TARGETED_DEVICE_FAMILY": "1"}
    p.target("Mail", APP, dict(common, INFOPLIST_PREPROCESSOR_DEFINITIONS="$(APP_BUILD_FLAGS)"), sources=refs[:2])
    p.target("MailBeta", APP, dict(common, INFOPLIST_PREPROCESSOR_DEFINITIONS="BETA=1 DISABLE_PLAIN_HTTP"), sources=refs[:2])
    p.target("Widgets", APP, {"INFOPLIST_FILE": "Widgets/Info.plist", "PRODUCT_MODULE_NAME": "Widgets", "TARGETED_DEVICE_FAMILY": "1"},
             sources=broken_refs[:1])
    p.write(os.path.join(d, "PreprocessedPlistApp.xcodeproj/project.pbxproj"))
    write(os.path.join(d, "Mail/Info.plist"), """<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
	<key>CFBundleIdentifier</key>
	<string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
	<key>LSRequiresIPhoneOS</key>
	<true/>
#ifndef DISABLE_PLAIN_HTTP
	<key>NSAppTransportSecurity</key>
	<dict>
		<key>NSAllowsArbitraryLoads</key>
		<true/>
	</dict>
#endif
	<key>UIApplicationSceneManifest</key>
	<dict>
		<key>UIApplicationSupportsMultipleScenes</key>
		<false/>
		<key>UISceneConfigurations</key>
		<dict>
			<key>UIWindowSceneSessionRoleApplication</key>
			<array>
				<dict>
					<key>UISceneConfigurationName</key>
					<string>Default Configuration</string>
					<key>UISceneDelegateClassName</key>
					<string>$(PRODUCT_MODULE_NAME).SceneDelegate</string>
				</dict>
			</array>
		</dict>
	</dict>
#if BETA
	<key>UIRequiresFullScreen</key>
	<true/>
#endif
	<key>UILaunchStoryboardName</key>
	<string>LaunchScreen</string>
	<key>UISupportedInterfaceOrientations</key>
	<array>
		<string>UIInterfaceOrientationPortrait</string>
#if ENABLE_LANDSCAPE
		<string>UIInterfaceOrientationLandscapeLeft</string>
		<string>UIInterfaceOrientationLandscapeRight</string>
#endif
	</array>
</dict>
</plist>
""")
    write(os.path.join(d, "Mail/AppDelegate.swift"), """import UIKit

@main
class AppDelegate: UIResponder, UIApplicationDelegate {
    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        true
    }
}
""")
    write(os.path.join(d, "Mail/SceneDelegate.swift"), """import UIKit

class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        guard let windowScene = scene as? UIWindowScene else { return }
        window = UIWindow(windowScene: windowScene)
        window?.makeKeyAndVisible()
    }
}
""")
    write(os.path.join(d, "Widgets/WidgetsApp.swift"), """import UIKit

class WidgetsAppDelegate: UIResponder, UIApplicationDelegate {}
""")
    write(os.path.join(d, "Widgets/Info.plist"), """<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>CFBundleIdentifier</key>
	<string>com.example.widgets
</dict>
</plist>
""")


def generated_plist_app(root):
    """A Swift app with a generated Info.plist (GENERATE_INFOPLIST_FILE and INFOPLIST_KEY_*),
    sources in an Xcode 16 synchronized folder, and full-screen required."""
    d = os.path.join(root, "GeneratedPlistApp")
    p = Project("GeneratedPlistApp", dict(IOS, IPHONEOS_DEPLOYMENT_TARGET="17.0"))
    sync = p.synchronized("Game", exceptions_for=("Game", ["Legacy/OldRenderer.swift"]))
    p.target("Game", APP, {
        "GENERATE_INFOPLIST_FILE": "YES", "TARGETED_DEVICE_FAMILY": "1,2",
        "INFOPLIST_KEY_UIApplicationSceneManifest_Generation": "YES",
        # Conditional settings as Xcode writes them: the iOS SDK conditions apply, macOS's do not.
        "INFOPLIST_KEY_UILaunchScreen_Generation[sdk=iphoneos*]": "YES",
        "INFOPLIST_KEY_UILaunchScreen_Generation[sdk=iphonesimulator*]": "YES",
        "INFOPLIST_KEY_UIRequiresFullScreen": "YES", "INFOPLIST_KEY_UIRequiresFullScreen[sdk=macosx*]": "NO",
        "INFOPLIST_KEY_UISupportedInterfaceOrientations_iPad": " ".join(ALL_ORIENTATIONS),
        "INFOPLIST_KEY_UISupportedInterfaceOrientations_iPhone": "UIInterfaceOrientationLandscapeLeft UIInterfaceOrientationLandscapeRight"},
        synchronized=[sync])
    p.write(os.path.join(d, "GeneratedPlistApp.xcodeproj/project.pbxproj"))
    write(os.path.join(d, "Game/GameApp.swift"), """import SwiftUI

@main
struct GameApp: App {
    var body: some Scene {
        WindowGroup { GameView() }
    }
}

struct GameView: View {
    var body: some View {
        Text("Play").frame(maxWidth: .infinity, maxHeight: .infinity)
    }
}
""")
    write(os.path.join(d, "Game/Legacy/OldRenderer.swift"), """import UIKit

final class OldRenderer {
    func scale() -> CGFloat { UIScreen.main.scale }
}
""")


def swiftui_observation_app(root):
    """The situation of seed 003: a SwiftUI app using iOS 17 Observation APIs with an iOS 16
    deployment target; some uses are guarded."""
    d = os.path.join(root, "ObservationApp")
    p = Project("ObservationApp", dict(IOS, IPHONEOS_DEPLOYMENT_TARGET="16.0"))
    g = p.group("Sources")
    refs = [p.file(g, n) for n in ("ObservationApp.swift", "Store.swift", "ListView.swift")]
    p.target("ObservationApp", APP, {
        "GENERATE_INFOPLIST_FILE": "YES", "INFOPLIST_KEY_UIApplicationSceneManifest_Generation": "YES",
        "INFOPLIST_KEY_UILaunchScreen_Generation": "YES", "TARGETED_DEVICE_FAMILY": "1"}, sources=refs)
    p.write(os.path.join(d, "ObservationApp.xcodeproj/project.pbxproj"))
    write(os.path.join(d, "Sources/ObservationApp.swift"), """import SwiftUI

@main
struct ObservationApp: App {
    @State private var store = Store()

    var body: some Scene {
        WindowGroup {
            ListView().environment(store)
        }
    }
}
""")
    write(os.path.join(d, "Sources/Store.swift"), """import Observation
import SwiftUI

@Observable
final class Store {
    var items: [String] = []
    var selection: String?
}

@available(iOS 17, *)
@Observable
final class Preferences {
    var compact = false
}
""")
    write(os.path.join(d, "Sources/ListView.swift"), """import SwiftUI

struct ListView: View {
    @Environment(Store.self) private var store

    var body: some View {
        List(store.items, id: \\.self) { Text($0) }
            .overlay {
                if store.items.isEmpty {
                    ContentUnavailableView("Nothing yet", systemImage: "tray")
                }
            }
            .onChange(of: store.selection) { old, new in
                print(old ?? "", new ?? "")
            }
    }

    @ViewBuilder var guarded: some View {
        if #available(iOS 17.0, *) {
            ContentUnavailableView("Guarded", systemImage: "checkmark")
        }
    }
}
""")


def library(root):
    """A library only: a Swift package for iOS 15 and no app target."""
    d = os.path.join(root, "ScreenKit")
    write(os.path.join(d, "Package.swift"), library_package("ScreenKit", ".iOS(.v15), .macOS(.v12)"))
    write(os.path.join(d, "Sources/ScreenKit/Metrics.swift"), """import UIKit

public enum Metrics {
    public static func hairline(for view: UIView) -> CGFloat { 1 / view.traitCollection.displayScale }

    @available(iOS 17.0, *)
    public static func observe(_ view: UIView) {
        view.registerForTraitChanges([UITraitDisplayScale.self]) { (_: UIView, _) in }
    }

    public static func legacyObserve(_ view: UIView) {
        view.registerForTraitChanges([UITraitDisplayScale.self]) { (_: UIView, _) in }
    }
}
""")


SCENE_MANIFEST = scene_manifest(multiple=True)


def multi_platform_app(root):
    """One project, five app platforms: iOS (with Mac Catalyst), tvOS, watchOS, macOS (AppKit)
    and visionOS, each app with its own Info.plist and scene names; an xcconfig chain that sets
    the iOS deployment target through a variable; a framework for iOS and tvOS whose code has
    `#if os(tvOS)`, `TARGET_OS_*` and repository-macro branches; and unit tests."""
    d = os.path.join(root, "MultiPlatformApp")
    p = Project("MultiPlatformApp", {})
    config = p.group("Config")
    base = p.file(config, "App.xcconfig")
    app = p.group("App")
    app_refs = [p.file(app, n) for n in ("AppDelegate.swift", "SceneDelegate.swift", "FeedViewController.swift")]
    tv = p.group("TV")
    tv_refs = [p.file(tv, n) for n in ("TVAppDelegate.m", "TVSceneDelegate.m")]
    watch = p.group("Watch")
    watch_refs = [p.file(watch, "WatchView.swift")]
    mac = p.group("Mac")
    mac_refs = [p.file(mac, "MacWindowController.swift")]
    vision = p.group("Vision")
    vision_refs = [p.file(vision, "VisionAppDelegate.swift")]
    core = p.group("Core")
    core_refs = [p.file(core, n) for n in ("Layout.swift", "Platform.h", "Legacy.m")]
    tests = p.group("Tests")
    test_refs = [p.file(tests, "PlayerTests.swift")]
    # One file the iOS, tvOS and watchOS apps all compile; its screen read is iOS-only.
    shared = p.group("Shared")
    shared_refs = [p.file(shared, "Theme.swift")]
    app_refs += shared_refs
    tv_refs += shared_refs
    watch_refs += shared_refs
    p.target("Player", APP, {"INFOPLIST_FILE": "App/Info.plist", "SDKROOT": "iphoneos", "SUPPORTS_MACCATALYST": "YES",
                             "TARGETED_DEVICE_FAMILY": "1,2", "IPHONEOS_DEPLOYMENT_TARGET": "$(inherited)"},
             sources=app_refs, base=base)
    p.target("PlayerTV", APP, {"INFOPLIST_FILE": "TV/Info.plist", "SDKROOT": "appletvos", "TVOS_DEPLOYMENT_TARGET": "15.0"}, sources=tv_refs)
    p.target("PlayerWatch", APP, {"INFOPLIST_FILE": "Watch/Info.plist", "SDKROOT": "watchos"}, sources=watch_refs)
    # The Mac app's SDK comes from an xcconfig in a synchronized folder, named the Xcode 16 way.
    mac_config = p.synchronized("MacConfig")
    p.target("PlayerMac", APP, {"INFOPLIST_FILE": "Mac/Info.plist"}, sources=mac_refs, anchor=(mac_config, "Mac.xcconfig"))
    p.target("PlayerVision", APP, {"INFOPLIST_FILE": "Vision/Info.plist", "SDKROOT": "xros"}, sources=vision_refs)
    p.target("PlayerCore", FRAMEWORK, {"SDKROOT": "auto", "SUPPORTED_PLATFORMS": "iphoneos iphonesimulator appletvos appletvsimulator",
                                       "INFOPLIST_FILE": "Core/Info.plist"}, sources=core_refs, base=base)
    p.target("PlayerTests", TESTS, {"SDKROOT": "iphoneos", "GENERATE_INFOPLIST_FILE": "YES", "TEST_HOST": "$(BUILT_PRODUCTS_DIR)/Player.app/Player"}, sources=test_refs, base=base)
    p.write(os.path.join(d, "MultiPlatformApp.xcodeproj/project.pbxproj"))
    write(os.path.join(d, "Config/App.xcconfig"), '// The deployment target comes from the shared file, through a variable.\n#include "Shared.xcconfig"\n#include? "Local.xcconfig"\nIPHONEOS_DEPLOYMENT_TARGET = $(PLAYER_MIN_IOS)\n')
    write(os.path.join(d, "MacConfig/Mac.xcconfig"), "// A trailing semicolon, as some projects write it.\nSDKROOT = macosx;\n")
    write(os.path.join(d, "Config/Shared.xcconfig"), "PLAYER_MIN_IOS = 15.0\nPLAYER_MIN_IOS[sdk=macosx*] = 11.0\n")
    plist(os.path.join(d, "App/Info.plist"), {"LSRequiresIPhoneOS": True, "UIApplicationSceneManifest": SCENE_MANIFEST,
                                              "UILaunchScreen": {}, "UISupportedInterfaceOrientations": ALL_ORIENTATIONS,
                                              "UISupportedInterfaceOrientations~ipad": ALL_ORIENTATIONS})
    plist(os.path.join(d, "TV/Info.plist"), {"UIApplicationSceneManifest": scene_manifest("TVSceneDelegate", name="TVDefaultScene")})
    plist(os.path.join(d, "Watch/Info.plist"), {"WKApplication": True})
    plist(os.path.join(d, "Mac/Info.plist"), {"NSPrincipalClass": "NSApplication"})
    plist(os.path.join(d, "Vision/Info.plist"), {"CFBundleIdentifier": "com.example.player.vision"})
    plist(os.path.join(d, "Core/Info.plist"), {"CFBundleIdentifier": "com.example.PlayerCore"})
    write(os.path.join(d, "App/AppDelegate.swift"), """import UIKit

@main
class AppDelegate: UIResponder, UIApplicationDelegate {
    func application(_ application: UIApplication, configurationForConnecting session: UISceneSession,
                     options: UIScene.ConnectionOptions) -> UISceneConfiguration {
        UISceneConfiguration(name: "Default Configuration", sessionRole: session.role)
    }
}
""")
    write(os.path.join(d, "App/SceneDelegate.swift"), """import UIKit

class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        guard let windowScene = scene as? UIWindowScene else { return }
        window = UIWindow(windowScene: windowScene)
        window?.makeKeyAndVisible()
    }
}
""")
    write(os.path.join(d, "App/FeedViewController.swift"), """import UIKit

class FeedViewController: UIViewController {
    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let width = UIScreen.main.bounds.width
        preferredContentSize.width = width
    }
}
""")
    write(os.path.join(d, "TV/TVAppDelegate.m"), """#import <UIKit/UIKit.h>

@interface TVAppDelegate : UIResponder <UIApplicationDelegate>
@end

@implementation TVAppDelegate
- (UISceneConfiguration *)application:(UIApplication *)application configurationForConnectingSceneSession:(UISceneSession *)session options:(UISceneConnectionOptions *)options {
    return [[UISceneConfiguration alloc] initWithName:@"TVDefaultScene" sessionRole:session.role];
}
@end
""")
    write(os.path.join(d, "TV/TVSceneDelegate.m"), """#import <UIKit/UIKit.h>

@interface TVSceneDelegate : UIResponder <UIWindowSceneDelegate>
@property (strong, nonatomic) UIWindow *window;
@end

@implementation TVSceneDelegate
- (void)layout {
    // tvOS only: a fixed-size screen, out of the resizing rules.
    CGRect frame = [UIScreen mainScreen].bounds;
    NSLog(@"%@", NSStringFromCGRect(frame));
}
@end
""")
    write(os.path.join(d, "Watch/WatchView.swift"), """import SwiftUI

struct WatchView: View {
    var body: some View { Text("\\(WKInterfaceDevice.current().screenBounds.width)") }
    func legacy() -> CGFloat { UIScreen.main.bounds.width }
}
""")
    write(os.path.join(d, "Mac/MacWindowController.swift"), """import AppKit

final class MacWindowController: NSWindowController {
    func size() -> CGFloat { UIScreen.main.scale }
}
""")
    write(os.path.join(d, "Vision/VisionAppDelegate.swift"), """import UIKit

@main
class VisionAppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
    func layoutWidth() -> CGFloat { UIScreen.main.bounds.width }
}
""")
    write(os.path.join(d, "Core/Layout.swift"), """import UIKit

public enum Layout {
    public static func scale(of view: UIView) -> CGFloat {
        #if os(tvOS)
        return UIScreen.main.scale
        #elseif os(iOS)
        return UIScreen.main.nativeScale
        #else
        return view.traitCollection.displayScale
        #endif
    }

    public static func idiomCheck() -> Bool {
        #if canImport(UIKit) && !os(tvOS)
        return UIDevice.current.userInterfaceIdiom == .pad
        #else
        return false
        #endif
    }
}
""")
    write(os.path.join(d, "Core/Platform.h"), """#import <TargetConditionals.h>

#define PC_TV (TARGET_OS_TV)
#define PC_PHONE (TARGET_OS_IOS && !PC_TV)
""")
    write(os.path.join(d, "Core/Legacy.m"), """#import <UIKit/UIKit.h>
#import "Platform.h"

CGFloat PCScreenHeight(void) {
#if PC_TV
    return [UIScreen mainScreen].bounds.size.height;
#elif PC_PHONE
    return [UIScreen mainScreen].bounds.size.width;
#endif
    return 0;
}

CGFloat PCVisionScale(void) {
#if TARGET_OS_VISION
    return [UIScreen mainScreen].scale;
#elif TARGET_OS_WATCH
    return [UIScreen mainScreen].nativeScale;
#else
    return 2;
#endif
}

#ifdef DEBUG
static CGFloat PCDebugWidth(void) { return [UIScreen mainScreen].bounds.size.width; }
#endif
""")
    write(os.path.join(d, "Tests/PlayerTests.swift"), """import XCTest

final class PlayerTests: XCTestCase {
    func testWindow() {
        let window = UIWindow(frame: .zero)
        XCTAssertNotNil(window)
    }
}
""")
    write(os.path.join(d, "Shared/Theme.swift"), """import UIKit

enum Theme {
    #if os(iOS)
    static var columns: Int { UIScreen.main.bounds.width > 700 ? 3 : 1 }
    #endif
}
""")


# A demo app's Objective-C app delegate as Xcode wrote it before scenes: one window, sized to the screen.
PRE_SCENE_APP_DELEGATE = """#import <UIKit/UIKit.h>

@interface AppDelegate : UIResponder <UIApplicationDelegate>
@property (strong, nonatomic) UIWindow *window;
@end

@implementation AppDelegate
- (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
    self.window = [[UIWindow alloc] initWithFrame:[UIScreen mainScreen].bounds];
    [self.window makeKeyAndVisible];
    return YES;
}
@end
"""


def library_with_demo(root):
    """A library repository: a framework, a demo app that never adopted scenes, and tests.
    The library is judged by its own code; the demo app is listed apart. A second demo app
    shares the framework's Info.plist (`FMWK`, after Pulley's PulleyDemo): named as a demo, it is
    an example, not a leftover harness."""
    d = os.path.join(root, "DemoLibrary")
    p = Project("DemoLibrary", dict(IOS, IPHONEOS_DEPLOYMENT_TARGET="13.0"))
    kit = p.group("Kit")
    kit_refs = [p.file(kit, "Spinner.m")]
    demo = p.group("Demo")
    demo_refs = [p.file(demo, n) for n in ("AppDelegate.m", "DemoViewController.m")]
    tests = p.group("KitTests")
    test_refs = [p.file(tests, "SpinnerTests.m")]
    p.target("Kit", FRAMEWORK, {"INFOPLIST_FILE": "Kit/Info.plist"}, sources=kit_refs)
    p.target("KitDemo", APP, {"INFOPLIST_FILE": "Demo/Info.plist", "TARGETED_DEVICE_FAMILY": "1"}, sources=demo_refs)
    p.target("KitTests", TESTS, {"INFOPLIST_FILE": "KitTests/Info.plist", "TEST_HOST": "$(BUILT_PRODUCTS_DIR)/KitDemo.app/KitDemo"}, sources=test_refs)
    p.target("SpinnerDemo", APP, {"INFOPLIST_FILE": "Kit/Info.plist"}, sources=[])
    p.write(os.path.join(d, "DemoLibrary.xcodeproj/project.pbxproj"))
    write(os.path.join(d, "Kit.podspec"), "Pod::Spec.new do |s|\n  s.name = 'Kit'\n  s.source_files = 'Kit/*.{h,m}'\nend\n")
    plist(os.path.join(d, "Kit/Info.plist"), {"CFBundleIdentifier": "com.example.Kit", "CFBundlePackageType": "FMWK"})
    plist(os.path.join(d, "Demo/Info.plist"), {"LSRequiresIPhoneOS": True, "UILaunchStoryboardName": "LaunchScreen"})
    plist(os.path.join(d, "KitTests/Info.plist"), {"CFBundleIdentifier": "com.example.KitTests"})
    write(os.path.join(d, "Kit/Spinner.m"), """#import <UIKit/UIKit.h>

@interface Spinner : UIView
@end

@implementation Spinner
- (void)layoutSubviews {
    [super layoutSubviews];
    CGFloat scale = [UIScreen mainScreen].scale;
    self.layer.borderWidth = 1 / scale;
}
@end
""")
    write(os.path.join(d, "Demo/AppDelegate.m"), PRE_SCENE_APP_DELEGATE)
    write(os.path.join(d, "Demo/DemoViewController.m"), """#import <UIKit/UIKit.h>

@interface DemoViewController : UIViewController
@end

@implementation DemoViewController
- (void)viewDidLoad {
    [super viewDidLoad];
    if ([UIDevice currentDevice].userInterfaceIdiom == UIUserInterfaceIdiomPad) { self.view.layoutMargins = UIEdgeInsetsMake(0, 40, 0, 40); }
}
@end
""")
    write(os.path.join(d, "KitTests/SpinnerTests.m"), """#import <XCTest/XCTest.h>

@interface SpinnerTests : XCTestCase
@end

@implementation SpinnerTests
- (void)testWindow {
    UIWindow *window = [[UIWindow alloc] initWithFrame:CGRectZero];
    XCTAssertNotNil(window);
}
@end
""")


def two_example_apps(root):
    """A library's two example apps in one project: one adopted scenes and implements
    sceneDidBecomeActive, the other's app delegate still does its work in
    applicationDidBecomeActive (MJRefresh's examples). Each app's scene delegate answers for its
    own app only: the second still loses its callback under scenes."""
    d = os.path.join(root, "TwoExampleApps")
    p = Project("Examples", dict(IOS, IPHONEOS_DEPLOYMENT_TARGET="13.0"))
    modern = p.group("Modern")
    modern_refs = [p.file(modern, n) for n in ("ModernAppDelegate.swift", "SceneDelegate.swift")]
    legacy = p.group("Legacy")
    legacy_refs = [p.file(legacy, "LegacyAppDelegate.m")]
    p.target("Modern", APP, {"INFOPLIST_FILE": "Modern/Info.plist", "PRODUCT_MODULE_NAME": "Modern"}, sources=modern_refs)
    p.target("Legacy", APP, {"INFOPLIST_FILE": "Legacy/Info.plist"}, sources=legacy_refs)
    p.write(os.path.join(d, "Examples.xcodeproj/project.pbxproj"))
    plist(os.path.join(d, "Modern/Info.plist"), {
        "UIApplicationSceneManifest": scene_manifest("$(PRODUCT_MODULE_NAME).SceneDelegate", multiple=False),
        "UILaunchScreen": {}, "LSRequiresIPhoneOS": True})
    plist(os.path.join(d, "Legacy/Info.plist"), {"LSRequiresIPhoneOS": True, "UILaunchStoryboardName": "LaunchScreen", "UIMainStoryboardFile": "Main"})
    write(os.path.join(d, "Modern/ModernAppDelegate.swift"), """import UIKit

@main
final class ModernAppDelegate: UIResponder, UIApplicationDelegate {
}
""")
    write(os.path.join(d, "Modern/SceneDelegate.swift"), """import UIKit

final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

    func sceneDidBecomeActive(_ scene: UIScene) {
        Analytics.shared.resume()
    }
}
""")
    write(os.path.join(d, "Legacy/LegacyAppDelegate.m"), """#import <UIKit/UIKit.h>

@interface LegacyAppDelegate : UIResponder <UIApplicationDelegate>
@property (strong, nonatomic) UIWindow *window;
@end

@implementation LegacyAppDelegate
- (void)applicationDidBecomeActive:(UIApplication *)application {
    [Overlay show];
}
@end
""")


def pod_built_by_its_demo(root):
    """A pod whose only project builds its sources into the demo app (issue 29, after
    JSQMessagesViewController): no framework target; the podspec's source_files name what the
    repository ships. That code is the library and decides the stage; the demo's own code and
    Info.plist are the example's."""
    d = os.path.join(root, "PodBuiltByDemo")
    write(os.path.join(d, "ChatKit.podspec"), "Pod::Spec.new do |s|\n  s.name = 'ChatKit'\n  # the library, not the demo\n"
          "  s.source_files = 'ChatKit/**/*.{h,m}'\n  s.resources = ['ChatKit/Assets/ChatKit.bundle']\nend\n")
    p = Project("ChatKit", dict(IOS, IPHONEOS_DEPLOYMENT_TARGET="12.0"))
    kit = p.group("ChatKit")
    views = p.group("ChatKit/Views")
    demo = p.group("ChatDemo")
    kit_refs = [p.file(kit, "ChatViewController.m"), p.file(views, "BubbleView.m")]
    demo_refs = [p.file(demo, "AppDelegate.m")]
    p.target("ChatKit", APP, {"INFOPLIST_FILE": "ChatDemo/Info.plist", "TARGETED_DEVICE_FAMILY": "1,2"}, sources=kit_refs + demo_refs)
    p.write(os.path.join(d, "ChatKit.xcodeproj/project.pbxproj"))
    plist(os.path.join(d, "ChatDemo/Info.plist"), {"LSRequiresIPhoneOS": True, "UILaunchStoryboardName": "LaunchScreen"})
    write(os.path.join(d, "ChatKit/ChatViewController.m"), """#import <UIKit/UIKit.h>

@interface ChatViewController : UIViewController
@end

@implementation ChatViewController
- (void)viewDidLayoutSubviews {
    [super viewDidLayoutSubviews];
    if ([UIDevice currentDevice].userInterfaceIdiom == UIUserInterfaceIdiomPad) { self.view.layoutMargins = UIEdgeInsetsMake(0, 40, 0, 40); }
}
@end
""")
    write(os.path.join(d, "ChatKit/Views/BubbleView.m"), """#import <UIKit/UIKit.h>

@interface BubbleView : UIView
@end

@implementation BubbleView
- (void)layoutSubviews {
    [super layoutSubviews];
    self.layer.borderWidth = 1 / [UIScreen mainScreen].scale;
}
@end
""")
    write(os.path.join(d, "ChatDemo/AppDelegate.m"), PRE_SCENE_APP_DELEGATE)


def examples_library(root):
    """A library laid out with many example apps (issue 29, after Texture): a framework at the
    root with a test host under Tests/, example apps under examples/ and examples_extra/ in
    projects that are all called Sample, and a launch smoke test under smoke-tests/. The
    repository is a library that launches; its examples and tests never lower it, and each
    Sample is its own target, named with its project."""
    d = os.path.join(root, "ExamplesLibrary")
    write(os.path.join(d, "Kit.podspec"), "Pod::Spec.new do |s|\n  s.name = 'Kit'\n  s.source_files = 'Source/*.{h,m}'\nend\n")
    p = Project("Kit", dict(IOS, IPHONEOS_DEPLOYMENT_TARGET="14.0"))
    source = p.group("Source")
    host = p.group("Tests/TestHost")
    tests = p.group("Tests")
    p.target("Kit", FRAMEWORK, {"INFOPLIST_FILE": "Source/Info.plist"}, sources=[p.file(source, "KitNode.m")])
    p.target("TestHost", APP, {"INFOPLIST_FILE": "Tests/TestHost/Info.plist"}, sources=[p.file(host, "HostAppDelegate.m")])
    p.target("KitTests", TESTS, {"INFOPLIST_FILE": "Tests/Info.plist", "TEST_HOST": "$(BUILT_PRODUCTS_DIR)/TestHost.app/TestHost"}, sources=[p.file(tests, "KitNodeTests.m")])
    p.write(os.path.join(d, "Kit.xcodeproj/project.pbxproj"))
    plist(os.path.join(d, "Source/Info.plist"), {"CFBundleIdentifier": "org.example.Kit"})
    plist(os.path.join(d, "Tests/Info.plist"), {"CFBundleIdentifier": "org.example.KitTests"})
    write(os.path.join(d, "Source/KitNode.m"), """#import <UIKit/UIKit.h>

@interface KitNode : UIView
@end

@implementation KitNode
- (void)layoutSubviews {
    [super layoutSubviews];
    self.layer.borderWidth = 1 / [UIScreen mainScreen].scale;
}
@end
""")
    write(os.path.join(d, "Tests/KitNodeTests.m"), """#import <XCTest/XCTest.h>

@interface KitNodeTests : XCTestCase
@end

@implementation KitNodeTests
- (void)tearDown {
    for (UIWindow *window in [UIApplication sharedApplication].windows) {
        window.hidden = YES;
    }
}
- (void)testLayout {
    UIWindow *window = [[UIWindow alloc] initWithFrame:[[UIScreen mainScreen] bounds]];
    XCTAssertNotNil(window);
}
@end
""")
    legacy_app_delegate = """#import <UIKit/UIKit.h>

@interface %s : UIResponder <UIApplicationDelegate>
@property (strong, nonatomic) UIWindow *window;
@end

@implementation %s
- (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
    self.window = [[UIWindow alloc] initWithFrame:[UIScreen mainScreen].bounds];
    self.window.rootViewController = [UIViewController new];
    [self.window makeKeyAndVisible];
    return YES;
}
@end
"""
    legacy_plist = {"LSRequiresIPhoneOS": True, "UILaunchStoryboardName": "LaunchScreen"}
    write(os.path.join(d, "Tests/TestHost/HostAppDelegate.m"), legacy_app_delegate % ("HostAppDelegate", "HostAppDelegate"))
    plist(os.path.join(d, "Tests/TestHost/Info.plist"), legacy_plist)
    for folder in ("examples/Gallery", "examples_extra/Feed", "smoke-tests/Launch"):
        name = "Launch" if folder.startswith("smoke") else "Sample"
        e = Project(name, dict(IOS, IPHONEOS_DEPLOYMENT_TARGET="12.0"))
        group = e.group("Sample")
        e.target(name, APP, {"INFOPLIST_FILE": "Sample/Info.plist"}, sources=[e.file(group, "AppDelegate.m")])
        e.write(os.path.join(d, folder, name + ".xcodeproj/project.pbxproj"))
        write(os.path.join(d, folder, "Sample/AppDelegate.m"), legacy_app_delegate % ("AppDelegate", "AppDelegate"))
        plist(os.path.join(d, folder, "Sample/Info.plist"), legacy_plist)


# Sources and Info.plists the scope fixtures below share.
SCALED_VIEW = """#import <UIKit/UIKit.h>

@interface %s : UIView
@end

@implementation %s
- (void)layoutSubviews {
    [super layoutSubviews];
    self.layer.borderWidth = 1 / [UIScreen mainScreen].scale;
}
@end
"""
IDIOM_CONTROLLER = """#import <UIKit/UIKit.h>

@interface %s : UIViewController
@end

@implementation %s
- (void)viewDidLayoutSubviews {
    [super viewDidLayoutSubviews];
    if ([UIDevice currentDevice].userInterfaceIdiom == UIUserInterfaceIdiomPad) { self.view.layoutMargins = UIEdgeInsetsMake(0, 40, 0, 40); }
}
@end
"""
PLAIN_CONTROLLER = """#import <UIKit/UIKit.h>

@interface %s : UIViewController
@end

@implementation %s
- (void)viewDidLoad {
    [super viewDidLoad];
    self.title = @"%s";
}
@end
"""
SCENE_DELEGATE = """#import <UIKit/UIKit.h>

@interface SceneDelegate : UIResponder <UIWindowSceneDelegate>
@property (strong, nonatomic) UIWindow *window;
@end

@implementation SceneDelegate
- (void)scene:(UIScene *)scene willConnectToSession:(UISceneSession *)session options:(UISceneConnectionOptions *)connectionOptions {
    self.window = [[UIWindow alloc] initWithWindowScene:(UIWindowScene *)scene];
    [self.window makeKeyAndVisible];
}
@end
"""
OCUNIT_TEST = """#import <SenTestingKit/SenTestingKit.h>

@interface %s : SenTestCase
@end

@implementation %s
- (void)testWindow {
    UIWindow *window = [[UIWindow alloc] initWithFrame:CGRectZero];
    STAssertNotNil(window, nil);
}
@end
"""
LEGACY_PLIST = {"LSRequiresIPhoneOS": True, "UILaunchStoryboardName": "LaunchScreen"}
SCENE_PLIST = {"LSRequiresIPhoneOS": True, "UILaunchStoryboardName": "LaunchScreen",
               "UIApplicationSceneManifest": scene_manifest(multiple=False)}


def demo_named_after_library(root):
    """A library whose demo app bears its name (after TZImagePickerController): Picker.podspec and
    a root Package.swift ship Picker/Core; the app target `Picker` compiles that code itself plus
    an app delegate and one screen, and a `PickerFramework` target builds the same code. The
    library's code and its framework are the library, which decides the stage; the app is its
    demo, an example. The package's `Picker` target is a target of its own beside the app."""
    d = os.path.join(root, "DemoNamedAfterLibrary")
    write(os.path.join(d, "Picker.podspec"), "Pod::Spec.new do |s|\n  s.name = 'Picker'\n  s.source_files = \"Picker/Core/*.{h,m}\"\nend\n")
    write(os.path.join(d, "Package.swift"), """// swift-tools-version:5.3
import PackageDescription

let package = Package(
    name: "Picker",
    platforms: [.iOS(.v12)],
    products: [.library(name: "Picker", targets: ["Picker"])],
    targets: [.target(name: "Picker", path: "Picker/Core")]
)
""")
    p = Project("Picker", dict(IOS, IPHONEOS_DEPLOYMENT_TARGET="12.0"))
    core = p.group("Picker/Core")
    app = p.group("Picker")
    core_names = ("PickerView.m", "PickerController.m", "PickerCell.m")
    core_refs = [p.file(core, n) for n in core_names]
    app_refs = [p.file(app, n) for n in ("AppDelegate.m", "ViewController.m")]
    p.target("Picker", APP, {"INFOPLIST_FILE": "Picker/Info.plist", "TARGETED_DEVICE_FAMILY": "1"}, sources=core_refs + app_refs)
    p.target("PickerFramework", FRAMEWORK, {"INFOPLIST_FILE": "Picker/Core/Info.plist"}, sources=core_refs)
    p.write(os.path.join(d, "Picker.xcodeproj/project.pbxproj"))
    plist(os.path.join(d, "Picker/Info.plist"), LEGACY_PLIST)
    plist(os.path.join(d, "Picker/Core/Info.plist"), {"CFBundleIdentifier": "org.example.Picker"})
    write(os.path.join(d, "Picker/Core/PickerView.m"), SCALED_VIEW % ("PickerView", "PickerView"))
    write(os.path.join(d, "Picker/Core/PickerController.m"), IDIOM_CONTROLLER % ("PickerController", "PickerController"))
    write(os.path.join(d, "Picker/Core/PickerCell.m"), "#import <UIKit/UIKit.h>\n\n@interface PickerCell : UICollectionViewCell\n@end\n\n@implementation PickerCell\n@end\n")
    write(os.path.join(d, "Picker/AppDelegate.m"), PRE_SCENE_APP_DELEGATE)
    write(os.path.join(d, "Picker/ViewController.m"), PLAIN_CONTROLLER % ("ViewController", "ViewController", "Picker"))


def app_with_own_frameworks(root):
    """An app repository with code of its own around it (after GitHawk's local pods): the app
    `Reader` builds many files of its own, one file of its framework `ReaderKit` (which a root
    Package.swift also declares) and a local pod's file under `Local Pods/`; an `Inspector`
    debugging app lives under `Tools/`. Nothing here is a library's demo or tooling: every
    target and all the code are the app's, and the Tools app counts as an app."""
    d = os.path.join(root, "AppWithOwnFrameworks")
    write(os.path.join(d, "Package.swift"), library_package("ReaderKit", ".iOS(.v15)", path="ReaderKit"))
    write(os.path.join(d, "Local Pods/Swipe/Swipe.podspec"), "Pod::Spec.new do |s|\n  s.name = 'Swipe'\n  s.source_files = 'Swipe/*.{h,m}'\nend\n")
    p = Project("Reader", dict(IOS, IPHONEOS_DEPLOYMENT_TARGET="15.0"))
    app = p.group("Reader")
    kit = p.group("ReaderKit")
    pod = p.group("Local Pods/Swipe/Swipe")
    own = [p.file(app, n) for n in ("AppDelegate.m", "SceneDelegate.m", "FeedViewController.m", "ArticleViewController.m", "SettingsViewController.m")]
    theme, layout = p.file(kit, "Theme.m"), p.file(kit, "Layout.m")
    swipe = p.file(pod, "SwipeCell.m")
    p.target("Reader", APP, {"INFOPLIST_FILE": "Reader/Info.plist", "TARGETED_DEVICE_FAMILY": "1"}, sources=own + [theme, swipe])
    p.target("ReaderKit", FRAMEWORK, {"INFOPLIST_FILE": "ReaderKit/Info.plist"}, sources=[theme, layout])
    # A leftover harness app whose Info.plist is the framework's (after blink's smartkeys): nobody's app.
    p.target("ReaderKitHarness", APP, {"INFOPLIST_FILE": "ReaderKit/Info.plist"}, sources=[layout])
    p.write(os.path.join(d, "Reader.xcodeproj/project.pbxproj"))
    plist(os.path.join(d, "Reader/Info.plist"), SCENE_PLIST)
    plist(os.path.join(d, "ReaderKit/Info.plist"), {"CFBundleIdentifier": "org.example.ReaderKit", "CFBundlePackageType": "FMWK"})
    write(os.path.join(d, "Reader/AppDelegate.m"), "#import <UIKit/UIKit.h>\n\n@interface AppDelegate : UIResponder <UIApplicationDelegate>\n@end\n\n@implementation AppDelegate\n@end\n")
    write(os.path.join(d, "Reader/SceneDelegate.m"), SCENE_DELEGATE)
    write(os.path.join(d, "Reader/FeedViewController.m"), IDIOM_CONTROLLER % ("FeedViewController", "FeedViewController"))
    for name in ("ArticleViewController", "SettingsViewController"):
        write(os.path.join(d, "Reader", name + ".m"), PLAIN_CONTROLLER % (name, name, name))
    write(os.path.join(d, "ReaderKit/Theme.m"), SCALED_VIEW % ("ThemeView", "ThemeView"))
    write(os.path.join(d, "ReaderKit/Layout.m"), "#import <UIKit/UIKit.h>\n\nCGFloat ReaderGutter(CGFloat width) { return width > 600 ? 40 : 16; }\n")
    write(os.path.join(d, "Local Pods/Swipe/Swipe/SwipeCell.m"), SCALED_VIEW % ("SwipeCell", "SwipeCell"))
    t = Project("Inspector", dict(IOS, IPHONEOS_DEPLOYMENT_TARGET="15.0"))
    t.target("Inspector", APP, {"INFOPLIST_FILE": "Inspector/Info.plist"}, sources=[t.file(t.group("Inspector"), "AppDelegate.m")])
    t.write(os.path.join(d, "Tools/Inspector/Inspector.xcodeproj/project.pbxproj"))
    plist(os.path.join(d, "Tools/Inspector/Inspector/Info.plist"), LEGACY_PLIST)
    write(os.path.join(d, "Tools/Inspector/Inspector/AppDelegate.m"), PRE_SCENE_APP_DELEGATE)


def tooling_library(root):
    """A library with tooling apps (after lottie-ios): a Swift package and a framework project
    build `Sources/`; a Carthage integration check under script/test-carthage/ and a binary-size
    measurement under script/SizeTest/ are application targets that never adopted scenes. They
    are tests of how the library builds, not apps it ships: the repository is a library that
    launches, and the framework and the package are the library's. A Messages extension that
    previews the library in the framework's project is an example, as a demo app would be."""
    d = os.path.join(root, "ToolingLibrary")
    write(os.path.join(d, "Package.swift"), library_package("Anim", ".iOS(.v13), .macOS(.v10_15)", path="Sources"))
    p = Project("Anim", dict(IOS, IPHONEOS_DEPLOYMENT_TARGET="13.0"))
    p.target("Anim", FRAMEWORK, {}, sources=[p.file(p.group("Sources"), "AnimationView.swift")])
    p.target("PreviewWidget", EXTENSION, {"INFOPLIST_FILE": "Preview/Info.plist"}, sources=[p.file(p.group("Preview"), "WidgetView.swift")])
    p.write(os.path.join(d, "Anim.xcodeproj/project.pbxproj"))
    plist(os.path.join(d, "Preview/Info.plist"), {"NSExtension": {"NSExtensionPointIdentifier": "com.apple.message-payload-provider"}})
    write(os.path.join(d, "Sources/AnimationView.swift"), """import UIKit

public final class AnimationView: UIView {
    public override func layoutSubviews() {
        super.layoutSubviews()
        layer.contentsScale = UIScreen.main.scale
    }
}
""")
    write(os.path.join(d, "Preview/WidgetView.swift"), """import UIKit

final class WidgetView: UIView {
    override func layoutSubviews() {
        super.layoutSubviews()
        layer.borderWidth = 1 / UIScreen.main.scale
    }
}
""")
    for folder, name in (("script/test-carthage", "CarthageTest"), ("script/SizeTest", "SizeTest")):
        t = Project(name, dict(IOS, IPHONEOS_DEPLOYMENT_TARGET="13.0"))
        t.target(name, APP, {"INFOPLIST_FILE": name + "/Info.plist"}, sources=[t.file(t.group(name), "AppDelegate.swift")])
        t.write(os.path.join(d, folder, name + ".xcodeproj/project.pbxproj"))
        plist(os.path.join(d, folder, name, "Info.plist"), LEGACY_PLIST)
        write(os.path.join(d, folder, name, "AppDelegate.swift"), """import Anim
import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        window = UIWindow(frame: UIScreen.main.bounds)
        window?.rootViewController = UIViewController()
        window?.makeKeyAndVisible()
        return true
    }
}
""")


def harness_library(root):
    """A library whose repository also holds apps nobody ships (after Capacitor, cordova-ios,
    RevenueCat and the Facebook SDK): a podspec and a framework under ios/Kit, the framework's
    test host named as one (`KitTestsHostApp`), the app template users start from
    (`ios-template/App`), an app the tool's own tests build (`tests/spec/fixtures/config/App`,
    a lowercase `tests/`), and a harness named as one (`Apps/PaywallsTester`). None of them is
    the repository's app: it is a library that launches, the framework is its library, the
    template an example, the rest tests."""
    d = os.path.join(root, "HarnessLibrary")
    write(os.path.join(d, "Kit.podspec"), "Pod::Spec.new do |s|\n  s.name = 'Kit'\n  s.source_files = 'ios/Kit/Kit/*.swift'\nend\n")
    p = Project("Kit", dict(IOS, IPHONEOS_DEPLOYMENT_TARGET="14.0"))
    p.target("Kit", FRAMEWORK, {"INFOPLIST_FILE": "Kit/Info.plist"}, sources=[p.file(p.group("Kit"), "Bridge.swift")])
    p.target("KitTestsHostApp", APP, {"INFOPLIST_FILE": "TestsHostApp/Info.plist"}, sources=[p.file(p.group("TestsHostApp"), "AppDelegate.swift")])
    # The tests' own framework of mocks (Datadog's `TestUtilities`, with a podspec of its own): test
    # code, whatever its product.
    write(os.path.join(d, "KitTestSupport.podspec"), "Pod::Spec.new do |s|\n  s.name = 'KitTestSupport'\n  s.source_files = 'ios/Kit/TestSupport/*.swift'\nend\n")
    p.target("KitTestSupport", FRAMEWORK, {}, sources=[p.file(p.group("TestSupport"), "MockHost.swift")])
    p.write(os.path.join(d, "ios/Kit/Kit.xcodeproj/project.pbxproj"))
    write(os.path.join(d, "ios/Kit/TestSupport/MockHost.swift"), """import UIKit

public enum MockHost {
    public static func makeWindow() -> UIWindow {
        UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    }
}
""")
    # A catalog of screens built as a framework for the benchmarks under a tests folder (Datadog's
    # `BenchmarkTests/CatalogUIKit`): the benchmarks' code.
    c = Project("Benchmarks", dict(IOS, IPHONEOS_DEPLOYMENT_TARGET="14.0"))
    c.target("CatalogUIKit", FRAMEWORK, {}, sources=[c.file(c.group("CatalogUIKit"), "CatalogView.swift")])
    c.write(os.path.join(d, "BenchmarkTests/Benchmarks.xcodeproj/project.pbxproj"))
    write(os.path.join(d, "BenchmarkTests/CatalogUIKit/CatalogView.swift"), """import UIKit

final class CatalogView: UIView {
    override func layoutSubviews() {
        super.layoutSubviews()
        frame.size.width = UIScreen.main.bounds.width
    }
}
""")
    plist(os.path.join(d, "ios/Kit/Kit/Info.plist"), {"CFBundleIdentifier": "org.example.Kit"})
    write(os.path.join(d, "ios/Kit/Kit/Bridge.swift"), """import UIKit

public final class BridgeView: UIView {
    public override func layoutSubviews() {
        super.layoutSubviews()
        layer.borderWidth = 1 / UIScreen.main.scale
    }
}
""")
    app_delegate = """import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        return true
    }
}
"""
    write(os.path.join(d, "ios/Kit/TestsHostApp/AppDelegate.swift"), app_delegate)
    plist(os.path.join(d, "ios/Kit/TestsHostApp/Info.plist"), LEGACY_PLIST)
    for folder, name in (("ios-template/App", "App"), ("tests/spec/fixtures/config", "App"), ("Apps/PaywallsTester", "PaywallsTester")):
        a = Project(name, dict(IOS, IPHONEOS_DEPLOYMENT_TARGET="14.0"))
        group = a.group(name)
        files = ["AppDelegate.swift"] + (["PaywallViewController.swift"] if name == "PaywallsTester" else [])
        a.target(name, APP, {"INFOPLIST_FILE": name + "/Info.plist"}, sources=[a.file(group, n) for n in files])
        a.write(os.path.join(d, folder, name + ".xcodeproj/project.pbxproj"))
        plist(os.path.join(d, folder, name, "Info.plist"), LEGACY_PLIST)
        write(os.path.join(d, folder, name, "AppDelegate.swift"), app_delegate)
    # A macOS benchmark app (RxSwift's `Microoptimizations`) and an app under `TestProjects/` that
    # checks how the library installs (PinLayout's): neither makes the repository an app's.
    m = Project("Microbench", {"SDKROOT": "macosx", "MACOSX_DEPLOYMENT_TARGET": "12.0"})
    m.target("Microbench", APP, {"INFOPLIST_FILE": "Microbench/Info.plist"}, sources=[m.file(m.group("Microbench"), "main.swift")])
    m.write(os.path.join(d, "Microbench/Microbench.xcodeproj/project.pbxproj"))
    plist(os.path.join(d, "Microbench/Microbench/Info.plist"), {"CFBundleIdentifier": "org.example.Microbench"})
    write(os.path.join(d, "Microbench/Microbench/main.swift"), "print(\"bench\")\n")
    i = Project("KitPods", dict(IOS, IPHONEOS_DEPLOYMENT_TARGET="14.0"))
    i.target("KitPods", APP, {"INFOPLIST_FILE": "KitPods/Info.plist"}, sources=[i.file(i.group("KitPods"), "AppDelegate.swift")])
    i.write(os.path.join(d, "TestProjects/cocoapods/ios/KitPods.xcodeproj/project.pbxproj"))
    plist(os.path.join(d, "TestProjects/cocoapods/ios/KitPods/Info.plist"), LEGACY_PLIST)
    write(os.path.join(d, "TestProjects/cocoapods/ios/KitPods/AppDelegate.swift"), app_delegate)
    # The harness app's own screen: test scope, but app code, fixed as a view controller's.
    write(os.path.join(d, "Apps/PaywallsTester/PaywallsTester/PaywallViewController.swift"), """import UIKit

final class PaywallViewController: UIViewController {
    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        view.subviews.first?.frame.size.width = UIScreen.main.bounds.width
    }
}
""")
    # The template's own package of plugins: the template's, an example too.
    write(os.path.join(d, "ios-template/App/Plugins/Package.swift"), library_package("Plugins", ".iOS(.v14)", path="Sources"))
    write(os.path.join(d, "ios-template/App/Plugins/Sources/Plugins.swift"), "public enum Plugins {}\n")


def layered_deployments(root):
    """Deployment targets that differ by project (after GPUImage and the Composable Architecture):
    a framework project at iOS 9.0, an example app in a project of its own at iOS 12.0 with no
    scene manifest, and a catalog app whose project names no deployment target beside a root
    package at iOS 12. The example's plist advice speaks of its own 12.0, not the framework's
    9.0; the catalog builds for its SDK's newest (Xcode's default), so no API is above it. The
    example's INFOPLIST_FILE differs from its file's name in case only."""
    d = os.path.join(root, "LayeredDeployments")
    write(os.path.join(d, "Package.swift"), library_package("Kit", ".iOS(.v12)", path="framework/Source"))
    k = Project("Kit", dict(IOS, IPHONEOS_DEPLOYMENT_TARGET="9.0"))
    k.target("Kit", FRAMEWORK, {}, sources=[k.file(k.group("Source"), "Kit.swift")])
    k.write(os.path.join(d, "framework/Kit.xcodeproj/project.pbxproj"))
    write(os.path.join(d, "framework/Source/Kit.swift"), "public enum Kit {}\n")
    e = Project("Viewer", dict(IOS, IPHONEOS_DEPLOYMENT_TARGET="12.0"))
    # The setting names `info.plist`; the file is `Info.plist` (Iterable's ui-tests-app): Xcode on macOS finds it.
    e.target("Viewer", APP, {"INFOPLIST_FILE": "Viewer/info.plist"}, sources=[e.file(e.group("Viewer"), "AppDelegate.swift")])
    e.write(os.path.join(d, "examples/Viewer/Viewer.xcodeproj/project.pbxproj"))
    plist(os.path.join(d, "examples/Viewer/Viewer/Info.plist"), LEGACY_PLIST)
    write(os.path.join(d, "examples/Viewer/Viewer/AppDelegate.swift"), """import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
}
""")
    settings = dict(IOS)
    settings.pop("IPHONEOS_DEPLOYMENT_TARGET", None)
    c = Project("Catalog", settings)
    c.target("Catalog", APP, {"INFOPLIST_FILE": "Catalog/Info.plist"}, sources=[c.file(c.group("Catalog"), "Scenes.swift")])
    c.write(os.path.join(d, "examples/Catalog/Catalog.xcodeproj/project.pbxproj"))
    plist(os.path.join(d, "examples/Catalog/Catalog/Info.plist"), SCENE_PLIST)
    write(os.path.join(d, "examples/Catalog/Catalog/Scenes.swift"), """import UIKit

func sceneCount() -> Int { UIApplication.shared.connectedScenes.count }

final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?
}
""")


def tuist_helpers(root):
    """A Tuist project whose targets come from its own ProjectDescriptionHelpers (after Tuist's
    `tuist init` template and Blueprint's SampleApp): `.app(name:sources:)` and
    `.unitTests(for:suffix:)` return `.target(…)` calls built from their parameters, helper
    constants and a local name. Each call is the target the helper declares with its arguments:
    Shop (legacy Info.plist, sources by the default `Shop/Sources/**`), Kiosk (sources given,
    scenes adopted) and ShopTests."""
    d = os.path.join(root, "TuistHelpers")
    write(os.path.join(d, "Tuist/ProjectDescriptionHelpers/Project+Templates.swift"), """import ProjectDescription

public let appDestinations: Destinations = .iOS
public let appDeployment: DeploymentTargets = .iOS("15.0")

extension Target {
    public static func app(name: String, sources: SourceFilesList? = nil) -> Self {
        .target(
            name: name,
            destinations: appDestinations,
            product: .app,
            bundleId: "com.example.\\(name)",
            deploymentTargets: appDeployment,
            infoPlist: .file(path: "\\(name)/Info.plist"),
            sources: sources ?? "\\(name)/Sources/**"
        )
    }

    public static func unitTests(for module: String, suffix: String = "Tests") -> Self {
        let name = "\\(module)\\(suffix)"
        return .target(name: name, destinations: appDestinations, product: .unitTests, bundleId: "com.example.\\(name)", sources: "\\(name)/**")
    }
}
""")
    write(os.path.join(d, "Project.swift"), """import ProjectDescription
import ProjectDescriptionHelpers

let project = Project(
    name: "Shop",
    targets: [
        .app(name: "Shop"),
        .app(name: "Kiosk", sources: ["Kiosk/Code/**"]),
        .unitTests(for: "Shop"),
    ]
)
""")
    plist(os.path.join(d, "Shop/Info.plist"), LEGACY_PLIST)
    write(os.path.join(d, "Shop/Sources/AppDelegate.swift"), """import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
}
""")
    write(os.path.join(d, "Shop/Sources/Theme.swift"), """import UIKit

final class Hairline: UIView {
    override func layoutSubviews() {
        super.layoutSubviews()
        layer.borderWidth = 1 / UIScreen.main.scale
    }
}
""")
    plist(os.path.join(d, "Kiosk/Info.plist"), SCENE_PLIST)
    write(os.path.join(d, "Kiosk/Code/SceneDelegate.swift"), """import UIKit

final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?
}
""")
    write(os.path.join(d, "ShopTests/LayoutTests.swift"), """import XCTest

final class LayoutTests: XCTestCase {
    func testIdiom() {
        XCTAssertEqual(UIDevice.current.userInterfaceIdiom == .pad ? 2 : 1, 1)
    }
}
""")


def package_beside_project(root):
    """A library built both by an Xcode project and by Package.swift (after LayoutKit): the
    framework `Layout` and the package target `Layout` compile Sources/Layout; the test bundle
    `Layout Tests` and the package's `.testTarget(name: "LayoutTests")` compile Tests/LayoutTests.
    Each file names all the targets that build it, and the two `Layout`s are two targets. A plain
    package target under Tests/ builds the tests' resources (after SwifterSwift's): a test target."""
    d = os.path.join(root, "PackageBesideProject")
    write(os.path.join(d, "Package.swift"), """// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "Layout",
    platforms: [.iOS(.v14)],
    products: [.library(name: "Layout", targets: ["Layout"])],
    targets: [
        .target(name: "Layout"),
        .target(name: "LayoutTestResources", path: "Tests/Resources"),
        .testTarget(name: "LayoutTests", dependencies: ["Layout", "LayoutTestResources"]),
    ]
)
""")
    p = Project("Layout", dict(IOS, IPHONEOS_DEPLOYMENT_TARGET="14.0"))
    p.target("Layout", FRAMEWORK, {"INFOPLIST_FILE": "Sources/Layout/Info.plist"}, sources=[p.file(p.group("Sources/Layout"), "Grid.swift")])
    p.target("Layout Tests", TESTS, {"INFOPLIST_FILE": "Tests/LayoutTests/Info.plist", "TEST_HOST": "$(BUILT_PRODUCTS_DIR)/LayoutHost.app/LayoutHost"}, sources=[p.file(p.group("Tests/LayoutTests"), "GridTests.swift")])
    p.write(os.path.join(d, "Layout.xcodeproj/project.pbxproj"))
    plist(os.path.join(d, "Sources/Layout/Info.plist"), {"CFBundleIdentifier": "org.example.Layout"})
    plist(os.path.join(d, "Tests/LayoutTests/Info.plist"), {"CFBundleIdentifier": "org.example.LayoutTests"})
    write(os.path.join(d, "Sources/Layout/Grid.swift"), """import UIKit

public struct Grid {
    public static func columns() -> Int {
        UIScreen.main.bounds.width > 700 ? 3 : 2
    }
}
""")
    # A package for macOS alone that runs the linters: tooling, judged as tests are (openHAB's BuildTools).
    write(os.path.join(d, "BuildTools/Package.swift"), """// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "BuildTools",
    platforms: [.macOS(.v13)],
    targets: [.executableTarget(name: "Lint")]
)
""")
    write(os.path.join(d, "BuildTools/Sources/Lint/main.swift"), "print(\"lint\")\n")
    write(os.path.join(d, "Tests/Resources/Fixtures.swift"), "import Foundation\n\npublic enum Fixtures {\n    public static let bundle = Bundle.module\n}\n")
    write(os.path.join(d, "Tests/LayoutTests/GridTests.swift"), """import Layout
import UIKit
import XCTest

final class GridTests: XCTestCase {
    func testColumns() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        XCTAssertNotNil(window)
    }
}
""")


def legacy_test_bundles(root):
    """An app last opened in Xcode 4 (SenTestingKit): its test bundles are a
    `bundle.ocunit-test` target (`LedgerTests.octest`) and, as Xcode 4's template wrote them, a
    plain `bundle` with `WRAPPER_EXTENSION = octest` and a `TEST_HOST`. Both are tests; a
    resource bundle that builds code is not, and stays the app's."""
    d = os.path.join(root, "LegacyTestBundles")
    p = Project("Ledger", dict(IOS, IPHONEOS_DEPLOYMENT_TARGET="13.0"))
    p.target("Ledger", APP, {"INFOPLIST_FILE": "Ledger/Info.plist", "TARGETED_DEVICE_FAMILY": "1"},
             sources=[p.file(p.group("Ledger"), n) for n in ("AppDelegate.m", "SceneDelegate.m")])
    p.target("LedgerTests", OCUNIT_TESTS, {"INFOPLIST_FILE": "LedgerTests/Info.plist", "BUNDLE_LOADER": "$(BUILT_PRODUCTS_DIR)/Ledger.app/Ledger"},
             sources=[p.file(p.group("LedgerTests"), "LedgerTests.m")])
    loader = "$(BUILT_PRODUCTS_DIR)/Ledger.app/Ledger"
    p.target("LedgerSpecs", BUNDLE, {"INFOPLIST_FILE": "LedgerSpecs/Info.plist", "WRAPPER_EXTENSION": "octest",
                                     "BUNDLE_LOADER": loader, "TEST_HOST": "$(BUNDLE_LOADER)"},
             sources=[p.file(p.group("LedgerSpecs"), "LedgerSpecs.m")])
    p.target("LedgerResources", BUNDLE, {"INFOPLIST_FILE": "LedgerResources/Info.plist", "WRAPPER_EXTENSION": "bundle"},
             sources=[p.file(p.group("LedgerResources"), "ReceiptView.m")])
    p.write(os.path.join(d, "Ledger.xcodeproj/project.pbxproj"))
    plist(os.path.join(d, "Ledger/Info.plist"), SCENE_PLIST)
    write(os.path.join(d, "Ledger/AppDelegate.m"), "#import <UIKit/UIKit.h>\n\n@interface AppDelegate : UIResponder <UIApplicationDelegate>\n@end\n\n@implementation AppDelegate\n@end\n")
    write(os.path.join(d, "Ledger/SceneDelegate.m"), SCENE_DELEGATE)
    for name in ("LedgerTests", "LedgerSpecs", "LedgerResources"):
        plist(os.path.join(d, name, "Info.plist"), {"CFBundleIdentifier": "org.example." + name})
    write(os.path.join(d, "LedgerTests/LedgerTests.m"), OCUNIT_TEST % ("LedgerTests", "LedgerTests"))
    write(os.path.join(d, "LedgerSpecs/LedgerSpecs.m"), OCUNIT_TEST % ("LedgerSpecs", "LedgerSpecs"))
    write(os.path.join(d, "LedgerResources/ReceiptView.m"), SCALED_VIEW % ("ReceiptView", "ReceiptView"))


def xcodegen_app(root):
    """An XcodeGen project (project.yml with `include:`, no .xcodeproj committed): a UIKit app
    without a scene manifest whose Info.plist path comes from an xcconfig, beside a SwiftUI
    preview app whose `@main App` must not exempt it; a framework with `excludes`; tests."""
    d = os.path.join(root, "XcodeGenApp")
    write(os.path.join(d, "project.yml"), """name: Chat
options:
  deploymentTarget:
    iOS: "15.0"
configFiles:
  Release: Config/Project.xcconfig
include:
  - path: Chat/target.yml
  - path: Preview/target.yml
targets:
  ChatKit:
    type: framework
    platform: iOS
    sources:
      - path: ChatKit
        excludes:
          - "**/Generated/**"
  ChatTests:
    type: bundle.unit-test
    platform: iOS
    sources: [ChatTests]
""")
    write(os.path.join(d, "Config/Project.xcconfig"), "SWIFT_VERSION = 5.0\n")
    write(os.path.join(d, "Chat/target.yml"), """targets:
  Chat:
    type: application
    platform: iOS
    configFiles:
      Release: Chat.xcconfig
    sources:
      - path: .
        excludes:
          - "*.xcconfig"
""")
    write(os.path.join(d, "Chat/Chat.xcconfig"), "INFOPLIST_FILE = Chat/SupportingFiles/Info.plist\nTARGETED_DEVICE_FAMILY = 1\n")
    plist(os.path.join(d, "Chat/SupportingFiles/Info.plist"), {"LSRequiresIPhoneOS": True, "UILaunchStoryboardName": "LaunchScreen"})
    write(os.path.join(d, "Chat/AppDelegate.swift"), """import UIKit

@UIApplicationMain
class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        window = UIWindow(frame: UIScreen.main.bounds)
        window?.makeKeyAndVisible()
        return true
    }
}
""")
    write(os.path.join(d, "Preview/target.yml"), """targets:
  ChatPreview:
    type: application
    platform: iOS
    deploymentTarget: "17.0"
    sources: [.]
    info:
      path: Info.plist
      properties:
        UILaunchScreen: {}
        UIApplicationSceneManifest:
          UIApplicationSupportsMultipleScenes: false
""")
    write(os.path.join(d, "Preview/PreviewApp.swift"), """import SwiftUI

@main
struct PreviewApp: App {
    var body: some Scene { WindowGroup { Text("Preview") } }
}
""")
    write(os.path.join(d, "ChatKit/Bubble.swift"), """import UIKit

public final class Bubble: UIView {
    public override func layoutSubviews() {
        super.layoutSubviews()
        layer.cornerRadius = 4 * UIScreen.main.scale
    }
}
""")
    write(os.path.join(d, "ChatKit/Generated/Strings.swift"), """import UIKit

enum Strings {
    static func width(_ v: Int) -> CGFloat { UIScreen.main.bounds.width }
}
""")
    write(os.path.join(d, "ChatTests/ChatTests.swift"), "import XCTest\n\nfinal class ChatTests: XCTestCase {\n    func testWindow() { _ = UIWindow(frame: .zero) }\n}\n")


def tuist_app(root):
    """A Tuist project (Project.swift, read as text): an iOS app whose Info.plist extends
    Tuist's default (which has a scene manifest since Tuist 3, the `destinations:` era), an app
    whose dictionary adds one, an app of the `platform:` era on the default without one, and a
    framework."""
    d = os.path.join(root, "TuistApp")
    write(os.path.join(d, "Project.swift"), """import ProjectDescription

let project = Project(
    name: "Notes",
    targets: [
        .target(
            name: "Notes",
            destinations: [.iPhone, .iPad],
            product: .app,
            bundleId: "com.example.notes",
            deploymentTargets: .iOS("16.0"),
            infoPlist: .extendingDefault(with: ["UILaunchStoryboardName": "LaunchScreen"]),
            sources: ["Notes/Sources/**"],
            dependencies: [.target(name: "NotesKit")]
        ),
        .target(
            name: "NotesModern",
            destinations: .iOS,
            product: .app,
            bundleId: "com.example.notes.modern",
            infoPlist: .extendingDefault(with: [
                "UIApplicationSceneManifest": ["UIApplicationSupportsMultipleScenes": false],
            ]),
            sources: ["Modern/**"]
        ),
        // Tuist before 3 (`platform:`): its default Info.plist had no scene manifest.
        .target(
            name: "NotesClassic",
            platform: .iOS,
            product: .app,
            bundleId: "com.example.notes.classic",
            infoPlist: .default,
            sources: ["Classic/**"]
        ),
        // A framework for iOS and visionOS.
        .target(
            name: "NotesKit",
            destinations: [.iPhone, .iPad, .appleVision],
            product: .framework,
            bundleId: "com.example.noteskit",
            sources: ["NotesKit/**/*.swift"]
        ),
    ]
)
""")
    write(os.path.join(d, "Notes/Sources/AppDelegate.swift"), """import UIKit

@main
class AppDelegate: UIResponder, UIApplicationDelegate {
    func applicationDidBecomeActive(_ application: UIApplication) {
        print("active")
    }
}
""")
    write(os.path.join(d, "Modern/ModernApp.swift"), """import UIKit

class ModernSceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?
}
""")
    write(os.path.join(d, "Classic/ClassicAppDelegate.swift"), """import UIKit

@main
class ClassicAppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
}
""")
    write(os.path.join(d, "NotesKit/Layout.swift"), """import UIKit

public func noteWidth(_ view: UIView) -> CGFloat {
    view.window?.windowScene?.effectiveGeometry.coordinateSpace.bounds.width ?? 0
}
""")


def cordova_plugin(root):
    """A Cordova plugin (after cordova-plugin-statusbar): no project and no podspec, a `plugin.xml`
    whose `<platform name="ios">` declares the Objective-C it ships to every Cordova app, beside
    Android's, and a `tests/plugin.xml` that ships only JavaScript. The repository is a library;
    its iOS sources are the library's, never an app's."""
    d = os.path.join(root, "CordovaPlugin")
    write(os.path.join(d, "plugin.xml"), """<?xml version="1.0" encoding="UTF-8"?>
<plugin xmlns="http://apache.org/cordova/ns/plugins/1.0"
    xmlns:android="http://schemas.android.com/apk/res/android"
    id="cordova-plugin-sheet"
    version="1.0.0">
    <name>Sheet</name>
    <platform name="android">
        <source-file src="src/android/Sheet.java" target-dir="src/org/example/sheet" />
    </platform>
    <platform name="ios">
        <config-file target="config.xml" parent="/*">
            <feature name="Sheet"><param name="ios-package" value="CDVSheet" /></feature>
        </config-file>
        <header-file src="src/ios/CDVSheet.h" />
        <source-file src="src/ios/CDVSheet.m" />
    </platform>
</plugin>
""")
    write(os.path.join(d, "tests/plugin.xml"), """<?xml version="1.0" encoding="UTF-8"?>
<plugin xmlns="http://apache.org/cordova/ns/plugins/1.0" id="cordova-plugin-sheet-tests" version="1.0.0">
    <js-module src="tests.js" name="tests"></js-module>
</plugin>
""")
    write(os.path.join(d, "src/ios/CDVSheet.h"), """#import <Cordova/CDVPlugin.h>

@interface CDVSheet : CDVPlugin
@end
""")
    write(os.path.join(d, "src/ios/CDVSheet.m"), """#import "CDVSheet.h"

@implementation CDVSheet

- (void)show:(CDVInvokedUrlCommand *)command {
    CGRect frame = [[UIScreen mainScreen] bounds];
    self.viewController.view.frame = frame;
}

@end
""")


def demo_linking_library(root):
    """A library whose demo app bears the pod's very name and links its framework instead of
    compiling its code (after SlideMenuControllerSwift): Slide.podspec ships Source/*.swift, the
    framework target `Slide-iOS` builds it, and the app `Slide` has only its own delegate and
    screen. The app is the library's demo, an example; the framework and the pod are the library.
    So are another app of the framework's project, `Showcase`, and `SwiftUIStarter`, a starter app
    in a project of its own, and `Operator`, an app in a subfolder's project that compiles none of
    the pod's code; `SlideHost`, the app the library's unit tests run in, is the tests'."""
    d = os.path.join(root, "DemoLinkingLibrary")
    write(os.path.join(d, "Slide.podspec"), "Pod::Spec.new do |s|\n  s.name = 'Slide'\n  s.source_files = 'Source/*.swift'\nend\n")
    p = Project("Slide", dict(IOS, IPHONEOS_DEPLOYMENT_TARGET="12.0"))
    p.target("Slide", APP, {"INFOPLIST_FILE": "Slide/Info.plist"}, sources=[p.file(p.group("Slide"), "AppDelegate.swift")])
    p.target("Slide-iOS", FRAMEWORK, {"INFOPLIST_FILE": "Source/Info.plist"}, sources=[p.file(p.group("Source"), "SlideController.swift")])
    # Another app of the framework's project, named unlike the pod (Auth0's `OAuth2` beside `Auth0.iOS`).
    p.target("Showcase", APP, {"INFOPLIST_FILE": "Showcase/Info.plist"}, sources=[p.file(p.group("Showcase"), "ShowcaseDelegate.swift")])
    p.write(os.path.join(d, "Slide.xcodeproj/project.pbxproj"))
    # A starter app in a project of its own (CleverTap's `SwiftUIStarter`).
    s = Project("SwiftUIStarter", dict(IOS, IPHONEOS_DEPLOYMENT_TARGET="15.0"))
    s.target("SwiftUIStarter", APP, {"INFOPLIST_FILE": "SwiftUIStarter/Info.plist"}, sources=[s.file(s.group("SwiftUIStarter"), "StarterDelegate.swift")])
    s.write(os.path.join(d, "SwiftUIStarter/SwiftUIStarter.xcodeproj/project.pbxproj"))
    plist(os.path.join(d, "SwiftUIStarter/SwiftUIStarter/Info.plist"), LEGACY_PLIST)
    write(os.path.join(d, "SwiftUIStarter/SwiftUIStarter/StarterDelegate.swift"), "import UIKit\n\n@main\nclass StarterDelegate: UIResponder, UIApplicationDelegate {\n    var window: UIWindow?\n}\n")
    # The app a unit-test bundle runs in, in a project of its own (Leanplum's `LeanplumSDKApp`).
    h = Project("SlideHost", dict(IOS, IPHONEOS_DEPLOYMENT_TARGET="12.0"))
    h.target("SlideHost", APP, {"INFOPLIST_FILE": "SlideHost/Info.plist"}, sources=[h.file(h.group("SlideHost"), "HostDelegate.swift")])
    h.target("SlideTests", TESTS, {"TEST_HOST": "$(BUILT_PRODUCTS_DIR)/SlideHost.app/SlideHost", "BUNDLE_LOADER": "$(TEST_HOST)"},
             sources=[h.file(h.group("SlideTests"), "SlideTests.swift")])
    h.write(os.path.join(d, "SlideHost/SlideHost.xcodeproj/project.pbxproj"))
    plist(os.path.join(d, "SlideHost/SlideHost/Info.plist"), LEGACY_PLIST)
    write(os.path.join(d, "SlideHost/SlideHost/HostDelegate.swift"), "import UIKit\n\n@main\nclass HostDelegate: UIResponder, UIApplicationDelegate {\n    var window: UIWindow?\n}\n")
    write(os.path.join(d, "SlideHost/SlideTests/SlideTests.swift"), "import XCTest\n\nfinal class SlideTests: XCTestCase {\n    func testOpens() {}\n}\n")
    # An app in a project of a subfolder, compiling none of the pod's code (Apptentive's `Operator/`).
    o = Project("Operator", dict(IOS, IPHONEOS_DEPLOYMENT_TARGET="15.0"))
    o.target("Operator", APP, {"INFOPLIST_FILE": "Operator/Info.plist"}, sources=[o.file(o.group("Operator"), "OperatorDelegate.swift")])
    o.write(os.path.join(d, "Operator/Operator.xcodeproj/project.pbxproj"))
    plist(os.path.join(d, "Operator/Operator/Info.plist"), LEGACY_PLIST)
    write(os.path.join(d, "Operator/Operator/OperatorDelegate.swift"), "import UIKit\n\n@main\nclass OperatorDelegate: UIResponder, UIApplicationDelegate {\n    var window: UIWindow?\n}\n")
    plist(os.path.join(d, "Showcase/Info.plist"), LEGACY_PLIST)
    write(os.path.join(d, "Showcase/ShowcaseDelegate.swift"), "import UIKit\n\n@main\nclass ShowcaseDelegate: UIResponder, UIApplicationDelegate {\n    var window: UIWindow?\n}\n")
    plist(os.path.join(d, "Slide/Info.plist"), LEGACY_PLIST)
    plist(os.path.join(d, "Source/Info.plist"), {"CFBundleIdentifier": "org.example.Slide"})
    write(os.path.join(d, "Slide/AppDelegate.swift"), """import UIKit

@UIApplicationMain
class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
}
""")
    write(os.path.join(d, "Source/SlideController.swift"), """import UIKit

open class SlideController: UIViewController {
    func openMenu() {
        UIApplication.shared.keyWindow?.windowLevel = .statusBar + 1
    }
}
""")


def tv_and_phone_apps(root):
    """An iOS app and a tvOS app of one project, neither with a scene manifest (after Hero's and
    MarqueeLabel's examples): the scene delegate each is told to adopt comes with its own system's
    versions — iOS 13 at deployment 12.0, tvOS 13 at tvOS 12.0 — not the iOS ones for both."""
    d = os.path.join(root, "TVAndPhoneApps")
    p = Project("Player", dict(IOS, IPHONEOS_DEPLOYMENT_TARGET="12.0"))
    p.target("Player", APP, {"INFOPLIST_FILE": "Phone/Info.plist"}, sources=[p.file(p.group("Phone"), "AppDelegate.swift")])
    p.target("PlayerTV", APP, {"INFOPLIST_FILE": "TV/Info.plist", "SDKROOT": "appletvos", "TVOS_DEPLOYMENT_TARGET": "12.0"},
             sources=[p.file(p.group("TV"), "TVAppDelegate.swift")])
    p.write(os.path.join(d, "Player.xcodeproj/project.pbxproj"))
    plist(os.path.join(d, "Phone/Info.plist"), LEGACY_PLIST)
    plist(os.path.join(d, "TV/Info.plist"), {"CFBundleIdentifier": "org.example.PlayerTV", "CFBundleExecutable": "$(EXECUTABLE_NAME)"})
    for path, name in (("Phone/AppDelegate.swift", "AppDelegate"), ("TV/TVAppDelegate.swift", "TVAppDelegate")):
        write(os.path.join(d, path), """import UIKit

@UIApplicationMain
class %s: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
}
""" % name)


def system_drawn_extensions(root):
    """An app with a widget (Live Activity) extension, a notification content extension and a share
    extension, each reading the main screen's width (after Trio and xDrip): the system draws the
    widget's and the notification's views at sizes it chooses, in no window of the app, so only the
    share extension's sheet — shown in the host app's resizable window — is judged; the widget's
    API above its deployment target still is."""
    d = os.path.join(root, "SystemDrawnExtensions")
    p = Project("Glucose", dict(IOS, IPHONEOS_DEPLOYMENT_TARGET="16.0"))
    p.target("Glucose", APP, {"INFOPLIST_FILE": "App/Info.plist"}, sources=[p.file(p.group("App"), "GlucoseApp.swift")])
    for name, folder, point in (("GlucoseWidget", "Widget", "com.apple.widgetkit-extension"),
                                ("NotificationContent", "Notification", "com.apple.usernotifications.content-extension"),
                                ("ShareSheet", "Share", "com.apple.share-services")):
        p.target(name, EXTENSION, {"INFOPLIST_FILE": folder + "/Info.plist"}, sources=[p.file(p.group(folder), name + "View.swift")])
        plist(os.path.join(d, folder, "Info.plist"), {"CFBundleIdentifier": "org.example." + name, "NSExtension": {"NSExtensionPointIdentifier": point}})
        write(os.path.join(d, folder, name + "View.swift"), """import SwiftUI

struct %sView: View {
    var body: some View {
        Text("120 mg/dL").frame(maxWidth: UIScreen.main.bounds.width * 0.9)
    }
}
""" % name)
    with open(os.path.join(d, "Widget", "GlucoseWidgetView.swift"), "a") as fh:
        fh.write("""
final class Ring: UIView {
    func observe() {
        registerForTraitChanges([UITraitHorizontalSizeClass.self]) { (view: Ring, _: UITraitCollection) in }
    }
}
""")
    p.write(os.path.join(d, "Glucose.xcodeproj/project.pbxproj"))
    plist(os.path.join(d, "App/Info.plist"), {"CFBundleIdentifier": "org.example.Glucose", "UILaunchScreen": {},
                                              "UIApplicationSceneManifest": {"UIApplicationSupportsMultipleScenes": True}})
    write(os.path.join(d, "App/GlucoseApp.swift"), """import SwiftUI

@main
struct GlucoseApp: App {
    var body: some Scene { WindowGroup { Text("Glucose") } }
}
""")


def app_beside_root_package(root):
    """An app repository with a root Package.swift of its own library (Provenance's PVLibrary):
    the app its unit tests run in (`TEST_HOST`) is still the app, for it carries an extension — a
    tests' host ships nothing; an app named as a test run of another (`Core_Test`) is a test
    harness. The emulator screen's superclass is named through a `typealias` in a file of its own,
    which makes it a view controller."""
    d = os.path.join(root, "AppBesideRootPackage")
    write(os.path.join(d, "Package.swift"), library_package("EmuLibrary", ".iOS(.v16)"))
    write(os.path.join(d, "Sources/EmuLibrary/Library.swift"), "import Foundation\n\npublic struct Library {}\n")
    p = Project("Emulator", dict(IOS, IPHONEOS_DEPLOYMENT_TARGET="16.0"))
    g = p.group("Emulator")
    p.target("Emulator", APP, {"INFOPLIST_FILE": "Emulator/Info.plist"},
             sources=[p.file(g, "EmulatorApp.swift"), p.file(g, "EmulatorScreen.swift"), p.file(g, "RootClass.swift")])
    p.target("TopShelf", EXTENSION, {"INFOPLIST_FILE": "TopShelf/Info.plist"}, sources=[p.file(p.group("TopShelf"), "Shelf.swift")])
    p.target("EmulatorTests", TESTS, {"TEST_HOST": "$(BUILT_PRODUCTS_DIR)/Emulator.app/Emulator", "BUNDLE_LOADER": "$(TEST_HOST)"},
             sources=[p.file(p.group("EmulatorTests"), "EmulatorTests.swift")])
    p.target("Core_Test", APP, {"INFOPLIST_FILE": "CoreTest/Info.plist"}, sources=[p.file(p.group("CoreTest"), "TestRunner.m")])
    p.write(os.path.join(d, "Emulator.xcodeproj/project.pbxproj"))
    plist(os.path.join(d, "Emulator/Info.plist"), {"CFBundleIdentifier": "org.example.Emulator", "UILaunchScreen": {},
                                                   "UIApplicationSceneManifest": {"UIApplicationSupportsMultipleScenes": True}})
    plist(os.path.join(d, "TopShelf/Info.plist"), {"CFBundleIdentifier": "org.example.Emulator.TopShelf",
                                                   "NSExtension": {"NSExtensionPointIdentifier": "com.apple.tv-top-shelf"}})
    plist(os.path.join(d, "CoreTest/Info.plist"), {"CFBundleIdentifier": "org.example.CoreTest"})
    write(os.path.join(d, "Emulator/EmulatorApp.swift"), """import SwiftUI

@main
struct EmulatorApp: App {
    var body: some Scene { WindowGroup { Text("Emulator") } }
}
""")
    write(os.path.join(d, "Emulator/RootClass.swift"), "import UIKit\n\ntypealias EmulatorRootClass = UIViewController\n")
    write(os.path.join(d, "Emulator/EmulatorScreen.swift"), """import UIKit

final class EmulatorScreen: EmulatorRootClass {
    func snapshotScale() -> CGFloat {
        UIScreen.main.scale
    }
}
""")
    write(os.path.join(d, "TopShelf/Shelf.swift"), "import Foundation\n\nfinal class Shelf {}\n")
    write(os.path.join(d, "EmulatorTests/EmulatorTests.swift"), "import XCTest\n\nfinal class EmulatorTests: XCTestCase {\n    func testStarts() {}\n}\n")
    write(os.path.join(d, "CoreTest/TestRunner.m"), """#import <UIKit/UIKit.h>

@interface TestRunner : UIResponder <UIApplicationDelegate>
@property (nonatomic, strong) UIWindow *window;
@end

@implementation TestRunner
- (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)options {
    self.window = [[UIWindow alloc] initWithFrame:[UIScreen mainScreen].bounds];
    [self.window makeKeyAndVisible];
    return YES;
}
@end
""")


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "Fixtures", "Projects")
    for make in (legacy_objc_app, legacy_swift_app, migrated_swift_app, generated_plist_app, swiftui_observation_app, library, multi_platform_app,
                 library_with_demo, xcodegen_app, tuist_app, v2ex_swift_app, sliding_menu_objc_app, router_swift_app,
                 unresolved_scene_delegate_app, preprocessed_plist_app, examples_library, notes_objc_app, pod_built_by_its_demo,
                 demo_named_after_library, app_with_own_frameworks, tooling_library, harness_library, layered_deployments, tuist_helpers, package_beside_project, legacy_test_bundles,
                 two_example_apps, cordova_plugin, demo_linking_library, tv_and_phone_apps, system_drawn_extensions, app_beside_root_package):
        make(root)
    print(f"wrote fixtures under {os.path.normpath(root)}")


if __name__ == "__main__":
    main()

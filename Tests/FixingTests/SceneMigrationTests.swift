import Foundation
import Testing
@testable import Fixing
import TestSupport

/// `SceneMigration.plan` where the app delegate's window set-up cannot move (it reads a launch
/// parameter): the scene delegate attaches the window launch made to its scene, so whatever holds
/// that window keeps working, and the patch compiles.
@Suite struct SceneMigrationTests {
    static let plist = Array("""
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>UILaunchStoryboardName</key>
        \t<string>LaunchScreen</string>
        </dict>
        </plist>

        """.utf8)

    func write(_ files: [(String, String)]) throws -> (TempDirectory, [String]) {
        let dir = TempDirectory()
        var paths: [String] = []
        for (name, text) in files {
            try text.write(toFile: dir.path + "/" + name, atomically: true, encoding: .utf8)
            paths.append(dir.path + "/" + name)
        }
        return (dir, paths)
    }

    @Test func swiftAttachesTheLaunchWindowToTheScene() throws {
        let app = """
            import UIKit

            class Coordinator {
                init(window: UIWindow?) {}
            }

            @main
            class AppDelegate: UIResponder, UIApplicationDelegate {
                var window: UIWindow?
                var coordinator: Coordinator?

                func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                    window = UIWindow(frame: UIScreen.main.bounds)
                    if launchOptions != nil { window?.rootViewController = UIViewController() }
                    coordinator = Coordinator(window: window)
                    window?.makeKeyAndVisible()
                    return true
                }
            }

            """
        let input = SceneMigration.Input(target: "App", infoPlist: ("App/Info.plist", Self.plist), project: nil,
                                         appDelegate: .init(path: "App/AppDelegate.swift", bytes: Array(app.utf8), className: "AppDelegate", language: .swift),
                                         deployment: "13.0")
        let plan = try SceneMigration.plan(input)
        #expect(plan.todo.contains { $0.contains("attaches the window launch made to its scene") }, "\(plan.todo)")
        let scene = try #require(plan.changes.first { $0.path == "App/SceneDelegate.swift" })
        let text = String(decoding: scene.after, as: UTF8.self)
        #expect(text.contains("launchWindow.windowScene = windowScene\n        self.window = launchWindow\n"), "\(text)")
        let edited = try #require(plan.changes.first { $0.path == "App/AppDelegate.swift" })
        let (dir, paths) = try write([("AppDelegate.swift", String(decoding: edited.after, as: UTF8.self)), ("SceneDelegate.swift", text)])
        _ = dir
        #expect(try SDKCheck.swift(paths, deployment: "13.0") == "")
    }

    @Test func objectiveCAttachesTheLaunchWindowToTheScene() throws {
        let header = "#import <UIKit/UIKit.h>\n\n@interface AppDelegate : UIResponder <UIApplicationDelegate>\n@property (strong, nonatomic) UIWindow *window;\n@end\n"
        let app = """
            #import "AppDelegate.h"

            @implementation AppDelegate

            - (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
                self.window = [[UIWindow alloc] initWithFrame:[UIScreen mainScreen].bounds];
                if (launchOptions) {
                    return YES;
                }
                [self.window makeKeyAndVisible];
                return YES;
            }

            @end

            """
        let input = SceneMigration.Input(target: "App", infoPlist: ("App/Info.plist", Self.plist), project: nil,
                                         appDelegate: .init(path: "App/AppDelegate.m", bytes: Array(app.utf8), className: "AppDelegate",
                                                            language: .objectiveC, header: ("App/AppDelegate.h", Array(header.utf8))),
                                         deployment: "13.0")
        let plan = try SceneMigration.plan(input)
        #expect(plan.todo.contains { $0.contains("attaches the window launch made to its scene") }, "\(plan.todo)")
        let files = plan.changes.map { (String($0.path.split(separator: "/").last!), String(decoding: $0.after, as: UTF8.self)) }
            .filter { $0.0.hasSuffix(".m") || $0.0.hasSuffix(".h") }
        let scene = try #require(files.first { $0.0 == "SceneDelegate.m" }?.1)
        #expect(scene.contains("launchWindow.windowScene = (UIWindowScene *)scene;"), "\(scene)")
        let (dir, paths) = try write(files + [("AppDelegate.h", header)])
        #expect(try SDKCheck.objectiveC(paths.filter { $0.hasSuffix(".m") }, deployment: "13.0", includes: [dir.path]) == "")
    }

    /// An iPad storyboard of its own (`UIMainStoryboardFile~ipad`, moonlight's): the iPhone's
    /// configuration would replace it on the iPad, so the plan says what the iPad needs.
    @Test func anIPadStoryboardOfItsOwnIsNamedInTheNotes() throws {
        let plist = Array(String(decoding: Self.plist, as: UTF8.self).replacingOccurrences(of: "</dict>", with: """
            \t<key>UIMainStoryboardFile</key>
            \t<string>iPhone</string>
            \t<key>UIMainStoryboardFile~ipad</key>
            \t<string>iPad</string>
            </dict>
            """).utf8)
        let app = "import UIKit\n\n@main\nclass AppDelegate: UIResponder, UIApplicationDelegate {\n    var window: UIWindow?\n}\n"
        let input = SceneMigration.Input(target: "App", infoPlist: ("App/Info.plist", plist), project: nil,
                                         appDelegate: .init(path: "App/AppDelegate.swift", bytes: Array(app.utf8), className: "AppDelegate", language: .swift),
                                         deployment: "13.0")
        let plan = try SceneMigration.plan(input)
        #expect(plan.notes.contains { $0.contains("UIMainStoryboardFile~ipad names iPad: add UIApplicationSceneManifest~ipad") }, "\(plan.notes)")
        let edited = try #require(plan.changes.first { $0.path == "App/Info.plist" })
        #expect(String(decoding: edited.after, as: UTF8.self).contains("<string>iPhone</string>"))
    }
}

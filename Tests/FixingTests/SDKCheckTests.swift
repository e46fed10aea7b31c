import Foundation
import Testing
import TestSupport

/// The harness every patch test compiles with: it must refuse what Xcode refuses at a
/// deployment target (an iOS 13 API unguarded at 12.0), and accept what Xcode accepts.
@Suite struct SDKCheckTests {
    static func write(_ name: String, _ text: String, in dir: TempDirectory) -> String {
        dir.write(name, text)
        return dir.path + "/" + name
    }

    static let sceneDelegate = """
        import UIKit

        @available(iOS 13.0, *)
        class SceneDelegate: UIResponder, UIWindowSceneDelegate {
            var window: UIWindow?
            func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                guard let windowScene = scene as? UIWindowScene else { return }
                let window = UIWindow(windowScene: windowScene)
                self.window = window
                if #available(iOS 16.0, *) { _ = windowScene.effectiveGeometry }
                for context in connectionOptions.urlContexts { _ = context.options.openInPlace }
            }
        }

        @UIApplicationMain
        class AppDelegate: UIResponder, UIApplicationDelegate {
            var window: UIWindow?
            func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                if #available(iOS 13.0, *) {
                } else {
                    window = UIWindow(frame: UIScreen.main.bounds)
                }
                return true
            }
            @available(iOS 13.0, *)
            func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
                             options: UIScene.ConnectionOptions) -> UISceneConfiguration {
                UISceneConfiguration(name: "Default Configuration", sessionRole: connectingSceneSession.role)
            }
        }

        """

    @Test func swiftAtTheDeploymentTarget() throws {
        let dir = TempDirectory()
        let good = Self.write("SceneDelegate.swift", Self.sceneDelegate, in: dir)
        #expect(try SDKCheck.swift([good], deployment: "12.0") == "")
        #expect(try SDKCheck.swift([good], deployment: "9.0") == "")
        // Without the annotations: what Xcode says at 12.0, and nothing at 13.0.
        let bare = Self.write("Bare.swift", Self.sceneDelegate.replacingOccurrences(of: "@available(iOS 13.0, *)\n", with: ""), in: dir)
        let errors = try SDKCheck.swift([bare], deployment: "12.0")
        #expect(errors.contains("Bare.swift:") && errors.contains("'UIWindowScene' is only available in iOS_13_0"), "\(errors)")
        #expect(errors.contains("'UISceneConfiguration' is only available"), "\(errors)")
        #expect(try SDKCheck.swift([bare], deployment: "13.0") == "")
        // A guard of 13.0 does not cover an iOS 16 API.
        let geometry = Self.write("Geometry.swift", """
            import UIKit
            @available(iOS 13.0, *)
            func size(of scene: UIWindowScene) -> CGFloat { scene.effectiveGeometry.coordinateSpace.bounds.width }
            """, in: dir)
        let g = try SDKCheck.swift([geometry], deployment: "12.0")
        #expect(g.contains("'effectiveGeometry' is only available in iOS_16_0") && g.contains("'coordinateSpace' is only available in iOS_26_0"), "\(g)")
        // Types and names are checked too, not only availability.
        let typo = Self.write("Typo.swift", "import UIKit\nfunc f(_ w: UIWindow) { w.makeKeyAndVisibel() }\n", in: dir)
        #expect(try SDKCheck.swift([typo], deployment: "15.0").contains("has no member 'makeKeyAndVisibel'"))
    }

    @Test func objectiveCAtTheDeploymentTarget() throws {
        let dir = TempDirectory()
        let source = """
            #import <UIKit/UIKit.h>

            API_AVAILABLE(ios(13.0))
            @interface SceneDelegate : UIResponder <UIWindowSceneDelegate>
            @property (strong, nonatomic) UIWindow *window;
            @end

            @implementation SceneDelegate
            - (void)scene:(UIScene *)scene willConnectToSession:(UISceneSession *)session options:(UISceneConnectionOptions *)connectionOptions {
                self.window = [[UIWindow alloc] initWithWindowScene:(UIWindowScene *)scene];
                for (UIOpenURLContext *context in connectionOptions.URLContexts) {
                    NSDictionary *options = @{UIApplicationOpenURLOptionsOpenInPlaceKey: @(context.options.openInPlace)};
                    (void)options;
                }
            }
            @end

            void menu(UIView *view) {
                if (@available(iOS 13.0, *)) {
                    CGRect f = view.window.windowScene.statusBarManager.statusBarFrame;
                    (void)f;
                } else {
                    CGRect f = [UIApplication sharedApplication].statusBarFrame;
                    (void)f;
                }
            }

            """
        let good = Self.write("SceneDelegate.m", source, in: dir)
        #expect(try SDKCheck.objectiveC([good], deployment: "9.0") == "")
        let bare = Self.write("Bare.m", source.replacingOccurrences(of: "API_AVAILABLE(ios(13.0))\n", with: "")
            .replacingOccurrences(of: "if (@available(iOS 13.0, *))", with: "if (YES)"), in: dir)
        let errors = try SDKCheck.objectiveC([bare], deployment: "9.0")
        #expect(errors.contains("'initWithWindowScene:' is only available on iOS 13.0 or newer"), "\(errors)")
        #expect(errors.contains("'windowScene' is only available on iOS 13.0 or newer"), "\(errors)")
        #expect(try SDKCheck.objectiveC([bare], deployment: "13.0") == "")
        let typo = Self.write("Typo.m", "#import <UIKit/UIKit.h>\nvoid f(UIWindow *w) { [w makeKeyAndVisibel]; }\n", in: dir)
        #expect(try SDKCheck.objectiveC([typo], deployment: "13.0").contains("makeKeyAndVisibel"))
    }
}

import Foundation
import Testing
@testable import FleetCLI
import TestSupport

/// `fleetscan migrate scenes` on the legacy project fixtures (`Fixtures/Projects`): an
/// Objective-C app with an XML Info.plist and a Swift app whose build settings generate one.
@Suite struct MigrateTests {
    static func copy(_ fixture: String) throws -> TempDirectory {
        let dir = TempDirectory()
        _ = try FixtureRepositories.run(["cp", "-R", repositoryRoot + "/Fixtures/Projects/\(fixture)/.", dir.path])
        return dir
    }

    static func rules(_ folder: String) throws -> [String] {
        let r = run(["scan", folder, "--format", "json", "--quiet"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        #expect((json["diagnostics"] as? [Any])?.isEmpty ?? true, "\(json["diagnostics"] ?? "")")
        return (json["findings"] as? [[String: Any]] ?? []).compactMap { $0["rule"] as? String }
    }

    @Test func anObjectiveCAppGetsItsManifestSceneDelegateAndProjectEntries() throws {
        let dir = try Self.copy("LegacyObjCApp")
        let before = try Self.rules(dir.path)
        #expect(before.contains("scene-manifest-missing") && before.contains("url-handling-unmigrated"))
        let diff = run(["migrate", "scenes", dir.path])
        #expect(diff.code == 0, "\(diff.err)")
        expectGolden(diff.out, "migrate-objc.diff")
        #expect(diff.err.contains("fleetscan: migrate: Shop: changes Shop/Info.plist, changes Shop/AppDelegate.m, changes LegacyObjCApp.xcodeproj/project.pbxproj, adds Shop/SceneDelegate.h, adds Shop/SceneDelegate.m"))
        let patch = dir.path + "/../migrate-\(UUID().uuidString).diff"
        try diff.out.write(toFile: patch, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: patch) }
        _ = try FixtureRepositories.run(["git", "apply", "--check", patch], in: dir.path)

        #expect(run(["migrate", "scenes", dir.path, "--write", "--quiet"]).code == 0)
        let after = try Self.rules(dir.path)
        #expect(!after.contains("scene-manifest-missing") && !after.contains("scene-delegate-unresolved"))
        #expect(!after.contains("url-handling-unmigrated"), "the scene delegate takes the URLs now")
        // The project lists the new files, and it still reads.
        let project = try String(contentsOfFile: dir.path + "/LegacyObjCApp.xcodeproj/project.pbxproj", encoding: .utf8)
        #expect(project.contains("path = SceneDelegate.m;") && project.contains("path = SceneDelegate.h;"))
        // It compiles against stub UIKit headers.
        let stubs = dir.path + "/stubs/UIKit"
        try FileManager.default.createDirectory(atPath: stubs, withIntermediateDirectories: true)
        try (FixTests.uikitStub + Self.sceneStub).write(toFile: stubs + "/UIKit.h", atomically: true, encoding: .utf8)
        for file in ["Shop/SceneDelegate.m", "Shop/AppDelegate.m"] {
            _ = try FixtureRepositories.run(["clang", "-fsyntax-only", "-x", "objective-c", "-fobjc-runtime=macosx", "-fobjc-arc", "-fblocks",
                                             "-I", dir.path + "/stubs", "-I", dir.path + "/Shop", dir.path + "/" + file])
        }
        // Done: a second run has nothing to migrate.
        let again = run(["migrate", "scenes", dir.path])
        #expect(again.code == 2 && again.err.contains("no app target lacks a scene manifest (nothing to migrate)"))
    }

    @Test func aSwiftAppWithAGeneratedInfoPlistGetsTheBuildSettingAndASceneDelegate() throws {
        let dir = try Self.copy("LegacySwiftApp")
        let diff = run(["migrate", "scenes", dir.path])
        #expect(diff.code == 0, "\(diff.err)")
        expectGolden(diff.out, "migrate-swift.diff")
        #expect(diff.out.contains("+\t\t\t\tINFOPLIST_KEY_UIApplicationSceneManifest_Generation = YES;"))
        #expect(run(["migrate", "scenes", dir.path, "--write", "--quiet"]).code == 0)
        let after = try Self.rules(dir.path)
        #expect(!after.contains("scene-manifest-missing") && !after.contains("url-handling-unmigrated"))
        for file in ["Notes/SceneDelegate.swift", "Notes/AppDelegate.swift"] {
            _ = try FixtureRepositories.run(["swiftc", "-parse", dir.path + "/" + file])
        }
        let delegate = try String(contentsOfFile: dir.path + "/Notes/SceneDelegate.swift", encoding: .utf8)
        #expect(delegate.contains("(UIApplication.shared.delegate as? AppDelegate)?.window") && delegate.contains("connectionOptions.urlContexts")
                && delegate.contains("connectionOptions.userActivities") && delegate.contains("func scene(_ scene: UIScene, continue userActivity: NSUserActivity)"))
    }

    @Test func itRefusesWhatItCannotDoSafely() throws {
        // Already adopted.
        let migrated = try Self.copy("MigratedSwiftApp")
        #expect(run(["migrate", "scenes", migrated.path]).err.contains("no app target lacks a scene manifest"))
        #expect(run(["migrate", "scenes", migrated.path, "--target", "App"]).err.contains("App: the target already adopts scenes"))
        #expect(run(["migrate", "scenes", migrated.path, "--target", "Nope"]).err.contains("no target named Nope"))
        // The class name is taken.
        let taken = try Self.copy("LegacyObjCApp")
        try "#import <UIKit/UIKit.h>\n@interface SceneDelegate : NSObject\n@end\n".write(toFile: taken.path + "/Shop/Old.h", atomically: true, encoding: .utf8)
        let refused = run(["migrate", "scenes", taken.path])
        #expect(refused.code == 2 && refused.err.contains("Shop/Old.h: a type named SceneDelegate exists already"))
        // Two apps: it cannot tell which, until told.
        let two = TempDirectory()
        _ = try FixtureRepositories.run(["cp", "-R", repositoryRoot + "/Fixtures/Projects/LegacyObjCApp", two.path + "/A"])
        _ = try FixtureRepositories.run(["cp", "-R", repositoryRoot + "/Fixtures/Projects/LegacySwiftApp", two.path + "/B"])
        #expect(run(["migrate", "scenes", two.path]).err.contains("several app targets lack a scene manifest: Notes, Shop; choose one with --target"))
        let chosen = run(["migrate", "scenes", two.path, "--target", "Notes"])
        #expect(chosen.code == 0 && chosen.out.contains("+++ b/B/Notes/SceneDelegate.swift"), "\(chosen.err)")
        #expect(run(["migrate", "nothing"]).err.contains("unknown migrate subcommand 'nothing' (scenes)"))
    }

    /// What the scene delegate and the app delegate's new method use.
    static let sceneStub = """
        #define nil ((id)0)
        #define YES ((BOOL)1)
        #define NO ((BOOL)0)
        @class NSURL, NSUserActivity, NSString;
        @protocol NSObject
        - (BOOL)respondsToSelector:(SEL)selector;
        - (BOOL)isKindOfClass:(Class)aClass;
        @end
        @interface NSObject (Stub) <NSObject>
        + (Class)class;
        @end
        @interface NSDictionary<K, V> : NSObject
        + (instancetype)dictionaryWithObjects:(const id [])objects forKeys:(const id [])keys count:(unsigned long)count;
        @end
        @interface NSArray<T> : NSObject
        @end
        @interface NSSet<T> : NSObject
        - (unsigned long)countByEnumeratingWithState:(void *)state objects:(id *)buffer count:(unsigned long)len;
        @end
        @interface NSArray<T> (Enumeration)
        - (unsigned long)countByEnumeratingWithState:(void *)state objects:(id *)buffer count:(unsigned long)len;
        @end
        typedef NSString *UIApplicationOpenURLOptionsKey;
        typedef NSString *UISceneSessionRole;
        @interface UIResponder : NSObject
        @end
        @interface UIScene : UIResponder
        @end
        @interface UISceneSession : NSObject
        @property (readonly) UISceneSessionRole role;
        @end
        @interface UIOpenURLContext : NSObject
        @property (readonly) NSURL *URL;
        @end
        @interface UISceneConnectionOptions : NSObject
        @property (readonly) NSSet<UIOpenURLContext *> *URLContexts;
        @property (readonly) NSSet<NSUserActivity *> *userActivities;
        @end
        @interface UISceneConfiguration : NSObject
        - (instancetype)initWithName:(NSString *)name sessionRole:(UISceneSessionRole)role;
        @end
        @protocol UIApplicationDelegate <NSObject>
        @optional
        - (BOOL)application:(UIApplication *)app openURL:(NSURL *)url options:(NSDictionary *)options;
        - (BOOL)application:(UIApplication *)application continueUserActivity:(NSUserActivity *)activity restorationHandler:(void (^)(NSArray *))handler;
        @end
        @protocol UIWindowSceneDelegate <NSObject>
        @end
        @interface UIApplication (Delegate)
        @property (readonly) id<UIApplicationDelegate> delegate;
        @end
        @interface UIWindow (Scene)
        - (instancetype)initWithWindowScene:(UIWindowScene *)scene;
        - (instancetype)initWithFrame:(CGRect)frame;
        @property (strong) UIViewController *rootViewController;
        - (void)makeKeyAndVisible;
        @end

        """
}

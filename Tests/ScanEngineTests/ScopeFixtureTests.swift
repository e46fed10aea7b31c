import Foundation
import Testing
import ProjectFiles
import RuleKit
import ScanEngine
import TestSupport

/// Whose code each target is, and which targets build a file (RULES.md "Scopes", "Readiness
/// stages"): the scope fixtures of scripts/make-project-fixtures.py, each with every finding's
/// scope and targets, every target's scope and stage, and the repository's stage.
extension ProjectFixtureTests {
    /// TZImagePickerController's layout: the demo app bears the library's name and compiles the
    /// library's code itself. The code and the framework are the library, the app its demo, and
    /// the package's `Picker` target is a target beside the app of the same name.
    @Test func aDemoAppNamedAfterItsLibraryIsAnExampleAndTheLibraryDecides() throws {
        let r = try scanFixture("DemoNamedAfterLibrary")
        #expect(scoped(r) == [
            "Picker/AppDelegate.m:9 window-in-app-delegate example Picker (Picker.xcodeproj)",
            "Picker/AppDelegate.m:9 main-screen-bounds example Picker (Picker.xcodeproj)",
            "Picker/AppDelegate.m:10 window-in-app-delegate example Picker (Picker.xcodeproj)",
            "Picker/Core/PickerController.m:9 idiom-layout library Picker (Picker.xcodeproj),PickerFramework,Picker (Package.swift)",
            "Picker/Core/PickerView.m:9 main-screen-scale library Picker (Picker.xcodeproj),PickerFramework,Picker (Package.swift)",
            "Picker/Info.plist:1 scene-manifest-missing example Picker (Picker.xcodeproj)",
        ])
        #expect(targetLines(r) == [
            "Picker (Package.swift) [iOS, macCatalyst] library launches: idiom-layout@Picker/Core/PickerController.m:9, main-screen-scale@Picker/Core/PickerView.m:9",
            "PickerFramework [iOS] library launches: idiom-layout@Picker/Core/PickerController.m:9, main-screen-scale@Picker/Core/PickerView.m:9",
            "Picker (Picker.xcodeproj) [iOS] example not-launching: scene-manifest-missing@Picker/Info.plist:1",
        ])
        #expect(r.targets.map { $0.project ?? "" } == ["Package.swift", "Picker.xcodeproj", "Picker.xcodeproj"])
        // The library's stage, not its demo's.
        #expect(r.stage == .launches)
        #expect(r.findings.first { $0.rule == "scene-manifest-missing" }?.message
                == "App `Picker (Picker.xcodeproj)` has no UIApplicationSceneManifest; built with the iOS 27 SDK it will not launch")
    }

    /// GitHawk's layout: an app with its own framework, a root Package.swift for it and a local
    /// pod, one file of each compiled into the app, and a debugging app under `Tools/`. The app
    /// builds far more of its own than of any library, so nothing is a demo or tooling.
    @Test func anAppWithItsOwnFrameworksPackageLocalPodAndToolsStaysAnApp() throws {
        let r = try scanFixture("AppWithOwnFrameworks")
        #expect(scoped(r) == [
            "Local Pods/Swipe/Swipe/SwipeCell.m:9 main-screen-scale app Reader,Swipe",
            "Reader/FeedViewController.m:9 idiom-layout app Reader",
            // An app target whose Info.plist is its framework's (`FMWK`) is a leftover harness (blink's smartkeys).
            "ReaderKit/Info.plist:1 launch-screen-missing test ReaderKitHarness",
            "ReaderKit/Info.plist:1 scene-manifest-missing test ReaderKitHarness",
            "ReaderKit/Theme.m:9 main-screen-scale app Reader,ReaderKit (Reader.xcodeproj),ReaderKit (Package.swift)",
            "Tools/Inspector/Inspector/AppDelegate.m:9 window-in-app-delegate app Inspector",
            "Tools/Inspector/Inspector/AppDelegate.m:9 main-screen-bounds app Inspector",
            "Tools/Inspector/Inspector/AppDelegate.m:10 window-in-app-delegate app Inspector",
            "Tools/Inspector/Inspector/Info.plist:1 scene-manifest-missing app Inspector",
        ])
        #expect(targetLines(r) == [
            "Inspector [iOS] app not-launching: scene-manifest-missing@Tools/Inspector/Inspector/Info.plist:1",
            "Reader [iOS] app launches: main-screen-scale@Local Pods/Swipe/Swipe/SwipeCell.m:9, idiom-layout@Reader/FeedViewController.m:9, main-screen-scale@ReaderKit/Theme.m:9",
            "ReaderKit (Package.swift) [iOS, macCatalyst] app launches: main-screen-scale@ReaderKit/Theme.m:9",
            "ReaderKit (Reader.xcodeproj) [iOS] app launches: main-screen-scale@ReaderKit/Theme.m:9",
            // The local pod is one of the app's libraries, listed as the packages' targets are.
            "Swipe [iOS] app launches: main-screen-scale@Local Pods/Swipe/Swipe/SwipeCell.m:9",
            "ReaderKitHarness [iOS] test not-launching: launch-screen-missing@ReaderKit/Info.plist:1, scene-manifest-missing@ReaderKit/Info.plist:1",
        ])
        // An app repository keeps every app it may ship: its Tools app counts too.
        #expect(r.stage == .notLaunching)
    }

    /// lottie-ios's layout: a Carthage integration check and a binary-size measurement under
    /// `script/` are application targets; they test how the library builds, and never make
    /// the repository an app's. An extension in the library's project previews it: an example.
    @Test func aLibrarysToolingAppsAreTestsAndNeverMakeItAnApp() throws {
        let r = try scanFixture("ToolingLibrary")
        #expect(scoped(r) == [
            "Preview/WidgetView.swift:6 main-screen-scale example PreviewWidget",
            "Sources/AnimationView.swift:6 main-screen-scale library Anim (Anim.xcodeproj),Anim (Package.swift)",
            "script/SizeTest/SizeTest/AppDelegate.swift:9 window-in-app-delegate test SizeTest",
            "script/SizeTest/SizeTest/AppDelegate.swift:9 main-screen-bounds test SizeTest",
            "script/SizeTest/SizeTest/AppDelegate.swift:11 window-in-app-delegate test SizeTest",
            "script/SizeTest/SizeTest/Info.plist:1 scene-manifest-missing test SizeTest",
            "script/test-carthage/CarthageTest/AppDelegate.swift:9 window-in-app-delegate test CarthageTest",
            "script/test-carthage/CarthageTest/AppDelegate.swift:9 main-screen-bounds test CarthageTest",
            "script/test-carthage/CarthageTest/AppDelegate.swift:11 window-in-app-delegate test CarthageTest",
            "script/test-carthage/CarthageTest/Info.plist:1 scene-manifest-missing test CarthageTest",
        ])
        #expect(targetLines(r) == [
            "Anim (Anim.xcodeproj) [iOS] library launches: main-screen-scale@Sources/AnimationView.swift:6",
            "Anim (Package.swift) [iOS, macCatalyst, macOS] library launches: main-screen-scale@Sources/AnimationView.swift:6",
            "PreviewWidget [iOS] example launches: main-screen-scale@Preview/WidgetView.swift:6",
            "CarthageTest [iOS] test not-launching: scene-manifest-missing@script/test-carthage/CarthageTest/Info.plist:1",
            "SizeTest [iOS] test not-launching: scene-manifest-missing@script/SizeTest/SizeTest/Info.plist:1",
        ])
        #expect(r.stage == .launches)
    }

    /// Capacitor's, cordova-ios's, RevenueCat's and the Facebook SDK's layout: beside the library,
    /// a test host named as one, the app template users start from, an app under a lowercase
    /// `tests/` that the tool's own tests build, and a harness named `…Tester`. None is the
    /// repository's app: the framework is the library, the template an example, the rest tests —
    /// as are the tests' framework of mocks, a benchmarks' framework under a tests folder and an
    /// install check under `TestProjects/`; a macOS benchmark app (RxSwift's) makes no app repository.
    @Test func appsNamedOrPlacedAsHarnessesOrTemplatesNeverMakeALibraryAnApp() throws {
        let r = try scanFixture("HarnessLibrary")
        #expect(targetLines(r) == [
            "Kit [iOS] library launches: main-screen-scale@ios/Kit/Kit/Bridge.swift:6",
            "App (ios-template/App/App.xcodeproj) [iOS] example not-launching: scene-manifest-missing@ios-template/App/App/Info.plist:1",
            // A macOS benchmark is no app of a UIKit library's: in a library repository, an app is its demo.
            "Microbench [macOS] example modern",
            "Plugins [iOS, macCatalyst] example modern",
            "App (tests/spec/fixtures/config/App.xcodeproj) [iOS] test not-launching: scene-manifest-missing@tests/spec/fixtures/config/App/Info.plist:1",
            "CatalogUIKit [iOS] test launches: main-screen-bounds@BenchmarkTests/CatalogUIKit/CatalogView.swift:6",
            "KitPods [iOS] test not-launching: scene-manifest-missing@TestProjects/cocoapods/ios/KitPods/Info.plist:1",
            "KitTestSupport [iOS] test no-device-assumptions: window-without-scene@ios/Kit/TestSupport/MockHost.swift:5",
            "KitTestsHostApp [iOS] test not-launching: scene-manifest-missing@ios/Kit/TestsHostApp/Info.plist:1",
            "PaywallsTester [iOS] test not-launching: scene-manifest-missing@Apps/PaywallsTester/PaywallsTester/Info.plist:1",
        ])
        #expect(r.stage == .launches)
        // The mocks' framework ships in a podspec of its own, which ships no library code.
        #expect(r.findings.first { $0.path.hasSuffix("MockHost.swift") }?.scope == .test)
        // A harness app's screen is test scope but app code: a view controller's fix, not a test's.
        let screen = r.findings.first { $0.path.hasSuffix("PaywallViewController.swift") }
        #expect(screen?.scope == .test)
        #expect(screen?.suggestion.contains("view.bounds") == true && screen?.suggestion.contains("In a test") == false, "\(screen?.suggestion ?? "no finding")")
    }

    /// A demo app bearing the pod's very name that links the library's framework, compiling none
    /// of its code (SlideMenuControllerSwift), another app of the framework's project (Auth0's
    /// `OAuth2`), a starter app in a project of its own (CleverTap's) and an app in a subfolder's
    /// project compiling none of the pod's code (Apptentive's `Operator`): the demos are examples,
    /// the framework and the pod the library, which decides the stage. The app the library's unit
    /// tests run in (their `TEST_HOST`, Leanplum's `LeanplumSDKApp`) is the tests'.
    @Test func anAppNamedAsTheRootPodBesideItsFrameworkIsTheDemo() throws {
        let r = try scanFixture("DemoLinkingLibrary")
        #expect(targetLines(r) == [
            "Slide (Slide.podspec) [iOS] library launches: shared-windows@Source/SlideController.swift:5",
            "Slide-iOS [iOS] library launches: shared-windows@Source/SlideController.swift:5",
            "Operator [iOS] example not-launching: scene-manifest-missing@Operator/Operator/Info.plist:1",
            "Showcase [iOS] example not-launching: scene-manifest-missing@Showcase/Info.plist:1",
            "Slide (Slide.xcodeproj) [iOS] example not-launching: scene-manifest-missing@Slide/Info.plist:1",
            "SwiftUIStarter [iOS] example not-launching: scene-manifest-missing@SwiftUIStarter/SwiftUIStarter/Info.plist:1",
            "SlideHost [iOS] test not-launching: scene-manifest-missing@SlideHost/SlideHost/Info.plist:1",
            "SlideTests [iOS] test modern",
        ])
        #expect(r.stage == .launches)
    }

    /// An app repository with a root Package.swift of its own library (Provenance's): the app its
    /// unit tests run in is the app all the same, for it carries an extension, and so decides the
    /// stage; an app named as a test run (`Core_Test`) is a test harness. The screen's superclass,
    /// named through a `typealias` in a file no rule word is in, makes it a view controller, with
    /// the prefilter on as off.
    @Test func anAppTheTestsRunInIsStillTheAppWhenItCarriesAnExtension() throws {
        let r = try scanFixture("AppBesideRootPackage")
        #expect(targetLines(r) == [
            "EmuLibrary [iOS, macCatalyst] app modern",
            "Emulator [iOS] app launches: main-screen-scale@Emulator/EmulatorScreen.swift:5",
            "TopShelf [iOS] app modern",
            "Core_Test [iOS] test not-launching: launch-screen-missing@CoreTest/Info.plist:1, scene-manifest-missing@CoreTest/Info.plist:1",
            "EmulatorTests [iOS] test modern",
        ])
        #expect(r.stage == .launches)
        let screen = r.findings.first { $0.path == "Emulator/EmulatorScreen.swift" }
        #expect(screen?.context == .viewController && screen?.suggestion.contains("traitCollection.displayScale") == true, "\(String(describing: screen))")
    }

    /// A Cordova plugin has no project and no podspec: its `plugin.xml` declares the Objective-C
    /// it ships to every app that adds it. Its sources are a library's, not an app's, and a
    /// `tests/plugin.xml` that ships only JavaScript declares nothing.
    @Test func aCordovaPluginIsALibraryOfTheSourcesItsManifestDeclares() throws {
        let r = try scanFixture("CordovaPlugin")
        #expect(scoped(r) == ["src/ios/CDVSheet.m:6 main-screen-bounds library cordova-plugin-sheet"])
        #expect(targetLines(r) == ["cordova-plugin-sheet [iOS] library launches: main-screen-bounds@src/ios/CDVSheet.m:6"])
        #expect(r.stage == .launches)
    }

    /// A file an Xcode target and a Swift package target both build names both, and each gets
    /// the file's findings in its stage; two targets of one name are two targets.
    @Test func aFileAProjectAndAPackageBothBuildNamesBothTargets() throws {
        let r = try scanFixture("PackageBesideProject")
        #expect(scoped(r) == [
            "Sources/Layout/Grid.swift:5 screen-size-device-check library Layout (Layout.xcodeproj),Layout (Package.swift)",
            "Tests/LayoutTests/GridTests.swift:7 window-without-scene test Layout Tests,LayoutTests",
        ])
        #expect(targetLines(r) == [
            "Layout (Layout.xcodeproj) [iOS] library launches: screen-size-device-check@Sources/Layout/Grid.swift:5",
            "Layout (Package.swift) [iOS, macCatalyst] library launches: screen-size-device-check@Sources/Layout/Grid.swift:5",
            "Layout Tests [iOS] test no-device-assumptions: window-without-scene@Tests/LayoutTests/GridTests.swift:7",
            // A plain package target under Tests/ builds the tests' resources (SwifterSwift's): a test target.
            "LayoutTestResources [iOS, macCatalyst] test modern",
            "LayoutTests [iOS, macCatalyst] test no-device-assumptions: window-without-scene@Tests/LayoutTests/GridTests.swift:7",
            // A package for macOS alone beside the projects is tooling (openHAB's BuildTools).
            "Lint [macOS] test modern",
        ])
        #expect(r.targets.map(\.id) == [TargetID(project: "Layout.xcodeproj", name: "Layout"), TargetID(project: "Package.swift", name: "Layout"),
                                        TargetID(project: "Layout.xcodeproj", name: "Layout Tests"), TargetID(project: "Package.swift", name: "LayoutTestResources"),
                                        TargetID(project: "Package.swift", name: "LayoutTests"),
                                        TargetID(project: "BuildTools/Package.swift", name: "Lint")])
        #expect(r.findings.map(\.targets) == [[TargetID(project: "Layout.xcodeproj", name: "Layout"), TargetID(project: "Package.swift", name: "Layout")],
                                              [TargetID(project: "Layout.xcodeproj", name: "Layout Tests"), TargetID(project: "Package.swift", name: "LayoutTests")]])
        #expect(r.stage == .launches)
    }

    /// Xcode 4's test bundles: `bundle.ocunit-test`, and a plain bundle with `WRAPPER_EXTENSION =
    /// octest` and a `TEST_HOST`, are tests; a resource bundle with code stays the app's.
    @Test func ocunitTestBundlesAreTests() throws {
        let r = try scanFixture("LegacyTestBundles")
        #expect(scoped(r) == [
            "LedgerResources/ReceiptView.m:9 main-screen-scale app LedgerResources",
            "LedgerSpecs/LedgerSpecs.m:8 window-without-scene test LedgerSpecs",
            "LedgerTests/LedgerTests.m:8 window-without-scene test LedgerTests",
        ])
        #expect(targetLines(r) == [
            "Ledger [iOS] app modern",
            "LedgerResources [iOS] app launches: main-screen-scale@LedgerResources/ReceiptView.m:9",
            "LedgerSpecs [iOS] test no-device-assumptions: window-without-scene@LedgerSpecs/LedgerSpecs.m:8",
            "LedgerTests [iOS] test no-device-assumptions: window-without-scene@LedgerTests/LedgerTests.m:8",
        ])
        #expect(r.stage == .launches)
    }

    /// nimbus's layout: static libraries under `src/`, demo apps under `examples/`, and Xcode
    /// project templates under `templates/` (`___PROJECTNAME___.xcodeproj`, `….xctemplate`); and
    /// iCarousel's demo project named `iCarouselTest` under `Examples/`. Templates and demos
    /// are nobody's app: the repository is a library, its libraries `library`, the rest `example`.
    @Test func templatesAndDemosNamedTestLeaveALibraryALibrary() {
        func target(_ name: String, _ type: String, _ project: String, _ sources: Set<String>) -> XcodeProject.Target {
            var t = XcodeProject.Target(name: name, productType: "com.apple.product-type." + type, line: 1, settings: [:], sources: sources, folders: [])
            t.project = project
            return t
        }
        let targets = [
            target("NimbusCore", "library.static", "src/Nimbus.xcodeproj", ["src/core/src/NICommonMetrics.m"]),
            target("___PROJECTNAME___", "application", "templates/xcode3/projects/Skeleton App/___PROJECTNAME___.xcodeproj", ["templates/xcode3/projects/Skeleton App/src/AppDelegate.m"]),
            target("Catalog", "application", "examples/catalog/NimbusCatalog.xcodeproj", ["examples/catalog/src/AppDelegate.m"]),
            target("iCarouselTest", "application", "Examples/Tables Demo/iCarouselTest.xcodeproj", ["Examples/Tables Demo/AppDelegate.m"]),
            // A framework an example vendors, all its sources in the examples, is the example's…
            target("UIKit", "framework", "Examples/Chameleon Demo/Chameleon/UIKit/UIKit.xcodeproj", ["Examples/Chameleon Demo/Chameleon/UIKit/Classes/UIView.m"]),
            // … an example's Pods project building the library's own sources is the library.
            target("NimbusKit", "framework", "examples/catalog/Pods/Pods.xcodeproj", ["src/core/src/NICommonMetrics.m", "examples/catalog/Pods/Dummy.m"]),
        ]
        let scopes = Scopes(project: ProjectModel(apps: [], targets: targets, packages: [], storyboards: []), configuration: Configuration())
        #expect(scopes.libraryRepository)
        let model = scopes.project
        #expect(model.targets.map { scopes.scope(ofTarget: $0.id) } == [.library, .example, .example, .example, .example, .library])
        #expect(scopes.of("src/core/src/NICommonMetrics.m", owners: model.owners(of: "src/core/src/NICommonMetrics.m")).0 == .library)
    }

    /// A file every target builds for visionOS alone (`platformFilters = (xros)`) is not held
    /// to the iOS deployment target (UTM's `VMToolbarOrnamentModifier.swift`).
    @Test func aFileBuiltForVisionOSAloneIsNotHeldToTheIOSDeploymentTarget() {
        var app = XcodeProject.Target(name: "UTM", productType: "com.apple.product-type.application", line: 1,
                                      settings: ["IPHONEOS_DEPLOYMENT_TARGET": "14.0", "SDKROOT": "iphoneos", "SUPPORTED_PLATFORMS": "iphoneos xros"],
                                      sources: ["Ornament.swift", "View.swift"], folders: [])
        app.filtered = ["Ornament.swift": [.visionOS]]
        let model = ProjectModel(apps: [], targets: [app], packages: [], storyboards: [])
        #expect(model.buildsOnlyBesideIOS("Ornament.swift") && !model.buildsOnlyBesideIOS("View.swift"))
        #expect(!model.buildsOnlyBesideIOS("Elsewhere.swift"))
    }

    /// An app whose own folder a root Package.swift also builds as a library (damus's
    /// `.target(name: "damus", path: "damus")`, its Info.plist in that folder) is the product, not
    /// the library's demo: the repository is an app's, the app and the package target `app`.
    @Test func aPackageBuildingTheAppsOwnFolderLeavesTheAppTheProduct() {
        var app = XcodeProject.Target(name: "damus", productType: "com.apple.product-type.application", line: 1,
                                      settings: ["INFOPLIST_FILE": "damus/Info.plist"], sources: ["damus/damusApp.swift", "damus/Views/Feed.swift"], folders: [])
        app.project = "damus.xcodeproj"
        let package = ProjectModel.Package(folder: "", iOS: OSVersion(16), targets: [.init(name: "damus", folder: "damus", isTest: false)])
        let apps = [ProjectModel.App(name: "damus", infoPlistPath: "damus/Info.plist", projectPath: "damus.xcodeproj/project.pbxproj", projectLine: 1,
                                     facts: InfoPlistFacts(), runsOnIPad: true, deploymentTarget: OSVersion(16), target: app)]
        let scopes = Scopes(project: ProjectModel(apps: apps, targets: [app], packages: [package], storyboards: []), configuration: Configuration())
        #expect(!scopes.libraryRepository)
        #expect(scopes.scope(ofTarget: app.id) == .app)
        let (scope, targets) = scopes.of("damus/Views/Feed.swift")
        #expect(scope == .app && targets == [app.id, package.id(of: package.targets[0])])
        // The same package beside a demo whose Info.plist is its own: a library and its demo.
        var demo = app
        demo.settings["INFOPLIST_FILE"] = "Demo/Info.plist"
        demo.sources = ["Demo/AppDelegate.swift", "damus/Views/Feed.swift"]
        let demoApps = [ProjectModel.App(name: "damus", infoPlistPath: "Demo/Info.plist", projectPath: "damus.xcodeproj/project.pbxproj", projectLine: 1,
                                         facts: InfoPlistFacts(), runsOnIPad: true, deploymentTarget: OSVersion(16), target: demo)]
        let library = Scopes(project: ProjectModel(apps: demoApps, targets: [demo], packages: [package], storyboards: []), configuration: Configuration())
        #expect(library.libraryRepository && library.scope(ofTarget: demo.id) == .example)
    }

    /// macOS builds a project that names `UIDevice+Screen.m` from `UIDevice+screen.m` (its file
    /// system ignores case; Artsy's Folio): where no target names the path as it is, the one that
    /// names it in another case owns it — not "unbuilt".
    @Test func aPathNamedInAnotherCaseIsBuilt() {
        let app = XcodeProject.Target(name: "Folio", productType: "com.apple.product-type.application", line: 1, settings: [:],
                                      sources: ["Classes/UIDevice+Screen.m", "Classes/App.m"], folders: [])
        let model = ProjectModel(apps: [], targets: [app], packages: [], storyboards: [])
        #expect(model.owners(of: "Classes/UIDevice+screen.m") == [0])
        #expect(model.owners(of: "Classes/UIDevice+Screen.m") == [0])
        #expect(model.owners(of: "Classes/Other.m").isEmpty)
        #expect(!model.isUnbuilt("Classes/UIDevice+screen.m", owners: model.owners(of: "Classes/UIDevice+screen.m")))
    }
}

/// The scene delegate `migrate scenes` writes, in Swift or Objective-C: it makes the app's window
/// in its scene and has the app delegate set it up as launch did, and passes each scene callback
/// on to the app delegate method that handled it before scenes (TN3187's table of what moves).
struct SceneDelegateTemplate {
    /// What the scene delegate is written for.
    var name: String
    var appDelegate: String
    /// Whether the target runs below iOS 13: the class is marked available from 13.0.
    var annotate: Bool
    /// How the window comes to be.
    var window: Window
    var callbacks: [AppDelegateShape.Callback]
    var urlHandler: AppDelegateShape.URLHandler?
    var continuesActivities: Bool
    var performsShortcuts: Bool
    /// The app delegate's header (Objective-C), and what else the window's class needs imported.
    var header: String?
    var imports: [String] = []

    enum Window {
        /// The scene delegate makes a window of this class and has the app delegate set it up.
        case made(String, setUp: Bool, viaFrame: Bool)
        /// UIKit makes it from the storyboard; the app delegate may set it up (`setUp`).
        case storyboard(setUp: Bool)
        /// The old window's root view controller moves over (the set-up could not be moved).
        case rootViewController
        /// Nothing to show: another object makes the app's window (the to-do list says where).
        case none
    }

    // MARK: Swift

    var swift: String {
        var s = "import" + """
             UIKit

            /// The app's scene delegate (TN3187, "Migrating to the UIKit scene-based life cycle"). It makes the
            /// app's window in its scene and has the app delegate set it up as launch did, and it passes what a
            /// scene receives — links, user activities, shortcut items, activation changes — to the app
            /// delegate's methods that handled them before scenes. Written by `fleetscan migrate scenes`.

            """
        if annotate { s += "@available(iOS 13.0, *)\n" }
        s += """
            class \(name): UIResponder, UIWindowSceneDelegate {
                var window: UIWindow?

                private var appDelegate: \(appDelegate)? { UIApplication.shared.delegate as? \(appDelegate) }

                func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {

            """
        switch window {
        case .made(let cls, let setUp, let viaFrame):
            s += "        guard let windowScene = scene as? UIWindowScene else { return }\n"
            s += "        // The app's window, in this scene" + (setUp ? ", set up by the app delegate as at launch.\n" : ".\n")
            if viaFrame {
                s += "        let window = \(cls)(frame: windowScene.coordinateSpace.bounds)\n        window.windowScene = windowScene\n"
            } else {
                s += "        let window = \(cls)(windowScene: windowScene)\n"
            }
            s += "        self.window = window\n"
            if setUp { s += "        appDelegate?.setUpWindow(window)\n" }
            s += "        window.makeKeyAndVisible()\n"
        case .storyboard(let setUp):
            s += "        // UIKit made the window from the storyboard (UISceneStoryboardFile)" + (setUp ? "; the app delegate sets it up as at launch.\n" : ".\n")
            s += setUp ? "        if let window { appDelegate?.setUpWindow(window) }\n" : "        guard scene is UIWindowScene else { return }\n"
        case .rootViewController:
            s += """
                        guard let windowScene = scene as? UIWindowScene else { return }
                        // The window the app delegate made and set up at launch, attached to this scene (see the to-do list
                        // of the migration: its set-up could not be moved here), so whatever holds it keeps working.
                        guard let launchWindow = appDelegate?.window else { return }
                        launchWindow.frame = windowScene.coordinateSpace.bounds
                        launchWindow.windowScene = windowScene
                        self.window = launchWindow
                        launchWindow.makeKeyAndVisible()

                """
        case .none:
            s += "        guard scene is UIWindowScene else { return }\n"
            s += "        // The app delegate makes no window: make the app's window here (see the migration's to-do list).\n"
        }
        if urlHandler != nil || continuesActivities || performsShortcuts { s += "        // What launched the app.\n" }
        if urlHandler != nil { s += "        for context in connectionOptions.urlContexts { open(context) }\n" }
        if continuesActivities { s += "        for activity in connectionOptions.userActivities { continueActivity(activity) }\n" }
        if performsShortcuts { s += "        if let item = connectionOptions.shortcutItem { perform(item) { _ in } }\n" }
        s += "    }\n"
        for c in callbacks {
            s += "\n    func \(c.scene)(_ scene: UIScene) {\n        appDelegate?.\(c.swift)(UIApplication.shared)\n    }\n"
        }
        if let urlHandler {
            s += """

                    func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {
                        for context in URLContexts { open(context) }
                    }

                """
            switch urlHandler {
            case .options:
                s += """

                        /// A link, with the options it was opened with, to the app delegate's application(_:open:options:).
                        private func open(_ context: UIOpenURLContext) {
                            var options: [UIApplication.OpenURLOptionsKey: Any] = [.openInPlace: context.options.openInPlace]
                            if let source = context.options.sourceApplication { options[.sourceApplication] = source }
                            if let annotation = context.options.annotation { options[.annotation] = annotation }
                            _ = appDelegate?.application(UIApplication.shared, open: context.url, options: options)
                        }

                    """
            case .sourceApplication:
                s += """

                        /// A link, with the app that opened it, to the app delegate's application(_:open:sourceApplication:annotation:).
                        private func open(_ context: UIOpenURLContext) {
                            _ = appDelegate?.application(UIApplication.shared, open: context.url, sourceApplication: context.options.sourceApplication,
                                                         annotation: context.options.annotation as Any)
                        }

                    """
            case .handleOpen:
                s += """

                        /// A link, to the app delegate's application(_:handleOpen:).
                        private func open(_ context: UIOpenURLContext) {
                            _ = appDelegate?.application(UIApplication.shared, handleOpen: context.url)
                        }

                    """
            }
        }
        if continuesActivities {
            s += """

                    func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
                        continueActivity(userActivity)
                    }

                    private func continueActivity(_ activity: NSUserActivity) {
                        _ = appDelegate?.application(UIApplication.shared, continue: activity, restorationHandler: { _ in })
                    }

                """
        }
        if performsShortcuts {
            s += """

                    func windowScene(_ windowScene: UIWindowScene, performActionFor shortcutItem: UIApplicationShortcutItem,
                                     completionHandler: @escaping (Bool) -> Void) {
                        perform(shortcutItem, completionHandler: completionHandler)
                    }

                    private func perform(_ item: UIApplicationShortcutItem, completionHandler: @escaping (Bool) -> Void) {
                        appDelegate?.application(UIApplication.shared, performActionFor: item, completionHandler: completionHandler)
                    }

                """
        }
        return s + "}\n"
    }

    // MARK: Objective-C

    var objcHeader: String {
        "#import <UIKit/UIKit.h>\n\n/// The app's scene delegate (TN3187). Written by `fleetscan migrate scenes`.\n"
            + (annotate ? "API_AVAILABLE(ios(13.0))\n" : "")
            + "@interface \(name) : UIResponder <UIWindowSceneDelegate>\n@property (strong, nonatomic) UIWindow *window;\n@end\n"
    }

    var objc: String {
        let headerName = header.map { String($0.split(separator: "/").last ?? Substring($0)) } ?? appDelegate + ".h"
        var s = "#import \"\(name).h\"\n#import \"\(headerName)\"\n"
        for i in imports where i != headerName && i != name + ".h" { s += "#import \"\(i)\"\n" }
        var setUp = false
        if case .made(_, true, _) = window { setUp = true }
        if case .storyboard(true) = window { setUp = true }
        if setUp {
            s += """

                /// What the app delegate's launch code did to its window, done to a scene's window (fleetscan migrate scenes).
                @interface \(appDelegate) (SceneLifeCycle)
                - (void)setUpWindow:(UIWindow *)window;
                @end

                """
        }
        s += """

            /// Makes the app's window in its scene and has the app delegate set it up as launch did, and passes what a
            /// scene receives — links, user activities, shortcut items, activation changes — to the app delegate's
            /// methods that handled them before scenes (TN3187). Written by `fleetscan migrate scenes`.
            @implementation \(name)

            /// The app's delegate, when it is \(appDelegate) (a test host may install another): nil otherwise.
            - (\(appDelegate) *)appDelegate {
                id<UIApplicationDelegate> delegate = UIApplication.sharedApplication.delegate;
                return [(NSObject *)delegate isKindOfClass:[\(appDelegate) class]] ? (\(appDelegate) *)delegate : nil;
            }

            - (void)scene:(UIScene *)scene willConnectToSession:(UISceneSession *)session options:(UISceneConnectionOptions *)connectionOptions {
                if (![scene isKindOfClass:[UIWindowScene class]]) {
                    return;
                }

            """
        switch window {
        case .made(let cls, let setUp, _):
            s += "    // The app's window, in this scene" + (setUp ? ", set up by the app delegate as at launch.\n" : ".\n")
            s += "    self.window = [[\(cls) alloc] initWithWindowScene:(UIWindowScene *)scene];\n"
            if setUp { s += "    [self.appDelegate setUpWindow:self.window];\n" }
            s += "    [self.window makeKeyAndVisible];\n"
        case .storyboard(let setUp):
            s += "    // UIKit made the window from the storyboard (UISceneStoryboardFile)" + (setUp ? "; the app delegate sets it up as at launch.\n" : ".\n")
            if setUp { s += "    if (self.window) {\n        [self.appDelegate setUpWindow:self.window];\n    }\n" }
        case .rootViewController:
            s += """
                    // The window the app delegate made and set up at launch, attached to this scene (see the to-do list
                    // of the migration: its set-up could not be moved here), so whatever holds it keeps working.
                    UIWindow *launchWindow = self.appDelegate.window;
                    if (!launchWindow) {
                        return;
                    }
                    launchWindow.frame = ((UIWindowScene *)scene).coordinateSpace.bounds;
                    launchWindow.windowScene = (UIWindowScene *)scene;
                    self.window = launchWindow;
                    [self.window makeKeyAndVisible];

                """
        case .none:
            s += "    // The app delegate makes no window: make the app's window here (see the migration's to-do list).\n"
        }
        if urlHandler != nil || continuesActivities || performsShortcuts { s += "    // What launched the app.\n" }
        if urlHandler != nil {
            s += "    for (UIOpenURLContext *context in connectionOptions.URLContexts) {\n        [self openURLContext:context];\n    }\n"
        }
        if continuesActivities {
            s += "    for (NSUserActivity *activity in connectionOptions.userActivities) {\n        [self continueActivity:activity];\n    }\n"
        }
        if performsShortcuts {
            s += "    if (connectionOptions.shortcutItem) {\n        [self performShortcutItem:connectionOptions.shortcutItem completionHandler:^(BOOL succeeded) {}];\n    }\n"
        }
        s += "}\n"
        for c in callbacks {
            s += "\n- (void)\(c.sceneObjC.dropLast()):(UIScene *)scene {\n    [self.appDelegate \(c.objc.dropLast()):UIApplication.sharedApplication];\n}\n"
        }
        if let urlHandler {
            s += """

                - (void)scene:(UIScene *)scene openURLContexts:(NSSet<UIOpenURLContext *> *)URLContexts {
                    for (UIOpenURLContext *context in URLContexts) {
                        [self openURLContext:context];
                    }
                }

                """
            switch urlHandler {
            case .options:
                s += """

                    /// A link, with the options it was opened with, to the app delegate's application:openURL:options:.
                    - (void)openURLContext:(UIOpenURLContext *)context {
                        NSMutableDictionary<UIApplicationOpenURLOptionsKey, id> *options = [NSMutableDictionary new];
                        options[UIApplicationOpenURLOptionsOpenInPlaceKey] = @(context.options.openInPlace);
                        if (context.options.sourceApplication) {
                            options[UIApplicationOpenURLOptionsSourceApplicationKey] = context.options.sourceApplication;
                        }
                        if (context.options.annotation) {
                            options[UIApplicationOpenURLOptionsAnnotationKey] = context.options.annotation;
                        }
                        [self.appDelegate application:UIApplication.sharedApplication openURL:context.URL options:options];
                    }

                    """
            case .sourceApplication:
                s += """

                    /// A link, with the app that opened it, to the app delegate's application:openURL:sourceApplication:annotation:.
                    - (void)openURLContext:(UIOpenURLContext *)context {
                        [self.appDelegate application:UIApplication.sharedApplication openURL:context.URL
                                    sourceApplication:context.options.sourceApplication annotation:context.options.annotation];
                    }

                    """
            case .handleOpen:
                s += """

                    /// A link, to the app delegate's application:handleOpenURL:.
                    - (void)openURLContext:(UIOpenURLContext *)context {
                        [self.appDelegate application:UIApplication.sharedApplication handleOpenURL:context.URL];
                    }

                    """
            }
        }
        if continuesActivities {
            s += """

                - (void)scene:(UIScene *)scene continueUserActivity:(NSUserActivity *)userActivity {
                    [self continueActivity:userActivity];
                }

                - (void)continueActivity:(NSUserActivity *)activity {
                    [self.appDelegate application:UIApplication.sharedApplication continueUserActivity:activity
                               restorationHandler:^(NSArray *restorableObjects) {}];
                }

                """
        }
        if performsShortcuts {
            s += """

                - (void)windowScene:(UIWindowScene *)windowScene performActionForShortcutItem:(UIApplicationShortcutItem *)shortcutItem
                  completionHandler:(void (^)(BOOL))completionHandler {
                    [self performShortcutItem:shortcutItem completionHandler:completionHandler];
                }

                - (void)performShortcutItem:(UIApplicationShortcutItem *)item completionHandler:(void (^)(BOOL))completionHandler {
                    [self.appDelegate application:UIApplication.sharedApplication performActionForShortcutItem:item
                                completionHandler:completionHandler];
                }

                """
        }
        return s + "\n@end\n"
    }
}

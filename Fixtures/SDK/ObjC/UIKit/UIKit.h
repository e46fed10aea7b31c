// Stand-ins for the UIKit API that fleetscan's patches and their fixtures use, with the
// availability Apple's documentation gives (see Foundation.h for why and how).
#pragma once
#import <Foundation/Foundation.h>

@class UIWindow, UIWindowScene, UIScene, UISceneSession, UIViewController, UIView, UIScreen, UIApplication;

typedef NS_ENUM(NSInteger, UIUserInterfaceIdiom) {
    UIUserInterfaceIdiomUnspecified = -1,
    UIUserInterfaceIdiomPhone,
    UIUserInterfaceIdiomPad,
};
typedef NS_ENUM(NSInteger, UIUserInterfaceSizeClass) {
    UIUserInterfaceSizeClassUnspecified,
    UIUserInterfaceSizeClassCompact,
    UIUserInterfaceSizeClassRegular,
};
typedef NS_ENUM(NSInteger, UIInterfaceOrientation) {
    UIInterfaceOrientationUnknown,
    UIInterfaceOrientationPortrait,
    UIInterfaceOrientationPortraitUpsideDown,
    UIInterfaceOrientationLandscapeLeft,
    UIInterfaceOrientationLandscapeRight,
};
typedef NS_ENUM(NSInteger, UIApplicationState) {
    UIApplicationStateActive,
    UIApplicationStateInactive,
    UIApplicationStateBackground,
};
typedef NSUInteger UIBackgroundTaskIdentifier;
extern const UIBackgroundTaskIdentifier UIBackgroundTaskInvalid;
typedef struct UIEdgeInsets { CGFloat top, left, bottom, right; } UIEdgeInsets;
static inline CGRect UIEdgeInsetsInsetRect(CGRect rect, UIEdgeInsets insets) { return rect; }
typedef NSString *UIApplicationLaunchOptionsKey;
typedef NSString *UIApplicationOpenURLOptionsKey;
typedef NSString *UISceneSessionRole;
extern UIApplicationLaunchOptionsKey const UIApplicationLaunchOptionsURLKey;
extern UIApplicationLaunchOptionsKey const UIApplicationLaunchOptionsSourceApplicationKey;
extern UIApplicationLaunchOptionsKey const UIApplicationLaunchOptionsShortcutItemKey API_AVAILABLE(ios(9.0));
extern UIApplicationLaunchOptionsKey const UIApplicationLaunchOptionsUserActivityDictionaryKey API_AVAILABLE(ios(8.0));
extern UIApplicationOpenURLOptionsKey const UIApplicationOpenURLOptionsSourceApplicationKey API_AVAILABLE(ios(9.0));
extern UIApplicationOpenURLOptionsKey const UIApplicationOpenURLOptionsAnnotationKey API_AVAILABLE(ios(9.0));
extern UIApplicationOpenURLOptionsKey const UIApplicationOpenURLOptionsOpenInPlaceKey API_AVAILABLE(ios(9.0));
extern UISceneSessionRole const UIWindowSceneSessionRoleApplication API_AVAILABLE(ios(13.0));
extern NSString *const UIApplicationDidBecomeActiveNotification;
extern NSString *const UIApplicationWillResignActiveNotification;
extern NSString *const UIApplicationDidEnterBackgroundNotification;
extern NSString *const UIApplicationWillEnterForegroundNotification;
extern NSString *const UIKeyboardFrameEndUserInfoKey;
UIUserInterfaceIdiom UI_USER_INTERFACE_IDIOM(void);

@class UITraitCollection;
@interface UIColor : NSObject
@property (class, readonly) UIColor *whiteColor;
@property (class, readonly) UIColor *blackColor;
@property (class, readonly) UIColor *clearColor;
@property (class, readonly) UIColor *systemBackgroundColor API_AVAILABLE(ios(13.0));
+ (UIColor *)colorWithWhite:(CGFloat)white alpha:(CGFloat)alpha;
+ (UIColor *)colorWithDynamicProvider:(UIColor * (^)(UITraitCollection *traitCollection))dynamicProvider API_AVAILABLE(ios(13.0));
@end

@interface UIFont : NSObject
+ (UIFont *)systemFontOfSize:(CGFloat)size;
@end

@interface UIImage : NSObject
+ (UIImage *)imageNamed:(NSString *)name;
@end

@interface CALayer : NSObject
@property CGFloat contentsScale;
@property CGFloat rasterizationScale;
@property CGFloat borderWidth;
@property CGFloat cornerRadius;
@property BOOL shouldRasterize;
@property CGRect frame;
@property CGPathRef shadowPath;
@end

@interface UIBezierPath : NSObject
+ (instancetype)bezierPathWithRect:(CGRect)rect;
@property (readonly) CGPathRef CGPath;
@end

@class NSLayoutConstraint;
@interface NSLayoutYAxisAnchor : NSObject
- (NSLayoutConstraint *)constraintEqualToAnchor:(NSLayoutYAxisAnchor *)anchor;
@end

@interface NSLayoutConstraint : NSObject
@property (getter=isActive) BOOL active;
@property CGFloat constant;
@end

@interface UILayoutGuide : NSObject
@property (readonly) NSLayoutYAxisAnchor *topAnchor;
@property (readonly) NSLayoutYAxisAnchor *bottomAnchor;
@end

@interface UITraitCollection : NSObject
@property (readonly) CGFloat displayScale API_AVAILABLE(ios(8.0));
@property (readonly) UIUserInterfaceSizeClass horizontalSizeClass API_AVAILABLE(ios(8.0));
@property (readonly) UIUserInterfaceSizeClass verticalSizeClass API_AVAILABLE(ios(8.0));
@property (readonly) UIUserInterfaceIdiom userInterfaceIdiom API_AVAILABLE(ios(8.0));
@end

@protocol UITraitEnvironment <NSObject>
@property (readonly) UITraitCollection *traitCollection API_AVAILABLE(ios(8.0));
@end

API_AVAILABLE(ios(17.0))
@protocol UITraitChangeRegistration <NSObject>
@end

@protocol UITraitChangeObservable
- (id<UITraitChangeRegistration>)registerForTraitChanges:(NSArray *)traits withAction:(SEL)action API_AVAILABLE(ios(17.0));
@end

@protocol UICoordinateSpace <NSObject>
@property (readonly) CGRect bounds;
- (CGRect)convertRect:(CGRect)rect toCoordinateSpace:(id<UICoordinateSpace>)coordinateSpace API_AVAILABLE(ios(8.0));
- (CGRect)convertRect:(CGRect)rect fromCoordinateSpace:(id<UICoordinateSpace>)coordinateSpace API_AVAILABLE(ios(8.0));
@end

@interface UIScreen : NSObject <UITraitEnvironment, UICoordinateSpace>
@property (class, readonly) UIScreen *mainScreen API_DEPRECATED("Use a UIScreen instance found through context instead: i.e, view.window.windowScene.screen", ios(2.0, 16.0));
@property (readonly) CGRect bounds;
@property (readonly) CGRect nativeBounds API_AVAILABLE(ios(8.0));
@property (readonly) CGFloat scale;
@property (readonly) CGFloat nativeScale API_AVAILABLE(ios(8.0));
@property (readonly) CGRect applicationFrame API_DEPRECATED("Use -[UIScreen bounds]", ios(2.0, 9.0));
@property (readonly) id<UICoordinateSpace> coordinateSpace API_AVAILABLE(ios(8.0));
@end

@interface UIDevice : NSObject
@property (class, readonly) UIDevice *currentDevice;
@property (readonly) UIUserInterfaceIdiom userInterfaceIdiom;
@end

@interface UIResponder : NSObject
@end

@interface UIView : UIResponder <UITraitEnvironment, UICoordinateSpace, UITraitChangeObservable>
- (instancetype)initWithFrame:(CGRect)frame NS_DESIGNATED_INITIALIZER;
- (instancetype)initWithCoder:(NSCoder *)coder NS_DESIGNATED_INITIALIZER;
@property CGRect frame;
@property CGRect bounds;
@property CGPoint center;
@property (readonly) UIWindow *window;
@property (readonly) UIView *superview;
@property (readonly) NSArray<UIView *> *subviews;
@property (strong) UIColor *backgroundColor;
@property (strong) UIColor *tintColor API_AVAILABLE(ios(7.0));
@property CGFloat alpha;
@property BOOL hidden;
@property BOOL clipsToBounds;
@property (readonly) CALayer *layer;
@property (readonly) UIEdgeInsets safeAreaInsets API_AVAILABLE(ios(11.0));
@property (readonly) UILayoutGuide *safeAreaLayoutGuide API_AVAILABLE(ios(11.0));
@property (readonly) NSLayoutYAxisAnchor *topAnchor API_AVAILABLE(ios(9.0));
@property (readonly) NSLayoutYAxisAnchor *bottomAnchor API_AVAILABLE(ios(9.0));
- (BOOL)endEditing:(BOOL)force;
- (void)addSubview:(UIView *)view;
- (void)removeFromSuperview;
- (void)layoutSubviews;
- (void)setNeedsLayout;
- (void)layoutIfNeeded;
- (void)awakeFromNib;
- (void)drawRect:(CGRect)rect;
- (CGRect)convertRect:(CGRect)rect toView:(UIView *)view;
- (CGRect)convertRect:(CGRect)rect fromView:(UIView *)view;
+ (void)animateWithDuration:(NSTimeInterval)duration animations:(void (^)(void))animations;
@end

@interface UITableViewCell : UIView
- (instancetype)initWithStyle:(NSInteger)style reuseIdentifier:(NSString *)reuseIdentifier;
@end

@interface UICollectionViewCell : UIView
@property (getter=isHighlighted) BOOL highlighted;
@end

@interface UILabel : UIView
@property (copy) NSString *text;
@end

@interface UIImageView : UIView
- (instancetype)initWithImage:(UIImage *)image;
@end

@interface UIWindow : UIView
- (instancetype)initWithWindowScene:(UIWindowScene *)windowScene API_AVAILABLE(ios(13.0));
@property (strong) UIScreen *screen;
@property (weak) UIWindowScene *windowScene API_AVAILABLE(ios(13.0));
@property (strong) UIViewController *rootViewController;
@property CGFloat windowLevel;
@property (readonly, getter=isKeyWindow) BOOL keyWindow;
- (void)makeKeyAndVisible;
- (void)makeKeyWindow;
@end

@protocol UIViewControllerTransitionCoordinatorContext <NSObject>
@property (readonly, getter=isAnimated) BOOL animated;
@end

@protocol UIViewControllerTransitionCoordinator <UIViewControllerTransitionCoordinatorContext>
- (BOOL)animateAlongsideTransition:(void (^)(id<UIViewControllerTransitionCoordinatorContext> context))animation
                        completion:(void (^)(id<UIViewControllerTransitionCoordinatorContext> context))completion;
@end

@protocol UILayoutSupport <NSObject>
@property (readonly) CGFloat length;
@property (readonly) NSLayoutYAxisAnchor *topAnchor API_AVAILABLE(ios(9.0));
@property (readonly) NSLayoutYAxisAnchor *bottomAnchor API_AVAILABLE(ios(9.0));
@end

@interface UIViewController : UIResponder <UITraitEnvironment, UITraitChangeObservable>
- (instancetype)initWithNibName:(NSString *)nibName bundle:(NSBundle *)bundle NS_DESIGNATED_INITIALIZER;
- (instancetype)initWithCoder:(NSCoder *)coder NS_DESIGNATED_INITIALIZER;
@property (strong) UIView *view;
@property (copy) NSString *title;
@property (readonly) UIViewController *presentedViewController;
@property (nonatomic) CGSize preferredContentSize API_AVAILABLE(ios(7.0));
@property (readonly) id<UILayoutSupport> topLayoutGuide API_DEPRECATED("Use view.safeAreaLayoutGuide.topAnchor instead", ios(7.0, 11.0));
@property (readonly) id<UILayoutSupport> bottomLayoutGuide API_DEPRECATED("Use view.safeAreaLayoutGuide.bottomAnchor instead", ios(7.0, 11.0));
- (void)loadView;
- (void)viewDidLoad;
- (void)viewWillAppear:(BOOL)animated;
- (void)viewDidAppear:(BOOL)animated;
- (void)viewIsAppearing:(BOOL)animated API_AVAILABLE(ios(13.0));
- (void)viewWillLayoutSubviews;
- (void)viewDidLayoutSubviews;
- (void)viewWillTransitionToSize:(CGSize)size withTransitionCoordinator:(id<UIViewControllerTransitionCoordinator>)coordinator API_AVAILABLE(ios(8.0));
- (void)presentViewController:(UIViewController *)viewController animated:(BOOL)animated completion:(void (^)(void))completion;
- (void)dismissViewControllerAnimated:(BOOL)animated completion:(void (^)(void))completion;
- (void)addChildViewController:(UIViewController *)child;
// uikit/uiviewcontroller/prefersinterfaceorientationlocked: iOS 26.0
@property (readonly) BOOL prefersInterfaceOrientationLocked API_AVAILABLE(ios(26.0));
- (void)setNeedsUpdateOfPrefersInterfaceOrientationLocked API_AVAILABLE(ios(26.0));
@end

@interface UINavigationController : UIViewController
- (instancetype)initWithRootViewController:(UIViewController *)rootViewController;
@property (copy) NSArray<UIViewController *> *viewControllers;
@end

@interface UISplitViewController : UIViewController
@property (copy) NSArray<UIViewController *> *viewControllers;
@end

@interface UITabBarController : UIViewController
@property (copy) NSArray<UIViewController *> *viewControllers;
@end

@interface UIStoryboard : NSObject
+ (UIStoryboard *)storyboardWithName:(NSString *)name bundle:(NSBundle *)bundle;
- (UIViewController *)instantiateInitialViewController;
- (UIViewController *)instantiateViewControllerWithIdentifier:(NSString *)identifier;
@end

API_AVAILABLE(ios(9.0))
@interface UIApplicationShortcutItem : NSObject
@property (readonly, copy) NSString *type;
@property (readonly, copy) NSString *localizedTitle;
@end

API_AVAILABLE(ios(13.0))
@interface UISceneConfiguration : NSObject
- (instancetype)initWithName:(NSString *)name sessionRole:(UISceneSessionRole)sessionRole;
+ (instancetype)configurationWithName:(NSString *)name sessionRole:(UISceneSessionRole)sessionRole;
@property (readonly) NSString *name;
@property (readonly) UISceneSessionRole role;
@property Class delegateClass;
@property (strong) UIStoryboard *storyboard;
@end

API_AVAILABLE(ios(13.0))
@interface UISceneSession : NSObject
@property (readonly) UISceneSessionRole role;
@property (readonly) UISceneConfiguration *configuration;
@property (readonly) NSUserActivity *stateRestorationActivity;
@end

API_AVAILABLE(ios(13.0))
@interface UISceneOpenURLOptions : NSObject
@property (readonly) NSString *sourceApplication;
@property (readonly) id annotation;
@property (readonly) BOOL openInPlace;
@end

API_AVAILABLE(ios(13.0))
@interface UIOpenURLContext : NSObject
@property (readonly, copy) NSURL *URL;
@property (readonly, strong) UISceneOpenURLOptions *options;
@end

API_AVAILABLE(ios(13.0))
@interface UISceneConnectionOptions : NSObject
@property (readonly, copy) NSSet<UIOpenURLContext *> *URLContexts;
@property (readonly, copy) NSSet<NSUserActivity *> *userActivities;
@property (readonly) UIApplicationShortcutItem *shortcutItem;
@property (readonly) NSString *sourceApplication;
@end

@protocol UISceneDelegate;

typedef NS_ENUM(NSInteger, UISceneActivationState) {
    UISceneActivationStateUnattached = -1,
    UISceneActivationStateForegroundActive,
    UISceneActivationStateForegroundInactive,
    UISceneActivationStateBackground
} API_AVAILABLE(ios(13.0));

API_AVAILABLE(ios(13.0))
@interface UIScene : UIResponder
@property (readonly) UISceneSession *session;
@property (strong) id<UISceneDelegate> delegate;
@property (readonly) UISceneActivationState activationState;
@end

// UserNotifications: a notification response names the scene it was acted on in (iOS 13).
API_AVAILABLE(ios(10.0))
@interface UNNotificationResponse : NSObject
@property (nullable, readonly) UIScene *targetScene API_AVAILABLE(ios(13.0));
@end

API_AVAILABLE(ios(13.0))
@interface UIStatusBarManager : NSObject
@property (readonly) CGRect statusBarFrame;
@property (readonly, getter=isStatusBarHidden) BOOL statusBarHidden;
@end

API_AVAILABLE(ios(16.0))
@interface UIWindowSceneGeometry : NSObject
@property (readonly) UIInterfaceOrientation interfaceOrientation;
@property (readonly) id<UICoordinateSpace> coordinateSpace API_AVAILABLE(ios(26.0));
@end

API_AVAILABLE(ios(13.0))
@interface UIWindowScene : UIScene <UITraitEnvironment>
@property (readonly) UIWindowSceneGeometry *effectiveGeometry API_AVAILABLE(ios(16.0));
@property (readonly) NSArray<UIWindow *> *windows;
@property (readonly) UIScreen *screen;
@property (readonly) id<UICoordinateSpace> coordinateSpace;
@property (readonly) UIStatusBarManager *statusBarManager;
@property (readonly) UIInterfaceOrientation interfaceOrientation;
@property (readonly) UIWindow *keyWindow API_AVAILABLE(ios(15.0));
@end

API_AVAILABLE(ios(13.0))
@protocol UISceneDelegate <NSObject>
@optional
- (void)scene:(UIScene *)scene willConnectToSession:(UISceneSession *)session options:(UISceneConnectionOptions *)connectionOptions;
- (void)sceneDidDisconnect:(UIScene *)scene;
- (void)sceneDidBecomeActive:(UIScene *)scene;
- (void)sceneWillResignActive:(UIScene *)scene;
- (void)sceneWillEnterForeground:(UIScene *)scene;
- (void)sceneDidEnterBackground:(UIScene *)scene;
- (void)scene:(UIScene *)scene openURLContexts:(NSSet<UIOpenURLContext *> *)URLContexts;
- (void)scene:(UIScene *)scene continueUserActivity:(NSUserActivity *)userActivity;
- (NSUserActivity *)stateRestorationActivityForScene:(UIScene *)scene;
@end

API_AVAILABLE(ios(13.0))
@protocol UIWindowSceneDelegate <UISceneDelegate>
@optional
@property (strong, nonatomic) UIWindow *window;
- (void)windowScene:(UIWindowScene *)windowScene performActionForShortcutItem:(UIApplicationShortcutItem *)shortcutItem
  completionHandler:(void (^)(BOOL succeeded))completionHandler;
- (void)windowScene:(UIWindowScene *)windowScene didUpdateEffectiveGeometry:(UIWindowSceneGeometry *)previousEffectiveGeometry API_AVAILABLE(ios(26.0));
@end

@protocol UIApplicationDelegate <NSObject>
@optional
@property (strong, nonatomic) UIWindow *window;
- (BOOL)application:(UIApplication *)application willFinishLaunchingWithOptions:(NSDictionary<UIApplicationLaunchOptionsKey, id> *)launchOptions;
- (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary<UIApplicationLaunchOptionsKey, id> *)launchOptions;
- (void)applicationDidBecomeActive:(UIApplication *)application;
- (void)applicationWillResignActive:(UIApplication *)application;
- (void)applicationDidEnterBackground:(UIApplication *)application;
- (void)applicationWillEnterForeground:(UIApplication *)application;
- (void)applicationWillTerminate:(UIApplication *)application;
- (BOOL)application:(UIApplication *)app openURL:(NSURL *)url options:(NSDictionary<UIApplicationOpenURLOptionsKey, id> *)options API_AVAILABLE(ios(9.0));
- (BOOL)application:(UIApplication *)application openURL:(NSURL *)url sourceApplication:(NSString *)sourceApplication annotation:(id)annotation
  API_DEPRECATED("Use application:openURL:options:", ios(4.2, 9.0));
- (BOOL)application:(UIApplication *)application continueUserActivity:(NSUserActivity *)userActivity
  restorationHandler:(void (^)(NSArray *restorableObjects))restorationHandler API_AVAILABLE(ios(8.0));
- (void)application:(UIApplication *)application performActionForShortcutItem:(UIApplicationShortcutItem *)shortcutItem
  completionHandler:(void (^)(BOOL succeeded))completionHandler API_AVAILABLE(ios(9.0));
- (UISceneConfiguration *)application:(UIApplication *)application configurationForConnectingSceneSession:(UISceneSession *)connectingSceneSession
                              options:(UISceneConnectionOptions *)options API_AVAILABLE(ios(13.0));
- (BOOL)application:(UIApplication *)application shouldSaveSecureApplicationState:(NSCoder *)coder API_AVAILABLE(ios(13.2));
- (BOOL)application:(UIApplication *)application shouldRestoreSecureApplicationState:(NSCoder *)coder API_AVAILABLE(ios(13.2));
@end

@interface UIApplication : UIResponder
@property (class, readonly) UIApplication *sharedApplication;
@property (weak) id<UIApplicationDelegate> delegate;
@property (readonly) NSArray<UIWindow *> *windows API_DEPRECATED("Use UIWindowScene.windows on a relevant window scene instead", ios(2.0, 15.0));
@property (readonly) UIWindow *keyWindow API_DEPRECATED("Should not be used for applications that support multiple scenes as it returns a key window across all connected scenes", ios(2.0, 13.0));
@property (readonly) CGRect statusBarFrame API_DEPRECATED("Use the statusBarManager property of the window scene instead.", ios(2.0, 13.0));
@property (readonly) UIInterfaceOrientation statusBarOrientation API_DEPRECATED("Use the interfaceOrientation property of the window scene instead.", ios(2.0, 13.0));
@property (readonly) NSSet<UIScene *> *connectedScenes API_AVAILABLE(ios(13.0));
@property (readonly) UIApplicationState applicationState;
@property (getter=isIdleTimerDisabled) BOOL idleTimerDisabled;
@property NSInteger applicationIconBadgeNumber;
- (UIBackgroundTaskIdentifier)beginBackgroundTaskWithExpirationHandler:(void (^)(void))handler;
- (void)endBackgroundTask:(UIBackgroundTaskIdentifier)identifier;
- (void)openURL:(NSURL *)url options:(NSDictionary *)options completionHandler:(void (^)(BOOL success))completion API_AVAILABLE(ios(10.0));
@end

int UIApplicationMain(int argc, char *argv[], NSString *principalClassName, NSString *delegateClassName);
NSString *NSStringFromClass(Class aClass);

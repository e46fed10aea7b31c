/// Every word the lexer recognises: language keywords and the UIKit names rules look for.
/// A token's `code` holds the word's raw value, so rules compare integers, not strings.
/// Add a case to teach rules a new name; the spelling is the case name.
public enum Word: UInt16, Sendable, CaseIterable {
    case none = 0
    // Swift and C keywords, modifiers and contextual words.
    case `class`, `struct`, `enum`, `extension`, `protocol`, actor, `func`, `init`, `deinit`, `subscript`
    case `let`, `var`, `static`, `override`, `private`, `fileprivate`, `internal`, `public`, open, final
    case lazy, weak, unowned, `mutating`, convenience, required, dynamic, optional, indirect, nonisolated
    case get, set, willSet, didSet, `return`, `if`, `guard`, `else`, `for`, `in`, `while`, `repeat`, `do`
    case `catch`, `switch`, `case`, `default`, `defer`, `where`, `as`, `is`, `try`, await, `throws`, async
    case `import`, `typealias`, `self`, `Self`, `super`, `true`, `false`, `nil`, some, any, `inout`
    case `break`, `continue`, `throw`, `fallthrough`, macro, package
    case const, extern, inline, typedef, union, void, sizeof, goto, instancetype, id, YES, NO, NULL
    case nonatomic, atomic, strong, readonly, readwrite, copy, assign, nullable, nonnull
    case __weak, __strong, __block, __kindof, __attribute__, NS_ASSUME_NONNULL_BEGIN, NS_ASSUME_NONNULL_END
    // Objective-C @-words and preprocessor directives.
    case interface, implementation, end, property, selector, synthesize, finally, synchronized
    case autoreleasepool, available, define, undef, ifdef, ifndef, elif, elseif, endif, defined
    case include, pragma, error, warning, line, unavailable, keyPath, objc, main, MainActor, Observable
    // The screen.
    case UIScreen, mainScreen, scale, nativeScale, bounds, nativeBounds, applicationFrame, currentMode
    case size, width, height, maxX, maxY, origin, coordinateSpace, fixedCoordinateSpace, screen, screens
    case traitCollection, displayScale, brightness
    // The application object and its windows.
    case UIApplication, shared, sharedApplication, windows, keyWindow, delegate, window, statusBarFrame
    case statusBarOrientation, statusBarManager, connectedScenes, isKeyWindow
    // Device idiom and orientation.
    case UIDevice, current, currentDevice, orientation, userInterfaceIdiom, UI_USER_INTERFACE_IDIOM
    case pad, phone, UIUserInterfaceIdiom, UIUserInterfaceIdiomPad, UIUserInterfaceIdiomPhone
    case interfaceOrientation, UIInterfaceOrientationIsLandscape, UIInterfaceOrientationIsPortrait
    case UIDeviceOrientationIsLandscape, UIDeviceOrientationIsPortrait, isLandscape, isPortrait
    // Windows, scenes and delegates.
    case UIWindow, alloc, initWithFrame, initWithWindowScene, windowScene, frame, new, makeKeyAndVisible
    case UIApplicationDelegate, UIWindowSceneDelegate, UISceneDelegate, UIResponder, coder
    case applicationDidBecomeActive, applicationWillResignActive, applicationDidEnterBackground
    case applicationWillEnterForeground
    // Safe area, margins and layout.
    case safeAreaInsets, layoutMargins, directionalLayoutMargins, left, right, top, bottom, leading, trailing
    case UIEdgeInsets, UIEdgeInsetsMake, NSDirectionalEdgeInsets, NSDirectionalEdgeInsetsMake
    case topLayoutGuide, bottomLayoutGuide, viewDidLoad, awakeFromNib
    case viewWillTransition, willTransition, viewWillTransitionToSize, willTransitionToTraitCollection
    case to, with, constant, setFrame, setConstant, center, setCenter
    case keyboardFrameEndUserInfoKey, UIKeyboardFrameEndUserInfoKey, convert, convertRect
    case traitCollectionDidChange, dragInteraction, sessionWillBegin, present, presentViewController
    case UIView, animate, animateWithDuration
    // Geometry helpers that wrap or compare screen dimensions.
    case CGRectGetWidth, CGRectGetHeight, CGRectGetMaxX, CGRectGetMaxY, CGSizeEqualToSize, CGRectEqualToRect
    case CGSizeMake, CGRectMake, CGSize, CGRect, CGFloat, Int, Double, Float, NSInteger, CGFloat_t
    case max, min, MAX, MIN, fmax, fmin, fmaxf, fminf, round, floor, ceil, lround, roundf, floorf, ceilf
    case rounded, equalTo, __equalTo, int, float, double, long, unsigned, NSUInteger, UInt
    case x, y
    // Scenes, URLs and the project model.
    case App, UISceneConfiguration, initWithName, configurationWithName, name, UINavigationController, UIWindowScene
    case application, scene, openURL, handleOpenURL, openURLContexts, continueUserActivity, willConnectTo
    case willConnectToSession, urlContexts, URLContexts, userActivities, sharedInstance, manager, instance
    case onOpenURL, onContinueUserActivity
    // APIs newer than many deployment targets.
    case Bindable, Observation, Environment, environment, onChange, initial, ContentUnavailableView
    case navigationDestination, item, registerForTraitChanges, UICornerConfiguration, ConcentricRectangle
    case effectiveGeometry, didUpdateEffectiveGeometry, sidebar, preferredPlacement, barMinimizationBehavior
    case prominentTabIdentifier, preferredImageVisibility, UIViewReservedRegion, ReservedRegion, API_AVAILABLE
    case iOS, ios, introduced, requestGeometryUpdate, requestGeometryUpdateWithPreferences, isInteractivelyResizing
    case keyboardFrameBeginUserInfoKey, UIKeyboardFrameBeginUserInfoKey
    case UIScene, UISceneSession, UIOpenURLContext, UIStatusBarManager
    case NS_AVAILABLE_IOS, NS_CLASS_AVAILABLE_IOS, __IOS_AVAILABLE
    // Views.
    case addSubview, preferredContentSize, preferredMode

    /// The case name, which is the spelling.
    public var spelling: String { String(describing: self) }

    private static let all: [Word] = Word.allCases

    /// The word with this raw value, or `.none` (an array lookup: `init(rawValue:)` is a switch).
    @inline(__always) public static func byCode(_ code: UInt16) -> Word {
        Swift.Int(code) < all.count ? all[Swift.Int(code)] : .none
    }
}

/// Looks up identifier bytes among the known words by hash. Built once, shared, read-only.
///
/// `@unchecked Sendable`: the tables behind the pointers are written only in `init` (run once,
/// for `shared`) and only read afterwards.
public final class WordTable: @unchecked Sendable {
    public static let shared = WordTable()

    private let mask: Int
    private let hashes: UnsafeMutablePointer<UInt32>
    private let codes: UnsafeMutablePointer<UInt16>
    private let spellings: [[UInt8]]

    private init() {
        let all = Word.allCases.filter { $0 != .none }
        var size = 1
        while size < all.count * 4 { size <<= 1 }
        mask = size - 1
        hashes = .allocate(capacity: size)
        hashes.initialize(repeating: 0, count: size)
        codes = .allocate(capacity: size)
        codes.initialize(repeating: 0, count: size)
        var spellings = [[UInt8]](repeating: [], count: Int(Word.allCases.last!.rawValue) + 1)
        for word in all {
            let bytes = Array(word.spelling.utf8)
            spellings[Int(word.rawValue)] = bytes
            let h = identifierHash(word.spelling)
            var slot = Int(h) & mask
            while codes[slot] != 0 { slot = (slot + 1) & mask }
            hashes[slot] = h
            codes[slot] = word.rawValue
        }
        self.spellings = spellings
    }

    /// The word spelled by `length` bytes at `p` whose `hashBytes` is `hash`, or `.none`.
    @inline(__always) public func lookup(_ p: UnsafePointer<UInt8>, _ length: Int, hash: UInt32) -> UInt16 {
        var slot = Int(hash) & mask
        while true {
            let code = codes[slot]
            if code == 0 { return 0 }
            if hashes[slot] == hash {
                let spelling = spellings[Int(code)]
                if spelling.count == length && spelling.withUnsafeBufferPointer({ memEqual($0.baseAddress!, p, length) }) {
                    return code
                }
            }
            slot = (slot + 1) & mask
        }
    }
}

@inline(__always) func memEqual(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ n: Int) -> Bool {
    for k in 0..<n where a[k] != b[k] { return false }
    return true
}

extension Word {
    /// A Swift keyword or contextual keyword: `class` through `package`, the first block of
    /// cases. Backtick names are never one; a type name never is one.
    @inline(__always) public var isSwiftKeyword: Bool { self != .none && rawValue <= Word.package.rawValue }

    /// A word of the languages themselves — Swift's keywords, then C's and Objective-C's
    /// (`const` through `NS_ASSUME_NONNULL_END`) — as against the names rules know
    /// (`UIScreen`, `bounds`), which programs may also declare and use as names.
    @inline(__always) public var isLanguageWord: Bool { self != .none && rawValue <= Word.NS_ASSUME_NONNULL_END.rawValue }
}

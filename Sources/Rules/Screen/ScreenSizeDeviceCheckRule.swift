import RuleKit
import SourceLexing

/// Comparing the screen's size with a number ("isIPhoneX") guesses the device from geometry.
/// In resizable windows the window can take any size, so every such guess is wrong somewhere.
/// WWDC26 session 278 "Modernize your UIKit app": the "adaptation" logic of many old UIKit projects
/// really guesses the device; a real app's adaptation to a two-display device found device checks
/// among its thirty-odd `UIScreen.main.bounds` reads.
struct ScreenSizeDeviceCheckRule: ScreenGeometryRule {
    /// One device check is one finding, however many sizes it lists (`a == X || a == Y || …`).
    var onePerStatement: Bool { true }
    var aliasReading: String { "guesses the device from the screen's size; windows resize to any size" }
    let description = RuleDescription(
        id: .screenSizeDeviceCheck, name: "Device check by screen size", severity: .warning, facet: .size,
        summary: "Compares a screen dimension with a number to detect a device model (isIPhoneX).",
        rationale: """
            Old "adaptation" code guesses the device from the screen's size. \
            With iPhone apps resizing freely in iPhone Mirroring and on iPad, and a foldable iPhone changing \
            size with its posture, the window can be any size: a check for 812 points picks the wrong layout \
            or none at all. Notches and home indicators are what safe-area insets describe; available space \
            is what size classes and bounds describe.
            """,
        sources: [.modernizeUIKit, .iPhoneDuo, .apple("UITraitCollection.horizontalSizeClass", "uikit/uitraitcollection/horizontalsizeclass")],
        fix: RuleDescription.fixed("Decide layout from size classes or the available bounds; use safe-area insets for notches and the home indicator. Never infer the device model from the screen's size."),
        triggering: [
            // A size compared on the way to text still guesses the device (Bark's font size, a shorter title).
            Example("func title() -> String {\n    ↓UIScreen.main.bounds.width < 375 ? \"Short\" : \"A longer title\"\n}"),
            // The difference from a device's height, near zero (Session's `isIPhone6OrSmaller`).
            Example("public var ↓isIPhone6OrSmaller: Bool {\n    return (UIScreen.main.bounds.height - 667) < 1\n}"),
            // The screen's aspect ratio, scaled and cast, is still its size (ZFPlayer's `iPhoneX`), at the definition and its uses.
            .objc("#define ↓iPhoneX ((NSInteger)(([[UIScreen mainScreen] currentMode].size.height / [[UIScreen mainScreen] currentMode].size.width) * 100) == 216)", wraps: false),
            .objc("@implementation Bar\n- (void)layoutSubviews {\n    [super layoutSubviews];\n    CGFloat h = ↓iPhoneX ? 110 : 80;\n}\n@end",
                  files: ["Utilities.h": "#define iPhoneX ((NSInteger)(([[UIScreen mainScreen] currentMode].size.height / [[UIScreen mainScreen] currentMode].size.width) * 100) == 216)",
                          "Bar.h": "@interface Bar : UIView\n@end"]),
            Example("func f() { if ↓UIScreen.main.bounds.height / UIScreen.main.bounds.width > 2 { tall() } }"),
            // One of a list of device sizes, in place or through a local (SKPhotoBrowser's `isPhoneX`).
            Example("var isPhoneX: Bool {\n    let heights: [CGFloat] = [2436, 2688, 1792]\n    return heights.contains(↓UIScreen.main.nativeBounds.height)\n}"),
            // Through one local in the same function (Mumble's iPhone 5 check).
            .objc("@implementation Home\n- (void)f { CGFloat h = [↓UIScreen mainScreen].bounds.size.height; if (h == 568) { [self tall]; } }\n@end"),
            Example("func f() { let width = ↓UIScreen.main.bounds.width\n    if width >= 414 { wide() } }"),
            // A constant named for a device's size is the literal under another name (focus-ios's `iPhoneSEHeight`).
            Example("func f() { if ↓UIScreen.main.bounds.height == UIConstants.layout.iPhoneSEHeight { compact() } }"),
            .objc("- (void)f { if ([↓UIScreen mainScreen].bounds.size.height == kIPhone5Height) { [self compact]; } }"),
            // One device check, one finding: the sizes it lists are that check.
            .objc("""
                @implementation Tools
                + (BOOL)isIPhoneX {
                    if (@available(iOS 11.0, *)) { return NO; }
                    return (CGSizeEqualToSize([↓UIScreen mainScreen].bounds.size, CGSizeMake(375, 812)) ||
                            CGSizeEqualToSize([UIScreen mainScreen].bounds.size, CGSizeMake(414, 896)) ||
                            CGSizeEqualToSize([UIScreen mainScreen].bounds.size, CGSizeMake(390, 844)));
                }
                @end
                """),
            // A multi-line helper: its declaration is the check; the read inside is no second finding.
            Example("""
                extension UIScreen {
                    static var ↓isSmallScreen: Bool {
                        UIScreen.main.bounds.height <= 667
                    }
                }
                """),
            // Compared with the file's own numeric constants: still a device model (kanvas-ios's `Device`).
            Example("func f() { if ↓Device.isIPhoneX { compact() } }", files: ["Device.swift": """
                enum Device {
                    static let iPhoneXScreenHeight = 812
                    static let screenMaxLength = Int(max(UIScreen.main.bounds.width, UIScreen.main.bounds.height))
                    static let isIPhoneX = screenMaxLength == iPhoneXScreenHeight
                    static let hasNotch = isIPhoneX
                }
                """]),
            Example("func f() { if ↓UIScreen.main.bounds.height == 812 { compact() } }"),
            Example("func f() { let tall = 896.0 <= ↓UIScreen.main.bounds.size.height }"),
            Example("func f() { let x = max(↓UIScreen.main.bounds.width, UIScreen.main.bounds.height) == 812 }"),
            Example("func f() { let x = CGSize(width: 375, height: 812) == ↓UIScreen.main.bounds.size }"),
            Example("func f() { switch ↓UIScreen.main.bounds.height { case 812: a(); default: b() } }"),
            Example("func f() { let x = ↓UIScreen.main.nativeBounds.height == 2436 }"),
            .objc("BOOL x = [↓UIScreen mainScreen].bounds.size.height == 812.0f;"),
            .objc("BOOL x = CGSizeEqualToSize([↓UIScreen mainScreen].bounds.size, CGSizeMake(375, 812));"),
            .objc("BOOL x = CGSizeEqualToSize(CGSizeMake(1125, 2436), [[↓UIScreen mainScreen] currentMode].size);"),
            .objc("BOOL tall = CGSizeEqualToSize([[↓UIScreen mainScreen] preferredMode].size, CGSizeMake(640, 1136));"),
            .objc("BOOL x = CGRectGetHeight([↓UIScreen mainScreen].bounds) >= 812;"),
            .objc("if (↓SCREEN_HEIGHT == 812.0) { }", files: ["Macros.h": "#define SCREEN_HEIGHT [UIScreen mainScreen].bounds.size.height"]),
            .objc("if ((int)↓SCREEN_HEIGHT == 812) { }", files: ["Macros.h": "#define SCREEN_HEIGHT [UIScreen mainScreen].bounds.size.height"]),
            .objc("if (↓IS_IPHONE_X) { }", files: ["Macros.h": """
                #define SCREEN_HEIGHT [UIScreen mainScreen].bounds.size.height
                #define IS_IPHONE_X (SCREEN_HEIGHT == 812.0)
                """]),
            .objc("#define ↓IS_IPHONE_X ([UIScreen mainScreen].bounds.size.height == 812.0)"),
            .objc("#define ↓IS_IPHONE_6 (SCREEN_MAX_LENGTH == 667.0)", files: ["Macros.h": """
                #define SCREEN_WIDTH ([[UIScreen mainScreen] bounds].size.width)
                #define SCREEN_HEIGHT ([[UIScreen mainScreen] bounds].size.height)
                #define SCREEN_MAX_LENGTH (MAX(SCREEN_WIDTH, SCREEN_HEIGHT))
                """]),
            .objc("#define kStatusBarHeight (↓IS_IPHONE_X ? 44.f : 20.f)", files: ["Macros.h": """
                #define SCREEN_HEIGHT [UIScreen mainScreen].bounds.size.height
                #define IS_IPHONE_X (SCREEN_HEIGHT == 812.0)
                """]),
            Example("if ↓kScreenHeight >= 896.0 { }", files: ["Constants.swift": "let kScreenHeight = UIScreen.main.bounds.height"]),
            Example("enum Device { static var ↓isSmall: Bool { UIScreen.main.bounds.height < 667 } }"),
            Example("if ↓Device.isSmall { }", files: ["Device.swift": "enum Device { static var isSmall: Bool { UIScreen.main.bounds.height < 667 } }"]),
        ],
        nonTriggering: [
            // What is left of the screen below a bar is a size, not a device.
            Example("func f() { let short = UIScreen.main.bounds.height - 64 < 400 }"),
            // A scaled size compared with another size is no device check.
            Example("func f() { if UIScreen.main.bounds.width * 0.8 > label.frame.width { wrap() } }"),
            // A local used for layout, not compared with a size.
            Example("func f() { let width = UIScreen.main.bounds.width\n    label.frame.size.width = width - 32 }"),
            Example("func f() { let width = UIScreen.main.bounds.width\n    if width > other { wide() } }"),
            Example("func f() { if UIScreen.main.bounds.height == otherHeight { } }"),
            Example("func f() { if view.bounds.height == 812 { } }"),
            Example("func f() { if UIScreen.main.scale <= 2 { } }"),
            Example("func f() { if UIScreen.main.bounds.origin.x == 0 { } }"),
            Example("func f() { let tall = height > 1.5 * UIScreen.main.bounds.height }"),
            .objc("BOOL tall = height > 1.5 * SCREEN_HEIGHT;", files: ["Macros.h": "#define SCREEN_HEIGHT [UIScreen mainScreen].bounds.size.height"]),
            .objc("BOOL tall = SCREEN_HEIGHT * 2 > 812;", files: ["Macros.h": "#define SCREEN_HEIGHT [UIScreen mainScreen].bounds.size.height"]),
            .objc("BOOL x = CGSizeEqualToSize(size, CGSizeMake(375, 812));"),
            .objc("CGFloat top = kStatusBarHeight + 10;", files: ["Macros.h": """
                #define SCREEN_HEIGHT [UIScreen mainScreen].bounds.size.height
                #define IS_IPHONE_X (SCREEN_HEIGHT == 812.0)
                #define kStatusBarHeight (IS_IPHONE_X ? 44.f : 20.f)
                """]),
            .objc("#if 0\n#define IS_IPHONE_X ([UIScreen mainScreen].bounds.size.height == 812.0)\n#endif"),
        ], readiness: .deviceAssumption)

    /// Definitions that are device checks (`#define IS_IPHONE_X (SCREEN_HEIGHT == 812.0)`) are
    /// reported at the definition as well as at every use.
    func checkFile(_ file: CodeFile, model: RepositoryModel, into sink: inout FindingSink) {
        for aliases in model.aliases.values {
            for alias in aliases where alias.site.path == file.path && alias.rule == description.id {
                sink.report(description.id, at: alias.site.offset, token: file.tokenIndex(at: alias.site.offset), facet: .size,
                            message: "`\(alias.name)` guesses the device from the screen's size; windows resize to any size")
            }
        }
    }
}

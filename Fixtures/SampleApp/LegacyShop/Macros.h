//
//  Macros.h
//  LegacyShop
//
//  Screen helpers that every view controller imports through the prefix header.
//

#ifndef Macros_h
#define Macros_h

#define SCREEN_WIDTH  ([UIScreen mainScreen].bounds.size.width)
#define SCREEN_HEIGHT ([UIScreen mainScreen].bounds.size.height)
#define SCREEN_MAX_LENGTH (MAX(SCREEN_WIDTH, SCREEN_HEIGHT))
#define ONE_PIXEL (1.0 / [UIScreen mainScreen].scale)

#define IS_IPAD (UI_USER_INTERFACE_IDIOM() == UIUserInterfaceIdiomPad)
#define IS_IPHONE_X (SCREEN_MAX_LENGTH == 812.0)

#define kStatusBarHeight (IS_IPHONE_X ? 44.f : 20.f)
#define kNavBarHeight (kStatusBarHeight + 44.f)
#define kTabBarHeight (IS_IPHONE_X ? 83.f : 49.f)

// A layout constant that is not a bar height.
#define kCellPadding 12.f

#if 0
// The old iPhone 4 check, kept for reference: not compiled.
#define IS_IPHONE_4 (SCREEN_MAX_LENGTH < 568.0)
#endif

#endif /* Macros_h */

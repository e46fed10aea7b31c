#import <UIKit/UIKit.h>
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

#import <UIKit/UIKit.h>

CGFloat ReaderGutter(CGFloat width) { return width > 600 ? 40 : 16; }

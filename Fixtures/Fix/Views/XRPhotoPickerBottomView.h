#import <UIKit/UIKit.h>

/// In the shape of a photo picker's bottom bar (XRAudioPlayer's XRPhotoPickerBottomView): a
/// hairline along the top, sized in initWithFrame: and again in layoutSubviews.
@interface XRPhotoPickerBottomView : UIView
@end

#import <UIKit/UIKit.h>

@interface PickerCell : UICollectionViewCell
@end

@implementation PickerCell
@end

#import <UIKit/UIKit.h>

/// A collection view cell in the common shape (initWithFrame: and initWithCoder: both call
/// `setup`), whose border is a hairline.
@interface CollectionViewCell : UICollectionViewCell
@end

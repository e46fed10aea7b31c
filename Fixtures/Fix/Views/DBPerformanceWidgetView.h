#import <UIKit/UIKit.h>

/// In the shape of DBDebugToolkit's DBPerformanceWidgetView: a floating widget whose border is
/// set up by `commonInit`, which both initializers call.
@interface DBPerformanceWidgetView : UIView
@end

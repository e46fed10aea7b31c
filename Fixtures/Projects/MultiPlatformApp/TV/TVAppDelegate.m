#import <UIKit/UIKit.h>

@interface TVAppDelegate : UIResponder <UIApplicationDelegate>
@end

@implementation TVAppDelegate
- (UISceneConfiguration *)application:(UIApplication *)application configurationForConnectingSceneSession:(UISceneSession *)session options:(UISceneConnectionOptions *)options {
    return [[UISceneConfiguration alloc] initWithName:@"TVDefaultScene" sessionRole:session.role];
}
@end

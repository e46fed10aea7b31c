#import <Cordova/CDVPlugin.h>

@interface CDVSheet : CDVPlugin
@end

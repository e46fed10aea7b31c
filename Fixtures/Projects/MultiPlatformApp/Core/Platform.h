#import <TargetConditionals.h>

#define PC_TV (TARGET_OS_TV)
#define PC_PHONE (TARGET_OS_IOS && !PC_TV)

// Stand-ins for the Foundation API that fleetscan's patches and their fixtures use, so
// SDKCheck can compile Objective-C with `clang -fsyntax-only -target arm64-apple-iosX.Y` on
// Linux. Availability macros expand as the SDK's do (`API_AVAILABLE(ios(13.0))` is
// `__attribute__((availability(ios,introduced=13.0)))`), so clang's
// -Wunguarded-availability-new sees what Xcode's does.
#pragma once

#define __FS_AVAILABLE_ios(v) __attribute__((availability(ios,introduced=v)))
#define __FS_AVAILABLE_macos(v) __attribute__((availability(macos,introduced=v)))
#define __FS_AVAILABLE_tvos(v) __attribute__((availability(tvos,introduced=v)))
#define __FS_AVAILABLE_watchos(v) __attribute__((availability(watchos,introduced=v)))
#define __FS_AVAILABLE_macCatalyst(v) __attribute__((availability(macCatalyst,introduced=v)))
#define __FS_AVAILABLE_visionos(v) __attribute__((availability(visionos,introduced=v)))
#define __FS_AVAILABLE1(a) __FS_AVAILABLE_##a
#define __FS_AVAILABLE2(a, b) __FS_AVAILABLE_##a __FS_AVAILABLE_##b
#define __FS_AVAILABLE3(a, b, c) __FS_AVAILABLE_##a __FS_AVAILABLE_##b __FS_AVAILABLE_##c
#define __FS_AVAILABLE4(a, b, c, d) __FS_AVAILABLE_##a __FS_AVAILABLE_##b __FS_AVAILABLE_##c __FS_AVAILABLE_##d
#define __FS_PICK(_1, _2, _3, _4, name, ...) name
#define API_AVAILABLE(...) __FS_PICK(__VA_ARGS__, __FS_AVAILABLE4, __FS_AVAILABLE3, __FS_AVAILABLE2, __FS_AVAILABLE1)(__VA_ARGS__)

#define __FS_DEPRECATED_ios(a, b) __attribute__((availability(ios,introduced=a,deprecated=b)))
#define __FS_DEPRECATED_macos(a, b)
#define __FS_DEPRECATED_tvos(a, b)
#define __FS_DEPRECATED_watchos(a, b)
#define __FS_DEPRECATED_macCatalyst(a, b)
#define __FS_DEPRECATED_visionos(a, b)
#define __FS_DEPRECATED1(m, a) __FS_DEPRECATED_##a
#define __FS_DEPRECATED2(m, a, b) __FS_DEPRECATED_##a __FS_DEPRECATED_##b
#define __FS_DEPRECATED3(m, a, b, c) __FS_DEPRECATED_##a __FS_DEPRECATED_##b __FS_DEPRECATED_##c
#define __FS_DEPICK(_0, _1, _2, _3, name, ...) name
#define API_DEPRECATED(...) __FS_DEPICK(__VA_ARGS__, __FS_DEPRECATED3, __FS_DEPRECATED2, __FS_DEPRECATED1, __FS_NONE)(__VA_ARGS__)
#define API_UNAVAILABLE(...)
#define NS_ASSUME_NONNULL_BEGIN
#define NS_ASSUME_NONNULL_END
#define NS_SWIFT_NAME(x)
#define NS_DESIGNATED_INITIALIZER __attribute__((objc_designated_initializer))
#define NS_UNAVAILABLE __attribute__((unavailable))
#define NS_ENUM(type, name) enum name : type name; enum name : type
#define NS_OPTIONS(type, name) enum name : type name; enum name : type
#define NS_TYPED_EXTENSIBLE_ENUM
#define FOUNDATION_EXTERN extern
#define UIKIT_EXTERN extern

typedef signed char BOOL;
#define YES ((BOOL)1)
#define NO ((BOOL)0)
#define nil ((id)0)
#define NULL ((void *)0)
typedef long NSInteger;
typedef unsigned long NSUInteger;
typedef double CGFloat;
typedef double NSTimeInterval;
typedef struct CGPoint { CGFloat x; CGFloat y; } CGPoint;
typedef struct CGSize { CGFloat width; CGFloat height; } CGSize;
typedef struct CGRect { CGPoint origin; CGSize size; } CGRect;
static inline CGRect CGRectMake(CGFloat x, CGFloat y, CGFloat w, CGFloat h) { CGRect r = {{x, y}, {w, h}}; return r; }
static inline CGSize CGSizeMake(CGFloat w, CGFloat h) { CGSize s = {w, h}; return s; }
static inline CGPoint CGPointMake(CGFloat x, CGFloat y) { CGPoint p = {x, y}; return p; }
static inline CGFloat CGRectGetWidth(CGRect r) { return r.size.width; }
static inline CGFloat CGRectGetHeight(CGRect r) { return r.size.height; }
static inline CGFloat CGRectGetMaxY(CGRect r) { return r.origin.y + r.size.height; }
extern const CGRect CGRectZero;
typedef const struct CGPath *CGPathRef;
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))
typedef struct _NSZone NSZone;

@class NSString, NSArray, NSDictionary, NSSet;

@protocol NSObject
- (BOOL)isKindOfClass:(Class)aClass;
- (BOOL)respondsToSelector:(SEL)aSelector;
- (BOOL)conformsToProtocol:(Protocol *)aProtocol;
@end

__attribute__((objc_root_class))
@interface NSObject <NSObject>
+ (instancetype)alloc;
+ (instancetype)new;
+ (Class)class;
- (instancetype)init;
- (Class)class;
- (id)performSelector:(SEL)aSelector;
@end

@protocol NSCopying
- (id)copyWithZone:(NSZone *)zone;
@end

@protocol NSFastEnumeration
- (NSUInteger)countByEnumeratingWithState:(void *)state objects:(id __unsafe_unretained [])buffer count:(NSUInteger)len;
@end

@interface NSString : NSObject <NSCopying>
+ (instancetype)stringWithFormat:(NSString *)format, ...;
- (BOOL)isEqualToString:(NSString *)other;
- (BOOL)hasPrefix:(NSString *)prefix;
@property (readonly) NSUInteger length;
@end

@interface NSNumber : NSObject
+ (NSNumber *)numberWithBool:(BOOL)value;
+ (NSNumber *)numberWithInteger:(NSInteger)value;
+ (NSNumber *)numberWithDouble:(double)value;
@property (readonly) BOOL boolValue;
@end

@interface NSArray<ObjectType> : NSObject <NSFastEnumeration>
+ (instancetype)arrayWithObjects:(const ObjectType _Nonnull [])objects count:(NSUInteger)count;
@property (readonly) NSUInteger count;
@property (readonly) ObjectType firstObject;
- (ObjectType)objectAtIndexedSubscript:(NSUInteger)index;
@end

@interface NSMutableArray<ObjectType> : NSArray<ObjectType>
- (void)addObject:(ObjectType)object;
@end

@interface NSDictionary<KeyType, ObjectType> : NSObject <NSFastEnumeration>
+ (instancetype)dictionaryWithObjects:(const ObjectType _Nonnull [])objects forKeys:(const KeyType _Nonnull [])keys count:(NSUInteger)count;
- (ObjectType)objectForKeyedSubscript:(KeyType)key;
- (ObjectType)objectForKey:(KeyType)key;
@end

@interface NSMutableDictionary<KeyType, ObjectType> : NSDictionary<KeyType, ObjectType>
- (void)setObject:(ObjectType)object forKeyedSubscript:(KeyType)key;
@end

@interface NSSet<ObjectType> : NSObject <NSFastEnumeration>
@property (readonly) NSUInteger count;
@property (readonly) ObjectType anyObject;
@end

@interface NSURL : NSObject
+ (instancetype)URLWithString:(NSString *)string;
@property (readonly) NSString *absoluteString;
@property (readonly) NSString *scheme;
@end

@interface NSUserActivity : NSObject
- (instancetype)initWithActivityType:(NSString *)activityType;
@property (readonly) NSString *activityType;
@property (copy) NSDictionary *userInfo;
@property (copy) NSURL *webpageURL;
@end

@interface NSNotification : NSObject
@property (readonly) NSString *name;
@property (readonly) NSDictionary *userInfo;
@end

@interface NSNotificationCenter : NSObject
@property (class, readonly) NSNotificationCenter *defaultCenter;
- (void)addObserver:(id)observer selector:(SEL)selector name:(NSString *)name object:(id)object;
- (void)removeObserver:(id)observer;
- (void)postNotificationName:(NSString *)name object:(id)object;
@end

@interface NSValue : NSObject
@property (readonly) CGRect CGRectValue;
@end

@interface NSBundle : NSObject
@property (class, readonly) NSBundle *mainBundle;
@end

@interface NSCoder : NSObject
@end

void NSLog(NSString *format, ...);

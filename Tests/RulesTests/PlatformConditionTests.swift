import Testing
import ProjectFiles
import RuleKit
import SourceLexing

/// RULES.md "Conditional compilation": three values per platform, Swift and Objective-C.
@Suite struct PlatformConditionTests {
    /// Platforms on which the branch `own` (after `previous`) is compiled: i(OS), c(atalyst), v(ision), t(vOS).
    func live(_ own: String?, after previous: [String] = [], _ language: Language = .swift, macros: [String: String] = [:]) -> String {
        let mask = PlatformConditions.mask(of: ConditionalBranch(start: 0, end: 1, own: own, previous: previous), language: language, macros: macros)
        return zip("icvt", 0..<4).filter { mask & (1 << UInt8($0.1)) != 0 }.map { String($0.0) }.joined()
    }

    @Test(arguments: [
        ("os(iOS)", "ic"), ("os(tvOS)", "t"), ("os(visionOS)", "v"), ("os(watchOS)", ""), ("os(macOS)", ""),
        ("!os(tvOS)", "icv"), ("os(iOS) || os(visionOS)", "icv"), ("targetEnvironment(macCatalyst)", "c"),
        ("canImport(UIKit)", "icvt"), ("canImport(AppKit)", "icvt"), ("DEBUG", "icvt"), ("!DEBUG && os(tvOS)", "t"),
        ("false", ""), ("0", ""), ("os(Linux)", ""), ("swift(>=5.9)", "icvt"), ("os(iOS) && !targetEnvironment(macCatalyst)", "i"),
    ])
    func swiftConditions(_ condition: String, _ expected: String) {
        #expect(live(condition) == expected, "\(condition)")
    }

    @Test(arguments: [
        ("TARGET_OS_IOS", "ic"), ("TARGET_OS_IPHONE", "icvt"), ("TARGET_OS_TV", "t"), ("TARGET_OS_WATCH", ""),
        ("TARGET_OS_VISION", "v"), ("TARGET_OS_OSX", ""), ("TARGET_OS_MACCATALYST", "c"), ("TARGET_OS_MAC", "icvt"),
        ("!TARGET_OS_TV && !TARGET_OS_WATCH", "icv"), ("defined(TARGET_OS_IOS) && TARGET_OS_IOS", "ic"), ("0", ""),
        ("__IPHONE_OS_VERSION_MIN_REQUIRED < 130000", "ict"), ("SD_UIKIT", "ict"), ("SD_MAC", ""), ("SD_WATCH || SD_TV", "t"),
        ("FOO(1)", "icvt"), ("(TARGET_OS_IOS", "icvt"),
        // Every SDK that builds today defines the version macros up to its own (Coding-iOS's `#if defined(__IPHONE_8_0)`).
        ("defined(__IPHONE_8_0)", "icvt"), ("!defined(__IPHONE_8_0)", ""), ("defined __IPHONE_13_0", "icvt"), ("defined(__IPHONE_99_0)", "icvt"),
    ])
    func objectiveCConditions(_ condition: String, _ expected: String) {
        let macros = ["SD_UIKIT": "(TARGET_OS_IOS || TARGET_OS_TV)", "SD_MAC": "(TARGET_OS_MAC && !TARGET_OS_IPHONE)",
                      "SD_WATCH": "TARGET_OS_WATCH", "SD_TV": "SD_TVOS", "SD_TVOS": "TARGET_OS_TV", "LOOP": "LOOP"]
        #expect(live(condition, .objectiveC, macros: macros) == expected, "\(condition)")
    }

    @Test func theDeploymentTargetDecidesVersionChecks() {
        func live(_ condition: String, target: Int?) -> String {
            let mask = PlatformConditions.mask(of: ConditionalBranch(start: 0, end: 1, own: condition, previous: []), language: .objectiveC,
                                               macros: [:], minimumIOS: target)
            return zip("icvt", 0..<4).filter { mask & (1 << UInt8($0.1)) != 0 }.map { String($0.0) }.joined()
        }
        // Code only compiled below iOS 13 is not compiled at all for an iOS 15 target.
        #expect(live("__IPHONE_OS_VERSION_MIN_REQUIRED < 130000", target: 150000) == "t")
        #expect(live("__IPHONE_OS_VERSION_MIN_REQUIRED < __IPHONE_13_0", target: 120000) == "ict")
        #expect(live("__IPHONE_OS_VERSION_MIN_REQUIRED >= __IPHONE_13_0", target: 150000) == "icvt")
        #expect(live("__IPHONE_OS_VERSION_MIN_REQUIRED < 130000", target: nil) == "ict")
    }

    @Test func elseBranchesAreLiveWhereNoEarlierConditionHolds() {
        #expect(live(nil, after: ["os(tvOS)"]) == "icv")
        #expect(live(nil, after: ["os(iOS)", "os(tvOS)"]) == "v")
        #expect(live("os(iOS)", after: ["os(tvOS)"]) == "ic")
        #expect(live(nil, after: ["DEBUG"]) == "icvt")
        #expect(live(nil, after: ["LOOP"], .objectiveC, macros: ["LOOP": "LOOP"]) == "icvt")
    }

    @Test func lexersRecordEveryBranch() {
        let swift = Lexer.lex(SourceBuffer(Array("#if os(tvOS)\nlet a = 1\n#elseif os(iOS)\nlet b = 2\n#else\nlet c = 3\n#endif\n".utf8)), language: .swift)
        #expect(swift.branches.map { "\($0.own ?? "else") after \($0.previous)" } == ["os(tvOS) after []", "os(iOS) after [\"os(tvOS)\"]",
                                                                                      "else after [\"os(tvOS)\", \"os(iOS)\"]"])
        let objc = Lexer.lex(SourceBuffer(Array("#ifdef DEBUG\nint a;\n#endif\n#ifndef X\nint b;\n#elif TARGET_OS_TV\nint c;\n#endif\n".utf8)), language: .objectiveC)
        #expect(objc.branches.map { $0.own ?? "else" } == ["defined(DEBUG)", "!defined(X)", "TARGET_OS_TV"])
        #expect(objc.branches[2].previous == ["!defined(X)"])
    }
}

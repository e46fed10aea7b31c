import Testing
@testable import RuleKit

/// The tokens of a condition, read on bytes.
@Suite struct ConditionTokenTests {
    @Test(arguments: [
        ("os(iOS) || !targetEnvironment(macCatalyst)", ["os", "(", "iOS", ")", "||", "!", "targetEnvironment", "(", "macCatalyst", ")"]),
        ("__IPHONE_OS_VERSION_MIN_REQUIRED>=130000&&A!=B", ["__IPHONE_OS_VERSION_MIN_REQUIRED", ">=", "130000", "&&", "A", "!=", "B"]),
        ("swift(<5.9) == x <= y < z", ["swift", "(", "<", "5.9", ")", "==", "x", "<=", "y", "<", "z"]),
        ("défini_Ω\t|\r\n&", ["défini_Ω", "|", "&"]),
        ("", []), ("   ", []), ("=", ["="]),
    ])
    func tokens(_ text: String, _ expected: [String]) {
        #expect(PlatformConditions.tokenize(text).map(String.init) == expected)
    }

    @Test func atMost512Tokens() {
        #expect(PlatformConditions.tokenize(String(repeating: "a || ", count: 1_000)).count == 512)
    }
}

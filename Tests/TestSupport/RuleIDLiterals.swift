import RuleKit

/// Tests name rules as RULES.md writes them (`"main-screen-scale"`); the sources may not, and
/// `RuleIDLiteralTests` holds them to the constants.
extension RuleID: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) { self.init(rawValue: value) }
}

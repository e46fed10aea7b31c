/// "1 error", "2 errors", "1 repository", "3 repositories": counts in reports read as English.
public func plural(_ n: Int, _ word: String, _ many: String? = nil) -> String { "\(n) \(n == 1 ? word : many ?? word + "s")" }

/// "1 error", "2 errors": counts in reports read as English.
func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }

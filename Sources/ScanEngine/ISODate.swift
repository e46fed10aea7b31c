import Foundation

/// Dates as reports write them, in UTC, without Foundation's formatters (pure and fast).
public enum ISODate {
    /// `2026-11-29T14:25:00Z`; times before year 1 or after 9999 are written as those bounds.
    public static func string(_ seconds: Int64) -> String {
        let seconds = min(max(seconds, -62_135_596_800), 253_402_300_799)
        let (y, m, d) = civil(days: floorDiv(seconds, 86_400))
        let s = seconds - floorDiv(seconds, 86_400) * 86_400
        return "\(pad(y, 4))-\(pad(m, 2))-\(pad(d, 2))T\(pad(Int(s / 3600), 2)):\(pad(Int(s / 60 % 60), 2)):\(pad(Int(s % 60), 2))Z"
    }

    /// `2026-11-29`
    public static func day(_ seconds: Int64) -> String { String(string(seconds).prefix(10)) }

    /// Seconds since 1970 for `YYYY-MM-DD`, `YYYY-MM-DDTHH:MM` or `YYYY-MM-DDTHH:MM:SS`, with
    /// an optional `Z` (UTC; a space may stand for the `T`); nil unless every field has its
    /// digits and is in range — `2026-02-31`, `2026-13-01` and 99 seconds are malformed.
    public static func parse(_ text: String) -> Int64? {
        let b = Array(text.utf8)
        func number(_ at: Int, _ width: Int) -> Int? {
            guard at + width <= b.count else { return nil }
            var n = 0
            for c in b[at..<(at + width)] {
                guard c >= UInt8(ascii: "0"), c <= UInt8(ascii: "9") else { return nil }
                n = n * 10 + Int(c - UInt8(ascii: "0"))
            }
            return n
        }
        guard b.count >= 10, b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-"),
              let y = number(0, 4), let m = number(5, 2), let d = number(8, 2),
              (1...12).contains(m), (1...daysIn(month: m, year: y)).contains(d) else { return nil }
        var seconds = Int64(days(y: y, m: m, d: d)) * 86_400
        var rest = b[10...]
        if rest.last == UInt8(ascii: "Z") { rest = rest.dropLast() }
        if rest.isEmpty { return b.count == 10 ? seconds : nil }  // a bare `Z` after a date is not a time
        guard rest.first == UInt8(ascii: "T") || rest.first == UInt8(ascii: " ") else { return nil }
        let t = rest.startIndex + 1
        guard rest.count == 6 || rest.count == 9, b[t + 2] == UInt8(ascii: ":"),
              let h = number(t, 2), let mi = number(t + 3, 2), h < 24, mi < 60 else { return nil }
        var sec = 0
        if rest.count == 9 {
            guard b[t + 5] == UInt8(ascii: ":"), let s = number(t + 6, 2), s < 60 else { return nil }
            sec = s
        }
        seconds += Int64(h * 3600 + mi * 60 + sec)
        return seconds
    }

    /// Days in a month of the proleptic Gregorian calendar.
    static func daysIn(month m: Int, year y: Int) -> Int {
        switch m {
        case 2: return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    static func pad(_ n: Int, _ width: Int) -> String {
        let s = String(n)
        return String(repeating: "0", count: max(0, width - s.count)) + s
    }

    /// a / b rounded down (b > 0), for every a, Int64.min included.
    static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
        let q = a / b
        return a % b < 0 ? q - 1 : q
    }

    /// Howard Hinnant's days-from-civil and its inverse.
    static func days(y: Int, m: Int, d: Int) -> Int {
        let y = m <= 2 ? y - 1 : y
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    static func civil(days: Int64) -> (Int, Int, Int) {
        let z = Int(days) + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let y = yoe + era * 400
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp + (mp < 10 ? 3 : -9)
        return (m <= 2 ? y + 1 : y, m, d)
    }
}

import Foundation

/// Dates as reports write them, in UTC, without Foundation's formatters (pure and fast).
public enum ISODate {
    /// `2026-11-29T14:25:00Z`
    public static func string(_ seconds: Int64) -> String {
        let (y, m, d) = civil(days: floorDiv(seconds, 86_400))
        let s = seconds - floorDiv(seconds, 86_400) * 86_400
        return "\(pad(y, 4))-\(pad(m, 2))-\(pad(d, 2))T\(pad(Int(s / 3600), 2)):\(pad(Int(s / 60 % 60), 2)):\(pad(Int(s % 60), 2))Z"
    }

    /// `2026-11-29`
    public static func day(_ seconds: Int64) -> String { String(string(seconds).prefix(10)) }

    /// Seconds since 1970 for `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM:SSZ` (UTC); nil if malformed.
    public static func parse(_ text: String) -> Int64? {
        let parts = text.split(whereSeparator: { $0 == "T" || $0 == " " })
        let date = parts.first.map { $0.split(separator: "-").compactMap { Int($0) } } ?? []
        guard date.count == 3, (1...12).contains(date[1]), (1...31).contains(date[2]) else { return nil }
        var seconds = Int64(days(y: date[0], m: date[1], d: date[2])) * 86_400
        if parts.count > 1 {
            var time = String(parts[1])
            if time.hasSuffix("Z") { time.removeLast() }
            let hms = time.split(separator: ":").compactMap { Int($0) }
            guard (2...3).contains(hms.count), hms[0] < 24, hms[1] < 60 else { return nil }
            seconds += Int64(hms[0] * 3600 + hms[1] * 60 + (hms.count > 2 ? hms[2] : 0))
        }
        return seconds
    }

    static func pad(_ n: Int, _ width: Int) -> String {
        let s = String(n)
        return String(repeating: "0", count: max(0, width - s.count)) + s
    }

    static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 { a >= 0 ? a / b : -((-a + b - 1) / b) }

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

import Foundation
import ScanEngine

/// How fast a count goes down, and when it reaches zero at that pace.
///
/// The pace is a median-based slope over the last 90 days of daily counts: the median of the
/// changes between days `lag` apart (28 days when there are 90 days of history, a third of the
/// history when there are fewer), per week. It is Theil–Sen's median of pairwise slopes taken
/// at one lag, and for the same reason robust: one big commit moves the windows that span it,
/// fewer than half of them, so it cannot set the pace alone — a steady team's rate shows
/// through a one-day cleanup, and one cleanup does not make a pace.
public enum Forecast {
    public static let window = 90
    public static let longestLag = 28
    /// Days of history below which no pace is given.
    public static let fewestDays = 14
    static let day: Int64 = 86_400

    /// The sentence reports print under their projections.
    public static let method = "Pace: the median change between days \(longestLag) days apart (a third of the history when it is "
        + "shorter) over the last \(window) days of first-parent history, per week — a median, so one big commit cannot set it; "
        + "projected date: today's count divided by that pace."

    public struct Pace: Sendable, Equatable {
        /// Findings fixed per week (negative when they grow).
        public var perWeek: Double
        /// Days of history the pace was taken over.
        public var days: Int
    }

    /// When a count reaches zero.
    public enum Projection: Sendable, Equatable {
        /// It is zero now.
        case done
        /// At the pace, on this day (start of day, seconds since 1970).
        case on(Int64)
        /// The pace is zero or the count grows.
        case notConverging
        /// Fewer than `fewestDays` days of history.
        case unknown
        /// No first-parent commit in the last `window` days: a flat line is silence, not a pace.
        case noActivity

        /// The later of two projections (a repository is done when both its counts are).
        public static func later(_ a: Projection, _ b: Projection) -> Projection {
            switch (a, b) {
            case (.done, let x), (let x, .done): return x
            case (.notConverging, _), (_, .notConverging): return .notConverging
            case (.noActivity, _), (_, .noActivity): return .noActivity
            case (.unknown, _), (_, .unknown): return .unknown
            case (.on(let x), .on(let y)): return .on(max(x, y))
            }
        }

        /// Whether it misses `deadline` (nil: there is none): projected after it, or never.
        public func misses(_ deadline: Int64?) -> Bool {
            guard let deadline else { return false }
            switch self {
            case .done, .unknown, .noActivity: return false
            case .notConverging: return true
            case .on(let t): return t > deadline
            }
        }

        public var text: String {
            switch self {
            case .done: return "done"
            case .on(let t): return ISODate.day(t)
            case .notConverging: return "not converging"
            case .unknown: return "too little history"
            case .noActivity: return "no activity in \(Forecast.window) days — no forecast"
            }
        }
    }

    /// A count's pace and projection.
    public struct Outlook: Sendable, Equatable {
        public var count: Int
        public var pace: Pace?
        public var projection: Projection
    }

    /// The value at the end of each of the last `window` days up to `end` (fewer when the series
    /// starts later), from points `(time, value)` sorted by time, each holding until the next.
    public static func daily(_ points: [(time: Int64, value: Int)], end: Int64) -> [Int] {
        guard let first = points.first?.time, first <= end else { return [] }
        let lastDay = floorDay(end)
        let firstDay = max(floorDay(first), lastDay - Int64(window - 1) * day)
        var out: [Int] = []
        var i = 0
        var current = 0
        var d = firstDay
        while d <= lastDay {
            while i < points.count, points[i].time < d + day {
                current = points[i].value
                i += 1
            }
            out.append(current)
            d += day
        }
        return out
    }

    /// The pace of a daily series (nil with fewer than `fewestDays` days).
    public static func pace(_ days: [Int]) -> Pace? {
        guard days.count > fewestDays else { return nil }
        // The spanning windows number `lag` of the `days.count - lag`: under half, whatever the length.
        let lag = min(longestLag, (days.count - 1) / 3)
        var changes: [Double] = []
        for i in 0..<(days.count - lag) { changes.append(Double(days[i + lag] - days[i])) }
        changes.sort()
        let n = changes.count
        let median = n % 2 == 1 ? changes[n / 2] : (changes[n / 2 - 1] + changes[n / 2]) / 2
        return Pace(perWeek: -median * 7 / Double(lag), days: days.count)
    }

    /// When `count` reaches zero from `now` at `pace`.
    public static func projection(count: Int, pace: Pace?, now: Int64) -> Projection {
        if count <= 0 { return .done }
        guard let pace else { return .unknown }
        guard pace.perWeek > 0 else { return .notConverging }
        let days = (Double(count) / (pace.perWeek / 7)).rounded(.up)
        // Beyond a century is never, for a report.
        guard days < 36_500 else { return .notConverging }
        return .on(floorDay(now) + Int64(days) * day)
    }

    /// `active`: whether the series had a commit in the last `window` days; without one there
    /// is no pace to take (a repository nobody touched for 90 days is not "not converging").
    public static func outlook(_ days: [Int], count: Int, now: Int64, active: Bool = true) -> Outlook {
        if !active && count > 0 { return Outlook(count: count, pace: nil, projection: .noActivity) }
        let p = pace(days)
        return Outlook(count: count, pace: p, projection: projection(count: count, pace: p, now: now))
    }

    static func floorDay(_ t: Int64) -> Int64 { t >= 0 ? t / day * day : (t - day + 1) / day * day }
}

import Testing
@testable import Reports
import ScanEngine

/// The pace and projection on histories whose answer is known.
@Suite struct ForecastTests {
    static let day: Int64 = 86_400
    static let start = ISODate.parse("2026-06-01")!

    /// One commit a day with `value(d)` on day `d`, for `days` days; the report's end is the last day's noon.
    static func series(_ days: Int, _ value: (Int) -> Int) -> (daily: [Int], now: Int64) {
        let points = (0..<days).map { (time: start + Int64($0) * day + 3_600, value: value($0)) }
        let now = start + Int64(days - 1) * day + 43_200
        return (Forecast.daily(points, end: now), now)
    }

    @Test func aSteadyBurndownMeetsZeroOnTheDayItsRateSays() throws {
        // 150 findings, one fixed a day, 91 days of history: 59 left, seven a week.
        let (daily, now) = Self.series(91) { 150 - $0 }
        #expect(daily.count == Forecast.window && daily.last == 60)
        let pace = try #require(Forecast.pace(daily))
        #expect(pace.perWeek == 7)
        let o = Forecast.outlook(daily, count: 60, now: now)
        #expect(o.projection == .on(Self.start + (90 + 60) * Self.day))
        #expect(o.projection.text == ISODate.day(Self.start + 150 * Self.day))
    }

    @Test func aFlatOrRisingHistoryDoesNotConverge() throws {
        let (flat, now) = Self.series(60) { _ in 40 }
        #expect(try #require(Forecast.pace(flat)).perWeek == 0)
        #expect(Forecast.outlook(flat, count: 40, now: now).projection == .notConverging)
        let (rising, later) = Self.series(60) { 10 + $0 / 2 }
        #expect(try #require(Forecast.pace(rising)).perWeek < 0)
        #expect(Forecast.outlook(rising, count: 39, now: later).projection == .notConverging)
    }

    @Test func oneBigCommitAmongSmallOnesDoesNotSetThePace() throws {
        // Two a week fixed steadily, and one day in the middle a cleanup of 60.
        let (daily, now) = Self.series(91) { d in 200 - d * 2 / 7 - (d >= 45 ? 60 : 0) }
        let pace = try #require(Forecast.pace(daily))
        #expect(abs(pace.perWeek - 2) < 0.3, "\(pace.perWeek)")
        // A mean slope would read the cleanup as a pace: (first − last) / weeks.
        let naive = Double(daily.first! - daily.last!) / (Double(daily.count - 1) / 7)
        #expect(naive > 6)
        let left = daily.last!
        guard case .on(let date) = Forecast.outlook(daily, count: left, now: now).projection else {
            Issue.record("no date")
            return
        }
        let weeks = Double(date - Forecast.floorDay(now)) / Double(7 * Self.day)
        #expect(abs(weeks - Double(left) / pace.perWeek) < 1)
    }

    @Test func zeroIsDoneAndAShortHistoryGivesNoDate() {
        let (short, now) = Self.series(10) { 30 - $0 }
        #expect(Forecast.pace(short) == nil)
        #expect(Forecast.outlook(short, count: 21, now: now).projection == .unknown)
        #expect(Forecast.outlook(short, count: 0, now: now).projection == .done)
        // Sparse commits: the value holds between them.
        let sparse = Forecast.daily([(Self.start, 5), (Self.start + 3 * Self.day, 2)], end: Self.start + 5 * Self.day)
        #expect(sparse == [5, 5, 5, 2, 2, 2])
    }

    @Test func theDeadlineMarksWhatIsProjectedAfterItOrNever() {
        let deadline = Self.start + 100 * Self.day
        #expect(Forecast.Projection.on(deadline + Self.day).misses(deadline))
        #expect(!Forecast.Projection.on(deadline).misses(deadline))
        #expect(Forecast.Projection.notConverging.misses(deadline))
        #expect(!Forecast.Projection.done.misses(deadline) && !Forecast.Projection.unknown.misses(deadline))
        #expect(!Forecast.Projection.notConverging.misses(nil))
        #expect(Forecast.Projection.later(.done, .on(5)) == .on(5))
        #expect(Forecast.Projection.later(.on(9), .on(5)) == .on(9))
        #expect(Forecast.Projection.later(.on(9), .notConverging) == .notConverging)
        #expect(Forecast.Projection.later(.done, .done) == .done)
    }
}

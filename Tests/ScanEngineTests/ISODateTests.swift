import Testing
import ScanEngine

@Suite struct ISODateTests {
    @Test func parsesDaysAndTimesAndRoundTrips() {
        #expect(ISODate.parse("1970-01-01") == 0)
        #expect(ISODate.parse("2026-11-29T14:25:00Z") == 1_795_962_300)
        #expect(ISODate.parse("2026-11-29 14:25") == 1_795_962_300)
        #expect(ISODate.parse("2024-02-29") != nil)
        for t: Int64 in [0, 951_782_400, 1_795_962_300, 4_107_542_399] {
            #expect(ISODate.parse(ISODate.string(t)) == t)
        }
    }

    @Test(arguments: ["2026-02-31", "2026-02-29", "2100-02-29", "2026-13-01", "2026-00-10", "2026-04-31",
                      "2026-11-29T24:00:00Z", "2026-11-29T14:60:00Z", "2026-11-29T14:25:99Z", "2026-11-29T14:25:0",
                      "2026-1-01", "26-01-01", "2026-01-01-05", "2026-01-01Z", "2026-01-01T", "2026-01-0x", "yesterday", ""])
    func rejectsWhatIsNotADate(_ text: String) {
        #expect(ISODate.parse(text) == nil)
    }
}

import Foundation
import Testing

@testable import StarscopeCore

/// The hand-written day (`RelativeTime.day`) must write what the calendar writes.
@Suite struct CalendarDayTests {
    @Test func daysAreWhatTheCalendarSays() {
        var generator = SystemRandomNumberGenerator()
        var moments: [Double] = [
            0, -1, 1, 86_399, 86_400, -86_400, -86_401, 951_782_400, 951_868_800, 4_107_542_400, 1_800_000_000.5, -0.5,
            RelativeTime.civilRange.lowerBound, RelativeTime.civilRange.lowerBound - 1, RelativeTime.civilRange.upperBound,
            RelativeTime.civilRange.upperBound - 1, RelativeTime.civilRange.upperBound - 0.001, -62_135_596_800, -1e12, 1e13,
        ]
        for _ in 0..<5_000 {
            moments.append(Double.random(in: -12e9...2.6e11, using: &generator))
            moments.append(
                Double(Int.random(in: -140_000...2_933_000, using: &generator)) * 86_400
                    + ([-1, 0, 1].randomElement(using: &generator) ?? 0))
        }
        for seconds in moments {
            let date = Date(timeIntervalSince1970: seconds)
            #expect(RelativeTime.day(date) == RelativeTime.calendarDay(date), "\(seconds)")
        }
    }
}

import Foundation
import Testing

@testable import StarscopeCore

/// The hand-written formats must write what `String(format:)` and the calendar write, which they
/// replace on the detail page's path.
@Suite struct TenthsAndDayTests {
    @Test func tenthsAreWhatPrintfWrites() {
        var generator = SystemRandomNumberGenerator()
        var values: [Double] = [
            0, -0.0, 0.05, 0.04999999, 0.15, 0.25, 0.35, 0.45, 0.75, 1.25, 2.5, 99.95, 99.94999, 100, 0x1p-10, 0x1p-11,
            .leastNonzeroMagnitude, .leastNormalMagnitude, 0x1p40, 0x1p40.nextDown, 1e15, -1, -0.05, .infinity, -.infinity,
            .nan, .greatestFiniteMagnitude,
        ]
        // Every tie a tenth can have (x.x5 exactly: quarters), and shares of whole byte counts.
        for quarter in 0...4_000 { values.append(Double(quarter) / 4) }
        for _ in 0..<20_000 {
            let total = Int.random(in: 1...10_000_000, using: &generator)
            let part = Int.random(in: 0...total, using: &generator)
            values.append(Double(part) / Double(total) * 100)
            values.append(Double.random(in: 0...100, using: &generator))
            values.append(Double.random(in: 0...0x1p40, using: &generator))
            values.append(Double(sign: .plus, exponent: Int.random(in: -1074...45, using: &generator), significand: 1.5))
        }
        for value in values {
            #expect(Tenths.format(value) == String(format: "%.1f", value), "\(value)")
        }
    }

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

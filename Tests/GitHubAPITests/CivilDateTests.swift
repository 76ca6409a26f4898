import Foundation
import Testing

@testable import StarscopeModels

/// `CivilDate`'s digit-by-digit ISO 8601 must be the padded form it replaced, and the calendar's.
@Suite struct CivilDateTests {
    @Test func digitsAreThePaddedForm() {
        var generator = SystemRandomNumberGenerator()
        var moments: [Int64] = [
            0, -1, 1, 86_399_999, 86_400_000, -62_167_219_200_000, -62_167_219_200_001, 253_402_300_799_999, 253_402_300_800_000,
        ]
        for _ in 0..<20_000 { moments.append(Int64.random(in: -70_000_000_000_000...260_000_000_000_000, using: &generator)) }
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        for milliseconds in moments {
            let civil = CivilDate(millisecondsSince1970: milliseconds)
            #expect(civil.iso8601 == civil.paddedISO8601, "\(milliseconds)")
            #expect(civil.isoDay == String(civil.paddedISO8601.prefix(10)), "\(milliseconds)")
            // Between 1600 and 9999 the calendar (Gregorian from 1582) says the same.
            if civil.year >= 1600, civil.year <= 9999 {
                let date = Date(timeIntervalSince1970: Double(milliseconds.dividedRoundingDown(by: 1000)))
                #expect(civil.iso8601 == formatter.string(from: date), "\(milliseconds)")
            }
        }
    }
}

extension Int64 {
    fileprivate func dividedRoundingDown(by divisor: Int64) -> Int64 {
        CivilDate.floorDivide(self, by: divisor).quotient
    }
}

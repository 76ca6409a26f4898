import Foundation
import GRDB
import Testing

@testable import StarscopeSQLite
@testable import StarscopeStore

/// The store writes dates itself, without ICU; GRDB must not be able to tell.
@Suite struct StoredDateTests {
    @Test func textIsGRDBsOwn() {
        var generator = SystemRandomNumberGenerator()
        let fixed: [Double] = [0, -0.0005, 0.9999, 951_782_400, 1_709_164_800.123_9, 4_102_444_799.999_9, -86_400.5, -2_208_988_800]
        let random = (0..<2_000).map { _ in Double.random(in: -3_000_000_000...5_000_000_000, using: &generator) }
        for seconds in fixed + random {
            let date = Date(timeIntervalSince1970: seconds)
            #expect(StoredDate.text(date) == String.fromDatabaseValue(date.databaseValue), "\(seconds)")
        }
    }

    @Test func datesReadBackToTheMillisecond() throws {
        let date = Date(timeIntervalSince1970: 1_800_000_000.25)
        let back = try #require(Date.fromDatabaseValue(StoredDate.text(date).databaseValue))
        #expect(abs(back.timeIntervalSince(date)) < 0.001)
    }
}

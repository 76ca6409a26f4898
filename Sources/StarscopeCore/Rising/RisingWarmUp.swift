import Foundation

/// Keeps Rising's history growing while nobody browses: records the star counts of the top of
/// New & popular for each timeframe (one search of 100 each), as a visit would.
public struct RisingWarmUp: Sendable {
    public static let timeframes = Timeframe.allCases

    public let reading: ReadContext

    public init(reading: ReadContext) {
        self.reading = reading
    }

    /// Searches each timeframe's first page (answers still fresh cost nothing); returns how many
    /// could be read. The reading context records every count that changed.
    @discardableResult
    public func run() async -> Int {
        var read = 0
        for timeframe in Self.timeframes {
            if (try? await reading.lists.trendingPage(TrendingQuery(timeframe: timeframe), page: 1)) != nil { read += 1 }
        }
        return read
    }
}

import Foundation
import Testing

@testable import StarscopeWeb

/// The star-history chart: scaled from recorded counts, honest about the span it covers.
@Suite struct StarHistoryChartTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func pointsSpanTheBoxAndHoldTheLastCountToNow() {
        let chart = StarHistoryChart(
            counts: [.init(date: Self.start + 86_400, stars: 150), .init(date: Self.start, stars: 100)], now: Self.start + 2 * 86_400)
        let points = chart.scaledCounts(width: 600, height: 120)
        #expect(points.count == 3)
        #expect(points[0].x == 0 && points[0].y == 120)
        #expect(points[1].x == 300 && points[1].y == 0)
        #expect(points[2].x == 600 && points[2].y == 0)
        #expect(chart.gained == 50)
        #expect(chart.span == 86_400)
    }

    @Test func aFlatHistorySitsInTheMiddle() {
        let chart = StarHistoryChart(
            counts: [.init(date: Self.start, stars: 7), .init(date: Self.start + 60, stars: 7)], now: Self.start + 60)
        #expect(chart.scaledCounts(width: 10, height: 10).allSatisfy { $0.y == 5 })
    }

    @Test func theChartSaysWhatItCoversAndWhereItComesFrom() {
        let chart = StarHistoryChart(
            counts: [.init(date: Self.start, stars: 1_000), .init(date: Self.start + 3 * 86_400, stars: 1_250)],
            now: Self.start + 3 * 86_400)
        let html = chart.countsView().markup
        #expect(html.contains("data-star-history"))
        #expect(html.contains("+250 stars in 3d 0h, from 2 counts since"))
        #expect(html.contains("only to its admins (since 30 June 2026)"))
        #expect(chart.sparkline().markup.contains("<polyline points=\"0,16 60,0\"/>"))
    }

    @Test func oneCountSaysSoAndDrawsNoSparkline() {
        let chart = StarHistoryChart(counts: [.init(date: Self.start, stars: 5)], now: Self.start + 10)
        #expect(chart.countsView().markup.contains("One count so far: 5 stars"))
        #expect(chart.sparkline().markup.isEmpty)
        #expect(StarHistoryChart(counts: [], now: Self.start).countsView().markup.contains("No star counts recorded yet."))
    }
}

/// The chart's coordinates, written from whole tenths, read as the rounded `Double` printed.
@Suite struct ChartNumberTests {
    @Test func coordinatesAreThePrintedDouble() {
        var generator = SystemRandomNumberGenerator()
        var values: [Double] = [0, -0.0, 0.04, -0.04, 0.05, -0.05, 0.25, -0.25, 12.35, 640, 120, -6, 1e13, -1e13, 0.1, 2.675]
        for _ in 0..<20_000 {
            values.append(Double.random(in: -1_000...1_000, using: &generator))
            values.append(Double(Int.random(in: -100_000...100_000, using: &generator)) / 10)
            values.append(Double.random(in: -1e13...1e13, using: &generator))
        }
        for value in values {
            #expect(StarHistoryChart.number(value) == StarHistoryChart.printedNumber(value), "\(value)")
        }
        // A value no chart has is printed, not trapped on.
        #expect(StarHistoryChart.number(.infinity) == "inf")
        #expect(StarHistoryChart.number(.nan) == "nan")
    }
}

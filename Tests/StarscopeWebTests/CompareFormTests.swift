import FakeGitHub
import Foundation
import StarscopeCore
import StarscopeModels
import Testing

@testable import StarscopeWeb

/// Compare worth sharing: repositories added by type-ahead from favourites and taken off one by
/// one, axes that read as dates or as time since creation, a link and downloads of the chart.
@Suite struct CompareFormTests {
    @Test func repositoriesAreAddedFromFavouritesAndRemovedOneByOne() async throws {
        try await WebHarness.run { web in
            let names = web.fake.dataset.repositories.filter { !FakeGitHub.hasNoStarHistory($0.id) && $0.stars > 0 }.prefix(3).map(
                \.fullName)
            try await web.services.favorites.add(RepositoryName(parsing: names[2]))
            let (_, html, _) = try await web.page("/compare?repos=\(names[0]),\(names[1])")
            for name in names.prefix(2) {
                #expect(html.contains("<input type=\"hidden\" name=\"repos\" value=\"\(name)\">"))
                #expect(html.contains("aria-label=\"Remove \(name)\""))
            }
            #expect(html.contains("<input id=\"compare-add\" type=\"text\" name=\"repos\" list=\"compare-suggestions\""))
            #expect(html.contains("<datalist id=\"compare-suggestions\"><option value=\"\(names[2])\"></option></datalist>"))
            // The form's hidden names and the typed one, as a browser sends them.
            let (_, three, _) = try await web.page("/compare?repos=\(names[0])&repos=\(names[1])&repos=\(names[2])&align=date")
            #expect(SearchPageTests.values(three, of: "data-repo").filter(names.contains).count == 3)
            // Removing one keeps the others and the settings.
            let remove = try #require(
                SearchPageTests.values(html, of: "href").first {
                    $0.hasPrefix("/compare?") && !$0.contains(names[0].replacingOccurrences(of: "/", with: "%2F"))
                })
            #expect(remove.contains(names[1].replacingOccurrences(of: "/", with: "%2F")))
            #expect(html.contains("download=\"star-history.svg\">Download as SVG</a>"))
            #expect(html.contains(">Link to this chart</a>"))
        }
    }

    @Test func axesReadAsTimeSinceCreationAndLogTicksNeverOverlap() {
        #expect(StarHistoryChart.sinceCreation(0) == "created")
        #expect(StarHistoryChart.sinceCreation(45) == "45 days after creation")
        #expect(StarHistoryChart.sinceCreation(240) == "8 months after creation")
        #expect(StarHistoryChart.sinceCreation(913) == "2.5 years after creation")
        let points = (0..<100).map { StarCurve.Point(day: Int64($0), stars: 1_000, total: 1_000 * ($0 + 1)) }
        let chart = StarHistoryChart(series: [.init(name: "a/b", points: points)], scale: .log)
        let ticks = chart.yTicks
        #expect(ticks.first == 0)
        for (lower, upper) in zip(ticks, ticks.dropFirst()) {
            #expect(chart.plotY(lower) - chart.plotY(upper) >= StarHistoryChart.tickGap, "\(lower) and \(upper)")
        }
        #expect(ticks.contains(10_000))
    }

    /// Several lines are named where they end, never two on one another and never outside the
    /// plot, even when they end at the same count; one line, or the drawing standing alone, is not.
    @Test func severalLinesAreNamedWhereTheyEndApartAndInside() {
        let points = (0..<50).map { StarCurve.Point(day: Int64($0), stars: 10, total: 10 * ($0 + 1)) }
        let same = ["a/one", "b/two", "c/<three>"].map { StarHistoryChart.Series(name: $0, points: points) }
        let chart = StarHistoryChart(series: same)
        // A wide screen's 11 px names, and a phone's, twice as large in the drawing's units.
        for height in [StarHistoryChart.labelHeight, StarHistoryChart.narrowLabelHeight] {
            let labels = chart.endLabels(height: height)
            #expect(labels.map(\.name).sorted() == ["a/one", "b/two", "c/<three>"])
            let heights = labels.map(\.y).sorted()
            for (upper, lower) in zip(heights, heights.dropFirst()) { #expect(lower - upper >= height) }
            #expect(heights.allSatisfy { $0 - height >= 0 && $0 <= StarHistoryChart.top + StarHistoryChart.plotHeight })
        }
        let html = chart.svg(label: "compare").markup
        #expect(html.components(separatedBy: "class=\"end-label wide").count == 4)
        #expect(html.components(separatedBy: "class=\"end-label narrow").count == 4)
        #expect(html.contains("c/&lt;three&gt;</text>"))
        #expect(StarHistoryChart(series: [same[0]]).endLabels().isEmpty)
        #expect(!chart.document(label: "compare", palette: .light).contains("end-label"))
    }

    /// A burst of the last week, a flick at the chart's edge, is a number in the table.
    /// A burst of the last week bends a long total curve only at its end; drawn by the week, it is
    /// the chart's highest point, and its column says that week's stars.
    @Test func aBurstStandsOutWhenDrawnByTheWeek() throws {
        // Two years of 100 stars a week (Sundays from day 3: 1970-01-04), then a week of 600.
        func week(_ index: Int64, _ stars: Int) -> StarHistoryWeek {
            StarHistoryWeek(week: (3 + index * 7) * 86_400, total: stars, days: [stars, 0, 0, 0, 0, 0, 0])
        }
        let weeks = (0..<104).map { week($0, 100) } + [week(104, 600)]
        let curve = StarCurve(weeks: weeks, firstDay: 3, today: 3 + 104 * 7 + 6)
        let other = StarCurve(weeks: [week(0, 50)], firstDay: 3, today: 3 + 104 * 7 + 6)
        func chart(_ measure: StarHistoryChart.Measure) -> StarHistoryChart {
            StarHistoryChart(
                series: [.init(name: "a/burst", points: measure.points(curve)), .init(name: "b/flat", points: measure.points(other))],
                measure: measure)
        }
        // The total: the last week lifts the line by a tenth of the plot at most, at its very end.
        let total = chart(.total)
        let totalLine = total.vertices(total.series[0])
        let end = try #require(totalLine.last)
        let beforeBurst = try #require(totalLine.last { $0.x < end.x - 7 * StarHistoryChart.plotWidth / 734 })
        #expect(beforeBurst.y - end.y < StarHistoryChart.plotHeight / 10)
        // By the week: 105 points, the burst at the top of the plot, six times higher than the rest.
        let weekly = chart(.weekly)
        #expect(weekly.series[0].points.count == 105)
        #expect(weekly.series[0].points.last?.total == 600)
        let weeklyLine = weekly.vertices(weekly.series[0])
        #expect(weeklyLine.last?.y == StarHistoryChart.top)
        #expect(weeklyLine.dropLast().allSatisfy { $0.y > StarHistoryChart.top + StarHistoryChart.plotHeight * 0.8 })
        let last = weekly.columns.last.map(weekly.text(of:))
        #expect(last?.hasSuffix("600 stars so far") == true)
        #expect(weekly.columns.first.map(weekly.text(of:)) == "Weeks of 1970-01-04 to 1970-01-11: 200 stars")
        #expect(last?.hasPrefix("Week") == true)
        #expect(total.columns.last.map(total.text(of:))?.contains("11,000 stars") == true)
        #expect(weekly.document(label: "x", palette: .light).contains("a/burst, best week ★ 600"))
        #expect(total.document(label: "x", palette: .light).contains("a/burst ★ 11,000"))
    }

    @Test func theLastSevenDaysAreCountedForTheTable() {
        var points = (0..<100).map { StarCurve.Point(day: Int64($0), stars: 1, total: $0 + 1) }
        for index in 93..<100 { points[index].stars = 100 }
        var total = 0
        for index in points.indices {
            total += points[index].stars
            points[index].total = total
        }
        var curve = StarCurve(weeks: [], firstDay: 0, today: 0)
        curve.days = points
        #expect(curve.lastWeek == 700)
        #expect(curve.bestWeek?.stars == 700)
        curve.days = []
        #expect(curve.lastWeek == 0)
    }
}

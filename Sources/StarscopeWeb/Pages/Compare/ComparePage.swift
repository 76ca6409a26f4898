import Foundation
import StarscopeCore

/// `/compare`: 2 to 10 repositories' star histories on one chart, with their figures.
struct ComparePage: Page {
    struct Entry: Sendable {
        var name: RepositoryName
        var history: Result<StarHistory, StarscopeError>

        var curve: StarCurve? {
            guard case .success(let history) = history, !history.unavailable, !history.curve.days.isEmpty else { return nil }
            return history.curve
        }

        /// Why this one has no curve, in one sentence.
        var problem: String? {
            switch history {
            case .failure(let error): error.message
            case .success(let history) where history.unavailable: "GitHub has no star history for \(name)."
            case .success: curve == nil ? "\(name) has no stars." : nil
            }
        }
    }

    var list: CompareList
    var entries: [Entry]
    /// Repositories to offer as one is typed: the viewer's favourites not compared yet.
    var suggestions: [String] = []
    var section: PageContext.Section { .none }

    var chart: StarHistoryChart? {
        let series = entries.compactMap { entry in
            entry.curve.map { StarHistoryChart.Series(name: entry.name.description, points: list.measure.points($0)) }
        }
        guard series.count >= 2 else { return nil }
        return StarHistoryChart(series: series, scale: list.scale, alignment: list.alignment, measure: list.measure)
    }

    /// What the chart shows, in words: its measure and the repositories drawn.
    var chartLabel: String {
        let drawn = entries.compactMap { $0.curve == nil ? nil : $0.name.description }
        return "\(list.measure == .weekly ? "Stars per week" : "Stars") of \(drawn.joined(separator: ", "))"
    }
}

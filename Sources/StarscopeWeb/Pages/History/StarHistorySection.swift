import Foundation
import StarscopeCore
import StarscopeModels
import StarscopeStore

/// The detail's star history: GitHub's whole curve since creation with Starscope's own counts
/// laid over it, the peak day, the best seven days and the stars withdrawn since; or, when GitHub
/// has no history (or cannot answer and nothing is kept), Starscope's own counts alone.
struct StarHistorySection: Hashable, Sendable {
    var name: RepositoryName
    /// GitHub's history, or why there is none.
    var gitHub: Result<StarHistory, StarscopeError>
    /// Starscope's own counts.
    var observed: StarHistoryChart
    var samples: [StarSample]
    var now: Date

    /// The curve from GitHub, when it has one with stars.
    var curve: StarCurve? {
        guard case .success(let history) = gitHub, !history.unavailable, !history.curve.days.isEmpty else { return nil }
        return history.curve
    }

    var chart: StarHistoryChart? {
        guard let curve else { return nil }
        return StarHistoryChart(series: [.init(name: name.description, points: curve.days)], counts: StarHistoryChart.counts(samples))
    }

    /// Stars given that left since Starscope counted them (nil without both).
    var withdrawn: Int? { curve?.withdrawn(since: samples) }

    /// The stars given per day for a young repository, per week once it is older than four
    /// months: the curve's chart in the measure that draws them, shown as bars (`barsSVG`).
    var barChart: StarHistoryChart? {
        guard let curve else { return nil }
        let measure: StarHistoryChart.Measure = curve.days.count > 120 ? .weekly : .total
        return StarHistoryChart(series: [.init(name: name.description, points: measure.points(curve))], measure: measure)
    }
}

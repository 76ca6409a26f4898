import Foundation
import StarscopeCore
import StarscopeModels
import StarscopeStore

/// The detail's star history: GitHub's whole curve since creation with Starscope's own counts
/// laid over it, the peak day, the best seven days and the stars withdrawn since; or, when GitHub
/// has no history (or cannot answer and nothing is kept), Starscope's own counts alone.
struct HistorySection: Hashable, Sendable {
    var name: RepositoryName
    /// GitHub's history, or why there is none.
    var gitHub: Result<RepositoryStarHistory, StarscopeError>
    /// Starscope's own counts.
    var observed: StarHistoryChart
    var samples: [StarSample]
    var now: Date

    /// The curve from GitHub, when it has one with stars.
    var curve: StarCurve? {
        guard case .success(let history) = gitHub, !history.unavailable, !history.curve.days.isEmpty else { return nil }
        return history.curve
    }

    var chart: StarCurveChart? {
        guard let curve else { return nil }
        var chart = StarCurveChart(series: [.init(name: name.description, points: curve.days)])
        chart.observations = samples.map { sample in
            .init(day: sample.recordedAt.timeIntervalSince1970 / 86_400, stars: sample.stars)
        }
        return chart
    }

    /// Stars given that left since Starscope counted them (nil without both).
    var withdrawn: Int? { curve?.withdrawn(since: samples) }

    /// Per day for a young repository, per week once it is older than four months.
    var bars: StarBars? {
        guard let curve else { return nil }
        return curve.days.count > 120 ? StarBars(points: curve.weekly, unit: "week") : StarBars(points: curve.days, unit: "day")
    }
}

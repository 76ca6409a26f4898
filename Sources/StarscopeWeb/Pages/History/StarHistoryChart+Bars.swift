import Foundation
import StarscopeCore

extension StarHistoryChart {
    /// The height of the chart drawn as bars (its width is the chart's).
    static let barsHeight = 120.0

    /// What one bar stands for: a week when the measure is `weekly`, else a day.
    var barUnit: String { measure == .weekly ? "week" : "day" }

    /// The first series drawn as bars, one a point, each as tall as the stars its day (or week)
    /// was given: the detail's second view of the history.
    func barsSVG() -> HTML {
        let points = series.first?.points ?? []
        let most = max(1, points.map(\.stars).max() ?? 1)
        let barWidth = Self.width / Double(max(1, points.count))
        var out =
            "<svg class=\"bar-chart\" viewBox=\"0 0 \(Int(Self.width)) \(Int(Self.barsHeight))\" role=\"img\" aria-label=\"Stars per \(barUnit), most \(GroupedNumber.format(most))\">"
        for (index, point) in points.enumerated() where point.stars > 0 {
            let height = Double(point.stars) / Double(most) * (Self.barsHeight - 4)
            out +=
                "<rect x=\"\(Self.number(Double(index) * barWidth))\" y=\"\(Self.number(Self.barsHeight - height))\" width=\"\(Self.number(max(0.5, barWidth - 0.5)))\" height=\"\(Self.number(height))\"><title>\(point.date): +\(GroupedNumber.format(point.stars))</title></rect>"
        }
        return HTML(raw: out + "</svg>")
    }
}

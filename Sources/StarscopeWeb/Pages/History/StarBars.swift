import Foundation
import StarscopeCore

/// Stars given per day or per week, as bars (the detail's second view).
struct StarBars: Sendable, Hashable {
    var points: [StarCurve.Point]
    var unit: String

    static let width = 640.0
    static let height = 120.0

    func svg() -> HTML {
        let most = max(1, points.map(\.stars).max() ?? 1)
        let barWidth = Self.width / Double(max(1, points.count))
        var out =
            "<svg class=\"bar-chart\" viewBox=\"0 0 \(Int(Self.width)) \(Int(Self.height))\" role=\"img\" aria-label=\"Stars per \(unit), most \(GroupedNumber.format(most))\">"
        for (index, point) in points.enumerated() where point.stars > 0 {
            let height = Double(point.stars) / Double(most) * (Self.height - 4)
            out +=
                "<rect x=\"\(StarHistoryChart.number(Double(index) * barWidth))\" y=\"\(StarHistoryChart.number(Self.height - height))\" width=\"\(StarHistoryChart.number(max(0.5, barWidth - 0.5)))\" height=\"\(StarHistoryChart.number(height))\"><title>\(point.date): +\(GroupedNumber.format(point.stars))</title></rect>"
        }
        return HTML(raw: out + "</svg>")
    }
}

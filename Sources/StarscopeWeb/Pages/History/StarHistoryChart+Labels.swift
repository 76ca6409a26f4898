import Foundation

extension StarHistoryChart {
    /// Where each line's name is written beside its end, when a chart has several (compare):
    /// right-aligned just above the last point, moved apart so no two overlap, inside the plot.
    /// Laid out twice: for a wide screen, and for a phone's larger text (`narrowLabelHeight`).
    struct EndLabel: Hashable {
        var series: Int
        var x: Double
        var y: Double
        var name: String
    }

    /// Vertical room a name takes: 11 px text on a wide screen. A phone shows the drawing at about
    /// half its size, so there its text is twice as large (`detail.css`), and reads as 11 px.
    static let labelHeight = 13.0
    static let narrowLabelHeight = 26.0

    func endLabels(height: Double = labelHeight) -> [EndLabel] {
        guard series.count > 1 else { return [] }
        var labels: [EndLabel] = series.enumerated().compactMap { index, line in
            guard let end = vertices(line).last else { return nil }
            return EndLabel(series: index, x: end.x - 4, y: end.y - height / 2, name: line.name)
        }
        // From the top down, each at least a line below the one above it; then, from the bottom
        // up, none below the plot.
        labels.sort { ($0.y, $0.series) < ($1.y, $1.series) }
        for index in labels.indices {
            let floor = index == 0 ? Self.top + height - 3 : labels[index - 1].y + height
            labels[index].y = max(labels[index].y, floor)
        }
        for index in labels.indices.reversed() {
            let ceiling = index == labels.count - 1 ? Self.top + Self.plotHeight - 3 : labels[index + 1].y - height
            labels[index].y = min(labels[index].y, ceiling)
        }
        return labels
    }
}

import Foundation
import StarscopeCore

extension StarHistorySection {
    /// Points the sparkline draws at most: enough for its width, few enough to stay small.
    static let sparklinePoints = 60

    /// The history at a glance, for a phone's first screen (detail.css puts it before the README
    /// there): a sparkline of the total, the total, the last seven days and the peak day, and a
    /// link to the whole chart.
    func glance() -> HTML {
        guard let curve, !curve.days.isEmpty else { return "" }
        let lastWeek = curve.days.suffix(7).reduce(0) { $0 &+ $1.stars }
        let peak: HTML =
            curve.peakDay.map { " · peak \(CountNoun.text($0.stars, "star")) on \($0.date)" } ?? ""
        return """
            <section class="history-glance" aria-labelledby="glance-title">
            <h2 id="glance-title" class="visually-hidden">Star history at a glance</h2>
            \(sparkline(curve))
            <p><strong>\(CountNoun.text(curve.total, "star"))</strong> · <strong>+\(GroupedNumber.format(lastWeek))</strong> in the last 7 days\(peak)</p>
            <p><a href="#history-title">Whole star history</a></p>
            </section>
            """
    }

    private func sparkline(_ curve: StarCurve) -> HTML {
        let weeks = curve.weekly
        let step = max(1, (weeks.count + Self.sparklinePoints - 1) / Self.sparklinePoints)
        var picked = stride(from: 0, to: weeks.count, by: step).map { weeks[$0] }
        if let last = weeks.last, picked.last != last { picked.append(last) }
        let highest = Double(max(1, picked.map(\.total).max() ?? 1))
        let points = picked.enumerated().map { index, week -> String in
            let x = picked.count == 1 ? 120 : Double(index) * 120 / Double(picked.count - 1)
            let y = 27 - Double(week.total) / highest * 25
            return String(format: "%.1f,%.1f", x, y)
        }
        return
            "<svg class=\"sparkline\" viewBox=\"0 0 120 28\" preserveAspectRatio=\"none\" aria-hidden=\"true\"><polyline points=\"\(points.joined(separator: " "))\"/></svg>"
    }
}

import Foundation
import StarscopeCore

extension StarHistoryChart {
    /// The detail's chart, with the span it covers in words.
    func view() -> HTML {
        guard let first, let last else {
            return """
                <section class="star-history" data-star-history aria-labelledby="history-title"><h2 id="history-title">Star history</h2>
                <p class="muted">No star counts recorded yet. \(Self.source)</p></section>
                """
        }
        let width = 600.0
        let height = 120.0
        let line = polyline(scaled(width: width, height: height))
        let summary: String =
            points.count == 1
            ? "One count so far: \(CountNoun.text(last.stars, "star")) on \(RelativeTime.day(last.date)). The line grows as Starscope sees it again."
            : "\(gained >= 0 ? "+" : "−")\(GroupedNumber.format(gained.magnitude)) \(CountNoun.word(gained.magnitude, "star")) in \(SpanText.short(span)), from \(points.count) counts since \(RelativeTime.day(first.date))."
        return """
            <section class="star-history" data-star-history aria-labelledby="history-title">
            <h2 id="history-title">Star history</h2>
            <svg class="chart" viewBox="0 -4 \(Int(width)) \(Int(height) + 8)" preserveAspectRatio="none" role="img" aria-label="\(summary)">\
            <polyline points="\(line)"/></svg>
            <p class="chart-axis"><span>\(RelativeTime.day(first.date))</span><span>now</span></p>
            <p>\(summary)</p>
            <p class="muted">\(Self.source)</p>
            </section>
            """
    }

    /// A small line for a row (favourites), or nothing with fewer than two counts.
    func sparkline() -> HTML {
        guard points.count > 1 else { return "" }
        let line = polyline(scaled(width: 60, height: 16))
        let label =
            "\(gained >= 0 ? "+" : "−")\(GroupedNumber.format(gained.magnitude)) \(CountNoun.word(gained.magnitude, "star")) in \(SpanText.short(span))"
        return
            "<svg class=\"sparkline\" viewBox=\"0 -2 60 20\" preserveAspectRatio=\"none\" role=\"img\" aria-label=\"\(label)\"><title>\(label)</title><polyline points=\"\(line)\"/></svg>"
    }

    static let source =
        "From the counts Starscope recorded whenever it saw this repository: GitHub shows who starred a repository only to its admins (since 30 June 2026)."

    private func polyline(_ points: [(x: Double, y: Double)]) -> String {
        points.map { "\(Self.number($0.x)),\(Self.number($0.y))" }.joined(separator: " ")
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}

import Foundation
import StarscopeCore
import StarscopeModels

/// Starscope's own counts drawn alone: GitHub shows who starred a repository only to its admins
/// (since 30 June 2026), so these are the counts Starscope recorded whenever it saw it.
extension StarHistoryChart {
    /// Counts are held to `0...Count.maximum`, so the difference (and its magnitude) cannot overflow.
    var gained: Int { Count.clamped(counts.last?.stars ?? 0) - Count.clamped(counts.first?.stars ?? 0) }
    /// The time the records cover.
    var span: TimeInterval { (counts.last?.date).map { $0.timeIntervalSince(counts.first?.date ?? $0) } ?? 0 }

    /// The counts in a `width`×`height` box (y grows downwards), time along x and stars along y;
    /// the last count is held flat to `now`, so the line ends at the present. A flat history
    /// sits in the middle.
    func scaledCounts(width: Double, height: Double) -> [(x: Double, y: Double)] {
        guard let first = counts.first, let last = counts.last else { return [] }
        let held = counts + (now > last.date ? [OwnCount(date: now, stars: last.stars)] : [])
        let start = first.date.timeIntervalSince1970
        let duration = max(1, (held.last?.date.timeIntervalSince1970 ?? start) - start)
        let low = Double(held.map(\.stars).min() ?? 0)
        let high = Double(held.map(\.stars).max() ?? 0)
        return held.map { point in
            let x = (point.date.timeIntervalSince1970 - start) / duration * width
            let y = high == low ? height / 2 : height - (Double(point.stars) - low) / (high - low) * height
            return (x: (x * 10).rounded() / 10, y: (y * 10).rounded() / 10)
        }
    }

    /// The detail's chart of the counts alone, with the span it covers in words.
    func countsView() -> HTML {
        guard let first = counts.first, let last = counts.last else {
            return """
                <section class="star-history" data-star-history aria-labelledby="history-title"><h2 id="history-title">Star history</h2>
                <p class="muted">No star counts recorded yet. \(Self.source)</p></section>
                """
        }
        let width = 600.0
        let height = 120.0
        let line = polyline(scaledCounts(width: width, height: height))
        let summary: String =
            counts.count == 1
            ? "One count so far: \(CountNoun.text(last.stars, "star")) on \(RelativeTime.day(last.date)). The line grows as Starscope sees it again."
            : "\(gained >= 0 ? "+" : "−")\(GroupedNumber.format(gained.magnitude)) \(CountNoun.word(gained.magnitude, "star")) in \(SpanText.short(span)), from \(counts.count) counts since \(RelativeTime.day(first.date))."
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
        guard counts.count > 1 else { return "" }
        let line = polyline(scaledCounts(width: 60, height: 16))
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
}

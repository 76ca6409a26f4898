import Foundation
import StarscopeModels

/// A repository's star counts over time, from Starscope's own records (GitHub lists stargazers
/// only to a repository's admins since 30 June 2026), scaled to a drawing.
struct StarHistoryChart: Sendable, Hashable {
    struct Point: Sendable, Hashable {
        var date: Date
        var stars: Int
    }

    var points: [Point]
    var now: Date

    init(points: [Point], now: Date) {
        self.points = points.sorted { $0.date < $1.date }
        self.now = now
    }

    var first: Point? { points.first }
    var last: Point? { points.last }
    /// Counts are held to `0...Count.maximum`, so the difference (and its magnitude) cannot overflow.
    var gained: Int { Count.clamped(last?.stars ?? 0) - Count.clamped(first?.stars ?? 0) }
    /// The time the records cover.
    var span: TimeInterval { (last?.date).map { $0.timeIntervalSince(first?.date ?? $0) } ?? 0 }

    /// The points in a `width`×`height` box (y grows downwards), time along x and stars along y;
    /// the last count is held flat to `now`, so the line ends at the present. A flat history
    /// sits in the middle.
    func scaled(width: Double, height: Double) -> [(x: Double, y: Double)] {
        guard let first, let last else { return [] }
        let held = points + (now > last.date ? [Point(date: now, stars: last.stars)] : [])
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
}

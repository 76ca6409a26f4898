import Foundation
import StarscopeCore
import StarscopeStore

/// A repository's star history drawn. GitHub's cumulative curves with real axes: one repository
/// on its detail (with Starscope's own counts laid over), or 2 to 10 on `/compare`, by date or
/// aligned from each one's creation, on a linear or log scale. The detail's curve also as bars of
/// the stars each day or week was given (`StarHistoryChart+Bars.swift`). Or Starscope's own counts
/// alone (`StarHistoryChart+Counts.swift`): the detail when GitHub has no history, a favourite's
/// sparkline.
struct StarHistoryChart: Sendable, Hashable {
    enum Scale: String, Sendable, CaseIterable { case linear, log }
    enum Alignment: String, Sendable, CaseIterable { case date, created }
    /// What a line's height is: the stars so far, or those given each week (where a burst stands
    /// out, rather than bending a long curve at its end).
    enum Measure: String, Sendable, CaseIterable {
        case total, weekly

        /// A curve's points as this measure draws them: `total` is the height.
        func points(_ curve: StarCurve) -> [StarCurve.Point] {
            switch self {
            case .total: curve.days
            case .weekly: curve.weekly.map { StarCurve.Point(day: $0.day, stars: $0.stars, total: $0.stars) }
            }
        }
    }

    struct Series: Sendable, Hashable {
        var name: String
        /// Day by day, oldest first.
        var points: [StarCurve.Point]
    }

    /// One of Starscope's own counts.
    struct OwnCount: Sendable, Hashable {
        var date: Date
        var stars: Int
        /// Days since 1970, as the curves' days.
        var day: Double { date.timeIntervalSince1970 / 86_400 }
    }

    var series: [Series]
    /// Starscope's own counts: laid over a curve, or drawn alone.
    var counts: [OwnCount] = []
    /// The moment shown: counts drawn alone are held flat to it.
    var now = Date.distantPast
    var scale: Scale = .linear
    var alignment: Alignment = .date
    var measure: Measure = .total

    init(series: [Series], counts: [OwnCount] = [], scale: Scale = .linear, alignment: Alignment = .date, measure: Measure = .total) {
        self.series = series
        self.counts = counts
        self.scale = scale
        self.alignment = alignment
        self.measure = measure
    }

    /// Starscope's own counts alone, oldest first, held flat to `now`.
    init(counts: [OwnCount], now: Date) {
        self.series = []
        self.counts = counts.sorted { $0.date < $1.date }
        self.now = now
    }

    /// Starscope's own counts of a repository.
    static func counts(_ samples: [StarSample]) -> [OwnCount] {
        samples.map { OwnCount(date: $0.recordedAt, stars: $0.stars) }
    }

    /// The drawing's size and margins (axis labels sit in the margins).
    static let width = 640.0
    static let height = 240.0
    static let left = 56.0
    static let right = 12.0
    static let top = 10.0
    static let bottom = 26.0
    static var plotWidth: Double { width - left - right }
    static var plotHeight: Double { height - top - bottom }

    /// At most this many vertices a line, and this many columns to point at.
    static let maximumVertices = 240
    static let maximumColumns = 60

    /// The x of each series' points: the day, or days since its first.
    func x(_ point: StarCurve.Point, in series: Series) -> Double {
        switch alignment {
        case .date: Double(point.day)
        case .created: Double(point.day - (series.points.first?.day ?? point.day))
        }
    }

    var xRange: (low: Double, high: Double) {
        let xs =
            series.flatMap { line in [line.points.first, line.points.last].compactMap { $0 }.map { x($0, in: line) } }
            + (alignment == .date ? counts.map(\.day) : [])
        let low = xs.min() ?? 0
        return (low, max(low + 1, xs.max() ?? 1))
    }

    var highest: Int {
        max(1, (series.flatMap { $0.points.map(\.total) } + counts.map(\.stars)).max() ?? 1)
    }

    /// A value's height in the plot, 0 at the bottom.
    func y(_ value: Int) -> Double {
        let value = Double(max(0, value))
        let top = Double(highest)
        switch scale {
        case .linear: return value / top * Self.plotHeight
        case .log: return log10(1 + value) / log10(1 + top) * Self.plotHeight
        }
    }

    func plotX(_ x: Double) -> Double {
        let range = xRange
        return Self.left + (x - range.low) / (range.high - range.low) * Self.plotWidth
    }

    func plotY(_ value: Int) -> Double { Self.top + Self.plotHeight - y(value) }

    /// A series' line, thinned to `maximumVertices` (the last point always kept).
    func vertices(_ line: Series) -> [(x: Double, y: Double)] {
        guard !line.points.isEmpty else { return [] }
        let step = max(1, line.points.count / Self.maximumVertices)
        var kept = stride(from: 0, to: line.points.count, by: step).map { line.points[$0] }
        if kept.last != line.points.last, let last = line.points.last { kept.append(last) }
        return kept.map { (plotX(x($0, in: line)), plotY($0.total)) }
    }

    /// The y-axis ticks: 0, half and the top, or powers of ten on a log scale.
    var yTicks: [Int] {
        switch scale {
        case .linear:
            let top = Self.nice(highest)
            return top <= 1 ? [0, 1] : [0, top / 2, top]
        case .log:
            var ticks = [0]
            var power = 1
            while power <= highest {
                // A tick too close to the one below would print over it ("0" and "1" on a tall scale).
                if let last = ticks.last, plotY(last) - plotY(power) >= Self.tickGap { ticks.append(power) }
                let (next, overflow) = power.multipliedReportingOverflow(by: 10)
                if overflow { break }
                power = next
            }
            return ticks
        }
    }

    /// The least room between two y-axis labels (a phone's text is twice a wide screen's).
    static let tickGap = 24.0

    /// The x-axis ticks: first, middle and last.
    var xTicks: [Double] {
        let range = xRange
        return [range.low, (range.low + range.high) / 2, range.high]
    }

    func xLabel(_ x: Double) -> String {
        switch alignment {
        case .date: StarCurve.Point(day: Int64(x.rounded()), stars: 0, total: 0).date
        case .created: Self.sinceCreation(Int(x.rounded()))
        }
    }

    /// An x-axis label aligned on creation, named as such: "created", "45 days after creation",
    /// "8 months after creation", "2.5 years after creation".
    static func sinceCreation(_ days: Int) -> String {
        switch days {
        case ...0: "created"
        case 1: "1 day after creation"
        case ..<60: "\(days) days after creation"
        case ..<730: "\(days / 30) months after creation"
        default: String(format: "%.1f years after creation", Double(days) / 365.25)
        }
    }

    /// A round number at or below `value` with one significant digit or 25/50 steps.
    static func nice(_ value: Int) -> Int {
        guard value > 10 else { return value }
        var magnitude = 1
        while magnitude <= value / 10 { magnitude *= 10 }
        let first = value / magnitude
        return first * magnitude
    }

    /// Columns to point at (hover, keyboard): each a span of the first series with its totals.
    struct Column: Sendable, Hashable {
        var from: StarCurve.Point
        var to: StarCurve.Point
        var stars: Int
    }

    /// What a column says when pointed at: the stars at its end and those it added; drawn by
    /// the week, the stars its weeks were given (the last one, this week, so far).
    func text(of column: Column) -> String {
        let span = column.from.day == column.to.day ? column.from.date : "\(column.from.date) to \(column.to.date)"
        switch measure {
        case .total: return "\(span): \(CountNoun.text(column.to.total, "star")) (+\(GroupedNumber.format(column.stars)))"
        case .weekly:
            let now = column.to.day == series.first?.points.last?.day ? " so far" : ""
            return "\(column.from.day == column.to.day ? "Week" : "Weeks") of \(span): \(CountNoun.text(column.stars, "star"))\(now)"
        }
    }

    var columns: [Column] {
        guard let line = series.first, !line.points.isEmpty else { return [] }
        let size = max(1, (line.points.count + Self.maximumColumns - 1) / Self.maximumColumns)
        return stride(from: 0, to: line.points.count, by: size).map { start in
            let slice = line.points[start..<min(line.points.count, start + size)]
            return Column(
                from: slice.first ?? line.points[start], to: slice.last ?? line.points[start], stars: slice.map(\.stars).reduce(0, +))
        }
    }
}

import Foundation
import StarscopeCore

extension StarHistoryChart {
    /// The colours of a self-contained drawing (an embed carries no style sheet).
    struct Palette: Sendable {
        var background: String
        var text: String
        var grid: String
        var lines: [String]

        static let light = Palette(
            background: "#ffffff", text: "#57606a", grid: "#d0d7de",
            lines: ["#0969da", "#cf222e", "#1a7f37", "#8250df", "#bf3989", "#9a6700", "#0550ae", "#6e7781", "#bc4c00", "#116329"])
        static let dark = Palette(
            background: "#0d1117", text: "#8b949e", grid: "#30363d",
            lines: ["#58a6ff", "#ff7b72", "#3fb950", "#d2a8ff", "#ff9bce", "#d29922", "#79c0ff", "#b1bac4", "#ffa657", "#56d364"])
    }

    /// The chart in a page: lines coloured by the page's style sheet (`.curve.sN`), columns to
    /// point at with their values (`<title>` on hover; the page's script reads them out for
    /// the keyboard), described by `label`.
    func svg(label: String) -> HTML {
        HTML(raw: drawing(label: label, palette: nil, columns: true))
    }

    /// A self-contained SVG document (no script, no style sheet, no external reference), for
    /// `stars.svg` and `compare.svg`.
    func document(label: String, palette: Palette) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + drawing(label: label, palette: palette, columns: false) + "\n"
    }

    private func drawing(label: String, palette: Palette?, columns withColumns: Bool) -> String {
        let w = Self.number(Self.width)
        let h = Self.number(Self.height)
        var out = ""
        if let palette {
            out +=
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(w)\" height=\"\(h)\" viewBox=\"0 0 \(w) \(h)\">"
            out += "<title>\(HTML.escape(label))</title>"
            out += "<rect width=\"\(w)\" height=\"\(h)\" fill=\"\(palette.background)\"/>"
        } else {
            out += "<svg class=\"curve-chart\" viewBox=\"0 0 \(w) \(h)\" role=\"img\" aria-label=\"\(HTML.escape(label))\">"
        }
        let textAttributes = palette.map { " fill=\"\($0.text)\" font-family=\"sans-serif\" font-size=\"11\"" } ?? ""
        let gridAttributes = palette.map { " stroke=\"\($0.grid)\"" } ?? ""
        // Axes: the y ticks with their counts, the x ticks with their dates (or days).
        for tick in yTicks {
            let y = Self.number(plotY(tick))
            out +=
                "<line class=\"grid\" x1=\"\(Self.number(Self.left))\" y1=\"\(y)\" x2=\"\(Self.number(Self.width - Self.right))\" y2=\"\(y)\"\(gridAttributes)/>"
            out +=
                "<text class=\"axis\" x=\"\(Self.number(Self.left - 6))\" y=\"\(y)\" text-anchor=\"end\" dominant-baseline=\"middle\"\(textAttributes)>\(CompactNumber.format(tick))</text>"
        }
        let baseline = Self.number(Self.top + Self.plotHeight + 16)
        for (index, tick) in xTicks.enumerated() {
            let anchor = index == 0 ? "start" : index == xTicks.count - 1 ? "end" : "middle"
            // A phone shows the first and last date only (`inner`): its labels are larger.
            out +=
                "<text class=\"axis\(anchor == "middle" ? " inner" : "")\" x=\"\(Self.number(plotX(tick)))\" y=\"\(baseline)\" text-anchor=\"\(anchor)\"\(textAttributes)>\(HTML.escape(xLabel(tick)))</text>"
        }
        for (index, line) in series.enumerated() {
            let points = vertices(line).map { "\(Self.number($0.x)),\(Self.number($0.y))" }.joined(separator: " ")
            let stroke =
                palette.map { " fill=\"none\" stroke=\"\($0.lines[index % $0.lines.count])\" stroke-width=\"2\" stroke-linejoin=\"round\"" }
                ?? ""
            out +=
                "<polyline class=\"curve s\(index % 10)\" points=\"\(points)\"\(stroke)><title>\(HTML.escape(line.name))</title></polyline>"
        }
        if palette == nil {
            // Several lines are named where they end (the drawing standing alone has its key), in a
            // wide screen's size and a phone's.
            for (size, height) in [("wide", Self.labelHeight), ("narrow", Self.narrowLabelHeight)] {
                for label in endLabels(height: height) {
                    out +=
                        "<text class=\"end-label \(size) s\(label.series % 10)\" x=\"\(Self.number(label.x))\" y=\"\(Self.number(label.y))\" text-anchor=\"end\" aria-hidden=\"true\">\(HTML.escape(label.name))</text>"
                }
            }
        }
        if !counts.isEmpty, alignment == .date {
            let fill = palette.map { " fill=\"\($0.text)\"" } ?? ""
            for count in counts.prefix(Self.maximumVertices) {
                out +=
                    "<circle class=\"seen\" cx=\"\(Self.number(plotX(count.day)))\" cy=\"\(Self.number(plotY(count.stars)))\" r=\"2.5\"\(fill)/>"
            }
        }
        if let palette {
            // Standing alone (in a README), the drawing names what it shows: each line and its count now.
            for (index, line) in series.enumerated() {
                let y = Self.number(Self.top + 14 + Double(index) * 15)
                let colour = palette.lines[index % palette.lines.count]
                let total =
                    switch measure {
                    case .total: line.points.last.map { " ★ " + GroupedNumber.format($0.total) } ?? ""
                    case .weekly: line.points.map(\.total).max().map { ", best week ★ " + GroupedNumber.format($0) } ?? ""
                    }
                out +=
                    "<rect x=\"\(Self.number(Self.left + 8))\" y=\"\(Self.number(Self.top + 9 + Double(index) * 15))\" width=\"10\" height=\"3\" fill=\"\(colour)\"/>"
                out +=
                    "<text x=\"\(Self.number(Self.left + 22))\" y=\"\(y)\" fill=\"\(palette.text)\" font-family=\"sans-serif\" font-size=\"12\">\(HTML.escape(line.name + total))</text>"
            }
        }
        if withColumns, let line = series.first {
            let range = xRange
            let perPoint = Self.plotWidth / (range.high - range.low) * (measure == .weekly ? 7 : 1)
            for column in columns {
                let x0 = plotX(x(column.from, in: line))
                let x1 = min(Self.width - Self.right, plotX(x(column.to, in: line)) + perPoint)
                let text = text(of: column)
                out +=
                    "<rect class=\"hit\" x=\"\(Self.number(x0))\" y=\"\(Self.number(Self.top))\" width=\"\(Self.number(max(1, x1 - x0)))\" height=\"\(Self.number(Self.plotHeight))\" data-value=\"\(HTML.escape(text))\"><title>\(HTML.escape(text))</title></rect>"
            }
        }
        return out + "</svg>"
    }

    /// A coordinate to a tenth, without a trailing `.0`: `12`, `12.3`, `-0.5`. In whole tenths
    /// (a chart writes hundreds of these, and printing each `Double` costs far more), the
    /// same text as printing the rounded `Double`; a value no chart has (beyond 10¹⁴, infinite,
    /// not a number) is printed as it is rather than trapping.
    static func number(_ value: Double) -> String {
        let tenths = (value * 10).rounded()
        guard tenths.magnitude < 1e15 else { return String(tenths / 10) }
        let count = Int(tenths)
        let magnitude = count.magnitude
        let sign = count < 0 ? "-" : ""
        return magnitude % 10 == 0 ? sign + String(magnitude / 10) : sign + String(magnitude / 10) + "." + String(magnitude % 10)
    }

    /// What `number` must give, by printing the rounded `Double` (for its tests).
    static func printedNumber(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}

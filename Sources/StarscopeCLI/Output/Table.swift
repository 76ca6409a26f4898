/// An aligned table fitted to the terminal width: the flexible column (descriptions) gives way first.
struct Table {
    struct Column {
        var title: String
        var alignRight = false
        /// Shrinks to fit the width; otherwise the column keeps its natural width while it can.
        var flexible = false
        var style: Terminal.Style?
    }

    var columns: [Column]
    var rows: [[String]] = []

    /// A cell may also carry its own style (such as dim for "No description provided").
    var cellStyles: [[Terminal.Style?]] = []

    mutating func append(_ cells: [String], styles: [Terminal.Style?] = []) {
        rows.append(cells.map(TerminalText.clean))
        cellStyles.append(styles)
    }

    func render(width: Int?, terminal: Terminal) -> String {
        let gap = 2
        var widths = columns.indices.map { index in
            rows.reduce(TerminalText.width(columns[index].title)) { max($0, TerminalText.width($1[index])) }
        }
        if let width {
            fit(&widths, into: width - gap * (columns.count - 1))
        }
        var lines: [String] = []
        let header = columns.indices.map { index in
            TerminalText.pad(
                TerminalText.truncate(columns[index].title, to: widths[index]), to: widths[index], right: columns[index].alignRight)
        }
        lines.append(trimmed(header.joined(separator: "  ")).map { terminal.style($0, .dim) } ?? "")
        for (rowIndex, row) in rows.enumerated() {
            let cells = columns.indices.map { index -> String in
                let text = TerminalText.truncate(row[index], to: widths[index])
                let padded = TerminalText.pad(text, to: widths[index], right: columns[index].alignRight)
                let style = cellStyles[rowIndex].indices.contains(index) ? cellStyles[rowIndex][index] : nil
                guard let chosen = style ?? columns[index].style, !text.isEmpty else { return padded }
                // Style only the text, not the padding, so that trailing spaces stay plain.
                let styled = terminal.style(text, chosen)
                return columns[index].alignRight
                    ? padded.replacingOccurrences(of: text, with: styled)
                    : styled + String(repeating: " ", count: max(0, widths[index] - TerminalText.width(text)))
            }
            lines.append(trimmed(cells.joined(separator: "  ")) ?? "")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Narrows flexible columns first (down to 10), then the widest others, until the row fits.
    private func fit(_ widths: inout [Int], into available: Int) {
        var excess = widths.reduce(0, +) - available
        guard excess > 0 else { return }
        for index in columns.indices where columns[index].flexible && excess > 0 {
            let give = min(excess, max(0, widths[index] - 10))
            widths[index] -= give
            excess -= give
        }
        while excess > 0 {
            guard let widest = widths.indices.max(by: { widths[$0] < widths[$1] }), widths[widest] > 4 else { break }
            widths[widest] -= 1
            excess -= 1
        }
    }

    private func trimmed(_ line: String) -> String? {
        var line = line
        while line.hasSuffix(" ") { line.removeLast() }
        return line
    }
}

/// Draws the lines of a table whose column widths are settled: cells padded to
/// their widths, separated by two spaces (plain) or framed (ascii, rounded).
struct LineDrawer {
    /// Which horizontal rule to draw.
    enum Rule {
        case top
        case separator
        case bottom
    }

    /// The widths of the render columns; the last is the details region when
    /// a region is drawn.
    let widths: [Int]
    let border: BorderStyle
    let color: Bool

    /// A horizontal rule, or `nil` for the plain style.
    func rule(_ rule: Rule) -> String? {
        guard let glyphs = border.glyphs, !widths.isEmpty else { return nil }
        let joints =
            switch rule {
            case .top: glyphs.top
            case .separator: glyphs.separator
            case .bottom: glyphs.bottom
            }
        var line = String(joints.left)
        for (index, width) in widths.enumerated() {
            if index > 0 { line.append(joints.middle) }
            line += String(repeating: glyphs.horizontal, count: width + 2)
        }
        line.append(joints.right)
        return line
    }

    /// The lines of one row: `cells` fill the first columns and `region`, when
    /// not empty, the last one (already padded to its width).
    func draw(
        _ cells: [[FittedLine]],
        styles: [CellStyle],
        alignments: [Alignment],
        region: [StyledLine] = []
    ) -> [String] {
        let height = max(cells.first?.count ?? 0, region.count)
        let vertical = border.glyphs.map { String($0.vertical) }
        var lines: [String] = []
        lines.reserveCapacity(height)
        for lineIndex in 0..<height {
            var line = StyledLine()
            if let vertical { line.append(vertical + " ") }
            for (index, cell) in cells.enumerated() {
                if index > 0 { line.append(vertical.map { " " + $0 + " " } ?? "  ") }
                let fitted = lineIndex < cell.count ? cell[lineIndex] : .blank
                line.append(
                    fitted, style: styles[index], width: widths[index], alignment: alignments[index], color: color)
            }
            if !region.isEmpty {
                if !cells.isEmpty { line.append(vertical.map { " " + $0 + " " } ?? "  ") }
                if lineIndex < region.count {
                    line.append(contentsOf: region[lineIndex])
                } else if let width = widths.last {
                    line.pad(width)
                }
            }
            if let vertical { line.append(" " + vertical) }
            lines.append(line.rendered(color: color, trimTrailingSpaces: vertical == nil))
        }
        return lines
    }
}

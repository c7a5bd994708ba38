extension MergedLayout {
    /// The groups of each legend line: groups whose kept columns have the
    /// same headers at the same places share one line (unknown kinds, each
    /// with its one FIELDS column, share one).
    func legendLines() -> [[Int]] {
        struct Key: Hashable {
            var headers: [String]
            var alignments: [Bool]
            /// The widths that place the headers: all but the last, unless it is right-aligned.
            var widths: [Int]
        }
        var lines: [[Int]] = []
        var lineOfKey: [Key: Int] = [:]
        for group in activeGroups where !detailKept[group].isEmpty {
            let columns = detailKept[group].map { groups[group].columns[$0] }
            let widths = detailWidths[group]
            let placing = columns.last?.alignment == .right ? widths : Array(widths.dropLast())
            let key = Key(
                headers: columns.map(\.header), alignments: columns.map { $0.alignment == .right }, widths: placing)
            if let line = lineOfKey[key] {
                lines[line].append(group)
            } else {
                lineOfKey[key] = lines.count
                lines.append([group])
            }
        }
        return lines
    }

    /// The legend line of `line`'s groups: their titles, ending with `:`,
    /// across the shared columns in the plain style (which a row never leaves
    /// blank, so that the line does not read as a row) or in NAME in a frame,
    /// and the first group's column headers in the details region, dimmed.
    func legend(_ line: [Int], sharedWidths: [Int], groupWidths: [Int], _ regionWidth: Int)
        -> [LineDrawer.Slot]
    {
        var slots: [LineDrawer.Slot] = []
        if !sharedWidths.isEmpty {
            // Plain, the titles span the shared columns from the first; framed, whose
            // borders never move, they sit in the second (NAME), which is wider.
            let spans = options.border == .plain
            let first = spans || sharedWidths.count == 1 ? 0 : 1
            let span = spans ? sharedWidths.reduce(0, +) + 2 * (sharedWidths.count - 1) : sharedWidths[first]
            // Titles only until the span is full: a line may stand for many unknown kinds.
            var title = ""
            for group in line {
                if !title.isEmpty { title += ", " }
                title += groups[group].title
                if title.count > span { break }
            }
            let fitted = CellLayout.fit(Cell(title + ":"), width: span, height: 1, wraps: false)
            if spans {
                slots.append(.init(lines: fitted, style: .dim, alignment: .left, width: span))
            } else {
                for (index, width) in sharedWidths.enumerated() {
                    slots.append(
                        .init(lines: index == first ? fitted : .blank, style: .dim, alignment: .left, width: width))
                }
            }
        }
        let group = line[0]
        let columns = groups[group].columns
        let kept = detailKept[group]
        appendRegion(
            kept, cell: { Cell(columns[$0].header.uppercased(), style: .dim) }, columns: columns, widths: groupWidths,
            height: 1, regionWidth: regionWidth,
            to: &slots)
        return slots
    }
}

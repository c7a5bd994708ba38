extension MergedLayout {
    /// What drawing a row needs once the widths are settled.
    struct RowPlan: Sendable {
        let layout: MergedLayout
        let drawer: LineDrawer
        let sharedWidths: [Int]
        let groupWidths: [[Int]]
        let regionWidth: Int
        /// The alignment of each kept shared column.
        let sharedAlignments: [Alignment]
        /// Whether each kept shared column wraps.
        let sharedWraps: [Bool]
        /// How each kept shared column cuts a value too wide for it.
        let sharedCuts: [CutRule?]
        /// Per group, the alignment of each kept detail column.
        let detailAlignments: [[Alignment]]
        /// Per group, the width its kept columns and their gaps take.
        let groupUsed: [Int]

        init(layout: MergedLayout, drawer: LineDrawer, sharedWidths: [Int], groupWidths: [[Int]], regionWidth: Int) {
            self.layout = layout
            self.drawer = drawer
            self.sharedWidths = sharedWidths
            self.groupWidths = groupWidths
            self.regionWidth = regionWidth
            sharedAlignments = layout.sharedKept.map { layout.shared[$0].alignment }
            sharedWraps = layout.sharedKept.map { MergedLayout.wraps(layout.shared[$0]) }
            sharedCuts = layout.sharedKept.map { layout.shared[$0].cut }
            detailAlignments = layout.groups.indices.map { group in
                layout.detailKept[group].map { layout.groups[group].columns[$0].alignment }
            }
            groupUsed = groupWidths.map { $0.reduce(0, +) + MergedLayout.detailGap * max(0, $0.count - 1) }
        }

        /// Draws the rows of `block`, in order.
        func draw(_ block: RowBlock, into output: inout ByteBuffer) {
            draw(block, rows: 0..<block.count, into: &output)
        }

        /// Draws rows `rows` of `block`.
        func draw(_ block: RowBlock, rows: Range<Int>, into output: inout ByteBuffer) {
            var slots: [LineDrawer.Slot] = []
            slots.reserveCapacity(layout.sharedKept.count + (layout.detailKept.map(\.count).max() ?? 0))
            // What every row reads, in flat arrays of this block's own: rows
            // drawn on several threads then never share a reference count.
            let lineLayout = LineLayout(self)
            let drawer = LineDrawer(widths: drawer.widths, border: drawer.border, color: drawer.color)
            var line = ByteBuffer(capacity: drawer.widths.reduce(0, +) + 64)
            block.text.withBytes(0..<block.text.count) { text in
                let cells = block.cells.span
                for row in rows {
                    if Self.takesOneLine(row, of: block, lineLayout) {
                        if lineLayout.drawVerbatim(row, of: block, text: text, cells: cells, into: &output) {
                            continue
                        }
                        lineLayout.draw(row, of: block, drawer: drawer, line: &line, into: &output)
                        continue
                    }
                    slots.removeAll(keepingCapacity: true)
                    let height = fit(row, of: block, into: &slots)
                    drawer.draw(slots, height: height, line: &line, into: &output)
                }
            }
        }

        /// Whether row `row` of `block` is drawn on one line however tall it
        /// may be: a plain row, or one whose every kept cell fits its width.
        private static func takesOneLine(_ row: Int, of block: RowBlock, _ lineLayout: LineLayout) -> Bool {
            block.isPlain(row) || lineLayout.fitsOneLine(row, of: block)
        }

        /// How many lines each row of `block` takes as ``draw(_:into:)``
        /// draws it: one, or as many as its tallest fitted cell (at most the
        /// row's height). A row taller than a line takes fewer when its
        /// cells fit: a caller that places rows by their heights (the
        /// picker's selection marker) asks this instead.
        func lineCounts(of block: RowBlock) -> [Int] {
            let lineLayout = LineLayout(self)
            var slots: [LineDrawer.Slot] = []
            return (0..<block.count).map { row in
                if Self.takesOneLine(row, of: block, lineLayout) { return 1 }
                slots.removeAll(keepingCapacity: true)
                return fit(row, of: block, into: &slots)
            }
        }

        /// Appends the slots of row `row` of `block` to `slots`, each cell
        /// fitted to the row's own height, and returns the lines the row
        /// takes: as many as its tallest fitted cell, the rest being blank.
        private func fit(_ row: Int, of block: RowBlock, into slots: inout [LineDrawer.Slot]) -> Int {
            let limit = max(1, Int(block.entries[row].height))
            let shared = block.sharedCells(row)
            let first = slots.count
            for (index, column) in layout.sharedKept.enumerated() {
                let cell = shared.indices.contains(column) ? shared[column] : nil
                let alignment = sharedAlignments[index]
                let lines = CellLayout.fit(
                    cell, width: sharedWidths[index], height: limit, alignment: alignment, wraps: sharedWraps[index],
                    cut: sharedCuts[index])
                slots.append(
                    .init(lines: lines, style: cell?.style ?? .plain, alignment: alignment, width: sharedWidths[index]))
            }
            if layout.hasRegion {
                layout.appendDetails(
                    block.detailCells(row), group: Int(block.entries[row].group), widths: groupWidths, height: limit,
                    regionWidth: regionWidth, to: &slots)
            }
            var height = 1
            for slot in slots[first...] {
                for (index, line) in slot.lines.rest.enumerated().reversed() where !line.text.isEmpty {
                    height = max(height, index + 2)
                    break
                }
            }
            return height
        }

        /// What row `row` of `block` shows in each column of the table,
        /// shared then its group's (`nil` for a column not drawn): each
        /// cell's lines as drawn, joined with line feeds.
        func visible(_ row: Int, of block: RowBlock) -> [String?] {
            var slots: [LineDrawer.Slot] = []
            let height = fit(row, of: block, into: &slots)
            func text(_ slot: LineDrawer.Slot) -> String {
                (0..<height).map { slot.lines[$0].text }.joined(separator: "\n")
            }
            var result: [String?] = layout.shared.indices.map { _ in nil }
            for (index, column) in layout.sharedKept.enumerated() {
                result[column] = text(slots[index])
            }
            let group = Int(block.entries[row].group)
            guard layout.groups.indices.contains(group) else { return result }
            var detailTexts: [String?] = layout.groups[group].columns.indices.map { _ in nil }
            if layout.hasRegion {
                for (index, column) in layout.detailKept[group].enumerated() {
                    detailTexts[column] = text(slots[layout.sharedKept.count + index])
                }
            }
            return result + detailTexts
        }
    }
}

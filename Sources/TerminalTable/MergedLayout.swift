/// Lays out a ``MergedTable``: negotiates column widths, then draws the lines.
///
/// The render columns are the kept shared columns, then the details region as
/// one more column. Inside the region, each group's kept columns are separated
/// by two spaces and sized among that group's rows only.
struct MergedLayout {
    private let table: MergedTable
    private let options: RenderOptions
    /// Indices of the groups that have rows.
    private let activeGroups: [Int]
    private var sharedKept: [Int]
    private var detailKept: [[Int]]
    private let sharedDemand: [Demand]
    private let detailDemand: [[Demand]]
    private let detailsHeaderWidth: Int

    /// What a column asks of width negotiation.
    private struct Demand {
        /// The width it wants: its widest header or cell, within its min and max.
        var natural: Int
        /// The width below which it is dropped rather than squashed.
        var minimum: Int
    }

    /// The widths that the rows of a block want: per shared column, and per
    /// group, per detail column.
    private struct Wanted {
        var shared: [Int]
        var details: [[Int]]
        var hasRows: [Bool]

        init(_ table: MergedTable, rows range: Range<Int>) {
            let sharedCount = table.shared.count
            var shared = Array(repeating: 0, count: sharedCount)
            var details = table.groups.map { Array(repeating: 0, count: $0.columns.count) }
            var hasRows = Array(repeating: false, count: table.groups.count)
            table.rows.withUnsafeBufferPointer { rows in
                for rowIndex in range {
                    let widths = rows[rowIndex].size.widths
                    for index in 0..<sharedCount {
                        let wanted =
                            index < widths.count
                            ? max(0, widths[index]) : MergedLayout.cellWidth(rows[rowIndex].shared, at: index)
                        if wanted > shared[index] { shared[index] = wanted }
                    }
                    let group = rows[rowIndex].group
                    guard details.indices.contains(group) else { continue }
                    hasRows[group] = true
                    for index in details[group].indices {
                        let sizeIndex = sharedCount + index
                        let wanted =
                            sizeIndex < widths.count
                            ? max(0, widths[sizeIndex]) : MergedLayout.cellWidth(rows[rowIndex].details, at: index)
                        if wanted > details[group][index] { details[group][index] = wanted }
                    }
                }
            }
            self.shared = shared
            self.details = details
            self.hasRows = hasRows
        }
    }

    /// The width of `cells[index]`, 0 when there is no such cell.
    private static func cellWidth(_ cells: [Cell], at index: Int) -> Int {
        cells.indices.contains(index) ? cells[index].displayWidth : 0
    }

    /// The gap between detail columns inside the region.
    private static let detailGap = 2

    init(_ table: MergedTable, options: RenderOptions) {
        self.table = table
        self.options = options
        let headers = options.showHeaders

        var sharedWanted = table.shared.map { headers ? Self.headerWidth($0.header) : 0 }
        var detailWanted = table.groups.map { group in
            group.columns.map { headers ? Self.headerWidth($0.header) : 0 }
        }
        var hasRows = Array(repeating: false, count: table.groups.count)
        let blocks = ParallelBlocks.map(count: table.rows.count) { range in
            Wanted(table, rows: range)
        }
        for block in blocks {
            for index in sharedWanted.indices {
                sharedWanted[index] = max(sharedWanted[index], block.shared[index])
            }
            for group in detailWanted.indices where block.hasRows[group] {
                hasRows[group] = true
                for index in detailWanted[group].indices {
                    detailWanted[group][index] = max(detailWanted[group][index], block.details[group][index])
                }
            }
        }
        sharedDemand = zip(table.shared, sharedWanted).map(Self.demand)
        detailDemand = zip(table.groups, detailWanted).map { group, wanted in
            zip(group.columns, wanted).map(Self.demand)
        }
        activeGroups = table.groups.indices.filter { hasRows[$0] }
        sharedKept = Array(table.shared.indices)
        detailKept = table.groups.map { Array($0.columns.indices) }
        detailsHeaderWidth = headers ? Self.headerWidth(table.detailsHeader) : 0
        if let limit = options.maxWidth, !options.wide {
            dropColumns(toFit: limit)
        }
    }

    private static func headerWidth(_ header: String) -> Int {
        DisplayWidth.of(TerminalText.sanitize(header.uppercased()))
    }

    private static func demand(_ column: Column, wanted: Int) -> Demand {
        var natural = max(column.minWidth, wanted)
        if let maxWidth = column.maxWidth { natural = min(natural, maxWidth) }
        return Demand(natural: natural, minimum: column.minWidth)
    }

    // MARK: Negotiation

    private func groupNeed(_ group: Int, _ part: KeyPath<Demand, Int>) -> Int {
        let kept = detailKept[group]
        guard !kept.isEmpty else { return 0 }
        return kept.reduce(0) { $0 + detailDemand[group][$1][keyPath: part] } + Self.detailGap * (kept.count - 1)
    }

    /// Whether the details region is drawn: some group with rows keeps a column.
    private var hasRegion: Bool {
        activeGroups.contains { !detailKept[$0].isEmpty }
    }

    private var regionMinimum: Int {
        activeGroups.map { groupNeed($0, \.minimum) }.max() ?? 0
    }

    private var regionNatural: Int {
        max(detailsHeaderWidth, activeGroups.map { groupNeed($0, \.natural) }.max() ?? 0)
    }

    private var renderColumnCount: Int {
        sharedKept.count + (hasRegion ? 1 : 0)
    }

    private var minimumTotal: Int {
        let shared = sharedKept.reduce(0) { $0 + sharedDemand[$1].minimum }
        return shared + (hasRegion ? regionMinimum : 0) + options.border.overhead(columns: renderColumnCount)
    }

    /// Drops the lowest-priority columns (the later one on a tie) until every
    /// kept column fits at its minimum width, keeping at least one column.
    /// Only detail columns of the groups that set the region's minimum width
    /// are candidates, since dropping another group's column frees no space.
    private mutating func dropColumns(toFit limit: Int) {
        while minimumTotal > limit {
            let keptCount = sharedKept.count + activeGroups.reduce(0) { $0 + detailKept[$1].count }
            guard keptCount > 1 else { return }
            // (priority, order, group or -1 for shared, column)
            var best: (priority: Int, order: Int, group: Int, column: Int)?
            func consider(_ priority: Int, _ order: Int, _ group: Int, _ column: Int) {
                if let current = best,
                    current.priority < priority || (current.priority == priority && current.order > order)
                {
                    return
                }
                best = (priority, order, group, column)
            }
            for column in sharedKept {
                consider(table.shared[column].priority, column, -1, column)
            }
            let minimum = regionMinimum
            for group in activeGroups where groupNeed(group, \.minimum) == minimum {
                for column in detailKept[group] {
                    consider(table.groups[group].columns[column].priority, table.shared.count + column, group, column)
                }
            }
            guard let chosen = best else { return }
            if chosen.group < 0 {
                sharedKept.removeAll { $0 == chosen.column }
            } else {
                detailKept[chosen.group].removeAll { $0 == chosen.column }
            }
        }
    }

    /// The widths of the kept shared columns, then of the region if drawn.
    private func renderWidths() -> [Int] {
        var naturals = sharedKept.map { sharedDemand[$0].natural }
        var minimums = sharedKept.map { sharedDemand[$0].minimum }
        if hasRegion {
            naturals.append(regionNatural)
            minimums.append(max(1, regionMinimum))
        }
        guard let limit = options.maxWidth else { return naturals }
        let available = limit - options.border.overhead(columns: naturals.count)
        var widths = WidthNegotiation.distribute(naturals: naturals, minimums: minimums, available: available)
        // However narrow, the region holds its columns at one cell each and their gaps.
        if hasRegion, let last = widths.indices.last { widths[last] = max(widths[last], regionFloor) }
        return widths
    }

    /// The narrowest the region can be drawn: each kept column one cell wide, plus the gaps.
    private var regionFloor: Int {
        activeGroups.map { detailKept[$0].isEmpty ? 0 : detailKept[$0].count * (1 + Self.detailGap) - Self.detailGap }
            .max() ?? 0
    }

    /// The widths of a group's kept columns inside a region `width` wide.
    private func groupWidths(_ group: Int, regionWidth width: Int) -> [Int] {
        let kept = detailKept[group]
        guard !kept.isEmpty else { return [] }
        let naturals = kept.map { detailDemand[group][$0].natural }
        let minimums = kept.map { detailDemand[group][$0].minimum }
        let available = width - Self.detailGap * (kept.count - 1)
        return WidthNegotiation.distribute(naturals: naturals, minimums: minimums, available: available)
    }

    // MARK: Drawing

    /// Appends the table's lines, each ending with a line feed, to `output`.
    ///
    /// Rows are drawn in blocks, on every core when there are many: each
    /// block is drawn on its own and the blocks are joined in order, so the
    /// bytes are the same as when drawn one after another.
    func write(into output: inout [UInt8]) {
        for piece in pieces(after: []) {
            output.append(contentsOf: piece)
        }
    }

    /// The table's lines after `head`, as pieces that joined are the bytes
    /// ``write(into:)`` appends: rows drawn on several cores come back as
    /// the pieces they were drawn in, so that a caller that writes them out
    /// one after another never joins them.
    func pieces(after head: [UInt8]) -> [[UInt8]] {
        var output = head
        let widths = renderWidths()
        let sharedWidths = Array(widths.prefix(sharedKept.count))
        let regionWidth = hasRegion ? widths.last ?? 0 : 0
        var groupWidths = Array(repeating: [Int](), count: table.groups.count)
        for group in activeGroups {
            groupWidths[group] = self.groupWidths(group, regionWidth: regionWidth)
        }
        let drawer = LineDrawer(widths: widths, border: options.border, color: options.color)
        drawer.rule(.top, into: &output)

        if options.showHeaders {
            var slots: [LineDrawer.Slot] = []
            for (index, column) in sharedKept.enumerated() {
                let header = CellLayout.fit(
                    Cell(table.shared[column].header.uppercased()), width: sharedWidths[index], height: 1)
                slots.append(
                    .init(
                        lines: header, style: .bold, alignment: table.shared[column].alignment,
                        width: sharedWidths[index]))
            }
            if hasRegion {
                let header = CellLayout.fit(Cell(table.detailsHeader.uppercased()), width: regionWidth, height: 1)
                slots.append(.init(lines: header, style: .bold, alignment: .left, width: regionWidth))
            }
            drawer.draw(slots, height: 1, into: &output)
            if hasRegion {
                for group in activeGroups where !detailKept[group].isEmpty {
                    let slots = legend(group, sharedWidths: sharedWidths, groupWidths: groupWidths[group], regionWidth)
                    drawer.draw(slots, height: 1, into: &output)
                }
            }
            drawer.rule(.separator, into: &output)
        }

        let plan = RowPlan(
            layout: self, drawer: drawer, sharedWidths: sharedWidths, groupWidths: groupWidths,
            regionWidth: regionWidth)
        let rows = table.rows.indices
        let lineBytes = widths.reduce(0, +) + options.border.overhead(columns: widths.count) + 1
        var pieces = ParallelBlocks.pieces(count: rows.count, bytesPerItem: lineBytes, after: output) {
            range, block in
            plan.draw(rows: range, into: &block)
        }
        var bottom: [UInt8] = []
        drawer.rule(.bottom, into: &bottom)
        if !bottom.isEmpty { pieces.append(bottom) }
        return pieces
    }

    /// What drawing a row needs once the widths are settled.
    private struct RowPlan {
        let layout: MergedLayout
        let drawer: LineDrawer
        let sharedWidths: [Int]
        let groupWidths: [[Int]]
        let regionWidth: Int
        /// The alignment of each kept shared column.
        let sharedAlignments: [Alignment]
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
            let table = layout.table
            sharedAlignments = layout.sharedKept.map { table.shared[$0].alignment }
            detailAlignments = table.groups.indices.map { group in
                layout.detailKept[group].map { table.groups[group].columns[$0].alignment }
            }
            groupUsed = groupWidths.map { $0.reduce(0, +) + MergedLayout.detailGap * max(0, $0.count - 1) }
        }

        /// Draws `rows` of the table, in order.
        func draw(rows: Range<Int>, into output: inout [UInt8]) {
            var slots: [LineDrawer.Slot] = []
            slots.reserveCapacity(layout.sharedKept.count + (layout.detailKept.map(\.count).max() ?? 0))
            // What every row reads, in flat arrays of this block's own: rows
            // drawn on several threads then never share a reference count.
            let lineLayout = LineLayout(self)
            let drawer = LineDrawer(widths: drawer.widths, border: drawer.border, color: drawer.color)
            layout.table.rows.withUnsafeBufferPointer { table in
                for rowIndex in rows {
                    let height = max(1, table[rowIndex].size.height)
                    if height == 1 {
                        // Field by field: the row's widths are never touched.
                        lineLayout.draw(
                            shared: table[rowIndex].shared, details: table[rowIndex].details,
                            group: table[rowIndex].group, drawer: drawer, into: &output)
                        continue
                    }
                    let row = table[rowIndex]
                    slots.removeAll(keepingCapacity: true)
                    for (index, column) in layout.sharedKept.enumerated() {
                        let cell = row.shared.indices.contains(column) ? row.shared[column] : nil
                        let alignment = sharedAlignments[index]
                        let lines = CellLayout.fit(
                            cell, width: sharedWidths[index], height: height, alignment: alignment)
                        slots.append(
                            .init(
                                lines: lines, style: cell?.style ?? .plain, alignment: alignment,
                                width: sharedWidths[index]))
                    }
                    if layout.hasRegion {
                        layout.appendDetails(
                            row, widths: groupWidths, height: height, regionWidth: regionWidth, to: &slots)
                    }
                    drawer.draw(slots, height: height, into: &output)
                }
            }
        }

        /// How a row one line high is drawn, with every per-column and
        /// per-group value in flat arrays.
        private struct LineLayout {
            let sharedKept: [Int]
            let sharedWidths: [Int]
            let sharedAlignments: [Alignment]
            let hasRegion: Bool
            let regionWidth: Int
            /// Per group, where its kept columns start in the flat arrays
            /// below (one more entry than groups, for the end).
            let groupStart: [Int]
            let detailKept: [Int]
            let detailWidths: [Int]
            let detailAlignments: [Alignment]
            /// Per group, the padding after its last column to the region's width.
            let groupPadding: [Int]

            init(_ plan: RowPlan) {
                // Copies, not shared buffers (`Array(_:)` of an array would share).
                sharedKept = plan.layout.sharedKept.map { $0 }
                sharedWidths = plan.sharedWidths.map { $0 }
                sharedAlignments = plan.sharedAlignments.map { $0 }
                hasRegion = plan.layout.hasRegion
                regionWidth = plan.regionWidth
                var starts = [0]
                var kept: [Int] = []
                var widths: [Int] = []
                var alignments: [Alignment] = []
                for group in plan.layout.detailKept.indices {
                    let groupKept = plan.layout.detailKept[group]
                    kept += groupKept
                    // A group with no rows has no widths; it is never drawn.
                    let groupWidths = plan.groupWidths[group]
                    widths += groupWidths.count == groupKept.count ? groupWidths : groupKept.map { _ in 0 }
                    alignments += plan.detailAlignments[group]
                    starts.append(kept.count)
                }
                groupStart = starts
                detailKept = kept
                detailWidths = widths
                detailAlignments = alignments
                groupPadding = plan.groupUsed.map { plan.regionWidth - $0 }
            }

            /// Draws a row one line high, as ``LineDrawer/draw(_:height:into:)``
            /// draws its slots, without making them.
            func draw(shared: [Cell], details: [Cell], group: Int, drawer: LineDrawer, into output: inout [UInt8]) {
                drawer.startLine(into: &output)
                for index in sharedKept.indices {
                    if index > 0 { drawer.separate(insideRegion: false, into: &output) }
                    let column = sharedKept[index]
                    write(shared, column, width: sharedWidths[index], sharedAlignments[index], drawer, &output)
                }
                guard hasRegion else {
                    drawer.endLine(into: &output)
                    return
                }
                if !sharedKept.isEmpty { drawer.separate(insideRegion: false, into: &output) }
                guard group >= 0, group + 1 < groupStart.count, groupStart[group] < groupStart[group + 1] else {
                    drawer.write(.blank, style: .plain, width: regionWidth, alignment: .left, into: &output)
                    drawer.endLine(into: &output)
                    return
                }
                for flat in groupStart[group]..<groupStart[group + 1] {
                    if flat > groupStart[group] { drawer.separate(insideRegion: true, into: &output) }
                    write(details, detailKept[flat], width: detailWidths[flat], detailAlignments[flat], drawer, &output)
                }
                if !drawer.trimsTrailingSpaces { LineDrawer.pad(groupPadding[group], into: &output) }
                drawer.endLine(into: &output)
            }

            /// Writes `cells[column]` (blank when there is none) fitted to `width`.
            private func write(
                _ cells: [Cell],
                _ column: Int,
                width: Int,
                _ alignment: Alignment,
                _ drawer: LineDrawer,
                _ output: inout [UInt8]
            ) {
                guard column < cells.count else {
                    drawer.write(.blank, style: .plain, width: width, alignment: alignment, into: &output)
                    return
                }
                if !drawer.color, width > 0, cells[column].lineCount == 1, cells[column].firstWidth <= width {
                    // A line that fits, without colour: its text, padded, as
                    // fitting and writing it would draw it.
                    let padding = width - cells[column].firstWidth
                    if alignment == .right { LineDrawer.pad(padding, into: &output) }
                    LineDrawer.append(cells[column].firstLine, to: &output)
                    if alignment == .left { LineDrawer.pad(padding, into: &output) }
                    return
                }
                let line = CellLayout.fit(cells[column], width: width, height: 1, alignment: alignment).first
                drawer.write(line, style: cells[column].style, width: width, alignment: alignment, into: &output)
            }
        }

    }

    /// The legend line of a group: its title in the first shared column and its
    /// column headers in the details region, dimmed.
    private func legend(_ group: Int, sharedWidths: [Int], groupWidths: [Int], _ regionWidth: Int) -> [LineDrawer.Slot]
    {
        var slots: [LineDrawer.Slot] = []
        for (index, width) in sharedWidths.enumerated() {
            let title = index == 0 ? Cell(table.groups[group].title) : nil
            slots.append(
                .init(
                    lines: CellLayout.fit(title, width: width, height: 1), style: .dim, alignment: .left, width: width))
        }
        let columns = table.groups[group].columns
        let kept = detailKept[group]
        appendRegion(
            kept, cell: { Cell(columns[$0].header.uppercased(), style: .dim) }, columns: columns, widths: groupWidths,
            height: 1, regionWidth: regionWidth,
            to: &slots)
        return slots
    }

    /// Appends the details region of a row: its group's kept cells.
    private func appendDetails(
        _ row: MergedRow,
        widths: [[Int]],
        height: Int,
        regionWidth: Int,
        to slots: inout [LineDrawer.Slot]
    ) {
        guard table.groups.indices.contains(row.group) else {
            slots.append(.init(lines: .blank, style: .plain, alignment: .left, width: regionWidth))
            return
        }
        let details = row.details
        appendRegion(
            detailKept[row.group],
            cell: { details.indices.contains($0) ? details[$0] : Cell("") },
            columns: table.groups[row.group].columns,
            widths: widths[row.group],
            height: height,
            regionWidth: regionWidth,
            to: &slots
        )
    }

    /// Appends the slots of the details region: for each kept column (by its
    /// index in `columns`), the cell `cell` gives for it.
    private func appendRegion(
        _ kept: [Int],
        cell: (Int) -> Cell,
        columns: [Column],
        widths: [Int],
        height: Int,
        regionWidth: Int,
        to slots: inout [LineDrawer.Slot]
    ) {
        guard !kept.isEmpty else {
            slots.append(.init(lines: .blank, style: .plain, alignment: .left, width: regionWidth))
            return
        }
        var used = Self.detailGap * max(0, widths.count - 1)
        for width in widths { used += width }
        for (index, column) in kept.enumerated() {
            let alignment = columns[column].alignment
            let cell = cell(column)
            let lines = CellLayout.fit(cell, width: widths[index], height: height, alignment: alignment)
            var slot = LineDrawer.Slot(lines: lines, style: cell.style, alignment: alignment, width: widths[index])
            slot.insideRegion = index > 0
            if index == kept.count - 1 { slot.trailing = regionWidth - used }
            slots.append(slot)
        }
    }
}

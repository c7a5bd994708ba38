/// Lays out a ``MergedTable``: negotiates column widths, then draws the lines.
///
/// The render columns are the kept shared columns, then the details region as
/// one more column. Inside the region, each group's kept columns are separated
/// by two spaces and sized among that group's rows only.
struct MergedLayout {
    private let shared: [Column]
    private let detailsHeader: String
    private let groups: [DetailGroup]
    /// The rows, in blocks drawn one after another (each on its own core).
    private let blocks: [RowBlock]
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

        init(_ block: RowBlock, groups: [DetailGroup]) {
            let sharedCount = block.sharedColumns
            var shared = Array(repeating: 0, count: sharedCount)
            var details = groups.map { Array(repeating: 0, count: $0.columns.count) }
            var hasRows = Array(repeating: false, count: groups.count)
            block.entries.withUnsafeBufferPointer { entries in
                block.wanted.withUnsafeBufferPointer { wanted in
                    for entry in entries {
                        let first = entry.firstWanted
                        for index in 0..<sharedCount where wanted[first + index] > shared[index] {
                            shared[index] = wanted[first + index]
                        }
                        let group = Int(entry.group)
                        guard details.indices.contains(group) else { continue }
                        hasRows[group] = true
                        let detailsStart = first + sharedCount
                        for index in details[group].indices where wanted[detailsStart + index] > details[group][index] {
                            details[group][index] = wanted[detailsStart + index]
                        }
                    }
                }
            }
            self.shared = shared
            self.details = details
            self.hasRows = hasRows
        }
    }

    /// The gap between detail columns inside the region.
    private static let detailGap = 2

    /// Lays out `table`, its rows made into blocks first.
    init(_ table: MergedTable, options: RenderOptions) {
        let sharedColumns = table.shared.count
        let groupColumns = table.groups.map(\.columns.count)
        let rows = table.rows
        let blocks = ParallelBlocks.map(count: rows.count) { range in
            RowBlock(rows[range], sharedColumns: sharedColumns, groupColumns: groupColumns)
        }
        self.init(
            shared: table.shared, detailsHeader: table.detailsHeader, groups: table.groups, blocks: blocks,
            options: options)
    }

    /// Lays out a merged table whose rows are in `blocks`, in order; each
    /// block was made for `shared` and `groups`.
    init(shared: [Column], detailsHeader: String, groups: [DetailGroup], blocks: [RowBlock], options: RenderOptions) {
        self.shared = shared
        self.detailsHeader = detailsHeader
        self.groups = groups
        self.blocks = blocks
        self.options = options
        let headers = options.showHeaders

        var sharedWanted = shared.map { headers ? Self.headerWidth($0.header) : 0 }
        var detailWanted = groups.map { group in
            group.columns.map { headers ? Self.headerWidth($0.header) : 0 }
        }
        var hasRows = Array(repeating: false, count: groups.count)
        let wanted = ParallelBlocks.mapBlocks(blocks.count, parallel: blocks.count > 1) { index in
            Wanted(blocks[index], groups: groups)
        }
        for block in wanted {
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
        sharedDemand = zip(shared, sharedWanted).map(Self.demand)
        detailDemand = zip(groups, detailWanted).map { group, wanted in
            zip(group.columns, wanted).map(Self.demand)
        }
        activeGroups = groups.indices.filter { hasRows[$0] }
        sharedKept = Array(shared.indices)
        detailKept = groups.map { Array($0.columns.indices) }
        detailsHeaderWidth = headers ? Self.headerWidth(detailsHeader) : 0
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
                consider(shared[column].priority, column, -1, column)
            }
            let minimum = regionMinimum
            for group in activeGroups where groupNeed(group, \.minimum) == minimum {
                for column in detailKept[group] {
                    consider(groups[group].columns[column].priority, shared.count + column, group, column)
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
        var groupWidths = Array(repeating: [Int](), count: groups.count)
        for group in activeGroups {
            groupWidths[group] = self.groupWidths(group, regionWidth: regionWidth)
        }
        let drawer = LineDrawer(widths: widths, border: options.border, color: options.color)
        drawer.rule(.top, into: &output)

        if options.showHeaders {
            var slots: [LineDrawer.Slot] = []
            for (index, column) in sharedKept.enumerated() {
                let header = CellLayout.fit(
                    Cell(shared[column].header.uppercased()), width: sharedWidths[index], height: 1)
                slots.append(
                    .init(
                        lines: header, style: .bold, alignment: shared[column].alignment,
                        width: sharedWidths[index]))
            }
            if hasRegion {
                let header = CellLayout.fit(Cell(detailsHeader.uppercased()), width: regionWidth, height: 1)
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
        let lineBytes = widths.reduce(0, +) + options.border.overhead(columns: widths.count) + 1
        let blocks = blocks
        let total = blocks.reduce(0) { $0 + $1.count }
        // Each block on its own core; the first after `head`.
        let head = output
        var pieces = ParallelBlocks.mapBlocks(blocks.count, parallel: total >= ParallelBlocks.minimumParallelCount) {
            index in
            var bytes: [UInt8] = []
            bytes.reserveCapacity((index == 0 ? head.count : 0) + blocks[index].count * lineBytes)
            if index == 0 { bytes.append(contentsOf: head) }
            plan.draw(blocks[index], into: &bytes)
            return bytes
        }
        if pieces.isEmpty { pieces = [head] }
        var bottom: [UInt8] = []
        drawer.rule(.bottom, into: &bottom)
        if !bottom.isEmpty { pieces.append(bottom) }
        return pieces
    }

    /// What drawing a row needs once the widths are settled.
    private struct RowPlan: Sendable {
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
            sharedAlignments = layout.sharedKept.map { layout.shared[$0].alignment }
            detailAlignments = layout.groups.indices.map { group in
                layout.detailKept[group].map { layout.groups[group].columns[$0].alignment }
            }
            groupUsed = groupWidths.map { $0.reduce(0, +) + MergedLayout.detailGap * max(0, $0.count - 1) }
        }

        /// Draws the rows of `block`, in order.
        func draw(_ block: RowBlock, into output: inout [UInt8]) {
            var slots: [LineDrawer.Slot] = []
            slots.reserveCapacity(layout.sharedKept.count + (layout.detailKept.map(\.count).max() ?? 0))
            // What every row reads, in flat arrays of this block's own: rows
            // drawn on several threads then never share a reference count.
            let lineLayout = LineLayout(self)
            let drawer = LineDrawer(widths: drawer.widths, border: drawer.border, color: drawer.color)
            var line = ByteBuffer(capacity: drawer.widths.reduce(0, +) + 64)
            for row in 0..<block.count {
                if block.isPlain(row) {
                    lineLayout.draw(row, of: block, drawer: drawer, line: &line, into: &output)
                    continue
                }
                let height = max(1, Int(block.entries[row].height))
                let shared = block.sharedCells(row)
                slots.removeAll(keepingCapacity: true)
                for (index, column) in layout.sharedKept.enumerated() {
                    let cell = shared.indices.contains(column) ? shared[column] : nil
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
                        block.detailCells(row), group: Int(block.entries[row].group), widths: groupWidths,
                        height: height, regionWidth: regionWidth, to: &slots)
                }
                drawer.draw(slots, height: height, line: &line, into: &output)
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

            /// Draws row `row` of `block`, one line high with no cell kept
            /// whole, as ``LineDrawer/draw(_:height:into:)`` draws its slots,
            /// without making them.
            func draw(
                _ row: Int, of block: RowBlock, drawer: LineDrawer, line: inout ByteBuffer, into output: inout [UInt8]
            ) {
                let entry = block.entries[row]
                let first = entry.firstCell
                let sharedCount = Int(entry.sharedCount)
                let detailCount = Int(entry.detailCount)
                let group = Int(entry.group)
                drawer.startLine(into: &line)
                for index in sharedKept.indices {
                    if index > 0 { drawer.separate(insideRegion: false, into: &line) }
                    let column = sharedKept[index]
                    write(
                        block, column < sharedCount ? first + column : nil, width: sharedWidths[index],
                        sharedAlignments[index], drawer, &line)
                }
                guard hasRegion else {
                    drawer.endLine(&line, into: &output)
                    return
                }
                if !sharedKept.isEmpty { drawer.separate(insideRegion: false, into: &line) }
                guard group >= 0, group + 1 < groupStart.count, groupStart[group] < groupStart[group + 1] else {
                    drawer.write(.blank, style: .plain, width: regionWidth, alignment: .left, into: &line)
                    drawer.endLine(&line, into: &output)
                    return
                }
                let details = first + sharedCount
                for flat in groupStart[group]..<groupStart[group + 1] {
                    if flat > groupStart[group] { drawer.separate(insideRegion: true, into: &line) }
                    let column = detailKept[flat]
                    write(
                        block, column < detailCount ? details + column : nil, width: detailWidths[flat],
                        detailAlignments[flat], drawer, &line)
                }
                if !drawer.trimsTrailingSpaces { line.appendSpaces(groupPadding[group]) }
                drawer.endLine(&line, into: &output)
            }

            /// Writes the cell at `index` of `block` (blank when there is
            /// none) fitted to `width`: its bytes, padded, when it fits.
            @inline(__always)
            private func write(
                _ block: RowBlock,
                _ index: Int?,
                width: Int,
                _ alignment: Alignment,
                _ drawer: LineDrawer,
                _ output: inout ByteBuffer
            ) {
                guard let index else {
                    drawer.write(.blank, style: .plain, width: width, alignment: alignment, into: &output)
                    return
                }
                let stored = block.cells[index]
                let cellWidth = Int(stored.width)
                guard width > 0, cellWidth <= width else {
                    let cell = block.cell(at: index)
                    let line = CellLayout.fit(cell, width: width, height: 1, alignment: alignment).first
                    drawer.write(line, style: cell.style, width: width, alignment: alignment, into: &output)
                    return
                }
                let padding = width - cellWidth
                if alignment == .right { output.appendSpaces(padding) }
                block.text.withBytes(stored.start..<(stored.start + stored.count)) { bytes in
                    if drawer.color, stored.style != .plain, !bytes.isEmpty {
                        drawer.write(
                            FittedLine(text: String(decoding: bytes, as: UTF8.self), width: cellWidth, highlights: []),
                            style: stored.style, width: 0, alignment: .left, into: &output)
                    } else {
                        output.append(bytes)
                    }
                }
                if alignment == .left { output.appendSpaces(padding) }
            }
        }

    }

    /// The legend line of a group: its title in the first shared column and its
    /// column headers in the details region, dimmed.
    private func legend(_ group: Int, sharedWidths: [Int], groupWidths: [Int], _ regionWidth: Int) -> [LineDrawer.Slot]
    {
        var slots: [LineDrawer.Slot] = []
        for (index, width) in sharedWidths.enumerated() {
            let title = index == 0 ? Cell(groups[group].title) : nil
            slots.append(
                .init(
                    lines: CellLayout.fit(title, width: width, height: 1), style: .dim, alignment: .left, width: width))
        }
        let columns = groups[group].columns
        let kept = detailKept[group]
        appendRegion(
            kept, cell: { Cell(columns[$0].header.uppercased(), style: .dim) }, columns: columns, widths: groupWidths,
            height: 1, regionWidth: regionWidth,
            to: &slots)
        return slots
    }

    /// Appends the details region of a row of `group` whose detail cells
    /// are `details`: its group's kept cells.
    private func appendDetails(
        _ details: [Cell],
        group: Int,
        widths: [[Int]],
        height: Int,
        regionWidth: Int,
        to slots: inout [LineDrawer.Slot]
    ) {
        guard groups.indices.contains(group) else {
            slots.append(.init(lines: .blank, style: .plain, alignment: .left, width: regionWidth))
            return
        }
        appendRegion(
            detailKept[group],
            cell: { details.indices.contains($0) ? details[$0] : Cell("") },
            columns: groups[group].columns,
            widths: widths[group],
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

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
    /// The shared columns drawn, and their widths.
    private let sharedKept: [Int]
    private let sharedWidths: [Int]
    /// Per group, the columns drawn, and their widths.
    private let detailKept: [[Int]]
    private let detailWidths: [[Int]]
    /// The width of the details region, 0 when it is not drawn.
    private let regionWidth: Int

    /// Whether `column`'s text wraps onto a row's spare lines: labels that
    /// abbreviate (KIND), whole values and columns that say so are cut or
    /// kept on one line.
    static func wraps(_ column: Column) -> Bool {
        column.wraps && column.alignment == .left && !column.keepsWhole && column.compactWidth == nil
    }

    /// The widths that the rows of a block want, and which columns show a
    /// value in some row: per shared column, and per group, per detail column.
    private struct Wanted {
        var shared: [Int]
        var details: [[Int]]
        var sharedHasValue: [Bool]
        var detailHasValue: [[Bool]]
        var hasRows: [Bool]

        init(_ block: RowBlock, groups: [DetailGroup]) {
            let sharedCount = block.sharedColumns
            var shared = Array(repeating: 0, count: sharedCount)
            var details = groups.map { Array(repeating: 0, count: $0.columns.count) }
            var sharedHasValue = Array(repeating: false, count: sharedCount)
            var detailHasValue = groups.map { Array(repeating: false, count: $0.columns.count) }
            var hasRows = Array(repeating: false, count: groups.count)
            block.entries.withUnsafeBufferPointer { entries in
                block.wanted.withUnsafeBufferPointer { wanted in
                    for entry in entries {
                        let first = entry.firstWanted
                        let cells = entry.firstCell
                        let cellCount = entry.sharedCount
                        for index in 0..<sharedCount {
                            let width = Int(wanted[first + index])
                            if width > shared[index] { shared[index] = width }
                            if !sharedHasValue[index], index < cellCount, block.hasValue(at: cells + index) {
                                sharedHasValue[index] = true
                            }
                        }
                        let group = Int(entry.group)
                        guard details.indices.contains(group) else { continue }
                        hasRows[group] = true
                        let detailsStart = first + sharedCount
                        let detailCells = cells + cellCount
                        let detailCount = entry.detailCount
                        for index in details[group].indices {
                            let width = Int(wanted[detailsStart + index])
                            if width > details[group][index] { details[group][index] = width }
                            if !detailHasValue[group][index], index < detailCount,
                                block.hasValue(at: detailCells + index)
                            {
                                detailHasValue[group][index] = true
                            }
                        }
                    }
                }
            }
            self.shared = shared
            self.details = details
            self.sharedHasValue = sharedHasValue
            self.detailHasValue = detailHasValue
            self.hasRows = hasRows
        }

        /// The widths and values of `self` and `other` together.
        mutating func merge(_ other: Wanted) {
            for index in shared.indices {
                shared[index] = max(shared[index], other.shared[index])
                sharedHasValue[index] = sharedHasValue[index] || other.sharedHasValue[index]
            }
            for group in details.indices where other.hasRows[group] {
                hasRows[group] = true
                for index in details[group].indices {
                    details[group][index] = max(details[group][index], other.details[group][index])
                    detailHasValue[group][index] = detailHasValue[group][index] || other.detailHasValue[group][index]
                }
            }
        }
    }

    /// The gap between detail columns inside the region.
    static let detailGap = 2

    /// The narrowest a text column is shown at: no short word splits, and a
    /// cut cell keeps a few characters before its `…`.
    static let textFloor = 6

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

        let perBlock = ParallelBlocks.mapBlocks(blocks.count, parallel: blocks.count > 1) { index in
            Wanted(blocks[index], groups: groups)
        }
        var wanted = perBlock.first ?? Wanted(RowBlock(sharedColumns: shared.count, groupColumns: []), groups: groups)
        for block in perBlock.dropFirst() { wanted.merge(block) }
        activeGroups = groups.indices.filter { wanted.hasRows[$0] }

        let headers = options.showHeaders
        var demands: [WidthPlan.Demand] = []
        for (index, column) in shared.enumerated() {
            demands.append(
                Self.demand(
                    column, group: nil, content: wanted.shared[index], hasValue: wanted.sharedHasValue[index],
                    headers: headers))
        }
        var detailStart: [Int] = []
        for group in groups.indices {
            detailStart.append(demands.count)
            for (index, column) in groups[group].columns.enumerated() {
                demands.append(
                    Self.demand(
                        column, group: group, content: wanted.details[group][index],
                        hasValue: wanted.hasRows[group] && wanted.detailHasValue[group][index], headers: headers))
            }
        }
        let detailsHeaderWidth = headers ? Self.headerWidth(detailsHeader) : 0
        let plan = WidthPlan(
            demands: demands, groupCount: groups.count, border: options.border, gap: Self.detailGap,
            regionMinimum: min(4, detailsHeaderWidth))
        let widths: [Int]
        if let limit = options.maxWidth, !options.wide {
            widths = plan.widths(for: limit)
        } else {
            widths = Self.wideWidths(
                demands, limit: options.maxWidth, regionMinimum: min(4, detailsHeaderWidth), options: options)
        }

        let sharedKept = shared.indices.filter { widths[$0] > 0 }
        let detailKept = groups.indices.map { group in
            groups[group].columns.indices.filter { widths[detailStart[group] + $0] > 0 }
        }
        let detailWidths = groups.indices.map { group in
            detailKept[group].map { widths[detailStart[group] + $0] }
        }
        let sharedWidths = sharedKept.map { widths[$0] }
        let used = activeGroups.map { group in
            detailWidths[group].reduce(0, +) + Self.detailGap * max(0, detailWidths[group].count - 1)
        }
        let hasRegion = activeGroups.contains { !detailKept[$0].isEmpty }
        var region = hasRegion ? max(min(4, detailsHeaderWidth), used.max() ?? 0) : 0
        if hasRegion {
            // With room to spare, the region's header is not cut.
            let spare =
                (options.maxWidth ?? Int.max) - sharedWidths.reduce(0, +) - region
                - options.border.overhead(columns: sharedKept.count + 1)
            region = max(region, min(detailsHeaderWidth, region + min(max(0, spare), detailsHeaderWidth)))
        }
        self.sharedKept = sharedKept
        self.sharedWidths = sharedWidths
        self.detailKept = detailKept
        self.detailWidths = detailWidths
        regionWidth = region
    }

    private static func headerWidth(_ header: String) -> Int {
        DisplayWidth.of(TerminalText.sanitize(header.uppercased()))
    }

    /// What `column` asks of the plan, given the widest cell it holds.
    private static func demand(_ column: Column, group: Int?, content: Int, hasValue: Bool, headers: Bool)
        -> WidthPlan.Demand
    {
        let header = headers ? headerWidth(column.header) : 0
        var natural = max(header, content)
        if let maxWidth = column.maxWidth { natural = min(natural, max(maxWidth, column.minWidth)) }
        let floor: Int
        if column.keepsWhole {
            // Whole values or none; the header may be cut, but not to a bare `…`.
            floor = max(1, content, min(header, 4))
            natural = max(natural, floor)
        } else {
            floor = max(1, min(natural, max(column.minWidth, Self.textFloor)))
        }
        natural = max(natural, floor)
        let compact = column.compactWidth.map { max(1, min(floor, max($0, min(header, 4)))) } ?? floor
        return WidthPlan.Demand(
            group: group, natural: natural, floor: floor, compactFloor: compact, share: column.share,
            isRequired: column.isRequired, priority: column.priority, isEmpty: !hasValue && !column.isRequired)
    }

    /// The widths of `--wide`, or of a table of no width limit: every
    /// column that shows a value is kept, at its natural width, squashed
    /// only when a limit is given and too narrow.
    ///
    /// Squashing first stops at each column's floor (so words stay whole);
    /// when the floors do not fit, at one cell per column. The table is then
    /// wider than the limit only when the limit cannot give every kept column
    /// one cell, the details region room for its widest group's columns and
    /// gaps, and the frame its separators.
    private static func wideWidths(
        _ demands: [WidthPlan.Demand], limit: Int?, regionMinimum: Int, options: RenderOptions
    ) -> [Int] {
        let naturals = demands.map { $0.isEmpty ? 0 : $0.natural }
        guard let limit else { return naturals }
        let sharedColumns = demands.indices.filter { demands[$0].group == nil && !demands[$0].isEmpty }
        let groups = Set(demands.compactMap { $0.isEmpty ? nil : $0.group })
        let groupColumns = Dictionary(
            uniqueKeysWithValues: groups.map { group in
                (group, demands.indices.filter { demands[$0].group == group && !demands[$0].isEmpty })
            })
        /// The region's width were each group's columns `width(column)` wide.
        func region(_ width: (Int) -> Int) -> Int {
            groupColumns.values.map { columns in
                columns.reduce(0) { $0 + width($1) } + detailGap * max(0, columns.count - 1)
            }.max() ?? 0
        }
        var render = sharedColumns.map { naturals[$0] }
        var floors = sharedColumns.map { demands[$0].floor }
        var hardFloors = sharedColumns.map { _ in 1 }
        if !groups.isEmpty {
            render.append(max(regionMinimum, region { naturals[$0] }))
            floors.append(max(regionMinimum, region { demands[$0].floor }))
            hardFloors.append(max(regionMinimum, region { _ in 1 }))
        }
        let available = limit - options.border.overhead(columns: render.count)
        let minimums = floors.reduce(0, +) <= available ? floors : hardFloors
        let distributed = WidthNegotiation.distribute(naturals: render, minimums: minimums, available: available)
        var widths = naturals
        for (index, column) in sharedColumns.enumerated() { widths[column] = distributed[index] }
        if let region = distributed.last, !groups.isEmpty {
            for columns in groupColumns.values {
                let inside = WidthNegotiation.distribute(
                    naturals: columns.map { naturals[$0] }, minimums: columns.map { demands[$0].floor },
                    available: region - detailGap * max(0, columns.count - 1))
                for (index, column) in columns.enumerated() { widths[column] = max(1, inside[index]) }
            }
        }
        return widths
    }

    /// Whether the details region is drawn.
    private var hasRegion: Bool { regionWidth > 0 }

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
        var pieces: [[UInt8]] = []
        forEachPiece(after: head) { pieces.append($0) }
        return pieces
    }

    /// Hands `body` the pieces ``pieces(after:)`` gives, in order, as they
    /// are drawn: a few blocks at a time (on every core when there are
    /// many rows), each window's pieces handed on and let go before the
    /// next window is drawn, so that the drawn table is never all in memory
    /// at once. Memory touched for the first time is dear; a window's
    /// buffers are freed to the allocator, which gives them to the next.
    /// (Drawing the next window while the last is written measured no
    /// faster on two cores, 2026-12-02, and was taken out.)
    /// - Parameter inParallel: Whether a table of many rows is drawn on
    ///   every core; `false` draws each block in turn on the calling thread,
    ///   the plain rule the tests compare the parallel drawing with.
    func forEachPiece(after head: [UInt8], inParallel: Bool = true, _ body: ([UInt8]) -> Void) {
        forEachPiece(after: head, inParallel: inParallel, prepare: { $0 }, body)
    }

    /// Hands `body` each piece ``forEachPiece(after:inParallel:_:)`` gives,
    /// as `prepare` makes it ready: `prepare` runs where the piece is drawn
    /// (on every core for many rows), `body` in order on the calling thread.
    func forEachPiece<Piece: Sendable>(
        after head: [UInt8], inParallel: Bool = true, prepare: @escaping @Sendable ([UInt8]) -> Piece,
        stop: () -> Bool = { false }, _ body: (Piece) -> Void
    ) {
        var output = head
        let widths = sharedWidths + (hasRegion ? [regionWidth] : [])
        var groupWidths = Array(repeating: [Int](), count: groups.count)
        for group in activeGroups {
            groupWidths[group] = detailWidths[group]
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
                for line in legendLines() {
                    let slots = legend(line, sharedWidths: sharedWidths, groupWidths: groupWidths[line[0]], regionWidth)
                    drawer.draw(slots, height: 1, into: &output)
                }
                if options.border == .plain && !options.color {
                    // Without colour, the legend lines are told from rows by a rule.
                    drawer.dashedRule(into: &output)
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
        // Each block on its own core, a window of blocks at a time (see
        // `ParallelBlocks.forEachInWindows`); the first after `head`.
        let head = output
        let draw: @Sendable (Int) -> Piece = { index in
            var bytes = ByteBuffer(capacity: (index == 0 ? head.count : 0) + blocks[index].count * lineBytes)
            if index == 0 { bytes.append(head) }
            plan.draw(blocks[index], into: &bytes)
            return prepare(bytes.finish())
        }
        let parallel = inParallel && total >= ParallelBlocks.minimumParallelCount
        ParallelBlocks.forEachInWindows(blocks.count, parallel: parallel, stop: stop, make: draw, body)
        if blocks.isEmpty { body(prepare(head)) }
        var bottom: [UInt8] = []
        drawer.rule(.bottom, into: &bottom)
        if !bottom.isEmpty { body(prepare(bottom)) }
    }

    /// What each row shows in each column, as ``RowPlan/visible(_:of:)``
    /// gives it: for tests that compare what different widths show.
    func visibleCells() -> [[String?]] {
        let plan = uncolouredPlan()
        return blocks.flatMap { block in (0..<block.count).map { plan.visible($0, of: block) } }
    }

    /// How many lines each row takes as drawn, in order (see
    /// ``RowPlan/lineCounts(of:)``).
    func rowLineCounts() -> [Int] {
        let plan = uncolouredPlan()
        return blocks.flatMap { plan.lineCounts(of: $0) }
    }

    /// The plan of the rows without colour, which changes no line.
    private func uncolouredPlan() -> RowPlan {
        let widths = sharedWidths + (hasRegion ? [regionWidth] : [])
        return RowPlan(
            layout: self, drawer: LineDrawer(widths: widths, border: options.border, color: false),
            sharedWidths: sharedWidths, groupWidths: detailWidths, regionWidth: regionWidth)
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
        /// Whether each kept shared column wraps.
        let sharedWraps: [Bool]
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
            detailAlignments = layout.groups.indices.map { group in
                layout.detailKept[group].map { layout.groups[group].columns[$0].alignment }
            }
            groupUsed = groupWidths.map { $0.reduce(0, +) + MergedLayout.detailGap * max(0, $0.count - 1) }
        }

        /// Draws the rows of `block`, in order.
        func draw(_ block: RowBlock, into output: inout ByteBuffer) {
            var slots: [LineDrawer.Slot] = []
            slots.reserveCapacity(layout.sharedKept.count + (layout.detailKept.map(\.count).max() ?? 0))
            // What every row reads, in flat arrays of this block's own: rows
            // drawn on several threads then never share a reference count.
            let lineLayout = LineLayout(self)
            let drawer = LineDrawer(widths: drawer.widths, border: drawer.border, color: drawer.color)
            var line = ByteBuffer(capacity: drawer.widths.reduce(0, +) + 64)
            block.text.withBytes(0..<block.text.count) { text in
                block.cells.withUnsafeBufferPointer { cells in
                    for row in 0..<block.count {
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
                    cell, width: sharedWidths[index], height: limit, alignment: alignment, wraps: sharedWraps[index])
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
            /// The frame's vertical glyph and what separates two render
            /// columns, as the drawer writes them.
            let vertical: [UInt8]?
            let columnSeparator: [UInt8]
            /// Whether colour is on.
            let color: Bool
            /// The most bytes a line takes besides its cells' text: every
            /// column's width in padding, separators and the frame.
            let lineRoom: Int

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
                vertical = plan.drawer.vertical
                columnSeparator = plan.drawer.columnSeparator
                color = plan.drawer.color
                // Padding is at most each column's width; inside the region,
                // a group's columns, gaps and padding take the region's width.
                let separators = (sharedKept.count + 1) * columnSeparator.count + 2 * ((vertical?.count ?? 0) + 1)
                lineRoom = sharedWidths.reduce(0, +) + regionWidth + separators + 8
            }

            /// Whether row `row` of `block`, taller than a line, is drawn on
            /// one line: no cell kept whole, and every kept cell fits its width.
            func fitsOneLine(_ row: Int, of block: RowBlock) -> Bool {
                let entry = block.entries[row]
                let first = entry.firstCell
                let sharedCount = entry.sharedCount
                for index in sharedKept.indices where sharedKept[index] < sharedCount {
                    let cell = block.cells[first + sharedKept[index]]
                    if cell.isWhole || cell.width > sharedWidths[index] { return false }
                }
                let group = Int(entry.group)
                guard hasRegion, group >= 0, group + 1 < groupStart.count else { return true }
                let details = first + sharedCount
                let detailCount = entry.detailCount
                for flat in groupStart[group]..<groupStart[group + 1] where detailKept[flat] < detailCount {
                    let cell = block.cells[details + detailKept[flat]]
                    if cell.isWhole || cell.width > detailWidths[flat] { return false }
                }
                return true
            }

            /// Draws row `row` of `block` as ``draw(_:of:drawer:line:into:)``
            /// does, straight into `output`, when every cell it draws is
            /// copied as it is: it fits its width and takes no colour. Returns
            /// `false`, having written nothing, for a row that is not so.
            /// - Parameters:
            ///   - text: The bytes of `block.text`.
            ///   - cells: The elements of `block.cells`.
            func drawVerbatim(
                _ row: Int, of block: RowBlock, text: UnsafeBufferPointer<UInt8>,
                cells: UnsafeBufferPointer<RowBlock.StoredCell>, into output: inout ByteBuffer
            ) -> Bool {
                let entry = block.entries[row]
                let first = entry.firstCell
                let sharedCount = entry.sharedCount
                let detailCount = entry.detailCount
                let group = Int(entry.group)
                let details = first + sharedCount
                let drawsGroup = hasRegion && group >= 0 && group + 1 < groupStart.count
                // First, whether each cell drawn is copied as it is, and how many bytes they take.
                var textBytes = 0
                for index in sharedKept.indices where sharedKept[index] < sharedCount {
                    let cell = cells[first + sharedKept[index]]
                    guard copiesVerbatim(cell, width: sharedWidths[index]) else { return false }
                    textBytes &+= cell.count
                }
                if drawsGroup {
                    for flat in groupStart[group]..<groupStart[group + 1] where detailKept[flat] < detailCount {
                        let cell = cells[details + detailKept[flat]]
                        guard copiesVerbatim(cell, width: detailWidths[flat]) else { return false }
                        textBytes &+= cell.count
                    }
                }
                output.appendInPlace(maxCount: textBytes + lineRoom) { start in
                    var end = start
                    // Spaces are written only when something follows them:
                    // a line without a frame ends with none.
                    var spaces = 0
                    func flushSpaces() {
                        guard spaces > 0 else { return }
                        end.initialize(repeating: 0x20, count: spaces)
                        end += spaces
                        spaces = 0
                    }
                    func copy(_ bytes: UnsafePointer<UInt8>, count: Int) {
                        guard count > 0 else { return }
                        flushSpaces()
                        end.initialize(from: bytes, count: count)
                        end += count
                    }
                    func copy(_ bytes: [UInt8]) {
                        bytes.withUnsafeBufferPointer { copy($0.baseAddress!, count: $0.count) }
                    }
                    func write(_ index: Int?, width: Int, _ alignment: Alignment) {
                        guard let index else {
                            spaces &+= width
                            return
                        }
                        let cell = cells[index]
                        let padding = width &- cell.width
                        if alignment == .right { spaces &+= padding }
                        copy(text.baseAddress! + cell.start, count: cell.count)
                        if alignment == .left { spaces &+= padding }
                    }
                    if let vertical {
                        copy(vertical)
                        spaces &+= 1
                    }
                    for index in sharedKept.indices {
                        if index > 0 {
                            if vertical == nil { spaces &+= 2 } else { copy(columnSeparator) }
                        }
                        let column = sharedKept[index]
                        write(
                            column < sharedCount ? first + column : nil, width: sharedWidths[index],
                            sharedAlignments[index])
                    }
                    if hasRegion {
                        if !sharedKept.isEmpty {
                            if vertical == nil { spaces &+= 2 } else { copy(columnSeparator) }
                        }
                        if drawsGroup, groupStart[group] < groupStart[group + 1] {
                            for flat in groupStart[group]..<groupStart[group + 1] {
                                if flat > groupStart[group] { spaces &+= MergedLayout.detailGap }
                                let column = detailKept[flat]
                                write(
                                    column < detailCount ? details + column : nil, width: detailWidths[flat],
                                    detailAlignments[flat])
                            }
                            if vertical != nil { spaces &+= groupPadding[group] }
                        } else {
                            spaces &+= regionWidth
                        }
                    }
                    if let vertical {
                        spaces &+= 1
                        copy(vertical)
                    } else {
                        // The spaces pending are dropped; a cell's own may end the line too.
                        while end > start && end[-1] == 0x20 { end -= 1 }
                    }
                    end.initialize(to: 0x0A)
                    end += 1
                    return end - start
                }
                return true
            }

            /// Whether a cell is drawn at `width` by copying its bytes: kept
            /// flat, no wider than its column, and with no colour to add.
            @inline(__always)
            private func copiesVerbatim(_ cell: RowBlock.StoredCell, width: Int) -> Bool {
                !cell.isWhole && width > 0 && cell.width <= width && (!color || cell.style == .plain || cell.count == 0)
            }

            /// Draws row `row` of `block`, one line high with no cell kept
            /// whole, as ``LineDrawer/draw(_:height:into:)`` draws its slots,
            /// without making them.
            func draw(
                _ row: Int, of block: RowBlock, drawer: LineDrawer, line: inout ByteBuffer,
                into output: inout ByteBuffer
            ) {
                let entry = block.entries[row]
                let first = entry.firstCell
                let sharedCount = entry.sharedCount
                let detailCount = entry.detailCount
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
                let cellWidth = stored.width
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

    /// The groups of each legend line: groups whose kept columns have the
    /// same headers at the same places share one line (unknown kinds, each
    /// with its one FIELDS column, share one).
    private func legendLines() -> [[Int]] {
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
    private func legend(_ line: [Int], sharedWidths: [Int], groupWidths: [Int], _ regionWidth: Int)
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
            let lines = CellLayout.fit(
                cell, width: widths[index], height: height, alignment: alignment, wraps: Self.wraps(columns[column]))
            var slot = LineDrawer.Slot(lines: lines, style: cell.style, alignment: alignment, width: widths[index])
            slot.insideRegion = index > 0
            if index == kept.count - 1 { slot.trailing = regionWidth - used }
            slots.append(slot)
        }
    }
}

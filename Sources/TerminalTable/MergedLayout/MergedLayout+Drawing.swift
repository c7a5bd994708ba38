extension MergedLayout {
    /// About how many bytes of drawn rows make one piece, when a block's
    /// rows would make more: its lines are that wide.
    static let pieceBytes = 1 << 20

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
        // Each piece is a block's rows, or as many of them as make about
        // `pieceBytes` when its lines are very wide (a column as wide as
        // one huge value, with no width to fit): the pieces in flight stay
        // small however wide the lines.
        let rowsPerPiece = max(1, Self.pieceBytes / max(1, lineBytes))
        var slices: [(block: Int, rows: Range<Int>)] = []
        for (index, block) in blocks.enumerated() {
            for start in stride(from: 0, to: block.count, by: rowsPerPiece) {
                slices.append((index, start..<min(block.count, start + rowsPerPiece)))
            }
        }
        let pieces = slices
        // Each piece on its own core, a window of pieces at a time (see
        // `ParallelBlocks.forEachInWindows`); the first after `head`.
        let head = output
        let draw: @Sendable (Int) -> Piece = { index in
            let slice = pieces[index]
            var bytes = ByteBuffer(capacity: (index == 0 ? head.count : 0) + slice.rows.count * lineBytes)
            if index == 0 { bytes.append(head) }
            plan.draw(blocks[slice.block], rows: slice.rows, into: &bytes)
            return prepare(bytes.finish())
        }
        let parallel = inParallel && total >= ParallelBlocks.minimumParallelCount
        ParallelBlocks.forEachInWindows(pieces.count, parallel: parallel, stop: stop, make: draw, body)
        if pieces.isEmpty { body(prepare(head)) }
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

    /// Appends the details region of a row of `group` whose detail cells
    /// are `details`: its group's kept cells.
    func appendDetails(
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
            cuts: true,
            columns: groups[group].columns,
            widths: widths[group],
            height: height,
            regionWidth: regionWidth,
            to: &slots
        )
    }

    /// Appends the slots of the details region: for each kept column (by its
    /// index in `columns`), the cell `cell` gives for it, cut as its column
    /// cuts values when `cuts` (a row's), else at the end (a header's).
    func appendRegion(
        _ kept: [Int],
        cell: (Int) -> Cell,
        cuts: Bool,
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
                cell, width: widths[index], height: height, alignment: alignment, wraps: Self.wraps(columns[column]),
                cut: cuts ? columns[column].cut : nil)
            var slot = LineDrawer.Slot(lines: lines, style: cell.style, alignment: alignment, width: widths[index])
            slot.insideRegion = index > 0
            if index == kept.count - 1 { slot.trailing = regionWidth - used }
            slots.append(slot)
        }
    }
}

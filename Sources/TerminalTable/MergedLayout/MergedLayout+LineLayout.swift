import RawBytes

extension MergedLayout.RowPlan {
    /// How a row one line high is drawn, with every per-column and
    /// per-group value in flat arrays.
    struct LineLayout {
        /// A kept column as a line draws it: which of the row's cells, at
        /// what width and alignment, and how a value too wide is cut. One
        /// array of these, not one per property, so that drawing a cell
        /// reads one element.
        struct Slot {
            let column: Int
            let width: Int
            let alignment: Alignment
            let cut: CutRule?
        }

        /// The shared columns kept, in order.
        let shared: [Slot]
        let hasRegion: Bool
        let regionWidth: Int
        /// Per group, where its kept columns start in the flat arrays
        /// below (one more entry than groups, for the end).
        let groupStart: [Int]
        /// Every group's kept detail columns, one group after another.
        let details: [Slot]
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

        init(_ plan: MergedLayout.RowPlan) {
            let sharedKept = plan.layout.sharedKept
            shared = sharedKept.indices.map {
                Slot(
                    column: sharedKept[$0], width: plan.sharedWidths[$0], alignment: plan.sharedAlignments[$0],
                    cut: plan.sharedCuts[$0])
            }
            hasRegion = plan.layout.hasRegion
            regionWidth = plan.regionWidth
            var starts = [0]
            var details: [Slot] = []
            for group in plan.layout.detailKept.indices {
                let groupKept = plan.layout.detailKept[group]
                // A group with no rows has no widths; it is never drawn.
                let groupWidths = plan.groupWidths[group]
                let alignments = plan.detailAlignments[group]
                for index in groupKept.indices {
                    details.append(
                        Slot(
                            column: groupKept[index],
                            width: groupWidths.count == groupKept.count ? groupWidths[index] : 0,
                            alignment: alignments[index], cut: plan.layout.groups[group].columns[groupKept[index]].cut))
                }
                starts.append(details.count)
            }
            groupStart = starts
            self.details = details
            groupPadding = plan.groupUsed.map { plan.regionWidth - $0 }
            vertical = plan.drawer.vertical
            columnSeparator = plan.drawer.columnSeparator
            color = plan.drawer.color
            // Padding is at most each column's width; inside the region,
            // a group's columns, gaps and padding take the region's width.
            let separators = (shared.count + 1) * columnSeparator.count + 2 * ((vertical?.count ?? 0) + 1)
            lineRoom = shared.reduce(0) { $0 + $1.width } + regionWidth + separators + 8
        }

        /// Whether row `row` of `block`, taller than a line, is drawn on
        /// one line: no cell kept whole, and every kept cell fits its width.
        func fitsOneLine(_ row: Int, of block: RowBlock) -> Bool {
            let entry = block.entries[row]
            let first = entry.firstCell
            let sharedCount = entry.sharedCount
            for slot in shared where slot.column < sharedCount {
                let cell = block.cells[first + slot.column]
                if cell.isWhole || cell.width > slot.width { return false }
            }
            let group = Int(entry.group)
            guard hasRegion, group >= 0, group + 1 < groupStart.count else { return true }
            let details = first + sharedCount
            let detailCount = entry.detailCount
            for flat in groupStart[group]..<groupStart[group + 1] where self.details[flat].column < detailCount {
                let slot = self.details[flat]
                let cell = block.cells[details + slot.column]
                if cell.isWhole || cell.width > slot.width { return false }
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
            _ row: Int, of block: RowBlock, text: Span<UInt8>, cells: Span<RowBlock.StoredCell>,
            into output: inout ByteBuffer
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
            for slot in shared where slot.column < sharedCount {
                let cell = cells[first &+ slot.column]
                guard copiesVerbatim(cell, width: slot.width) else { return false }
                textBytes &+= cell.count
            }
            if drawsGroup {
                for flat in groupStart[group]..<groupStart[group + 1] where self.details[flat].column < detailCount {
                    let slot = self.details[flat]
                    let cell = cells[details &+ slot.column]
                    guard copiesVerbatim(cell, width: slot.width) else { return false }
                    textBytes &+= cell.count
                }
            }
            output.appendInPlace(maxCount: textBytes + lineRoom) { (writer: consuming ByteBuffer.Writer) in
                // Spaces are written only when something follows them:
                // a line without a frame ends with none.
                var spaces = 0
                if let vertical {
                    Self.copy(vertical.span, after: &spaces, into: &writer)
                    spaces &+= 1
                }
                for index in shared.indices {
                    if index > 0 {
                        if vertical == nil {
                            spaces &+= 2
                        } else {
                            Self.copy(columnSeparator.span, after: &spaces, into: &writer)
                        }
                    }
                    let slot = shared[index]
                    Self.write(
                        slot.column < sharedCount ? cells[first &+ slot.column] : nil, of: text, slot,
                        after: &spaces, into: &writer)
                }
                if hasRegion {
                    if !shared.isEmpty {
                        if vertical == nil {
                            spaces &+= 2
                        } else {
                            Self.copy(columnSeparator.span, after: &spaces, into: &writer)
                        }
                    }
                    if drawsGroup, groupStart[group] < groupStart[group + 1] {
                        for flat in groupStart[group]..<groupStart[group + 1] {
                            if flat > groupStart[group] { spaces &+= MergedLayout.detailGap }
                            let slot = self.details[flat]
                            Self.write(
                                slot.column < detailCount ? cells[details &+ slot.column] : nil, of: text, slot,
                                after: &spaces, into: &writer)
                        }
                        if vertical != nil { spaces &+= groupPadding[group] }
                    } else {
                        spaces &+= regionWidth
                    }
                }
                if let vertical {
                    spaces &+= 1
                    Self.copy(vertical.span, after: &spaces, into: &writer)
                } else {
                    // The spaces pending are dropped; a cell's own may end the line too.
                    writer.trimTrailing(0x20)
                }
                writer.append(0x0A)
                return writer
            }
            return true
        }

        /// Writes `bytes`, after the `spaces` pending (then none are).
        @inline(__always)
        private static func copy(_ bytes: Span<UInt8>, after spaces: inout Int, into writer: inout ByteBuffer.Writer) {
            guard !bytes.isEmpty else { return }
            writer.append(bytes, afterSpaces: spaces)
            spaces = 0
        }

        /// Writes `cell`'s text from `text` padded to the slot's width, the padding
        /// left pending in `spaces`; only padding for a missing cell.
        @inline(__always)
        private static func write(
            _ cell: RowBlock.StoredCell?, of text: Span<UInt8>, _ slot: Slot, after spaces: inout Int,
            into writer: inout ByteBuffer.Writer
        ) {
            guard let cell else {
                spaces &+= slot.width
                return
            }
            let padding = slot.width &- cell.width
            let alignment = slot.alignment
            if alignment == .right { spaces &+= padding }
            if cell.count > 0 {
                writer.append(text, from: cell.start, count: cell.count, afterSpaces: spaces)
                spaces = 0
            }
            if alignment == .left { spaces &+= padding }
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
            for index in shared.indices {
                if index > 0 { drawer.separate(insideRegion: false, into: &line) }
                let slot = shared[index]
                write(block, slot.column < sharedCount ? first + slot.column : nil, slot, drawer, &line)
            }
            guard hasRegion else {
                drawer.endLine(&line, into: &output)
                return
            }
            if !shared.isEmpty { drawer.separate(insideRegion: false, into: &line) }
            guard group >= 0, group + 1 < groupStart.count, groupStart[group] < groupStart[group + 1] else {
                drawer.write(.blank, style: .plain, width: regionWidth, alignment: .left, into: &line)
                drawer.endLine(&line, into: &output)
                return
            }
            let details = first + sharedCount
            for flat in groupStart[group]..<groupStart[group + 1] {
                if flat > groupStart[group] { drawer.separate(insideRegion: true, into: &line) }
                let slot = self.details[flat]
                write(block, slot.column < detailCount ? details + slot.column : nil, slot, drawer, &line)
            }
            if !drawer.trimsTrailingSpaces { line.appendSpaces(groupPadding[group]) }
            drawer.endLine(&line, into: &output)
        }

        /// Writes the cell at `index` of `block` (blank when there is
        /// none) fitted to the slot's width: its bytes, padded, when it
        /// fits, else cut as the slot says.
        @inline(__always)
        private func write(
            _ block: RowBlock, _ index: Int?, _ slot: Slot, _ drawer: LineDrawer, _ output: inout ByteBuffer
        ) {
            let width = slot.width
            let alignment = slot.alignment
            guard let index else {
                drawer.write(.blank, style: .plain, width: width, alignment: alignment, into: &output)
                return
            }
            let stored = block.cells[index]
            let cellWidth = stored.width
            guard width > 0, cellWidth <= width else {
                let cell = block.cell(at: index)
                let line = CellLayout.fit(cell, width: width, height: 1, alignment: alignment, cut: slot.cut).first
                drawer.write(line, style: cell.style, width: width, alignment: alignment, into: &output)
                return
            }
            let padding = width - cellWidth
            if alignment == .right { output.appendSpaces(padding) }
            block.text.withBytes(stored.start..<(stored.start + stored.count)) { bytes in
                if drawer.color, stored.style != .plain, !bytes.isEmpty {
                    drawer.write(
                        FittedLine(text: String(decodingUTF8: bytes), width: cellWidth, highlights: []),
                        style: stored.style, width: 0, alignment: .left, into: &output)
                } else {
                    output.append(bytes)
                }
            }
            if alignment == .left { output.appendSpaces(padding) }
        }
    }
}

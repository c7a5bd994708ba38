import RawBytes

extension MergedLayout.RowPlan {
    /// How a row one line high is drawn, with every per-column and
    /// per-group value in flat arrays.
    struct LineLayout {
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
        /// How each kept column cuts a value too wide for it: the shared
        /// columns', then the detail columns' in the flat order above.
        let cuts: [CutRule?]
        /// The most bytes a line takes besides its cells' text: every
        /// column's width in padding, separators and the frame.
        let lineRoom: Int

        init(_ plan: MergedLayout.RowPlan) {
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
            var cuts = plan.sharedCuts
            for group in plan.layout.detailKept.indices {
                cuts += plan.layout.detailKept[group].map { plan.layout.groups[group].columns[$0].cut }
            }
            self.cuts = cuts
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
            output.appendInPlace(maxCount: textBytes + lineRoom) { (writer: consuming ByteBuffer.Writer) in
                // Spaces are written only when something follows them:
                // a line without a frame ends with none.
                var spaces = 0
                if let vertical {
                    Self.copy(vertical.span, after: &spaces, into: &writer)
                    spaces &+= 1
                }
                for index in sharedKept.indices {
                    if index > 0 {
                        if vertical == nil {
                            spaces &+= 2
                        } else {
                            Self.copy(columnSeparator.span, after: &spaces, into: &writer)
                        }
                    }
                    let column = sharedKept[index]
                    Self.write(
                        column < sharedCount ? cells[first &+ column] : nil, of: text, width: sharedWidths[index],
                        sharedAlignments[index], after: &spaces, into: &writer)
                }
                if hasRegion {
                    if !sharedKept.isEmpty {
                        if vertical == nil {
                            spaces &+= 2
                        } else {
                            Self.copy(columnSeparator.span, after: &spaces, into: &writer)
                        }
                    }
                    if drawsGroup, groupStart[group] < groupStart[group + 1] {
                        for flat in groupStart[group]..<groupStart[group + 1] {
                            if flat > groupStart[group] { spaces &+= MergedLayout.detailGap }
                            let column = detailKept[flat]
                            Self.write(
                                column < detailCount ? cells[details &+ column] : nil, of: text,
                                width: detailWidths[flat], detailAlignments[flat], after: &spaces, into: &writer)
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

        /// Writes `cell`'s text from `text` padded to `width`, the padding
        /// left pending in `spaces`; only padding for a missing cell.
        @inline(__always)
        private static func write(
            _ cell: RowBlock.StoredCell?, of text: Span<UInt8>, width: Int, _ alignment: Alignment,
            after spaces: inout Int, into writer: inout ByteBuffer.Writer
        ) {
            guard let cell else {
                spaces &+= width
                return
            }
            let padding = width &- cell.width
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
            for index in sharedKept.indices {
                if index > 0 { drawer.separate(insideRegion: false, into: &line) }
                let column = sharedKept[index]
                write(
                    block, column < sharedCount ? first + column : nil, width: sharedWidths[index],
                    sharedAlignments[index], cut: index, drawer, &line)
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
                    detailAlignments[flat], cut: sharedKept.count + flat, drawer, &line)
            }
            if !drawer.trimsTrailingSpaces { line.appendSpaces(groupPadding[group]) }
            drawer.endLine(&line, into: &output)
        }

        /// Writes the cell at `index` of `block` (blank when there is
        /// none) fitted to `width`: its bytes, padded, when it fits, else
        /// cut as `cuts[cut]` says.
        @inline(__always)
        private func write(
            _ block: RowBlock,
            _ index: Int?,
            width: Int,
            _ alignment: Alignment,
            cut: Int,
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
                let line = CellLayout.fit(cell, width: width, height: 1, alignment: alignment, cut: cuts[cut]).first
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

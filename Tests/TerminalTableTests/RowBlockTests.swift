import Testing

@testable import TerminalTable

/// A block keeps most cells flat, in 32-bit offsets and 16-bit lengths and
/// widths; a cell past those limits is kept whole. Either way the table
/// draws the same bytes.
@Suite struct RowBlockTests {
    /// Rows at and past the limits of a flat cell, with wide (CJK, emoji)
    /// and highlighted cells among them, and the fixture rows.
    static var rows: [MergedRow] {
        let longest = String(repeating: "a", count: Int(UInt16.max))
        let tooLong = String(repeating: "b", count: Int(UInt16.max) + 1)
        // 3 bytes and 2 columns a character: too many bytes, not too wide.
        let wideCJK = String(repeating: "漢", count: 30_000)
        // 4 bytes and 2 columns each: too many bytes and too wide.
        let wideEmoji = String(repeating: "😀", count: 40_000)
        let long: [(Int, String, [String])] = [
            (0, "longest flat", ["$1.00", "4.0", longest]),
            (0, "one byte more", ["$2.00", "3.0", tooLong]),
            (1, wideCJK, ["active", "2030-01-01"]),
            (2, "emoji", [wideEmoji, "K"]),
            (1, "例え.jp 👨‍👩‍👧", ["active", "2031-01-01"]),
        ]
        let made = long.map { group, name, details in
            let shared = [Cell(Fixtures.groups[group].title), Cell(name)]
            let cells = details.map { Cell($0) }
            return MergedRow(
                group: group, shared: shared, details: cells, size: RowSize(height: 1, measuring: shared + cells))
        }
        return Fixtures.mergedRows + made + Fixtures.mergedRows
    }

    /// The rows in blocks of `size`, each keeping at most `textLimit` bytes of text.
    static func blocks(_ rows: [MergedRow], size: Int, textLimit: Int) -> [RowBlock] {
        stride(from: 0, to: rows.count, by: size).map { start in
            var block = RowBlock(
                sharedColumns: Fixtures.shared.count, groupColumns: Fixtures.groups.map(\.columns.count),
                textLimit: textLimit)
            for row in rows[start..<min(rows.count, start + size)] {
                block.beginRow(group: row.group, height: row.size.height)
                block.add(contentsOf: row.shared)
                block.beginDetails()
                block.add(contentsOf: row.details)
                block.addWidths(row.size.widths)
                block.endRow()
            }
            return block
        }
    }

    static func render(_ blocks: [RowBlock], options: RenderOptions) -> [UInt8] {
        Array(
            TableRenderer.renderPieces(
                shared: Fixtures.shared, groups: Fixtures.groups, blocks: blocks, options: options
            ).joined())
    }

    @Test func aCellPastSixteenBitsIsKeptWholeAndTheRestFlat() {
        let block = Self.blocks(Self.rows, size: Self.rows.count, textLimit: RowBlock.maximumTextBytes)[0]
        let longest = block.cells.firstIndex { !$0.isWhole && $0.count == Int(UInt16.max) }
        #expect(longest != nil)
        #expect(longest.map { block.cell(at: $0).lines == [String(repeating: "a", count: Int(UInt16.max))] } == true)
        // The three cells of too many bytes, and the highlighted names, are whole.
        let whole = block.cells.indices.filter { block.cells[$0].isWhole }
        let texts = whole.map { block.cell(at: $0).lines[0] }
        #expect(texts.contains(String(repeating: "b", count: Int(UInt16.max) + 1)))
        #expect(texts.contains(String(repeating: "漢", count: 30_000)))
        #expect(texts.contains(String(repeating: "😀", count: 40_000)))
        // A whole cell's width is still what its row wants: 80,000 columns of emoji.
        #expect(whole.map(block.width(ofCell:)).max() == 80_000)
        #expect(block.wanted.contains(80_000))
    }

    @Test func flatAndWholeCellsDrawTheSameBytes() {
        let rows = Self.rows
        // Text past the limit is kept whole: no text at all, some, and all up to 4 GiB.
        let limits = [0, 200, RowBlock.maximumTextBytes]
        // Every width, border and colour; with no width limit (lines of
        // 80,000 columns), one of each.
        var cases = [40, 80, 160].flatMap { width in
            BorderStyle.allCases.flatMap { border in [false, true].map { (width as Int?, border, $0) } }
        }
        cases += [(nil, .plain, false), (nil, .rounded, true)]
        for (width, border, color) in cases {
            let options = RenderOptions(maxWidth: width, border: border, color: color)
            let drawn = limits.map { Self.render(Self.blocks(rows, size: 7, textLimit: $0), options: options) }
            #expect(drawn[0] == drawn[2], "width \(String(describing: width)), \(border), colour \(color)")
            #expect(drawn[1] == drawn[2], "width \(String(describing: width)), \(border), colour \(color)")
            // The same rows as one MergedTable, made into blocks by the renderer.
            let table = MergedTable(shared: Fixtures.shared, groups: Fixtures.groups, rows: rows)
            #expect(drawn[2] == TableRenderer.renderUTF8(table, options: options))
        }
    }

    @Test func withNoWidthLimitAValueIsWholeUpToTheColumnCap() {
        let drawn = { (border: BorderStyle) in
            String(
                decoding: Self.render(
                    Self.blocks(Self.rows, size: 7, textLimit: RowBlock.maximumTextBytes),
                    options: RenderOptions(border: border)),
                as: UTF8.self)
        }
        // With no limit a value is whole, as on a terminal wide enough for
        // it, past DESCRIPTION's and NAME's maximums (40 and 30), which only
        // a table that must fit a width keeps to; up to 1,024 columns for a
        // column that pads what follows it: SUIT's 80,000 columns of emoji
        // are cut, so that no row is padded to their width.
        let text = drawn(.plain)
        #expect(text.contains("Fair-trade 日本語 beans roasted in Kyōto ☕ for 👨‍👩‍👧 families"))
        #expect(text.contains(String(repeating: "😀", count: 511) + "…"))
        #expect(!text.contains(String(repeating: "😀", count: 513)))
        // DESCRIPTION ends its group's lines, whose trailing spaces go: its
        // 65,536 `b`s are whole. With borders nothing is trimmed, and it is cut.
        #expect(text.contains(String(repeating: "b", count: Int(UInt16.max) + 1)))
        let framed = drawn(.rounded)
        #expect(!framed.contains(String(repeating: "b", count: 1_025)))
        #expect(framed.contains(String(repeating: "b", count: 1_000)))
        let widest = framed.split(separator: "\n").map { DisplayWidth.of(String($0)) }.max() ?? 0
        #expect(widest < 5 * MergedLayout.unlimitedColumnWidth)
    }

    /// Lines as wide as a huge value are drawn a few rows
    /// a piece, not a block of rows a piece, so that the pieces in flight
    /// stay small: the same bytes, in more pieces, none much over the size.
    @Test func veryWideLinesAreDrawnInSmallPieces() {
        let blocks = Self.blocks(Self.rows, size: Self.rows.count, textLimit: RowBlock.maximumTextBytes)
        var pieces: [[UInt8]] = []
        // Wide enough for every value whole: lines of about 150,000 columns.
        let options = RenderOptions(maxWidth: 200_000)
        TableRenderer.forEachPiece(
            shared: Fixtures.shared, groups: Fixtures.groups, blocks: blocks, options: options
        ) { pieces.append($0) }
        #expect(pieces.count > blocks.count + 1)
        // A row of emoji takes 4 bytes for every 2 cells the plan counts.
        #expect(pieces.allSatisfy { $0.count <= 3 * MergedLayout.pieceBytes }, "\(pieces.map(\.count))")
        #expect(Array(pieces.joined()) == Self.render(blocks, options: options))
    }

    /// The rows in one block, their first shared cell added as a cell
    /// repeated under its group and their second as a line of text, as the
    /// table of search results adds KIND and NAME.
    static func blockAddingRepeatedAndLines(_ rows: [MergedRow]) -> RowBlock {
        var block = RowBlock(sharedColumns: Fixtures.shared.count, groupColumns: Fixtures.groups.map(\.columns.count))
        for row in rows {
            block.beginRow(group: row.group, height: row.size.height)
            for (index, cell) in row.shared.enumerated() {
                if index == 0 {
                    block.add(cell, repeatedAs: max(0, row.group))
                } else if index == 1, cell.highlights.isEmpty, cell.lines.count == 1 {
                    block.add(line: cell.lines[0], style: cell.style)
                } else {
                    block.add(cell)
                }
            }
            block.beginDetails()
            block.add(contentsOf: row.details)
            block.addWidths(row.size.widths)
            block.endRow()
        }
        return block
    }

    @Test func repeatedCellsAndLinesDrawAsTheCellsTheyStandFor() {
        // Each group's first row sets its repeated cell; later rows of the
        // group point at it. Names of every kind (wide, emoji, whole) go
        // through the line path or fall back to a cell.
        let rows = Self.rows.map { row in
            MergedRow(
                group: row.group,
                shared: [Cell(Fixtures.groups[row.group].title, style: .cyan)] + row.shared.dropFirst(),
                details: row.details, size: row.size)
        }
        let repeated = Self.blockAddingRepeatedAndLines(rows + rows)
        let plain = Self.blocks(rows + rows, size: 2 * rows.count, textLimit: RowBlock.maximumTextBytes)
        #expect(repeated.cells.count == plain[0].cells.count)
        for width in [40, 80, 160] {
            for border in BorderStyle.allCases {
                for color in [false, true] {
                    let options = RenderOptions(maxWidth: width, border: border, color: color)
                    #expect(
                        Self.render([repeated], options: options) == Self.render(plain, options: options),
                        "width \(width), \(border), colour \(color)")
                }
            }
        }
        // A repeated cell's text is kept once per block.
        #expect(repeated.text.count < plain[0].text.count)
    }

    /// The rows in blocks of `size`, each block adding its rows' groups as
    /// it meets them (its own indices, in order of first appearance), with
    /// `columns(group)` columns each, its first shared cell repeated under
    /// its own index; then regrouped to the table's, as the table of search
    /// results makes its blocks apart, on every core. `nil` for a block the
    /// table's groups do not fit.
    static func blocksMeetingGroups(
        _ rows: [MergedRow], size: Int, columns: (Int) -> Int = { Fixtures.groups[$0].columns.count }
    ) -> [RowBlock?] {
        stride(from: 0, to: rows.count, by: size).map { start in
            var block = RowBlock(sharedColumns: Fixtures.shared.count, groupColumns: [])
            var met: [Int] = []
            for row in rows[start..<min(rows.count, start + size)] {
                let local: Int
                if let known = met.firstIndex(of: row.group) {
                    local = known
                } else {
                    local = block.addGroup(columns: columns(row.group))
                    met.append(row.group)
                }
                block.beginRow(group: local, height: row.size.height)
                block.add(row.shared[0], repeatedAs: local)
                block.add(contentsOf: Array(row.shared.dropFirst()))
                block.beginDetails()
                block.add(contentsOf: row.details)
                block.addWidths(row.size.widths)
                block.endRow()
            }
            let before = block.entries.map(\.group)
            guard block.regroup(met, columns: Fixtures.groups.map(\.columns.count)) else {
                // Refused: nothing changed.
                #expect(block.entries.map(\.group) == before)
                #expect(block.groupColumns == met.map(columns))
                return nil
            }
            return block
        }
    }

    @Test func blocksThatMeetTheirGroupsAsTheyGoDrawAsBlocksGivenTheTablesGroups() {
        // Each block meets the fixture groups in its own order.
        let rows = Self.rows
        let reordered = Array(rows.reversed()) + rows
        for size in [1, 3, 7, reordered.count] {
            let met = Self.blocksMeetingGroups(reordered, size: size).compactMap { $0 }
            let given = Self.blocks(reordered, size: size, textLimit: RowBlock.maximumTextBytes)
            #expect(met.count == given.count)
            #expect(met.map(\.wanted) == given.map(\.wanted), "blocks of \(size)")
            #expect(met.map { $0.entries.map(\.group) } == given.map { $0.entries.map(\.group) })
            #expect(met.allSatisfy { $0.groupColumns == Fixtures.groups.map(\.columns.count) })
            for width in [40, 80, 160] {
                let options = RenderOptions(maxWidth: width)
                #expect(Self.render(met, options: options) == Self.render(given, options: options), "width \(width)")
            }
        }
    }

    @Test func aBlockWhoseGroupHasOtherColumnsThanTheTablesIsNotRegrouped() {
        // A kind named as a table's group, of one column fewer or one more:
        // the block's widths were laid out for its own columns.
        for change in [-1, 1] {
            let met = Self.blocksMeetingGroups(Self.rows, size: 5) { Fixtures.groups[$0].columns.count + change }
            #expect(met.allSatisfy { $0 == nil }, "columns \(change)")
        }
    }

    /// The longest unbreakable run, as a byte at a time finds it: a space
    /// ends a run, a hyphen or a slash ends one after it unless it starts it.
    static func longestRunByteByByte(_ bytes: [UInt8]) -> Int {
        var longest = 2
        var run = 0
        for byte in bytes {
            if byte == 0x20 {
                run = 0
                continue
            }
            run += 1
            longest = max(longest, run)
            if (byte == 0x2D || byte == 0x2F) && run > 1 { run = 0 }
        }
        return longest
    }

    /// The word-at-a-time reading agrees with the byte-at-a-time one on
    /// text made of breaks, break-like bytes (`,` `.` `-` `/` and the bytes
    /// around them), multi-byte characters and long words, at every length
    /// and alignment.
    @Test func theLongestRunReadInWordsIsTheOneReadByteByByte() {
        var random = SystemRandomNumberGenerator()
        let pieces = [
            "a", "b", " ", "  ", "-", "/", "--", "/-", ",", ".", "é", "漢", "😀", "x-y", "a/b",
            String(repeating: "w", count: 9), String(repeating: "v", count: 17), "\u{AD}", "\u{AF}", "\u{A0}",
        ]
        for _ in 0..<5_000 {
            let text = (0..<Int.random(in: 0...40, using: &random)).map { _ in pieces.randomElement(using: &random)! }
                .joined()
            let bytes = Array(text.utf8)
            #expect(
                RowBlock.longestRun(in: bytes.span) == Self.longestRunByteByByte(bytes), "\(text.debugDescription)")
        }
        for length in 0...40 {
            for byte: UInt8 in [0x20, 0x2D, 0x2F, 0x61, 0x2E, 0xAD, 0xAF, 0x0D, 0x0F] {
                let bytes = (0..<length).map { $0 % 3 == 1 ? byte : 0x61 }
                #expect(RowBlock.longestRun(in: bytes.span) == Self.longestRunByteByByte(bytes))
            }
        }
    }
}

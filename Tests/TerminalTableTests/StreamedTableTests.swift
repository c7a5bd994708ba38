import Testing

@testable import TerminalTable

/// The table written a few blocks at a time is the table drawn whole: the
/// same bytes, in the same order, at every width, border and colour.
@Suite struct StreamedTableTests {
    /// The fixture rows repeated: many blocks, drawn on every core in
    /// several windows.
    static func manyRows(_ copies: Int) -> MergedTable {
        let rows = Fixtures.mergedRows
        return MergedTable(
            shared: Fixtures.shared, groups: Fixtures.groups,
            rows: (0..<copies).flatMap { _ in rows })
    }

    static func streamed(_ table: MergedTable, options: RenderOptions) -> (bytes: [UInt8], pieces: Int) {
        var bytes: [UInt8] = []
        var pieces = 0
        TableRenderer.forEachPiece(table, options: options) { piece in
            bytes.append(contentsOf: piece)
            pieces += 1
        }
        return (bytes, pieces)
    }

    @Test(arguments: [40, 80, 160])
    func manyRowsStreamAsDrawnWhole(width: Int) {
        // 27,000 rows: more than the parallel threshold, so more blocks than one window holds.
        let table = Self.manyRows(3000)
        for border in BorderStyle.allCases {
            for color in [false, true] {
                let options = RenderOptions(maxWidth: width, border: border, color: color)
                let whole = TableRenderer.renderUTF8(table, options: options)
                let (streamed, pieces) = Self.streamed(table, options: options)
                #expect(streamed == whole, "width \(width), \(border), colour \(color)")
                #expect(streamed.count > 100_000)
                #expect(pieces == TableRenderer.renderPieces(table, options: options).count)
                if ParallelBlocks.coreCount > 1 {
                    #expect(pieces > ParallelBlocks.coreCount * MergedLayout.blocksPerCoreDrawn)
                }
            }
        }
    }

    @Test func fewRowsStreamAsDrawnWhole() {
        for options in [RenderOptions(maxWidth: 60), RenderOptions(maxWidth: 120, color: true)] {
            let table = Fixtures.merged
            #expect(Self.streamed(table, options: options).bytes == TableRenderer.renderUTF8(table, options: options))
            let empty = MergedTable(shared: Fixtures.shared, groups: Fixtures.groups, rows: [])
            #expect(Self.streamed(empty, options: options).bytes == TableRenderer.renderUTF8(empty, options: options))
        }
    }
}

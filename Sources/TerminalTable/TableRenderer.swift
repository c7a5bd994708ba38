/// Renders tables as text for a terminal.
///
/// Every cell is sanitised before it is measured, widths are negotiated to fit
/// ``RenderOptions/maxWidth``, and colour is added after layout, so it never
/// moves a column. The output ends with a line feed unless it is empty.
public enum TableRenderer {
    /// Renders one merged table of rows of different groups.
    ///
    /// The header line shows the shared headers, then the details header; a
    /// legend line per group that has rows shows the group's title and its
    /// column headers in the details region.
    /// - Parameters:
    ///   - table: The table.
    ///   - options: Width, border, headers, colour and wide mode.
    /// - Returns: The lines of the table, each ending with a line feed.
    public static func render(_ table: MergedTable, options: RenderOptions) -> String {
        String(decoding: renderUTF8(table, options: options), as: UTF8.self)
    }

    /// Renders one merged table as `render(_:options:)`
    /// does, as UTF-8 bytes, for a caller that writes them out as they are.
    static func renderUTF8(_ table: MergedTable, options: RenderOptions) -> [UInt8] {
        var output: [UInt8] = []
        MergedLayout(table, options: options).write(into: &output)
        return output
    }

    /// Renders one merged table as ``renderUTF8(_:options:)-(MergedTable,_)``
    /// does, as pieces that joined are its bytes, for a caller that writes
    /// them out one after another: rows drawn on several cores are never
    /// copied into one buffer.
    static func renderPieces(_ table: MergedTable, options: RenderOptions) -> [[UInt8]] {
        MergedLayout(table, options: options).pieces(after: [])
    }

    /// Renders a merged table whose rows are in `blocks`, in order, as
    /// ``renderPieces(_:options:)`` renders a ``MergedTable`` of the same
    /// rows: for a caller that makes the rows in blocks on several cores.
    /// Each block was made for `shared` and `groups`.
    package static func renderPieces(
        shared: [Column],
        detailsHeader: String = "DETAILS",
        groups: [DetailGroup],
        blocks: [RowBlock],
        options: RenderOptions
    ) -> [[UInt8]] {
        MergedLayout(shared: shared, detailsHeader: detailsHeader, groups: groups, blocks: blocks, options: options)
            .pieces(after: [])
    }

    /// Hands `body` the pieces ``renderPieces(_:options:)`` gives, in
    /// order, as they are drawn, a few blocks at a time, as
    /// ``forEachPiece(shared:detailsHeader:groups:blocks:options:_:)`` does.
    static func forEachPiece(_ table: MergedTable, options: RenderOptions, _ body: ([UInt8]) -> Void) {
        MergedLayout(table, options: options).forEachPiece(after: [], body)
    }

    /// Hands `body` the pieces ``renderPieces(shared:detailsHeader:groups:blocks:options:)``
    /// gives, in order, as they are drawn, a few blocks at a time: for a
    /// caller that writes each piece out and lets it go, so that the drawn
    /// table is never all in memory at once.
    package static func forEachPiece(
        shared: [Column],
        detailsHeader: String = "DETAILS",
        groups: [DetailGroup],
        blocks: [RowBlock],
        options: RenderOptions,
        _ body: ([UInt8]) -> Void
    ) {
        MergedLayout(shared: shared, detailsHeader: detailsHeader, groups: groups, blocks: blocks, options: options)
            .forEachPiece(after: [], body)
    }

    /// Hands `body` the pieces ``forEachPiece(shared:detailsHeader:groups:blocks:options:_:)``
    /// gives, each as `prepare` makes it ready where it is drawn (on every
    /// core for many rows): for a caller whose work on each piece need not
    /// wait for the pieces before it, such as checking its bytes. `stop` is
    /// asked before each window of pieces is drawn: once it says so (the
    /// reader went away), the rows left are not drawn.
    package static func forEachPiece<Piece: Sendable>(
        shared: [Column],
        detailsHeader: String = "DETAILS",
        groups: [DetailGroup],
        blocks: [RowBlock],
        options: RenderOptions,
        prepare: @escaping @Sendable ([UInt8]) -> Piece,
        stop: () -> Bool = { false },
        _ body: (Piece) -> Void
    ) {
        MergedLayout(shared: shared, detailsHeader: detailsHeader, groups: groups, blocks: blocks, options: options)
            .forEachPiece(after: [], prepare: prepare, stop: stop, body)
    }

    /// What each row of `table` shows in each of its columns, shared then
    /// its group's, at `options`: the fitted lines of each cell joined with
    /// line feeds, `nil` for a column not drawn. For tests that compare
    /// what different widths show.
    static func visibleCells(_ table: MergedTable, options: RenderOptions) -> [[String?]] {
        MergedLayout(table, options: options).visibleCells()
    }

    /// Renders a merged table whose rows are in `blocks` as
    /// ``renderPieces(shared:detailsHeader:groups:blocks:options:)`` does,
    /// with how many lines each row takes in it, in order: at most its
    /// height, one when its cells fit on one line. For a caller that places
    /// marks beside the rows (the picker's selection marker).
    package static func renderPiecesAndRowLines(
        shared: [Column], detailsHeader: String = "DETAILS", groups: [DetailGroup], blocks: [RowBlock],
        options: RenderOptions
    ) -> (pieces: [[UInt8]], rowLines: [Int]) {
        let layout = MergedLayout(
            shared: shared, detailsHeader: detailsHeader, groups: groups, blocks: blocks, options: options)
        return (layout.pieces(after: []), layout.rowLineCounts())
    }

    /// What each row shows, as ``visibleCells(_:options:)`` gives it, of a
    /// merged table whose rows are in `blocks`.
    package static func visibleCells(
        shared: [Column], detailsHeader: String = "DETAILS", groups: [DetailGroup], blocks: [RowBlock],
        options: RenderOptions
    ) -> [[String?]] {
        MergedLayout(shared: shared, detailsHeader: detailsHeader, groups: groups, blocks: blocks, options: options)
            .visibleCells()
    }

    /// Renders sections (one per group, for `--group-by`), each with its title
    /// line and its own full headers, separated by blank lines.
    /// - Parameters:
    ///   - sections: The sections, in display order.
    ///   - options: Width, border, headers, colour and wide mode; each section
    ///     fits the width on its own.
    /// - Returns: The lines of every section, each ending with a line feed.
    public static func render(_ sections: [Section], options: RenderOptions) -> String {
        String(decoding: renderUTF8(sections, options: options), as: UTF8.self)
    }

    /// Renders sections as `render(_:options:)` does, as
    /// UTF-8 bytes, for a caller that writes them out as they are.
    package static func renderUTF8(_ sections: [Section], options: RenderOptions) -> [UInt8] {
        var output: [UInt8] = []
        for (index, section) in sections.enumerated() {
            if index > 0 { output.append(0x0A) }
            if let title = section.title {
                let fitted = CellLayout.fit(Cell(title), width: options.maxWidth ?? Int.max, height: 1)
                let drawer = LineDrawer(widths: [], border: .plain, color: options.color)
                let slot = LineDrawer.Slot(lines: fitted, style: .bold, alignment: .left, width: 0)
                drawer.draw([slot], height: 1, into: &output)
            }
            let table = MergedTable(
                shared: section.columns,
                detailsHeader: "",
                groups: [],
                rows: section.rows.map { MergedRow(group: -1, shared: $0.cells, details: [], size: $0.size) }
            )
            MergedLayout(table, options: options).write(into: &output)
        }
        return output
    }
}

/// A block of rows of a merged table, kept flat for drawing many of them:
/// the text of every cell of one line in one byte buffer, and per cell only
/// where its text is, its width and its style.
///
/// Drawing a row of such cells copies bytes and pads them, with no string
/// or array touched (and so no reference counted) per cell. The few cells
/// with more than that (several lines, or highlights) are kept whole, and
/// any row that needs more than copying (one taller than a line, a cell
/// cut to fit, colour on highlights) gets its cells back as ``Cell`` values.
///
/// Rows are added with ``beginRow(group:height:)``, their cells, their
/// wanted widths, and ``endRow()``.
package struct RowBlock: Sendable {
    /// One row: its group and height, and where its cells and wanted widths are.
    struct Entry: Sendable {
        var group: Int32
        var height: Int32
        /// Its first cell in `cells`; its shared cells come first.
        var firstCell: Int
        var sharedCount: Int16
        var detailCount: Int16
        /// Its first wanted width in `wanted`: one per shared column, then
        /// one per column of its group (none for a row of no group).
        var firstWanted: Int
    }

    /// One cell: its first line's UTF-8 in `text`, or, for a cell kept
    /// whole, its index in `whole`.
    struct StoredCell: Sendable {
        var start: Int
        var count: Int
        /// The width of the first line; of the widest line for a cell kept whole.
        var width: Int32
        var style: CellStyle
        var isWhole: Bool
        var isVerbatim: Bool
    }

    /// The number of shared columns of the table.
    let sharedColumns: Int
    /// The number of columns of each group of the table.
    let groupColumns: [Int]

    private(set) var entries: [Entry] = []
    private(set) var cells: [StoredCell] = []
    private(set) var text = ByteBuffer()
    private(set) var whole: [Cell] = []
    private(set) var wanted: [Int] = []
    /// How many wanted widths the row being added has: one per shared
    /// column, then one per column of its group.
    private var rowWantedCount = 0
    /// How many of them its widths gave so far.
    private var rowWidthCount = 0
    private var rowSharedCount = 0

    /// An empty block of a table with `sharedColumns` shared columns and
    /// groups of `groupColumns` columns each.
    package init(sharedColumns: Int, groupColumns: [Int]) {
        self.sharedColumns = sharedColumns
        self.groupColumns = groupColumns
    }

    /// Room for `rows` rows of about `bytesPerRow` bytes of text.
    package mutating func reserve(rows: Int, cellsPerRow: Int, bytesPerRow: Int) {
        entries.reserveCapacity(rows)
        cells.reserveCapacity(rows * cellsPerRow)
        if text.count == 0 { text = ByteBuffer(capacity: rows * bytesPerRow) }
        wanted.reserveCapacity(rows * (sharedColumns + (groupColumns.max() ?? 0)))
    }

    /// The number of rows.
    package var count: Int { entries.count }

    // MARK: Adding rows

    /// Starts a row of group `group` (an invalid index draws no details),
    /// `height` lines tall; its shared cells follow.
    package mutating func beginRow(group: Int, height: Int) {
        entries.append(
            Entry(
                group: Int32(clamping: group), height: Int32(clamping: height), firstCell: cells.count,
                sharedCount: 0, detailCount: 0, firstWanted: wanted.count))
        rowWantedCount = sharedColumns + (groupColumns.indices.contains(group) ? groupColumns[group] : 0)
        rowWidthCount = 0
        rowSharedCount = -1
    }

    /// Adds a cell to the row: a shared cell until ``beginDetails()``, a
    /// detail cell after.
    @inline(__always)
    package mutating func add(_ cell: Cell) {
        if cell.extra != nil {
            cells.append(
                StoredCell(
                    start: whole.count, count: 0, width: Int32(clamping: cell.displayWidth), style: cell.style,
                    isWhole: true, isVerbatim: cell.isVerbatim))
            whole.append(cell)
            return
        }
        let start = text.count
        text.append(cell.firstLine)
        cells.append(
            StoredCell(
                start: start, count: text.count - start, width: Int32(clamping: cell.firstWidth),
                style: cell.style, isWhole: false, isVerbatim: cell.isVerbatim))
    }

    /// Adds every cell of `cells` to the row, as ``add(_:)`` does.
    package mutating func add(contentsOf cells: [Cell]) {
        cells.withUnsafeBufferPointer { cells in
            for index in cells.indices { add(cells[index]) }
        }
    }

    /// Ends the row's shared cells: the cells added next are its details.
    package mutating func beginDetails() {
        rowSharedCount = cells.count - entries[entries.count - 1].firstCell
    }

    /// Adds the width the row's next cell asks for, in the order of
    /// ``RowSize/widths``.
    /// Widths past the row's columns are not kept.
    @inline(__always)
    package mutating func addWidth(_ width: Int) {
        guard rowWidthCount < rowWantedCount else { return }
        wanted.append(max(0, width))
        rowWidthCount &+= 1
    }

    /// Adds the widths the row's cells ask for, as ``addWidth(_:)`` does.
    package mutating func addWidths(_ widths: [Int]) {
        for width in widths { addWidth(width) }
    }

    /// Ends the row: settles the width it wants in each column, as its
    /// widths give them, else as its cells measure (0 for a missing cell).
    package mutating func endRow() {
        let index = entries.count - 1
        var entry = entries[index]
        let total = cells.count - entry.firstCell
        let sharedCount = rowSharedCount < 0 ? total : rowSharedCount
        entry.sharedCount = Int16(clamping: sharedCount)
        entry.detailCount = Int16(clamping: total - sharedCount)
        entries[index] = entry
        // The widths not given: measured from the cells.
        let first = entry.firstCell
        while rowWidthCount < rowWantedCount {
            let column = rowWidthCount
            let cell =
                column < sharedColumns
                ? (column < sharedCount ? first + column : nil)
                : (column - sharedColumns < total - sharedCount ? first + sharedCount + column - sharedColumns : nil)
            wanted.append(cell.map { Int(cells[$0].width) } ?? 0)
            rowWidthCount += 1
        }
    }

    // MARK: Reading rows

    /// Whether row `row` is drawn by copying its cells: one line high, and
    /// no cell kept whole.
    func isPlain(_ row: Int) -> Bool {
        let entry = entries[row]
        guard entry.height <= 1 else { return false }
        let first = entry.firstCell
        for index in first..<(first + Int(entry.sharedCount) + Int(entry.detailCount)) where cells[index].isWhole {
            return false
        }
        return true
    }

    /// The cell at `index` in `cells`, as it was added.
    func cell(at index: Int) -> Cell {
        let stored = cells[index]
        if stored.isWhole { return whole[stored.start] }
        let line = text.withBytes(stored.start..<(stored.start + stored.count)) {
            String(decoding: $0, as: UTF8.self)
        }
        return Cell(sanitizedLine: line, width: Int(stored.width), style: stored.style, isVerbatim: stored.isVerbatim)
    }

    /// Whether the cell at `index` in `cells` shows a value: not empty, not
    /// only spaces, and not `–`, the mark of a missing value.
    func hasValue(at index: Int) -> Bool {
        let stored = cells[index]
        if stored.isWhole {
            return whole[stored.start].lines.contains { Self.isValue($0.utf8) }
        }
        return text.withBytes(stored.start..<(stored.start + stored.count)) { Self.isValue($0) }
    }

    /// Whether `bytes` are more than spaces and the missing-value mark `–`.
    private static func isValue(_ bytes: some Collection<UInt8>) -> Bool {
        let dash: [UInt8] = [0xE2, 0x80, 0x93]
        var rest = bytes[...]
        while let first = rest.first, first == 0x20 { rest = rest.dropFirst() }
        guard !rest.isEmpty else { return false }
        if rest.starts(with: dash) {
            rest = rest.dropFirst(3)
            while let first = rest.first, first == 0x20 { rest = rest.dropFirst() }
            return !rest.isEmpty
        }
        return true
    }

    /// The shared cells of row `row`, as they were added.
    func sharedCells(_ row: Int) -> [Cell] {
        let entry = entries[row]
        let first = entry.firstCell
        return (first..<(first + Int(entry.sharedCount))).map(cell(at:))
    }

    /// The detail cells of row `row`, as they were added.
    func detailCells(_ row: Int) -> [Cell] {
        let entry = entries[row]
        let first = entry.firstCell + Int(entry.sharedCount)
        return (first..<(first + Int(entry.detailCount))).map(cell(at:))
    }
}

extension RowBlock {
    /// The rows of `rows` in a block.
    init(_ rows: ArraySlice<MergedRow>, sharedColumns: Int, groupColumns: [Int]) {
        self.init(sharedColumns: sharedColumns, groupColumns: groupColumns)
        entries.reserveCapacity(rows.count)
        for row in rows {
            beginRow(group: row.group, height: row.size.height)
            add(contentsOf: row.shared)
            beginDetails()
            add(contentsOf: row.details)
            addWidths(row.size.widths)
            endRow()
        }
    }
}

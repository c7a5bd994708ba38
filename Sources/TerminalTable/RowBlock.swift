import RawBytes

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
    ///
    /// 20 bytes: offsets into a block are 32-bit (a block holds a share of
    /// one table's rows, far fewer than 2³² cells or widths).
    struct Entry: Sendable {
        var group: Int32
        var height: Int32
        private var cellOffset: UInt32
        private var wantedOffset: UInt32
        private var sharedCells: UInt16
        private var detailCells: UInt16

        init(group: Int32, height: Int32, firstCell: Int, firstWanted: Int) {
            self.group = group
            self.height = height
            cellOffset = UInt32(firstCell)
            wantedOffset = UInt32(firstWanted)
            sharedCells = 0
            detailCells = 0
        }

        /// Its first cell in `cells`; its shared cells come first.
        var firstCell: Int { Int(cellOffset) }
        /// Its first wanted width in `wanted`: one per shared column, then
        /// one per column of its group (none for a row of no group).
        var firstWanted: Int { Int(wantedOffset) }
        /// How many of its cells are shared cells.
        var sharedCount: Int {
            get { Int(sharedCells) }
            set { sharedCells = UInt16(clamping: newValue) }
        }
        /// How many of its cells are detail cells.
        var detailCount: Int {
            get { Int(detailCells) }
            set { detailCells = UInt16(clamping: newValue) }
        }
    }

    /// One cell: its first line's UTF-8 in `text`, or, for a cell kept
    /// whole, its index in `whole`.
    ///
    /// 12 bytes: the text's offset is 32-bit, its length and width 16-bit.
    /// A cell whose text does not fit those (a line of more than 65,535
    /// bytes, or text past 4 GiB in one block) is kept whole instead, and
    /// drawn as every cell kept whole is.
    struct StoredCell: Sendable {
        private var offset: UInt32
        private var length: UInt16
        private var columns: UInt16
        var style: CellStyle
        var isWhole: Bool
        var isVerbatim: Bool

        /// A cell of `count` bytes of text from `start`, `width` wide.
        init?(start: Int, count: Int, width: Int, style: CellStyle, isVerbatim: Bool) {
            guard let offset = UInt32(exactly: start), let length = UInt16(exactly: count),
                let columns = UInt16(exactly: width)
            else { return nil }
            self.offset = offset
            self.length = length
            self.columns = columns
            self.style = style
            self.isWhole = false
            self.isVerbatim = isVerbatim
        }

        /// A cell kept whole at `index` in `whole`.
        init(whole index: Int, style: CellStyle, isVerbatim: Bool) {
            offset = UInt32(index)
            length = 0
            columns = 0
            self.style = style
            self.isWhole = true
            self.isVerbatim = isVerbatim
        }

        /// Where its text starts in `text`; its index in `whole` for a cell kept whole.
        var start: Int { Int(offset) }
        /// The number of bytes of its text (0 for a cell kept whole).
        var count: Int { Int(length) }
        /// The width of its text (0 for a cell kept whole: ask the cell).
        var width: Int { Int(columns) }
    }

    /// The number of shared columns of the table.
    let sharedColumns: Int
    /// The number of columns of each group of the table: of the block's own
    /// groups, as ``addGroup(columns:)`` adds them, until
    /// ``regroup(_:columns:)`` names the table's.
    private(set) var groupColumns: [Int]

    private(set) var entries: [Entry] = []
    private(set) var cells: [StoredCell] = []
    private(set) var text = ByteBuffer()
    private(set) var whole: [Cell] = []
    /// The widths the rows want, 32-bit: a width past 2³¹ − 1 counts as that.
    private(set) var wanted: [Int32] = []
    /// The cells added with ``add(_:repeatedAs:)``, by key, once added flat.
    private var repeated: [StoredCell?] = []
    /// How many wanted widths the row being added has: one per shared
    /// column, then one per column of its group.
    private var rowWantedCount = 0
    /// How many of them its widths gave so far.
    private var rowWidthCount = 0
    private var rowSharedCount = 0

    /// The most bytes of text the block keeps in `text`: a cell that would
    /// end past them is kept whole.
    let textLimit: Int

    /// The most bytes of text a block keeps: its offsets are 32-bit.
    package static let maximumTextBytes = Int(UInt32.max)

    /// An empty block of a table with `sharedColumns` shared columns and
    /// groups of `groupColumns` columns each, keeping at most `textLimit`
    /// bytes of text (cells past them are kept whole; tests lower it).
    package init(sharedColumns: Int, groupColumns: [Int], textLimit: Int = RowBlock.maximumTextBytes) {
        self.sharedColumns = sharedColumns
        self.groupColumns = groupColumns
        self.textLimit = min(textLimit, Self.maximumTextBytes)
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

    // MARK: Groups

    /// Adds a group of `columns` columns, for a block that meets its rows'
    /// groups as it goes (blocks made apart, each on its own core); its
    /// index is the block's own until ``regroup(_:columns:)``.
    package mutating func addGroup(columns: Int) -> Int {
        groupColumns.append(columns)
        return groupColumns.count - 1
    }

    /// Makes the block's groups the table's: group `index` of the block
    /// becomes the table's group `groups[index]`, of `columns` columns
    /// each. Returns `false`, changing nothing, when one of the block's
    /// groups has another number of columns than the table's group it
    /// becomes: its rows' wanted widths were laid out for the block's.
    package mutating func regroup(_ groups: [Int], columns: [Int]) -> Bool {
        guard groups.count == groupColumns.count else { return false }
        for local in groups.indices
        where !columns.indices.contains(groups[local]) || columns[groups[local]] != groupColumns[local] {
            return false
        }
        for row in entries.indices {
            let local = Int(entries[row].group)
            // A row of no group stays in none.
            entries[row].group = groups.indices.contains(local) ? Int32(groups[local]) : -1
        }
        groupColumns = columns
        repeated = []
        return true
    }

    // MARK: Adding rows

    /// Starts a row of group `group` (an invalid index draws no details),
    /// `height` lines tall; its shared cells follow.
    package mutating func beginRow(group: Int, height: Int) {
        precondition(
            cells.count < UInt32.max && wanted.count < UInt32.max && whole.count < UInt32.max,
            "a row block holds fewer than 2³² cells")
        entries.append(
            Entry(
                group: Int32(clamping: group), height: Int32(clamping: height), firstCell: cells.count,
                firstWanted: wanted.count))
        rowWantedCount = sharedColumns + (groupColumns.indices.contains(group) ? groupColumns[group] : 0)
        rowWidthCount = 0
        rowSharedCount = -1
    }

    /// Adds a cell to the row: a shared cell until ``beginDetails()``, a
    /// detail cell after.
    @inline(__always)
    package mutating func add(_ cell: Cell) {
        if cell.extra == nil {
            let start = text.count
            if let stored = StoredCell(
                start: start, count: cell.firstLine.utf8.count, width: cell.firstWidth, style: cell.style,
                isVerbatim: cell.isVerbatim), start &+ stored.count <= textLimit
            {
                text.append(cell.firstLine)
                cells.append(stored)
                return
            }
        }
        cells.append(StoredCell(whole: whole.count, style: cell.style, isVerbatim: cell.isVerbatim))
        whole.append(cell)
    }

    /// Adds `cell` to the row as ``add(_:)`` does, where every row of the
    /// block that adds a cell under `key` adds this same cell (a kind's
    /// label): its text is kept once, and later rows point at it.
    /// - Parameter key: A small index (0 up) naming the repeated cell.
    package mutating func add(_ cell: Cell, repeatedAs key: Int) {
        if key < repeated.count, let stored = repeated[key] {
            cells.append(stored)
            return
        }
        add(cell)
        guard let stored = cells.last, !stored.isWhole else { return }
        if repeated.count <= key { repeated += Array(repeating: nil, count: key + 1 - repeated.count) }
        repeated[key] = stored
    }

    /// Adds a cell of one line of `text` in `style`, as ``add(_:)`` adds
    /// `Cell(text, style: style)`, without making the cell when the text is
    /// printable ASCII (its own sanitised form, one column a byte).
    package mutating func add(line text: String, style: CellStyle) {
        let start = self.text.count
        let count = text.utf8.count
        guard start &+ count <= textLimit,
            let stored = StoredCell(start: start, count: count, width: count, style: style, isVerbatim: true)
        else { return add(Cell(text, style: style)) }
        // One reading of the text: checked, then copied.
        let bytes = text.utf8.span
        guard DisplayWidth.isPrintableASCII(bytes) else { return add(Cell(text, style: style)) }
        self.text.append(bytes)
        cells.append(stored)
    }

    /// Adds every cell of `cells` to the row, as ``add(_:)`` does.
    package mutating func add(contentsOf cells: [Cell]) {
        // Each cell read in place: no copy of its text is retained.
        let added = cells.span
        for index in added.indices { add(added[index]) }
    }

    /// Adds every cell of `cells` to the row, as ``add(_:)`` does, `blank`
    /// in place of each that shows nothing (a missing value's mark).
    package mutating func add(contentsOf cells: [Cell], blank: Cell) {
        let added = cells.span
        for index in added.indices {
            if added[index].isBlank { add(blank) } else { add(added[index]) }
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
        wanted.append(Int32(clamping: max(0, width)))
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
        entry.sharedCount = sharedCount
        entry.detailCount = total - sharedCount
        entries[index] = entry
        // The widths not given: measured from the cells.
        let first = entry.firstCell
        while rowWidthCount < rowWantedCount {
            let column = rowWidthCount
            let cell =
                column < sharedColumns
                ? (column < sharedCount ? first + column : nil)
                : (column - sharedColumns < total - sharedCount ? first + sharedCount + column - sharedColumns : nil)
            wanted.append(cell.map { Int32(clamping: width(ofCell: $0)) } ?? 0)
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
        for index in first..<(first + entry.sharedCount + entry.detailCount) where cells[index].isWhole {
            return false
        }
        return true
    }

    /// The width of the cell at `index` in `cells`: of its widest line for
    /// a cell kept whole.
    func width(ofCell index: Int) -> Int {
        let stored = cells[index]
        return stored.isWhole ? whole[stored.start].displayWidth : stored.width
    }

    /// The narrowest width at which the cell at `index` in `cells`, `wanted`
    /// cells wide, wraps into `height` lines without a cut; never less than
    /// it needs (a bound), and at most `wanted`.
    ///
    /// Wrapped at spaces, hyphens and slashes, every line but the last holds
    /// at least the width less the longest run between two such breaks (a
    /// run too long for a line is split inside), so `height` lines hold the
    /// text from `(wanted + (height - 1) × (run - 1)) / height` on. The run
    /// is counted in bytes, which is at least its width.
    func uncutWidth(ofCell index: Int, wanted: Int, height: Int) -> Int {
        let stored = cells[index]
        guard height > 1, !stored.isWhole else { return wanted }
        let longest = text.withBytes(stored.start..<(stored.start + stored.count)) { Self.longestRun(in: $0) }
        return min(wanted, (wanted + (height - 1) * (longest - 1) + height - 1) / height)
    }

    /// The longest run of bytes in `bytes` that a line cannot break inside
    /// (at least 2): runs end at a space (not counted) and after a hyphen or
    /// a slash that is not a run's first byte (counted).
    ///
    /// Read eight bytes at a time: the table measures every wrapped cell of
    /// a table too wide for its terminal this way, and most words are
    /// shorter than a word of eight bytes, so the breaks are found by a mask
    /// and only they are looked at one by one.
    static func longestRun(in bytes: Span<UInt8>) -> Int {
        var longest = 2
        var run = 0
        var index = 0
        let count = bytes.count
        while index &+ 8 <= count {
            let word = bytes.loadUInt64(at: index)
            // 0x80 in each byte that is a space, or a hyphen or a slash
            // (0x2D and 0x2F, the same but for bit 1).
            var breaks = Self.bytes(of: word, equalTo: 0x20) | Self.bytes(of: word | Self.ones &* 0x02, equalTo: 0x2F)
            var next = 0
            while breaks != 0 {
                let at = breaks.trailingZeroBitCount &>> 3
                run &+= at &- next
                if UInt8(truncatingIfNeeded: word &>> UInt64(at &* 8)) == 0x20 {
                    if run > longest { longest = run }
                    run = 0
                } else {
                    run &+= 1
                    if run > longest { longest = run }
                    if run > 1 { run = 0 }
                }
                next = at &+ 1
                breaks &= breaks &- 1
            }
            run &+= 8 &- next
            index &+= 8
        }
        while index < count {
            let byte = bytes[index]
            index &+= 1
            if byte == 0x20 {
                if run > longest { longest = run }
                run = 0
                continue
            }
            run &+= 1
            if (byte == 0x2D || byte == 0x2F) && run > 1 {
                if run > longest { longest = run }
                run = 0
            }
        }
        return max(longest, run)
    }

    private static let ones: UInt64 = 0x0101_0101_0101_0101

    /// 0x80 in each byte of `word` equal to `byte`, 0 in the others (no
    /// carry crosses from one byte to the next).
    @inline(__always)
    private static func bytes(of word: UInt64, equalTo byte: UInt8) -> UInt64 {
        let differences = word ^ (ones &* UInt64(byte))
        let low = ones &* 0x7F
        return ~(((differences & low) &+ low) | differences | low)
    }

    /// The cell at `index` in `cells`, as it was added.
    func cell(at index: Int) -> Cell {
        let stored = cells[index]
        if stored.isWhole { return whole[stored.start] }
        let line = text.withBytes(stored.start..<(stored.start + stored.count)) { String(decodingUTF8: $0) }
        return Cell(sanitizedLine: line, width: stored.width, style: stored.style, isVerbatim: stored.isVerbatim)
    }

    /// The shared cells of row `row`, as they were added.
    func sharedCells(_ row: Int) -> [Cell] {
        let entry = entries[row]
        let first = entry.firstCell
        return (first..<(first + entry.sharedCount)).map(cell(at:))
    }

    /// The detail cells of row `row`, as they were added.
    func detailCells(_ row: Int) -> [Cell] {
        let entry = entries[row]
        let first = entry.firstCell + entry.sharedCount
        return (first..<(first + entry.detailCount)).map(cell(at:))
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

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
                    #expect(pieces > ParallelBlocks.coreCount * ParallelBlocks.piecesPerCore)
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

    /// Rows of every hard sort: CJK, emoji sequences, escapes and controls
    /// made visible, cells of several lines, highlights, empty cells.
    static func adversarialRows(_ count: Int) -> MergedTable {
        let names = [
            "Café Crème 中文 Kaffee", "👨‍👩‍👧 family 🇰🇷", "esc \u{1B}[31mred\u{1B}[0m", "tab\tand\rreturn",
            "bidi \u{202E}txet", "", String(repeating: "長い名前", count: 12), "a\u{301}\u{302} marks",
        ]
        let details = [
            "", "☕ ★★★☆☆ 3.5", "line one\nline two", "\u{7}bell \u{7F}del \u{9B}csi", "1️⃣ keycap ☝🏽",
            String(repeating: "description words ", count: 8),
        ]
        let rows = (0..<count).map { index -> MergedRow in
            let group = index % 3
            let name = names[index % names.count]
            let shared = [
                Cell(Fixtures.groups[group].title, style: Fixtures.kindStyles[group]),
                index % 5 == 0 ? Cell(name, highlights: [0..<2]) : Cell(name, style: .bold),
            ]
            let cells = Fixtures.groups[group].columns.indices.map { column -> Cell in
                let text = details[(index + column * 7) % details.count]
                return index % 11 == 0 ? Cell(lines: text.split(separator: "\n").map(String.init)) : Cell(text)
            }
            return MergedRow(
                group: group, shared: shared, details: cells,
                size: RowSize(height: 1 + index % 3, measuring: shared + cells))
        }
        return MergedTable(shared: Fixtures.shared, groups: Fixtures.groups, rows: rows)
    }

    /// The pieces as drawn on every core, a window at a time, and as drawn
    /// one block after another on the calling thread.
    static func piecesBothWays(_ table: MergedTable, options: RenderOptions) -> (parallel: [[UInt8]], plain: [[UInt8]])
    {
        let layout = MergedLayout(table, options: options)
        var parallel: [[UInt8]] = []
        layout.forEachPiece(after: [], inParallel: true) { parallel.append($0) }
        var plain: [[UInt8]] = []
        layout.forEachPiece(after: [], inParallel: false) { plain.append($0) }
        return (parallel, plain)
    }

    /// `search … | head`: once the reader has gone, the rows left are not
    /// drawn; what was drawn before is the table's start, and its bottom
    /// rule (boxed borders) still comes last.
    @Test func noRowIsDrawnOnceTheReaderIsGone() {
        let table = Self.manyRows(3000)
        let layout = MergedLayout(table, options: RenderOptions(maxWidth: 80, border: .rounded))
        var all: [[UInt8]] = []
        layout.forEachPiece(after: [], prepare: { $0 }, { all.append($0) })
        var asked = 0
        var some: [[UInt8]] = []
        layout.forEachPiece(
            after: [], prepare: { $0 },
            stop: {
                asked += 1
                return asked > 1
            }, { some.append($0) })
        #expect(some.count > 1 && some.count < all.count / 2, "\(some.count) of \(all.count) pieces")
        let startIsTheTables = Array(some.dropLast()) == Array(all.prefix(some.count - 1))
        let endsWithTheBottomRule = some.last == all.last
        #expect(startIsTheTables)
        #expect(endsWithTheBottomRule)
    }

    @Test(arguments: [40, 80, 160])
    func parallelDrawingGivesThePlainPieces(width: Int) {
        // 20,000 rows: many blocks, so several windows drawn on every core.
        let table = Self.adversarialRows(20_000)
        for border in BorderStyle.allCases {
            for color in [false, true] {
                for wide in [false, true] where !wide || border == .plain {
                    let options = RenderOptions(maxWidth: width, border: border, color: color, wide: wide)
                    let (parallel, plain) = Self.piecesBothWays(table, options: options)
                    #expect(parallel == plain, "width \(width), \(border), colour \(color), wide \(wide)")
                    #expect(parallel.count > 1)
                }
            }
        }
        let headless = RenderOptions(maxWidth: width, showHeaders: false)
        let (parallel, plain) = Self.piecesBothWays(table, options: headless)
        #expect(parallel == plain)
    }
}

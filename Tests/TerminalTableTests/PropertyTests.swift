import TestSupport
import Testing

@testable import TerminalTable

/// Seeded random tables: each seed always builds the same table, so a failure
/// names the seed that reproduces it.
@Suite struct PropertyTests {
    static let seeds = Array(0..<150)

    @Test(arguments: seeds) func framedLinesAllHaveOneWidthWithinTheLimit(seed: Int) {
        var random = seededRandom(seed)
        let table = RandomTable(&random)
        for border in [BorderStyle.ascii, .rounded] {
            let options = RenderOptions(maxWidth: table.maxWidth, border: border, showHeaders: table.showHeaders)
            let text = TableRenderer.render(table.merged, options: options)
            let widths = Set(lines(text).map { DisplayWidth.of($0) })
            #expect(widths.count == 1, "seed \(seed) \(border): lines of widths \(widths)\n\(text)")
            #expect(widths.allSatisfy { $0 <= table.maxWidth }, "seed \(seed) \(border): wider than \(table.maxWidth)")
        }
    }

    @Test(arguments: seeds) func plainLinesStayWithinTheLimit(seed: Int) {
        var random = seededRandom(seed)
        let table = RandomTable(&random)
        let text = TableRenderer.render(table.merged, options: RenderOptions(maxWidth: table.maxWidth))
        for line in lines(text) {
            #expect(DisplayWidth.of(line) <= table.maxWidth, "seed \(seed): \(line.debugDescription)")
        }
    }

    @Test(arguments: seeds) func sectionsKeepTheirFramesAndTheLimit(seed: Int) {
        var random = seededRandom(seed)
        let table = RandomTable(&random)
        let text = TableRenderer.render(
            table.sections, options: RenderOptions(maxWidth: table.maxWidth, border: .rounded))
        // Sections are separated by a blank line; each starts with its title.
        for section in text.split(separator: "\n\n", omittingEmptySubsequences: true) {
            let frame = lines(String(section)).dropFirst()
            let widths = Set(frame.map { DisplayWidth.of($0) })
            #expect(widths.count <= 1, "seed \(seed): lines of widths \(widths)\n\(section)")
            #expect(widths.allSatisfy { $0 <= table.maxWidth }, "seed \(seed): wider than \(table.maxWidth)")
        }
    }

    @Test(arguments: seeds) func noControlCharacterReachesTheOutput(seed: Int) {
        var random = seededRandom(seed)
        let table = RandomTable(&random)
        for border in BorderStyle.allCases {
            let options = RenderOptions(maxWidth: table.maxWidth, border: border, wide: seed % 2 == 0)
            let merged = TableRenderer.render(table.merged, options: options)
            let sections = TableRenderer.render(table.sections, options: options)
            #expect(firstControl(in: merged) == nil, "seed \(seed) \(border): \(merged.debugDescription)")
            #expect(firstControl(in: sections) == nil, "seed \(seed) \(border): \(sections.debugDescription)")
        }
    }

    @Test(arguments: seeds) func theSameTableGivesTheSameBytes(seed: Int) {
        var first = seededRandom(seed)
        var second = seededRandom(seed)
        let one = RandomTable(&first)
        let other = RandomTable(&second)
        for border in BorderStyle.allCases {
            let options = RenderOptions(maxWidth: one.maxWidth, border: border, color: seed % 3 == 0)
            let text = TableRenderer.render(one.merged, options: options)
            #expect(Array(text.utf8) == Array(TableRenderer.render(other.merged, options: options).utf8))
            #expect(Array(text.utf8) == Array(TableRenderer.render(one.merged, options: options).utf8))
        }
    }

    /// A table of many rows is drawn in blocks on every core: its body must be
    /// the same bytes as the rows drawn one after another, in order.
    @Test(arguments: Array(seeds.prefix(12))) func aLargeTableDrawsItsRowsInOrder(seed: Int) {
        var random = seededRandom(seed)
        let table = RandomTable(&random)
        // Repeating the rows keeps every column's width, so the body repeats too.
        let copies = 5000 / table.merged.rows.count + 1
        var large = table.merged
        large.rows = (0..<copies).flatMap { _ in table.merged.rows }
        for border in BorderStyle.allCases {
            let options = RenderOptions(
                maxWidth: table.maxWidth, border: border, showHeaders: false, color: seed % 2 == 0)
            let one = lines(TableRenderer.render(table.merged, options: options))
            let many = lines(TableRenderer.render(large, options: options))
            // Framed tables have a top and a bottom rule around the body.
            let frame = border == .plain ? 0 : 1
            let body = Array(one.dropFirst(frame).dropLast(frame))
            let expected = one.prefix(frame) + (0..<copies).flatMap { _ in body } + one.suffix(frame)
            #expect(many == Array(expected), "seed \(seed) \(border)")
        }
    }

    /// Text with no emoji joiner, modifier, keycap, flag or VS16 is measured
    /// as the sum of its code points; that must equal the width by grapheme
    /// cluster.
    @Test(arguments: seeds) func theWidthOfTextIsTheSumOfItsClusters(seed: Int) {
        var random = seededRandom(seed)
        let text = (0..<Int.random(in: 0...12, using: &random)).map { _ in
            RandomTable.pieces.randomElement(using: &random) ?? ""
        }.joined()
        let byCluster = text.reduce(0) { $0 + DisplayWidth.of($1) }
        #expect(DisplayWidth.of(text) == byCluster, "\(text.debugDescription)")
        #expect(DisplayWidth.of(text[...]) == byCluster, "\(text.debugDescription)")
    }

    // MARK: Found by Fuzz/FuzzTableLayout

    /// In wide mode, when the column minimums do not fit, the details region is
    /// given fewer cells than its columns and gaps take, so its lines come out
    /// wider than the frame above them.
    @Test func aSquashedWideDetailsRegionKeepsTheFrame() {
        let table = MergedTable(
            shared: [Column("A", minWidth: 5)],
            groups: [DetailGroup(title: "g", columns: [Column("x", minWidth: 9), Column("y", minWidth: 19)])],
            rows: [MergedRow(group: 0, shared: ["a"], details: ["x", "y"], size: RowSize(height: 1, widths: []))]
        )
        let options = RenderOptions(maxWidth: 11, border: .rounded, showHeaders: false, wide: true)
        let text = TableRenderer.render(table, options: options)
        let widths = Set(lines(text).map { DisplayWidth.of($0) })
        #expect(widths.count == 1, "lines of widths \(widths)\n\(text)")
    }
}

/// The lines of rendered output, without the final line feed's empty tail.
private func lines(_ text: String) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
}

/// The first scalar that could act on a terminal: a C0 or C1 control other
/// than the line feed, DEL, a line separator or a bidi control.
private func firstControl(in text: String) -> Unicode.Scalar? {
    text.unicodeScalars.first { scalar in
        switch scalar.value {
        case 0x0A: false
        case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}

/// A generator whose sequence depends only on `seed`.
private func seededRandom(_ seed: Int) -> SplitMix64 {
    SplitMix64(state: UInt64(truncatingIfNeeded: seed) &+ 0x9E37_79B9_7F4A_7C15)
}

/// A table of random columns and hostile text, and the width to fit.
private struct RandomTable {
    static let pieces = [
        "a", "Z", "7", " ", "-", "中", "ｱ", "한", "👍🏽", "👨‍👩‍👧", "🏳️‍🌈", "🇰🇷", "1️⃣", "e\u{301}", "\u{200B}",
        "\u{200D}", "\u{1B}[31m", "\u{1B}]8;;http://x\u{7}", "\u{1B}]52;c;aGk=\u{7}", "\u{9B}2J", "\u{202E}",
        "\u{2066}", "\u{0}", "\t", "\r\n", "\n", "\u{7F}", "\u{85}", "\u{2028}", "ก\u{E31}", "…", "\u{FFFD}",
    ]

    var maxWidth: Int
    var showHeaders: Bool
    var merged: MergedTable
    var sections: [Section]

    init(_ random: inout SplitMix64) {
        func text(_ count: ClosedRange<Int>) -> String {
            (0..<Int.random(in: count, using: &random)).map { _ in Self.pieces.randomElement(using: &random) ?? "" }
                .joined()
        }
        func column() -> Column {
            let minWidth = Int.random(in: 1...8, using: &random)
            return Column(
                text(0...6),
                alignment: Bool.random(using: &random) ? .left : .right,
                minWidth: minWidth,
                maxWidth: Bool.random(using: &random) ? nil : minWidth + Int.random(in: 0...20, using: &random),
                priority: Int.random(in: 0...100, using: &random)
            )
        }
        func cell() -> Cell {
            Bool.random(using: &random)
                ? Cell(text(0...30))
                : Cell(lines: (0..<Int.random(in: 1...3, using: &random)).map { _ in text(0...12) })
        }
        // Wide enough for a framed column at its minimum width.
        maxWidth = Int.random(in: 20...120, using: &random)
        showHeaders = Int.random(in: 0...3, using: &random) > 0
        let shared = (0..<Int.random(in: 1...3, using: &random)).map { _ in column() }
        let groups = (0..<Int.random(in: 0...3, using: &random)).map { _ in
            DetailGroup(title: text(1...5), columns: (0..<Int.random(in: 0...4, using: &random)).map { _ in column() })
        }
        var rows: [MergedRow] = []
        for _ in 0..<Int.random(in: 1...10, using: &random) {
            let group = groups.isEmpty ? 0 : Int.random(in: 0..<groups.count, using: &random)
            let sharedCells = shared.map { _ in cell() }
            let details = (groups.isEmpty ? [] : groups[group].columns).map { _ in cell() }
            let height = Int.random(in: 1...3, using: &random)
            rows.append(
                MergedRow(
                    group: group, shared: sharedCells, details: details,
                    size: RowSize(height: height, measuring: sharedCells + details)))
        }
        merged = MergedTable(shared: shared, groups: groups, rows: rows)
        sections = groups.enumerated().map { index, group in
            Section(
                title: group.title,
                columns: [shared[0]] + group.columns,
                rows: rows.filter { $0.group == index }.map { row in
                    let cells = [row.shared[0]] + row.details
                    return Row(cells, size: RowSize(height: row.size.height, measuring: cells))
                }
            )
        }
    }
}

/// More width never shows less: from 10 to 200 columns, in every style, no
/// cell's visible text shrinks and no column drawn disappears as the width grows.
@Suite struct MoreWidthNeverShowsLessTests {
    @Test(arguments: BorderStyle.allCases) func theFixtureTable(border: BorderStyle) {
        let shrink = firstShrinkingCell(over: 10...200) { width in
            TableRenderer.visibleCells(Fixtures.merged, options: RenderOptions(maxWidth: width, border: border))
        }
        #expect(shrink == nil, "\(border): \(shrink ?? "")")
    }

    @Test(arguments: Array(0..<24)) func randomTables(seed: Int) {
        var random = seededRandom(seed)
        let table = RandomTable(&random)
        let border = BorderStyle.allCases[seed % BorderStyle.allCases.count]
        let shrink = firstShrinkingCell(over: 10...200) { width in
            TableRenderer.visibleCells(
                table.merged, options: RenderOptions(maxWidth: width, border: border, showHeaders: table.showHeaders))
        }
        #expect(shrink == nil, "seed \(seed) \(border): \(shrink ?? "")")
    }
}

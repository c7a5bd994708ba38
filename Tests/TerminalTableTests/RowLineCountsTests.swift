import Testing

@testable import TerminalTable

/// A row reports the most lines it takes (`rowHeight`); the table takes
/// fewer when its cells fit. ``TableRenderer/renderPiecesAndRowLines(shared:detailsHeader:groups:blocks:options:)``
/// says how many each row took, which the picker places its marks by.
@Suite struct RowLineCountsTests {
    /// Rows of one to three lines at most, whose texts fit on one line or
    /// wrap, short names first so that every row's first line shows its
    /// name whatever the width.
    static var rows: [MergedRow] {
        let texts = [
            "short", "a description long enough to wrap at every width under two hundred columns or so, surely",
            "中文 and emoji 👨‍👩‍👧 that wrap: 日本語のテキストが続きます、折り返されるまで長く長く", "",
            "two\nlines",
        ]
        return (0..<24).map { index in
            let group = index % 3
            let text = texts[index % texts.count]
            let height = 1 + index % 3
            let details: [String] =
                switch group {
                case 0: ["$1.00", "4.5", text]
                case 1: [text, "2030-01-01"]
                default: [String(text.prefix(3)), "K"]
                }
            let shared = [Cell(Fixtures.groups[group].title), Cell(name(index))]
            let cells = details.map { Cell($0) }
            return MergedRow(
                group: group, shared: shared, details: cells, size: RowSize(height: height, measuring: shared + cells))
        }
    }

    /// Row `index`'s name: `n00`, `n01`, …
    static func name(_ index: Int) -> String { (index < 10 ? "n0" : "n") + String(index) }

    @Test(arguments: [24, 40, 60, 80, 120, 200])
    func eachRowStartsWhereTheCountsBeforeItSay(width: Int) {
        for border in [BorderStyle.plain, .ascii, .rounded] {
            for blockSize in [1, 5, 24] {
                var options = RenderOptions()
                options.maxWidth = width
                options.border = border
                let blocks = RowBlockTests.blocks(Self.rows, size: blockSize, textLimit: RowBlock.maximumTextBytes)
                let (pieces, counts) = TableRenderer.renderPiecesAndRowLines(
                    shared: Fixtures.shared, groups: Fixtures.groups, blocks: blocks, options: options)
                let text = String(decoding: pieces.joined(), as: UTF8.self)
                // The same bytes as the table drawn alone.
                #expect(Array(text.utf8) == RowBlockTests.render(blocks, options: options))
                let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
                #expect(counts.count == Self.rows.count)
                guard let header = lines.firstIndex(where: { $0.contains("n00") }) else {
                    Issue.record("no first row at \(width), \(border)")
                    continue
                }
                var line = header
                for (index, row) in Self.rows.enumerated() {
                    let name = Self.name(index)
                    #expect((1...row.size.height).contains(counts[index]), "\(name) at \(width), \(border)")
                    #expect(
                        line < lines.count && lines[line].contains(name),
                        "\(name) not on line \(line) at \(width), \(border), blocks of \(blockSize)")
                    // None of its other lines is another row's.
                    for other in line + 1..<min(lines.count, line + counts[index]) {
                        #expect(
                            Self.rows.indices.allSatisfy { $0 == index || !lines[other].contains(Self.name($0)) },
                            "\(lines[other])")
                    }
                    line += counts[index]
                }
                #expect(line + (border == .plain ? 0 : 1) == lines.count, "at \(width), \(border)")
                // Some rows taller than a line take one: the counts are not the heights.
                #expect(zip(counts, Self.rows).contains { $0 < $1.size.height })
            }
        }
    }
}

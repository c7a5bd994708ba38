import Foundation
import TerminalTable
import Testing

/// Layout rules, checked on small tables whose output is obvious.
struct TableRendererTests {
    static func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    static func section(_ columns: [Column], _ rows: [Row]) -> [Section] {
        [Section(title: nil, columns: columns, rows: rows)]
    }

    @Test func plainStyleUpperCasesHeadersAndSeparatesWithTwoSpaces() {
        let text = TableRenderer.render(
            Self.section(
                [Column("name"), Column("price", alignment: .right)],
                [Row(["tea", "7.25"]), Row(["coffee", "12.50"])]),
            options: RenderOptions()
        )
        #expect(
            text == """
                NAME    PRICE
                tea      7.25
                coffee  12.50

                """
        )
    }

    @Test func noHeaders() {
        let text = TableRenderer.render(
            Self.section([Column("name"), Column("qty", alignment: .right)], [Row(["tea", "7"])]),
            options: RenderOptions(showHeaders: false)
        )
        #expect(text == "tea  7\n")
    }

    @Test func rowTakesTheLinesItsTextNeedsUpToItsHeight() {
        let text = TableRenderer.render(
            Self.section(
                [Column("a"), Column("b", maxWidth: 6)],
                [Row(["x", "y"], height: 3), Row(["z", "one two"], height: 3), Row(["v", "w"])]),
            // Too narrow for "one two" on a line: b is held to its maximum.
            options: RenderOptions(maxWidth: 9, showHeaders: false)
        )
        // A row of height 3 whose text fits one line takes one; text that
        // wraps takes the lines it needs, the other cells padded with blanks.
        #expect(Self.lines(text) == ["x  y", "z  one", "   two", "v  w"])
    }

    @Test func longTextWrapsAtSpacesWithinTheHeightAndIsCutWithEllipsis() {
        let text = TableRenderer.render(
            Self.section(
                [Column("id"), Column("text", maxWidth: 10)],
                [Row(["1", "The quick brown fox jumps over the lazy dog"], height: 2), Row(["2", "short"])]
            ),
            options: RenderOptions(maxWidth: 13, showHeaders: false)
        )
        #expect(Self.lines(text) == ["1  The quick", "   brown fox…", "2  short"])
    }

    @Test func explicitLinesBeyondTheHeightAreCutWithEllipsis() {
        let text = TableRenderer.render(
            Self.section([Column("a")], [Row([Cell(lines: ["one", "two", "three"])], height: 2)]),
            options: RenderOptions(showHeaders: false)
        )
        #expect(Self.lines(text) == ["one", "two…"])
    }

    @Test func truncationNeverSplitsAWideCharacterOrAGrapheme() {
        let columns = [Column("x", maxWidth: 4)]
        let text = TableRenderer.render(
            Self.section(columns, [Row(["中文字"]), Row(["👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧"]), Row(["e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}"])]),
            options: RenderOptions(maxWidth: 4, showHeaders: false)
        )
        #expect(Self.lines(text) == ["中…", "👨‍👩‍👧…", "e\u{301}e\u{301}e\u{301}…"])
    }

    @Test func numbersAreShownWholeNeverCutOrWrapped() {
        // `123…` would read as another number, and `123` / `456` as two.
        let columns = [Column("name", minWidth: 4, priority: 10), Column("n", alignment: .right, maxWidth: 4)]
        let rows = [Row(["tea", "123456"], height: 2)]
        let fits = TableRenderer.render(
            Self.section(columns, rows), options: RenderOptions(maxWidth: 20, showHeaders: false))
        #expect(Self.lines(fits) == ["tea  123456"])
        // Too narrow for the whole number: its column is dropped.
        let narrow = TableRenderer.render(
            Self.section(columns, rows), options: RenderOptions(maxWidth: 10, showHeaders: false))
        #expect(Self.lines(narrow) == ["tea"])
    }

    @Test func lowestPriorityColumnIsDroppedFirstAndWideKeepsIt() {
        let columns = [
            Column("name", minWidth: 6, priority: 10),
            Column("notes", minWidth: 8, priority: 0),
            Column("price", alignment: .right, minWidth: 6, priority: 5),
        ]
        let rows = [Row(["coffee", "fair trade beans", "$12.50"])]
        let narrow = TableRenderer.render(Self.section(columns, rows), options: RenderOptions(maxWidth: 20))
        #expect(Self.lines(narrow) == ["NAME     PRICE", "coffee  $12.50"])

        let fits = TableRenderer.render(Self.section(columns, rows), options: RenderOptions(maxWidth: 26))
        #expect(Self.lines(fits) == ["NAME    NOTES        PRICE", "coffee  fair trad…  $12.50"])

        let wide = TableRenderer.render(Self.section(columns, rows), options: RenderOptions(maxWidth: 20, wide: true))
        #expect(Self.lines(wide) == ["NAME    NOTES  PRICE", "coffee  fair…  $12.…"])
    }

    /// `--wide` keeps every column; squashed, it gives each at least one
    /// cell, and the details region room for its group's columns and gaps,
    /// so any width that holds that much is not overrun.
    @Test(arguments: BorderStyle.allCases)
    func wideTableFitsAnyWidthThatGivesEveryColumnACell(border: BorderStyle) {
        let shared: [Cell] = ["product", "a long product name"]
        let details = Array(repeating: Cell("word word word"), count: 4)
        let table = MergedTable(
            shared: [Column("kind"), Column("name", minWidth: 12)],
            groups: [DetailGroup(title: "product", columns: ["a", "b", "c", "d"].map { Column($0, minWidth: 8) })],
            rows: [
                MergedRow(
                    group: 0, shared: shared, details: details,
                    size: RowSize(height: 1, measuring: shared + details))
            ])
        // Two shared columns of one cell, a region of 4 cells and 3 gaps of 2, and the frame.
        let narrowest = 1 + 1 + (4 + 3 * 2) + (border == .plain ? 2 * 2 : 3 * 3 + 1)
        for width in narrowest...90 {
            let text = TableRenderer.render(table, options: RenderOptions(maxWidth: width, border: border, wide: true))
            for line in Self.lines(text) {
                #expect(DisplayWidth.of(line) <= width, "\(line) at \(width) (\(border))")
            }
        }
    }

    @Test func columnsAreNeverSquashedBelowTheirMinimum() {
        let columns = [Column("a", minWidth: 10, priority: 2), Column("b", minWidth: 10, priority: 1)]
        let rows = [Row(["aaaaaaaaaaaaaaaa", "bbbbbbbbbbbbbbbb"])]
        let text = TableRenderer.render(
            Self.section(columns, rows), options: RenderOptions(maxWidth: 21, showHeaders: false))
        // 10 + 2 + 10 = 22 does not fit 21: b is dropped rather than squashed to 9.
        #expect(Self.lines(text) == ["aaaaaaaaaaaaaaaa"])
        // a, the higher priority, is shown whole before b takes any of its width.
        let whole = TableRenderer.render(
            Self.section(columns, rows), options: RenderOptions(maxWidth: 22, showHeaders: false))
        #expect(Self.lines(whole) == ["aaaaaaaaaaaaaaaa"])
        let both = TableRenderer.render(
            Self.section(columns, rows), options: RenderOptions(maxWidth: 28, showHeaders: false))
        #expect(Self.lines(both) == ["aaaaaaaaaaaaaaaa  bbbbbbbbb…"])
    }

    @Test func wantedWidthsComeFromTheRowSizeNotTheText() {
        let rows = [Row(["abcdefgh"], size: RowSize(height: 1, widths: [4]))]
        let text = TableRenderer.render(Self.section([Column("x")], rows), options: RenderOptions(showHeaders: false))
        #expect(text == "abc…\n")
    }

    @Test func detailColumnsAlignWithinTheirGroupOnly() {
        let table = MergedTable(
            shared: [Column("kind"), Column("name")],
            groups: [
                DetailGroup(title: "product", columns: [Column("price", alignment: .right), Column("brand")]),
                DetailGroup(title: "domain", columns: [Column("status")]),
            ],
            rows: [
                MergedRow(
                    group: 0, shared: ["product", "tea"], details: ["7.25", "Acme"],
                    size: RowSize(height: 1, widths: [7, 3, 4, 4])),
                MergedRow(
                    group: 1, shared: ["domain", "example.com"], details: ["registered"],
                    size: RowSize(height: 1, widths: [6, 11, 10])),
                MergedRow(
                    group: 0, shared: ["product", "coffee"], details: ["12.50", "Bean Co"],
                    size: RowSize(height: 1, widths: [7, 6, 5, 7])),
            ]
        )
        let text = TableRenderer.render(table, options: RenderOptions())
        #expect(
            Self.lines(text) == [
                "KIND     NAME         DETAILS",
                "product:              PRICE  BRAND",
                "domain:               STATUS",
                "-------  -----------  --------------",
                "product  tea           7.25  Acme",
                "domain   example.com  registered",
                "product  coffee       12.50  Bean Co",
            ]
        )
    }

    @Test func colourIsAddedAfterLayoutAndNeverMovesAColumn() {
        let plain = TableRenderer.render(Fixtures.merged, options: RenderOptions(maxWidth: 80))
        let coloured = TableRenderer.render(Fixtures.merged, options: RenderOptions(maxWidth: 80, color: true))
        #expect(coloured != plain)
        // Without colour, a rule of dashes tells the legend from the rows.
        let rule = plain.split(separator: "\n", omittingEmptySubsequences: false).first { $0.hasPrefix("---") }
        #expect(SGR.strip(coloured) == plain.replacingOccurrences(of: "\(rule ?? "")\n", with: ""))
        #expect(coloured.contains("\u{1B}[36mproduct\u{1B}[0m"))  // the kind's style
        #expect(coloured.contains("\u{1B}[1;4mCa\u{1B}[0m"))  // the matched characters of NAME
        // A bold cell's match adds the underline alone, not a second bold.
        let cake = [Cell("Cake", style: .bold, highlights: [0..<2])]
        let bold = MergedTable(
            shared: [Column("name")], groups: [],
            rows: [MergedRow(group: -1, shared: cake, details: [], size: RowSize(height: 1, measuring: cake))])
        let boldColoured = TableRenderer.render(bold, options: RenderOptions(maxWidth: 80, color: true))
        #expect(boldColoured.contains("\u{1B}[1;4mCa\u{1B}[0m\u{1B}[1mke\u{1B}[0m"), "\(boldColoured.debugDescription)")
        #expect(!plain.contains("\u{1B}"))
    }

    @Test func invalidGroupAndMissingCellsDrawBlank() {
        let table = MergedTable(
            shared: [Column("kind"), Column("name")],
            groups: [DetailGroup(title: "g", columns: [Column("x")])],
            rows: [
                MergedRow(group: 7, shared: ["?"], details: ["lost"], size: RowSize(height: 1, widths: [])),
                MergedRow(group: 0, shared: ["g", "n"], details: [], size: RowSize(height: 0, widths: [1])),
            ]
        )
        let text = TableRenderer.render(table, options: RenderOptions(border: .ascii))
        Invariants.check(text, maxWidth: 40, border: .ascii)
        #expect(!text.contains("lost"))
    }

    @Test func markdownEscapesPipesAndLineBreaks() {
        let text = TableRenderer.markdown(
            headers: ["name", "note"],
            rows: [["a|b", "one\ntwo\r\nthree"], ["back\\slash", "\u{1B}[2J"], ["short"]]
        )
        #expect(
            text == """
                | name        | note                |
                |-------------|---------------------|
                | a\\|b        | one<br>two<br>three |
                | back\\\\slash | ^[\\[2J              |
                | short       |                     |

                """
        )
    }

    @Test func theLegendIsToldFromTheRowsWithoutColour() {
        let groups = [
            DetailGroup(title: "tea", columns: [Column("origin")]),
            DetailGroup(title: "coffee", columns: [Column("origin")]),
        ]
        let table = MergedTable(
            shared: [Column("kind"), Column("name")], groups: groups,
            rows: [
                MergedRow(
                    group: 0, shared: ["tea", "Sencha"], details: ["Japan"], size: RowSize(height: 1, widths: [])),
                MergedRow(
                    group: 1, shared: ["coffee", "Mocha"], details: ["Yemen"], size: RowSize(height: 1, widths: [])),
            ])
        let plain = Self.lines(TableRenderer.render(table, options: RenderOptions(maxWidth: 40)))
        // Groups of the same columns share a legend line, whose titles end in `:`; a rule follows.
        #expect(
            plain == [
                "KIND    NAME    DETAILS", "tea, coffee:    ORIGIN", "------  ------  -------",
                "tea     Sencha  Japan", "coffee  Mocha   Yemen",
            ])
        let coloured = Self.lines(TableRenderer.render(table, options: RenderOptions(maxWidth: 40, color: true)))
        #expect(coloured.count == 4, "with colour the dimmed legend needs no rule: \(coloured)")
    }
}

/// ANSI SGR sequences as the renderer writes them.
enum SGR {
    static func strip(_ text: String) -> String {
        var result = ""
        var iterator = text.makeIterator()
        while let character = iterator.next() {
            if character == "\u{1B}" {
                while let next = iterator.next(), next != "m" {}
            } else {
                result.append(character)
            }
        }
        return result
    }

}

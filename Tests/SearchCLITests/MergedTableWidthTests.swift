import CardKind
import DomainKind
import ProductKind
import ResultKit
import ResultOutput
import SearchEngine
import TerminalTable
import TestSupport
import Testing

/// The merged table of the bundled samples as the width grows.
@Suite struct MergedTableWidthTests {
    /// More width never shows less: from 10 to 200 columns no cell of the
    /// bundled samples shows less text, and no column drawn disappears.
    @Test(arguments: ["queen", "pizza", "free", "a"])
    func moreWidthNeverShowsLess(query: String) throws {
        let hits = try bundledHits(of: [.card, .domain, .product], query: query)
        #expect(!hits.isEmpty)
        for border in [BorderStyle.plain, .rounded] {
            let shrink = firstShrinkingCell(over: 10...200) { width in
                TableOutput(options: RenderOptions(maxWidth: width, border: border)).visibleCells(hits)
            }
            #expect(shrink == nil, "\(query) \(border): \(shrink ?? "")")
        }
    }

    /// Prices, ratings and card ranks are shown whole or not at all, short
    /// values are never cut or split, and no cell is a bare `…`, at any width
    /// from 30 to 200.
    @Test(arguments: ["queen", "pizza", "free", "a", "car"])
    func valuesAreNeverCutIntoAnotherMeaning(query: String) throws {
        let hits = try bundledHits(of: [.card, .domain, .product], query: query)
        let full = TableOutput(options: RenderOptions(maxWidth: nil)).visibleCells(hits)
        let whole: Set<String> = ["PRICE", "RATING", "CARD"]
        for border in [BorderStyle.plain, .rounded] {
            let cut = firstCutValue(
                over: 30...200, full: full,
                isWhole: { row, column in
                    let columns = hits[row].kind.columns
                    return column >= 2 && column - 2 < columns.count && whole.contains(columns[column - 2].header)
                },
                visible: { width in
                    TableOutput(options: RenderOptions(maxWidth: width, border: border)).visibleCells(hits)
                })
            #expect(cut == nil, "\(query) \(border): \(cut ?? "")")
        }
    }
}

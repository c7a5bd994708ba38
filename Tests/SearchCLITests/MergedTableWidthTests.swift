import CardKind
import DomainKind
import ProductKind
import ResultKit
import ResultOutput
import TerminalTable
import TestSupport
import Testing

/// The merged table of the bundled samples as the width grows.
@Suite struct MergedTableWidthTests {
    /// More width never shows less: from 30 to 200 columns no cell of the
    /// bundled samples shows less text, and no column drawn disappears.
    @Test(arguments: ["queen", "pizza", "free", "a"])
    func moreWidthNeverShowsLess(query: String) throws {
        let hits = try bundledHits(of: [.card, .domain, .product], query: query)
        #expect(!hits.isEmpty)
        for border in [BorderStyle.plain, .rounded] {
            let shrink = firstShrinkingCell(over: 30...200) { width in
                TableOutput(options: RenderOptions(maxWidth: width, border: border)).visibleCells(hits)
            }
            #expect(shrink == nil, "\(query) \(border): \(shrink ?? "")")
        }
    }
}

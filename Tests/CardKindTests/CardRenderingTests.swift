import CardKind
import ResultKit
import TestSupport
import Testing

/// The card kind's rows as the table shows them, checked against golden files.
@Suite struct CardRenderingTests {
    @Test(arguments: [40, 60, 80, 120, 200])
    func theMergedTableAtEachWidth(width: Int) throws {
        assertSnapshot(try renderBundledSample(of: .card, query: "queen", width: width), named: "merged-\(width)")
    }

    @Test func theGroupedSection() throws {
        let text = try renderBundledSample(of: .card, query: "queen", width: 80, groupByKind: true)
        assertSnapshot(text, named: "grouped-80")
    }
}

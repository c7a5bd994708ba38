import DomainKind
import ResultKit
import TestSupport
import Testing

/// The domain kind's rows as the table shows them, checked against golden files.
@Suite struct DomainRenderingTests {
    @Test(arguments: [40, 60, 80, 120, 200])
    func theMergedTableAtEachWidth(width: Int) throws {
        assertSnapshot(try renderBundledSample(of: .domain, query: "pizza", width: width), named: "merged-\(width)")
    }

    @Test func theGroupedSection() throws {
        let text = try renderBundledSample(of: .domain, query: "pizza", width: 80, groupByKind: true)
        assertSnapshot(text, named: "grouped-80")
    }
}

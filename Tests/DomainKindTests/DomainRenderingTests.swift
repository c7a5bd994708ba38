import DomainKind
import ResultKit
import TerminalTable
import TestSupport
import Testing

/// The domain kind's rows as the table shows them, checked against golden files.
@Suite struct DomainRenderingTests {
    func table(query: String, width: Int, groupByKind: Bool = false) throws -> String {
        let registry = try KindRegistry([.domain])
        var session = SearchSession(
            registry: registry, query: try QueryParser().parse(query), options: SearchOptions(limit: 8))
        let sample = try #require(ResultKind.domain.sample)
        RecordReader(registry: registry).read(
            .bundled(sample, kind: "domain"),
            record: { session.consider($0) { _ in } },
            diagnose: { Issue.record("unexpected: \($0)") }
        )
        let output = TableOutput(options: RenderOptions(maxWidth: width), groupByKind: groupByKind)
        return output.render(session.finish().hits)
    }

    @Test(arguments: [40, 80, 120])
    func theMergedTableAtEachWidth(width: Int) throws {
        assertSnapshot(try table(query: "pizza", width: width), named: "merged-\(width)")
    }

    @Test func theGroupedSection() throws {
        assertSnapshot(try table(query: "pizza", width: 80, groupByKind: true), named: "grouped-80")
    }
}

public import ResultKit
import ResultOutput
import SearchEngine
import TerminalTable

/// Runs records through a search and every output format, checking each.
public enum SearchPipeline {
    /// Searches `records` for `query` and renders the hits as tables (merged
    /// and grouped, every border) and as JSON, checking every output.
    /// - Parameters:
    ///   - records: The records, in input order.
    ///   - query: The query; one that does not parse is skipped.
    ///   - width: The terminal width for the tables.
    ///   - registry: The kinds.
    public static func run(
        _ records: [Record], query text: String, width: Int, registry: KindRegistry = FuzzKinds.registry
    ) {
        guard let query = try? QueryParser().parse(text) else { return }
        var session = SearchSession(
            registry: registry, query: query, options: SearchOptions(limit: 12, fuzzy: width % 2 == 0))
        for record in records {
            // Diagnostics hold data; the CLI sanitises them when it prints them.
            session.consider(record) { _ in }
        }
        let result = session.finish()
        Invariant.require(result.hits.count <= 12, "more hits than the limit")
        for border in BorderStyle.allCases {
            for grouped in [false, true] {
                let table = TableOutput(options: RenderOptions(maxWidth: width, border: border), groupByKind: grouped)
                    .render(result.hits)
                OutputChecks.table(table, border: border, fitWidth: width >= 16 ? width : nil)
            }
        }
        OutputChecks.json(RecordOutput.json(result.hits, query: query.text, total: result.statistics.matched))
        for hit in result.hits { OutputChecks.json(RecordOutput.jsonLine(hit)) }
    }
}

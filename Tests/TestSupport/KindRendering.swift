public import ResultKit
import ResultOutput
public import SearchEngine
import TerminalTable

/// Searches a kind's bundled sample for `query` and renders the best rows as
/// the table shows them, for a kind's golden-file tests.
/// - Parameters:
///   - kind: The kind, alone in its registry.
///   - query: The query.
///   - width: The table's width.
///   - groupByKind: One titled section instead of the merged table.
/// - Returns: The rendered table; problems reading the sample are returned
///   as text too, so that a golden file shows them.
public func renderBundledSample(of kind: ResultKind, query: String, width: Int, groupByKind: Bool = false) throws
    -> String
{
    let registry = try KindRegistry([kind])
    var session = SearchSession(
        registry: registry, query: try QueryParser().parse(query), options: SearchOptions(limit: 8))
    var problems = ""
    if let sample = kind.sample {
        RecordReader(registry: registry).read(
            .bundled(sample, kind: kind.name),
            record: { session.consider($0) { problems += "\($0)\n" } },
            diagnose: { problems += "\($0)\n" }
        )
    }
    let output = TableOutput(options: RenderOptions(maxWidth: width), groupByKind: groupByKind)
    return problems + output.render(session.finish().hits)
}

/// The best hits for `query` among the bundled samples of `kinds`, searched
/// together as `search` searches them.
/// - Parameters:
///   - kinds: The kinds, in one registry; each one's sample is read.
///   - query: The query.
///   - limit: How many hits to keep.
/// - Returns: The hits, best first.
public func bundledHits(of kinds: [ResultKind], query: String, limit: Int = 20) throws -> [SearchHit] {
    let registry = try KindRegistry(kinds)
    var session = SearchSession(
        registry: registry, query: try QueryParser().parse(query), options: SearchOptions(limit: limit))
    let reader = RecordReader(registry: registry)
    for kind in kinds {
        guard let sample = kind.sample else { continue }
        reader.read(.bundled(sample, kind: kind.name), record: { session.consider($0) { _ in } }, diagnose: { _ in })
    }
    return session.finish().hits
}

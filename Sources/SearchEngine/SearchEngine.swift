public import ResultKit

/// The one way in to a search: give it the sources, the query and the
/// options; it reads each source on the route that suits it, scores every
/// record with one scorer, keeps the best in one top-K, and returns them.
///
/// The caller says only what to search. Which file is read in blocks on every
/// core, which lines are ruled out from their bytes, and how records of
/// unknown kinds are shown are the engine's decisions.
public enum SearchEngine {
    /// Searches `sources` for `query`.
    /// - Parameters:
    ///   - sources: Where records come from, in order: ties between equal
    ///     matches go to the earlier source.
    ///   - query: The parsed query.
    ///   - options: How many results, which kinds, what order, reading limits.
    ///   - registry: The kinds the search knows.
    ///   - diagnose: Called, in input order, with every problem of every
    ///     source: a source that cannot be read (`error`), a record lost to
    ///     bad input or rejected by its kind (`warning`).
    /// - Returns: The results, best first, and the counts that account for
    ///   every record read.
    /// - Throws: ``SearchError/unknownField(message:)`` when the query or the
    ///   sort names a field that no kind in play declares and no record of an
    ///   unknown kind had.
    public static func search(
        sources: [any SearchSource],
        query: Query,
        options: SearchOptions,
        registry: KindRegistry,
        diagnose: (Diagnostic) -> Void
    ) throws(SearchError) -> SearchResult {
        let reader = RecordReader(
            registry: registry,
            defaultKind: options.kinds.count == 1 ? options.kinds[0] : nil,
            maxLineBytes: options.maxLineBytes,
            maxDocumentBytes: options.maxDocumentBytes
        )
        let session = withoutActuallyEscaping(diagnose) { report in
            // One sink for every source: one scorer, one top-K.
            var sink = RecordSink(
                session: SearchSession(registry: registry, query: query, options: options),
                reader: reader,
                report: report
            )
            // One source per file, each file once.
            for (index, source) in RecordReader.files(of: sources, diagnose: report).enumerated() {
                sink.sourceIndex = index + 1
                source.search(into: &sink)
            }
            return sink.session
        }
        if let problem = FieldCheck.unknownFields(
            query: query, sort: options.sort, registry: registry, session: session,
            seenFields: session.fallbackFields)
        {
            throw .unknownField(message: problem)
        }
        var result = session.finish()
        // What the search still holds is freed with the result, once the
        // caller is done with it.
        result.searched = session
        return result
    }
}

/// Why a search could not give results.
public enum SearchError: Error, Sendable, CustomStringConvertible {
    /// The query or the sort names a field no kind in play has; the message,
    /// made safe to print, names it and lists the fields there are.
    case unknownField(message: String)

    public var description: String {
        switch self {
        case .unknownField(let message): message
        }
    }
}

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
    /// - Throws: ``SearchError/unknownKind(name:seen:)`` when a kind filter
    ///   names a kind that is neither registered nor given by a record;
    ///   ``SearchError/unknownField(message:)`` when the query or the sort
    ///   names a field that no kind in play declares and no record of an
    ///   unknown kind had. A column's header names the field the column
    ///   shows, when no kind declares a field of that name.
    ///   ``SearchError/unorderedField(message:)`` when a field they name is
    ///   an object or an array in the records.
    public static func search(
        sources: [any SearchSource],
        query: Query,
        options: SearchOptions,
        registry: KindRegistry,
        diagnose: (Diagnostic) -> Void
    ) throws(SearchError) -> SearchResult {
        var options = options
        var query = query
        (query, options.sort) = ColumnHeaders.resolve(query, sort: options.sort, registry: registry)
        let reader = RecordReader(
            registry: registry,
            defaultKind: options.kinds.count == 1 ? options.kinds[0] : nil,
            maxLineBytes: options.maxLineBytes,
            maxDocumentBytes: options.maxDocumentBytes
        )
        var session = withoutActuallyEscaping(diagnose) { report in
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
        // A kind named that neither the registry nor any record has.
        let named = options.kinds + query.kinds + query.excludedKinds
        if named.contains(where: { registry.kind(named: $0) == nil }) {
            let seen = Set(session.unknownKindNames.map { $0.lowercased() }).union(session.notedKindNames)
            if let unknown = named.first(where: { registry.kind(named: $0) == nil && !seen.contains($0.lowercased()) })
            {
                throw .unknownKind(name: unknown, seen: session.unknownKindNames.sorted())
            }
        }
        if let problem = FieldCheck.unknownFields(
            query: query, sort: options.sort, registry: registry, session: session,
            seenFields: session.fallbackFields.union(session.notedFields))
        {
            throw .unknownField(message: problem)
        }
        if let unordered = session.unorderedField {
            throw .unorderedField(message: FieldCheck.unorderedField(unordered, sort: options.sort))
        }
        var result = session.finish()
        // The result holds the hits; the keys that ranked them go now.
        session.releaseKeptHits()
        // What the search still holds is freed with the result, once the
        // caller is done with it.
        result.searched = session
        return result
    }
}

/// Why a search could not give results.
public enum SearchError: Error, Sendable, CustomStringConvertible {
    /// `--kind` or `kind:` names a kind that no module or spec registers and
    /// no record gave; `seen` lists the kinds records gave that none registers.
    case unknownKind(name: String, seen: [String])
    /// The query or the sort names a field no kind in play has; the message,
    /// made safe to print, names it and lists the fields there are.
    case unknownField(message: String)
    /// The query or the sort names a field that records hold as an object
    /// or an array, which no filter compares and no sort orders; the
    /// message, made safe to print, names the field, its type and its kind.
    case unorderedField(message: String)

    public var description: String {
        switch self {
        case .unknownKind(let name, _): "unknown kind '\(name)'"
        case .unknownField(let message): message
        case .unorderedField(let message): message
        }
    }
}

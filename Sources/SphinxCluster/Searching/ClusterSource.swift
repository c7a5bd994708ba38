import MySQLWire
import ResultKit
public import SearchEngine
import StreamingJSON
import TextMatching

/// A Sphinx or Manticore cluster searched as a source, as if its records
/// were a file: it finds the candidates that may rank in the page
/// (``CandidatePlan``, read by ``CandidateSearch`` until the page is
/// settled) and hands them to the sink, where the search's one scorer ranks
/// them with every other source's. The cluster never ranks the results.
///
/// Candidates are handed over in the order they were loaded, and each
/// keeps the file and line it was loaded from, so that equal matches rank,
/// and are shown, as they would be from the files they were loaded from.
public struct ClusterSource: SearchSource {
    let url: ClusterURL
    let timeouts: ClusterTimeouts
    /// Called once the cluster has answered the search (not when it cannot
    /// be reached or refuses it), with what the search took.
    package var onAnswer: (@Sendable (Report) -> Void)?

    /// What a search of the cluster took, for `--explain`, and which shards
    /// did not answer.
    package struct Report: Sendable {
        package var roundTrips: Int
        package var statements: Int
        package var rowsRead: Int
        package var candidates: Int
        /// The shards that did not answer, as the aggregator names them
        /// (`127.0.0.1:9312`); empty when every one did.
        package var failedShards: [String]
        /// Whether some shard did not answer, even if none could be named.
        package var isPartial: Bool
    }

    /// A source over the cluster at `url`.
    /// - Parameters:
    ///   - url: `sphinxql://HOST:PORT/INDEX`, the aggregator's SphinxQL listener.
    ///   - timeouts: How long to wait to connect and for each answer.
    /// - Throws: ``ClusterError`` when `url` is not a cluster URL.
    package init(url: String, timeouts: ClusterTimeouts) throws(ClusterError) {
        self.url = try ClusterURL(parsing: url)
        self.timeouts = timeouts
    }

    public var displayName: String { url.description }

    public func search(into sink: inout RecordSink) {
        let connection: MySQLConnection
        do throws(MySQLError) {
            connection = try MySQLConnection(
                host: url.host, port: url.port, connectTimeout: timeouts.connect, queryTimeout: timeouts.query)
        } catch {
            sink.diagnose(Diagnostic(.error, "cannot search \(url): \(error)"))
            return
        }
        defer { connection.close() }
        let query = sink.query
        let options = sink.options
        let registry = sink.registry
        if let failure = noteHeld(query: query, options: options, registry: registry, on: connection, sink: &sink) {
            sink.diagnose(Diagnostic(.error, "cannot search \(url): \(failure)"))
            return
        }
        let search = CandidateSearch(
            plan: CandidatePlan(
                query: query, options: options,
                kinds: Self.storedKinds(options.kinds + query.kinds, registry: registry),
                slots: Self.slots(registry: registry, options: options, query: query),
                fieldSlots: Self.fieldSlots(registry: registry),
                localFields: Set(registry.kinds.flatMap { $0.namedFields.map(\.name) }),
                excludedKinds: query.excludedKinds.map {
                    registry.kind(named: $0)?.name.lowercased() ?? $0.lowercased()
                }
            ),
            index: url.index, query: query, options: options, registry: registry, source: url.description)
        let outcome = search.run { () throws(MySQLError) -> MySQLConnection in
            try MySQLConnection(
                host: url.host, port: url.port, connectTimeout: timeouts.connect, queryTimeout: timeouts.query)
        }
        if let failure = outcome.failure {
            sink.diagnose(Diagnostic(.error, "cannot search \(url): \(Self.layoutHint(failure))"))
            return
        }
        var failedShards: [String] = []
        if let warning = outcome.partial {
            failedShards = Self.agents(in: warning)
            Self.reportShards(warning: warning, shards: shardCount(on: connection), url: url, sink: &sink)
        }
        onAnswer?(
            Report(
                roundTrips: outcome.roundTrips, statements: outcome.statements, rowsRead: outcome.rowsRead,
                candidates: outcome.records.count, failedShards: failedShards, isPartial: outcome.partial != nil))
        for record in outcome.records {
            sink.consider(record)
        }
        // The matches kept back still count, as a file's would.
        sink.noteHeld(
            matches: max(0, outcome.matched - outcome.records.count), atLeast: !outcome.readEverything)
    }

    /// Tells the sink which fields the query and `--sort` name, and which
    /// kinds it keeps, the cluster holds records of: a filter on a field only
    /// records that do not match have is no mistake, as over a file. `nil`,
    /// or why the cluster could not be asked.
    private func noteHeld(
        query: Query, options: SearchOptions, registry: KindRegistry, on connection: MySQLConnection,
        sink: inout RecordSink
    ) -> String? {
        // Only fields no kind declares can be unknown.
        var declared: Set<String> = ["kind", "name"]
        for kind in registry.kinds { declared.formUnion(kind.fields + kind.searchFields.map(\.name)) }
        let fields = Array(Set(query.referencedFields + (options.sort.map { [$0.field] } ?? [])))
            .filter { !declared.contains($0) }.sorted()
        let kinds = (options.kinds + query.kinds).filter { registry.kind(named: $0) == nil }
        guard !fields.isEmpty || !kinds.isEmpty else { return nil }
        var statements: [String] = []
        for field in fields {
            statements.append(
                "SELECT id FROM \(url.index) WHERE attrs.\(ClusterLayout.presenceKey(field)) IS NOT NULL LIMIT 1 "
                    + "OPTION max_matches=1")
        }
        for kind in kinds {
            statements.append(
                "SELECT id FROM \(url.index) WHERE kind_name = '\(SphinxQLText.sqlString(kind.lowercased()))' "
                    + "LIMIT 1 OPTION max_matches=1")
        }
        let replies: [MySQLReply]
        do throws(MySQLError) {
            replies = try connection.query(
                statements.joined(separator: "; "),
                limits: MySQLConnection.ReplyLimits(maxBytes: 1 << 20, maxRows: statements.count))
        } catch {
            return "\(error)"
        }
        var held: [Bool] = []
        for reply in replies {
            switch reply {
            case .rows(_, let rows, _): held.append(!rows.isEmpty)
            case .failed(let error): return Self.refusal(error)
            case .ok: held.append(false)
            }
        }
        let heldFields = zip(fields, held).filter(\.1).map(\.0)
        let heldKinds = zip(kinds, held.dropFirst(fields.count)).filter(\.1).map(\.0)
        sink.noteHeld(fields: heldFields, kinds: heldKinds)
        return nil
    }

    /// The kind names to keep, as stored (lower case), when every one named
    /// can be; else none (every kind is a candidate, and the search keeps
    /// the ones named).
    static func storedKinds(_ named: [String], registry: KindRegistry) -> [String] {
        let stored = named.map { registry.kind(named: $0)?.name.lowercased() ?? $0.lowercased() }
        // Records that name no kind are stored without one and shown as `unknown`.
        return stored.contains("unknown") ? [] : stored
    }

    /// How many search fields the kinds in play have: records are ranked by
    /// the kinds this search knows (an unknown kind's by its name and other fields).
    static func slots(registry: KindRegistry, options: SearchOptions, query: Query) -> Int {
        let named = Set((options.kinds + query.kinds).compactMap { registry.kind(named: $0)?.name })
        let kinds = registry.kinds.filter { named.isEmpty || named.contains($0.name) }
        return min(ClusterLayout.slotCount, kinds.map(\.searchFields.count).reduce(2, max))
    }

    /// For each search field's name, the slots it is loaded into for some
    /// kind (an unknown kind's too), as ``RowEncoder`` orders them.
    static func fieldSlots(registry: KindRegistry) -> [String: Set<Int>] {
        var slots: [String: Set<Int>] = [:]
        for kind in registry.kinds + [ResultKind.fallback(named: "unknown")] {
            for (index, field) in ClusterLayout.orderedFields(of: kind).enumerated() {
                slots[field.name, default: []].insert(min(index, ClusterLayout.slotCount - 1))
            }
        }
        return slots
    }

    /// How many shards the aggregator has: `DESCRIBE` lists its agents, and
    /// runs only alone.
    private func shardCount(on connection: MySQLConnection) -> Int? {
        guard let reply = try? connection.query("DESCRIBE \(url.index)").first,
            case .rows(_, let rows, _) = reply
        else { return nil }
        return rows.filter { ($0.last ?? nil)?.hasPrefix("remote") == true }.count
    }

    /// The agents a `SHOW META` warning names (`agent 127.0.0.1:9312: …`), each once.
    static func agents(in warning: String) -> [String] {
        var found: [String] = []
        var rest = Substring(warning)
        while let range = rest.firstRange(of: "agent ") {
            rest = rest[range.upperBound...]
            let host = rest.prefix { $0 != ":" && $0 != " " }
            let afterHost = rest.dropFirst(host.count)
            guard afterHost.first == ":" else { continue }
            let port = afterHost.dropFirst().prefix(while: \.isNumber)
            guard !host.isEmpty, !port.isEmpty else { continue }
            let name = "\(host):\(port)"
            if !found.contains(name) { found.append(name) }
        }
        return found
    }

    /// Says how many shards did not answer, from `SHOW META`'s warning,
    /// which names each agent that failed.
    private static func reportShards(warning: String, shards: Int?, url: ClusterURL, sink: inout RecordSink) {
        let down = max(1, agents(in: warning).count)
        let counted = shards.map { "\(down) of \($0) shards did not answer" } ?? "a shard did not answer"
        sink.diagnose(
            Diagnostic(
                .warning, "\(url): partial results: \(counted)" + (warning.isEmpty ? "" : " (\(quoted(warning)))"),
                skipsRecord: false, group: "partial results"))
    }

    /// A failure, with how to mend an index of an older layout.
    private static func layoutHint(_ failure: String) -> String {
        guard failure.contains("unknown column") || failure.contains("no such field") else { return failure }
        return failure
            + "; the index has another layout than this search loads: start the cluster again with "
            + "`scripts/cluster.sh start DIR --fresh` and push the records again"
    }

    /// A server's message, quoted; the output gate makes it safe to print.
    /// Why the cluster refused a search, as the user reads it: a cluster
    /// whose index lacks a field this layout reads was loaded by another
    /// version of `search` (its typo tokens, say, are spelled otherwise),
    /// and answering from it would miss records.
    static func refusal(_ error: MySQLError) -> String {
        let text: String
        if case .server(_, _, let message) = error { text = message } else { text = error.description }
        if text.contains("no field '"),
            let field = ClusterLayout.fullTextFields.first(where: { text.contains("'\($0)'") })
        {
            return "the cluster was loaded by another version of search: its index has no field '\(field)', which "
                + "this one reads; start it again with `scripts/cluster.sh start DIR --fresh` and push the records again"
        }
        return "the cluster refused the search: \(quoted(error))"
    }

    static func quoted(_ error: MySQLError) -> String {
        if case .server(let code, _, let message) = error { return "\(quoted(message)) (error \(code))" }
        return quoted(error.description)
    }

    static func quoted(_ text: String) -> String {
        "'" + String(text.prefix(500)) + "'"
    }
}

/// How long a cluster source waits.
package struct ClusterTimeouts: Sendable {
    /// Seconds to connect and be greeted.
    package var connect: Double
    /// Seconds for each answer.
    package var query: Double

    package init(connect: Double = 1, query: Double = 5) {
        self.connect = connect
        self.query = query
    }
}

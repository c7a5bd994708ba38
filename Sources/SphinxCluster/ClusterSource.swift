import MySQLWire
public import ResultKit
public import SearchEngine

/// A Sphinx or Manticore cluster searched as a source: it finds the query's
/// candidates with one SphinxQL statement per match tier, all in one round
/// trip, and hands the records to the sink, where our scorer ranks them
/// with every other source's. The cluster never ranks the results.
///
/// Candidates are handed over in the order they were loaded, so that equal
/// matches rank as they would in the files they were loaded from.
public struct ClusterSource: SearchSource {
    let url: ClusterURL
    let query: Query
    let options: SearchOptions
    let timeouts: ClusterTimeouts

    /// A source for `query` over the cluster at `url`.
    /// - Parameters:
    ///   - url: `sphinxql://HOST:PORT/INDEX`, the aggregator's SphinxQL listener.
    ///   - query: The query, whose words choose the candidates.
    ///   - options: The search's options: how many results, and which kinds.
    ///   - timeouts: How long to wait to connect and for the answer.
    /// - Throws: ``ClusterError`` when `url` is not a cluster URL.
    package init(url: String, query: Query, options: SearchOptions, timeouts: ClusterTimeouts) throws(ClusterError) {
        self.url = try ClusterURL(parsing: url)
        self.query = query
        self.options = options
        self.timeouts = timeouts
    }

    public var displayName: String { url.description }

    /// How many candidates each tier's statement fetches: a few times what
    /// the search keeps, so that our ranking chooses among more than the
    /// cluster's first few.
    var fetchCount: Int {
        let kept = options.keptCount
        let (wanted, overflow) = kept.multipliedReportingOverflow(by: 4)
        return overflow ? Int(Int32.max) : min(Int(Int32.max), max(wanted, 200))
    }

    /// The SphinxQL of the search: one statement per tier, then `SHOW META`.
    var statements: [String] {
        let tiers = TierQuery(query)
        let kinds = pushedKinds
        let limit = fetchCount
        let options =
            " OPTION ranker=proximity, field_weights=("
            + ClusterSchema.fieldNames.enumerated().map { "\($1)=\(max(1, 100 - 12 * $0))" }.joined(separator: ",")
            + "), max_matches=\(max(1000, limit))"
        var filters: [String] = []
        if !kinds.isEmpty {
            filters.append(
                "kind_name IN (" + kinds.map { "'\(SphinxQLText.sqlString($0))'" }.joined(separator: ",") + ")")
        }
        let from = "SELECT \(ClusterSchema.selected) FROM \(url.index)"
        if tiers.isEmpty {
            let condition = filters.isEmpty ? "" : " WHERE " + filters.joined(separator: " AND ")
            return [from + condition + " ORDER BY seq ASC LIMIT 0,\(limit)" + options, "SHOW META"]
        }
        return tiers.expressions.map { expression in
            let match = "MATCH('\(SphinxQLText.sqlString(expression))')"
            return from + " WHERE " + ([match] + filters).joined(separator: " AND ")
                + " ORDER BY WEIGHT() DESC, seq ASC LIMIT 0,\(limit)" + options
        } + ["SHOW META"]
    }

    /// The kinds named by `--kind` and `kind:`, as stored, when every one of
    /// them is a kind the cluster stores by that name; else none (the
    /// filter is then applied to the candidates only).
    var pushedKinds: [String] {
        let named = options.kinds + query.kinds
        return named.map { $0.lowercased() }
    }

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
        let replies: [MySQLReply]
        do throws(MySQLError) {
            replies = try connection.query(statements.joined(separator: "; "))
        } catch {
            sink.diagnose(Diagnostic(.error, "cannot search \(url): \(error)"))
            return
        }
        var candidates: [(seq: Int, kind: String?, record: String)] = []
        var seen: Set<String> = []
        var warned = false
        for reply in replies {
            switch reply {
            case .failed(let error):
                sink.diagnose(Diagnostic(.error, "\(url) refused the search: \(Self.quoted(error))"))
                return
            case .ok:
                continue
            case .rows(let columns, let rows, let warnings):
                if columns.first == "Variable_name" || columns.first == "Counter" {
                    if warned { Self.reportShards(rows, url: url, sink: &sink) }
                    continue
                }
                if warnings > 0 { warned = true }
                for row in rows where row.count == 4 {
                    guard let id = row[0], let record = row[3], seen.insert(id).inserted else { continue }
                    candidates.append((Int(row[1] ?? "") ?? 0, row[2], record))
                }
            }
        }
        candidates.sort { $0.seq < $1.seq }
        let file = url.description
        for candidate in candidates {
            var bytes = Array(candidate.record.utf8)
            bytes.withUnsafeMutableBytes { buffer in
                sink.consider(
                    ndjson: UnsafeRawBufferPointer(buffer), number: candidate.seq, file: file,
                    hint: candidate.kind.flatMap { $0.isEmpty ? nil : $0 })
            }
        }
    }

    /// Says which shards did not answer, from `SHOW META`'s warning.
    private static func reportShards(_ rows: [[String?]], url: ClusterURL, sink: inout RecordSink) {
        let warning = rows.first { $0.first == "warning" }?.last.flatMap { $0 } ?? "a shard did not answer"
        let failed = Set(
            warning.split(separator: " ").filter { $0.hasPrefix("index") == false && $0.contains(":") }.map {
                String($0)
            })
        let down = max(1, failed.count)
        let total = rows.first { $0.first == "agents" }?.last.flatMap { $0 }.flatMap { Int($0) }
        let counted = total.map { "\(down) of \($0) shards did not answer" } ?? "a shard did not answer"
        sink.diagnose(
            Diagnostic(
                .warning, "\(url): partial results: \(counted) (\(quoted(warning)))", skipsRecord: false,
                group: "partial results"))
    }

    /// A server's message, quoted; the output gate makes it safe to print.
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
    /// Seconds for the whole answer to a search.
    package var query: Double

    package init(connect: Double = 1, query: Double = 5) {
        self.connect = connect
        self.query = query
    }
}

import MySQLWire
import ResultKit
import SearchEngine
import StreamingJSON
import TextMatching

/// Reads a ``CandidatePlan``'s streams from the cluster, page by page, and
/// ranks every candidate with the search's own scorer (a private
/// ``SearchSession``), until the page is settled: `offset + limit` results
/// are certain to come before every record any stream still holds back
/// (``SearchHit/comesBefore(_:sort:)``), or every stream is read. Nothing
/// depends on how many rows a page holds.
///
/// Each round trip reads the next page of every stream that still blocks
/// the page and is among the best placed ones; pages grow as a stream is
/// read further. No statement asks a shard for more than
/// ``ClusterLayout/maxPageRows`` rows.
struct CandidateSearch {
    /// What a search of the cluster gave.
    struct Outcome {
        /// The records that may be in the page, best first as ranked here
        /// (the search ranks them again, with every other source's).
        var records: [Record] = []
        /// Why the search failed, when it did.
        var failure: String?
        /// The warning of a shard that did not answer, as `SHOW META` gave it.
        var partial: String?
        var roundTrips = 0
        var statements = 0
        var rowsRead = 0
        /// How many candidates matched, handed over or not.
        var matched = 0
        /// Whether every stream was read to its end: then `matched` is
        /// every match, else more may match.
        var readEverything = false
    }

    /// The most results past which a cluster's page is refused.
    static let maxKept = 100_000

    let plan: CandidatePlan
    let index: String
    let query: Query
    let options: SearchOptions
    let registry: KindRegistry
    /// The location each record is shown with, from where it was loaded.
    let source: String

    private struct State {
        var stream: CandidateStream
        var bound: KeyBound
        var last: [Int64]?
        var done = false
        var pageRows: Int
        var rowsRead = 0
        /// The bytes of the rows read, which size the next page.
        var bytesRead = 0
    }

    /// Runs the search over connections that `connect` opens: one, and
    /// another after an answer too large to read whole (which leaves the
    /// last unusable).
    func run(connect: () throws(MySQLError) -> MySQLConnection) -> Outcome {
        var connection: MySQLConnection
        do throws(MySQLError) {
            connection = try connect()
        } catch {
            return Outcome(failure: "\(error)")
        }
        defer { connection.close() }
        var outcome = Outcome()
        let wanted = options.keptCount
        let kept = min(wanted, Self.maxKept + 1)
        var sessionOptions = options
        sessionOptions.offset = 0
        sessionOptions.limit = kept
        sessionOptions.keepsRecords = true
        var session = SearchSession(registry: registry, query: query, options: sessionOptions)
        var seen: Set<UInt64> = []
        let firstPage = min(max(kept + 1, 50), 1000)
        var states = plan.streams.map { State(stream: $0, bound: $0.initialBound, pageRows: firstPage) }
        var standInsRead = false

        while true {
            if wanted > Self.maxKept && session.statistics.matched > Self.maxKept {
                outcome.failure =
                    "more than \(Self.maxKept) results match; a cluster gives at most \(Self.maxKept) past "
                    + "--offset: narrow the query or ask for fewer"
                return outcome
            }
            let hits = session.finish().hits
            let settledBound: (KeyBound) -> Bool = { bound in
                hits.count >= kept && hits[kept - 1].comesBefore(bound, sort: options.sort)
            }
            var blocking = states.indices.filter { !states[$0].done && !settledBound(states[$0].bound) }
            if blocking.isEmpty {
                // Nothing matched: the fuzzy stand-ins a file gives.
                if !standInsRead, session.statistics.matched == 0, !plan.standIns.isEmpty {
                    standInsRead = true
                    states += plan.standIns.map { State(stream: $0, bound: $0.initialBound, pageRows: firstPage) }
                    continue
                }
                outcome.records = hits.map(\.record)
                outcome.matched = session.statistics.matched
                outcome.readEverything = states.allSatisfy(\.done)
                return outcome
            }
            // The best placed of the blocking streams: those of the first stage.
            let first = blocking.map { priority(states[$0]) }.min() ?? 0
            blocking = Array(blocking.filter { priority(states[$0]) == first }.prefix(Self.maxStatements))
            var sql: [String] = []
            for index in blocking {
                sql.append(statement(states[index]))
                sql.append("SHOW META")
            }
            // `SHOW META` gives three rows for each keyword of a statement.
            let rowLimit = blocking.reduce(0) { $0 + states[$1].pageRows } + blocking.count * 4096
            let replies: [MySQLReply]
            do throws(MySQLError) {
                replies = try connection.query(
                    sql.joined(separator: "; "),
                    limits: MySQLConnection.ReplyLimits(maxBytes: Self.maxReplyBytes, maxRows: rowLimit))
            } catch .tooLarge where blocking.contains(where: { states[$0].pageRows > 1 }) {
                // Records too large for one answer: smaller pages, on a new connection.
                for index in blocking { states[index].pageRows = max(1, states[index].pageRows / 4) }
                outcome.roundTrips += 1
                do throws(MySQLError) {
                    connection = try connect()
                } catch {
                    outcome.failure = "\(error)"
                    return outcome
                }
                continue
            } catch {
                outcome.failure = "\(error)"
                return outcome
            }
            outcome.roundTrips += 1
            outcome.statements += blocking.count
            var replyIndex = 0
            for index in blocking {
                guard replyIndex < replies.count else {
                    outcome.failure = "the cluster gave fewer answers than it was asked for"
                    return outcome
                }
                let reply = replies[replyIndex]
                let meta = replyIndex + 1 < replies.count ? replies[replyIndex + 1] : nil
                replyIndex += 2
                switch reply {
                case .failed(let error):
                    outcome.failure = ClusterSource.refusal(error)
                    return outcome
                case .ok:
                    outcome.failure = "the cluster answered a search with no rows"
                    return outcome
                case .rows(let columns, let rows, let warnings):
                    if warnings > 0 || meta.flatMap(Self.warning(in:)) != nil {
                        outcome.partial = meta.flatMap(Self.warning(in:)) ?? outcome.partial ?? ""
                    }
                    let orderStart = ClusterLayout.selected.count
                    // An empty answer may name no columns but the id.
                    guard rows.isEmpty || columns.count >= orderStart + states[index].stream.order.count else {
                        outcome.failure = "the cluster's answer lacks the columns it was asked for"
                        return outcome
                    }
                    for row in rows {
                        guard let idText = row[0], let id = UInt64(idText), let recordText = row[5],
                            let seq = row[1].flatMap({ Int($0) })
                        else { continue }
                        let values = (orderStart..<(orderStart + states[index].stream.order.count)).map {
                            Int64(row[$0] ?? "") ?? 0
                        }
                        states[index].last = values
                        states[index].bytesRead += row.reduce(0) { $0 + ($1?.utf8.count ?? 0) + 1 }
                        states[index].bound = states[index].stream.bound(values)
                        guard seen.insert(id).inserted else { continue }
                        let location = SourceLocation(
                            file: row[3].flatMap { $0.isEmpty ? nil : $0 } ?? source, line: Int(row[2] ?? "") ?? 0)
                        consider(recordText, seq: seq, kind: row[4], location: location, into: &session)
                    }
                    outcome.rowsRead += rows.count
                    states[index].rowsRead += rows.count
                    if rows.count < states[index].pageRows {
                        states[index].done = true
                    } else {
                        // Pages grow fourfold, up to the rows that fill
                        // `maxPageBytes` at the bytes a row has taken so far.
                        let rowBytes = max(1, states[index].bytesRead / max(1, states[index].rowsRead))
                        states[index].pageRows = max(
                            1, min(states[index].pageRows * 4, ClusterLayout.maxPageRows, Self.maxPageBytes / rowBytes))
                    }
                }
            }
        }
    }

    /// The largest answer of one round trip.
    static let maxReplyBytes = 8 << 20

    /// The bytes a stream's page grows to: half an answer, and half of
    /// what `searchd` takes from one shard by default (its
    /// `max_packet_size`), so that a shard holding the whole page answers.
    static let maxPageBytes = 4 << 20

    /// The most statements of one round trip: an aggregator sends them to
    /// each shard as one batch, and `searchd` takes at most 32.
    static let maxStatements = 32

    /// The order in which blocking streams are read: by their stage, and a
    /// ranking stream by the band its bound has reached.
    private func priority(_ state: State) -> Int {
        if state.last != nil, state.bound.sort == nil, let band = state.bound.rank.strength?.band,
            state.stream.stage >= 0 && state.stream.stage < 100
        {
            return band
        }
        return state.stream.stage
    }

    /// The SphinxQL of the next page of `state`'s stream.
    private func statement(_ state: State) -> String {
        let stream = state.stream
        var select = ClusterLayout.selected
        for (index, key) in stream.order.enumerated() { select.append("\(key.expression) AS o\(index)") }
        var conditions = stream.conditions
        if let match = stream.match { conditions.insert("MATCH('\(SphinxQLText.sqlString(match))')", at: 0) }
        if let last = state.last {
            let after = stream.after(last)
            if after.isFilter {
                conditions.append(after.condition)
            } else {
                select.append("(\(after.condition)) AS after")
                conditions.append("after = 1")
            }
        }
        let order = stream.order.indices.map { "o\($0) \(stream.order[$0].descending ? "DESC" : "ASC")" }
        return "SELECT " + select.joined(separator: ", ") + " FROM \(index)"
            + (conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND "))
            + " ORDER BY " + order.joined(separator: ", ") + " LIMIT 0,\(state.pageRows)"
            + " OPTION ranker=none, max_matches=\(state.pageRows)"
    }

    /// Scores one candidate with the search's scorer, in its load order.
    private func consider(
        _ text: String, seq: Int, kind: String?, location: SourceLocation, into session: inout SearchSession
    ) {
        guard case .object(let object)? = try? JSONParser().parse(text) else { return }
        let hint = kind.flatMap { $0.isEmpty ? nil : $0 }
        session.consider(Record(object: object, location: location, kindHint: hint), order: seq) { _ in }
    }

    /// The warning `SHOW META` gives, if any: a shard that did not answer.
    private static func warning(in reply: MySQLReply) -> String? {
        guard case .rows(let columns, let rows, _) = reply, columns.first == "Variable_name" else { return nil }
        return rows.first { $0.first == "warning" }?.last ?? nil
    }
}

import MySQLWire
import ResultKit
public import SearchEngine
import StreamingJSON
import TextMatching

/// A Sphinx or Manticore cluster searched as a source: it finds the query's
/// candidates with a few SphinxQL statements, one per kind of match (over
/// all full-text fields for one word, per field for more), all in one round
/// trip, and hands the records to the sink, where our scorer ranks them with
/// every other source's. The cluster never ranks the results.
///
/// Candidates are handed over in the order they were loaded, so that equal
/// matches rank as they would in the files they were loaded from.
public struct ClusterSource: SearchSource {
    let url: ClusterURL
    let query: Query
    let options: SearchOptions
    let timeouts: ClusterTimeouts
    /// Called once the cluster has answered the search (not when it cannot
    /// be reached or refuses it): what it can and cannot find is worth
    /// saying only then.
    package var onAnswer: (@Sendable () -> Void)?

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

    /// How many candidates each statement fetches: twice what the search
    /// keeps and some, so that our ranking chooses among more than the
    /// cluster's first few of each strength and field.
    var fetchCount: Int {
        let (twice, overflow) = options.keptCount.multipliedReportingOverflow(by: 2)
        return overflow || twice >= Int(Int32.max) - 20 ? Int(Int32.max) : twice + 20
    }

    /// The SphinxQL of the search: one statement per kind of match
    /// (``TierQuery``), and one more for whole words past a field's start,
    /// ordered as our ranking orders them. For one word, these run over all
    /// full-text fields in use, each record ranked by its best field
    /// (``AcrossFields``); for more, they run for each field (an exact
    /// field, then a match at its start, then a shorter field, then load
    /// order), and once per strength over all fields. With `--sort`, one more
    /// ordered by the sort field; then `SHOW META`. Numeric filters are
    /// pushed into each (see ``Pushdown``).
    /// - Parameters:
    ///   - kinds: The kinds to keep, as stored (lower case); empty for all.
    ///   - fieldsInUse: How many full-text fields the kinds fill.
    ///   - searchFields: The names of every kind's search fields and declared fields, which are not pushed.
    func statements(kinds: [String], fieldsInUse: Int, searchFields: Set<String>) -> [String] {
        let tiers = TierQuery(query)
        let pushdown = Pushdown(query: query, sort: options.sort, searchFields: searchFields)
        let limit = fetchCount
        // No more than the statement returns: a distributed index asks each
        // shard for `max_matches` rows, so the default 1,000 would move 1,000
        // records per shard and statement to return 60.
        let maxMatches = "max_matches=\(limit)"
        var filters = pushdown.conditions
        if !kinds.isEmpty {
            filters.append(
                "kind_name IN (" + kinds.map { "'\(SphinxQLText.sqlString($0))'" }.joined(separator: ",") + ")")
        }
        let from =
            "SELECT " + ([ClusterSchema.selected] + pushdown.selected).joined(separator: ", ") + " FROM \(url.index)"
        var selects: [String] = []
        func add(
            _ match: String?, order: String, weights: [String] = [], ranker: String? = nil, extra: [String] = []
        ) {
            let match = match.map { ["MATCH('\(SphinxQLText.sqlString($0))')"] } ?? []
            let conditions = match + filters + extra
            let ranker =
                ranker
                ?? (weights.isEmpty
                    ? "ranker=none"
                    : TierQuery.ranker + ", field_weights=(" + weights.map { "\($0)=1" }.joined(separator: ",") + ")")
            selects.append(
                from + (conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND "))
                    + " ORDER BY \(order) LIMIT 0,\(limit) OPTION \(ranker), \(maxMatches)")
        }
        let allFields = "(" + ClusterSchema.fieldNames.joined(separator: ",") + ")"
        let slots = min(fieldsInUse, ClusterSchema.fieldCount)
        if tiers.isEmpty {
            add(nil, order: "seq ASC")
        } else if tiers.isOneWord {
            // One word: one statement per kind of match over every field,
            // each record ranked by its best field (``AcrossFields``).
            let fields = "(" + ClusterSchema.fieldNames.prefix(slots).joined(separator: ",") + ")"
            for (index, expression) in tiers.expressions(in: fields).enumerated() {
                let order = "WEIGHT() DESC, seq ASC"
                if TierQuery.ranksStartFirst(index) {
                    add(expression, order: order, ranker: AcrossFields.ranker(.startFirst, slots: slots))
                } else {
                    add(expression, order: order, ranker: AcrossFields.ranker(.substring, slots: slots))
                }
                // Whole words past the start: a field whose words start with
                // the word in other ways can fill the first statement, and
                // our matcher may rank those lower.
                if index == 0 {
                    add(expression, order: order, ranker: AcrossFields.ranker(.pastStartFirst, slots: slots))
                }
            }
        } else {
            for slot in 0..<slots {
                for (index, expression) in tiers.expressions(in: "f\(slot)").enumerated() {
                    if TierQuery.ranksStartFirst(index) {
                        add(expression, order: "WEIGHT() DESC, len\(slot) ASC, seq ASC", weights: ["f\(slot)"])
                    } else {
                        add(expression, order: "len\(slot) ASC, seq ASC")
                    }
                    // Whole words past the start: a field whose words
                    // start with the query in other ways can fill the first
                    // statement, and our matcher may rank those lower.
                    if index == 0 {
                        add(expression, order: "WEIGHT() ASC, len\(slot) ASC, seq ASC", weights: ["f\(slot)"])
                    }
                }
            }
            // Words matched in different fields rank by the longest of them,
            // usually the name: the strongest field's length stands for it.
            if tiers.hasSeveralTerms {
                for (index, expression) in tiers.expressions(in: allFields).enumerated() {
                    if TierQuery.ranksStartFirst(index) {
                        add(expression, order: "WEIGHT() DESC, len0 ASC, seq ASC", weights: ClusterSchema.fieldNames)
                    } else {
                        add(expression, order: "len0 ASC, seq ASC")
                    }
                }
            }
        }
        if let order = pushdown.sortOrder, let present = pushdown.sortCondition {
            add(tiers.isEmpty ? nil : tiers.expressions(in: allFields).last, order: order, extra: [present])
        }
        return selects + ["SHOW META"]
    }

    /// The kinds named by `--kind` and `kind:`, as stored, when every one of
    /// them is registered; else none (the filter then applies to the
    /// candidates only).
    func pushedKinds(registry: KindRegistry) -> [String] {
        let named = options.kinds + query.kinds
        let known = named.compactMap { registry.kind(named: $0)?.name.lowercased() }
        return known.count == named.count ? known : []
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
        let registry = sink.registry
        // A field a kind declares (a spec column's header for `/author/born`)
        // is no record attribute the cluster stores: like a search field,
        // it is not pushed, and the local scorer filters and sorts by it.
        let searchFields = Set(
            registry.kinds.flatMap { $0.searchFields.map(\.name) + $0.namedFields.map(\.name) } + ["name", "fields"])
        do throws(MySQLError) {
            let fieldsInUse = registry.kinds.map(\.searchFields.count).reduce(2, max)
            replies = try connection.query(
                statements(kinds: pushedKinds(registry: registry), fieldsInUse: fieldsInUse, searchFields: searchFields)
                    .joined(separator: "; "))
        } catch {
            sink.diagnose(Diagnostic(.error, "cannot search \(url): \(error)"))
            return
        }
        var candidates: [(seq: Int, kind: String?, record: String)] = []
        var seen: Set<String> = []
        var warning: String?
        for reply in replies {
            switch reply {
            case .failed(let error):
                sink.diagnose(Diagnostic(.error, "\(url) refused the search: \(Self.quoted(error))"))
                return
            case .ok:
                continue
            case .rows(let columns, let rows, let warnings):
                if columns.first == "Variable_name" {
                    if let text = rows.first(where: { $0.first == "warning" })?.last { warning = text }
                    continue
                }
                if warnings > 0 && warning == nil { warning = "" }
                for row in rows where row.count >= 4 {
                    guard let id = row[0], let record = row[3], seen.insert(id).inserted else { continue }
                    candidates.append((Int(row[1] ?? "") ?? 0, row[2], record))
                }
            }
        }
        onAnswer?()
        if let warning {
            // How many shards there are: `DESCRIBE` lists the agents, and
            // runs only alone.
            let agents = try? connection.query("DESCRIBE \(url.index)").first.flatMap { reply -> Int? in
                guard case .rows(_, let rows, _) = reply else { return nil }
                return rows.filter { ($0.last ?? nil)?.hasPrefix("remote") == true }.count
            }
            Self.reportShards(warning: warning, shards: agents ?? nil, url: url, sink: &sink)
        }
        candidates.sort { $0.seq < $1.seq }
        if let sort = options.sort,
            Pushdown(query: query, sort: sort, searchFields: searchFields).sortOrder == nil
                || candidates.contains(where: { Self.holdsText(sort.field, in: $0.record) })
        {
            sink.diagnose(
                Diagnostic(
                    .warning,
                    "\(url): --sort \(sort.field): a cluster orders only numeric fields that are not search fields; "
                        + "the results are sorted among the \(candidates.count) candidates it returned",
                    skipsRecord: false, group: "cluster sort"))
        }
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

    /// Says how many shards did not answer, from `SHOW META`'s warning,
    /// which names each agent that failed.
    private static func reportShards(warning: String, shards: Int?, url: ClusterURL, sink: inout RecordSink) {
        let down = max(1, warning.split(separator: "agent ", omittingEmptySubsequences: false).count - 1)
        let counted = shards.map { "\(down) of \($0) shards did not answer" } ?? "a shard did not answer"
        sink.diagnose(
            Diagnostic(
                .warning, "\(url): partial results: \(counted)" + (warning.isEmpty ? "" : " (\(quoted(warning)))"),
                skipsRecord: false, group: "partial results"))
    }

    /// Whether `field` holds text that is not a number in the record's JSON.
    private static func holdsText(_ field: String, in record: String) -> Bool {
        guard case .object(let object)? = try? JSONParser().parse(record),
            case .string(let text)? = object[field]
        else { return false }
        return Double(text.filter { $0 != " " && $0 != "\t" }) == nil
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

/// The ranker of a one-word search over several fields: each record ranks by
/// its best field, as our ranking does, and the statement returns the best
/// records whatever field they match in. Per field it packs, strongest
/// first: whether the field is strong (weight 25 or more, as
/// `MatchStrength` has it; only where the word matches whole words or word
/// starts), where the match is (the field equals the word, or starts with
/// it: as ``TierQuery/ranker``), the field's weight, and its shortness.
/// The fields' weights and lengths are attributes (`wt0`…, `len0`…), picked
/// by the field's `user_weight`, which is its slot + 1.
enum AcrossFields {
    enum Order {
        /// A field that equals the word first, then one that starts with it, then the rest.
        case startFirst
        /// A match past the field's start first.
        case pastStartFirst
        /// A substring ranks the same wherever it is: by weight and shortness only.
        case substring
    }

    static func ranker(_ order: Order, slots: Int) -> String {
        func pick(_ attribute: String) -> String {
            var expression = "\(attribute)\(slots - 1)"
            for slot in (0..<(slots - 1)).reversed() {
                expression = "if(user_weight==\(slot + 1),\(attribute)\(slot),\(expression))"
            }
            return expression
        }
        let weight = pick("wt")
        let shortness = "(65535-min(\(pick("len")),65535))"
        let position = "(exact_hit*2+(min_hit_pos==1))"
        let strong = "(\(weight)>=\(MatchStrength.strongFieldWeight))"
        // strong: 2^25; position (0 to 2): 2^23; weight (0 to 127): 2^16; shortness: below 2^16.
        let key: String
        switch order {
        case .startFirst: key = "\(strong)*33554432+\(position)*8388608+\(weight)*65536+\(shortness)"
        case .pastStartFirst: key = "\(strong)*33554432+(2-\(position))*8388608+\(weight)*65536+\(shortness)"
        case .substring: key = "\(weight)*65536+\(shortness)"
        }
        let weights = (0..<slots).map { "f\($0)=\($0 + 1)" }.joined(separator: ",")
        return "ranker=expr('top(\(key))'), field_weights=(\(weights))"
    }
}

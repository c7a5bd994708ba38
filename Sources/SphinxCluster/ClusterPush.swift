import MySQLWire
package import ResultKit
package import SearchEngine
import StreamingJSON

/// Loads records into a cluster's shards: each record goes to the shard its
/// id chooses, in `REPLACE` batches (so loading again changes nothing),
/// each statement well under the 8 MB a server accepts.
///
/// The shards are found from the aggregator: each agent's SphinxQL port is
/// its agent port + 1, as `scripts/cluster.sh` sets them up.
package struct ClusterPush {
    /// What a load did.
    package struct Summary: Sendable, Equatable {
        /// Records read and sent.
        package var loaded = 0
        /// Records that did not land because their shard failed, by location.
        package var notLoaded: [SourceLocation] = []
        /// Records per shard, in shard order.
        package var perShard: [Int] = []
        /// Records whose id an earlier record of the same load had: each
        /// replaced that record in the cluster.
        package var replaced = 0
    }

    /// The batch being filled for one shard.
    private struct Batch {
        var rows: [String] = []
        var locations: [SourceLocation] = []
        var bytes = 0
    }

    /// The largest statement sent: servers reset the connection past about 8 MB.
    package static let batchBytes = 4 << 20
    /// The most rows in one statement.
    package static let batchRows = 2000

    let url: ClusterURL
    let timeouts: ClusterTimeouts

    package init(url: String, timeouts: ClusterTimeouts) throws(ClusterError) {
        self.url = try ClusterURL(parsing: url)
        self.timeouts = timeouts
    }

    /// The shards' SphinxQL addresses, `HOST:PORT`, in the aggregator's
    /// order; the server itself when the URL names a real-time index of the
    /// layout ``ClusterSchema`` describes (a single server).
    package func shardAddresses() throws(ClusterError) -> [(host: String, port: Int)] {
        let connection: MySQLConnection
        do {
            connection = try MySQLConnection(
                host: url.host, port: url.port, connectTimeout: timeouts.connect, queryTimeout: timeouts.query)
        } catch {
            throw .unreachable("cannot load into \(url): \(error)")
        }
        defer { connection.close() }
        let replies: [MySQLReply]
        do {
            replies = try connection.query("DESCRIBE \(url.index)")
        } catch {
            throw .unreachable("cannot load into \(url): \(error)")
        }
        var shards: [(String, Int)] = []
        var isIndex = false
        for reply in replies {
            if case .failed(let error) = reply {
                throw .refused("\(url) refused to describe '\(url.index)': \(ClusterSource.quoted(error))")
            }
            guard case .rows(let columns, let rows, _) = reply else { continue }
            // A real-time index's fields and attributes: one server holds it all.
            if columns.first == "Field" { isIndex = rows.contains { $0.first == "f0" } }
            for row in rows where row.count >= 2 && (row[1] ?? "").hasPrefix("remote") {
                // `HOST:PORT:INDEX`, the agent's binary-protocol address.
                let parts = (row[0] ?? "").split(separator: ":")
                guard parts.count >= 3, let port = Int(parts[parts.count - 2]) else { continue }
                shards.append((parts[0..<(parts.count - 2)].joined(separator: ":"), port + 1))
            }
        }
        if shards.isEmpty && isIndex { return [(url.host, url.port)] }
        guard !shards.isEmpty else {
            throw .refused(
                "\(url): '\(url.index)' is neither a distributed index with agents nor an index of the layout "
                    + "`search` loads (see scripts/cluster.sh); load through the aggregator that scripts/cluster.sh prints"
            )
        }
        return shards
    }

    /// Reads `sources` and loads every record into its shard.
    /// - Parameters:
    ///   - sources: The files to load, in order.
    ///   - reader: Reads them, with the search's limits and kinds.
    ///   - progress: Called now and then with how many records were read.
    ///   - diagnose: Every problem: bad records (as a search reports them),
    ///     unknown kinds, records that replace one loaded before them.
    /// - Throws: ``ClusterError`` when the cluster cannot be reached at all.
    package func load(
        _ sources: [DataSource],
        reader: RecordReader,
        progress: (Int) -> Void,
        diagnose: (Diagnostic) -> Void
    ) throws(ClusterError) -> Summary {
        var summary = Summary()
        // A shard that cannot be reached takes no records: the others are
        // loaded, and the records it should have taken are named.
        let writers = try shardAddresses().map { ShardWriter(host: $0.host, port: $0.port, timeouts: timeouts) }
        var batches = [Batch](repeating: Batch(), count: writers.count)
        var seq = 0
        var firstSeen: [UInt64: SourceLocation] = [:]
        var fallbacks: [String: ResultKind] = [:]
        var orderedFields: [String: [SearchField]] = [:]
        let registry = reader.registry
        let head = "REPLACE INTO \(url.index) (" + ClusterSchema.columns.joined(separator: ",") + ") VALUES "

        func flush(_ shard: Int) {
            guard !batches[shard].rows.isEmpty else { return }
            writers[shard].send(head + batches[shard].rows.joined(separator: ","), locations: batches[shard].locations)
            batches[shard] = Batch()
        }

        for source in RecordReader.files(of: sources, diagnose: diagnose) {
            guard let source = source as? DataSource else { continue }
            reader.read(
                source,
                record: { record in
                    let kind: ResultKind
                    let kindName = record.kindName ?? ""
                    if let known = registry.kind(named: kindName) {
                        kind = known
                    } else if let fallback = fallbacks[kindName] {
                        kind = fallback
                    } else {
                        kind = .fallback(named: kindName)
                        fallbacks[kindName] = kind
                        if !kindName.isEmpty {
                            diagnose(
                                Diagnostic(
                                    .warning, "unknown kind '\(kindName)' (loaded; shown with the generic renderer)",
                                    at: record.location, onceKey: "kind " + kindName,
                                    group: Diagnostic.unknownKindGroup))
                        }
                    }
                    seq += 1
                    let fields: [SearchField]
                    if let known = orderedFields[kind.name] {
                        fields = known
                    } else {
                        fields = ClusterSchema.orderedFields(of: kind)
                        orderedFields[kind.name] = fields
                    }
                    let name = fields.first?.text(record.object) ?? ""
                    let id = ClusterSchema.id(of: record.object, kind: kind.name, name: name)
                    if let earlier = firstSeen.updateValue(record.location, forKey: id) {
                        summary.replaced += 1
                        diagnose(
                            Diagnostic(
                                .warning,
                                "same id as \(earlier) (the same 'id', or kind and name): replaces it in the cluster",
                                at: record.location, skipsRecord: false, group: "same id"))
                    }
                    let shard = Int(id % UInt64(writers.count))
                    let row = ClusterSchema.rowValues(
                        id: id, seq: seq, fields: fields, name: name,
                        storedKind: record.kindName == nil ? "" : kind.name,
                        object: record.object)
                    if batches[shard].bytes + row.utf8.count + head.utf8.count > Self.batchBytes
                        || batches[shard].rows.count >= Self.batchRows
                    {
                        flush(shard)
                    }
                    batches[shard].rows.append(row)
                    batches[shard].locations.append(record.location)
                    batches[shard].bytes += row.utf8.count + 1
                    summary.loaded += 1
                    if seq % 10_000 == 0 { progress(seq) }
                },
                diagnose: diagnose)
        }
        for shard in writers.indices { flush(shard) }
        progress(seq)
        for writer in writers { writer.compact(index: url.index) }
        for writer in writers {
            let outcome = writer.finish()
            summary.perShard.append(outcome.loaded)
            summary.notLoaded += outcome.notLoaded
            if let failure = outcome.failure {
                diagnose(Diagnostic(.error, "\(url): shard \(writer.address) failed: \(failure)"))
            }
            if let failure = outcome.compactionFailure {
                diagnose(
                    Diagnostic(
                        .warning,
                        "\(url): shard \(writer.address) holds the records but could not write them to disk as one "
                            + "chunk, so searches may be slower: \(failure)", skipsRecord: false, group: "compaction"))
            }
        }
        summary.notLoaded.sort { ($0.file, $0.line) < ($1.file, $1.line) }
        summary.loaded -= summary.notLoaded.count
        return summary
    }
}

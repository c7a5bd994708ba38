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
    }

    /// One shard's connection and the batch waiting for it.
    private final class Shard {
        let address: String
        var connection: MySQLConnection?
        var rows: [String] = []
        var locations: [SourceLocation] = []
        var bytes = 0
        var loaded = 0
        var failure: String?

        init(address: String) {
            self.address = address
        }
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

    /// The shards' SphinxQL addresses, `HOST:PORT`, in the aggregator's order.
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
        for reply in replies {
            if case .failed(let error) = reply {
                throw .refused("\(url) refused to describe '\(url.index)': \(ClusterSource.quoted(error))")
            }
            guard case .rows(_, let rows, _) = reply else { continue }
            for row in rows where row.count >= 2 && (row[1] ?? "").hasPrefix("remote") {
                // `HOST:PORT:INDEX`, the agent's binary-protocol address.
                let parts = (row[0] ?? "").split(separator: ":")
                guard parts.count >= 3, let port = Int(parts[parts.count - 2]) else { continue }
                shards.append((parts[0..<(parts.count - 2)].joined(separator: ":"), port + 1))
            }
        }
        guard !shards.isEmpty else {
            throw .refused(
                "\(url): '\(url.index)' is not a distributed index with agents; load through the aggregator that "
                    + "scripts/cluster.sh prints")
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
        var shards: [Shard] = []
        for (host, port) in try shardAddresses() {
            let shard = Shard(address: "\(host):\(port)")
            do {
                shard.connection = try MySQLConnection(
                    host: host, port: port, connectTimeout: timeouts.connect, queryTimeout: max(timeouts.query, 30))
            } catch {
                shard.failure = error.description
                diagnose(Diagnostic(.error, "\(url): shard \(shard.address) failed: \(error)"))
            }
            shards.append(shard)
        }
        var seq = 0
        var firstSeen: [UInt64: SourceLocation] = [:]
        var warnedKinds: Set<String> = []
        let registry = reader.registry
        let index = url.index
        let head = "REPLACE INTO \(index) (" + ClusterSchema.columns.joined(separator: ",") + ") VALUES "

        func flush(_ shard: Shard) {
            guard !shard.rows.isEmpty else { return }
            defer {
                shard.rows.removeAll(keepingCapacity: true)
                shard.locations.removeAll(keepingCapacity: true)
                shard.bytes = 0
            }
            guard shard.failure == nil, let connection = shard.connection else {
                summary.notLoaded += shard.locations
                return
            }
            let problem: String?
            do {
                let replies = try connection.query(head + shard.rows.joined(separator: ","))
                problem =
                    replies.compactMap { reply -> String? in
                        if case .failed(let error) = reply { return ClusterSource.quoted(error) }
                        return nil
                    }.first
            } catch {
                problem = error.description
            }
            if let problem {
                shard.failure = problem
                shard.connection = nil
                summary.notLoaded += shard.locations
                diagnose(Diagnostic(.error, "\(url): shard \(shard.address) failed: \(problem)"))
            } else {
                shard.loaded += shard.rows.count
            }
        }

        for source in RecordReader.files(of: sources, diagnose: diagnose) {
            guard let source = source as? DataSource else { continue }
            reader.read(
                source,
                record: { record in
                    let kind: ResultKind
                    if let name = record.kindName {
                        if let known = registry.kind(named: name) {
                            kind = known
                        } else {
                            kind = .fallback(named: name)
                            if warnedKinds.insert(name).inserted {
                                diagnose(
                                    Diagnostic(
                                        .warning, "unknown kind '\(name)' (loaded; shown with the generic renderer)",
                                        at: record.location, onceKey: "kind " + name, group: Diagnostic.unknownKindGroup
                                    ))
                            }
                        }
                    } else {
                        kind = .fallback(named: "")
                    }
                    seq += 1
                    let name = ClusterSchema.name(of: record.object, kind: kind)
                    let id = ClusterSchema.id(of: record.object, kind: kind.name, name: name)
                    if let earlier = firstSeen.updateValue(record.location, forKey: id) {
                        diagnose(
                            Diagnostic(
                                .warning,
                                "same id as \(earlier) (the same 'id', or kind and name): replaces it in the cluster",
                                at: record.location, skipsRecord: false, group: "same id"))
                    }
                    let shard = shards[Int(id % UInt64(shards.count))]
                    let row = ClusterSchema.rowValues(
                        id: id, seq: seq, kind: kind, storedKind: record.kindName == nil ? "" : kind.name,
                        object: record.object)
                    if shard.bytes + row.utf8.count + head.utf8.count > Self.batchBytes
                        || shard.rows.count >= Self.batchRows
                    {
                        flush(shard)
                    }
                    shard.rows.append(row)
                    shard.locations.append(record.location)
                    shard.bytes += row.utf8.count + 1
                    summary.loaded += 1
                    if seq % 10_000 == 0 { progress(seq) }
                },
                diagnose: diagnose)
        }
        for shard in shards { flush(shard) }
        for shard in shards { shard.connection?.close() }
        progress(seq)
        summary.loaded -= summary.notLoaded.count
        summary.perShard = shards.map(\.loaded)
        return summary
    }
}

import MySQLWire
package import ResultKit
package import SearchEngine
import StreamingJSON

/// Loads records into a cluster's shards, checked as a search checks them:
/// a record a search would reject is reported the same way and not loaded.
/// Each record goes to the shard its id chooses (``RecordIdentity``), in
/// `REPLACE` batches (so loading again changes nothing), each statement
/// well under the 8 MB a server accepts, each record with where it came
/// from and its place in the load order.
///
/// The shards are found from the aggregator: each agent's SphinxQL port is
/// its agent port + 1, as `scripts/cluster.sh` sets them up.
package struct ClusterPush {
    /// What a load did.
    package struct Summary: Sendable, Equatable {
        /// Records read, checked and sent.
        package var sent = 0
        /// Records the cluster did not hold before (by id).
        package var added = 0
        /// Records that replaced one with the same id: loaded before, or
        /// earlier in this load.
        package var replaced = 0
        /// Records deleted because this load did not hold them (`--mirror`).
        package var deleted = 0
        /// Records that did not land because their shard failed, by location.
        package var notLoaded: [SourceLocation] = []
        /// Records per shard afterwards, in shard order.
        package var perShard: [Int] = []
        /// Whether `--mirror` was asked for but not done, because a shard failed.
        package var mirrorRefused = false
    }

    /// The batch being filled for one shard.
    private struct Batch {
        /// The rows, UTF-8, separated by commas.
        var rows: [UInt8] = []
        var locations: [SourceLocation] = []
        var bytes = 0
    }

    /// The largest statement sent: servers reset the connection past about 8 MB.
    package static let batchBytes = 4 << 20
    /// The most rows in one statement.
    package static let batchRows = 2000

    let url: ClusterURL
    let timeouts: ClusterTimeouts
    /// The field that holds a record's id.
    let idField: String
    /// Whether the cluster is to hold exactly the records loaded, afterwards.
    let mirror: Bool

    package init(url: String, timeouts: ClusterTimeouts, idField: String = "id", mirror: Bool = false)
        throws(ClusterError)
    {
        self.url = try ClusterURL(parsing: url)
        self.timeouts = timeouts
        self.idField = idField
        self.mirror = mirror
    }

    /// The shards' SphinxQL addresses, `HOST:PORT`, in the aggregator's
    /// order; the server itself when the URL names a real-time index of the
    /// layout ``ClusterLayout`` describes (a single server).
    package func shardAddresses() throws(ClusterError) -> [(host: String, port: Int)] {
        let describe = try describe(host: url.host, port: url.port)
        var shards: [(String, Int)] = []
        for row in describe.rows where row.count >= 2 && (row[1] ?? "").hasPrefix("remote") {
            // `HOST:PORT:INDEX`, the agent's binary-protocol address.
            let parts = (row[0] ?? "").split(separator: ":")
            guard parts.count >= 3, let port = Int(parts[parts.count - 2]) else { continue }
            shards.append((parts[0..<(parts.count - 2)].joined(separator: ":"), port + 1))
        }
        if shards.isEmpty && describe.isIndex { return [(url.host, url.port)] }
        guard !shards.isEmpty else {
            throw .refused(
                "\(url): '\(url.index)' is neither a distributed index with agents nor an index of the layout "
                    + "`search` loads (see scripts/cluster.sh); load through the aggregator that scripts/cluster.sh prints"
            )
        }
        return shards
    }

    /// `DESCRIBE` of the index at `host:port`: its rows, and whether it is
    /// a real-time index of the layout this client loads.
    private func describe(host: String, port: Int) throws(ClusterError) -> (rows: [[String?]], isIndex: Bool) {
        let connection: MySQLConnection
        do {
            connection = try MySQLConnection(
                host: host, port: port, connectTimeout: timeouts.connect, queryTimeout: timeouts.query)
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
        var rows: [[String?]] = []
        var names: Set<String> = []
        for reply in replies {
            if case .failed(let error) = reply {
                throw .refused("\(url) refused to describe '\(url.index)': \(ClusterSource.quoted(error))")
            }
            guard case .rows(let columns, let described, _) = reply else { continue }
            rows += described
            if columns.first == "Field" { names.formUnion(described.compactMap { $0.first ?? nil }) }
        }
        let isIndex = names.contains(ClusterLayout.slotField(0))
        if isIndex, let missing = ClusterLayout.columns.dropFirst().first(where: { !names.contains($0) }) {
            throw .refused(
                "\(url): the index on \(host):\(port) has another layout than this search loads (no '\(missing)'); "
                    + "start the cluster again with `scripts/cluster.sh start DIR --fresh` and push the records again")
        }
        return (rows, isIndex)
    }

    /// Reads `sources` and loads every record a search would accept into its shard.
    /// - Parameters:
    ///   - sources: The files to load, in order.
    ///   - reader: Reads them, with the search's limits and default kind.
    ///   - progress: Called now and then with how many records were read.
    ///   - diagnose: Every problem: bad records (as a search reports them),
    ///     unknown kinds, records that share an id.
    /// - Throws: ``ClusterError`` when the cluster cannot be reached at all.
    package func load(
        _ sources: [DataSource],
        reader: RecordReader,
        progress: (Int) -> Void,
        diagnose: (Diagnostic) -> Void
    ) throws(ClusterError) -> Summary {
        var summary = Summary()
        let addresses = try shardAddresses()
        if addresses.count > 1 || addresses[0].host != url.host || addresses[0].port != url.port {
            _ = try describe(host: addresses[0].host, port: addresses[0].port)
        }
        // A shard that cannot be reached takes no records: the others are
        // loaded, and the records it should have taken are named.
        let writers = addresses.map { ShardWriter(host: $0.host, port: $0.port, index: url.index, timeouts: timeouts) }
        let before = writers.map { Self.count(on: $0) }
        // This load's number, one past the last: its records come after
        // every record loaded before, as a later file's do.
        let lastSeq =
            writers.compactMap { $0.values("SELECT seq FROM \(url.index) ORDER BY seq DESC LIMIT 1")?.first }
            .compactMap { $0.flatMap { Int64($0) } }.max() ?? 0
        let load = (lastSeq >> 32) + 1
        var batches = [Batch](repeating: Batch(), count: writers.count)
        var position: Int64 = 0
        // What is kept of every record to name those that share an id, in
        // bounded memory.
        var ledger = IDLedger()
        var files: [String] = []
        var fallbacks: [String: ResultKind] = [:]
        let registry = reader.registry
        // The search's own checks: a listing of every record, keeping none,
        // rejects and reports exactly what a search would.
        var checks = SearchSession(registry: registry, query: Self.listing, options: SearchOptions(limit: 0))
        let head = "REPLACE INTO \(url.index) (" + ClusterLayout.columns.joined(separator: ",") + ") VALUES "
        var encoder = RowEncoder()
        var row: [UInt8] = []

        func flush(_ shard: Int) {
            guard !batches[shard].locations.isEmpty else { return }
            let statement = head + String(decoding: batches[shard].rows, as: UTF8.self)
            writers[shard].send(statement, locations: batches[shard].locations)
            batches[shard] = Batch()
        }

        var read = 0
        for source in RecordReader.files(of: sources, diagnose: diagnose) {
            guard let source = source as? DataSource else { continue }
            reader.read(
                source,
                record: { record in
                    read += 1
                    if read % 10_000 == 0 { progress(read) }
                    let rejected = checks.statistics.skipped
                    checks.consider(record, diagnose: diagnose)
                    guard checks.statistics.skipped == rejected else { return }
                    let kind: ResultKind
                    let kindName = record.kindName
                    if let known = kindName.flatMap({ registry.kind(named: $0) }) {
                        kind = known
                    } else if let fallback = fallbacks[kindName ?? ""] {
                        kind = fallback
                    } else {
                        kind = .fallback(named: kindName ?? "unknown")
                        fallbacks[kindName ?? ""] = kind
                    }
                    position += 1
                    let id = RecordIdentity.id(of: record.object, idField: idField)
                    if files.last != record.location.file { files.append(record.location.file) }
                    ledger.note(
                        IDLedger.Entry(
                            id: id, file: files.count - 1, line: record.location.line,
                            hasID: RecordIdentity.hasIDField(record.object, idField: idField)))
                    let shard = Int(id % UInt64(writers.count))
                    row.removeAll(keepingCapacity: true)
                    encoder.append(
                        object: record.object, kind: kind, storedKind: kindName == nil ? "" : kind.name, id: id,
                        seq: load << 32 | position, location: record.location, to: &row)
                    if batches[shard].bytes + row.count + head.utf8.count > Self.batchBytes
                        || batches[shard].locations.count >= Self.batchRows
                    {
                        flush(shard)
                    }
                    if !batches[shard].rows.isEmpty { batches[shard].rows.append(UInt8(ascii: ",")) }
                    batches[shard].rows += row
                    batches[shard].locations.append(record.location)
                    batches[shard].bytes += row.count + 1
                    summary.sent += 1
                },
                diagnose: diagnose)
        }
        for shard in writers.indices { flush(shard) }
        progress(read)
        reportSharedIDs(&ledger, files: files, diagnose: diagnose)

        let failed = writers.contains { $0.failure != nil }
        if mirror {
            if failed {
                summary.mirrorRefused = true
            } else {
                for writer in writers { summary.deleted += delete(before: load << 32, on: writer) }
            }
        }
        let after = writers.map { Self.count(on: $0) }
        for writer in writers { writer.compact() }
        for writer in writers {
            let outcome = writer.finish()
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
        summary.perShard = after.map { $0 ?? 0 }
        summary.notLoaded.sort { ($0.file, $0.line) < ($1.file, $1.line) }
        let landed = summary.sent - summary.notLoaded.count
        let counted = zip(before, after).reduce(0) { total, pair in total + ((pair.1 ?? 0) - (pair.0 ?? 0)) }
        summary.added = max(0, min(landed, counted + summary.deleted))
        summary.replaced = landed - summary.added
        return summary
    }

    /// The query of no words: every record, as a listing reads them.
    private static let listing: Query = {
        guard let query = try? QueryParser().parse("") else { preconditionFailure("an empty query parses") }
        return query
    }()

    /// How many records a shard holds; `nil` when it cannot say.
    private static func count(on writer: ShardWriter) -> Int? {
        writer.values("SELECT COUNT(*) FROM \(writer.index)")?.first.flatMap { $0.flatMap { Int($0) } }
    }

    /// Deletes from a shard every record loaded before `seq` (by an earlier
    /// load): they are not among this load's. Returns how many.
    private func delete(before seq: Int64, on writer: ShardWriter) -> Int {
        var deleted = 0
        while let ids = writer.values(
            "SELECT id FROM \(url.index) WHERE seq < \(seq) ORDER BY id ASC LIMIT 0,5000 OPTION max_matches=5000"),
            !ids.isEmpty
        {
            let list = ids.compactMap { $0 }.joined(separator: ",")
            guard writer.values("DELETE FROM \(url.index) WHERE id IN (\(list))") != nil else { break }
            deleted += ids.count
        }
        return deleted
    }

    /// Warns about records of this load that share an id: the later
    /// replaced the earlier in the cluster (unless they are the same record).
    private func reportSharedIDs(_ ledger: inout IDLedger, files: [String], diagnose: (Diagnostic) -> Void) {
        func location(_ entry: IDLedger.Entry) -> SourceLocation {
            SourceLocation(file: files[entry.file], line: entry.line)
        }
        let complete = ledger.forEachShared { later, first in
            let message =
                later.hasID
                ? "the same '\(idField)' as \(location(first)): replaces it in the cluster"
                : "the same record as \(location(first)): the cluster holds it once"
            diagnose(Diagnostic(.warning, message, at: location(later), skipsRecord: false, group: "same id"))
        }
        if !complete {
            diagnose(
                Diagnostic(
                    .warning,
                    "could not read back the ids of this load from $TMPDIR: records that share an id may not all be "
                        + "named", skipsRecord: false))
        }
    }
}

import Dispatch
import MySQLWire
import ResultKit

/// Sends one shard its `REPLACE` batches on a queue of its own, so that
/// reading and encoding the next records goes on while the shard indexes
/// the last batch. At most four batches (16 MiB) wait for a shard at a
/// time: with two, `search` waited more often on a busy shard (a
/// 1,020,000-record push, median of 3: 63 s against 56). Every
/// statement waits at most the query timeout.
///
/// The writer's state is touched only on its queue, except through
/// ``finish()``, which waits for the queue first.
final class ShardWriter: @unchecked Sendable {
    let address: String
    /// The index written to.
    let index: String
    private var connection: MySQLConnection?
    private let queue: DispatchQueue
    private let slots = DispatchSemaphore(value: 4)
    /// Why the shard failed; later batches are not sent.
    private(set) var failure: String?
    private var loaded = 0
    private var notLoaded: [SourceLocation] = []
    /// Why ``compact()`` failed.
    private var compactionFailure: String?

    private let host: String
    private let port: Int
    private let timeouts: ClusterTimeouts

    /// How many times a batch is sent before its shard counts as failed: a
    /// shard busy writing a chunk to disk may not answer within the timeout,
    /// and a `REPLACE` sent again changes nothing it already did.
    static let attempts = 3

    /// A writer for the shard at `host:port`; a shard that cannot be
    /// reached fails at once, and takes no records.
    init(host: String, port: Int, index: String, timeouts: ClusterTimeouts) {
        address = "\(host):\(port)"
        self.host = host
        self.port = port
        self.index = index
        self.timeouts = timeouts
        queue = DispatchQueue(label: "shard \(host):\(port)")
        do {
            connection = try MySQLConnection(
                host: host, port: port, connectTimeout: timeouts.connect, queryTimeout: timeouts.query)
        } catch {
            failure = error.description
        }
    }

    /// Runs `sql` now, after the batches before it, and returns its rows'
    /// first values (`nil` once the shard has failed, or if it fails now).
    func values(_ sql: String) -> [String?]? {
        queue.sync {
            guard failure == nil, let connection else { return nil }
            do throws(MySQLError) {
                var values: [String?] = []
                for reply in try connection.query(sql, limits: .init(maxBytes: 8 << 20, maxRows: 20_000)) {
                    switch reply {
                    case .failed(let error):
                        failure = ClusterSource.quoted(error)
                        return nil
                    case .rows(_, let rows, _): values += rows.map { $0.first ?? nil }
                    case .ok: continue
                    }
                }
                return values
            } catch {
                failure = error.description
                self.connection = nil
                return nil
            }
        }
    }

    /// Sends `statement`, which loads the records at `locations`, after
    /// the batches before it.
    func send(_ statement: String, locations: [SourceLocation]) {
        slots.wait()
        queue.async { [self] in
            defer { slots.signal() }
            guard failure == nil, var connection else {
                notLoaded += locations
                return
            }
            for attempt in 1...Self.attempts {
                do throws(MySQLError) {
                    let replies = try connection.query(statement, limits: .init(maxBytes: 64 << 10, maxRows: 0))
                    for case .failed(let error) in replies {
                        failure = ClusterSource.quoted(error)
                    }
                    break
                } catch {
                    failure = error.description
                    // A server error is final; a wait or a lost connection is tried again.
                    if case .server = error { break }
                    guard attempt < Self.attempts,
                        let again = try? MySQLConnection(
                            host: host, port: port, connectTimeout: timeouts.connect, queryTimeout: timeouts.query)
                    else { break }
                    connection = again
                    self.connection = again
                    failure = nil
                }
            }
            if failure != nil {
                self.connection = nil
                notLoaded += locations
            } else {
                loaded += locations.count
            }
        }
    }

    /// After the batches before it, writes the shard's in-memory part of
    /// `index` to disk as one chunk (`FLUSH RAMCHUNK`) and merges its disk
    /// chunks in the background (`OPTIMIZE INDEX`). Searches over the many
    /// small segments a load leaves in memory take two to three times as long.
    /// A shard that took no records is left alone.
    func compact() {
        queue.async { [self] in
            guard failure == nil, loaded > 0, let connection else { return }
            for statement in ["FLUSH RAMCHUNK \(index)", "OPTIMIZE INDEX \(index)"] {
                do throws(MySQLError) {
                    let replies = try connection.query(statement, limits: .init(maxBytes: 64 << 10, maxRows: 0))
                    for case .failed(let error) in replies {
                        compactionFailure = "\(statement): \(ClusterSource.quoted(error))"
                        return
                    }
                } catch {
                    compactionFailure = "\(statement): \(error)"
                    return
                }
            }
        }
    }

    /// Waits for every batch, says goodbye, and returns what landed and what
    /// did not, and why; and why the compaction failed, if it did (the
    /// records landed all the same).
    func finish() -> (loaded: Int, notLoaded: [SourceLocation], failure: String?, compactionFailure: String?) {
        queue.sync {
            connection?.close()
            connection = nil
            return (loaded, notLoaded, failure, compactionFailure)
        }
    }
}

import Dispatch
import MySQLWire
import ResultKit

/// Sends one shard its `REPLACE` batches on a queue of its own, so that
/// reading and encoding the next records goes on while the shard indexes
/// the last batch. At most two batches wait for a shard at a time.
///
/// The writer's state is touched only on its queue, except through
/// ``finish()``, which waits for the queue first.
final class ShardWriter: @unchecked Sendable {
    let address: String
    private var connection: MySQLConnection?
    private let queue: DispatchQueue
    private let slots = DispatchSemaphore(value: 2)
    /// Why the shard failed; later batches are not sent.
    private var failure: String?
    private var loaded = 0
    private var notLoaded: [SourceLocation] = []
    /// Why ``compact(index:)`` failed.
    private var compactionFailure: String?
    private let queryTimeout: Double

    /// A writer for the shard at `host:port`; a shard that cannot be
    /// reached fails at once, and takes no records.
    init(host: String, port: Int, timeouts: ClusterTimeouts) {
        address = "\(host):\(port)"
        queue = DispatchQueue(label: "shard \(host):\(port)")
        queryTimeout = max(timeouts.query, 30)
        do {
            connection = try MySQLConnection(
                host: host, port: port, connectTimeout: timeouts.connect, queryTimeout: queryTimeout)
        } catch {
            failure = error.description
        }
    }

    /// Sends `statement`, which loads the records at `locations`, after
    /// the batches before it.
    func send(_ statement: String, locations: [SourceLocation]) {
        slots.wait()
        queue.async { [self] in
            defer { slots.signal() }
            guard failure == nil, let connection else {
                notLoaded += locations
                return
            }
            do throws(MySQLError) {
                let replies = try connection.query(statement)
                for case .failed(let error) in replies {
                    failure = ClusterSource.quoted(error)
                }
            } catch {
                failure = error.description
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
    func compact(index: String) {
        queue.async { [self] in
            guard failure == nil, loaded > 0, let connection else { return }
            for statement in ["FLUSH RAMCHUNK \(index)", "OPTIMIZE INDEX \(index)"] {
                do throws(MySQLError) {
                    let replies = try connection.query(statement, timeout: max(queryTimeout, 300))
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

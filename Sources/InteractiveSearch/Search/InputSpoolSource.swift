import ResultKit
import SearchEngine

/// What standard input has brought so far (``InputSpool``), as a source
/// for the engine: lines of NDJSON read from the copy in blocks on every
/// core, up to the last whole line; a document's records once it has all
/// come and been read.
struct InputSpoolSource: SearchSource {
    let spool: InputSpool
    /// Whether to stop: checked every few hundred records of a document.
    let isCancelled: @Sendable () -> Bool

    var displayName: String { spool.displayName }

    func search(into sink: inout RecordSink) {
        let snapshot = spool.snapshot
        if snapshot.isLines == true {
            sink.searchInBlocks(copyOf: spool.displayName, path: spool.path, length: snapshot.bytes)
        } else if snapshot.finished {
            for (index, record) in spool.documentRecords.enumerated() {
                if index & 255 == 255, isCancelled() { return }
                sink.consider(record)
            }
        }
    }
}

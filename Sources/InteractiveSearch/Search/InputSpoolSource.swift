import ResultKit
import SearchEngine

/// What standard input has brought so far (``InputSpool``), as a source
/// for the engine: the lines of the copy, up to the last whole one, read as
/// a large NDJSON file is read.
struct InputSpoolSource: SearchSource {
    let spool: InputSpool

    var displayName: String { spool.displayName }

    func search(into sink: inout RecordSink) {
        let snapshot = spool.snapshot
        sink.searchCopy(named: spool.displayName, path: spool.path, length: snapshot.bytes, hint: snapshot.hint)
    }
}

import FuzzSupport
import ResultKit
import SearchEngine

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The file extensions tried; the first input byte picks one (none: sniffed).
private let extensions = [".jsonl", ".json", ".csv", ".tsv", ""]

/// Reads the input as a data file, then searches and renders what was read.
///
/// The first byte picks the file's extension (NDJSON, JSON, CSV, TSV or none,
/// so the format is sniffed) and the terminal width; the rest is the file,
/// written to `/dev/shm` because `RecordReader` reads paths. Properties: no
/// crash; every diagnostic names the file; the tables and the JSON output
/// pass ``OutputChecks``; searching the lines as they are read (with the
/// byte-level prefilter), and an NDJSON file in parallel blocks, finds
/// exactly what searching parsed records finds.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRecordReader(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzedBytes(UnsafeRawBufferPointer(start: data, count: size))
    let selector = Int(input.byte())
    let path = "/dev/shm/fuzz-record-reader-\(getpid())" + extensions[selector % extensions.count]
    let content = input.rest()
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard fd >= 0 else { return 0 }
    var written = 0
    while written < content.count, let base = content.baseAddress {
        let result = write(fd, base + written, content.count - written)
        if result <= 0 { break }
        written += result
    }
    close(fd)
    defer { unlink(path) }

    var records: [Record] = []
    RecordReader(registry: FuzzKinds.registry, maxLineBytes: 1 << 16, maxDocumentBytes: 1 << 18).read(
        .path(path),
        record: { records.append($0) },
        diagnose: { diagnostic in
            Invariant.require(diagnostic.description.contains(path), "a diagnostic without the file: \(diagnostic)")
        }
    )
    for record in records {
        Invariant.require(record.location.file == path, "a record from elsewhere: \(record.location)")
        Invariant.require(record.location.line >= 1, "a record on line \(record.location.line)")
    }
    SearchPipeline.run(records, query: "", width: 12 + selector / extensions.count)
    checkLinesAgreeWithRecords(path: path, query: queries[selector % queries.count])
    return 0
}

/// Queries for the line-path check: words whose fragments the prefilter
/// looks for, with typos, and a field term.
private let queries = ["coffee", "cofee", "tea -green", "name:tea", "chocolate", "", "caf"]

/// Searches the file record by record and line by line, and requires the
/// same hits, counts and messages.
private func checkLinesAgreeWithRecords(path: String, query text: String) {
    guard let query = try? QueryParser().parse(text) else { return }
    let reader = RecordReader(registry: FuzzKinds.registry, maxLineBytes: 1 << 16, maxDocumentBytes: 1 << 18)
    func search(lines: Bool) -> (hits: [String], statistics: SearchStatistics, messages: [Diagnostic]) {
        var session = SearchSession(registry: FuzzKinds.registry, query: query, options: SearchOptions(limit: 8))
        var messages: [Diagnostic] = []
        reader.read(
            .path(path),
            record: { record in session.consider(record) { messages.append($0) } },
            lines: lines ? { line in session.consider(line) { messages.append($0) } } : nil,
            diagnose: { messages.append($0) }
        )
        let result = session.finish()
        return (result.hits.map { "\($0.row.name)@\($0.record.location.line)" }, result.statistics, messages)
    }
    let byRecord = search(lines: false)
    let byLine = search(lines: true)
    Invariant.require(byRecord.hits == byLine.hits, "lines found \(byLine.hits), records \(byRecord.hits)")
    Invariant.require(byRecord.statistics == byLine.statistics, "lines counted differently from records")
    let recordMessages = byRecord.messages.map(\.description)
    let lineMessages = byLine.messages.map(\.description)
    Invariant.require(
        recordMessages == lineMessages,
        "lines reported \(lineMessages.difference(from: recordMessages)) unlike records"
    )

    // An NDJSON file is also searched as `search` searches a large file:
    // in parallel blocks (tiny ones here, so that lines cross them), with
    // the quick path's learned line shapes. The blocks keep only the first
    // few diagnostics of each group and count the rest (a tally), so what
    // must agree is what a user sees: the messages through the CLI's cap,
    // its summary lines and its counts.
    guard path.hasSuffix(".jsonl") else { return }
    var session = SearchSession(registry: FuzzKinds.registry, query: query, options: SearchOptions(limit: 8))
    var messages: [Diagnostic] = []
    session.searchNDJSONFile(
        path: path, hint: FuzzKinds.registry.kindName(forFile: path), sourceIndex: 0, maxLineBytes: 1 << 16,
        workers: 2, blockSize: 61
    ) { messages.append($0) }
    let result = session.finish()
    let byBlock = result.hits.map { "\($0.row.name)@\($0.record.location.line)" }
    Invariant.require(byRecord.hits == byBlock, "blocks found \(byBlock), records \(byRecord.hits)")
    Invariant.require(byRecord.statistics == result.statistics, "blocks counted differently from records")
    let recordsShown = shown(byRecord.messages)
    let blocksShown = shown(messages)
    Invariant.require(
        recordsShown == blocksShown,
        "blocks reported \(blocksShown.difference(from: recordsShown)) unlike records"
    )
}

/// What `search` prints of `diagnostics` on stderr, and the counts it keeps.
private func shown(_ diagnostics: [Diagnostic]) -> [String] {
    var cap = DiagnosticCap()
    let printed = diagnostics.filter { cap.admit($0) }.map(\.description)
    return printed + cap.summary + ["\(cap.warnings) warnings, \(cap.errors) errors, \(cap.skippedRecords) skipped"]
}

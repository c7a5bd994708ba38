import RawBytes
package import ResultKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Reads the rest of a records' array in a regular file with every core (a
/// ``BlockSearch``), from where a ``JSONDocumentReader`` reading the file in
/// order offers it (an ``ArrayStretch``): a JSON array on one line, as
/// `jq -c .` and most exporters write it, an array pretty-printed, the
/// array an object wraps, or the one `--records` names.
///
/// One scan cuts the array into blocks of whole elements ahead of the
/// workers (``ArrayBlocks``); each worker reads its blocks through the same
/// route as NDJSON lines: the prefilter rules out what cannot match, then
/// the line path takes the rest. Each element is placed where the reader in
/// order places it (its line, and its column for messages inside it), and
/// ties go by its offset in the file. Where the scan cannot be sure (a
/// mistake in the array, an element over the cap), it stops, and the reader
/// in order goes on from the last element read, so that it reads and
/// reports what follows as it always would (offering the rest of the array
/// again once past it).
///
/// The file is read in place through a mapping, its pages given back block
/// by block; a file that cannot be mapped is left to the reader in order.
struct ParallelArrayReader {
    var stretch: ArrayStretch
    /// The file's position among all sources, for ties.
    var sourceIndex: Int
    /// How many threads; by default one per core.
    var workers: Int?
    /// Bytes per block; by default as ``ParallelFileReader`` cuts them.
    var blockSize: Int?
    /// Elements per block at most.
    var blockElements = 1 << 16
    /// How many diagnostics of each group are passed on one by one.
    var diagnosticCap: Int
    /// Whether the file may be mapped even when `SIGBUS` is not handled
    /// (``BlockReading/mapped``); ``BlockReading/copied`` declines.
    var reading = BlockReading.automatic

    /// Searches the stretch into `session`.
    /// - Returns: Where the reader in order goes on, or `nil` when the file
    ///   cannot be mapped (it then reads the array itself).
    func search(into session: inout SearchSession, diagnose: (Diagnostic) -> Void) -> ArrayStretch.Outcome? {
        guard reading != .copied else { return nil }
        let fd = open(FilePathBytes.cString(stretch.path), O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, Int(info.st_size) > stretch.start,
            let mapping = MappedFile(
                fd: fd, size: Int(info.st_size), isRegularFile: info.st_mode & S_IFMT == S_IFREG, path: stretch.file,
                unguarded: reading == .mapped)
        else { return nil }
        defer { mapping.unmap() }
        let size = mapping.count - stretch.start
        let cores = max(1, self.workers ?? Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        let blockSize = max(self.blockSize ?? min(4 << 20, max(64 << 10, size / (cores * 32))), 1)
        let blocks = ArrayBlocks(file: mapping, stretch: stretch, blockSize: blockSize, capacity: blockElements)

        let search = BlockSearch(
            session: session, path: stretch.file, hint: stretch.hint, sourceIndex: sourceIndex,
            diagnosticCap: diagnosticCap)
        let prefilter = session.prefilter
        // Not `prefilter != nil` per element: that copies the prefilter.
        let hasPrefilter = prefilter != nil
        let hasFilters = search.template.hasLineFilters
        let isCancelled = session.options.isCancelled
        let states = search.run(workers: cores) { worker in
            mapping.withBytes { bytes in
                // The elements' offsets, start and end of each: one array for
                // every block this worker reads.
                var elements: [Int] = []
                while let block = blocks.next(into: &elements) {
                    defer { mapping.release(block.start..<block.end) }
                    if let isCancelled, isCancelled() { continue }
                    /// The first line feed at or after `offset` in the block, or its end.
                    func newline(from offset: Int) -> Int {
                        guard offset < block.end else { return .max }
                        return bytes.firstIndex(of: 0x0A, in: offset..<block.end) ?? .max
                    }
                    var line = block.line
                    var lineStart = block.lineStart
                    var nextNewline = newline(from: block.start)
                    // The first prefilter hit at or after an object's start, and
                    // before the block's end (`.max`: none): the objects between
                    // two hits are ruled out with no call per object. An object
                    // ends in `}`, where a hit's look past a fragment stops, so
                    // its hits are the same as if it were looked at alone; an
                    // array is looked at alone.
                    var hit = -1
                    let firstHit = worker.session.keptHitCount
                    var firstMatch: Int?
                    for index in 0..<elements.count / 2 {
                        let start = elements[2 * index]
                        let end = elements[2 * index + 1]
                        while nextNewline < start {
                            line += 1
                            lineStart = nextNewline + 1
                            nextNewline = newline(from: lineStart)
                        }
                        let content = bytes.extracting(start..<end)
                        var mayMatch = true
                        if hasPrefilter {
                            if bytes[start] == UInt8(ascii: "{") {
                                if hit < start {
                                    hit = prefilter!.firstHit(in: bytes, range: start..<block.end) ?? .max
                                }
                                mayMatch = hit < end
                            } else {
                                mayMatch = prefilter!.firstHit(in: bytes, range: start..<end) != nil
                            }
                            if !mayMatch, worker.session.quicklyRuledOut(content) { continue }
                        }
                        if hasFilters, worker.session.quicklyFilteredOut(content) { continue }
                        // Messages about the element are placed in the file, as
                        // the reader in order places them.
                        let column = start - lineStart + 1
                        let isPlaced = column != 1 || nextNewline < end
                        let elementLine = line
                        let matched = worker.consider(
                            content, line: line, offset: start, mayMatch: mayMatch,
                            at: BlockPosition(block: block.index, line: index + 1)
                        ) { diagnostic in
                            guard isPlaced, let file = diagnostic.location?.file else { return diagnostic }
                            let at = SourceLocation(file: file, line: elementLine, column: column)
                            return ElementPlacement.relocate(diagnostic, in: content, startingAt: at)
                        }
                        if matched, firstMatch == nil { firstMatch = index + 1 }
                    }
                    worker.finish(block: block.index, hitsFrom: firstHit, firstMatch: firstMatch)
                }
            }
        }
        // Records and messages are numbered in the file already.
        search.merge(states, into: &session, firstLine: nil, blockOfOrder: { _ in 0 }, diagnose: diagnose)
        let outcome = blocks.outcome
        session.continueOrder(after: search.sourceBase + outcome.position)
        return outcome
    }
}

extension SearchSession {
    /// Searches the rest of a records' array in blocks on every core, as
    /// ``ParallelArrayReader`` does (the parameters are its properties).
    /// - Returns: Where the reader in order goes on, or `nil` when the file
    ///   cannot be read so.
    package mutating func searchArrayStretch(
        _ stretch: ArrayStretch,
        sourceIndex: Int,
        workers: Int? = nil,
        blockSize: Int? = nil,
        blockElements: Int = 1 << 16,
        diagnosticCap: Int = DiagnosticCap().limit,
        reading: BlockReading = .automatic,
        diagnose: (Diagnostic) -> Void
    ) -> ArrayStretch.Outcome? {
        let reader = ParallelArrayReader(
            stretch: stretch, sourceIndex: sourceIndex, workers: workers, blockSize: blockSize,
            blockElements: blockElements, diagnosticCap: diagnosticCap, reading: reading)
        return reader.search(into: &self, diagnose: diagnose)
    }
}

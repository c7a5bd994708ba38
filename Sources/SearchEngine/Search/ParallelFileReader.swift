public import ResultKit
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Reads one NDJSON file with every core (a ``BlockSearch``): workers take
/// fixed-size blocks of the file in turn, each reads only its block (so
/// memory does not grow with the file) into a search of its own, and their
/// results are merged as if the file had been read in order. Line numbers,
/// warnings and ties come out the same as a sequential read: each line is
/// classified by ``NDJSONLineRule`` and goes through the same `LinePath` as
/// a line the ``RecordReader`` hands over. Workers number lines within their
/// blocks, and the merge numbers them in the file.
struct ParallelFileReader {
    /// A regular file of NDJSON.
    var path: String
    /// The kind its name implies.
    var hint: String?
    /// The file's position among all sources, for ties.
    var sourceIndex: Int
    /// The longest line; a longer one is skipped with a warning, and its
    /// bytes past the cap are not read.
    var maxLineBytes: Int
    /// How many threads; by default one per core.
    var workers: Int?
    /// Bytes per block; by default a thirty-second of each worker's share of
    /// the file (so that no worker is left with a large last block while the
    /// others wait), from 64 KiB to 4 MiB.
    var blockSize: Int?
    /// How many diagnostics of each group (see `Diagnostic.group`) are
    /// passed on one by one; the rest of a group are counted, not kept, and
    /// passed on as one tally.
    var diagnosticCap: Int
    /// Whether the file is read in place through a mapping or copied.
    var reading = BlockReading.automatic
    /// What wraps each line's record: nothing, or a JSON array's punctuation.
    var framing = LineFraming.ndjson
    /// The name messages and locations give the file, when not its path.
    var displayName: String?
    /// How many of the file's first bytes to read, when not all: a file
    /// still being written ends there on a line break.
    var length: Int?

    /// Searches the file into `session`.
    /// - Parameter diagnose: Called, in input order, with the first
    ///   `diagnosticCap` warnings and errors of each group, then with a tally
    ///   of each group's rest.
    func search(into session: inout SearchSession, diagnose: (Diagnostic) -> Void) {
        let fd = open(FilePathBytes.cString(path), O_RDONLY | O_CLOEXEC)
        // The path as messages and locations show it.
        let path = displayName ?? FilePathBytes.display(path)
        guard fd >= 0 else {
            diagnose(Diagnostic(.error, "cannot read \(path): \(ReadError(errno: errno))"))
            return
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            diagnose(Diagnostic(.error, "cannot read \(path): \(ReadError(errno: errno))"))
            return
        }
        let size = min(Int(info.st_size), length ?? .max)
        let cores = max(1, self.workers ?? Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        let blockSize = max(self.blockSize ?? min(4 << 20, max(64 << 10, size / (cores * 32))), 1)
        let blockCount = (size + blockSize - 1) / blockSize
        let workerCount = max(1, min(cores, blockCount))
        // Read in place where the file can be mapped (its pages are given
        // back block by block), otherwise copied.
        let mapping =
            reading == .copied
            ? nil
            : MappedFile(
                fd: fd, size: size, isRegularFile: info.st_mode & S_IFMT == S_IFREG, path: path,
                unguarded: reading == .mapped)
        defer { mapping?.unmap() }
        let file = BlockFile(
            fd: fd, size: size, blockSize: blockSize, maxLineBytes: maxLineBytes, mapping: mapping, framing: framing)
        // Binary data is refused at once, as the reader refuses it.
        if let refusal = RecordReader.binaryData(in: file.sample(maxBytes: 4096), file: path) {
            diagnose(refusal)
            return
        }
        let search = BlockSearch(
            session: session, path: path, hint: hint, sourceIndex: sourceIndex, diagnosticCap: diagnosticCap)
        let matchLog = session.options.matchedLines
        let logsMatches = matchLog != nil
        let matchLimit = matchLog?.limit ?? 0
        let hasFilters = search.template.hasLineFilters
        let isCancelled = session.options.isCancelled

        // The prefilter's fragments, cut where they let the fewest lines of
        // the file's first megabyte through.
        let prefilter = session.prefilter.map { prefilter in
            prefilter.adapted(toSample: file.sample(maxBytes: 1 << 20))
        }
        // Not `prefilter != nil` per line: that copies the prefilter.
        let hasPrefilter = prefilter != nil
        let nextBlock = Atomic<Int>(0)
        let states = search.run(workers: workerCount) { worker in
            // One buffer for every block this worker reads: no fresh pages
            // to fault in per block.
            var buffer: [UInt8] = []
            while true {
                let block = nextBlock.add(1, ordering: .relaxed).oldValue
                guard block < blockCount else { return }
                if let isCancelled, isCancelled() { return }
                let state = worker.state
                let outcome = file.read(block: block, reusing: &buffer)
                defer {
                    buffer = outcome.buffer
                    file.release(outcome)
                }
                if var failure = outcome.failure {
                    failure.location = SourceLocation(file: worker.path, line: outcome.lineCount + 1)
                    state.diagnostics.add(failure, at: BlockPosition(block: block, line: outcome.lineCount + 1))
                }
                // Offsets in the block's bytes that keep their lines in.
                let hits = prefilter.map { outcome.prefilterHits($0) } ?? []
                var nextHit = 0
                let firstHit = worker.session.keptHitCount
                // Kept here, not in the shared state, while the block is read.
                var firstMatchInBlock: Int?
                // Where a run of ruled-out lines stopped at a line that
                // the quick path does not settle: that line is not tried
                // on it again.
                var unsettledAt = -1
                let newlines = outcome.forEachLine(skipping: { raw, at, regionEnd in
                    // Lines before the next hit are ruled out: they are
                    // settled in one loop, up to the line that holds it.
                    guard hasPrefilter, at != unsettledAt, block != 0 || at != outcome.start else {
                        return (0, 0)
                    }
                    while nextHit < hits.count, hits[nextHit] < at { nextHit += 1 }
                    let limit = min(nextHit < hits.count ? hits[nextHit] : outcome.end, regionEnd)
                    guard limit > at else { return (0, 0) }
                    let settled = worker.session.quicklyRuledOut(
                        run: raw.extracting(at..<limit), maxLineBytes: maxLineBytes)
                    if settled.stopped { unsettledAt = at + settled.bytes }
                    return (settled.bytes, settled.lines)
                }) { line, relativeLine, offset in
                    let isFirstLine = block == 0 && relativeLine == 1
                    let position = BlockPosition(block: block, line: relativeLine)
                    let contentRange: Range<Int>
                    switch NDJSONLineRule.classify(line, isFirstLine: isFirstLine, maxLineBytes: maxLineBytes) {
                    case .overLong:
                        let location = SourceLocation(file: worker.path, line: relativeLine)
                        return state.diagnostics.add(
                            NDJSONLineRule.overLong(at: location, maxLineBytes: maxLineBytes), at: position)
                    case .blank:
                        return
                    case .content(let range):
                        contentRange = range
                    }
                    let content = line.extracting(contentRange)
                    var mayMatch = true
                    if hasPrefilter {
                        let start = offset - outcome.base
                        while nextHit < hits.count, hits[nextHit] < start { nextHit += 1 }
                        mayMatch = nextHit < hits.count && hits[nextHit] < start + line.count
                        if !mayMatch, !isFirstLine, start != unsettledAt, worker.session.quicklyRuledOut(content) {
                            return
                        }
                    }
                    if hasFilters, !isFirstLine, worker.session.quicklyFilteredOut(content) { return }
                    guard
                        worker.consider(
                            content, line: relativeLine, offset: offset, mayMatch: mayMatch, at: position,
                            place: { $0 })
                    else { return }
                    if firstMatchInBlock == nil { firstMatchInBlock = relativeLine }
                    if logsMatches {
                        if state.matchedLines.count < matchLimit {
                            state.matchedLines.append(.init(offset: offset, length: line.count, number: relativeLine))
                            state.matchedBlocks.append(block)
                        } else {
                            state.matchesOverflowed = true
                        }
                    }
                }
                state.blocks.append(BlockLines(index: block, newlines: newlines, leading: outcome.leading))
                worker.finish(block: block, hitsFrom: firstHit, firstMatch: firstMatchInBlock)
            }
        }

        // The first line number of every block, from the newlines before it.
        var infos = [BlockLines?](repeating: nil, count: blockCount)
        for state in states { for info in state.blocks { infos[info.index] = info } }
        var firstLine = [Int](repeating: 1, count: blockCount)
        var newlinesBefore = 0
        for index in 0..<blockCount {
            firstLine[index] = 1 + newlinesBefore + (infos[index]?.leading ?? 0)
            newlinesBefore += infos[index]?.newlines ?? 0
        }
        if let matchLog {
            var lines: [MatchedLines.Line] = []
            for state in states {
                for (line, block) in zip(state.matchedLines, state.matchedBlocks) {
                    lines.append(
                        .init(offset: line.offset, length: line.length, number: firstLine[block] + line.number - 1))
                }
            }
            matchLog.record(lines, complete: !states.contains { $0.matchesOverflowed })
        }
        let sourceBase = search.sourceBase
        search.merge(
            states, into: &session, firstLine: firstLine, blockOfOrder: { ($0 - sourceBase) / blockSize },
            diagnose: diagnose)
        session.continueOrder(after: sourceBase + size)
    }
}

extension SearchSession {
    /// Searches one regular NDJSON file with every core, as
    /// `ParallelFileReader` does; the parameters are its properties.
    public mutating func searchNDJSONFile(
        path: String,
        hint: String?,
        sourceIndex: Int,
        maxLineBytes: Int,
        workers: Int? = nil,
        blockSize: Int? = nil,
        diagnosticCap: Int = DiagnosticCap().limit,
        diagnose: (Diagnostic) -> Void
    ) {
        searchNDJSONFile(
            path: path, hint: hint, sourceIndex: sourceIndex, maxLineBytes: maxLineBytes, workers: workers,
            blockSize: blockSize, diagnosticCap: diagnosticCap, reading: .automatic, diagnose: diagnose)
    }

    /// ``searchNDJSONFile(path:hint:sourceIndex:maxLineBytes:workers:blockSize:diagnosticCap:diagnose:)``
    /// with the file read as `reading` says: tests compare the routes.
    package mutating func searchNDJSONFile(
        path: String,
        hint: String?,
        sourceIndex: Int,
        maxLineBytes: Int,
        workers: Int? = nil,
        blockSize: Int? = nil,
        diagnosticCap: Int = DiagnosticCap().limit,
        reading: BlockReading,
        framing: LineFraming = .ndjson,
        displayName: String? = nil,
        length: Int? = nil,
        diagnose: (Diagnostic) -> Void
    ) {
        let reader = ParallelFileReader(
            path: path, hint: hint, sourceIndex: sourceIndex, maxLineBytes: maxLineBytes, workers: workers,
            blockSize: blockSize, diagnosticCap: diagnosticCap, reading: reading, framing: framing,
            displayName: displayName, length: length)
        reader.search(into: &self, diagnose: diagnose)
    }
}

/// How the block search reads a regular file's bytes.
package enum BlockReading: Sendable {
    /// In place through a mapping where ``MappedFileReads`` allows it (and
    /// the file can be mapped), otherwise copied.
    case automatic
    /// Copied into each worker's buffer with `pread`.
    case copied
    /// In place through a mapping whenever the file can be mapped, even
    /// when `SIGBUS` is not handled: the file must not get shorter.
    case mapped
}

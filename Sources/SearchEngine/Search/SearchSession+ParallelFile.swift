import Dispatch
import ProcessMemory
public import ResultKit
import StreamingJSON
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

extension SearchSession {
    /// Searches one NDJSON file with every core: workers take fixed-size
    /// blocks of the file in turn, each reads only its block (so memory does
    /// not grow with the file), and their results are merged as if the file
    /// had been read in order. Line numbers, warnings and ties come out the
    /// same as a sequential read.
    ///
    /// - Parameters:
    ///   - path: A regular file of NDJSON.
    ///   - hint: The kind its name implies.
    ///   - sourceIndex: The file's position among all sources, for ties.
    ///   - maxLineBytes: The longest line; a longer one is skipped with a
    ///     warning, and its bytes past the cap are not read.
    ///   - workers: How many threads; by default one per core.
    ///   - blockSize: Bytes per block; by default a thirty-second of each
    ///     worker's share of the file (so that no worker is left with a
    ///     large last block while the others wait), from 64 KiB to 4 MiB.
    ///   - diagnosticCap: How many diagnostics of each group (see
    ///     ``Diagnostic/group``) are passed on one by one; the rest of a
    ///     group are counted, not kept, and passed on as one tally.
    ///   - diagnose: Called, in input order, with the first `diagnosticCap`
    ///     warnings and errors of each group, then with a tally of each
    ///     group's rest.
    public mutating func searchNDJSONFile(
        path: String,
        hint: String?,
        sourceIndex: Int,
        maxLineBytes: Int,
        workers: Int? = nil,
        blockSize: Int? = nil,
        diagnosticCap cap: Int = DiagnosticCap().limit,
        diagnose: (Diagnostic) -> Void
    ) {
        let fd = FilePathBytes.withCPath(path) { open($0, O_RDONLY | O_CLOEXEC) }
        // The path as messages and locations show it.
        let path = FilePathBytes.display(path)
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
        let size = Int(info.st_size)
        let cores = max(1, workers ?? Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        let blockSize = max(blockSize ?? min(4 << 20, max(64 << 10, size / (cores * 32))), 1)
        let blockCount = (size + blockSize - 1) / blockSize
        let workerCount = max(1, min(cores, blockCount))
        let file = BlockFile(fd: fd, size: size, blockSize: blockSize, maxLineBytes: maxLineBytes)
        // Binary data is refused at once, as the reader refuses it.
        if let refusal = RecordReader.binaryData(in: file.sample(maxBytes: 4096), file: path) {
            diagnose(refusal)
            return
        }
        let sourceBase = sourceIndex << 44
        let template = emptyCopy()

        /// One pass over the file by every worker, each with its own session.
        func runWorkers(prefilter: LinePrefilter?) -> [WorkerState] {
            // Not `prefilter != nil` per line: that copies the prefilter.
            let hasPrefilter = prefilter != nil
            let nextBlock = Atomic<Int>(0)
            let states = (0..<workerCount).map { _ in WorkerState(session: template, diagnosticCap: cap) }
            DispatchQueue.concurrentPerform(iterations: workerCount) { worker in
                let state = states[worker]
                // Huge pages for this thread's heap, when the process asked
                // for them: a worker keeps every hit it finds there.
                ProcessMemory.adviseHugePagesForThisThread()
                // The session is taken out of the shared state while the
                // worker runs: a class's property costs an exclusivity check
                // and reference counts on every line.
                var session = template
                swap(&session, &state.session)
                defer { swap(&session, &state.session) }
                var scratch = LineScratch()
                // The path in storage of this worker's own: every record's
                // location counts a reference to it, and two cores counting
                // references to one string contend for its cache line.
                let path = String(decoding: Array(path.utf8), as: UTF8.self)
                var shapes = FlatObjectShapes(scanner: session.fieldScanPlan.lightScanner)
                // Short keys and values made once per worker, for lines
                // that are read whole.
                let cache = ShortStringCache()
                // One buffer for every block this worker reads: no fresh
                // pages to fault in per block.
                var buffer: [UInt8] = []
                while true {
                    let block = nextBlock.add(1, ordering: .relaxed).oldValue
                    guard block < blockCount else { return }
                    let outcome = file.read(block: block, reusing: &buffer)
                    defer { buffer = outcome.buffer }
                    if var failure = outcome.failure {
                        failure.location = SourceLocation(file: path, line: outcome.lineCount + 1)
                        state.diagnostics.add(
                            failure, at: BlockPosition(block: block, line: outcome.lineCount + 1))
                    }
                    // Offsets in the block's buffer that keep their lines in.
                    let hits = prefilter.map { outcome.prefilterHits($0) } ?? []
                    var nextHit = 0
                    let firstHit = session.keptHitCount
                    let newlines = outcome.forEachLine { line, relativeLine, offset in
                        guard line.count <= maxLineBytes else {
                            let location = SourceLocation(file: path, line: relativeLine)
                            return state.diagnostics.add(
                                RecordReader.overLongLine(at: location, maxLineBytes),
                                at: BlockPosition(block: block, line: relativeLine))
                        }
                        var mayMatch = true
                        if hasPrefilter {
                            let start = offset - outcome.base
                            while nextHit < hits.count, hits[nextHit] < start { nextHit += 1 }
                            mayMatch = nextHit < hits.count && hits[nextHit] < start + line.count
                            if !mayMatch, block > 0 || relativeLine > 1,
                                session.quicklyRuledOut(
                                    line, shapes: &shapes, raw: &scratch.raw, light: &scratch.light)
                            {
                                return
                            }
                        }
                        session.considerLine(
                            line,
                            file: path,
                            line: relativeLine,
                            isFirstLine: block == 0 && relativeLine == 1,
                            hint: hint,
                            order: sourceBase + offset,
                            mayMatch: mayMatch,
                            scratch: &scratch,
                            cache: cache
                        ) { diagnostic in
                            state.diagnostics.add(diagnostic, at: BlockPosition(block: block, line: relativeLine))
                        }
                    }
                    state.blocks.append(BlockInfo(index: block, newlines: newlines, leading: outcome.leading))
                    state.hitRanges.append((block, firstHit..<session.keptHitCount))
                }
            }
            return states
        }

        // The prefilter's fragments, cut where they let the fewest lines of
        // the file's first megabyte through.
        let prefilter = fieldScanPlan.prefilter.map { prefilter in
            file.sample(maxBytes: 1 << 20).withUnsafeBytes { prefilter.adapted(toSample: $0) }
        }
        let states = runWorkers(prefilter: prefilter)

        // The first line number of every block, from the newlines before it.
        var infos = [BlockInfo?](repeating: nil, count: blockCount)
        for state in states { for info in state.blocks { infos[info.index] = info } }
        var firstLine = [Int](repeating: 1, count: blockCount)
        var newlinesBefore = 0
        for index in 0..<blockCount {
            firstLine[index] = 1 + newlinesBefore + (infos[index]?.leading ?? 0)
            newlinesBefore += infos[index]?.newlines ?? 0
        }
        func absolute(_ location: SourceLocation, block: Int) -> SourceLocation {
            var location = location
            location.line = firstLine[block] + location.line - 1
            return location
        }

        // The first few diagnostics of each group, in input order, then
        // one tally of each group's rest. Warnings about unknown kinds are
        // given once per kind: what the workers saw that this session had
        // not is counted from their kinds, since two workers may each have
        // warned about the same kind.
        var seenOnce = Set<String>()
        var firstFew: [(position: BlockPosition, diagnostic: Diagnostic)] = []
        var totals: [String: (count: Int, sample: Diagnostic)] = [:]
        var groupOrder: [String] = []
        for state in states {
            for (key, group) in state.diagnostics.groups {
                firstFew += group.first
                if let total = totals[key] {
                    totals[key] = (total.count + group.count, total.sample)
                } else if let sample = group.first.first?.diagnostic {
                    totals[key] = (group.count, sample)
                    groupOrder.append(key)
                }
            }
        }
        firstFew.sort { $0.position < $1.position }
        let kindWarnings = newKindWarnings(in: states.map(\.session))
        for (group, count) in [
            (Diagnostic.unknownKindGroup, kindWarnings.unknownKinds), (Self.kindTypeGroup, kindWarnings.kindTypes),
        ] {
            let key = DiagnosticSample<BlockPosition>.key(severity: .warning, group: group)
            if totals[key] != nil { totals[key]!.count = count }
        }
        var reported: [String: Int] = [:]
        for (position, diagnostic) in firstFew {
            var diagnostic = diagnostic
            let key = DiagnosticSample<BlockPosition>.key(diagnostic)
            if let once = diagnostic.onceKey, gaveWarning(onceKey: once) || !seenOnce.insert(once).inserted {
                continue
            }
            guard reported[key, default: 0] < cap else { continue }
            reported[key, default: 0] += 1
            diagnostic.location = diagnostic.location.map { absolute($0, block: position.block) }
            diagnose(diagnostic)
        }
        for key in groupOrder {
            guard let total = totals[key] else { continue }
            let rest = total.count - reported[key, default: 0]
            guard rest > 0 else { continue }
            diagnose(
                Diagnostic(
                    total.sample.severity, total.sample.group, at: SourceLocation(file: path, line: 0),
                    skipsRecord: total.sample.skipsRecord, group: total.sample.group, tally: rest))
        }
        // Each worker's hits are relocated on a core of their own, in place:
        // no other hit shares their storage.
        let firstLines = firstLine
        DispatchQueue.concurrentPerform(iterations: states.count) { index in
            states[index].session.relocateHits { location, order in
                var location = location
                location.line = firstLines[(order - sourceBase) / blockSize] + location.line - 1
                return location
            }
        }
        var workers: [SearchSession] = []
        for state in states {
            // Taken out of the state, so that merging does not copy what the
            // state still shares.
            var worker = template
            swap(&worker, &state.session)
            workers.append(worker)
        }
        // Each worker's hits of each block, in the order of the blocks.
        var hitRanges: [(block: Int, worker: Int, hits: Range<Int>)] = []
        for (index, state) in states.enumerated() {
            hitRanges += state.hitRanges.map { (block: $0.block, worker: index, hits: $0.hits) }
        }
        hitRanges.sort { $0.block < $1.block }
        merge(&workers, hitRanges: hitRanges.map { (worker: $0.worker, hits: $0.hits) })
        // What the workers still hold (fuzzy stand-ins, kinds, messages) is
        // freed off the main thread; their kept hits were moved out.
        BackgroundRelease.release(consume workers)
    }
}

/// What one worker found: its own session, and messages to report in order.
private final class WorkerState: @unchecked Sendable {
    var session: SearchSession
    var diagnostics: DiagnosticSample<BlockPosition>
    var blocks: [BlockInfo] = []
    /// The hits kept from each block, as indices of the session's kept hits.
    var hitRanges: [(block: Int, hits: Range<Int>)] = []

    init(session: SearchSession, diagnosticCap: Int) {
        self.session = session
        self.diagnostics = DiagnosticSample(limit: diagnosticCap)
    }
}

/// Where a diagnostic was found: a block, and a line within the block.
private struct BlockPosition: Comparable, Sendable {
    var block: Int
    var line: Int

    static func < (a: Self, b: Self) -> Bool { (a.block, a.line) < (b.block, b.line) }
}

/// How many newlines a block holds, and whether the newline that ends the
/// line before its first line lies inside it.
private struct BlockInfo {
    var index: Int
    var newlines: Int
    var leading: Int
}

/// A file read in blocks. Block `i` holds the lines that start at a byte
/// offset in `[i × blockSize, (i + 1) × blockSize)`; its last line is read
/// past the block's end up to its newline.
private struct BlockFile: Sendable {
    let fd: Int32
    let size: Int
    let blockSize: Int
    let maxLineBytes: Int

    struct Outcome {
        var buffer: [UInt8] = []
        /// The offset in the file of `buffer[0]`.
        var base = 0
        /// Where the block's first line starts in `buffer`, and where its lines end.
        var start = 0
        var end = 0
        /// Where the bytes of the block itself end in `buffer` (lines go on
        /// past it to their end).
        var regionEnd = 0
        /// The newlines in the block, when the read counted them (a failed
        /// read); otherwise counted by `forEachLine`.
        var newlines: Int?
        var leading = 0
        var lineCount = 0
        var failure: Diagnostic?

        /// The offsets in `buffer` of the bytes that keep their lines from
        /// being ruled out by `prefilter`.
        func prefilterHits(_ prefilter: LinePrefilter) -> [Int] {
            // A block that holds no line start (one long line runs across
            // it) has no lines.
            guard start < end else { return [] }
            return buffer.withUnsafeBytes { raw in prefilter.hits(in: raw, range: start..<end) }
        }

        /// Calls `body` with each line, its 1-based number in the block and
        /// its byte offset in the file.
        /// - Returns: How many newlines the block holds (every newline ends
        ///   one line, which saves a pass to count them).
        func forEachLine(_ body: (UnsafeRawBufferPointer, Int, Int) -> Void) -> Int {
            var ended = 0
            if start < end {
                buffer.withUnsafeBytes { raw in
                    guard let origin = raw.baseAddress else { return }
                    let region = UnsafeRawBufferPointer(rebasing: raw[start..<end])
                    _ = LineScanner.forEachLine(in: region, firstLine: 1, includeUnterminatedTail: true) {
                        line, number in
                        let lineStart = line.baseAddress.map { $0 - origin } ?? start
                        // A line's newline is just past it (and past a
                        // `\r` that was cut); the last line may end past
                        // the block, or at the end of the file.
                        var newline = lineStart + line.count
                        if newline < end, raw[newline] == 0x0D { newline += 1 }
                        if newline < regionEnd { ended += 1 }
                        body(line, number, base + lineStart)
                    }
                }
            }
            return newlines ?? leading + ended
        }
    }

    /// Reads block `block` into `buffer`'s storage, which the outcome takes.
    ///
    /// The buffer keeps its size from block to block, and only the bytes
    /// read count (`end`): growing an array writes every new byte, so
    /// reading into what is already there saves a pass over each block.
    func read(block: Int, reusing buffer: inout [UInt8]) -> Outcome {
        var outcome = Outcome()
        swap(&outcome.buffer, &buffer)
        var length = 0
        /// Reads up to `count` bytes at file offset `offset` after the
        /// first `length`; false on a read error.
        func readMore(from offset: Int, count: Int) -> Bool {
            let (read, ok) = read(into: &outcome.buffer, at: length, from: offset, count: count)
            length += read
            return ok
        }
        let blockStart = block * blockSize
        let blockEnd = min(size, blockStart + blockSize)
        outcome.base = block == 0 ? 0 : blockStart - 1
        guard readMore(from: outcome.base, count: blockEnd - outcome.base) else {
            outcome.failure = Diagnostic(.error, "cannot read the file: \(ReadError(errno: errno))")
            return outcome
        }
        let regionStart = blockStart - outcome.base
        let regionEnd = length
        outcome.regionEnd = regionEnd
        if block == 0 {
            outcome.start = 0
        } else {
            guard let newline = outcome.buffer[..<length].firstIndex(of: 0x0A) else { return outcome }
            outcome.start = newline + 1
            outcome.leading = newline >= regionStart ? 1 : 0
            if outcome.start >= regionEnd { return outcome }
        }
        // Read past the block's end until its last line is complete, or is
        // known to be over the cap (then it is read no further: it is
        // skipped, and its bytes need not be held).
        let lineStart = Self.lastNewline(in: outcome.buffer, outcome.start..<regionEnd).map { $0 + 1 } ?? outcome.start
        var scanFrom = regionEnd
        var step = 1 << 12
        while (length == 0 || outcome.buffer[length - 1] != 0x0A) && outcome.base + length < size
            && length - lineStart <= maxLineBytes + 1
        {
            let more = min(step, size - outcome.base - length, maxLineBytes + 2 - (length - lineStart))
            step = min(step * 2, 1 << 20)
            guard readMore(from: outcome.base + length, count: more) else { break }
            if let newline = Self.firstNewline(in: outcome.buffer, scanFrom..<length) {
                length = newline + 1
                break
            }
            scanFrom = length
        }
        outcome.end = length
        return outcome
    }

    /// The offset of the first line feed in `range` of `buffer`.
    static func firstNewline(in buffer: [UInt8], _ range: Range<Int>) -> Int? {
        buffer.withUnsafeBytes { raw in
            guard let base = raw.baseAddress, !range.isEmpty else { return nil }
            return memchr(base + range.lowerBound, 0x0A, range.count).map { UnsafeRawPointer($0) - base }
        }
    }

    /// The offset of the last line feed in `range` of `buffer`.
    static func lastNewline(in buffer: [UInt8], _ range: Range<Int>) -> Int? {
        buffer.withUnsafeBytes { raw -> Int? in
            var index = range.upperBound
            while index > range.lowerBound {
                index -= 1
                if raw[index] == 0x0A { return index }
            }
            return nil
        }
    }

    /// The line feeds in `range` of `buffer`, found with `memchr`.
    static func countNewlines(_ buffer: [UInt8], _ range: Range<Int>) -> Int {
        buffer.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return 0 }
            var count = 0
            var position = range.lowerBound
            while position < range.upperBound,
                let hit = memchr(base + position, 0x0A, range.upperBound - position)
            {
                count += 1
                position = UnsafeRawPointer(hit) - base + 1
            }
            return count
        }
    }

    /// The file's first `maxBytes` bytes (fewer when it is shorter or
    /// cannot be read).
    func sample(maxBytes: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        let (read, _) = read(into: &bytes, at: 0, from: 0, count: min(size, maxBytes))
        return Array(bytes.prefix(read))
    }

    /// What ``read(into:at:from:count:)`` grows a buffer with before
    /// reading into it.
    private static let zeroes = [UInt8](repeating: 0, count: 1 << 16)

    /// Reads up to `count` bytes at file offset `offset` into `buffer` from
    /// index `position` on, growing it when it is shorter.
    /// - Returns: The number of bytes read (fewer at the end of the file),
    ///   and `false` after a read error.
    private func read(into buffer: inout [UInt8], at position: Int, from offset: Int, count: Int) -> (Int, Bool) {
        guard count > 0 else { return (0, true) }
        if buffer.count < position + count {
            // Grown by copying zeroes, which runs at memory speed (appending
            // a repeated byte goes one byte at a time), and at least doubled,
            // so that a long line read in steps costs time linear in its length.
            if buffer.capacity < position + count {
                buffer.reserveCapacity(max(position + count, buffer.capacity * 2))
            }
            var zeroesLeft = position + count - buffer.count
            while zeroesLeft > 0 {
                let chunk = min(zeroesLeft, Self.zeroes.count)
                buffer.append(contentsOf: Self.zeroes[..<chunk])
                zeroesLeft -= chunk
            }
        }
        var done = 0
        let ok = buffer.withUnsafeMutableBytes { raw -> Bool in
            guard let start = raw.baseAddress else { return false }
            while done < count {
                let result = pread(fd, start + position + done, count - done, off_t(offset + done))
                if result < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                if result == 0 { break }
                done += result
            }
            return true
        }
        return (done, ok)
    }
}

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

/// Reads one NDJSON file with every core: workers take fixed-size blocks of
/// the file in turn, each reads only its block (so memory does not grow with
/// the file) into a search of its own, and their results are merged as if
/// the file had been read in order. Line numbers, warnings and ties come out
/// the same as a sequential read: each line is classified by
/// ``NDJSONLineRule`` and goes through the same `LinePath` as a line the
/// ``RecordReader`` hands over.
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
        let cap = diagnosticCap
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
        let sourceBase = sourceIndex << 44
        let template = session.emptyCopy()
        // Whether an earlier source matched: then no fuzzy stand-in counts.
        let matchedBefore = session.statistics.matched > 0

        let matchLog = session.options.matchedLines
        let logsMatches = matchLog != nil
        let matchLimit = matchLog?.limit ?? 0

        /// One pass over the file by every worker, each with its own session.
        func runWorkers(prefilter: LinePrefilter?) -> [WorkerState] {
            // Not `prefilter != nil` per line: that copies the prefilter.
            let hasPrefilter = prefilter != nil
            let hasFilters = template.hasLineFilters
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
                // The path in storage of this worker's own: every record's
                // location counts a reference to it, and two cores counting
                // references to one string contend for its cache line.
                let path = String(decoding: Array(path.utf8), as: UTF8.self)
                // Short keys and values made once per worker, for lines
                // that are read whole.
                let cache = ShortStringCache()
                // One buffer for every block this worker reads: no fresh
                // pages to fault in per block.
                var buffer: [UInt8] = []
                while true {
                    let block = nextBlock.add(1, ordering: .relaxed).oldValue
                    guard block < blockCount else { return }
                    if let isCancelled = session.options.isCancelled, isCancelled() { return }
                    let outcome = file.read(block: block, reusing: &buffer)
                    defer {
                        buffer = outcome.buffer
                        file.release(outcome)
                    }
                    if var failure = outcome.failure {
                        failure.location = SourceLocation(file: path, line: outcome.lineCount + 1)
                        state.diagnostics.add(
                            failure, at: BlockPosition(block: block, line: outcome.lineCount + 1))
                    }
                    // Offsets in the block's bytes that keep their lines in.
                    let hits = prefilter.map { outcome.prefilterHits($0) } ?? []
                    var nextHit = 0
                    let firstHit = session.keptHitCount
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
                        guard limit > at, let base = raw.baseAddress else { return (0, 0) }
                        let settled = session.quicklyRuledOut(
                            run: UnsafeRawBufferPointer(start: base + at, count: limit - at), maxLineBytes: maxLineBytes
                        )
                        if settled.stopped { unsettledAt = at + settled.bytes }
                        return (settled.bytes, settled.lines)
                    }) { line, relativeLine, offset in
                        let isFirstLine = block == 0 && relativeLine == 1
                        let position = BlockPosition(block: block, line: relativeLine)
                        let content: UnsafeRawBufferPointer
                        switch NDJSONLineRule.classify(line, isFirstLine: isFirstLine, maxLineBytes: maxLineBytes) {
                        case .overLong:
                            let location = SourceLocation(file: path, line: relativeLine)
                            return state.diagnostics.add(
                                NDJSONLineRule.overLong(at: location, maxLineBytes: maxLineBytes), at: position)
                        case .blank:
                            return
                        case .content(let bytes):
                            content = bytes
                        }
                        var mayMatch = true
                        if hasPrefilter {
                            let start = offset - outcome.base
                            while nextHit < hits.count, hits[nextHit] < start { nextHit += 1 }
                            mayMatch = nextHit < hits.count && hits[nextHit] < start + line.count
                            if !mayMatch, !isFirstLine, start != unsettledAt, session.quicklyRuledOut(content) {
                                return
                            }
                        }
                        if hasFilters, !isFirstLine, session.quicklyFilteredOut(content) { return }
                        var last: Diagnostic?
                        let considered = session.considerLine(
                            content,
                            file: path,
                            line: relativeLine,
                            hint: hint,
                            order: sourceBase + offset,
                            mayMatch: mayMatch,
                            cache: cache
                        ) { diagnostic in
                            last = diagnostic
                            state.diagnostics.add(diagnostic, at: position)
                        }
                        // Until a worker's first match, it tries fuzzy stand-ins
                        // on lines that a read in order, having matched before,
                        // would not: what their kind rejected is reported only
                        // if no match comes before it in the file (see below).
                        if case .rejected(isFuzzyStandIn: true) = considered, let last {
                            state.rejectedStandIns.append((position, DiagnosticSample<BlockPosition>.key(last)))
                        }
                        guard case .matched(isFuzzyStandIn: false) = considered else { return }
                        if firstMatchInBlock == nil { firstMatchInBlock = relativeLine }
                        if logsMatches {
                            if state.matchedLines.count < matchLimit {
                                state.matchedLines.append(
                                    .init(offset: offset, length: line.count, number: relativeLine))
                                state.matchedBlocks.append(block)
                            } else {
                                state.matchesOverflowed = true
                            }
                        }
                    }
                    if let firstMatchInBlock { state.firstMatch[block] = firstMatchInBlock }
                    state.blocks.append(BlockInfo(index: block, newlines: newlines, leading: outcome.leading))
                    state.hitRanges.append((block, firstHit..<session.keptHitCount))
                }
            }
            return states
        }

        // The prefilter's fragments, cut where they let the fewest lines of
        // the file's first megabyte through.
        let prefilter = session.prefilter.map { prefilter in
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
        // The first match in the file: no fuzzy stand-in is tried after it,
        // so that the stand-ins a worker's kind rejected past it are dropped.
        let firstMatch = states.flatMap { $0.firstMatch.map { BlockPosition(block: $0.key, line: $0.value) } }.min()
        var droppedStandIns = Set<BlockPosition>()
        var droppedPerGroup: [String: Int] = [:]
        for state in states {
            for (position, key) in state.rejectedStandIns
            where matchedBefore || firstMatch.map({ $0 < position }) == true {
                droppedStandIns.insert(position)
                droppedPerGroup[key, default: 0] += 1
            }
        }
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
        for (key, count) in droppedPerGroup { totals[key]?.count -= count }
        let kindWarnings = session.newKindWarnings(in: states.map(\.session))
        for (group, count) in [
            (Diagnostic.unknownKindGroup, kindWarnings.unknownKinds),
            (SearchSession.kindTypeGroup, kindWarnings.kindTypes),
        ] {
            let key = DiagnosticSample<BlockPosition>.key(severity: .warning, group: group)
            if totals[key] != nil { totals[key]!.count = count }
        }
        var reported: [String: Int] = [:]
        for (position, diagnostic) in firstFew {
            var diagnostic = diagnostic
            let key = DiagnosticSample<BlockPosition>.key(diagnostic)
            if let once = diagnostic.onceKey, session.gaveWarning(onceKey: once) || !seenOnce.insert(once).inserted {
                // A record note is given once, however many workers met it.
                if once.hasPrefix("note:") { totals[key]?.count -= 1 }
                continue
            }
            if droppedStandIns.contains(position), diagnostic.skipsRecord, diagnostic.onceKey == nil,
                diagnostic.message.hasSuffix("; record skipped")
            {
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
        var workerSessions: [SearchSession] = []
        for state in states {
            // Taken out of the state, so that merging does not copy what the
            // state still shares.
            var worker = template
            swap(&worker, &state.session)
            workerSessions.append(worker)
        }
        // Each worker's hits of each block, in the order of the blocks.
        var hitRanges: [(block: Int, worker: Int, hits: Range<Int>)] = []
        for (index, state) in states.enumerated() {
            hitRanges += state.hitRanges.map { (block: $0.block, worker: index, hits: $0.hits) }
        }
        hitRanges.sort { $0.block < $1.block }
        session.merge(&workerSessions, hitRanges: hitRanges.map { (worker: $0.worker, hits: $0.hits) })
        session.forgetRejectedStandIns(droppedStandIns.count)
        // What the workers still hold (fuzzy stand-ins, kinds, messages) is
        // freed off the main thread; their kept hits were moved out.
        BackgroundRelease.release(consume workerSessions)
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

/// What one worker found: its own session, and messages to report in order.
private final class WorkerState: @unchecked Sendable {
    var session: SearchSession
    var diagnostics: DiagnosticSample<BlockPosition>
    var blocks: [BlockInfo] = []
    /// The hits kept from each block, as indices of the session's kept hits.
    var hitRanges: [(block: Int, hits: Range<Int>)] = []
    /// The line of each block's first match, for the blocks with one.
    var firstMatch: [Int: Int] = [:]
    /// Where a fuzzy stand-in was rejected by its kind, and its diagnostic's group.
    var rejectedStandIns: [(position: BlockPosition, key: String)] = []
    /// The lines that matched, numbered within their block, when the caller
    /// asked for them (see `MatchedLines`), and the block of each.
    var matchedLines: [MatchedLines.Line] = []
    var matchedBlocks: [Int] = []
    var matchesOverflowed = false

    init(session: SearchSession, diagnosticCap: Int) {
        self.session = session
        self.diagnostics = DiagnosticSample(limit: diagnosticCap)
    }
}

/// Where a diagnostic was found: a block, and a line within the block.
private struct BlockPosition: Comparable, Hashable, Sendable {
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

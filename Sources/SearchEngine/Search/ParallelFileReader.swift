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
/// the same as a sequential read: each line goes through the same
/// `LinePath` as a line the ``RecordReader`` hands over.
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

    /// Searches the file into `session`.
    /// - Parameter diagnose: Called, in input order, with every warning and error.
    func search(into session: inout SearchSession, diagnose: (Diagnostic) -> Void) {
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
        let cores = max(1, self.workers ?? Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        let blockSize = max(self.blockSize ?? min(4 << 20, max(64 << 10, size / (cores * 32))), 1)
        let blockCount = (size + blockSize - 1) / blockSize
        let workerCount = max(1, min(cores, blockCount))
        let file = BlockFile(fd: fd, size: size, blockSize: blockSize, maxLineBytes: maxLineBytes)
        // Binary data is refused at once, as the reader refuses it.
        if let refusal = RecordReader.binaryData(in: file.sample(maxBytes: 4096), file: path) {
            diagnose(refusal)
            return
        }
        let sourceBase = sourceIndex << 44
        let template = session.emptyCopy()
        // Whether an earlier source matched: then no fuzzy stand-in counts.
        let matchedBefore = session.statistics.matched > 0

        /// One pass over the file by every worker, each with its own session.
        func runWorkers(prefilter: LinePrefilter?) -> [WorkerState] {
            // Not `prefilter != nil` per line: that copies the prefilter.
            let hasPrefilter = prefilter != nil
            let nextBlock = Atomic<Int>(0)
            let states = (0..<workerCount).map { _ in WorkerState(session: template) }
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
                    let outcome = file.read(block: block, reusing: &buffer)
                    defer { buffer = outcome.buffer }
                    if var failure = outcome.failure {
                        failure.location = SourceLocation(file: path, line: outcome.lineCount + 1)
                        state.messages.append(
                            BlockMessage(block: block, line: outcome.lineCount + 1, diagnostic: failure))
                    }
                    // Offsets in the block's buffer that keep their lines in.
                    let hits = prefilter.map { outcome.prefilterHits($0) } ?? []
                    var nextHit = 0
                    let firstHit = session.keptHitCount
                    let newlines = outcome.forEachLine { line, relativeLine, offset in
                        let isFirstLine = block == 0 && relativeLine == 1
                        let content: UnsafeRawBufferPointer
                        switch NDJSONLineRule.classify(line, isFirstLine: isFirstLine, maxLineBytes: maxLineBytes) {
                        case .overLong:
                            let location = SourceLocation(file: path, line: relativeLine)
                            return state.messages.append(
                                BlockMessage(
                                    block: block, line: relativeLine,
                                    diagnostic: NDJSONLineRule.overLong(at: location, maxLineBytes: maxLineBytes)))
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
                            if !mayMatch, !isFirstLine, session.quicklyRuledOut(content) {
                                return
                            }
                        }
                        let matchedSoFar = session.statistics.matched
                        let rejectedBefore = session.rejectedStandIns
                        session.considerLine(
                            content,
                            file: path,
                            line: relativeLine,
                            hint: hint,
                            order: sourceBase + offset,
                            mayMatch: mayMatch,
                            cache: cache
                        ) { diagnostic in
                            state.messages.append(
                                BlockMessage(block: block, line: relativeLine, diagnostic: diagnostic))
                        }
                        // Until a worker's first match, it tries fuzzy stand-ins
                        // on lines that a read in order, having matched before,
                        // would not: what their kind rejected is reported only
                        // if no match comes before it in the file (see below).
                        if session.rejectedStandIns != rejectedBefore, !state.messages.isEmpty {
                            state.messages[state.messages.count - 1].rejectsStandIn = true
                        }
                        if session.statistics.matched != matchedSoFar, state.firstMatch[block] == nil {
                            state.firstMatch[block] = relativeLine
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

        // The first match in the file: no fuzzy stand-in is tried after it.
        let firstMatch = states.flatMap { $0.firstMatch.map { (block: $0.key, line: $0.value) } }
            .min { ($0.block, $0.line) < ($1.block, $1.line) }
        var seenOnce = Set<String>()
        var standInsAfterFirstMatch = 0
        let messages = states.flatMap(\.messages).sorted { ($0.block, $0.line) < ($1.block, $1.line) }
        for message in messages {
            if message.rejectsStandIn,
                matchedBefore || firstMatch.map { ($0.block, $0.line) < (message.block, message.line) } == true
            {
                standInsAfterFirstMatch += 1
                continue
            }
            var diagnostic = message.diagnostic
            if let key = diagnostic.onceKey {
                let kindName = String(key.dropFirst("unknown-kind:".count))
                if session.knowsFallback(kindName) || !seenOnce.insert(key).inserted { continue }
            }
            diagnostic.location = diagnostic.location.map { absolute($0, block: message.block) }
            diagnose(diagnostic)
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
        session.forgetRejectedStandIns(standInsAfterFirstMatch)
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
        diagnose: (Diagnostic) -> Void
    ) {
        let reader = ParallelFileReader(
            path: path, hint: hint, sourceIndex: sourceIndex, maxLineBytes: maxLineBytes, workers: workers,
            blockSize: blockSize)
        reader.search(into: &self, diagnose: diagnose)
    }
}

/// What one worker found: its own session, and messages to report in order.
private final class WorkerState: @unchecked Sendable {
    var session: SearchSession
    var messages: [BlockMessage] = []
    var blocks: [BlockInfo] = []
    /// The hits kept from each block, as indices of the session's kept hits.
    var hitRanges: [(block: Int, hits: Range<Int>)] = []
    /// The line of each block's first match, for the blocks with one.
    var firstMatch: [Int: Int] = [:]

    init(session: SearchSession) {
        self.session = session
    }
}

/// A message with the block it came from and its line within the block.
private struct BlockMessage {
    var block: Int
    var line: Int
    var diagnostic: Diagnostic
    /// Whether it reports a fuzzy stand-in its kind rejected.
    var rejectsStandIn = false
}

/// How many newlines a block holds, and whether the newline that ends the
/// line before its first line lies inside it.
private struct BlockInfo {
    var index: Int
    var newlines: Int
    var leading: Int
}

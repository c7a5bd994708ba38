import Dispatch
import ProcessMemory
import ResultKit
import StreamingJSON

/// One search of a file's records in blocks on every core, whatever the
/// blocks hold: NDJSON lines (``ParallelFileReader``) or the elements of a
/// JSON array (``ParallelArrayReader``). Workers take the blocks in turn,
/// each into a search of its own, and their results are merged as if the
/// records had been read in order: the same results, counts, ties and
/// messages, each message in input order, the first few of each group
/// passed on and the rest tallied.
///
/// A reader gives each record to ``BlockWorker/consider(_:line:order:mayMatch:at:place:)``
/// and says where each block's hits end; the rest is done here.
struct BlockSearch {
    /// The file as messages and locations name it.
    let path: String
    /// The kind its name implies.
    let hint: String?
    /// Added to a record's offset in the file to make its order among all
    /// sources' records, for ties.
    let sourceBase: Int
    /// How many diagnostics of each group are passed on one by one.
    let diagnosticCap: Int
    /// A session with the search's query and options and nothing considered.
    let template: SearchSession
    /// Whether an earlier source matched: then no fuzzy stand-in counts.
    let matchedBefore: Bool

    init(session: SearchSession, path: String, hint: String?, sourceIndex: Int, diagnosticCap: Int) {
        self.path = path
        self.hint = hint
        self.sourceBase = sourceIndex << 44
        self.diagnosticCap = diagnosticCap
        self.template = session.emptyCopy()
        self.matchedBefore = session.statistics.matched > 0
    }

    /// Runs `work` on `count` threads at once, each with a worker of its
    /// own, which reads blocks until none is left.
    func run(workers count: Int, _ work: @Sendable (inout BlockWorker) -> Void) -> [WorkerState] {
        let states = (0..<count).map { _ in WorkerState(session: template, diagnosticCap: diagnosticCap) }
        DispatchQueue.concurrentPerform(iterations: count) { index in
            let state = states[index]
            // Huge pages for this thread's heap, when the process asked
            // for them: a worker keeps every hit it finds there.
            ProcessMemory.adviseHugePagesForThisThread()
            // The session is taken out of the shared state while the worker
            // runs: a class's property costs an exclusivity check and
            // reference counts on every record.
            var worker = BlockWorker(search: self, state: state)
            swap(&worker.session, &state.session)
            defer { swap(&worker.session, &state.session) }
            work(&worker)
        }
        return states
    }

    /// Merges what the workers found into `session` and passes their
    /// diagnostics on to `diagnose`, in input order.
    /// - Parameters:
    ///   - firstLine: The line of each block's first line, when workers
    ///     numbered lines within their blocks; `nil` when they numbered
    ///     them in the file.
    ///   - blockOfOrder: The block of a record of this order, when workers
    ///     numbered lines within their blocks.
    func merge(
        _ states: [WorkerState], into session: inout SearchSession, firstLine: [Int]?,
        blockOfOrder: @Sendable (Int) -> Int,
        diagnose: (Diagnostic) -> Void
    ) {
        let cap = diagnosticCap
        func absolute(_ location: SourceLocation, block: Int) -> SourceLocation {
            guard let firstLine else { return location }
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
        if let firstLine {
            // Each worker's hits are relocated on a core of their own, in
            // place: no other hit shares their storage.
            DispatchQueue.concurrentPerform(iterations: states.count) { index in
                states[index].session.relocateHits { order in firstLine[blockOfOrder(order)] }
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

/// One thread's part of a ``BlockSearch``: its own session, while it runs,
/// and what it reports when done.
struct BlockWorker {
    /// The worker's search.
    var session: SearchSession
    /// What it reports: messages, where each block's hits are, first matches.
    let state: WorkerState
    /// Short keys and values made once per worker, for records read whole.
    let cache = ShortStringCache()
    /// The file as messages name it, in storage of this worker's own: every
    /// record's location counts a reference to it, and two cores counting
    /// references to one string contend for its cache line.
    let path: String
    let hint: String?
    let sourceBase: Int

    init(search: BlockSearch, state: WorkerState) {
        self.session = search.template
        self.state = state
        self.path = String(decoding: Array(search.path.utf8), as: UTF8.self)
        self.hint = search.hint
        self.sourceBase = search.sourceBase
    }

    /// Considers one record's content (see `SearchSession.considerLine`),
    /// its messages placed in the file by `place`, and notes what it came
    /// to at `position`.
    /// - Parameters:
    ///   - line: The line it starts on (within its block or the file, as
    ///     the reader numbers them).
    ///   - offset: Its offset in the file, which orders ties.
    /// - Returns: Whether it matched, not as a fuzzy stand-in.
    @inline(__always)
    mutating func consider(
        _ content: Span<UInt8>, line: Int, offset: Int, mayMatch: Bool, at position: BlockPosition,
        place: (Diagnostic) -> Diagnostic
    ) -> Bool {
        var last: Diagnostic?
        let state = state
        let considered = session.considerLine(
            content,
            file: path,
            line: line,
            hint: hint,
            order: sourceBase + offset,
            mayMatch: mayMatch,
            cache: cache
        ) { diagnostic in
            let placed = place(diagnostic)
            last = placed
            state.diagnostics.add(placed, at: position)
        }
        // Until a worker's first match, it tries fuzzy stand-ins on records
        // that a read in order, having matched before, would not: what their
        // kind rejected is reported only if no match comes before it in the
        // file (see `BlockSearch.merge`).
        if case .rejected(isFuzzyStandIn: true) = considered, let last {
            state.rejectedStandIns.append((position, DiagnosticSample<BlockPosition>.key(last)))
        }
        guard case .matched(isFuzzyStandIn: false) = considered else { return false }
        return true
    }

    /// Notes that the block `block` holds the hits kept from `first` on,
    /// its first match (if any) at `firstMatch`.
    mutating func finish(block: Int, hitsFrom first: Int, firstMatch: Int?) {
        if let firstMatch { state.firstMatch[block] = firstMatch }
        state.hitRanges.append((block, first..<session.keptHitCount))
    }
}

/// What one worker found: its own session, and messages to report in order.
final class WorkerState: @unchecked Sendable {
    var session: SearchSession
    var diagnostics: DiagnosticSample<BlockPosition>
    /// Per block, what a reader that numbers lines within blocks needs.
    var blocks: [BlockLines] = []
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

/// Where a diagnostic was found: a block, and a record within the block
/// (its line, or its place among the block's elements).
struct BlockPosition: Comparable, Hashable, Sendable {
    var block: Int
    var line: Int

    static func < (a: Self, b: Self) -> Bool { (a.block, a.line) < (b.block, b.line) }
}

/// How many newlines a block holds, and whether the newline that ends the
/// line before its first line lies inside it.
struct BlockLines {
    var index: Int
    var newlines: Int
    var leading: Int
}

import Dispatch
import ProcessMemory
import RawBytes
package import ResultKit
package import SearchEngine
import Synchronization

/// Runs searches off the terminal's thread, one at a time, each through
/// ``SearchEngine/search(sources:query:options:registry:diagnose:)`` over
/// the records held in memory.
///
/// Which records each search reads: those that matched an earlier query
/// when they hold every match (``NarrowingRule``); for a query of one word,
/// or of plain words when few records matched an earlier query, only the
/// best, ranked from the index of the records' search texts
/// (``SearchTextIndex``, ``IndexRanking``, ``SubsetRanking``), built off
/// the terminal's thread once the first search has started, and of those
/// only the rows a screen shows first (the rest when shown); else every
/// record. Results and counts are those of a one-shot search whichever way.
///
/// Typing never waits for a search: ``start(_:)`` returns at once, and a
/// search still running when a newer one starts stops within a few hundred
/// records, or a block of a file that is not held. Only the newest search's results are kept; ``take()`` hands
/// them over once, and `wake` tells the terminal's thread they are there.
package final class LiveSearch: Sendable {
    /// What a finished search found.
    package struct Outcome: Sendable {
        /// The query as typed.
        package var query: String
        /// The kept hits, best first, or why the query could not run.
        package var result: Result<[SearchHit], Failure>
        /// How many records matched in all.
        package var matched: Int
        /// How many records there are in all.
        package var total: Int = 0
        /// How long the search took.
        package var elapsed: Duration
        /// Whether only the records that matched a shorter query were read.
        package var narrowed: Bool
        /// The warnings and errors of the search, such as malformed lines.
        package var diagnostics: [Diagnostic]
        /// Whether the index chose the records the engine read (see ``SearchTextIndex``).
        package var indexed = false
        /// How many hits are kept in all: those of ``result`` and those
        /// ``more`` builds.
        package var kept = 0
        /// The kinds of every record that matched with their counts, most
        /// first (counted by the index, or by the engine), not only those of
        /// the kept rows; `nil` when only fuzzy stand-ins matched.
        package var kinds: [(name: String, count: Int)]?
        /// Builds the kept hits past those of ``result``.
        package var more: MoreHits?

        /// Every kept hit, those not built yet built now.
        package func allHits() -> [SearchHit] {
            let built = (try? result.get()) ?? []
            guard let more, kept > built.count else { return built }
            return built + more.build(built.count..<kept)
        }
    }

    /// Builds the kept hits a search left to build until they are shown.
    package struct MoreHits: Sendable {
        /// The hits at `range` of the kept hits, best first.
        package let build: @Sendable (Range<Int>) -> [SearchHit]
    }

    /// A query that cannot run: its message, made to be shown on the status line.
    package struct Failure: Error, Sendable {
        package var message: String
    }

    /// The records that matched a finished query, for a longer one to narrow.
    private struct Candidates: Sendable {
        var query: String
        /// The held records that matched, ascending.
        var indices: [Int32]
        /// The lines that matched in the one file that is not held, and
        /// the file's stamp when they were found.
        var lines: (found: [MatchedLines.Line], stamp: FileStamp)?
    }

    /// What one search found: its result, the held records and the lines of
    /// a file that is not held that matched, its diagnostics, and whether it
    /// read everything it was given.
    private struct Searched {
        var result: Result<SearchResult, SearchError>
        var indices: [Int32]
        var lines: [MatchedLines.Line]?
        var diagnostics: [Diagnostic]
        var complete: Bool
    }

    private let records: LoadedRecords
    private let registry: KindRegistry
    private let options: SearchOptions
    private let queue = DispatchQueue(label: "InteractiveSearch.LiveSearch")
    private let generation = Atomic<Int>(0)
    private let latest = Mutex<Outcome?>(nil)
    /// The matches of the latest queries, newest first.
    private let candidates = Mutex<[Candidates]>([])
    /// How many queries' matches are remembered: enough to narrow from the
    /// last words typed in full while the next word grows.
    private static let rememberedCandidateSets = 4
    /// The most matching lines of a file remembered to be read again: past
    /// that, reading the whole file on every core is about as quick.
    private static let maximumLinesReadAgain = 1 << 16
    /// How many records that matched an earlier query are ranked among
    /// themselves rather than every record ranked, for each 100,000
    /// records of the index: about what ranking every record costs.
    private let fewCandidates: Int
    /// How many of the best rows a search through the index builds before
    /// it is shown: more than a screen holds.
    private let firstRows: Int
    /// The most bytes the index may hold in memory: past it, its blocks go
    /// to a temporary file (see ``SearchTextIndex``).
    private let indexBudget: Int
    /// How many records each block of the index holds.
    private let indexBlockRecords: Int
    /// The records read by the last full search.
    private let lastTotal = Mutex<Int>(0)
    /// Whether a full search has counted the records.
    private let hasCounted = Atomic<Bool>(false)
    /// The index of the records' search texts, once built (see ``SearchTextIndex``).
    private let index = Mutex<IndexState>(.notBuilt)
    private let indexQueue = DispatchQueue(label: "InteractiveSearch.LiveSearch.index", qos: .utility)

    private enum IndexState: Sendable {
        case notBuilt
        case building
        case ready(SearchTextIndex)
        /// None can be built: too large, or no search could use it.
        case none
    }
    private let wake: @Sendable () -> Void

    /// - Parameters:
    ///   - records: What to search.
    ///   - registry: The kinds.
    ///   - options: The options of every search (limit, kinds, sort).
    ///   - wake: Called on the search's thread when an outcome is ready.
    ///   - fewCandidates: How many records that matched an earlier query,
    ///     for each 100,000 records of the index, are ranked among
    ///     themselves rather than every record through the index.
    ///   - firstRows: How many of the best rows a search through the index
    ///     builds before it is shown; the rest are built when shown.
    ///   - indexBudget: The most bytes the index holds in memory; past it,
    ///     its blocks go to a temporary file.
    ///   - indexBlockRecords: How many records each block of the index holds.
    package init(
        records: LoadedRecords, registry: KindRegistry, options: SearchOptions, fewCandidates: Int = 4096,
        firstRows: Int = 100, indexBudget: Int = SearchTextIndex.budget,
        indexBlockRecords: Int = SearchTextIndex.blockRecords, wake: @escaping @Sendable () -> Void
    ) {
        self.indexBudget = indexBudget
        self.indexBlockRecords = indexBlockRecords
        self.fewCandidates = fewCandidates
        self.firstRows = max(1, firstRows)
        self.records = records
        self.registry = registry
        var options = options
        options.countsMatchesByKind = true
        self.options = options
        self.wake = wake
    }

    /// Starts building the index of the records' search texts off the
    /// terminal's thread, once every record has come; searches use it when
    /// it is ready.
    package func startIndexing() {
        guard records.isComplete else { return }
        let begin = index.withLock { state in
            guard case .notBuilt = state else { return false }
            state = .building
            return true
        }
        guard begin else { return }
        indexQueue.async { [self] in
            let built = buildIndex()
            index.withLock { $0 = built.map { .ready($0) } ?? .none }
            ProcessMemory.releaseFreedMemory()
        }
    }

    /// Builds the index now, on the caller's thread; for tests and
    /// benchmarks. Whether there is one.
    @discardableResult
    package func buildIndexNow() -> Bool {
        let built = buildIndex()
        index.withLock { $0 = built.map { .ready($0) } ?? .none }
        return built != nil
    }

    /// The descriptor of the temporary file that holds the index's blocks,
    /// once the index is built, when they are in a file; for tests.
    package var indexFileDescriptor: Int32? {
        guard case .ready(let built) = index.withLock({ $0 }), case .file(let file) = built.storage else { return nil }
        return file.descriptor
    }

    /// The index of what is searched, or `nil` when none helps: a kind
    /// filter (no search could use it), held records with a file searched
    /// in place, or past the memory budget with no temporary file to hold it.
    private func buildIndex() -> SearchTextIndex? {
        guard options.kinds.isEmpty else { return nil }
        if let lineFile {
            return SearchTextIndex.file(
                path: lineFile.path, hint: lineFile.hint, registry: registry, rule: options.ranking,
                maxLineBytes: options.maxLineBytes, budget: indexBudget, blockRecords: indexBlockRecords,
                isCancelled: { false })
        }
        guard !records.readsFiles else { return nil }
        return SearchTextIndex.held(
            records, registry: registry, rule: options.ranking, budget: indexBudget, blockRecords: indexBlockRecords)
    }

    /// Starts searching for `text`; any search still running is abandoned.
    package func start(_ text: String) {
        startIndexing()
        let mine = generation.add(1, ordering: .sequentiallyConsistent).newValue
        queue.async { [self] in
            guard generation.load(ordering: .sequentiallyConsistent) == mine else { return }
            guard let outcome = run(text, generation: mine) else { return }
            guard generation.load(ordering: .sequentiallyConsistent) == mine else { return }
            latest.withLock { $0 = outcome }
            wake()
            // What the search let go goes back to the system once its
            // outcome is on its way: memory stays as bounded as a one-shot
            // search's, however many keystrokes the picker lives through.
            ProcessMemory.releaseFreedMemory()
        }
    }

    /// Runs one search now, on the caller's thread; for tests and benchmarks.
    package func searchNow(_ text: String) -> Outcome? {
        run(text, generation: generation.load(ordering: .sequentiallyConsistent))
    }

    /// The newest finished search's outcome, once.
    package func take() -> Outcome? {
        latest.withLock { outcome in
            defer { outcome = nil }
            return outcome
        }
    }

    /// The search for `typed`, or nil when a newer search made it pointless.
    ///
    /// A phrase still being typed (`"queen of`) is read as closed at the
    /// end of the query, so that the rows follow the typing rather than an
    /// error flashing until the quote is closed; a query that cannot run
    /// says why on one line.
    private func run(_ typed: String, generation mine: Int) -> Outcome? {
        let started = ContinuousClock.now
        var text = typed
        let query: Query
        do {
            query = try QueryParser().parse(typed)
        } catch {
            guard let closed = try? QueryParser().parse(typed + "\"") else {
                return Outcome(
                    query: typed, result: .failure(Failure(message: message(error))), matched: 0,
                    elapsed: ContinuousClock.now - started, narrowed: false, diagnostics: [])
            }
            text = typed + "\""
            query = closed
        }
        var outcome = run(text, query, generation: mine, started: started)
        outcome?.query = typed
        return outcome
    }

    /// What a query that cannot run shows on the status line: one line.
    private func message(_ error: any Error) -> String {
        if let error = error as? SearchError, case .unknownKind(let name, let seen) = error {
            let known = Set(registry.kinds.map(\.name) + seen).sorted()
            return "unknown kind '\(name)' (known: \(known.joined(separator: ", ")))"
        }
        return "\(error)".split(whereSeparator: \.isNewline).joined(separator: "; ")
    }

    /// The search for `text`, parsed as `query`.
    private func run(_ text: String, _ query: Query, generation mine: Int, started: ContinuousClock.Instant)
        -> Outcome?
    {
        let clock = ContinuousClock()
        // The most recent matches that hold every match of `text`: usually
        // the fewest. Lines of a file are read again only while it is unchanged.
        let lineFile = lineFile
        let stamp = lineFile.flatMap { FileStamp(path: $0.path) }
        let previous = candidates.withLock { $0 }
        // While standard input still comes, every search reads all that has
        // come: an earlier query's matches miss what came since, and the
        // total is of what has come now, not of the last full search.
        let coming = isStillComing
        var subset =
            coming
            ? nil
            : previous.first {
                NarrowingRule.mayReuse(matchesOf: $0.query, for: text) && (lineFile == nil || $0.lines?.stamp == stamp)
            }
        // Ranked from the index, when there is one (see ``searchIndexed``).
        switch searchIndexed(text, query, among: subset, generation: mine, started: started) {
        case .cancelled: return nil
        case .found(let outcome): return outcome
        case nil: break
        }
        let isCancelled: @Sendable () -> Bool = { [self] in generation.load(ordering: .relaxed) != mine }
        guard var searched = search(query, among: subset, isCancelled: isCancelled) else { return nil }
        // Nothing among the candidates (a full search finds nothing either,
        // but shows fuzzy stand-ins from every record), or a file's lines
        // could not be read again: a full search.
        if subset != nil, !searched.complete || (try? searched.result.get())?.statistics.matched == 0 {
            subset = nil
            guard let full = search(query, among: nil, isCancelled: isCancelled) else { return nil }
            searched = full
        }
        let result: SearchResult
        switch searched.result {
        case .success(let found):
            result = found
        case .failure(let error):
            return Outcome(
                query: text, result: .failure(Failure(message: message(error))), matched: 0,
                elapsed: clock.now - started, narrowed: false, diagnostics: [])
        }
        // Only real matches narrow: when nothing matched, fuzzy stand-ins
        // were shown, and a longer query may match what they did not.
        let matched = result.statistics.matched
        if matched > 0, searched.complete, lineFile == nil || searched.lines != nil {
            let lines = searched.lines.flatMap { found in (subset?.lines?.stamp ?? stamp).map { (found, $0) } }
            candidates.withLock { remembered in
                remembered.insert(Candidates(query: text, indices: searched.indices, lines: lines), at: 0)
                remembered.removeLast(max(0, remembered.count - Self.rememberedCandidateSets))
            }
        }
        // Counted by the full searches, as a one-shot search counts them.
        let total = subset == nil ? result.statistics.read : lastTotal.withLock { $0 }
        lastTotal.withLock { $0 = total }
        // Searches through the index take their total from here: only a
        // count of all the input will do.
        if subset == nil, !coming { hasCounted.store(true, ordering: .sequentiallyConsistent) }
        var outcome = Outcome(
            query: text, result: .success(result.hits), matched: matched, total: total,
            elapsed: clock.now - started, narrowed: subset != nil, diagnostics: searched.diagnostics)
        outcome.kept = result.hits.count
        // Every match's kind, most first, not only the kept rows'.
        outcome.kinds = result.matchedByKind.map { counts in
            counts.sorted { $0.count != $1.count ? $0.count > $1.count : $0.name < $1.name }
        }
        return outcome
    }

    private enum Indexed {
        case cancelled
        case found(Outcome)
    }

    /// A query searched through the index: one word among every record
    /// (``IndexRanking``), unless few records are left from an earlier query
    /// (`subset`, ``fewCandidates``); plain words among those few, or among
    /// the lines of a file however many, as reading them again costs more
    /// (``SubsetRanking``). The engine builds the rows of only the best ``firstRows`` records
    /// (and reads every record that is not indexed); the rest of the kept
    /// rows are built when the screen shows them (``MoreHits``). `nil` when
    /// the index cannot serve the query, or when what the engine found
    /// disagrees with the index (the caller then searches as before).
    private func searchIndexed(
        _ text: String, _ query: Query, among subset: Candidates?, generation mine: Int,
        started: ContinuousClock.Instant
    ) -> Indexed? {
        guard hasCounted.load(ordering: .sequentiallyConsistent), case .ready(let index) = index.withLock({ $0 })
        else { return nil }
        if let stamp = index.stamp {
            guard let lineFile, FileStamp(path: lineFile.path) == stamp else { return nil }
        }
        // How the best are found: among every record, or among the few.
        let ranking:
            @Sendable (_ keep: Int, _ remember: Int, _ isCancelled: @Sendable () -> Bool) -> IndexRanking.Selection?
        let oneWord = IndexRanking(query: query, options: options)
        let left = subset.map { max($0.indices.count, $0.lines?.found.count ?? 0) } ?? .max
        let few = left <= fewCandidates * max(1, index.count / 100_000) || (subset?.lines != nil && oneWord == nil)
        if let subset, few {
            guard let words = SubsetRanking(query: query, options: options),
                let records = records(of: subset, in: index)
            else { return nil }
            ranking = { words.select(in: index, among: records, keep: $0, remember: $1, isCancelled: $2) }
        } else {
            guard let word = oneWord else { return nil }
            ranking = { word.select(in: index, keep: $0, remember: $1, isCancelled: $2) }
        }
        let isCancelled: @Sendable () -> Bool = { [self] in generation.load(ordering: .relaxed) != mine }
        // The best rows a screen shows first: the rest are ranked and built when shown.
        guard let selection = ranking(min(firstRows, options.limit), Self.maximumLinesReadAgain, isCancelled)
        else { return isCancelled() ? .cancelled : nil }
        let first = selection.ranked[...]
        let built: Built
        switch hits(of: first, withUnindexed: true, query: query, index: index, isCancelled: isCancelled) {
        case .cancelled: return .cancelled
        case .disagrees: return nil
        case .built(let found): built = found
        }
        // Nothing matched: a full search shows fuzzy stand-ins.
        guard selection.matched > 0 else { return nil }
        if let all = selection.allMatches, all.count <= Self.maximumLinesReadAgain {
            // The lines of a file's matches, when they can be read from the index.
            let lines = index.stamp.flatMap { stamp in index.lines(of: all).map { ($0.map(\.matched), stamp) } }
            if index.stamp == nil || lines != nil {
                let remembered = Candidates(query: text, indices: index.stamp == nil ? all : [], lines: lines)
                candidates.withLock { candidates in
                    candidates.insert(remembered, at: 0)
                    candidates.removeLast(max(0, candidates.count - Self.rememberedCandidateSets))
                }
            }
        }
        var outcome = Outcome(
            query: text, result: .success(built.hits), matched: selection.matched, total: lastTotal.withLock { $0 },
            elapsed: ContinuousClock().now - started, narrowed: true, diagnostics: built.diagnostics)
        outcome.indexed = true
        outcome.kept = min(options.limit, selection.matched)
        // Every match's kind, counted: the kinds of the best first, then the others.
        var kindOrder = [Int]()
        for key in first where !kindOrder.contains(Int(key.kind)) {
            kindOrder.append(Int(key.kind))
        }
        kindOrder += index.kinds.indices.filter { !kindOrder.contains($0) }
        outcome.kinds =
            kindOrder.filter { selection.matchedByKind[$0] > 0 }.map {
                (index.kinds[$0].name, selection.matchedByKind[$0])
            }.enumerated().sorted { a, b in
                a.element.1 != b.element.1 ? a.element.1 > b.element.1 : a.offset < b.offset
            }.map(\.element)
        if outcome.kept > first.count {
            let shown = first.count
            let kept = outcome.kept
            // Ranked once, when the rows past the first are first shown.
            let rest = Mutex<[IndexRanking.Key]?>(nil)
            outcome.more = MoreHits { [self] range in
                let ranked = rest.withLock { ranked in
                    if ranked == nil {
                        ranked = ranking(kept, 0, { false })?.ranked ?? []
                    }
                    return ranked!
                }
                let wanted = range.clamped(to: shown..<kept)
                if ranked.count == kept,
                    case .built(let found) = hits(
                        of: ranked[wanted], withUnindexed: false, query: query, index: index, isCancelled: { false })
                {
                    return found.hits
                }
                // The index and the engine disagree: the engine's own rows.
                let full = search(query, among: nil, isCancelled: { false })
                let hits = (try? full?.result.get())?.hits ?? []
                return Array(hits[wanted.clamped(to: hits.indices)])
            }
        }
        return .found(outcome)
    }

    /// The records of the index that `subset` names, ascending; `nil` when
    /// one is not in the index.
    private func records(of subset: Candidates, in index: SearchTextIndex) -> [Int32]? {
        guard let lines = subset.lines?.found else { return index.stamp == nil ? subset.indices : nil }
        guard index.stamp != nil, index.stamp == subset.lines?.stamp else { return nil }
        return index.records(atLineOffsets: lines.map(\.offset))
    }

    private struct Built {
        var hits: [SearchHit]
        var diagnostics: [Diagnostic]
    }

    private enum Building {
        case cancelled
        case disagrees
        case built(Built)
    }

    /// The engine's hits of the indexed records `keys` (best first), read
    /// with every unindexed record when `withUnindexed`: `.disagrees` unless
    /// exactly those records match, ranked as the index ranks them, and no
    /// unindexed record matches (its rank would fall among them).
    private func hits(
        of keys: ArraySlice<IndexRanking.Key>, withUnindexed: Bool, query: Query, index: SearchTextIndex,
        isCancelled: @escaping @Sendable () -> Bool
    ) -> Building {
        var records = keys.map(\.record) + (withUnindexed ? index.unindexedRecords : [])
        records.sort()
        let subset: Candidates
        if let stamp = index.stamp {
            guard let lineFile, FileStamp(path: lineFile.path) == stamp else { return .disagrees }
            guard let lines = index.lines(of: records) else { return .disagrees }
            subset = Candidates(query: "", indices: [], lines: (lines.map(\.matched), stamp))
        } else {
            subset = Candidates(query: "", indices: records, lines: nil)
        }
        guard let searched = search(query, among: subset, isCancelled: isCancelled) else { return .cancelled }
        guard searched.complete, case .success(let result) = searched.result else { return .disagrees }
        let hits = result.hits
        guard result.statistics.matched == keys.count, hits.count == keys.count,
            zip(hits, keys).allSatisfy({ $1.agrees(with: $0.rank) })
        else { return .disagrees }
        return .built(Built(hits: hits, diagnostics: searched.diagnostics))
    }

    /// Whether standard input is still coming.
    private var isStillComing: Bool {
        records.parts.contains { part in
            guard case .standardInput(let spool) = part else { return false }
            return !spool.snapshot.finished
        }
    }

    /// The one file that is not held (a large `--data` file, or the copy of
    /// standard input once it has all come), when it is the only source:
    /// its matching lines can be read again alone.
    private var lineFile: LineFile? {
        guard records.parts.count == 1 else { return nil }
        switch records.parts[0] {
        case .file(let source):
            guard case .path(let path) = source else { return nil }
            return LineFile(
                path: path, displayName: source.displayName,
                hint: registry.kindName(forFile: path) ?? records.defaultKind, source: source)
        case .standardInput(let spool):
            let snapshot = spool.snapshot
            guard snapshot.finished, spool.searchesLinesInPlace else { return nil }
            return LineFile(
                path: spool.path, displayName: spool.displayName, hint: snapshot.hint,
                source: InputSpoolSource(spool: spool))
        case .held:
            return nil
        }
    }

    /// A file of NDJSON searched in place.
    private struct LineFile {
        /// Where its lines are read again.
        var path: String
        /// Its name in messages and locations.
        var displayName: String
        /// The kind of its records that name none.
        var hint: String?
        /// A search of it whole.
        var source: any SearchSource
    }

    /// Searches the held records and the lines of the file among `subset`
    /// (everything when `nil`), and the files that are not held; `nil` when
    /// a newer search made it pointless.
    private func search(_ query: Query, among subset: Candidates?, isCancelled: @escaping @Sendable () -> Bool)
        -> Searched?
    {
        let found = Mutex<(indices: [Int32], lines: [MatchedLines.Line]?, complete: Bool)>(([], nil, true))
        var options = options
        options.isCancelled = isCancelled
        // One source per source given, in their order, as a one-shot search
        // has them: ties between equal matches go to the earlier source.
        // The file searched in place: the lines of `subset` read again, or
        // all of it, its matching lines noted for the next query.
        func inPlace(_ lineFile: LineFile) -> any SearchSource {
            guard let lines = subset?.lines?.found else {
                options.matchedLines = MatchedLines(limit: Self.maximumLinesReadAgain)
                return lineFile.source
            }
            return FileLinesSource(
                displayName: lineFile.displayName, path: lineFile.path, hint: lineFile.hint, lines: lines,
                isCancelled: isCancelled,
                report: { lines, complete in
                    found.withLock {
                        $0.lines = lines
                        $0.complete = $0.complete && complete
                    }
                })
        }
        let lineFile = lineFile
        let sources: [any SearchSource] = records.parts.map { part in
            switch part {
            case .file(let source):
                return lineFile.map(inPlace) ?? source
            case .standardInput(let spool):
                return lineFile.map(inPlace) ?? InputSpoolSource(spool: spool)
            case .held(let range):
                return LoadedSource(
                    loaded: records, range: range, subset: subset?.indices.filter(range.contains),
                    isCancelled: isCancelled,
                    report: { indices, complete in
                        found.withLock {
                            $0.indices += indices
                            $0.complete = $0.complete && complete
                        }
                    })
            }
        }
        var diagnostics: [Diagnostic] = []
        let result: Result<SearchResult, SearchError>
        do throws(SearchError) {
            result = .success(
                try SearchEngine.search(sources: sources, query: query, options: options, registry: registry) {
                    diagnostics.append($0)
                })
        } catch {
            result = .failure(error)
        }
        guard !isCancelled() else { return nil }
        let (indices, lines, complete) = found.withLock { $0 }
        return Searched(
            result: result, indices: indices, lines: lines ?? options.matchedLines?.lines, diagnostics: diagnostics,
            complete: complete)
    }
}

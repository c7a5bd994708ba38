import Dispatch
public import ResultKit
public import SearchEngine
import Synchronization

/// Runs searches off the terminal's thread, one at a time, each through
/// ``SearchEngine/search(sources:query:options:registry:diagnose:)`` over
/// the records held in memory.
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
        /// How many records were read: every record, unless ``narrowed``.
        package var read: Int = 0
        /// How long the search took.
        package var elapsed: Duration
        /// Whether only the records that matched a shorter query were read.
        package var narrowed: Bool
        /// The warnings and errors of the search, such as malformed lines.
        package var diagnostics: [Diagnostic]
    }

    /// A query that cannot run: its message, made to be shown on the status line.
    package struct Failure: Error, Sendable {
        package var message: String
    }

    /// The records that matched a finished query, for a longer one to narrow.
    private struct Candidates: Sendable {
        var query: String
        var indices: [Int32]
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
    private let wake: @Sendable () -> Void

    /// - Parameters:
    ///   - records: What to search.
    ///   - registry: The kinds.
    ///   - options: The options of every search (limit, kinds, sort).
    ///   - wake: Called on the search's thread when an outcome is ready.
    package init(
        records: LoadedRecords, registry: KindRegistry, options: SearchOptions, wake: @escaping @Sendable () -> Void
    ) {
        self.records = records
        self.registry = registry
        self.options = options
        self.wake = wake
    }

    /// Starts searching for `text`; any search still running is abandoned.
    package func start(_ text: String) {
        let mine = generation.add(1, ordering: .sequentiallyConsistent).newValue
        queue.async { [self] in
            guard generation.load(ordering: .sequentiallyConsistent) == mine else { return }
            guard let outcome = run(text, generation: mine) else { return }
            guard generation.load(ordering: .sequentiallyConsistent) == mine else { return }
            latest.withLock { $0 = outcome }
            wake()
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

    /// The search for `text`, or nil when a newer search made it pointless.
    private func run(_ text: String, generation mine: Int) -> Outcome? {
        let clock = ContinuousClock()
        let started = clock.now
        let query: Query
        do {
            query = try QueryParser().parse(text)
        } catch {
            return Outcome(
                query: text, result: .failure(Failure(message: "\(error)")), matched: 0,
                elapsed: clock.now - started, narrowed: false, diagnostics: [])
        }
        // The most recent matches that hold every match of `text`: usually
        // the fewest.
        let previous = candidates.withLock { $0 }
        var subset = previous.first { NarrowingRule.mayReuse(matchesOf: $0.query, for: text) }?.indices
        guard var searched = search(query, among: subset, generation: mine) else { return nil }
        // Nothing among the candidates: a full search finds nothing either,
        // but shows fuzzy stand-ins from every record.
        if subset != nil, case .success(let narrowed) = searched.result, narrowed.statistics.matched == 0 {
            subset = nil
            guard let full = search(query, among: nil, generation: mine) else { return nil }
            searched = full
        }
        let result: SearchResult
        switch searched.result {
        case .success(let found):
            result = found
        case .failure(let error):
            return Outcome(
                query: text, result: .failure(Failure(message: "\(error)")), matched: 0,
                elapsed: clock.now - started, narrowed: false, diagnostics: [])
        }
        // Only real matches narrow: when nothing matched, fuzzy stand-ins
        // were shown, and a longer query may match what they did not. The
        // matches in a file that is not held cannot be read alone.
        let matched = result.statistics.matched
        if matched > 0, !records.readsFiles {
            candidates.withLock { remembered in
                remembered.insert(Candidates(query: text, indices: searched.matches), at: 0)
                remembered.removeLast(max(0, remembered.count - Self.rememberedCandidateSets))
            }
        }
        return Outcome(
            query: text, result: .success(result.hits), matched: matched, read: result.statistics.read,
            elapsed: clock.now - started, narrowed: subset != nil, diagnostics: searched.diagnostics)
    }

    /// Searches the held records among `subset` (all of them when `nil`) and
    /// the files that are not held: the result, the indices of the held
    /// records that matched, ascending, and the search's diagnostics; `nil`
    /// when a newer search made it pointless.
    private func search(_ query: Query, among subset: [Int32]?, generation mine: Int)
        -> (result: Result<SearchResult, SearchError>, matches: [Int32], diagnostics: [Diagnostic])?
    {
        let found = Mutex<(indices: [Int32], complete: Bool)>(([], true))
        let isCancelled: @Sendable () -> Bool = { [self] in generation.load(ordering: .relaxed) != mine }
        // One source per source given, in their order, as a one-shot search
        // has them: ties between equal matches go to the earlier source.
        let sources: [any SearchSource] = records.parts.map { part in
            switch part {
            case .file(let source):
                return source
            case .held(let range):
                return LoadedSource(
                    loaded: records, range: range, subset: subset?.filter(range.contains), isCancelled: isCancelled,
                    report: { indices, complete in
                        found.withLock {
                            $0.indices += indices
                            $0.complete = $0.complete && complete
                        }
                    })
            }
        }
        var options = options
        options.isCancelled = isCancelled
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
        let (indices, complete) = found.withLock { $0 }
        guard complete, !isCancelled() else { return nil }
        return (result, indices, diagnostics)
    }
}

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
/// records. Only the newest search's results are kept; ``take()`` hands
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
    private let candidates = Mutex<Candidates?>(nil)
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
        let previous = candidates.withLock { $0 }
        let subset = previous.flatMap { NarrowingRule.mayReuse(matchesOf: $0.query, for: text) ? $0.indices : nil }
        let found = Mutex<(indices: [Int32], complete: Bool)>(([], false))
        let source = LoadedSource(
            loaded: records, subset: subset,
            isCancelled: { [self] in generation.load(ordering: .relaxed) != mine },
            report: { indices, complete in found.withLock { $0 = (indices, complete) } }
        )
        var diagnostics: [Diagnostic] = []
        let result: SearchResult
        do throws(SearchError) {
            result = try SearchEngine.search(sources: [source], query: query, options: options, registry: registry) {
                diagnostics.append($0)
            }
        } catch {
            return Outcome(
                query: text, result: .failure(Failure(message: "\(error)")), matched: 0,
                elapsed: clock.now - started, narrowed: false, diagnostics: [])
        }
        let (indices, complete) = found.withLock { $0 }
        guard complete else { return nil }
        // Only real matches narrow: when nothing matched, fuzzy stand-ins
        // were shown, and a longer query may match what they did not.
        let matched = result.statistics.matched
        candidates.withLock { $0 = matched > 0 ? Candidates(query: text, indices: indices) : nil }
        return Outcome(
            query: text, result: .success(result.hits), matched: matched, elapsed: clock.now - started,
            narrowed: subset != nil, diagnostics: diagnostics)
    }
}

import ResultKit

/// The counts that account for every record a search reads: read, matched,
/// filtered out (of another kind, or not matching), or skipped (rejected by
/// its kind), and the fuzzy stand-ins apart. Only ``SearchSession`` counts,
/// from what its parts decided about each record.
struct RecordTally: Sendable {
    /// The counts so far, fuzzy stand-ins counted as filtered out.
    private(set) var statistics = SearchStatistics()
    /// How many records matched only fuzzily, standing in while nothing
    /// else matched.
    private(set) var standInsMatched = 0
    /// How many fuzzy stand-ins their kind rejected.
    private(set) var rejectedStandIns = 0
    /// Whether the query has words that rank results, and no `--fuzzy`:
    /// only then do fuzzy matches stand in while nothing matched.
    private let mayTryStandIns: Bool
    /// The records that matched of each kind, when ``countsKinds``.
    private var matchedByKind: [(name: String, count: Int)] = []
    /// Whether matches are counted by kind (``SearchOptions/countsMatchesByKind``).
    private let countsKinds: Bool

    init(mayTryStandIns: Bool, countsKinds: Bool = false) {
        self.mayTryStandIns = mayTryStandIns
        self.countsKinds = countsKinds
    }

    /// Whether some record has matched.
    var hasMatched: Bool { statistics.matched > 0 }

    /// Whether a record that does not match is tried again with fuzzy
    /// matching: while nothing has matched, for a query with ranking words.
    var triesFuzzyStandIns: Bool { statistics.matched == 0 && mayTryStandIns }

    /// Whether the result shows the fuzzy stand-ins: nothing else matched.
    var showsStandIns: Bool { statistics.matched == 0 && standInsMatched > 0 }

    /// Counts a record read.
    mutating func read() { statistics.read += 1 }

    /// Counts a record read of another kind, or one that does not match.
    mutating func filteredOut() { statistics.filteredOut += 1 }

    /// Counts `count` records read and ruled out.
    mutating func readAndFilteredOut(_ count: Int = 1) {
        statistics.read += count
        statistics.filteredOut += count
    }

    /// Counts a matching record of `kind`; `isFuzzyStandIn` when it matched
    /// only fuzzily, standing in while nothing else matched.
    mutating func matched(isFuzzyStandIn: Bool, kind: ResultKind) {
        if isFuzzyStandIn {
            statistics.filteredOut += 1
            standInsMatched += 1
        } else {
            statistics.matched += 1
            if countsKinds { count(kind.name, 1) }
        }
    }

    /// Adds `matches` to the count of the kind named `kind`.
    private mutating func count(_ kind: String, _ matches: Int) {
        if let index = matchedByKind.firstIndex(where: { $0.name == kind }) {
            matchedByKind[index].count += matches
        } else {
            matchedByKind.append((kind, matches))
        }
    }

    /// Counts a matching record its kind rejected.
    mutating func rejected(isFuzzyStandIn: Bool) {
        statistics.skipped += 1
        if isFuzzyStandIn { rejectedStandIns += 1 }
    }

    /// Counts `count` rejected stand-ins as records that did not match: a
    /// parallel worker tried them before its first match, but a match earlier
    /// in the file means a read in order would not have.
    mutating func forgetRejectedStandIns(_ count: Int) {
        statistics.skipped -= count
        statistics.filteredOut += count
        rejectedStandIns -= count
    }

    /// Adds what another tally counted.
    mutating func merge(_ other: RecordTally) {
        statistics.read += other.statistics.read
        statistics.matched += other.statistics.matched
        statistics.filteredOut += other.statistics.filteredOut
        statistics.skipped += other.statistics.skipped
        standInsMatched += other.standInsMatched
        rejectedStandIns += other.rejectedStandIns
        for (kind, matches) in other.matchedByKind { count(kind, matches) }
    }

    /// The counts a result reports: when fuzzy stand-ins are shown, they
    /// count as matched.
    var reported: SearchStatistics {
        guard showsStandIns else { return statistics }
        var counts = statistics
        counts.matched = standInsMatched
        counts.filteredOut -= standInsMatched
        return counts
    }

    /// How many records of each kind matched, when counted and some record
    /// matched (fuzzy stand-ins are not counted by kind).
    var reportedMatchesByKind: [(name: String, count: Int)]? {
        countsKinds && statistics.matched > 0 ? matchedByKind : nil
    }
}

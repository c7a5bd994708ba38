import ResultKit
import StreamingJSON

/// Keeps the best hits of a search in bounded memory and counts every record:
/// the top-K of the results, the fuzzy stand-ins shown when nothing else
/// matched, and the statistics.
struct HitCollector: Sendable {
    private let options: SearchOptions
    /// Whether the query has words that rank results (not only filters):
    /// only then do fuzzy matches stand in when nothing matched.
    private let hasRankingTerms: Bool
    private var top: TopK<HitKey, SearchHit>
    private var fuzzyTop: TopK<HitKey, SearchHit>
    private var fuzzyMatched = 0
    /// The `--sort` field, taken out of the options once.
    private let sortField: String?
    /// Whether the sort is descending, which the top-Ks' order reads.
    private let descending: Bool
    /// The counts that account for every record read.
    private(set) var statistics = SearchStatistics()
    /// The records that matched of each kind, when the options ask for them.
    private var matchedByKind: [(name: String, count: Int)] = []
    private let countsKinds: Bool

    init(options: SearchOptions, hasRankingTerms: Bool) {
        self.options = options
        self.hasRankingTerms = hasRankingTerms
        self.sortField = options.sort?.field
        self.countsKinds = options.countsMatchesByKind
        let descending = options.sort?.descending ?? false
        self.descending = descending
        let kept = options.keptCount
        // Without --sort, a hit's key is its rank, which the hit holds.
        let rekey: (@Sendable (SearchHit) -> HitKey)? = options.sort == nil ? Self.rankKey : nil
        self.top = TopK<HitKey, SearchHit>(capacity: kept, rekey: rekey) { a, b in
            a.isBefore(b, descending: descending)
        }
        self.fuzzyTop = TopK(capacity: options.fuzzy ? 0 : kept) { a, b in
            a.isBefore(b, descending: descending)
        }
    }

    /// The key of a hit when there is no --sort: its rank.
    @Sendable private static func rankKey(_ hit: SearchHit) -> HitKey {
        HitKey(rank: hit.rank, sortValue: nil)
    }

    /// Whether some record has matched: until then every line is matched in
    /// full, so that fuzzy matches can stand in.
    var hasMatched: Bool { statistics.matched > 0 }

    /// Whether a record that does not match is tried again with fuzzy
    /// matching: while nothing has matched, for a query with ranking words.
    var triesFuzzyStandIns: Bool { statistics.matched == 0 && !options.fuzzy && hasRankingTerms }

    /// Counts a record read.
    mutating func countRead() { statistics.read += 1 }

    /// Counts a record of another kind, or one that does not match.
    mutating func countFilteredOut() { statistics.filteredOut += 1 }

    /// Counts a record that is read and then ruled out.
    mutating func countReadAndFilteredOut() {
        statistics.read += 1
        statistics.filteredOut += 1
    }

    /// Counts a record its kind rejected; `isFuzzyStandIn` when it matched
    /// only fuzzily, standing in while nothing else matched.
    mutating func countRejected(isFuzzyStandIn: Bool) {
        statistics.skipped += 1
        if isFuzzyStandIn { rejectedStandIns += 1 }
    }

    /// How many fuzzy stand-ins their kind rejected.
    private(set) var rejectedStandIns = 0

    /// Counts `count` rejected stand-ins as records that did not match: a
    /// parallel worker tried them before its first match, but a match earlier
    /// in the file means a read in order would not have.
    mutating func forgetRejectedStandIns(_ count: Int) {
        statistics.skipped -= count
        statistics.filteredOut += count
        rejectedStandIns -= count
    }

    /// The key that orders a hit of `object`, of `kind`, ranked `rank`.
    func key(of object: JSONObject, kind: ResultKind, rank: Rank) -> HitKey {
        var sortValue: SortValue?
        if let sortField { sortValue = SortValue(kind.value(ofField: sortField, in: object)) }
        return HitKey(rank: rank, sortValue: sortValue)
    }

    /// Whether a hit with `key` would be kept: one that would not is
    /// counted with ``countMatched(isFuzzyStandIn:kind:)`` and not made.
    func mayKeep(_ key: HitKey, isFuzzyStandIn: Bool) -> Bool {
        isFuzzyStandIn
            ? fuzzyTop.mayKeep(key, descending: descending) : top.mayKeep(key, descending: descending)
    }

    /// Counts a matching record (one that ``mayKeep(_:isFuzzyStandIn:)``
    /// turned away, or that ``collect(_:kind:row:key:match:location:kindHint:isFuzzyStandIn:)``
    /// keeps).
    mutating func countMatched(isFuzzyStandIn: Bool, kind: ResultKind) {
        if isFuzzyStandIn {
            statistics.filteredOut += 1
            fuzzyMatched += 1
        } else {
            statistics.matched += 1
            if countsKinds { count(kind.name, 1) }
        }
    }

    /// Adds `matches` to the count of `kind`'s matches.
    private mutating func count(_ kind: String, _ matches: Int) {
        if let index = matchedByKind.firstIndex(where: { $0.name == kind }) {
            matchedByKind[index].count += matches
        } else {
            matchedByKind.append((kind, matches))
        }
    }

    /// Counts a matching record and keeps it.
    /// - Parameters:
    ///   - object: The whole record.
    ///   - key: Its key (see ``key(of:rank:)``), which
    ///     ``mayKeep(_:isFuzzyStandIn:)`` let through.
    ///   - isFuzzyStandIn: Whether it matched only fuzzily, standing in while
    ///     nothing else matched.
    mutating func collect(
        _ object: JSONObject,
        kind: ResultKind,
        row: any CellRepresentable,
        key: HitKey,
        match: FieldMatch?,
        location: SourceLocation,
        kindHint: String?,
        isFuzzyStandIn: Bool
    ) {
        countMatched(isFuzzyStandIn: isFuzzyStandIn, kind: kind)
        // Without records, the hit keeps an empty object: the memory of
        // records is reused while reading instead of growing with the hits.
        let hit = SearchHit(
            object: options.keepsRecords ? object : JSONObject(), location: location, kindHint: kindHint, kind: kind,
            row: row, rank: key.rank, match: match)
        if isFuzzyStandIn {
            fuzzyTop.insert(hit, key: key)
        } else {
            top.insert(hit, key: key)
        }
    }

    /// How many hits are kept (not counting fuzzy stand-ins).
    var keptHitCount: Int { top.count }

    /// Adds what another collector found, as if this one had collected it.
    mutating func merge(_ other: HitCollector) {
        top.merge(other.top)
        mergeAllButKeptHits(other)
    }

    /// Adds what parallel workers found, as ``merge(_:)`` of each would, and
    /// takes their kept hits in the order of `hitRanges` (the hits each
    /// worker kept from each block of the input, in input order), so that
    /// hits found in input order stay in order. The workers' kept hits are
    /// moved out of them.
    mutating func merge(_ workers: inout [HitCollector], hitRanges: [(worker: Int, hits: Range<Int>)]) {
        var tops = workers.indices.map { index in
            let empty = TopK<HitKey, SearchHit>(capacity: workers[index].top.capacity, by: workers[index].top.isBefore)
            return exchange(&workers[index].top, with: empty)
        }
        let ranges = hitRanges.filter { !$0.hits.isEmpty }.map { (part: $0.worker, range: $0.hits) }
        let descending = options.sort?.descending ?? false
        let inOrder = { (keys: UnsafeBufferPointer<HitKey>) in HitKey.areInOrder(keys, descending: descending) }
        // Without --sort (the only top-K whose keys are let go) the hits' ranks are their keys.
        if !top.concatenate(&tops, ranges: ranges, inOrder: inOrder, elementsAreInOrder: SearchHit.ranksAreInOrder) {
            for part in tops { top.merge(part) }
        }
        for worker in workers { mergeAllButKeptHits(worker) }
    }

    /// What ``merge(_:)`` adds besides the kept hits.
    private mutating func mergeAllButKeptHits(_ other: HitCollector) {
        fuzzyTop.merge(other.fuzzyTop)
        fuzzyMatched += other.fuzzyMatched
        statistics.read += other.statistics.read
        statistics.matched += other.statistics.matched
        statistics.filteredOut += other.statistics.filteredOut
        statistics.skipped += other.statistics.skipped
        for (kind, matches) in other.matchedByKind { count(kind, matches) }
        rejectedStandIns += other.rejectedStandIns
    }

    /// Changes the line numbers of the kept hits, after a parallel search
    /// whose workers counted lines within their blocks.
    /// `transform` gets a hit's location and its rank's order.
    mutating func relocateHits(_ transform: (SourceLocation, Int) -> SourceLocation) {
        top.transform { hit in hit.location = transform(hit.location, hit.rank.order) }
        fuzzyTop.transform { hit in hit.location = transform(hit.location, hit.rank.order) }
    }

    /// The results, best first, after `offset`.
    ///
    /// When nothing matched, fuzzy subsequence matches stand in, as if
    /// `--fuzzy` had been given.
    func finish() -> SearchResult {
        if statistics.matched == 0 && fuzzyMatched > 0 {
            var counts = statistics
            counts.matched = fuzzyMatched
            counts.filteredOut -= fuzzyMatched
            return SearchResult(hits: Self.dropping(options.offset, from: fuzzyTop.sorted()), statistics: counts)
        }
        let descending = options.sort?.descending ?? false
        let hits = top.sorted(
            inOrder: { keys in HitKey.areInOrder(keys, descending: descending) },
            elementsAreInOrder: SearchHit.ranksAreInOrder)
        var result = SearchResult(hits: Self.dropping(options.offset, from: hits), statistics: statistics)
        if countsKinds, statistics.matched > 0 { result.matchedByKind = matchedByKind }
        return result
    }

    /// Lets go of the kept hits and their keys, on a background thread,
    /// once ``finish()`` has given the hits: the result holds them, and the
    /// keys that ranked them (80 bytes a hit) are not needed again. The
    /// memory they free is reused by what is made next (a table's rows).
    mutating func releaseKept() {
        let emptyTop = TopK<HitKey, SearchHit>(capacity: top.capacity, by: top.isBefore)
        let emptyFuzzy = TopK<HitKey, SearchHit>(capacity: fuzzyTop.capacity, by: fuzzyTop.isBefore)
        BackgroundRelease.release(exchange(&top, with: emptyTop))
        BackgroundRelease.release(exchange(&fuzzyTop, with: emptyFuzzy))
    }

    /// `hits` after the first `offset`, sharing their storage when there are none to drop.
    private static func dropping(_ offset: Int, from hits: [SearchHit]) -> [SearchHit] {
        offset > 0 ? Array(hits.dropFirst(offset)) : hits
    }
}

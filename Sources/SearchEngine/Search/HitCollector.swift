import ResultKit
import StreamingJSON

/// Keeps the best hits of a search in bounded memory: the top-K of the
/// results, and of the fuzzy stand-ins shown when nothing else matched. The
/// session counts the records (``RecordTally``).
struct HitCollector: Sendable {
    private let options: SearchOptions
    private var top: TopK<HitKey, SearchHit>
    private var fuzzyTop: TopK<HitKey, SearchHit>
    /// The `--sort` field, taken out of the options once.
    private let sortField: String?
    /// Whether the sort is descending, which the top-Ks' order reads.
    private let descending: Bool

    init(options: SearchOptions) {
        self.options = options
        self.sortField = options.sort?.field
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

    /// The key that orders a hit of `object`, of `kind`, ranked `rank`.
    func key(of object: JSONObject, kind: ResultKind, rank: Rank) -> HitKey {
        var sortValue: SortValue?
        if let sortField { sortValue = SortValue(kind.value(ofField: sortField, in: object)) }
        return HitKey(rank: rank, sortValue: sortValue)
    }

    /// Whether a hit with `key` would be kept: one that would not is not made.
    func mayKeep(_ key: HitKey, isFuzzyStandIn: Bool) -> Bool {
        isFuzzyStandIn
            ? fuzzyTop.mayKeep(key, descending: descending) : top.mayKeep(key, descending: descending)
    }

    /// Keeps a matching record.
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
        let inOrder = { (keys: Span<HitKey>) in HitKey.areInOrder(keys, descending: descending) }
        // Without --sort (the only top-K whose keys are let go) the hits' ranks are their keys.
        if !top.concatenate(&tops, ranges: ranges, inOrder: inOrder, elementsAreInOrder: SearchHit.ranksAreInOrder) {
            for part in tops { top.merge(part) }
        }
        for worker in workers { mergeAllButKeptHits(worker) }
    }

    /// What ``merge(_:)`` adds besides the kept hits.
    private mutating func mergeAllButKeptHits(_ other: HitCollector) {
        fuzzyTop.merge(other.fuzzyTop)
    }

    /// Changes the line numbers of the kept hits, after a parallel search
    /// whose workers counted lines within their blocks.
    /// `firstLine` gives the first line of the block that holds the record
    /// whose rank has this order; a hit's line was counted from 1 in it.
    mutating func relocateHits(firstLine: (_ order: Int) -> Int) {
        // Only the line changes: the location's file is left where it is,
        // not copied and counted for every hit.
        top.transform { hit in hit.location.line = firstLine(hit.rank.order) + hit.location.line - 1 }
        fuzzyTop.transform { hit in hit.location.line = firstLine(hit.rank.order) + hit.location.line - 1 }
    }

    /// The results, best first, after `offset`: the fuzzy stand-ins when
    /// `standIns` (nothing else matched), as if `--fuzzy` had been given.
    func finish(standIns: Bool) -> [SearchHit] {
        if standIns { return Self.dropping(options.offset, from: fuzzyTop.sorted()) }
        let descending = options.sort?.descending ?? false
        let hits = top.sorted(
            inOrder: { keys in HitKey.areInOrder(keys, descending: descending) },
            elementsAreInOrder: SearchHit.ranksAreInOrder)
        return Self.dropping(options.offset, from: hits)
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

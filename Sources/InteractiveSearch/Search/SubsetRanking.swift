import ResultKit
import SearchEngine
import TextMatching

/// Ranks, from the ``SearchTextIndex``, the records that matched an earlier
/// query (a narrowed set, see ``NarrowingRule``) for a query of plain words:
/// the engine's ``Scorer`` ranks each from the texts the index keeps
/// (``Scorer/rank(_:)``); the index only rules out, for each word, the
/// fields that hold none of its fragments.
///
/// This is for the words typed after the first: `coffee m`, `coffee mu`
/// read only the records that matched `coffee `, without the engine parsing
/// each of them again. The engine still builds the rows of the best records,
/// and must rank them as this does (``IndexRanking/Key/agrees(with:)``).
struct SubsetRanking {
    /// The one rule of rank.
    private let scorer: Scorer
    /// For each word, and the words' phrase after them, fragments one of
    /// which every plain ASCII text it matches holds
    /// (``MatchPattern/requiredFragmentSets(minimumLength:)``), when it has
    /// some: a text without one cannot match at a tier the scorer takes, and
    /// is not matched.
    private let fragments: [IndexRanking.Fragments?]

    /// A ranking for `query`, when it is plain words ranked by relevance
    /// over every kind: no filter, exclusion, kind, sort, offset or fuzzy
    /// matching.
    init?(query: Query, options: SearchOptions) {
        guard !query.conditions.isEmpty, query.kinds.isEmpty, query.excludedKinds.isEmpty, options.kinds.isEmpty,
            options.sort == nil,
            !options.fuzzy, options.offset == 0, options.limit > 0
        else { return nil }
        var patterns: [MatchPattern] = []
        for condition in query.conditions {
            guard !condition.negated, case .text(let pattern, _) = condition.clause, !pattern.isEmpty else {
                return nil
            }
            patterns.append(pattern)
        }
        scorer = Scorer(query: query, fuzzy: false, rule: options.ranking)
        if let phrase = scorer.phrase { patterns.append(phrase.pattern) }
        fragments = patterns.map { pattern in
            pattern.requiredFragmentSets(minimumLength: 1).first.flatMap {
                $0.isEmpty ? nil : IndexRanking.Fragments($0)
            }
        }
    }

    /// The best `keep` of `records` (ascending) that match, and the counts;
    /// `nil` when one of them is not indexed, when the index's file cannot
    /// be read, or when cancelled. Each block of the index is read once.
    func select(
        in index: SearchTextIndex, among records: [Int32], keep: Int, remember: Int, isCancelled: () -> Bool
    ) -> IndexRanking.Selection? {
        var keys: [IndexRanking.Key] = []
        var matches: [Int32] = []
        var matchedByKind = [Int](repeating: 0, count: index.kinds.count)
        let reader = SearchTextIndex.Reader(index)
        // One view for every block read, its arrays reused.
        var block = SearchTextIndex.BlockView(first: 0, count: 0)
        let fieldsByKind = index.kinds.map(\.searchFields)
        let fieldCapacity = fieldsByKind.map(\.count).max() ?? 0
        let pruning = IndexedRecord.Pruning.fragments(fragments)
        // One record for each block, moved from record to record.
        var indexed = IndexedRecord(texts: [], unicodeTexts: [], pruning: .none, fieldCapacity: 0)
        for (seen, record) in records.lazy.map(Int.init).enumerated() {
            if seen & 255 == 255, isCancelled() { return nil }
            // The records are ascending: each block is read once.
            if !block.records.contains(record) {
                // The record lets go of the block's texts first, so that the read reuses them.
                indexed = IndexedRecord(texts: [], unicodeTexts: [], pruning: .none, fieldCapacity: 0)
                guard record < index.count, reader.read(record / index.blockRecords, .texts, into: &block) else {
                    return nil
                }
                indexed = IndexedRecord(
                    texts: block.texts, unicodeTexts: index.unicodeTexts, pruning: pruning,
                    fieldCapacity: fieldCapacity)
            }
            let local = record - block.first
            let kindID = block.kindOf[local]
            guard kindID != SearchTextIndex.unindexed else { return nil }
            indexed.move(to: local, in: block, kind: Int(kindID), fields: fieldsByKind[Int(kindID)])
            let ranked = scorer.rank(indexed)
            guard var rank = ranked else { continue }
            rank.order = record
            keys.append(IndexRanking.Key(rank: rank, kind: kindID))
            matches.append(Int32(record))
            matchedByKind[Int(kindID)] += 1
        }
        keys.sort()
        if keys.count > keep { keys.removeLast(keys.count - keep) }
        return IndexRanking.Selection(
            ranked: keys, matched: matches.count, matchedByKind: matchedByKind,
            allMatches: matches.count <= remember ? matches : nil)
    }
}

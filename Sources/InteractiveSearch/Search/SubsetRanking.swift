import ResultKit
import SearchEngine
import TextMatching

/// Ranks, from the ``SearchTextIndex``, the records that matched an earlier
/// query (a narrowed set, see ``NarrowingRule``) for a query of plain words,
/// as the engine's scorer ranks a record: every word must match; each word's
/// best field is the strongest, then heaviest, then best match; the record's
/// rank is the weakest word's band and tier, the sum of the words' field
/// weights and qualities, and the longest of their fields.
///
/// This is for the words typed after the first: `coffee m`, `coffee mu`
/// read only the records that matched `coffee `, without the engine parsing
/// each of them again. The engine still builds the rows of the best records,
/// and must rank them as this does (``IndexRanking/Key/agrees(with:)``).
struct SubsetRanking {
    let patterns: [MatchPattern]
    /// For each word, fragments one of which every plain ASCII text it
    /// matches holds (``MatchPattern/requiredFragmentSets(minimumLength:)``),
    /// when it has some: a text without one is not matched.
    private let fragments: [IndexRanking.Fragments?]
    private let matcher = TextMatcher()

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
        self.patterns = patterns
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
        var fields: [(text: String?, bytes: UnsafeBufferPointer<UInt8>?, length: Int, weight: Int)] = []
        let reader = SearchTextIndex.Reader(index)
        var block: SearchTextIndex.BlockView?
        var ok = true
        for (seen, record) in records.lazy.map(Int.init).enumerated() {
            if seen & 255 == 255, isCancelled() {
                ok = false
                break
            }
            // The records are ascending: each block is read once.
            if block == nil || !block!.records.contains(record) {
                block = record < index.count ? reader.block(record / index.blockRecords, .texts) : nil
            }
            guard let block else {
                ok = false
                break
            }
            let texts = block.texts
            let local = record - block.first
            let kindID = block.kindOf[local]
            guard kindID != SearchTextIndex.unindexed else {
                ok = false
                break
            }
            let kind = index.kinds[Int(kindID)]
            var start = Int(block.starts[local])
            fields.removeAll(keepingCapacity: true)
            for field in kind.searchFields {
                if texts[start] == SearchTextIndex.unicodeMark {
                    let number =
                        Int(texts[start + 1]) | Int(texts[start + 2]) << 8 | Int(texts[start + 3]) << 16
                        | Int(texts[start + 4]) << 24
                    let text = index.unicodeTexts[number]
                    fields.append((text, nil, text.count, field.weight))
                    start += 5
                } else {
                    var end = start
                    while texts[end] != 0 { end += 1 }
                    // Plain ASCII without `\r`: one character a byte.
                    fields.append(
                        (nil, UnsafeBufferPointer(rebasing: texts[start..<end]), end - start, field.weight))
                    start = end + 1
                }
            }
            guard var key = rank(of: Int32(record), fields: fields) else { continue }
            key.kind = kindID
            keys.append(key)
            matches.append(Int32(record))
            matchedByKind[Int(kindID)] += 1
        }
        guard ok else { return nil }
        keys.sort()
        if keys.count > keep { keys.removeLast(keys.count - keep) }
        return IndexRanking.Selection(
            ranked: keys, matched: matches.count, matchedByKind: matchedByKind,
            allMatches: matches.count <= remember ? matches : nil)
    }

    /// The record's rank, or `nil` when a word does not match it.
    private func rank(
        of record: Int32, fields: [(text: String?, bytes: UnsafeBufferPointer<UInt8>?, length: Int, weight: Int)]
    ) -> IndexRanking.Key? {
        var key = IndexRanking.Key(band: 0, tier: 0, weight: 0, quality: 0, length: 0, record: record)
        for (pattern, fragments) in zip(patterns, fragments) {
            var best: (strength: MatchStrength, weight: Int, match: TextMatch, length: Int)?
            for field in fields {
                if let bytes = field.bytes, let fragments, !fragments.occur(in: bytes) { continue }
                let text = field.text ?? String(decoding: field.bytes!, as: UTF8.self)
                guard let match = matcher.match(pattern, in: text),
                    IndexRanking.scorerTakes(match, weight: field.weight)
                else { continue }
                let strength = MatchStrength(match, fieldWeight: field.weight)
                if let current = best {
                    let better =
                        strength != current.strength
                        ? strength < current.strength
                        : (field.weight != current.weight
                            ? field.weight > current.weight : match.quality > current.match.quality)
                    guard better else { continue }
                }
                best = (strength, field.weight, match, field.length)
            }
            guard let best else { return nil }
            key.band = max(key.band, best.strength.band)
            key.tier = max(key.tier, best.match.tier.rawValue)
            key.weight += best.weight
            key.quality += best.match.quality
            key.length = max(key.length, best.length)
        }
        return key
    }
}

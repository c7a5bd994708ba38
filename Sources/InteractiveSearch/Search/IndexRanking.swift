import Dispatch
import RawBytes
import ResultKit
package import SearchEngine
import Synchronization
import TextMatching

/// Finds, from the ``SearchTextIndex``, the few records among which the best
/// results of a one-word query are, and how many records match in all,
/// without handing every record to the engine.
///
/// This is for the first keystrokes, which match nearly every record: the
/// engine would score all of them to keep the best. The index only rules
/// records out; the engine's ``Scorer`` alone ranks. Here:
/// 1. Each indexed record's texts are scanned for the word. A word too short
///    for typos (one or two characters) matches only where its bytes occur,
///    ignoring case. Each occurrence is weighed as the matcher weighs it
///    (``TextMatcher/forEachOccurrence(ofASCII:in:_:)``) and the scorer's
///    ``RankingRule`` gives its band in its field: a record's best band
///    bounds its rank (the matcher's match is one of those occurrences), and
///    whether it has one is whether it matches, which gives the count. A
///    longer word is first looked for by the fragments every text it
///    matches holds (``MatchPattern/requiredFragmentSets(minimumLength:)``):
///    a record without one cannot match.
/// 2. The records that could rank among the best (a band no worse than the
///    band that already holds as many records as are kept), or that hold a
///    fragment, are ranked by the scorer (``Scorer/rank(_:)``) from their
///    texts: band, tier, weight, quality, field length, and input order.
/// 3. The best of them, with every record that is not indexed, go to the
///    engine, which ranks and shows them as a one-shot search does, and must
///    rank them as here (the caller checks it); the counts are those of step
///    1 or 2.
///
/// The scan and the matching run on two cores, each over half of the
/// records; ties go to input order, so the outcome does not depend on the
/// split.
package struct IndexRanking {
    let pattern: MatchPattern
    /// The word's folded bytes (lower-case ASCII).
    let word: [UInt8]
    /// How many results are kept in all.
    let limit: Int
    /// Whether the word matches only where it occurs (no typo can match).
    let exactOnly: Bool
    private let matcher = TextMatcher()
    /// The one rule of rank.
    private let scorer: Scorer
    /// How a word's match in a field ranks, for the bounds of step 1.
    private let rule: RankingRule

    /// A ranking for `query`, when it is one word ranked by relevance over
    /// every kind: no filter, exclusion, kind, sort, offset or fuzzy matching.
    init?(query: Query, options: SearchOptions) {
        guard query.conditions.count == 1, query.kinds.isEmpty, query.excludedKinds.isEmpty, options.kinds.isEmpty,
            options.sort == nil,
            !options.fuzzy, options.offset == 0, options.limit > 0,
            case let condition = query.conditions[0], !condition.negated,
            case .text(let pattern, _) = condition.clause,
            !pattern.isEmpty, pattern.alternatives.isEmpty, pattern.units.allSatisfy({ $0 > 0 && $0 < 0x80 })
        else { return nil }
        self.pattern = pattern
        word = pattern.units.map { UInt8($0) }
        limit = options.limit
        scorer = Scorer(query: query, fuzzy: false, rule: options.ranking)
        rule = options.ranking
        let cuts = pattern.requiredFragmentSets(minimumLength: 1).filter { !$0.isEmpty }
        guard let sets = cuts.first else { return nil }
        exactOnly = sets == [word]
        self.cuts = cuts
    }

    /// For a word that may match with typos: the ways to cut it into
    /// fragments (``MatchPattern/requiredFragmentSets(minimumLength:)``).
    let cuts: [[[UInt8]]]

    /// What goes to the engine, and the counts.
    struct Selection {
        /// The best indexed records, best first, with their ranks: the
        /// records of the hits kept.
        var ranked: [Key]
        /// How many indexed records match in all.
        var matched: Int
        /// How many of them are of each kind of the index.
        var matchedByKind: [Int]
        /// Every indexed record that matches, ascending, when there are at
        /// most `remember` of them.
        var allMatches: [Int32]?
    }

    /// A record, its rank as the scorer gives it with its number in the
    /// index as its order, and its kind.
    struct Key: Comparable {
        var rank: Rank
        /// The record's kind in ``SearchTextIndex/kinds`` (not compared).
        var kind: UInt8

        /// The record's number in the index.
        var record: Int32 { Int32(rank.order) }

        /// The record's band (``MatchStrength/band``).
        var band: Int { rank.strength?.band ?? 0 }

        /// Whether the engine ranked the record as the index did.
        func agrees(with rank: Rank) -> Bool { self.rank.ranksAs(rank) }

        static func < (a: Key, b: Key) -> Bool { a.rank < b.rank }

        static func == (a: Key, b: Key) -> Bool { a.rank == b.rank }
    }

    /// The bound of a record with no match.
    package static let noMatch = UInt8.max

    /// Chooses the records for the engine; `nil` when cancelled, or when a
    /// record the scan found did not match (the caller then searches as
    /// before).
    /// - Parameters:
    ///   - keep: How many of the best records to rank.
    ///   - remember: How many matching records are listed at most.
    func select(in index: SearchTextIndex, keep: Int, remember: Int, isCancelled: @Sendable () -> Bool)
        -> Selection?
    {
        let count = index.count
        let halves = count < 4096 ? 1 : 2
        // Two halves of whole blocks, when there are several: each block is
        // read by one core.
        let middle = index.blocks.count >= 2 ? index.blocks[index.blocks.count / 2].first : count / 2
        let chunks = halves == 1 ? [0..<count] : [0..<middle, middle..<count]
        // Each text that is not plain ASCII, matched once for all its records.
        var unicode: [(match: TextMatch, length: Int)?] = []
        unicode.reserveCapacity(index.unicodeTexts.count)
        for (number, text) in index.unicodeTexts.enumerated() {
            if number & 1023 == 1023, isCancelled() { return nil }
            unicode.append(matcher.match(pattern, in: text).map { ($0, text.count) })
        }
        let unicodeMatches = unicode
        // The cut that lets the fewest of the first records through.
        let (fragments, cutOrder) = exactOnly ? (Fragments([]), Array(cuts.indices)) : chooseFragments(index)
        // The cuts in that order: a record that lacks the first is ruled out at once.
        let cuts = cutOrder.map { self.cuts[$0] }
        // A record that may match holds a fragment of every cut (the word
        // itself, when no typo can match), so it has the letters of one
        // fragment of each: a fragment's bytes, any byte aside, as bits of
        // ``SearchTextIndex/letters``.
        let cutMasks: [[UInt64]] =
            cuts.map { set in
                set.map { fragment in
                    fragment.reduce(0) { $1 == MatchPattern.anyByte ? $0 : $0 | SearchTextIndex.letterBit($1) }
                }
            }
        // And the pairs of adjacent bytes of that fragment, any byte aside,
        // as bits of ``SearchTextIndex/pairs``: ``SearchTextIndex/pairWords``
        // words a fragment.
        let cutPairs: [UInt64] = cuts.flatMap { set in set.flatMap { Self.pairMask(of: $0) } }
        // 1. Bounds.
        let scanned = Mutex<[(bounds: [UInt8], byKind: [Int])?]>(Array(repeating: nil, count: halves))
        DispatchQueue.concurrentPerform(iterations: halves) { half in
            let found = scan(
                index, chunks[half], unicode: unicodeMatches, fragments: fragments, cutMasks: cutMasks,
                cutPairs: cutPairs, isCancelled: isCancelled)
            scanned.withLock { $0[half] = found }
        }
        let parts = scanned.withLock { $0 }
        guard parts.allSatisfy({ $0 != nil }) else { return nil }
        let allBounds = parts.flatMap { $0!.bounds }
        // The worst band worth matching exactly.
        var worst = Int(Self.noMatch) - 1
        var matched = 0
        if exactOnly {
            var histogram = [Int](repeating: 0, count: 256)
            for bound in allBounds { histogram[Int(bound)] += 1 }
            matched = count - histogram[Int(Self.noMatch)]
            var total = 0
            for band in 0..<Int(Self.noMatch) {
                total += histogram[band]
                if total >= keep {
                    worst = band
                    break
                }
            }
        }
        // 2. Exact ranks of the records that may be among the best: those
        // whose bound is no worse than `worst`, then, while the best kept
        // are not all of a band that good (bounds promise more than records
        // give), those up to the band of the last one kept.
        var keys: [Key] = []
        var matches: [Int32] = []
        var rankedByKind = [Int](repeating: 0, count: index.kinds.count)
        var evaluated = -1
        while true {
            let (above, upTo) = (evaluated, worst)
            let ranked = Mutex<[(keys: [Key], matches: [Int32], byKind: [Int], failed: Bool)?]>(
                Array(repeating: nil, count: halves))
            DispatchQueue.concurrentPerform(iterations: halves) { half in
                let found = rank(
                    index, chunks[half], bounds: allBounds, above: above, upTo: upTo, keep: keep,
                    fragments: fragments, isCancelled: isCancelled)
                ranked.withLock { $0[half] = found }
            }
            let results = ranked.withLock { $0 }
            guard results.allSatisfy({ $0 != nil && !$0!.failed }) else { return nil }
            keys += results.flatMap { $0!.keys }
            matches += results.flatMap { $0!.matches }
            for result in results {
                for (kind, found) in result!.byKind.enumerated() { rankedByKind[kind] += found }
            }
            keys.sort()
            if keys.count > keep { keys.removeLast(keys.count - keep) }
            evaluated = worst
            // Every record not ranked yet has a bound past `worst`: the kept
            // ones all rank before it when the last is no worse.
            let last = keys.count == keep ? keys[keep - 1].band : Int(Self.noMatch) - 1
            if last <= worst { break }
            worst = last
        }
        var allMatches: [Int32]?
        var matchedByKind = [Int](repeating: 0, count: index.kinds.count)
        if exactOnly {
            for part in parts {
                for (kind, found) in part!.byKind.enumerated() { matchedByKind[kind] += found }
            }
            if matched <= remember {
                var all: [Int32] = []
                all.reserveCapacity(matched)
                let bounds = allBounds.span
                for record in bounds.indices where bounds[record] != Self.noMatch { all.append(Int32(record)) }
                allMatches = all
            }
        } else {
            matched = matches.count
            matchedByKind = rankedByKind
            if matched <= remember { allMatches = matches.sorted() }
        }
        return Selection(ranked: keys, matched: matched, matchedByKind: matchedByKind, allMatches: allMatches)
    }
    /// Each record's best possible band in `range` (``noMatch`` when it
    /// cannot match); for a word that may match with typos, 0 for a record
    /// holding a fragment. A text that is not plain ASCII has its exact band.
    /// A one-character letter or digit takes its bound from
    /// ``SearchTextIndex/symbolBands`` rather than the texts.
    private func scan(
        _ index: SearchTextIndex, _ range: Range<Int>, unicode: [(match: TextMatch, length: Int)?],
        fragments: Fragments, cutMasks: [[UInt64]], cutPairs: [UInt64], isCancelled: () -> Bool
    ) -> (bounds: [UInt8], byKind: [Int])? {
        var bounds = [UInt8](repeating: Self.noMatch, count: range.count)
        // For a word too short for typos: how many records of each kind it may match.
        var byKind = [Int](repeating: 0, count: index.kinds.count)
        // Flat, so that the loop over the records neither retains nor
        // releases an inner array (both halves would share its count):
        // each kind's field weights, and each cut's fragment masks.
        var weights: [Int] = []
        var kindFields: [Int] = [0]
        for kind in index.kinds {
            weights += kind.searchFields.map(\.weight)
            kindFields.append(weights.count)
        }
        let masks = cutMasks.flatMap { $0 }
        var cutEnds: [Int] = []
        for set in cutMasks { cutEnds.append((cutEnds.last ?? 0) + set.count) }
        let symbol = word.count == 1 ? SearchTextIndex.symbol(word[0]) : nil
        // A one-character word reads only the bands; a longer one the filters, then the texts.
        let parts: SearchTextIndex.Parts = symbol != nil ? [.bands, .unicode] : [.filters, .texts, .unicode]
        let reader = SearchTextIndex.Reader(index)
        var complete = true
        do {
            // Spans over the arrays: the loop over the records neither retains nor releases one.
            let wordBytes = word.span
            let fieldWeights = weights.span
            let kindFieldStarts = kindFields.span
            let fragmentMasks = masks.span
            let fragmentPairs = cutPairs.span
            let cutEndSpan = cutEnds.span
            var boundsOut = bounds.mutableSpan
            var byKindOut = byKind.mutableSpan
            // One view for every block read, its arrays reused.
            var block = SearchTextIndex.BlockView(first: 0, count: 0)
            blocks: for number in index.blocks(in: range) {
                guard !isCancelled(), reader.read(number, parts, into: &block) else {
                    complete = false
                    break blocks
                }
                let kindOf = block.kindOf.span
                let symbolBands = block.symbolBands.span
                let letters = block.letters.span
                let pairs = block.pairs.span
                let unicodeStarts = block.unicodeStarts.span
                let unicodeFields = block.unicodeFields.span
                let starts = block.starts.span
                let texts = block.texts.span
                for record in block.records.clamped(to: range) {
                    if record & 4095 == 0, isCancelled() {
                        complete = false
                        break blocks
                    }
                    let local = record - block.first
                    let kind = kindOf[local]
                    guard kind != SearchTextIndex.unindexed else { continue }
                    // The plain ASCII texts' bound, when known without reading them.
                    var best = Self.noMatch
                    let readsASCII: Bool
                    if let symbol {
                        let byte = symbolBands[local * SearchTextIndex.symbolBytes + symbol >> 1]
                        let band = symbol & 1 == 0 ? byte & 15 : byte >> 4
                        if band != SearchTextIndex.noBand { best = band }
                        readsASCII = false
                    } else {
                        let first = local &* SearchTextIndex.pairWords
                        readsASCII = Self.holdsLetters(
                            letters[local], pairs: pairs.extracting(first..<first &+ SearchTextIndex.pairWords),
                            masks: fragmentMasks, pairMasks: fragmentPairs, cutEnds: cutEndSpan)
                    }
                    defer {
                        boundsOut[record - range.lowerBound] = best
                        if exactOnly, best != Self.noMatch { byKindOut[Int(kind)] += 1 }
                    }
                    guard readsASCII else {
                        // Only the texts that are not plain ASCII, if any.
                        var entry = Int(unicodeStarts[local])
                        let entriesEnd = Int(unicodeStarts[local + 1])
                        while entry < entriesEnd {
                            let weight = fieldWeights[kindFieldStarts[Int(kind)] + Int(unicodeFields[entry])]
                            if let found = unicode[Int(unicodeFields[entry + 1])],
                                let strength = rule.strength(of: found.match, fieldWeight: weight)
                            {
                                best = min(best, UInt8(strength.band))
                            }
                            entry += 2
                        }
                        continue
                    }
                    var start = Int(starts[local])
                    for field in kindFieldStarts[Int(kind)]..<kindFieldStarts[Int(kind) + 1] {
                        let weight = fieldWeights[field]
                        let bound: UInt8
                        if texts[start] == SearchTextIndex.unicodeMark {
                            let number = Self.number(in: texts, at: start)
                            start += 5
                            bound =
                                unicode[number].flatMap { found in
                                    rule.strength(of: found.match, fieldWeight: weight).map { UInt8($0.band) }
                                } ?? Self.noMatch
                        } else {
                            let end = SearchTextIndex.textEnd(in: texts, from: start)
                            let field = texts.extracting(start..<end)
                            start = end + 1
                            if exactOnly {
                                bound = Self.bestBand(of: wordBytes, in: field, weight: weight, rule: rule)
                            } else {
                                bound = fragments.occur(in: field) ? 0 : Self.noMatch
                            }
                        }
                        best = min(best, bound)
                    }
                }
            }
        }
        return complete ? (bounds, byKind) : nil
    }

    /// Whether a record whose texts hold the letters `has` may hold a
    /// fragment of every cut: the letters of one fragment of each cut
    /// (`masks`, each cut's ending at its `cutEnds`).
    /// and its pairs of adjacent bytes (`pairMasks`,
    /// ``SearchTextIndex/pairWords`` words a fragment) among `pairs`.
    @inline(__always)
    private static func holdsLetters(
        _ has: UInt64, pairs: Span<UInt64>, masks: Span<UInt64>, pairMasks: Span<UInt64>, cutEnds: Span<Int>
    ) -> Bool {
        // Four words each, taken out once: their reads need no check of their own.
        precondition(pairs.count == SearchTextIndex.pairWords)
        var start = 0
        for cut in cutEnds.indices {
            let end = cutEnds[cut]
            var holds = false
            for fragment in start..<end where masks[fragment] & ~has == 0 {
                let first = fragment &* SearchTextIndex.pairWords
                let wanted = pairMasks.extracting(first..<first &+ SearchTextIndex.pairWords)
                guard
                    wanted[0] & ~pairs[0] | wanted[1] & ~pairs[1] | wanted[2] & ~pairs[2] | wanted[3] & ~pairs[3] == 0
                else { continue }
                holds = true
                break
            }
            guard holds else { return false }
            start = end
        }
        return true
    }

    /// The pairs of adjacent bytes of `fragment` that are both not
    /// ``MatchPattern/anyByte``, as ``SearchTextIndex/pairWords`` words of
    /// bits (``SearchTextIndex/pairBit(_:_:)``).
    package static func pairMask(of fragment: [UInt8]) -> [UInt64] {
        var words = [UInt64](repeating: 0, count: SearchTextIndex.pairWords)
        for (first, second) in zip(fragment, fragment.dropFirst())
        where first != MatchPattern.anyByte && second != MatchPattern.anyByte {
            let bit = SearchTextIndex.pairBit(first, second)
            words[bit >> 6] |= 1 << UInt64(bit & 63)
        }
        return words
    }

    /// The number of a text in ``SearchTextIndex/unicodeTexts`` after the mark at `start`.
    @inline(__always)
    private static func number(in texts: Span<UInt8>, at start: Int) -> Int {
        Int(texts[start + 1]) | Int(texts[start + 2]) << 8 | Int(texts[start + 3]) << 16 | Int(texts[start + 4]) << 24
    }

    /// The ranks of the records in `range` whose bound is past `above` and
    /// at most `worst`, as the scorer gives them, best first, the best
    /// ``keep`` only; and, for a word that may match with typos, every record
    /// that matched.
    private func rank(
        _ index: SearchTextIndex, _ range: Range<Int>, bounds: [UInt8], above: Int, upTo worst: Int, keep: Int,
        fragments: Fragments, isCancelled: () -> Bool
    ) -> (keys: [Key], matches: [Int32], byKind: [Int], failed: Bool)? {
        var keys: [Key] = []
        var matches: [Int32] = []
        var byKind = [Int](repeating: 0, count: index.kinds.count)
        var seen = 0
        let reader = SearchTextIndex.Reader(index)
        // What rules a field out before the scorer matches it: the word's
        // bound there (no worse than the best field so far), or its fragments.
        let pruning: IndexedRecord.Pruning =
            exactOnly ? .exactWord(word, rule) : .fragments([fragments])
        let fieldsByKind = index.kinds.map(\.searchFields)
        let fieldCapacity = fieldsByKind.map(\.count).max() ?? 0
        do {
            let bounds = bounds.span
            // One view for every block read, its arrays reused.
            var block = SearchTextIndex.BlockView(first: 0, count: 0)
            for number in index.blocks(in: range) {
                let records = index.blocks[number].records.clamped(to: range)
                // Only a block with a record to rank is read.
                guard records.contains(where: { Int(bounds[$0]) <= worst && Int(bounds[$0]) > above }) else {
                    continue
                }
                if isCancelled() { return nil }
                guard reader.read(number, .texts, into: &block) else { return ([], [], byKind, true) }
                // One record for the block, moved from record to record; let go with the block.
                var indexed = IndexedRecord(
                    texts: block.texts, unicodeTexts: index.unicodeTexts, pruning: pruning, fieldCapacity: fieldCapacity
                )
                for record in records where Int(bounds[record]) <= worst && Int(bounds[record]) > above {
                    seen += 1
                    if seen & 1023 == 0, isCancelled() { return nil }
                    let local = record - block.first
                    let kind = Int(block.kindOf[local])
                    indexed.move(to: local, in: block, kind: kind, fields: fieldsByKind[kind])
                    let ranked = scorer.rank(indexed)
                    guard var rank = ranked else {
                        // The scan found the word here: the scorer must match it too.
                        if exactOnly { return ([], [], byKind, true) }
                        continue
                    }
                    rank.order = record
                    matches.append(Int32(record))
                    byKind[kind] += 1
                    keys.append(Key(rank: rank, kind: UInt8(kind)))
                }
            }
        }
        keys.sort()
        if keys.count > keep { keys.removeLast(keys.count - keep) }
        return (keys, matches, byKind, false)
    }

    /// The best band (``MatchStrength/band``) a match of `word` in `field`,
    /// of `weight`, may have, or ``noMatch`` when it cannot match there: the
    /// best, as `rule` weighs them, of the word's occurrences as the matcher
    /// weighs each (``TextMatcher/forEachOccurrence(ofASCII:in:_:)``). For a
    /// word that matches only where it occurs, the matcher's match is one of
    /// them, so the band bounds the scorer's, and is ``noMatch`` exactly
    /// where the scorer finds no match.
    /// - Parameters:
    ///   - word: Folded ASCII bytes.
    ///   - field: Plain ASCII without `\r`, as the index keeps it.
    package static func bestBand(
        of word: Span<UInt8>, in field: Span<UInt8>, weight: Int, rule: RankingRule = .standard
    ) -> UInt8 {
        var best = noMatch
        TextMatcher.forEachOccurrence(ofASCII: word, in: field) { tier, wholeWord in
            if let strength = rule.strength(tier: tier, wholeWord: wholeWord, fieldWeight: weight) {
                best = min(best, UInt8(strength.band))
            }
            return best == 0
        }
        return best
    }

    /// For each letter and digit (``SearchTextIndex/symbol(_:)``), lowers
    /// `bands[symbol]` to ``bestBand(of:in:weight:rule:)`` of the
    /// one-character word of that letter or digit in `field`, of `weight`:
    /// every position in one pass
    /// (``TextMatcher/forEachCharacterOccurrence(inASCII:mayHelp:_:)``).
    package static func symbolBands(
        in field: Span<UInt8>, weight: Int, rule: RankingRule = .standard, into bands: inout InlineArray<36, UInt8>
    ) {
        // Whether the occurrence would lower its symbol's band: the
        // capitalised-word rule is then applied too.
        func band(_ tier: MatchTier, _ wholeWord: Bool) -> UInt8? {
            rule.strength(tier: tier, wholeWord: wholeWord, fieldWeight: weight).map { UInt8($0.band) }
        }
        TextMatcher.forEachCharacterOccurrence(
            inASCII: field,
            mayHelp: { byte, tier, wholeWord in
                guard let symbol = SearchTextIndex.symbol(byte), let band = band(tier, wholeWord) else {
                    return false
                }
                return band < bands[symbol]
            },
            { byte, tier, wholeWord in
                guard let symbol = SearchTextIndex.symbol(byte), let band = band(tier, wholeWord) else { return }
                bands[symbol] = min(bands[symbol], band)
            })
    }

    /// The cut of the word into fragments that the fewest of the first
    /// few thousand indexed records hold, and every cut's number in
    /// ``cuts`` from the fewest records to the most.
    private func chooseFragments(_ index: SearchTextIndex) -> (Fragments, order: [Int]) {
        let candidates = cuts.map { Fragments($0) }
        guard candidates.count > 1 else { return (candidates[0], [0]) }
        var passed = [Int](repeating: 0, count: candidates.count)
        let reader = SearchTextIndex.Reader(index)
        let first = 0..<min(index.count, 2000)
        // One view for every block read, its arrays reused.
        var block = SearchTextIndex.BlockView(first: 0, count: 0)
        for number in index.blocks(in: first) {
            guard reader.read(number, .texts, into: &block) else { break }
            let texts = block.texts.span
            for record in block.records.clamped(to: first)
            where block.kindOf[record - block.first] != SearchTextIndex.unindexed {
                var start = Int(block.starts[record - block.first])
                let end = Int(block.starts[record - block.first + 1])
                // Every ASCII text of the record.
                while start < end {
                    if texts[start] == SearchTextIndex.unicodeMark {
                        start += 5
                        continue
                    }
                    let stop = min(SearchTextIndex.textEnd(in: texts, from: start), end)
                    let field = texts.extracting(start..<stop)
                    for (number, candidate) in candidates.enumerated() where candidate.occur(in: field) {
                        passed[number] += 1
                    }
                    start = stop + 1
                }
            }
        }
        let order = passed.indices.sorted { passed[$0] != passed[$1] ? passed[$0] < passed[$1] : $0 < $1 }
        return (candidates[order[0]], order)
    }

    /// Fragments of a word, one of which every text it matches holds,
    /// looked for in one pass over a text.
    package struct Fragments {
        let fragments: [[UInt8]]
        /// Whether a fragment may start with a byte, in either case.
        private var starts = [Bool](repeating: false, count: 256)
        /// The fragments one after the other, and where each ends in it.
        private var joined: [UInt8] = []
        private var ends: [Int] = []
        /// For each byte, the fragments (a bit each) that may start with
        /// it; empty past 64 fragments.
        private var startingWith: [UInt64] = []

        package init(_ fragments: [[UInt8]]) {
            self.fragments = fragments
            for fragment in fragments {
                guard let first = fragment.first else { continue }
                if first == MatchPattern.anyByte {
                    starts = [Bool](repeating: true, count: 256)
                    break
                }
                starts[Int(first)] = true
                if first &- 0x61 < 26 { starts[Int(first - 0x20)] = true }
            }
            guard fragments.count <= 64, fragments.allSatisfy({ !$0.isEmpty }) else { return }
            startingWith = [UInt64](repeating: 0, count: 256)
            for (number, fragment) in fragments.enumerated() {
                joined += fragment
                ends.append(joined.count)
                let bit: UInt64 = 1 << UInt64(number)
                for byte in 0..<256
                where fragment[0] == MatchPattern.anyByte || IndexRanking.fold(UInt8(byte)) == fragment[0] {
                    startingWith[byte] |= bit
                }
            }
        }

        /// Whether one of the fragments occurs in `field`, ignoring ASCII
        /// case; a ``MatchPattern/anyByte`` stands for any byte.
        package func occur(in field: Span<UInt8>) -> Bool {
            guard !startingWith.isEmpty else { return occurOneByOne(in: field) }
            // Spans over the arrays: no retain or release a text.
            let joined = self.joined.span
            let ends = self.ends.span
            let startingWith = self.startingWith.span
            // Every byte has an entry: no byte below is looked up past the end.
            guard startingWith.count == 256 else { return occurOneByOne(in: field) }
            let count = field.count
            for position in 0..<count {
                var candidates = startingWith[Int(field[position])]
                while candidates != 0 {
                    let number = candidates.trailingZeroBitCount
                    candidates &= candidates - 1
                    // Offsets within the fragments and the field, which are far from overflowing.
                    let start = number == 0 ? 0 : ends[number &- 1]
                    let length = ends[number] &- start
                    guard length <= count &- position else { continue }
                    // The first byte matched: it chose the fragment.
                    var matched = 1
                    while matched < length {
                        let wanted = joined[start &+ matched]
                        guard
                            wanted == MatchPattern.anyByte || IndexRanking.fold(field[position &+ matched]) == wanted
                        else { break }
                        matched &+= 1
                    }
                    if matched == length { return true }
                }
            }
            return false
        }

        /// ``occur(in:)``, one fragment after the other.
        private func occurOneByOne(in field: Span<UInt8>) -> Bool {
            let count = field.count
            for position in 0..<count where starts[Int(field[position])] {
                for fragment in fragments where fragment.count <= count - position {
                    var matched = 0
                    while matched < fragment.count,
                        fragment[matched] == MatchPattern.anyByte
                            || IndexRanking.fold(field[position + matched]) == fragment[matched]
                    {
                        matched += 1
                    }
                    if matched == fragment.count { return true }
                }
            }
            return false
        }
    }

    @inline(__always)
    package static func fold(_ byte: UInt8) -> UInt8 {
        byte &- 0x41 < 26 ? byte | 0x20 : byte
    }
}

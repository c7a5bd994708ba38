import Dispatch
import ResultKit
import SearchEngine
import Synchronization
import TextMatching

/// Finds, from the ``SearchTextIndex``, the few records among which the best
/// results of a one-word query are, and how many records match in all,
/// without handing every record to the engine.
///
/// This is for the first keystrokes, which match nearly every record: the
/// engine would score all of them to keep the best. Here:
/// 1. Each indexed record's texts are scanned for the word. A word too short
///    for typos (one or two characters) matches exactly where its bytes
///    occur, ignoring case: that gives the count, and from where each
///    occurrence is (the start of the text, the start of a word, inside a
///    word) and the field's weight, the best ``MatchStrength`` band the
///    record could reach. A longer word is first looked for by the
///    fragments every text it matches holds
///    (``MatchPattern/requiredFragmentSets(minimumLength:)``).
/// 2. The records that could rank among the best (a band no worse than the
///    band that already holds as many records as are kept), or that hold a
///    fragment, are matched with the same ``TextMatcher`` as the engine's
///    scorer, for their exact rank: band, tier, weight, quality, field length
///    and input order.
/// 3. The best of them, with every record that is not indexed, go to the
///    engine, which ranks and shows them as a one-shot search does; the
///    counts are those of step 1 or 2.
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

    /// A record's rank, compared as the engine's `Rank` compares: band,
    /// tier, heavier field, better quality, shorter text, input order.
    struct Key: Comparable {
        var band: Int
        var tier: Int
        var weight: Int
        var quality: Int
        var length: Int
        var record: Int32
        /// The record's kind in ``SearchTextIndex/kinds`` (not compared).
        var kind: UInt8 = 0

        /// Whether the engine ranked the record as the index did.
        func agrees(with rank: Rank) -> Bool {
            rank.strength?.band == band && rank.tier?.rawValue == tier && rank.weight == weight
                && rank.quality == quality && rank.fieldLength == length
        }

        static func < (a: Key, b: Key) -> Bool {
            if a.band != b.band { return a.band < b.band }
            if a.tier != b.tier { return a.tier < b.tier }
            if a.weight != b.weight { return a.weight > b.weight }
            if a.quality != b.quality { return a.quality > b.quality }
            if a.length != b.length { return a.length < b.length }
            return a.record < b.record
        }
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
                    index, chunks[half], unicode: unicodeMatches, bounds: allBounds, above: above, upTo: upTo,
                    keep: keep, fragments: fragments, isCancelled: isCancelled)
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
                // Through a buffer: no bounds check a record.
                var all: [Int32] = []
                all.reserveCapacity(matched)
                allBounds.withUnsafeBufferPointer { bounds in
                    for record in 0..<bounds.count where bounds[record] != Self.noMatch { all.append(Int32(record)) }
                }
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
        let query = QueryBuffers(
            word: word, weights: weights, kindFields: kindFields, masks: masks, cutPairs: cutPairs, cutEnds: cutEnds)
        // A one-character word reads only the bands; a longer one the filters, then the texts.
        let parts: SearchTextIndex.Parts = symbol != nil ? [.bands, .unicode] : [.filters, .texts, .unicode]
        let reader = SearchTextIndex.Reader(index)
        let complete = bounds.withUnsafeMutableBufferPointer { bounds in
            byKind.withUnsafeMutableBufferPointer { byKind in
                query.withPointers { q in
                    for number in index.blocks(in: range) {
                        if isCancelled() { return false }
                        guard let p = reader.block(number, parts) else { return false }
                        for record in p.records.clamped(to: range) {
                            if record & 4095 == 0, isCancelled() { return false }
                            let local = record - p.first
                            let kind = p.kindOf[local]
                            guard kind != SearchTextIndex.unindexed else { continue }
                            // The plain ASCII texts' bound, when known without reading them.
                            var best = Self.noMatch
                            let readsASCII: Bool
                            if let symbol {
                                let byte = p.symbolBands[local * SearchTextIndex.symbolBytes + symbol >> 1]
                                let band = symbol & 1 == 0 ? byte & 15 : byte >> 4
                                if band != SearchTextIndex.noBand { best = band }
                                readsASCII = false
                            } else {
                                readsASCII = Self.holdsLetters(
                                    p.letters[local], pairs: p.pairs.baseAddress! + local * SearchTextIndex.pairWords,
                                    masks: q.masks, pairMasks: q.cutPairs, cutEnds: q.cutEnds)
                            }
                            defer {
                                bounds[record - range.lowerBound] = best
                                if exactOnly, best != Self.noMatch { byKind[Int(kind)] += 1 }
                            }
                            guard readsASCII else {
                                // Only the texts that are not plain ASCII, if any.
                                var entry = Int(p.unicodeStarts[local])
                                let entriesEnd = Int(p.unicodeStarts[local + 1])
                                while entry < entriesEnd {
                                    let weight = q.weights[q.kindFields[Int(kind)] + Int(p.unicodeFields[entry])]
                                    if let found = unicode[Int(p.unicodeFields[entry + 1])],
                                        Self.scorerTakes(found.match, weight: weight)
                                    {
                                        best = min(best, UInt8(MatchStrength(found.match, fieldWeight: weight).band))
                                    }
                                    entry += 2
                                }
                                continue
                            }
                            var start = Int(p.starts[local])
                            for field in q.kindFields[Int(kind)]..<q.kindFields[Int(kind) + 1] {
                                let weight = q.weights[field]
                                let bound: UInt8
                                if p.texts[start] == SearchTextIndex.unicodeMark {
                                    let number = Self.number(in: p.texts, at: start)
                                    start += 5
                                    bound =
                                        unicode[number].flatMap { found in
                                            Self.scorerTakes(found.match, weight: weight)
                                                ? UInt8(MatchStrength(found.match, fieldWeight: weight).band) : nil
                                        } ?? Self.noMatch
                                } else {
                                    var end = start
                                    while p.texts[end] != 0 { end += 1 }
                                    let field = UnsafeBufferPointer(rebasing: p.texts[start..<end])
                                    start = end + 1
                                    if exactOnly {
                                        bound = Self.bestBand(of: q.word, in: field, weight: weight)
                                    } else {
                                        bound = fragments.occur(in: field) ? 0 : Self.noMatch
                                    }
                                }
                                best = min(best, bound)
                            }
                        }
                    }
                    return true
                }
            }
        }
        return complete ? (bounds, byKind) : nil
    }

    /// What ``scan`` reads besides the index, as buffers (see ``QueryBuffers/withPointers(_:)``).
    private struct QueryBuffers {
        var word: [UInt8]
        var weights: [Int]
        var kindFields: [Int]
        var masks: [UInt64]
        var cutPairs: [UInt64]
        var cutEnds: [Int]

        struct Pointers {
            var word: UnsafeBufferPointer<UInt8>
            var weights: UnsafeBufferPointer<Int>
            var kindFields: UnsafeBufferPointer<Int>
            var masks: UnsafeBufferPointer<UInt64>
            var cutPairs: UnsafeBufferPointer<UInt64>
            var cutEnds: UnsafeBufferPointer<Int>
        }

        /// Calls `body` with every array's storage: the loop over the
        /// records then neither retains nor releases one.
        func withPointers<Result>(_ body: (Pointers) -> Result) -> Result {
            word.withUnsafeBufferPointer { word in
                weights.withUnsafeBufferPointer { weights in
                    kindFields.withUnsafeBufferPointer { kindFields in
                        masks.withUnsafeBufferPointer { masks in
                            cutPairs.withUnsafeBufferPointer { cutPairs in
                                cutEnds.withUnsafeBufferPointer { cutEnds in
                                    body(
                                        Pointers(
                                            word: word, weights: weights, kindFields: kindFields, masks: masks,
                                            cutPairs: cutPairs, cutEnds: cutEnds))
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Whether a record whose texts hold the letters `has` may hold a
    /// fragment of every cut: the letters of one fragment of each cut
    /// (`masks`, each cut's ending at its `cutEnds`).
    /// and its pairs of adjacent bytes (`pairMasks`,
    /// ``SearchTextIndex/pairWords`` words a fragment) among `pairs`.
    @inline(__always)
    private static func holdsLetters(
        _ has: UInt64, pairs: UnsafePointer<UInt64>, masks: UnsafeBufferPointer<UInt64>,
        pairMasks: UnsafeBufferPointer<UInt64>, cutEnds: UnsafeBufferPointer<Int>
    ) -> Bool {
        var start = 0
        for end in cutEnds {
            var holds = false
            for fragment in start..<end where masks[fragment] & ~has == 0 {
                let wanted = pairMasks.baseAddress! + fragment * SearchTextIndex.pairWords
                guard
                    wanted[0] & ~pairs[0] | wanted[1] & ~pairs[1] | wanted[2] & ~pairs[2] | wanted[3] & ~pairs[3]
                        == 0
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
    private static func number(in texts: UnsafeBufferPointer<UInt8>, at start: Int) -> Int {
        Int(texts[start + 1]) | Int(texts[start + 2]) << 8 | Int(texts[start + 3]) << 16 | Int(texts[start + 4]) << 24
    }

    /// The exact ranks of the records in `range` whose bound is past
    /// `above` and at most `worst`, best first, the best ``keep`` only; and, for a word that may
    /// match with typos, every record that matched.
    private func rank(
        _ index: SearchTextIndex, _ range: Range<Int>, unicode: [(match: TextMatch, length: Int)?], bounds: [UInt8],
        above: Int, upTo worst: Int, keep: Int, fragments: Fragments, isCancelled: () -> Bool
    ) -> (keys: [Key], matches: [Int32], byKind: [Int], failed: Bool)? {
        // Each kind's field weights, flat (see ``scan``).
        var weights: [Int] = []
        var kindFields: [Int] = [0]
        for kind in index.kinds {
            weights += kind.searchFields.map(\.weight)
            kindFields.append(weights.count)
        }
        return weights.withUnsafeBufferPointer { weights in
            kindFields.withUnsafeBufferPointer { kindFields in
                bounds.withUnsafeBufferPointer { bounds in
                    rank(
                        index, range, unicode: unicode, bounds: bounds, above: above, upTo: worst, keep: keep,
                        weights: weights, kindFields: kindFields, fragments: fragments, isCancelled: isCancelled)
                }
            }
        }
    }

    private func rank(
        _ index: SearchTextIndex, _ range: Range<Int>, unicode: [(match: TextMatch, length: Int)?],
        bounds: UnsafeBufferPointer<UInt8>, above: Int, upTo worst: Int, keep: Int, weights: UnsafeBufferPointer<Int>,
        kindFields: UnsafeBufferPointer<Int>, fragments: Fragments, isCancelled: () -> Bool
    ) -> (keys: [Key], matches: [Int32], byKind: [Int], failed: Bool)? {
        var keys: [Key] = []
        var matches: [Int32] = []
        var byKind = [Int](repeating: 0, count: index.kinds.count)
        var seen = 0
        let reader = SearchTextIndex.Reader(index)
        for number in index.blocks(in: range) {
            let records = index.blocks[number].records.clamped(to: range)
            // Only a block with a record to rank is read.
            guard records.contains(where: { Int(bounds[$0]) <= worst && Int(bounds[$0]) > above }) else { continue }
            if isCancelled() { return nil }
            guard let block = reader.block(number, .texts) else { return ([], [], byKind, true) }
            let texts = block.texts
            for record in records where Int(bounds[record]) <= worst && Int(bounds[record]) > above {
                seen += 1
                if seen & 1023 == 0, isCancelled() { return nil }
                let local = record - block.first
                let kind = Int(block.kindOf[local])
                var start = Int(block.starts[local])
                var best: (strength: MatchStrength, weight: Int, match: TextMatch, length: Int)?
                for weight in weights[kindFields[kind]..<kindFields[kind + 1]] {
                    let found: (match: TextMatch, length: Int)?
                    if texts[start] == SearchTextIndex.unicodeMark {
                        found = unicode[Self.number(in: texts, at: start)]
                        start += 5
                    } else {
                        var end = start
                        while texts[end] != 0 { end += 1 }
                        let bytes = UnsafeBufferPointer(rebasing: texts[start..<end])
                        start = end + 1
                        // A word too short for typos matches only where it occurs, and
                        // no better than its bound there: a field it is not in, or whose
                        // bound is worse than a field already matched, cannot be the best.
                        if exactOnly {
                            let bound = word.withUnsafeBufferPointer {
                                Self.bestBand(of: $0, in: bytes, weight: weight)
                            }
                            if bound == Self.noMatch { continue }
                            if let best, Int(bound) > best.strength.band { continue }
                        } else if !fragments.occur(in: bytes) {
                            // Without a fragment, a typo word does not match here.
                            continue
                        }
                        let text = String(decoding: bytes, as: UTF8.self)
                        // Plain ASCII without `\r`: one character a byte.
                        found = matcher.match(pattern, in: text).map { ($0, bytes.count) }
                    }
                    guard let (match, length) = found, Self.scorerTakes(match, weight: weight) else { continue }
                    let strength = MatchStrength(match, fieldWeight: weight)
                    // As the scorer picks a record's best field: strongest, heaviest, best quality.
                    if let current = best {
                        let better =
                            strength != current.strength
                            ? strength < current.strength
                            : (weight != current.weight
                                ? weight > current.weight : match.quality > current.match.quality)
                        guard better else { continue }
                    }
                    best = (strength, weight, match, length)
                }
                guard let best else {
                    // The scan found the word here: the matcher must too.
                    if exactOnly { return ([], [], byKind, true) }
                    continue
                }
                matches.append(Int32(record))
                byKind[kind] += 1
                keys.append(
                    Key(
                        band: best.strength.band, tier: best.match.tier.rawValue, weight: best.weight,
                        quality: best.match.quality, length: best.length, record: Int32(record), kind: UInt8(kind)))
            }
        }
        keys.sort()
        if keys.count > keep { keys.removeLast(keys.count - keep) }
        return (keys, matches, byKind, false)
    }

    /// The best band (``MatchStrength``) a match of `word` in `field`, of
    /// `weight`, may have, or ``noMatch`` when it cannot match there.
    /// - The whole text, its start, or the start of a word: an exact,
    ///   prefix or word-prefix match, each taken to cover a whole word (the
    ///   better band) unless it certainly goes on (``continuesWord(_:at:afterLetter:)``).
    /// - Inside a word: a substring match, which the scorer takes only in
    ///   a strong field, and the matcher only where it is not a fragment of
    ///   a capitalised word (`oman` in `Romania`), as the matcher says.
    package static func bestBand(of word: UnsafeBufferPointer<UInt8>, in field: UnsafeBufferPointer<UInt8>, weight: Int)
        -> UInt8
    {
        let length = word.count
        let count = field.count
        guard length <= count else { return noMatch }
        let strong = weight >= MatchStrength.strongFieldWeight
        let exactBand = UInt8(MatchStrength(tier: .exact, wholeWord: true, fieldWeight: weight).band)
        let first = word[0]
        let endsInLetter = word[length - 1] &- 0x61 < 26
        var best = noMatch
        var contentStart = -1
        var contentEnd = 0
        var position = 0
        while position <= count - length {
            defer { position += 1 }
            guard fold(field[position]) == first else { continue }
            var matched = 1
            while matched < length && fold(field[position + matched]) == word[matched] { matched += 1 }
            guard matched == length else { continue }
            if contentStart < 0 {
                contentStart = 0
                while contentStart < count && isWhitespace(field[contentStart]) { contentStart += 1 }
                contentEnd = count
                while contentEnd > contentStart && isWhitespace(field[contentEnd - 1]) { contentEnd -= 1 }
            }
            let tier: MatchTier
            if position == contentStart {
                tier = position + length == contentEnd ? .exact : .prefix
            } else if startsWord(field, at: position) {
                tier = .wordPrefix
            } else {
                guard strong, !isFragmentOfCapitalizedWord(field, start: position, end: position + length) else {
                    continue
                }
                tier = .substring
            }
            let whole = !continuesWord(field, at: position + length, afterLetter: endsInLetter)
            best = min(best, UInt8(MatchStrength(tier: tier, wholeWord: whole, fieldWeight: weight).band))
            if best == exactBand { break }
        }
        return best
    }

    /// Whether a match that ends before `end` is certainly the start of a
    /// longer word, as the matcher's whole-word rule has it: a letter or
    /// digit follows that starts no word (``startsWord(_:at:)``), and, after
    /// a word ending in a letter (`afterLetter`), it is no plural ending `s`
    /// or `es` that ends the word (`co` in "Coffee", "COFFEE"; not `cup` in
    /// "Cups"). Taken to end a word where the matcher may say otherwise (a
    /// hyphen in a host name): the bound is then the better band.
    @inline(__always)
    private static func continuesWord(_ field: UnsafeBufferPointer<UInt8>, at end: Int, afterLetter: Bool) -> Bool {
        guard end < field.count, isWordByte(field[end]), !startsWord(field, at: end) else { return false }
        guard afterLetter else { return true }
        let count = field.count
        func mayEndWord(at position: Int) -> Bool {
            position >= count || !isWordByte(field[position]) || startsWord(field, at: position)
        }
        let next = fold(field[end])
        if next == 0x73 { return !mayEndWord(at: end + 1) }
        if next == 0x65, end + 1 < count, fold(field[end + 1]) == 0x73 { return !mayEndWord(at: end + 2) }
        return true
    }

    /// For each letter and digit (``SearchTextIndex/symbol(_:)``), lowers
    /// `bands[symbol]` to ``bestBand(of:in:weight:)`` of the one-character
    /// word of that letter or digit in `field`, of `weight`: every position
    /// in one pass.
    package static func symbolBands(in field: UnsafeBufferPointer<UInt8>, weight: Int, into bands: inout [UInt8]) {
        let count = field.count
        guard count > 0 else { return }
        let strong = weight >= MatchStrength.strongFieldWeight
        var contentStart = 0
        while contentStart < count && isWhitespace(field[contentStart]) { contentStart += 1 }
        var contentEnd = count
        while contentEnd > contentStart && isWhitespace(field[contentEnd - 1]) { contentEnd -= 1 }
        for position in 0..<count {
            let byte = fold(field[position])
            guard let symbol = SearchTextIndex.symbol(byte) else { continue }
            let tier: MatchTier
            if position == contentStart {
                tier = position + 1 == contentEnd ? .exact : .prefix
            } else if startsWord(field, at: position) {
                tier = .wordPrefix
            } else {
                guard strong else { continue }
                tier = .substring
            }
            let whole = !continuesWord(field, at: position + 1, afterLetter: byte &- 0x61 < 26)
            let band = UInt8(MatchStrength(tier: tier, wholeWord: whole, fieldWeight: weight).band)
            guard band < bands[symbol] else { continue }
            // Whether a letter inside a word counts, once it would help.
            if tier == .substring, isFragmentOfCapitalizedWord(field, start: position, end: position + 1) { continue }
            bands[symbol] = band
        }
    }

    /// Whether `start..<end`, inside a word, is a fragment of a capitalised
    /// word (an upper case letter, then a lower case one) rather than its
    /// last part after three letters or more, as the matcher has it.
    private static func isFragmentOfCapitalizedWord(_ field: UnsafeBufferPointer<UInt8>, start: Int, end: Int) -> Bool {
        var wordStart = start
        while wordStart > 0 && isWordByte(field[wordStart]) && !startsWord(field, at: wordStart) { wordStart -= 1 }
        guard wordStart < start, field[wordStart] &- 0x41 < 26, field[wordStart + 1] &- 0x61 < 26 else {
            return false
        }
        let endsTheWord = end >= field.count || !isWordByte(field[end]) || startsWord(field, at: end)
        return !endsTheWord || start - wordStart < 3
    }

    @inline(__always)
    private static func isWordByte(_ byte: UInt8) -> Bool {
        byte &- 0x61 < 26 || byte &- 0x41 < 26 || byte &- 0x30 < 10
    }

    /// Whether the scorer takes `match` in a field of `weight`: a weak
    /// field matches by its words, not by letters inside one.
    static func scorerTakes(_ match: TextMatch, weight: Int) -> Bool {
        match.tier != .substring || weight >= MatchStrength.strongFieldWeight
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
        for number in index.blocks(in: first) {
            guard let block = reader.block(number, .texts) else { break }
            let texts = block.texts
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
                    var stop = start
                    while texts[stop] != 0 { stop += 1 }
                    let field = UnsafeBufferPointer(rebasing: texts[start..<stop])
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
        package func occur(in field: UnsafeBufferPointer<UInt8>) -> Bool {
            guard !startingWith.isEmpty else { return occurOneByOne(in: field) }
            return joined.withUnsafeBufferPointer { joined in
                ends.withUnsafeBufferPointer { ends in
                    startingWith.withUnsafeBufferPointer { startingWith in
                        let count = field.count
                        for position in 0..<count {
                            var candidates = startingWith[Int(field[position])]
                            while candidates != 0 {
                                let number = candidates.trailingZeroBitCount
                                candidates &= candidates - 1
                                let start = number == 0 ? 0 : ends[number - 1]
                                let length = ends[number] - start
                                guard length <= count - position else { continue }
                                // The first byte matched: it chose the fragment.
                                var matched = 1
                                while matched < length {
                                    let wanted = joined[start + matched]
                                    guard
                                        wanted == MatchPattern.anyByte
                                            || IndexRanking.fold(field[position + matched]) == wanted
                                    else { break }
                                    matched += 1
                                }
                                if matched == length { return true }
                            }
                        }
                        return false
                    }
                }
            }
        }

        /// ``occur(in:)``, one fragment after the other.
        private func occurOneByOne(in field: UnsafeBufferPointer<UInt8>) -> Bool {
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

    /// Whitespace as the matcher's character classes have it (controls, space, DEL).
    @inline(__always)
    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte <= 0x20 || byte == 0x7F
    }

    /// Whether a word starts at `position` as the matcher's boundary bonus
    /// says: a letter or digit after a character that is neither, an upper
    /// case letter or digit after a lower case letter, a digit after an
    /// upper case letter.
    @inline(__always)
    private static func startsWord(_ field: UnsafeBufferPointer<UInt8>, at position: Int) -> Bool {
        let current = field[position]
        let isLower = current &- 0x61 < 26
        let isUpper = current &- 0x41 < 26
        let isDigit = current &- 0x30 < 10
        guard isLower || isUpper || isDigit else { return false }
        guard position > 0 else { return true }
        let previous = field[position - 1]
        if previous &- 0x61 < 26 { return !isLower }
        if previous &- 0x41 < 26 { return isDigit }
        if previous &- 0x30 < 10 { return false }
        return true
    }
}

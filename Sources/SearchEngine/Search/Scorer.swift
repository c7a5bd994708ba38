import ResultKit
import StreamingJSON
package import TextMatching

/// Scores records against the query, the same for every kind and every
/// source: which search field each word matches, at what tier, with what
/// weight; numeric and field filters; and the order records are met in, which
/// breaks ties.
///
/// ``rank(_:)`` is the one rule of whether a record matches and how it
/// ranks, a function of what ``ScoredRecord`` gives of it: the engine asks it
/// of every record it parses, the picker of the records its index cannot
/// rule out. Anything faster may only rule records out before it is asked.
package struct Scorer: Sendable {
    let query: Query
    /// How a word's match in a field ranks (``RankingRule``).
    let rule: RankingRule
    private let matcher: TextMatcher
    /// Used only while nothing has matched: fuzzy matches are shown when
    /// there is nothing better.
    private let fuzzyMatcher = TextMatcher(allowFuzzy: true)
    /// How many records have matched, for their order.
    private var order = 0
    /// For each condition that repeats an earlier word (as folded), the
    /// index of the first; empty when no word repeats.
    private let repeatedWords: [Int?]
    /// When the query ranks by several words and all are plain words: them
    /// as one phrase, and how many. Made once, not per record.
    package let phrase: (pattern: MatchPattern, words: Int)?

    /// A scorer for `query`; `fuzzy` allows fuzzy matches from the start,
    /// `rule` ranks words' matches (the standard one but in tests).
    package init(query: Query, fuzzy: Bool, rule: RankingRule = .standard) {
        self.query = query
        self.rule = rule
        self.matcher = TextMatcher(allowFuzzy: fuzzy)
        self.repeatedWords = Self.repeatedWords(in: query)
        self.phrase = Self.phrase(of: query)
    }

    /// Several words that together may equal or begin a field (see the end
    /// of ``score(_:matcher:)``): the query's ranking terms joined, when
    /// there are two or more and all are plain words.
    private static func phrase(of query: Query) -> (pattern: MatchPattern, words: Int)? {
        let words = query.rankingTerms
        guard words.count > 1, words.allSatisfy({ if case .text = $0.clause { true } else { false } }) else {
            return nil
        }
        let raw = words.compactMap { if case .text(_, let raw) = $0.clause { raw } else { nil } }
        return (MatchPattern(raw.joined(separator: " ")), words.count)
    }

    /// For each condition of `query` that repeats an earlier word, the
    /// index of the first; empty when no word repeats.
    private static func repeatedWords(in query: Query) -> [Int?] {
        var first: [[UInt32]: Int] = [:]
        var repeats = [Int?](repeating: nil, count: query.conditions.count)
        var any = false
        for (index, condition) in query.conditions.enumerated() {
            guard case .text(let pattern, _) = condition.clause else { continue }
            if let earlier = first[pattern.units] {
                repeats[index] = earlier
                any = true
            } else {
                first[pattern.units] = index
            }
        }
        return any ? repeats : []
    }

    /// Whether `pattern` matches any of `kind`'s search fields of `object`,
    /// at any tier; `fuzzily` also at ``MatchTier/fuzzy``, as while fuzzy
    /// matches stand in. A record that every result must match this way
    /// and does not cannot match: this rules records out, it does not rank.
    func matchesSearchField(_ pattern: MatchPattern, kind: ResultKind, object: JSONObject, fuzzily: Bool = false)
        -> Bool
    {
        let matcher = fuzzily ? fuzzyMatcher : matcher
        return kind.searchFields.contains { field in
            field.text(object).map { matcher.match(pattern, in: $0) != nil } ?? false
        }
    }

    /// How a record matched: its rank, and the match to show.
    ///
    /// A struct, not a tuple: an optional tuple was destroyed through its
    /// type's metadata, for every record considered.
    struct Evaluation {
        var rank: Rank
        var match: FieldMatch?
    }

    /// Whether the record satisfies the query, and how well.
    /// - Parameters:
    ///   - object: The record, or the fields of it that the search reads.
    ///   - kind: Its kind, whose search fields words are matched against.
    ///   - fuzzily: Whether to allow fuzzy subsequence matches, as a search
    ///     does when nothing else matched.
    /// - Returns: Its rank and the match to show, or `nil` when it does not
    ///   match. Each record that matches takes the next place in order.
    mutating func evaluate(_ object: JSONObject, kind: ResultKind, fuzzily: Bool = false) -> Evaluation? {
        var evaluation: Evaluation
        if query.conditions.isEmpty {
            // A listing reads nothing of the record: not even the kind's
            // search fields, to which every worker would count references.
            evaluation = Self.listed
        } else {
            let record = JSONScoredRecord(object: object, fields: kind.searchFields, declared: kind.namedFields)
            guard let scored = score(record, matcher: fuzzily ? fuzzyMatcher : matcher) else { return nil }
            evaluation = scored
        }
        order += 1
        evaluation.rank.order = order
        return evaluation
    }

    /// Numbers the records that match from now on after `order` at least:
    /// records a parallel read numbered by their offsets, up to `order`,
    /// come before them in ties, as they come before them in the input.
    mutating func continueOrder(after order: Int) {
        self.order = max(self.order, order)
    }

    /// How a query of no conditions (a listing) takes every record: in the
    /// order it is met, and no other.
    private static var listed: Evaluation {
        Evaluation(rank: Rank(tier: nil, weight: 0, quality: 0, fieldLength: 0, order: 0), match: nil)
    }

    /// The record's rank, its order 0 (the caller's to set), or `nil` when
    /// it does not match: ``evaluate(_:kind:fuzzily:)`` of what `record`
    /// gives, without fuzzy matches.
    package func rank(_ record: some ScoredRecord) -> Rank? {
        score(record, matcher: matcher)?.rank
    }

    /// The rule: whether `record` satisfies every condition, and its rank
    /// (order 0) and match to show.
    private func score(_ record: some ScoredRecord, matcher: TextMatcher) -> Evaluation? {
        if query.conditions.isEmpty { return Self.listed }
        var tier: MatchTier?
        var strength: MatchStrength?
        var weight = 0
        var quality = 0
        var fieldLength = 0
        var primary: FieldMatch?

        // A field's length in characters takes a pass over it: once per
        // field, however many words match in it.
        var lengths = FieldLengths(remembers: query.conditions.count > 1)
        // A word said again matches as it did the first time: matched once.
        var matchesOfWords: [Candidate?] =
            repeatedWords.isEmpty ? [] : Array(repeating: nil, count: repeatedWords.count)
        for (index, condition) in query.conditions.enumerated() {
            switch condition.clause {
            case .text(let pattern, _):
                let best: Candidate?
                if let earlier = repeatedWords.isEmpty ? nil : repeatedWords[index] {
                    best = matchesOfWords[earlier]
                } else {
                    best = bestMatch(pattern, condition: index, in: record, matcher: matcher)
                    if !repeatedWords.isEmpty { matchesOfWords[index] = best }
                }
                if condition.negated {
                    if let best, best.match.tier <= .substring { return nil }
                    continue
                }
                guard let best else { return nil }
                tier = max(tier ?? best.match.tier, best.match.tier)
                strength = max(strength ?? best.strength, best.strength)
                weight += best.weight
                quality += best.match.quality
                fieldLength = max(fieldLength, lengths.length(of: best.text, in: best.field))
                merge(best, into: &primary)
            case .fieldText(let field, let pattern, let raw):
                let fieldValue = record.value(of: field)
                // On a number, `price:5` means equal to 5, not "5" inside 56000 or 4.5.
                if let wanted = Query.number(raw), let number = fieldValue?.number {
                    if (number == wanted) == condition.negated { return nil }
                    continue
                }
                let text = fieldValue?.text
                // Only a match of substring or better counts here.
                let found = text.flatMap { matcher.match(pattern, in: $0, worstTier: .substring) }
                if condition.negated {
                    if let found, found.tier <= .substring { return nil }
                    continue
                }
                // A filter names the value it wants: a typo of it (`Cyrs` for `Cyrl`) does not pass.
                guard let text, let found, found.tier <= .substring,
                    let fieldStrength = rule.strength(of: found, fieldWeight: 100)
                else { return nil }
                let candidate = Candidate(field: field, text: text, weight: 100, match: found, strength: fieldStrength)
                tier = max(tier ?? found.tier, found.tier)
                strength = max(strength ?? candidate.strength, candidate.strength)
                weight += candidate.weight
                quality += found.quality
                fieldLength = max(fieldLength, lengths.length(of: text, in: field))
                merge(candidate, into: &primary)
            case .compare(let field, let op, let number):
                let holds = record.value(of: field)?.number.map { op.holds($0, number) } ?? false
                if holds == condition.negated { return nil }
            case .range(let field, let lower, let upper):
                let holds =
                    record.value(of: field)?.number.map { number in
                        (lower.map { number >= $0 } ?? true) && (upper.map { number <= $0 } ?? true)
                    } ?? false
                if holds == condition.negated { return nil }
            case .exists(let field):
                let present = record.value(of: field) != nil
                if present == condition.negated { return nil }
            }
        }

        // Several words that together equal or begin a field rank as that.
        if let phrase, let strengthSoFar = strength, tier.map({ $0 > .exact }) ?? false {
            if let best = bestMatch(phrase.pattern, condition: query.conditions.count, in: record, matcher: matcher),
                best.strength < strengthSoFar
            {
                tier = best.match.tier
                strength = best.strength
                weight = best.weight * phrase.words
                quality = best.match.quality
                primary = FieldMatch(
                    field: best.field, text: best.text, tier: best.match.tier, positions: best.match.positions,
                    strength: best.strength)
            }
        }
        let rank = Rank(
            tier: tier, strength: strength, weight: weight, quality: quality, fieldLength: fieldLength, order: 0)
        return Evaluation(rank: rank, match: primary)
    }

    private struct Candidate {
        var field: String
        var text: String
        var weight: Int
        var match: TextMatch
        var strength: MatchStrength
    }

    /// The best match of `pattern` (the query's condition at `condition`,
    /// or its phrase) over the record's search fields, as ``rule`` weighs
    /// each: strongest (``MatchStrength``), then highest weight, then
    /// highest quality.
    private func bestMatch(
        _ pattern: MatchPattern, condition: Int, in record: some ScoredRecord, matcher: TextMatcher
    ) -> Candidate? {
        var best: Candidate?
        for index in 0..<record.fieldCount {
            // A typo or fuzzy match ranks after any match of a better tier in
            // any field: once one is found, those tiers are not tried.
            let worstTier = best.map { max($0.match.tier, .substring) } ?? .fuzzy
            guard record.mayMatch(condition: condition, field: index, atLeast: best?.strength),
                let text = record.fieldText(at: index),
                let match = matcher.match(pattern, in: text, worstTier: worstTier)
            else { continue }
            let weight = record.fieldWeight(at: index)
            guard let strength = rule.strength(of: match, fieldWeight: weight) else { continue }
            if let current = best {
                let better =
                    strength != current.strength
                    ? strength < current.strength
                    : (weight != current.weight ? weight > current.weight : match.quality > current.match.quality)
                guard better else { continue }
            }
            best = Candidate(
                field: record.fieldName(at: index), text: text, weight: weight, match: match, strength: strength)
        }
        return best
    }

    /// Adds a word's match to the reported match: the first word sets the
    /// field, and later words in the same field add their positions.
    private func merge(_ candidate: Candidate, into primary: inout FieldMatch?) {
        guard var current = primary else {
            primary = FieldMatch(
                field: candidate.field,
                text: candidate.text,
                tier: candidate.match.tier,
                positions: candidate.match.positions,
                strength: candidate.strength
            )
            return
        }
        current.tier = max(current.tier, candidate.match.tier)
        current.strength = max(current.strength ?? candidate.strength, candidate.strength)
        if current.field == candidate.field {
            current.positions = Array(Set(current.positions + candidate.match.positions)).sorted()
        }
        primary = current
    }
}

/// The lengths in characters of the fields a record matched in, each
/// counted once when several words match in one field.
struct FieldLengths {
    private let remembers: Bool
    private var known: [(field: String, length: Int)] = []

    init(remembers: Bool) {
        self.remembers = remembers
    }

    mutating func length(of text: String, in field: String) -> Int {
        guard remembers else { return Self.characterCount(text) }
        if let index = known.firstIndex(where: { $0.field == field }) { return known[index].length }
        let length = Self.characterCount(text)
        known.append((field, length))
        return length
    }

    /// `text.count`: for ASCII with no carriage return (which makes one
    /// character with a line feed after it), one character a byte, counted
    /// without breaking the text into characters.
    static func characterCount(_ text: String) -> Int {
        let plain = text.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.allSatisfy { $0 < 0x80 && $0 != 0x0D }
        }
        return plain == true ? text.utf8.count : text.count
    }
}

import SearchEngine
import TextMatching

/// The streams of candidates that together hold every record the search
/// can rank in its page (``CandidateStream``), and what every one of them
/// requires: the query's filters, pushed down exactly.
///
/// - A query of one word gets fine streams: for each search field's slot,
///   each class of match (exact; a whole word at the field's start, after
///   whitespace, after anything else; the start of a word, likewise; a
///   substring; a typo, likewise), ordered by the field's weight, whether a
///   word starts inside the field, its length and load order, with a bound
///   exact to the quality (``QualityCeiling``). The page settles as soon as
///   enough results are certain.
/// - Any other query (several words, a phrase, `field:value`) gets a
///   stream per class over all fields together, in load order: each is
///   read to its end, best class first, until the page is settled.
/// - A query of filters alone is read in load order.
/// - `--sort` by a field: its numbers in their order, its texts, then the
///   records without it.
/// - Fuzzy matches, with `--fuzzy` or when nothing else matched (the
///   stand-ins a file gives): records that hold every telling unit of the
///   pattern, in load order.
struct CandidatePlan: Sendable {
    /// The streams read first.
    var streams: [CandidateStream] = []
    /// The streams read when the others gave no match: fuzzy stand-ins.
    var standIns: [CandidateStream] = []
    /// Full-text conditions every candidate meets (`price:*`).
    private var required: [String] = []
    /// Attribute conditions every candidate meets (the numeric filters).
    private var conditions: [String] = []

    /// The classes of match, best first.
    enum Class: Int, CaseIterable, Comparable {
        case exact, wholeAtStart, wholeWord, atStart, wordStart, substring, typo, fuzzy

        static func < (a: Class, b: Class) -> Bool { a.rawValue < b.rawValue }

        var tier: MatchTier {
            switch self {
            case .exact: .exact
            case .wholeAtStart, .atStart: .prefix
            case .wholeWord, .wordStart: .wordPrefix
            case .substring: .substring
            case .typo: .typo
            case .fuzzy: .fuzzy
            }
        }

        var isWholeWord: Bool { self == .exact || self == .wholeAtStart || self == .wholeWord }

        /// The strength of a match of this class in a field of `weight`.
        func strength(weight: Int) -> MatchStrength {
            MatchStrength(tier: tier, wholeWord: isWholeWord, fieldWeight: weight)
        }

        /// The best rank a match of this class can give.
        var bestRank: Rank {
            Rank(
                tier: tier, strength: strength(weight: Int.max), weight: Int.max, quality: Int.max,
                fieldLength: Int.min, order: Int.min)
        }
    }

    /// - Parameters:
    ///   - query: The query.
    ///   - options: The search's options: `--sort`, `--fuzzy`, the kinds.
    ///   - kinds: The kind names to keep, as stored (lower case); empty for all.
    ///   - slots: How many search fields the kinds in play have (at most
    ///     ``ClusterLayout/slotCount``).
    ///   - fieldSlots: For each search field's name, the slots it is in for
    ///     some kind (a `field:value` on it looks there).
    ///   - localFields: The fields some kind declares deeper in a record
    ///     (a spec column's `/author/born`): the cluster stores no value of
    ///     theirs, so their filters and sort are left to the local scorer.
    ///   - excludedKinds: The kind names `-kind:` leaves out, as stored.
    init(
        query: Query, options: SearchOptions, kinds: [String], slots: Int, fieldSlots: [String: Set<Int>] = [:],
        localFields: Set<String> = [], excludedKinds: [String] = []
    ) {
        let slots = max(1, min(slots, ClusterLayout.slotCount))
        var terms: [Term] = []
        for condition in query.conditions where !condition.negated {
            if let field = Self.field(of: condition.clause), localFields.contains(field) {
                // Any record may hold it: a candidate whatever it holds.
                if case .fieldText = condition.clause { terms.append(.local) }
                continue
            }
            switch condition.clause {
            case .text(let pattern, _):
                terms.append(.text(([pattern] + pattern.alternatives).map(PatternTokens.init)))
            case .fieldText(let field, let pattern, let raw):
                terms.append(
                    .field(
                        field, code: ClusterLayout.fieldCode(field), PatternTokens(pattern), Query.number(raw),
                        slots: fieldSlots[field].map { $0.sorted() } ?? []))
            case .compare(let field, let op, let number):
                let key = ClusterLayout.filterKey(field)
                guard let value = SortableNumber.key(number) else { continue }
                conditions.append("attrs.\(key) IS NOT NULL")
                conditions.append("attrs.\(key) \(op == .equal ? "=" : op.rawValue) \(value)")
                let (lower, upper): (Int64?, Int64?) =
                    switch op {
                    case .less: (.min, value == .min ? nil : value - 1)
                    case .lessOrEqual: (.min, value)
                    case .greater: (value == .max ? nil : value + 1, .max)
                    case .greaterOrEqual: (value, .max)
                    case .equal: (value, value)
                    }
                required.append(Self.numbers(of: field, from: lower, to: upper))
            case .range(let field, let lower, let upper):
                let key = ClusterLayout.filterKey(field)
                conditions.append("attrs.\(key) IS NOT NULL")
                let low = lower.flatMap(SortableNumber.key)
                let high = upper.flatMap(SortableNumber.key)
                if let low { conditions.append("attrs.\(key) >= \(low)") }
                if let high { conditions.append("attrs.\(key) <= \(high)") }
                required.append(Self.numbers(of: field, from: low ?? .min, to: high ?? .max))
            case .exists(let field):
                conditions.append("attrs.\(ClusterLayout.presenceKey(field)) IS NOT NULL")
            }
        }
        if !kinds.isEmpty {
            conditions.append(
                "kind_name IN (" + kinds.map { "'\(SphinxQLText.sqlString($0))'" }.joined(separator: ",") + ")")
        }
        // A record stored under a kind's own name is of that kind; one
        // that names it otherwise stays a candidate, and the scorer decides.
        for kind in excludedKinds { conditions.append("kind_name != '\(SphinxQLText.sqlString(kind))'") }
        let phrase = Self.phrase(of: query)
        if let sort = options.sort, localFields.contains(sort.field) {
            // No order the cluster knows: every candidate, read to the end.
            streams = [everyMatch(options.fuzzy ? .fuzzy : .typo, terms: terms, phrase: phrase, sort: sort)]
            if !options.fuzzy && !terms.isEmpty {
                standIns = [everyMatch(.fuzzy, terms: terms, phrase: phrase, sort: sort)]
            }
            return
        }
        if let sort = options.sort {
            streams = sorted(by: sort, terms: terms, phrase: phrase, fuzzy: options.fuzzy)
            if !options.fuzzy && !terms.isEmpty {
                standIns = sorted(by: sort, terms: terms, phrase: phrase, fuzzy: true)
            }
            return
        }
        if terms.isEmpty {
            streams.append(listing("every record", match: nil))
            return
        }
        if terms.count == 1, case .text(let spellings) = terms[0], spellings.allSatisfy(\.isOneWord) {
            for spelling in spellings { addFine(spelling, slots: slots) }
        } else if terms.count == 1, case .field(let field, let code, let tokens, let number?, let slots) = terms[0] {
            // A field whose number equals the value passes as a filter does,
            // ranking by load order alone; one without a number, by its text.
            if let key = SortableNumber.key(number) {
                let attribute = "attrs.\(ClusterLayout.filterKey(field))"
                streams.append(
                    listing(
                        "equal to \(number)", match: Self.numbers(of: field, from: key, to: key),
                        extra: ["\(attribute) IS NOT NULL", "\(attribute) = \(key)"]))
            }
            let byText = Term.field(field, code: code, tokens, nil, slots: slots)
            for type in Class.allCases where type < .typo {
                streams.append(coarse(type, terms: [byText], phrase: nil))
            }
        } else if terms.allSatisfy({ if case .local = $0 { true } else { false } }) {
            // Only fields the cluster does not store rank: every record, read to the end.
            streams.append(
                inLoadOrder(
                    "every record (\(query.referencedFields.joined(separator: ", ")) read here)", match: nil,
                    bound: KeyBound(rank: CandidateStream.bestRank), stage: 100))
            return
        } else {
            for type in Class.allCases where type < .fuzzy {
                streams.append(coarse(type, terms: terms, phrase: phrase))
            }
        }
        let fuzzy = coarse(.fuzzy, terms: terms, phrase: phrase)
        if options.fuzzy { streams.append(fuzzy) } else { standIns = [fuzzy] }
    }

    // MARK: Terms

    /// One positive word, phrase or `field:value` of the query.
    private enum Term {
        /// A word or phrase in every search field, in each of its spellings.
        case text([PatternTokens])
        /// `field:value`: the field, its code, the value's tokens, the
        /// number the value spells (which a field holding a number must
        /// equal), and the slots where kinds hold it as a search field.
        case field(String, code: String, PatternTokens, Double?, slots: [Int])
        /// `field:value` on a field the cluster stores no value of.
        case local
    }

    /// The field a clause names, if any.
    private static func field(of clause: Query.Clause) -> String? {
        switch clause {
        case .text: nil
        case .fieldText(let field, _, _), .compare(let field, _, _), .range(let field, _, _), .exists(let field): field
        }
    }

    /// What a record holds whose number in `field` has a key from `lower`
    /// to `upper` (``NumberBlocks``); ``PatternTokens/never`` when no key is.
    static func numbers(of field: String, from lower: Int64?, to upper: Int64?) -> String {
        guard let lower, let upper else { return PatternTokens.never }
        let tokens = NumberBlocks.covering(code: ClusterLayout.fieldCode(field), lower: lower, upper: upper)
        guard !tokens.isEmpty else { return PatternTokens.never }
        return "@\(ClusterLayout.namedField) "
            + (tokens.count == 1 ? "=" + tokens[0] : "(" + tokens.map { "=" + $0 }.joined(separator: " | ") + ")")
    }

    /// The search fields' full-text fields.
    static let allSlots = "(" + ClusterLayout.slotFields.joined(separator: ",") + ")"
    /// The search fields' typo fields.
    static let allTypoSlots = "(" + ClusterLayout.typoFields.joined(separator: ",") + ")"

    /// What a record holds when `term` matches it in `type` or better;
    /// `nil` when the cluster cannot narrow it.
    private static func expression(_ term: Term, _ type: Class) -> String? {
        switch term {
        case .text(let spellings):
            return any(spellings.map { expression($0, type, prefix: "", fields: allSlots) })
        case .local:
            return nil
        case .field(let field, let code, let tokens, let number, let slots):
            // A field matches by text only up to substrings: in its own
            // tokens, or in the slots where kinds search it; or, whatever
            // its text, by a number equal to the value.
            let type = min(type, .substring)
            var either = [expression(tokens, type, prefix: code, fields: ClusterLayout.namedField)]
            if !slots.isEmpty {
                let fields = "(" + slots.map(ClusterLayout.slotField).joined(separator: ",") + ")"
                either.append(expression(tokens, type, prefix: "", fields: fields))
            }
            if let number {
                let key = SortableNumber.key(number)
                either.append(key.map { numbers(of: field, from: $0, to: $0) })
            }
            return any(either)
        }
    }

    /// What a text holds when `tokens` matches it in `type` or better, in `fields`.
    static func expression(_ tokens: PatternTokens, _ type: Class, prefix: String, fields: String) -> String? {
        switch tokens.rule {
        case .anyTier:
            break
        case .connector:
            // Any connector matches as the whole word `and` after a space would.
            return type < .wholeWord ? PatternTokens.never : "@\(fields) \(tokens.connector(prefix: prefix))"
        case .contiguous, .wholeWord:
            // Another form of a word never matches as a typo or fuzzily.
            if type > .substring { return expression(tokens, .substring, prefix: prefix, fields: fields) }
        }
        let exact = tokens.exact(prefix: prefix)
        var parts = [exact]
        switch type {
        case .exact:
            break
        case .wholeAtStart, .wholeWord, .atStart, .wordStart:
            guard tokens.isOneWord else { return tokens.anywhere(prefix: prefix).map { "@\(fields) \($0)" } }
            parts += [tokens.wholeWord(.fieldStart, prefix: prefix)].compactMap { $0 }
            if type >= .wholeWord {
                parts += [.afterSpace, .afterOther].compactMap { tokens.wholeWord($0, prefix: prefix) }
            }
            if type >= .atStart { parts += [tokens.wordStart(.fieldStart, prefix: prefix)].compactMap { $0 } }
            if type >= .wordStart {
                parts += [.afterSpace, .afterOther].compactMap { tokens.wordStart($0, prefix: prefix) }
            }
        case .substring:
            return tokens.anywhere(prefix: prefix).map { "@\(fields) \($0)" }
        case .typo:
            guard let anywhere = tokens.anywhere(prefix: prefix) else { return nil }
            var typos: [String] = []
            for marker in [TokenSpelling.Marker.afterSpace, .afterOther] {
                guard let typo = tokens.typo(marker, slot: nil) else { return nil }
                if typo != PatternTokens.never { typos.append(typo) }
            }
            return any(["@\(fields) \(anywhere)"] + typos)
        case .fuzzy:
            guard let fuzzy = tokens.fuzzy(), let typo = expression(tokens, .typo, prefix: prefix, fields: fields)
            else {
                return nil
            }
            return fuzzy == PatternTokens.never ? typo : any([typo, fuzzy])
        }
        return "@\(fields) " + (parts.count == 1 ? parts[0] : "(" + parts.joined(separator: " | ") + ")")
    }

    /// Either of `expressions`; `nil` when one cannot narrow.
    private static func any(_ expressions: [String?]) -> String? {
        var parts: [String] = []
        for expression in expressions {
            guard let expression else { return nil }
            if !parts.contains(expression) { parts.append(expression) }
        }
        return parts.count == 1 ? parts[0] : "(" + parts.joined(separator: ") | (") + ")"
    }

    /// All of `expressions`, leaving out those that cannot narrow; `nil` when none can.
    private static func all(_ expressions: [String?]) -> String? {
        let parts = expressions.compactMap { $0 }
        return parts.isEmpty ? nil : parts.count == 1 ? parts[0] : "(" + parts.joined(separator: ") (") + ")"
    }

    /// Several plain words that together may equal or begin a field, as
    /// the scorer tries them (see `Scorer`): their phrase.
    private static func phrase(of query: Query) -> PatternTokens? {
        let words = query.conditions.filter { !$0.negated }.compactMap { condition -> String? in
            switch condition.clause {
            case .text(_, let raw): raw
            default: nil
            }
        }
        let ranking = query.conditions.filter { condition in
            guard !condition.negated else { return false }
            switch condition.clause {
            case .text, .fieldText: return true
            default: return false
            }
        }
        guard words.count > 1, words.count == ranking.count else { return nil }
        return PatternTokens(MatchPattern(words.joined(separator: " ")))
    }

    // MARK: Streams

    /// The full-text expression of a stream: `match` and what every candidate must hold.
    private func withRequired(_ match: String?) -> String? {
        Self.all([match] + required)
    }

    /// A stream of records that rank by their load order alone (filters,
    /// a field equal to a number): the bound after a row is the next place.
    private func listing(_ label: String, match: String?, extra: [String] = []) -> CandidateStream {
        CandidateStream(
            label: label, match: withRequired(match), conditions: conditions + extra,
            order: [CandidateStream.OrderKey(expression: "seq", descending: false)],
            initialBound: KeyBound(rank: CandidateStream.bestRank),
            bound: { values in
                KeyBound(
                    rank: Rank(
                        tier: nil, strength: nil, weight: 0, quality: 0, fieldLength: 0, order: Int(values[0]) + 1))
            }, stage: -1)
    }

    private func inLoadOrder(_ label: String, match: String?, bound: KeyBound, stage: Int, extra: [String] = [])
        -> CandidateStream
    {
        CandidateStream.inLoadOrder(
            label: label, match: withRequired(match), conditions: conditions + extra, bound: bound, stage: stage)
    }

    /// The stream of the records whose every term matches in `type` or
    /// better (or whose phrase does), in load order.
    private func coarse(_ type: Class, terms: [Term], phrase: PatternTokens?) -> CandidateStream {
        var match = Self.all(terms.map { Self.expression($0, type) })
        if let phrase, let byPhrase = Self.expression(phrase, type, prefix: "", fields: Self.allSlots) {
            match = match.map { "(\($0)) | (\(byPhrase))" }
        }
        // A `field:NUMBER` that a field's number equals adds nothing to the
        // rank: such records rank before any match, so the first stream
        // stands for them too.
        let bound = KeyBound(rank: type == .exact ? CandidateStream.bestRank : type.bestRank)
        return inLoadOrder("\(type) (all fields)", match: match, bound: bound, stage: 100 + type.rawValue)
    }

    /// The fine streams of a one-word spelling: per slot, per class.
    private mutating func addFine(_ spelling: PatternTokens, slots: Int) {
        let pattern = MatchPattern(String(String.UnicodeScalarView(spelling.units.compactMap(Unicode.Scalar.init))))
        let ceiling = QualityCeiling(pattern)
        // A contiguous match scores the pattern's units alone (and whether a
        // word ends after them): only a word start among them raises it.
        let length = spelling.units.count
        // The typo ceilings hold for every slot: found once, as each walks
        // every text one edit away.
        let clearTypos: [QualityCeiling.Start: [(quality: Int, pairs: [PatternTokens.TypoPair])]] = [
            .space: ceiling.clearTypos(start: .space), .other: ceiling.clearTypos(start: .other),
        ]
        let typoCeilings: [QualityCeiling.Start: Int] = [
            .space: ceiling.typo(start: .space), .other: ceiling.typo(start: .other),
        ]
        for slot in 0..<slots {
            let field = ClusterLayout.slotField(slot)
            func add(
                _ type: Class, _ match: String?, start: QualityCeiling.Start, label: String, extra: [String] = [],
                clearTypo: Int? = nil
            ) {
                guard let match, match != PatternTokens.never else { return }
                let quality =
                    clearTypo
                    ?? (type == .typo
                        ? typoCeilings[start] ?? Int.max
                        : ceiling.contiguous(type.tier, wholeWord: type.isWholeWord, start: start))
                // A substring starts anywhere: any word inside the field may
                // start inside it. A clear typo's own word has no other word
                // start inside its span, whatever the rest of the field holds.
                let span =
                    type == .substring
                    ? ClusterLayout.noInnerStart
                    : type == .typo ? (clearTypo != nil ? 0 : spelling.typoSpan) : length
                streams.append(
                    fine(type, match: match, slot: slot, quality: quality, span: span, label: label, extra: extra))
            }
            add(.exact, "@\(field) " + spelling.exact(), start: .field, label: "exact")
            add(
                .wholeAtStart, spelling.wholeWord(.fieldStart).map { "@\(field) \($0)" }, start: .field,
                label: "whole word at the start")
            add(
                .wholeWord, spelling.wholeWord(.afterSpace).map { "@\(field) \($0)" }, start: .space,
                label: "whole word after a space")
            add(
                .wholeWord, spelling.wholeWord(.afterOther).map { "@\(field) \($0)" }, start: .other,
                label: "whole word after punctuation")
            add(
                .atStart, spelling.wordStart(.fieldStart).map { "@\(field) \($0)" }, start: .field,
                label: "start of the field")
            add(
                .wordStart, spelling.wordStart(.afterSpace).map { "@\(field) \($0)" }, start: .space,
                label: "word start after a space")
            add(
                .wordStart, spelling.wordStart(.afterOther).map { "@\(field) \($0)" }, start: .other,
                label: "word start after punctuation")
            // A weak field's letters inside a word do not match (see `Scorer`).
            if let anywhere = spelling.anywhere() {
                add(
                    .substring, "@\(field) \(anywhere)", start: .field, label: "substring",
                    extra: ["wt\(slot) >= \(MatchStrength.strongFieldWeight)"])
            } else {
                streams.append(
                    inLoadOrder(
                        "substring in \(field) (every record)", match: nil,
                        bound: KeyBound(rank: Class.substring.bestRank),
                        stage: Class.substring.rawValue))
            }
            for (marker, start) in [
                (TokenSpelling.Marker.afterSpace, QualityCeiling.Start.space), (.afterOther, .other),
            ] {
                // Most typo matches start at a word whose next word starts
                // farther on than the match reaches: a stream of their own,
                // with the lower ceiling such matches have, so that the
                // page is settled without reading every typo candidate.
                for group in clearTypos[start] ?? [] {
                    add(
                        .typo, spelling.typoClear(marker, slot: slot, pairs: group.pairs), start: start,
                        label: "clear typo \(start) (at most \(group.quality))", clearTypo: group.quality)
                }
                if let typo = spelling.typo(marker, slot: slot, words: .crowded) {
                    add(.typo, typo, start: start, label: "typo \(start)")
                } else {
                    streams.append(
                        inLoadOrder(
                            "typo in \(field) (every record)", match: nil, bound: KeyBound(rank: Class.typo.bestRank),
                            stage: Class.typo.rawValue))
                }
            }
        }
    }

    /// A fine stream of `type` in `slot`: ordered by the field's weight,
    /// whether a word starts inside it within `span` units of a word start
    /// (the most a match of the class covers), its length and load order;
    /// the bound after a row is the rank a match of the class in a field of
    /// that weight and length would have, with the best quality such a
    /// field allows (any, when a word starts inside the match's span).
    private func fine(
        _ type: Class, match: String, slot: Int, quality: Int, span: Int, label: String, extra: [String]
    ) -> CandidateStream {
        let order = [
            CandidateStream.OrderKey(expression: "wt\(slot)", descending: true),
            CandidateStream.OrderKey(expression: "IF(ir\(slot)<\(span),1,0)", descending: true),
            CandidateStream.OrderKey(expression: "len\(slot)", descending: false),
            CandidateStream.OrderKey(expression: "seq", descending: false),
        ]
        return CandidateStream(
            label: "\(label) in \(ClusterLayout.slotField(slot))", match: withRequired(match),
            conditions: conditions + extra, order: order, initialBound: KeyBound(rank: type.bestRank),
            bound: { values in
                let weight = Int(values[0])
                return KeyBound(
                    rank: Rank(
                        tier: type.tier, strength: type.strength(weight: weight), weight: weight,
                        quality: values[1] > 0 ? Int.max : quality, fieldLength: Int(values[2]),
                        order: Int(values[3]) + 1))
            }, stage: type.strength(weight: Int.max).band)
    }

    /// The stream of every record any term matches in `type` or better,
    /// for a sort the cluster cannot follow: read to its end, then sorted here.
    private func everyMatch(_ type: Class, terms: [Term], phrase: PatternTokens?, sort: FieldSort) -> CandidateStream {
        var match = Self.all(terms.map { Self.expression($0, type) })
        if let phrase, let byPhrase = Self.expression(phrase, type, prefix: "", fields: Self.allSlots) {
            match = match.map { "(\($0)) | (\(byPhrase))" }
        }
        return inLoadOrder(
            "every \(type == .fuzzy ? "fuzzy " : "")match, by \(sort.field) here", match: match,
            bound: KeyBound(rank: CandidateStream.bestRank), stage: 0)
    }

    /// The streams of a search sorted by a field: its numbers in their
    /// order, its texts, then the records without it, each of the records
    /// any term matches (or with any of them when fuzzy).
    private func sorted(by sort: FieldSort, terms: [Term], phrase: PatternTokens?, fuzzy: Bool) -> [CandidateStream] {
        let type: Class = fuzzy ? .fuzzy : .typo
        var match = Self.all(terms.map { Self.expression($0, type) })
        if let phrase, let byPhrase = Self.expression(phrase, type, prefix: "", fields: Self.allSlots) {
            match = match.map { "(\($0)) | (\(byPhrase))" }
        }
        let number = "attrs.\(ClusterLayout.sortKey(sort.field))"
        let text = "attrs.\(ClusterLayout.sortTextKey(sort.field))"
        let label = fuzzy ? "fuzzy, " : ""
        let numbers = CandidateStream(
            label: label + "by \(sort.field)", match: withRequired(match),
            conditions: conditions + ["\(number) IS NOT NULL"],
            order: [
                CandidateStream.OrderKey(expression: "INTEGER(\(number))", descending: sort.descending),
                CandidateStream.OrderKey(expression: "seq", descending: false),
            ],
            initialBound: KeyBound(
                sort: .number(sort.descending ? .infinity : -.infinity), rank: CandidateStream.bestRank),
            bound: { values in
                KeyBound(sort: .number(SortableNumber.number(values[0])), rank: CandidateStream.bestRank)
            }, stage: sort.descending ? 1 : 0)
        let texts = inLoadOrder(
            label + "\(sort.field) as text", match: match, bound: KeyBound(sort: .text, rank: CandidateStream.bestRank),
            stage: sort.descending ? 0 : 1, extra: ["\(text) IS NOT NULL"])
        let missing = inLoadOrder(
            label + "without \(sort.field)", match: match,
            bound: KeyBound(sort: .missing, rank: CandidateStream.bestRank), stage: 2,
            extra: ["\(number) IS NULL", "\(text) IS NULL"])
        return [numbers, texts, missing]
    }
}

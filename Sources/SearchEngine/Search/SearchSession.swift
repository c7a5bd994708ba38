public import ResultKit
import StreamingJSON
import TextMatching

/// Searches a stream of records: resolves each record's kind, decodes it,
/// matches the query through one scorer for every kind, and keeps the best
/// results in bounded memory.
///
/// Feed it with ``consider(_:order:diagnose:)``, then call ``finish()``.
public struct SearchSession: Sendable {
    public let registry: KindRegistry
    public let query: Query
    public let options: SearchOptions

    let matcher: TextMatcher
    /// Used only while nothing has matched: fuzzy matches are shown when
    /// there is nothing better.
    private let fuzzyMatcher = TextMatcher(allowFuzzy: true)
    private var fuzzyTop: TopK<HitKey, SearchHit>
    private var fuzzyMatched = 0
    private let kindFilter: Set<String>
    private var fallbackKinds: [String: ResultKind] = [:]
    private var top: TopK<HitKey, SearchHit>
    private var order = 0
    public internal(set) var statistics = SearchStatistics()
    /// The fields a large search extracts from each line.
    let fieldScanPlan: FieldScanPlan
    /// Whether the query has words that rank results (not only filters).
    private let hasRankingTerms: Bool
    /// For each condition that repeats an earlier word (as folded), the
    /// index of the first; empty when no word repeats.
    private let repeatedWords: [Int?]
    /// Whether every record of every kind matches (an empty query, no kind filter).
    let matchesEveryRecord: Bool
    /// Kinds found by the name records give them, to skip a lookup per record.
    var recentKinds = RecentKinds()
    /// Whether the prefilter's word can match records with computed search
    /// fields, by the values those fields read.
    var prefilterMemo = ComputedFieldMemo()
    /// The key being looked up in ``prefilterMemo``.
    var memoKey = ComputedFieldMemo.Key()
    /// Scratch space for ``consider(_:diagnose:)``'s lines.
    var lineScratch = LineScratch()
    /// The fields seen in records of unknown kinds, and in a sample of
    /// records of every kind, which filters may name (up to
    /// ``maxFallbackFields``, besides those in ``namedFields``, which any
    /// record in play may show).
    public private(set) var fallbackFields = Set<String>()
    /// The fields the query and `--sort` name.
    private let namedFields: [String]
    /// Records of unknown kinds past ``maxRememberedUnknownKinds``, each
    /// warned about since its kind could not be remembered.
    private(set) var unrememberedUnknownKinds = 0
    /// Which sorts of `kind` that is not a name (missing, a number, ...)
    /// were warned about.
    private var warnedKindTypes = Set<String>()
    /// The kind that shows records without a kind name, once one was met.
    private var kindlessKind: ResultKind?
    /// The fields the query and `--sort` name that no record has shown yet.
    private var namedFieldsNotSeen: Set<String>
    /// How many more records' keys go into ``fallbackFields``, so that an
    /// unknown field's error can list the fields records have and suggest
    /// the closest, at a bounded cost.
    private var recordsToSample = 1_000
    /// The kind of the last record sampled: a record of another kind is
    /// sampled too (up to ``kindChangesToSample`` times), so that every kind
    /// of a file read after many records of others is seen.
    private var lastSampledKind: ObjectIdentifier?
    private var kindChangesToSample = 10_000

    /// Starts a search.
    public init(registry: KindRegistry, query: Query, options: SearchOptions) {
        self.registry = registry
        self.query = query
        self.options = options
        self.matcher = TextMatcher(allowFuzzy: options.fuzzy)
        let kinds = (options.kinds + query.kinds).map { registry.kind(named: $0)?.name ?? $0.lowercased() }
        self.kindFilter = Set(kinds)
        self.fieldScanPlan = FieldScanPlan(
            registry: registry, query: query, sort: options.sort, fuzzy: options.fuzzy)
        self.hasRankingTerms = !query.rankingTerms.isEmpty
        self.repeatedWords = Self.repeatedWords(in: query)
        self.namedFields = query.referencedFields + (options.sort.map { [$0.field] } ?? [])
        self.namedFieldsNotSeen = Set(query.referencedFields + (options.sort.map { [$0.field] } ?? []))
        self.matchesEveryRecord = query.conditions.isEmpty && kindFilter.isEmpty
        let sort = options.sort
        let descending = sort?.descending ?? false
        let kept = options.keptCount
        self.top = TopK(capacity: kept) { a, b in
            a.isBefore(b, descending: descending)
        }
        self.fuzzyTop = TopK(capacity: options.fuzzy ? 0 : kept) { a, b in
            a.isBefore(b, descending: descending)
        }
    }

    /// Whether `kind` is searched at all under the kind filter.
    public func includes(kindNamed name: String) -> Bool {
        kindFilter.isEmpty || kindFilter.contains(name.lowercased())
    }

    /// Considers one record.
    /// - Parameters:
    ///   - record: The record.
    ///   - order: Its position among all inputs, for ties; by default the
    ///     order in which records are considered.
    ///   - diagnose: Called with a warning when the record's kind is unknown
    ///     (once per kind) or when its kind rejects it.
    public mutating func consider(_ record: Record, order: Int? = nil, diagnose: (Diagnostic) -> Void) {
        statistics.read += 1
        let kind: ResultKind
        if let kindName = record.kindName {
            // The recent kinds first: records' kinds repeat, and comparing a
            // few short names beats hashing one.
            if let known = knownKind(named: kindName)?.kind {
                kind = known
            } else if let fallback = fallbackKinds[kindName] {
                kind = fallback
                noteFallbackFields(of: record.object)
            } else {
                noteFallbackFields(of: record.object)
                kind = .fallback(named: kindName)
                // Past the cap, a kind is not remembered: its records are
                // still shown, and each is counted among the unknown-kind
                // warnings.
                let remembered = mayRemember(unknownKind: kindName)
                if remembered { fallbackKinds[kindName] = kind }
                // A record that cannot be shown is not worth a warning.
                if includes(kindNamed: kindName) {
                    if !remembered { unrememberedUnknownKinds += 1 }
                    diagnose(unknownKindWarning("unknown kind '\(kindName)'", at: record.location, onceKey: kindName))
                }
            }
        } else {
            noteFallbackFields(of: record.object)
            kind = kindlessKind ?? .fallback(named: "unknown")
            kindlessKind = kind
            warnOnceAboutKind(of: record, diagnose: diagnose)
        }
        guard includes(kindNamed: kind.name) else {
            statistics.filteredOut += 1
            return
        }
        process(
            record.object, kind: kind, order: order, location: record.location, kindHint: record.kindHint,
            diagnose: diagnose
        ) { record.object }
    }

    /// The most unknown kinds a session tells apart: records of further
    /// unknown kinds are shown all the same, and each counts as a warning.
    package static let maxRememberedUnknownKinds = 1024
    /// The most fields of unknown kinds remembered to list as available,
    /// besides those the query and `--sort` name, which are always noted.
    package static let maxFallbackFields = 1024

    /// Whether an unknown kind named `name` may be remembered: while there is
    /// room, and always when `--kind` or `kind:` names it, which is then
    /// known to be in the data.
    private func mayRemember(unknownKind name: String) -> Bool {
        fallbackKinds.count < Self.maxRememberedUnknownKinds || (!kindFilter.isEmpty && includes(kindNamed: name))
    }

    /// The group of warnings about records without a kind name.
    static let kindTypeGroup = "no kind name"

    /// Warns about a record with no `kind` name, once for each way of not
    /// having one (missing, a number, an array, ...), when it can be shown.
    private mutating func warnOnceAboutKind(of record: Record, diagnose: (Diagnostic) -> Void) {
        guard includes(kindNamed: "unknown") else { return }
        let value = record.object["kind"]
        let sort = value.map { $0.stringValue == nil ? $0.typeName : "empty" } ?? "missing"
        guard warnedKindTypes.insert(sort).inserted else { return }
        let what =
            switch value {
            case nil, .string?: "a record with no kind"
            case let value?: "\"kind\" is \(value.typeName), not a string"
            }
        diagnose(unknownKindWarning(what, at: record.location, onceKey: "kind-type:\(sort)"))
    }

    /// The warning for the first record of an unknown kind, or of a record
    /// without a kind name, `what` saying which.
    private func unknownKindWarning(_ what: String, at location: SourceLocation, onceKey: String) -> Diagnostic {
        let known = registry.kinds.map(\.name).joined(separator: ", ")
        return Diagnostic(
            .warning,
            "\(what): shown with the generic renderer (known kinds: \(known))",
            at: location,
            onceKey: onceKey.hasPrefix("kind-type:") ? onceKey : "unknown-kind:\(onceKey)",
            // Records without a kind name are told apart from unknown kinds:
            // there are few sorts of them, each warned about once.
            group: onceKey.hasPrefix("kind-type:") ? Self.kindTypeGroup : Diagnostic.unknownKindGroup
        )
    }

    /// Adds the keys of a record of an unknown kind to ``fallbackFields``,
    /// up to a cap, and always those the query or the sort names.
    private mutating func noteFallbackFields(of object: JSONObject) {
        if fallbackFields.count >= Self.maxFallbackFields {
            for field in namedFields where !fallbackFields.contains(field) && object[field] != nil {
                fallbackFields.insert(field)
            }
            return
        }
        for member in object.members where !fallbackFields.contains(member.key) {
            fallbackFields.insert(member.key)
            if fallbackFields.count >= Self.maxFallbackFields { return noteFallbackFields(of: object) }
        }
    }

    /// Matches a record of a searched kind, given the fields it is searched
    /// by (`searched`, the whole record or just the fields the search reads),
    /// and keeps it when it ranks high enough. `fullObject` gives the whole
    /// record's object, only for records that match; `location` and
    /// `kindHint` are the record's.
    mutating func process(
        _ searched: JSONObject,
        kind: ResultKind,
        order: Int?,
        location: SourceLocation,
        kindHint: String?,
        diagnose: (Diagnostic) -> Void,
        fullObject: () -> JSONObject?
    ) {
        var sampled: JSONObject?
        if recordsToSample > 0 || (kindChangesToSample > 0 && lastSampledKind != kind.identity) {
            if recordsToSample > 0 { recordsToSample -= 1 } else { kindChangesToSample -= 1 }
            lastSampledKind = kind.identity
            sampled = fullObject()
            for member in (sampled ?? searched).members
            where fallbackFields.count < Self.maxFallbackFields && !fallbackFields.contains(member.key) {
                fallbackFields.insert(member.key)
            }
        }
        if !namedFieldsNotSeen.isEmpty {
            for field in namedFieldsNotSeen where searched[field] != nil {
                namedFieldsNotSeen.remove(field)
                fallbackFields.insert(field)
            }
        }
        var isFuzzyFallback = false
        var evaluated = evaluate(searched, kind: kind, matcher: matcher)
        if evaluated == nil, statistics.matched == 0, !options.fuzzy, hasRankingTerms {
            evaluated = evaluate(searched, kind: kind, matcher: fuzzyMatcher)
            isFuzzyFallback = evaluated != nil
        }
        // `fullObject` is asked once: a line's parse may not be repeatable.
        guard let (found, match) = consume evaluated, let object = sampled ?? fullObject() else {
            statistics.filteredOut += 1
            return
        }
        var rank = found
        // Matching records are decoded by their kind, so that what is counted
        // and shown is valid; a record its kind rejects is reported. Records
        // that do not match are checked as JSON only, which keeps the hot path
        // cheap on large inputs.
        let row: any CellRepresentable
        do {
            row = try kind.makeRow(object)
        } catch {
            statistics.skipped += 1
            diagnose(Diagnostic(.warning, "\(kind.name): \(error.reason); record skipped", at: location))
            return
        }
        if let order { rank.order = order }
        let key = HitKey(rank: rank, sortValue: options.sort.flatMap { SortValue(object[$0.field]) })
        if isFuzzyFallback {
            statistics.filteredOut += 1
            fuzzyMatched += 1
        } else {
            statistics.matched += 1
        }
        // A hit that would not be kept is not made.
        guard isFuzzyFallback ? fuzzyTop.mayKeep(key) : top.mayKeep(key) else { return }
        // Without records, the hit keeps an empty object: the memory of
        // records is reused while reading instead of growing with the hits.
        let hit = SearchHit(
            object: options.keepsRecords ? object : JSONObject(), location: location, kindHint: kindHint, kind: kind,
            row: row, rank: rank, match: match)
        if isFuzzyFallback {
            fuzzyTop.insert(hit, key: key)
        } else {
            top.insert(hit, key: key)
        }
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

    /// A session with the same query and options and nothing considered yet,
    /// for a worker whose results are later merged with ``merge(_:)``.
    func emptyCopy() -> SearchSession {
        SearchSession(registry: registry, query: query, options: options)
    }

    /// Adds what another session found, as if this one had considered it.
    mutating func merge(_ other: SearchSession) {
        top.merge(other.top)
        mergeAllButKeptHits(other)
    }

    /// Adds what parallel workers found, as ``merge(_:)`` of each would, and
    /// takes their kept hits in the order of `hitRanges` (the hits each
    /// worker kept from each block of the input, in input order), so that
    /// hits found in input order stay in order. The workers' kept hits are
    /// moved out of them.
    mutating func merge(_ workers: inout [SearchSession], hitRanges: [(worker: Int, hits: Range<Int>)]) {
        var tops = workers.indices.map { index in
            let empty = TopK<HitKey, SearchHit>(capacity: workers[index].top.capacity, by: workers[index].top.isBefore)
            return exchange(&workers[index].top, with: empty)
        }
        let ranges = hitRanges.filter { !$0.hits.isEmpty }.map { (part: $0.worker, range: $0.hits) }
        if !top.concatenate(&tops, ranges: ranges) {
            for part in tops { top.merge(part) }
        }
        for worker in workers { mergeAllButKeptHits(worker) }
    }

    /// What ``merge(_:)`` adds besides the kept hits.
    private mutating func mergeAllButKeptHits(_ other: SearchSession) {
        fuzzyTop.merge(other.fuzzyTop)
        fuzzyMatched += other.fuzzyMatched
        statistics.read += other.statistics.read
        statistics.matched += other.statistics.matched
        statistics.filteredOut += other.statistics.filteredOut
        statistics.skipped += other.statistics.skipped
        for (name, kind) in other.fallbackKinds where mayRemember(unknownKind: name) {
            if fallbackKinds[name] == nil { fallbackKinds[name] = kind }
        }
        unrememberedUnknownKinds += other.unrememberedUnknownKinds
        for field in other.fallbackFields where !fallbackFields.contains(field) {
            if fallbackFields.count < Self.maxFallbackFields || namedFields.contains(field) {
                fallbackFields.insert(field)
            }
        }
        warnedKindTypes.formUnion(other.warnedKindTypes)
        kindlessKind = kindlessKind ?? other.kindlessKind
    }

    /// Whether a record of an unknown kind named `name` was already seen,
    /// so that its warning is given once; `false` for a record without a
    /// kind name, whose warning depends on what its `kind` is.
    func knowsFallback(_ name: String?) -> Bool { name.map { fallbackKinds[$0] != nil } ?? false }

    /// How many unknown kinds this session remembers (at most ``maxRememberedUnknownKinds``).
    package var rememberedUnknownKindCount: Int { fallbackKinds.count }

    /// Whether the warning with this once-key was already given by this session.
    func gaveWarning(onceKey key: String) -> Bool {
        if key.hasPrefix("kind-type:") { return warnedKindTypes.contains(String(key.dropFirst("kind-type:".count))) }
        return knowsFallback(String(key.dropFirst("unknown-kind:".count)))
    }

    /// How many warnings about unknown kinds, and about records without a
    /// kind name, merging `others` adds to this session's: each kind and
    /// each sort of missing name once, however many of `others` warned
    /// about it.
    func newKindWarnings(in others: [SearchSession]) -> (unknownKinds: Int, kindTypes: Int) {
        var names = Set<String>()
        var types = Set<String>()
        var unremembered = 0
        for other in others {
            for name in other.fallbackKinds.keys where fallbackKinds[name] == nil && includes(kindNamed: name) {
                names.insert(name)
            }
            types.formUnion(other.warnedKindTypes.subtracting(warnedKindTypes))
            unremembered += other.unrememberedUnknownKinds
        }
        return (names.count + unremembered, types.count)
    }

    /// The names of the kinds that records gave and no registered kind has,
    /// as the records spelled them.
    public var unknownKindNames: Dictionary<String, ResultKind>.Keys { fallbackKinds.keys }

    /// How many hits are kept (not counting fuzzy stand-ins).
    var keptHitCount: Int { top.count }

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
    public func finish() -> SearchResult {
        if statistics.matched == 0 && fuzzyMatched > 0 {
            var counts = statistics
            counts.matched = fuzzyMatched
            counts.filteredOut -= fuzzyMatched
            return SearchResult(hits: Self.dropping(options.offset, from: fuzzyTop.sorted()), statistics: counts)
        }
        let descending = options.sort?.descending ?? false
        let hits = top.sorted { keys in HitKey.areInOrder(keys, descending: descending) }
        return SearchResult(hits: Self.dropping(options.offset, from: hits), statistics: statistics)
    }

    /// `hits` after the first `offset`, sharing their storage when there are none to drop.
    private static func dropping(_ offset: Int, from hits: [SearchHit]) -> [SearchHit] {
        offset > 0 ? Array(hits.dropFirst(offset)) : hits
    }

    // MARK: - Matching

    /// Whether the record satisfies the query, and how well.
    mutating func evaluate(_ object: JSONObject, kind: ResultKind, matcher: TextMatcher) -> (Rank, FieldMatch?)? {
        // A query of no conditions (a listing) takes every record in order,
        // without reading the kind's search fields: every worker would count
        // references to the same array.
        if query.conditions.isEmpty {
            order += 1
            return (Rank(tier: nil, weight: 0, quality: 0, fieldLength: 0, order: order), nil)
        }
        let texts = FieldTexts(object: object, fields: kind.searchFields)
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
                    best = bestMatch(pattern, kind: kind, texts: texts, matcher: matcher)
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
                let fieldValue = value(of: field, in: object, kind: kind, texts: texts)
                // On a number, `price:5` means equal to 5, not "5" inside 56000 or 4.5.
                if let wanted = Query.number(raw), let number = fieldValue?.number {
                    if (number == wanted) == condition.negated { return nil }
                    continue
                }
                let text = fieldValue?.text
                let found = text.flatMap { matcher.match(pattern, in: $0) }
                if condition.negated {
                    if let found, found.tier <= .substring { return nil }
                    continue
                }
                guard let text, let found else { return nil }
                let candidate = Candidate(field: field, text: text, weight: 100, match: found)
                tier = max(tier ?? found.tier, found.tier)
                strength = max(strength ?? candidate.strength, candidate.strength)
                weight += candidate.weight
                quality += found.quality
                fieldLength = max(fieldLength, lengths.length(of: text, in: field))
                merge(candidate, into: &primary)
            case .compare(let field, let op, let number):
                let holds =
                    value(of: field, in: object, kind: kind, texts: texts)?.number.map { op.holds($0, number) } ?? false
                if holds == condition.negated { return nil }
            case .range(let field, let lower, let upper):
                let holds =
                    value(of: field, in: object, kind: kind, texts: texts)?.number.map { number in
                        (lower.map { number >= $0 } ?? true) && (upper.map { number <= $0 } ?? true)
                    } ?? false
                if holds == condition.negated { return nil }
            case .exists(let field):
                let present = value(of: field, in: object, kind: kind, texts: texts) != nil
                if present == condition.negated { return nil }
            }
        }

        // Several words that together equal or begin a field rank as that.
        let words = query.rankingTerms
        if words.count > 1, let strengthSoFar = strength, tier.map({ $0 > .exact }) ?? false,
            words.allSatisfy({ if case .text = $0.clause { true } else { false } })
        {
            let phrase = MatchPattern(
                words.compactMap { if case .text(_, let raw) = $0.clause { raw } else { nil } }.joined(separator: " ")
            )
            if let best = bestMatch(phrase, kind: kind, texts: texts, matcher: matcher), best.strength < strengthSoFar {
                tier = best.match.tier
                strength = best.strength
                weight = best.weight * words.count
                quality = best.match.quality
                primary = FieldMatch(
                    field: best.field, text: best.text, tier: best.match.tier, positions: best.match.positions,
                    strength: best.strength)
            }
        }
        order += 1
        let rank = Rank(
            tier: tier, strength: strength, weight: weight, quality: quality, fieldLength: fieldLength, order: order)
        return (rank, primary)
    }

    private struct Candidate {
        var field: String
        var text: String
        var weight: Int
        var match: TextMatch
        var strength: MatchStrength { MatchStrength(match, fieldWeight: weight) }
    }

    /// The best match of `pattern` over the kind's search fields: strongest
    /// (``MatchStrength``), then highest weight, then highest quality.
    private func bestMatch(_ pattern: MatchPattern, kind: ResultKind, texts: FieldTexts, matcher: TextMatcher)
        -> Candidate?
    {
        var best: Candidate?
        for (index, field) in kind.searchFields.enumerated() {
            guard let text = texts[index], let match = matcher.match(pattern, in: text) else { continue }
            let candidate = Candidate(field: field.name, text: text, weight: field.weight, match: match)
            if let current = best {
                let better =
                    candidate.strength != current.strength
                    ? candidate.strength < current.strength
                    : (field.weight != current.weight
                        ? field.weight > current.weight : match.quality > current.match.quality)
                if better { best = candidate }
            } else {
                best = candidate
            }
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

    /// A field's value for filters and sorting: a search field by name, else
    /// a top-level record field. `nil` when absent or null.
    private func value(of field: String, in object: JSONObject, kind: ResultKind, texts: FieldTexts) -> FieldValue? {
        if let index = kind.searchFields.firstIndex(where: { $0.name == field }), let text = texts[index] {
            return FieldValue(text: text, number: object[field]?.doubleValue ?? Double(text))
        }
        return FieldValue(object[field])
    }

    // MARK: - Ordering

}

/// What orders kept results: the value of the `--sort` field when there is
/// one (records without it last), then the rank.
struct HitKey: Sendable {
    var rank: Rank
    var sortValue: SortValue?

    /// Whether no key of `keys` is before the one ahead of it: a pass
    /// with no call or copy per key, for the many hits of a long listing.
    static func areInOrder(_ keys: UnsafeBufferPointer<HitKey>, descending: Bool) -> Bool {
        var index = 1
        while index < keys.count {
            if keys[index].isBefore(keys[index - 1], descending: descending) { return false }
            index += 1
        }
        return true
    }

    @inline(__always)
    func isBefore(_ other: HitKey, descending: Bool) -> Bool {
        switch (sortValue, other.sortValue) {
        case (let mine?, let theirs?):
            if mine != theirs { return descending ? theirs < mine : mine < theirs }
        case (.some, nil): return true
        case (nil, .some): return false
        case (nil, nil): break
        }
        return rank < other.rank
    }
}

/// A field's value as `--sort` compares it: numbers before text, numbers by
/// value, text folded for case and diacritics.
enum SortValue: Sendable, Comparable {
    case number(Double)
    case text(String)

    init?(_ value: JSONValue?) {
        guard let field = FieldValue(value) else { return nil }
        if let number = field.number {
            self = .number(number)
        } else {
            self = .text(TextNormalizer.fold(field.text))
        }
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
        guard remembers else { return text.count }
        if let index = known.firstIndex(where: { $0.field == field }) { return known[index].length }
        let length = text.count
        known.append((field, length))
        return length
    }
}

/// The search fields' texts of one record, computed when asked.
struct FieldTexts {
    let object: JSONObject
    let fields: [SearchField]

    subscript(index: Int) -> String? { fields[index].text(object) }
}

/// The counts that account for every record read.
public struct SearchStatistics: Sendable, Equatable {
    /// Records read from every source.
    public var read = 0
    /// Records that matched the query.
    public var matched = 0
    /// Records of other kinds or that did not match.
    public var filteredOut = 0
    /// Records whose kind rejected them (each reported with its location).
    public var skipped = 0

    public init(read: Int = 0, matched: Int = 0, filteredOut: Int = 0, skipped: Int = 0) {
        self.read = read
        self.matched = matched
        self.filteredOut = filteredOut
        self.skipped = skipped
    }
}

/// What a search found.
public struct SearchResult: Sendable {
    /// The results shown, best first.
    public var hits: [SearchHit]
    public var statistics: SearchStatistics
}

/// A scalar field's value as text and, when it reads as one, a number.
struct FieldValue {
    var text: String
    var number: Double?

    init(text: String, number: Double?) {
        self.text = text
        self.number = number
    }

    init?(_ value: JSONValue?) {
        guard let value, let text = value.scalarText else { return nil }
        self.text = text
        if case .bool = value {
            self.number = nil
        } else {
            self.number = Double(text.trimmingSpaces).flatMap { $0.isFinite ? $0 : nil }
        }
    }

    /// Numbers compare as numbers, anything else as folded text.
    func compare(_ other: FieldValue) -> Int? {
        if let a = number, let b = other.number { return a < b ? -1 : (a > b ? 1 : 0) }
        let a = TextNormalizer.fold(text)
        let b = TextNormalizer.fold(other.text)
        return a < b ? -1 : (a > b ? 1 : 0)
    }
}

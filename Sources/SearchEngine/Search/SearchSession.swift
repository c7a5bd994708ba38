public import ResultKit
import StreamingJSON

/// One search in progress: what every source hands to the engine goes
/// through it. It puts together the parts of a search, each keeping its own
/// state, none changing another's: the `LinePath` says what each NDJSON line
/// comes to (a verdict), extracting only what the search needs; the
/// `KindResolver` finds each record's kind; the `Scorer` matches it; the
/// `HitCollector` keeps the best. The session acts on what they decide, and
/// alone counts every record (`RecordTally`). A large file is read by the
/// `ParallelFileReader`, whose workers each run a session of their own,
/// merged at the end.
///
/// Feed it with ``consider(_:order:diagnose:)`` (or an NDJSON line), then
/// call ``finish()``. ``SearchEngine/search(sources:query:options:registry:diagnose:)``
/// does this for whole sources.
public struct SearchSession: Sendable {
    public let registry: KindRegistry
    public let query: Query
    public let options: SearchOptions

    private var kinds: KindResolver
    private var scorer: Scorer
    private var hits: HitCollector
    private var lines: LinePath
    private var tally: RecordTally
    /// The once-keys of the record notes reported (see ``report(_:kind:at:diagnose:)``).
    private var reportedNotes = Set<String>()

    /// Starts a search.
    public init(registry: KindRegistry, query: Query, options: SearchOptions) {
        self.registry = registry
        self.query = query
        self.options = options
        let filter = Set((options.kinds + query.kinds).map { registry.kind(named: $0)?.name ?? $0.lowercased() })
        var known: Set<String> = ["kind", "name"]
        for kind in registry.kinds where filter.isEmpty || filter.contains(kind.name) { known.formUnion(kind.fields) }
        let plan = FieldScanPlan(
            registry: registry, query: query, sort: options.sort, fuzzy: options.fuzzy, knownFields: known)
        self.kinds = KindResolver(
            registry: registry, plan: plan, kinds: options.kinds + query.kinds, excludedKinds: query.excludedKinds,
            namedFields: query.referencedFields + (options.sort.map { [$0.field] } ?? []))
        self.scorer = Scorer(query: query, fuzzy: options.fuzzy, rule: options.ranking)
        self.hits = HitCollector(options: options)
        self.tally = RecordTally(
            mayTryStandIns: !options.fuzzy && !query.rankingTerms.isEmpty, countsKinds: options.countsMatchesByKind)
        self.lines = LinePath(plan: plan, matchesEveryRecord: query.conditions.isEmpty && kinds.keepsEveryKind)
    }

    /// The counts that account for every record considered so far.
    public var statistics: SearchStatistics { tally.statistics }

    /// The fields seen in records of unknown kinds, which filters may name.
    public var fallbackFields: Set<String> { kinds.fallbackFields }

    /// The first field the query or the sort names that a record holds as
    /// an object or an array.
    var unorderedField: UnorderedField? { kinds.unorderedField }

    /// Fields and kinds that a source holds records of without handing
    /// them over (a remote index's records that do not match): filters and
    /// kind filters may name them as if those records had been read.
    package var notedFields: Set<String> = []
    package var notedKindNames: Set<String> = []

    /// The names of the kinds whose records were matched against the query.
    var seenKindNames: Set<String> { kinds.seenKindNames }

    /// The names of the kinds that records gave and no registered kind has,
    /// as the records spelled them.
    public var unknownKindNames: Dictionary<String, ResultKind>.Keys { kinds.unknownKindNames }

    /// Whether `kind` is searched at all under the kind filter.
    public func includes(kindNamed name: String) -> Bool {
        kinds.includes(kindNamed: name)
    }

    /// Considers one record.
    /// - Parameters:
    ///   - record: The record.
    ///   - order: Its position among all inputs, for ties; by default the
    ///     order in which records are considered.
    ///   - diagnose: Called with a warning when the record's kind is unknown
    ///     (once per kind) or when its kind rejects it.
    public mutating func consider(_ record: Record, order: Int? = nil, diagnose: (Diagnostic) -> Void) {
        _ = considerRecord(record, order: order, diagnose: diagnose)
    }

    /// ``consider(_:order:diagnose:)``, saying what the record came to.
    private mutating func considerRecord(_ record: Record, order: Int?, diagnose: (Diagnostic) -> Void)
        -> Considered
    {
        tally.read()
        let kind = kinds.kind(of: record, diagnose: diagnose)
        guard kinds.includes(kindNamed: kind.name) else {
            tally.filteredOut()
            return .ruledOut
        }
        return process(
            record.object, kind: kind, order: order, location: record.location, kindHint: record.kindHint,
            whole: .given(record.object), diagnose: diagnose)
    }

    /// What considering one record came to, for a caller that follows
    /// matches through a file (the parallel reader).
    enum Considered {
        /// Not a record, or a record that does not match (or is filtered out).
        case ruledOut
        /// A record that matched; `isFuzzyStandIn` when only fuzzily,
        /// standing in while nothing else matched.
        case matched(isFuzzyStandIn: Bool)
        /// A matching record its kind rejected (reported).
        case rejected(isFuzzyStandIn: Bool)
    }

    /// Considers one line of NDJSON content, as
    /// ``RecordReader/read(_:record:lines:diagnose:reading:)`` gives it: with the
    /// same results and messages as parsing it into a `Record` for
    /// ``consider(_:order:diagnose:)``, but extracting only what the search
    /// needs, and passing over lines that the query's words rule out.
    /// A message inside an array's element is placed in its file, as the
    /// record route places it.
    public mutating func consider(_ line: NDJSONLine, diagnose: (Diagnostic) -> Void) {
        line.withContent { content in
            let isFirstLine = line.isFirstLine
            guard line.isPlacedWithinLine else {
                return consider(
                    content, isFirstLine: isFirstLine, file: line.file, line: line.number, hint: line.hint,
                    diagnose: diagnose)
            }
            let start = SourceLocation(file: line.file, line: line.number, column: line.column)
            consider(content, isFirstLine: isFirstLine, file: line.file, line: line.number, hint: line.hint) {
                diagnose(ElementPlacement.relocate($0, in: content, startingAt: start))
            }
        }
    }

    /// Considers the content of one NDJSON line, as ``NDJSONLineRule``
    /// finds it, with messages located in the line.
    mutating func consider(
        _ content: Span<UInt8>, isFirstLine: Bool, file: String, line number: Int, hint: String?,
        diagnose: (Diagnostic) -> Void
    ) {
        let mayMatch = lines.mayMatch(content)
        if !mayMatch, !isFirstLine, quicklyRuledOut(content) { return }
        if lines.hasFilters, !isFirstLine, quicklyFilteredOut(content) { return }
        considerLine(
            content, file: file, line: number, hint: hint, order: nil, mayMatch: mayMatch, diagnose: diagnose)
    }

    /// Considers one NDJSON line (see `LinePath.take(_:file:line:hint:mayMatch:cache:kinds:standIns:scorer:)`),
    /// and says what it came to.
    /// - Parameters:
    ///   - order: Its position among all inputs, for ties; `nil` numbers
    ///     records in the order they are considered.
    ///   - mayMatch: `false` when ``LinePrefilter`` ruled the line out from
    ///     its bytes.
    ///   - cache: Where short strings of lines read whole are made once, if
    ///     the caller keeps one.
    @discardableResult
    mutating func considerLine(
        _ line: Span<UInt8>,
        file: String,
        line number: Int,
        hint: String?,
        order: Int?,
        mayMatch: Bool = true,
        cache: ShortStringCache? = nil,
        diagnose: (Diagnostic) -> Void
    ) -> Considered {
        let verdict = lines.take(
            line, file: file, line: number, hint: hint, mayMatch: mayMatch, cache: cache, kinds: kinds,
            standIns: tally.triesFuzzyStandIns, scorer: scorer)
        switch consume verdict {
        case .cannotMatch, .filteredOut:
            tally.readAndFilteredOut()
            return .ruledOut
        case .malformed(let warning):
            if let warning { diagnose(warning) }
            return .ruledOut
        case .record(let record):
            return considerRecord(record, order: order, diagnose: diagnose)
        case .parsed(let object, let kind, let location):
            tally.read()
            return process(
                object, kind: kind, order: order, location: location, kindHint: hint, whole: .given(object),
                diagnose: diagnose)
        case .fields(let searched, let kind, let location):
            tally.read()
            return process(
                searched, kind: kind, order: order, location: location, kindHint: hint,
                whole: .line(cache: cache), content: line, diagnose: diagnose)
        }
    }

    /// Whether a line the prefilter ruled out, not the first of its file,
    /// is settled at once, as a record read and ruled out (see
    /// `LinePath.quicklyRuledOut(_:kinds:standIns:scorer:)`).
    @inline(__always)
    mutating func quicklyRuledOut(_ line: Span<UInt8>) -> Bool {
        guard lines.quicklyRuledOut(line, kinds: kinds, standIns: tally.triesFuzzyStandIns, scorer: scorer) else {
            return false
        }
        tally.readAndFilteredOut()
        return true
    }

    /// Settles the lines of `run` that the prefilter ruled out, one after
    /// another, as ``quicklyRuledOut(_:)`` settles each (see
    /// `LinePath.quicklyRuledOut(run:maxLineBytes:kinds:standIns:scorer:)`).
    @inline(__always)
    mutating func quicklyRuledOut(run: Span<UInt8>, maxLineBytes: Int) -> (
        bytes: Int, lines: Int, stopped: Bool
    ) {
        let settled = lines.quicklyRuledOut(
            run: run, maxLineBytes: maxLineBytes, kinds: kinds, standIns: tally.triesFuzzyStandIns, scorer: scorer)
        tally.readAndFilteredOut(settled.lines)
        return settled
    }

    /// Whether the query's filters settle a line, not the first of its
    /// file, at once, as a record read and ruled out (see
    /// `LinePath.quicklyFilteredOut(_:kinds:)`).
    @inline(__always)
    mutating func quicklyFilteredOut(_ line: Span<UInt8>) -> Bool {
        guard lines.quicklyFilteredOut(line, kinds: kinds) else { return false }
        tally.readAndFilteredOut()
        return true
    }

    /// Whether the query has filters that may settle lines from their raw values.
    var hasLineFilters: Bool { lines.hasFilters }

    /// Where the whole record of one being matched is.
    private enum WholeRecord {
        /// It is the object searched.
        case given(JSONObject)
        /// In the content of a line, given alongside, whose fields were
        /// searched: parsed once it is needed.
        case line(cache: ShortStringCache?)
    }

    /// The whole record: a line's is parsed from `content` (see
    /// `LinePath.object(of:cache:)`). Asked once per record: a line's parse
    /// may not be repeatable.
    private mutating func wholeObject(_ whole: WholeRecord, content: Span<UInt8>) -> JSONObject? {
        switch whole {
        case .given(let object): object
        case .line(let cache): lines.object(of: content, cache: cache)
        }
    }

    /// Notes a record about to be matched for the kinds' sample of the keys
    /// records have (see `KindResolver.wantsSample(of:)`), read from `file`:
    /// the whole record when it was sampled, so that it is not parsed again.
    private mutating func sample(
        _ searched: JSONObject, kind: ResultKind, file: String, whole: WholeRecord, content: Span<UInt8>
    ) -> JSONObject? {
        var sampled: JSONObject?
        if kinds.wantsSample(of: kind) {
            sampled = wholeObject(whole, content: content)
            kinds.noteSample(sampled ?? searched)
        }
        kinds.noteNamedFields(of: searched, kind: kind, file: file)
        return sampled
    }

    /// Matches a record of a searched kind, given the fields it is searched
    /// by (`searched`, the whole record or just the fields the search reads),
    /// and keeps it when it ranks high enough. `whole` gives the whole
    /// record's object (a line's from `content`), only for records that match; `location` and
    /// `kindHint` are the record's.
    private mutating func process(
        _ searched: JSONObject,
        kind: ResultKind,
        order: Int?,
        location: SourceLocation,
        kindHint: String?,
        whole: WholeRecord,
        content: Span<UInt8> = Span(),
        diagnose: (Diagnostic) -> Void
    ) -> Considered {
        var isFuzzyStandIn = false
        var evaluated = scorer.evaluate(searched, kind: kind)
        if evaluated == nil, tally.triesFuzzyStandIns {
            evaluated = scorer.evaluate(searched, kind: kind, fuzzily: true)
            isFuzzyStandIn = evaluated != nil
        }
        guard let evaluation = consume evaluated else {
            // What sampling notes is asked for only about fields the query
            // or the sort names: without them, a record that does not match
            // is not parsed whole to be sampled.
            if kinds.namesFields {
                _ = sample(searched, kind: kind, file: location.file, whole: whole, content: content)
            }
            tally.filteredOut()
            return .ruledOut
        }
        let sampled = sample(searched, kind: kind, file: location.file, whole: whole, content: content)
        var rank = evaluation.rank
        let match = evaluation.match
        guard let object = sampled ?? wholeObject(whole, content: content) else {
            tally.filteredOut()
            return .ruledOut
        }
        if let order { rank.order = order }
        // Matching records are decoded by their kind, so that what is counted
        // and shown is valid; a record its kind rejects is reported. Records
        // that do not match are checked as JSON only, which keeps the hot path
        // cheap on large inputs. A record that cannot rank among those kept
        // is decoded all the same, but its row is not made.
        let key = hits.key(of: object, kind: kind, rank: rank)
        guard hits.mayKeep(key, isFuzzyStandIn: isFuzzyStandIn) else {
            let notes: [RecordNote]
            do {
                notes = try kind.validate(object)
            } catch {
                return reject(
                    kind: kind, error: error, isFuzzyStandIn: isFuzzyStandIn, at: location, diagnose: diagnose)
            }
            if !notes.isEmpty { report(notes, kind: kind, at: location, diagnose: diagnose) }
            tally.matched(isFuzzyStandIn: isFuzzyStandIn, kind: kind)
            return .matched(isFuzzyStandIn: isFuzzyStandIn)
        }
        let row: any CellRepresentable
        do {
            row = try kind.makeRow(object)
        } catch {
            return reject(kind: kind, error: error, isFuzzyStandIn: isFuzzyStandIn, at: location, diagnose: diagnose)
        }
        let notes = row.notes
        if !notes.isEmpty { report(notes, kind: kind, at: location, diagnose: diagnose) }
        tally.matched(isFuzzyStandIn: isFuzzyStandIn, kind: kind)
        hits.collect(
            object, kind: kind, row: row, key: key, match: match, location: location, kindHint: kindHint,
            isFuzzyStandIn: isFuzzyStandIn)
        return .matched(isFuzzyStandIn: isFuzzyStandIn)
    }

    /// Counts and reports a matching record its kind rejected.
    private mutating func reject(
        kind: ResultKind,
        error: RecordDecodingError,
        isFuzzyStandIn: Bool,
        at location: SourceLocation,
        diagnose: (Diagnostic) -> Void
    ) -> Considered {
        tally.rejected(isFuzzyStandIn: isFuzzyStandIn)
        diagnose(Diagnostic(.warning, "\(kind.name): \(error.reason); record skipped", at: location))
        return .rejected(isFuzzyStandIn: isFuzzyStandIn)
    }

    /// Reports the notes of a record its kind kept, each key once per kind.
    private mutating func report(
        _ notes: [RecordNote], kind: ResultKind, at location: SourceLocation, diagnose: (Diagnostic) -> Void
    ) {
        for note in notes {
            let key = "note:\(kind.name):\(note.key)"
            guard reportedNotes.insert(key).inserted else { continue }
            diagnose(Diagnostic(.warning, "\(kind.name): \(note.message)", at: location, onceKey: key))
        }
    }

    /// The results, best first, after `offset`.
    ///
    /// When nothing matched, fuzzy subsequence matches stand in, as if
    /// `--fuzzy` had been given.
    public func finish() -> SearchResult {
        var result = SearchResult(hits: hits.finish(standIns: tally.showsStandIns), statistics: tally.reported)
        result.matchedByKind = tally.reportedMatchesByKind
        if heldMatches > 0 || heldMatchesAreALowerBound {
            result.statistics.read += heldMatches
            result.statistics.matched += heldMatches
            result.statistics.matchedIsLowerBound = heldMatchesAreALowerBound
        }
        return result
    }

    /// Matches a source counted and did not hand over (see
    /// ``RecordSink/noteHeld(matches:atLeast:)``), and whether more may match.
    package var heldMatches = 0
    package var heldMatchesAreALowerBound = false

    /// Lets go of what ``finish()`` gave and the keys that ranked it (see
    /// ``HitCollector/releaseKept()``); the session keeps its counts.
    mutating func releaseKeptHits() {
        hits.releaseKept()
    }

    // MARK: - For the parallel file reader

    /// A session with the same query and options and nothing considered yet,
    /// for a worker whose results are later merged.
    func emptyCopy() -> SearchSession {
        SearchSession(registry: registry, query: query, options: options)
    }

    /// The prefilter of the line path, if the query has one.
    var prefilter: LinePrefilter? { lines.prefilter }

    /// Numbers the records considered from now on after `order` (see
    /// `Scorer.continueOrder(after:)`): a parallel read numbers its records
    /// by their offsets, up to `order`.
    mutating func continueOrder(after order: Int) {
        scorer.continueOrder(after: order)
    }

    /// Counts `count` rejected stand-ins as records that did not match (see
    /// `RecordTally.forgetRejectedStandIns(_:)`).
    mutating func forgetRejectedStandIns(_ count: Int) {
        tally.forgetRejectedStandIns(count)
    }

    /// How many hits are kept (not counting fuzzy stand-ins).
    var keptHitCount: Int { hits.keptHitCount }

    /// The most unknown kinds a search tells apart (see `KindResolver`).
    package static var maxRememberedUnknownKinds: Int { KindResolver.maxRememberedUnknownKinds }
    /// The most fields of unknown kinds remembered (see `KindResolver`).
    package static var maxFallbackFields: Int { KindResolver.maxFallbackFields }
    /// The group of warnings about records without a kind name.
    static var kindTypeGroup: String { KindResolver.kindTypeGroup }

    /// How many unknown kinds this session remembers.
    package var rememberedUnknownKindCount: Int { kinds.rememberedUnknownKindCount }

    /// Whether the warning with this once-key was already given by this session.
    func gaveWarning(onceKey key: String) -> Bool {
        key.hasPrefix("note:") ? reportedNotes.contains(key) : kinds.gaveWarning(onceKey: key)
    }

    /// How many warnings about unknown kinds, and about records without a
    /// kind name, merging `others` adds (see `KindResolver.newKindWarnings(in:)`).
    func newKindWarnings(in others: [SearchSession]) -> (unknownKinds: Int, kindTypes: Int) {
        kinds.newKindWarnings(in: others.map(\.kinds))
    }

    /// Changes the line numbers of the kept hits (see `HitCollector.relocateHits(firstLine:)`).
    mutating func relocateHits(firstLine: (_ order: Int) -> Int) {
        hits.relocateHits(firstLine: firstLine)
    }

    /// Adds what another session found, as if this one had considered it.
    mutating func merge(_ other: SearchSession) {
        hits.merge(other.hits)
        tally.merge(other.tally)
        kinds.merge(other.kinds)
        reportedNotes.formUnion(other.reportedNotes)
    }

    /// Adds what parallel workers found, taking their kept hits in the order
    /// of `hitRanges` (see `HitCollector.merge(_:hitRanges:)`).
    mutating func merge(_ workers: inout [SearchSession], hitRanges: [(worker: Int, hits: Range<Int>)]) {
        var collectors = workers.indices.map { index in
            exchange(&workers[index].hits, with: HitCollector(options: options))
        }
        hits.merge(&collectors, hitRanges: hitRanges)
        for worker in workers {
            tally.merge(worker.tally)
            kinds.merge(worker.kinds)
            reportedNotes.formUnion(worker.reportedNotes)
        }
    }
}

import ResultKit
import StreamingJSON
import TextMatching

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// How a search takes NDJSON lines: it says what each line comes to (a
/// ``Verdict``), extracting only the fields the search needs
/// (``FieldScanPlan``), passing over lines the query's words rule out from
/// their bytes (``LinePrefilter``), remembering for computed search fields
/// whether their values can match (``ComputedFieldMemo``), and parsing lines
/// laid out like earlier ones from their shape (``FlatObjectShapes``). Every
/// line comes to the same results and messages as parsing it into a record
/// would give. It counts nothing and changes no other part of the search:
/// the session acts on its verdicts.
///
/// Each way it rules a line out holds for every record the line can be:
/// - the prefilter's word, which every result matches, is in none of the
///   line's bytes (``LinePrefilter``), and the line's kind searches only
///   fields that show a value as written (``KindRoute/isVerbatim``), or its
///   computed search fields' values do not match the word
///   (``Scorer/matchesSearchField(_:kind:object:fuzzily:)``, remembered by
///   those values);
/// - a record of an unknown kind already met, whose search text joins its
///   keys and values, none of which holds the word;
/// - a number or presence filter fails on the line's raw values, read as the
///   scorer reads them (``LineFilters``);
/// - the kind filter leaves the line's kind out.
/// While nothing has matched, fuzzy matches stand in, and a line is ruled
/// out only if it cannot match fuzzily either.
struct LinePath: Sendable {
    /// What a line comes to, for the session to finish with and count.
    enum Verdict {
        /// A record that cannot match: read, and ruled out.
        case cannotMatch
        /// A record of a kind the kind filter leaves out: read, and filtered out.
        case filteredOut
        /// Not a record: a malformed line or one that is not an object, and
        /// the warning that says so.
        case malformed(Diagnostic?)
        /// A whole record, whose kind the session resolves
        /// (``SearchSession/consider(_:order:diagnose:)``).
        case record(Record)
        /// A whole record of a registered kind met before, read.
        case parsed(JSONObject, ResultKind, SourceLocation)
        /// The fields the search reads of a record of a registered, searched
        /// kind met before, read; the whole record is parsed from the line
        /// (``object(of:cache:)``) when it matches.
        case fields(JSONObject, ResultKind, SourceLocation)
    }

    private let plan: FieldScanPlan
    /// Whether every record of every kind matches (an empty query, no kind filter).
    private let matchesEveryRecord: Bool
    /// Whether the prefilter's word can match records with computed search
    /// fields, by the values those fields read.
    private var memo = ComputedFieldMemo()
    /// The same, counting fuzzy matches, for while they stand in.
    private var fuzzyMemo = ComputedFieldMemo()
    /// The same, for lines whose values it can key where they are, in front
    /// of ``memo`` and ``fuzzyMemo``.
    private var shortMemo = ShortValueMemo()
    /// The key being looked up in ``memo``.
    private var memoKey = ComputedFieldMemo.Key()
    /// The unknown kinds whose ruled-out lines are settled by their kind.
    private var settledUnknownKinds = SettledUnknownKinds()
    /// Space reused from line to line.
    private var scratch = LineScratch()

    init(plan: FieldScanPlan, matchesEveryRecord: Bool) {
        self.plan = plan
        self.matchesEveryRecord = matchesEveryRecord
    }

    /// Rules lines out from their bytes, when the query allows it.
    var prefilter: LinePrefilter? { plan.prefilter }

    /// Whether a line may hold a match: the prefilter's verdict, `true`
    /// without one.
    func mayMatch(_ line: Span<UInt8>) -> Bool {
        // The prefilter's SIMD loops read the line through a pointer.
        line.withUnsafeBytes { plan.prefilterMayMatch($0) }
    }

    /// Whether the query's filters may settle lines from their raw values.
    var hasFilters: Bool { plan.filters != nil }

    /// What one NDJSON line comes to, extracting only the fields the search
    /// needs.
    /// - Parameters:
    ///   - line: The line's content, as ``NDJSONLineRule`` found it: not
    ///     blank, within the cap, without a byte-order mark.
    ///   - file: Its file, for messages.
    ///   - number: Its line number.
    ///   - hint: The kind its file implies.
    ///   - mayMatch: `false` when ``LinePrefilter`` ruled the line out from
    ///     its bytes: it is then only validated, unless its kind needs more.
    ///   - cache: Where short strings of lines read whole are made once, if
    ///     the caller keeps one.
    ///   - kinds: The kinds met so far, asked, never changed.
    ///   - standIns: Whether fuzzy matches stand in (nothing has matched).
    ///   - scorer: Asked whether computed search fields may match.
    @inline(__always)
    mutating func take(
        _ line: Span<UInt8>,
        file: String,
        line number: Int,
        hint: String?,
        mayMatch: Bool,
        cache: ShortStringCache?,
        kinds: KindResolver,
        standIns: Bool,
        scorer: Scorer
    ) -> Verdict {
        // StreamingJSON's parsers and scanners, and the prefilter's SIMD
        // loops, read the line through a pointer, lent for this call only.
        line.withUnsafeBytes { bytes in
            take(
                bytes, file: file, line: number, hint: hint, mayMatch: mayMatch, cache: cache, kinds: kinds,
                standIns: standIns, scorer: scorer)
        }
    }

    private mutating func take(
        _ line: UnsafeRawBufferPointer,
        file: String,
        line number: Int,
        hint: String?,
        mayMatch: Bool,
        cache: ShortStringCache?,
        kinds: KindResolver,
        standIns: Bool,
        scorer: Scorer
    ) -> Verdict {
        if matchesEveryRecord {
            // Every record is shown: extracting fields first would only
            // parse each line twice. A line laid out like one before it is
            // parsed from its shape; any other, as the reader parses it.
            let bytes = line
            if let cache, let object = parseFromShape(bytes, cache: cache) {
                let location = SourceLocation(file: file, line: number)
                // A registered kind named in the line and met before: found
                // from its bytes, as `consider(_:order:diagnose:)` finds it.
                let kindName = scratch.raw[0]
                if kindName.kind == .string, kindName.count > 0, let index = Self.recentKind(kindName, in: bytes, kinds)
                {
                    return .parsed(object, kinds.route(at: index).kind, location)
                }
                return .record(Record(object: object, location: location, kindHint: hint))
            }
            let parser = JSONParser()
            var warning: Diagnostic?
            let found = NDJSONLineRule.record(
                line, at: SourceLocation(file: file, line: number), hint: hint,
                parse: { bytes throws(JSONParseError) in
                    if let cache { try parser.parse(bytes, cache: cache) } else { try parser.parse(bytes) }
                },
                diagnose: { warning = $0 })
            return found.map { .record($0) } ?? .malformed(warning)
        }
        let bytes = line
        // While nothing has matched, fuzzy matches stand in (see
        // `SearchSession.process`): a line is ruled out only if it cannot
        // match fuzzily either.
        if !mayMatch, plan.hasPrefilter, let phase = ruleOutPhase(bytes, standIns: standIns),
            let settled = ruledOut(
                bytes, file: file, line: number, hint: hint, fuzzily: phase == .standIns, kinds: kinds,
                scorer: scorer)
        {
            return settled
        }
        let location = SourceLocation(file: file, line: number)
        if let cache,
            let taken = takeFromShape(
                bytes, at: location, cache: cache, kinds: kinds, standIns: standIns, scorer: scorer)
        {
            return taken
        }
        let isObject: Bool
        do {
            isObject = try plan.scanner.scan(bytes, into: &scratch.values)
        } catch {
            return .malformed(NDJSONLineRule.malformed(error, at: location))
        }
        guard isObject else {
            return .malformed((try? JSONParser().parse(bytes)).map { NDJSONLineRule.notAnObject($0, at: location) })
        }
        var kindName = hint
        if case .string(let name)? = scratch.values[0], !name.isEmpty { kindName = name }
        guard let route = kinds.knownRoute(named: kindName), !route.readsWhole else {
            // Unknown kinds, kinds not met yet, and kinds whose search reads
            // any field, take the whole-record path.
            guard case .object(let object)? = try? JSONParser().parse(bytes) else { return .malformed(nil) }
            return .record(Record(object: object, location: location, kindHint: hint))
        }
        guard route.included else { return .filteredOut }
        if let reads = route.memoizedReads, !route.isVerbatim, plan.namesNoFields,
            !prefilterMatchesScanned(route.kind, reads: reads, fuzzily: standIns, scorer: scorer)
        {
            // The prefilter's word, which every result matches, matches none
            // of the record's search fields: it cannot match, as a stand-in
            // either. Lines of kinds whose search fields are computed hold
            // the word's fragments in their keys or other fields, so the
            // prefilter lets many through.
            return .cannotMatch
        }
        var members: [JSONObject.Member] = []
        members.reserveCapacity(scratch.values.count)
        for (key, value) in zip(plan.scanner.keys, scratch.values) {
            if let value { members.append(JSONObject.Member(key: key, value: value)) }
        }
        return .fields(JSONObject(members), route.kind, location)
    }

    /// ``take(_:file:line:hint:mayMatch:cache:kinds:standIns:scorer:)``
    /// for a line that may match, laid out like a line before it and naming
    /// a registered kind met before: the line is parsed whole from its shape
    /// (which costs no more than scanning it for the fields the search reads)
    /// and given as `.parsed`, so that a line that matches is not parsed a
    /// second time. It settles the line as the scanned path would: filtered
    /// out by kind, or ruled out by its computed search fields. `nil` for any
    /// other line, which takes the scanned path.
    private mutating func takeFromShape(
        _ bytes: UnsafeRawBufferPointer,
        at location: SourceLocation,
        cache: ShortStringCache,
        kinds: KindResolver,
        standIns: Bool,
        scorer: Scorer
    ) -> Verdict? {
        guard let object = parseFromShape(bytes, cache: cache) else { return nil }
        let kindName = scratch.raw[0]
        guard kindName.kind == .string, kindName.count > 0, let index = Self.recentKind(kindName, in: bytes, kinds)
        else { return nil }
        let route = kinds.route(at: index)
        guard !route.readsWhole else { return nil }
        guard route.included else { return .filteredOut }
        if let reads = route.memoizedReads, !route.isVerbatim, plan.namesNoFields,
            !prefilterMatchesScanned(route.kind, reads: reads, fuzzily: standIns, scorer: scorer, parsed: object)
        {
            // As in the scanned path.
            return .cannotMatch
        }
        return .parsed(object, route.kind, location)
    }

    /// The whole object of a line that `take` gave as `.fields`, once it
    /// matches: parsed from its shape when it is laid out like a line before
    /// it, else by ``JSONParser``; the same object either way. `nil` when
    /// the line is not an object.
    mutating func object(of content: Span<UInt8>, cache: ShortStringCache?) -> JSONObject? {
        // StreamingJSON's parsers read the line through a pointer, lent for this call only.
        content.withUnsafeBytes { object(of: $0, cache: cache) }
    }

    private mutating func object(of content: UnsafeRawBufferPointer, cache: ShortStringCache?) -> JSONObject? {
        if let cache, let object = parseFromShape(content, cache: cache) { return object }
        guard case .object(let object)? = try? JSONParser().parse(content) else { return nil }
        return object
    }

    /// The object of a flat line laid out like one before it, parsed from
    /// its shape; `nil` for another line, which the caller parses.
    private mutating func parseFromShape(_ bytes: UnsafeRawBufferPointer, cache: ShortStringCache) -> JSONObject? {
        // Mutated where it is: a copy would count a reference to each of its arrays.
        if scratch.shapes == nil { scratch.shapes = FlatObjectShapes(scanner: plan.lightScanner) }
        return scratch.shapes!.parseObject(
            bytes, values: &scratch.raw, spans: &scratch.spans, cache: cache, reusing: &scratch.members)
    }

    /// Where the kind whose name is the plain-text string value `name` of
    /// `line` is among the recent kinds, if it was met.
    @inline(__always)
    private static func recentKind(
        _ name: JSONFieldScanner.RawValue, in line: UnsafeRawBufferPointer, _ kinds: KindResolver
    ) -> Int? {
        let bytes = line.assumingMemoryBound(to: UInt8.self)
        return kinds.index(of: name.start..<name.start &+ name.count, in: bytes.span)
    }

    /// The fast path of ``ruledOut(_:file:line:hint:fuzzily:kinds:scorer:)``
    /// for the common line, taken before anything else is done with it: a
    /// flat object of plain text, found valid without building anything,
    /// whose kind is named in it, was met before, and cannot match (or is
    /// filtered out by kind). `true` when the line is such a record, read and
    /// ruled out; `false` says nothing: the line takes the usual path.
    /// - Parameter line: A line the prefilter ruled out, not the first of its file.
    @inline(__always)
    mutating func quicklyRuledOut(_ line: Span<UInt8>, kinds: KindResolver, standIns: Bool, scorer: Scorer) -> Bool {
        // StreamingJSON's shape scan and the prefilter's SIMD loops read the
        // line through a pointer, lent for this call only.
        line.withUnsafeBytes { quicklyRuledOut($0, kinds: kinds, standIns: standIns, scorer: scorer) }
    }

    @inline(__always)
    private mutating func quicklyRuledOut(
        _ line: UnsafeRawBufferPointer,
        kinds: KindResolver,
        standIns: Bool,
        scorer: Scorer
    ) -> Bool {
        guard let phase = ruleOutPhase(line, standIns: standIns) else { return false }
        let fuzzily = phase == .standIns
        if scratch.shapes == nil { scratch.shapes = FlatObjectShapes(scanner: plan.lightScanner) }
        // A line the prefilter ruled out holds no byte from 0x80 and no backslash.
        guard scratch.shapes!.scanPlainASCII(line, into: &scratch.raw) else { return false }
        let kind = scratch.raw[0]
        guard kind.kind == .string, kind.count > 0 else { return false }
        guard let index = Self.recentKind(kind, in: line, kinds) else {
            // An unknown kind's search text joins keys and values: its keys
            // count, and a fuzzy stand-in may take its units in any order.
            let bytes = line.assumingMemoryBound(to: UInt8.self)
            return settledUnknownKinds.contains(kind.start..<kind.start &+ kind.count, in: bytes.span)
                && !plan.prefilterMayMatch(line, countsKeys: true)
                && (!fuzzily || !plan.prefilterMayMatchFuzzilyInAnyOrder(line))
        }
        if !kinds.settlesRuledOutLines(at: index) {
            // Computed search fields: their verdict for the values they
            // read, remembered. Short values are looked up where they are.
            let bytes = line.assumingMemoryBound(to: UInt8.self)
            let key = ShortValueMemo.Key(
                kind: index, fuzzily: fuzzily, reads: kinds.shortReads(at: index), raw: scratch.raw.span,
                line: bytes.span)
            if let key, let known = shortMemo.lookup(key) {
                guard !known else { return false }
            } else {
                guard
                    let matches = prefilterMatches(
                        at: index, named: kind, line: line, fuzzily: fuzzily, kinds: kinds, scorer: scorer)
                else { return false }
                if let key { shortMemo.remember(matches, for: key) }
                guard !matches else { return false }
            }
        }
        return true
    }

    /// ``quicklyRuledOut(_:kinds:standIns:scorer:)`` for the lines of `run`
    /// one after another, in one loop: lines the prefilter ruled out, none
    /// the first of its file, cut as ``LineScanner`` cuts them and told
    /// apart by ``NDJSONLineRule``.
    /// - Returns: How many bytes (each line with its `\n`) and lines were
    ///   settled (each a record read and ruled out), from the start;
    ///   `stopped` is true when the loop stopped at a line that
    ///   ``quicklyRuledOut(_:kinds:standIns:scorer:)`` does not settle (the
    ///   line that starts at `bytes`), false when it stopped at an over-long
    ///   or blank line, which the caller reports or skips, or at the run's end.
    @inline(__always)
    mutating func quicklyRuledOut(
        run: Span<UInt8>, maxLineBytes: Int, kinds: KindResolver, standIns: Bool, scorer: Scorer
    ) -> (bytes: Int, lines: Int, stopped: Bool) {
        // As for one line: the run is lent as a pointer for this call only.
        // Its lines are cut over the pointer too, not over the span with
        // ``LineScanner``: the span's range checks on every line of a run
        // cost 1.3 % of an NDJSON search's instructions (`coffee`).
        run.withUnsafeBytes { raw in
            var start = 0
            var lines = 0
            while let (line, next) = Self.nextLine(in: raw, from: start),
                case .content(let content) = NDJSONLineRule.classify(
                    line, isFirstLine: false, maxLineBytes: maxLineBytes)
            {
                guard quicklyRuledOut(content, kinds: kinds, standIns: standIns, scorer: scorer) else {
                    return (start, lines, true)
                }
                lines &+= 1
                start = next
            }
            return (start, lines, false)
        }
    }

    /// The line that starts at `start` of `bytes`, as
    /// ``LineScanner/nextLine(in:from:)`` cuts it (without its `\n` and a
    /// `\r` before it), and where the next line starts; `nil` when no `\n`
    /// ends it within `bytes`.
    @inline(__always)
    private static func nextLine(in bytes: UnsafeRawBufferPointer, from start: Int) -> (
        line: UnsafeRawBufferPointer, next: Int
    )? {
        guard start < bytes.count, let base = bytes.baseAddress,
            let hit = memchr(base + start, 0x0A, bytes.count &- start)
        else { return nil }
        let end = UnsafeRawPointer(hit) - base
        var length = end &- start
        if length > 0, base.load(fromByteOffset: end &- 1, as: UInt8.self) == 0x0D { length &-= 1 }
        return (UnsafeRawBufferPointer(start: base + start, count: length), end &+ 1)
    }

    /// Whether the prefilter's word matches one of the computed search
    /// fields of a line of the recent kind at `index` (see
    /// ``prefilterMatches(_:named:reads:line:fuzzily:scorer:)``); `nil` when
    /// the kind is read whole or has no computed search fields that declare
    /// what they read. Out of line: the route's references are counted
    /// here, not on the path that the memo answers.
    @inline(never)
    private mutating func prefilterMatches(
        at index: Int, named name: JSONFieldScanner.RawValue, line: UnsafeRawBufferPointer, fuzzily: Bool,
        kinds: KindResolver, scorer: Scorer
    ) -> Bool? {
        let route = kinds.route(at: index)
        guard !route.readsWhole, let reads = route.memoizedReads else { return nil }
        return prefilterMatches(route.kind, named: name, reads: reads, line: line, fuzzily: fuzzily, scorer: scorer)
    }

    /// What a line the prefilter's fragments ruled out may still match.
    enum RuleOutPhase {
        /// Something has matched, or no fuzzy match will stand in: nothing.
        case matched
        /// Nothing has matched yet and the word's letters are not in order
        /// within any one value of the line: a fuzzy match only in a
        /// computed search field (or an unknown kind's joined text).
        case standIns
    }

    /// How a line the prefilter's fragments ruled out may be settled, or
    /// `nil` when it must be matched in full: while fuzzy matches stand in
    /// (`standIns`), a line that holds the word's letters in order.
    @inline(__always)
    private func ruleOutPhase(_ line: UnsafeRawBufferPointer, standIns: Bool) -> RuleOutPhase? {
        if !standIns { return .matched }
        // A field term may name a field whose text is not as written, and
        // a named field must be seen in some record before it is reported
        // unknown.
        guard plan.namesNoFields, plan.hasPrefilter, !plan.prefilterIsFieldTerm else { return nil }
        // The quick test first; the test held to one value only when the
        // letters are in the line in order.
        let mayMatch = plan.prefilterMayMatchFuzzily(line) && plan.prefilterMayMatchFuzzilyWithinOneValue(line)
        return mayMatch ? nil : .standIns
    }

    /// Whether the query's number and presence filters settle a line
    /// before anything else is done with it: a flat object of plain text of
    /// a kind met before, either filtered out by kind or failing a filter on
    /// its raw values (see ``LineFilters``), read and ruled out. `false` says
    /// nothing: the line takes the usual path.
    /// - Parameter line: A line that is not the first of its file.
    @inline(__always)
    mutating func quicklyFilteredOut(_ line: Span<UInt8>, kinds: KindResolver) -> Bool {
        // StreamingJSON's shape scan reads the line through a pointer, lent for this call only.
        line.withUnsafeBytes { quicklyFilteredOut($0, kinds: kinds) }
    }

    @inline(__always)
    private mutating func quicklyFilteredOut(_ line: UnsafeRawBufferPointer, kinds: KindResolver) -> Bool {
        guard let filters = plan.filters else { return false }
        if scratch.filterShapes == nil { scratch.filterShapes = FlatObjectShapes(scanner: filters.scanner) }
        guard scratch.filterShapes!.scan(line, into: &scratch.filterRaw) else { return false }
        let kind = scratch.filterRaw[0]
        guard kind.kind == .string, kind.count > 0, let index = Self.recentKind(kind, in: line, kinds) else {
            return false
        }
        let route = kinds.route(at: index)
        return route.filtersRawValues && (!route.included || filters.rulesOut(scratch.filterRaw, in: line))
    }

    /// What a line the prefilter passed over comes to without matching: a
    /// malformed line or one that is not an object (with its warning, as the
    /// full path gives it), or a valid record of a kind that cannot match or
    /// that the kind filter leaves out. `nil` sends the line down the full
    /// path: unknown kinds not ruled out, kinds not met yet, kinds read
    /// whole, and computed search fields whose values may match.
    private mutating func ruledOut(
        _ bytes: UnsafeRawBufferPointer,
        file: String,
        line: Int,
        hint: String?,
        fuzzily: Bool,
        kinds: KindResolver,
        scorer: Scorer
    ) -> Verdict? {
        let scanner = plan.lightScanner
        let route: KindRoute?
        var kindName = hint
        // Whether the kind was read from the line as plain text (not the
        // file's hint), so that the quick path can find it again.
        var namedInLine = false
        if scanner.scanFlat(bytes, into: &scratch.raw), let base = bytes.baseAddress {
            // The common line: a flat object of plain text, found valid
            // without building anything. Its kind is found from its bytes.
            let kind = scratch.raw[0]
            if kind.kind == .string, kind.count > 0 {
                if let index = Self.recentKind(kind, in: bytes, kinds) {
                    route = kinds.route(at: index)
                } else {
                    let start = base.assumingMemoryBound(to: UInt8.self) + kind.start
                    kindName = String(decoding: UnsafeBufferPointer(start: start, count: kind.count), as: UTF8.self)
                    route = kinds.knownRoute(named: kindName)
                    namedInLine = true
                }
            } else {
                route = kinds.knownRoute(named: kindName)
            }
            if let reads = route?.memoizedReads, route?.included == true {
                // Only the values at `reads` are looked at.
                if scratch.light.count != scanner.keys.count {
                    scratch.light = Array(repeating: nil, count: scanner.keys.count)
                }
                for index in reads { scratch.light[index] = scratch.raw[index].value(in: bytes) }
            }
        } else {
            let isObject: Bool
            do {
                isObject = try scanner.scan(bytes, into: &scratch.light)
            } catch {
                return .malformed(NDJSONLineRule.malformed(error, at: SourceLocation(file: file, line: line)))
            }
            guard isObject else { return nil }
            if case .string(let name)? = scratch.light[0], !name.isEmpty { kindName = name }
            route = kinds.knownRoute(named: kindName)
        }
        guard let route else {
            // An unknown kind is seen once on the full path, for its warning.
            // While fuzzy matches stand in, its search text joins keys and
            // values, which the line's bytes may not show in order: only a
            // word some of whose units the line lacks is ruled out.
            guard plan.rulesOutUnknownKinds, let name = kindName, kinds.knowsFallback(name),
                !plan.prefilterMayMatch(bytes, countsKeys: true),
                !fuzzily || !plan.prefilterMayMatchFuzzilyInAnyOrder(bytes)
            else {
                return nil
            }
            // From now on, for good: the kind stays seen.
            if namedInLine { settledUnknownKinds.add(named: name) }
            return .cannotMatch
        }
        guard !route.readsWhole else { return nil }
        guard route.included else { return .filteredOut }
        if !route.isVerbatim {
            guard let reads = route.memoizedReads,
                !prefilterMatches(route.kind, reads: reads, fuzzily: fuzzily, scorer: scorer)
            else { return nil }
        }
        return .cannotMatch
    }

    /// Whether the prefilter's word matches one of the computed search
    /// fields of a record whose values at `reads` are in `scratch.light`,
    /// remembered by those values.
    private mutating func prefilterMatches(_ kind: ResultKind, reads: [Int], fuzzily: Bool, scorer: Scorer) -> Bool {
        memoKey.start(kind: kind.name)
        var remembered = true
        for index in reads where !memoKey.append(scratch.light[index]) { remembered = false }
        if remembered, let known = fuzzily ? fuzzyMemo.lookup(memoKey) : memo.lookup(memoKey) { return known }
        let matches = evaluatePrefilter(kind, reads: reads, values: scratch.light, fuzzily: fuzzily, scorer: scorer)
        if remembered {
            if fuzzily { fuzzyMemo.remember(matches, for: memoKey) } else { memo.remember(matches, for: memoKey) }
        }
        return matches
    }

    /// Whether the prefilter's word matches one of the computed search
    /// fields of a record whose values at `reads` are the raw values that
    /// `scanFlat` found in `line` (in `scratch.raw`), remembered by those values.
    private mutating func prefilterMatches(
        _ kind: ResultKind,
        named name: JSONFieldScanner.RawValue,
        reads: [Int],
        line: UnsafeRawBufferPointer,
        fuzzily: Bool,
        scorer: Scorer
    ) -> Bool {
        let bytes = line.assumingMemoryBound(to: UInt8.self)
        memoKey.start(kind: bytes.span.extracting(name.start..<name.start + name.count))
        for index in reads { memoKey.append(scratch.raw[index], in: bytes.span) }
        if let known = fuzzily ? fuzzyMemo.lookup(memoKey) : memo.lookup(memoKey) { return known }
        if scratch.light.count != scratch.raw.count {
            scratch.light = Array(repeating: nil, count: scratch.raw.count)
        }
        for index in reads { scratch.light[index] = scratch.raw[index].value(in: line) }
        let matches = evaluatePrefilter(kind, reads: reads, values: scratch.light, fuzzily: fuzzily, scorer: scorer)
        if fuzzily { fuzzyMemo.remember(matches, for: memoKey) } else { memo.remember(matches, for: memoKey) }
        return matches
    }

    /// ``prefilterMatches(_:reads:fuzzily:scorer:)`` for a record whose
    /// values `plan.scanner` found (in `scratch.values`), or that was
    /// `parsed` whole: its values are then looked up in it, where the scan
    /// would have found them (the last member of each key).
    private mutating func prefilterMatchesScanned(
        _ kind: ResultKind, reads: [Int], fuzzily: Bool, scorer: Scorer, parsed: JSONObject? = nil
    ) -> Bool {
        if scratch.light.count != plan.lightScanner.keys.count {
            scratch.light = Array(repeating: nil, count: plan.lightScanner.keys.count)
        }
        for index in reads {
            // With a word in the query, `scanner` reads what every search
            // field reads; otherwise the full path decides.
            guard let scanned = plan.lightKeysInScanner[index] else { return true }
            if let parsed {
                scratch.light[index] = parsed[plan.lightScanner.keys[index]]
            } else {
                scratch.light[index] = scratch.values[scanned]
            }
        }
        return prefilterMatches(kind, reads: reads, fuzzily: fuzzily, scorer: scorer)
    }

    /// Whether the prefilter's word matches one of the computed search
    /// fields of a record with these `values` at `reads`.
    private func evaluatePrefilter(
        _ kind: ResultKind, reads: [Int], values: [JSONValue?], fuzzily: Bool, scorer: Scorer
    ) -> Bool {
        guard let prefilter = plan.prefilter else { return true }
        let keys = plan.lightScanner.keys
        var members: [JSONObject.Member] = []
        for index in reads {
            if let value = values[index] { members.append(JSONObject.Member(key: keys[index], value: value)) }
        }
        return scorer.matchesSearchField(prefilter.pattern, kind: kind, object: JSONObject(members), fuzzily: fuzzily)
    }

}

/// The scratch space a line path reuses from line to line.
struct LineScratch {
    var values: [JSONValue?] = []
    var light: [JSONValue?] = []
    var raw: [JSONFieldScanner.RawValue] = []
    /// Where the members of a line parsed from its shape are.
    var spans: [FlatObjectShapes.MemberSpan] = []
    /// The members of the line parsed last, whose buffer the next one reuses.
    var members = ReusedMembers()
    /// The layouts of the lines seen; made with the first line that needs it.
    var shapes: FlatObjectShapes?
    /// The same for the filters' fields, and their raw values.
    var filterShapes: FlatObjectShapes?
    var filterRaw: [JSONFieldScanner.RawValue] = []
}

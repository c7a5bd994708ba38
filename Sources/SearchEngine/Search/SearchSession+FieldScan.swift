public import ResultKit
import StreamingJSON
import TextMatching

/// What a large search extracts from each NDJSON line: the `kind`, the fields
/// every searched kind's search fields read, and the fields the query filters
/// or sorts by. Everything else in the line is validated but not decoded; a
/// record is decoded whole only when it matches.
///
/// A class, so that taking it from the session for each line costs one
/// reference count, not one per array inside.
final class FieldScanPlan: Sendable {
    let scanner: JSONFieldScanner
    /// Kinds whose search fields may read any field: their records are
    /// decoded whole.
    let wholeRecordKinds: Set<String>
    /// Rules lines out from their bytes, when the query allows it.
    let prefilter: LinePrefilter?
    /// Whether there is a prefilter (asked per line: unwrapping
    /// ``prefilter`` copies it).
    let hasPrefilter: Bool
    /// Kinds whose every search field shows a value as written: a line the
    /// prefilter rules out cannot match.
    let verbatimKinds: Set<String>
    /// Kinds with computed search fields that declare what they read: the
    /// indices in `lightScanner.keys` of what they read.
    let memoizedKinds: [String: [Int]]
    /// Extracts `kind` and what memoized kinds read, from ruled-out lines.
    let lightScanner: JSONFieldScanner
    /// Whether lines of an unknown kind, once the kind has been seen, may be
    /// ruled out. Their search fields are the identity field as written and
    /// `key=value` pairs joined by spaces, so a fragment without `=` found in
    /// them is in the raw bytes too. Not when the query or the sort names a
    /// field: fields seen in such records must then be collected.
    let rulesOutUnknownKinds: Bool

    init(registry: KindRegistry, query: Query, sort: FieldSort?, fuzzy: Bool) {
        var keys = ["kind"]
        var whole = Set<String>()
        func add(_ key: String) {
            if !keys.contains(key) { keys.append(key) }
        }
        for kind in registry.kinds {
            for field in kind.searchFields {
                if let reads = field.reads { reads.forEach(add) } else { whole.insert(kind.name) }
            }
        }
        query.referencedFields.forEach(add)
        if let sort { add(sort.field) }
        self.scanner = JSONFieldScanner(keys: keys)
        self.wholeRecordKinds = whole

        let prefilter = LinePrefilter(query: query, fuzzy: fuzzy)
        self.prefilter = prefilter
        self.hasPrefilter = prefilter != nil
        var verbatim = Set<String>()
        var memoized: [String: [Int]] = [:]
        var lightKeys = ["kind"]
        for kind in registry.kinds where !whole.contains(kind.name) {
            if kind.searchFields.allSatisfy(\.isVerbatim) {
                verbatim.insert(kind.name)
            } else if prefilter?.isFieldTerm == false {
                // A word matches the search fields only, which read these.
                var indices: [Int] = []
                for key in kind.searchFields.flatMap({ $0.reads ?? [] }) {
                    if let index = lightKeys.firstIndex(of: key) {
                        if !indices.contains(index) { indices.append(index) }
                    } else {
                        indices.append(lightKeys.count)
                        lightKeys.append(key)
                    }
                }
                memoized[kind.name] = indices
            }
        }
        self.verbatimKinds = verbatim
        self.memoizedKinds = memoized
        self.lightScanner = JSONFieldScanner(keys: lightKeys)
        self.rulesOutUnknownKinds =
            query.referencedFields.isEmpty && sort == nil
            && prefilter?.fragments.allSatisfy { !$0.contains(UInt8(ascii: "=")) } == true
    }

    /// How lines of `kind` are searched, `included` or not by the kind filter.
    func route(for kind: ResultKind, included: Bool) -> KindRoute {
        KindRoute(
            kind: kind,
            included: included,
            readsWhole: wholeRecordKinds.contains(kind.name),
            isVerbatim: verbatimKinds.contains(kind.name),
            memoizedReads: memoizedKinds[kind.name]
        )
    }
}

/// What a large search decided once about a kind, so that no line pays for
/// a set or dictionary lookup (a class: passing it costs one reference count).
final class KindRoute: Sendable {
    let kind: ResultKind
    /// Whether the kind filter lets the kind's records through.
    let included: Bool
    /// Whether its search fields may read any field: records are decoded whole.
    let readsWhole: Bool
    /// Whether every search field shows a value as written.
    let isVerbatim: Bool
    /// For computed search fields, what they read (indices in the light scanner's keys).
    let memoizedReads: [Int]?

    /// Whether a line of this kind that the prefilter rules out is settled
    /// by its kind alone: filtered out, or searched only in fields shown as
    /// written.
    var settlesRuledOutLines: Bool { !readsWhole && (!included || isVerbatim) }

    init(kind: ResultKind, included: Bool, readsWhole: Bool, isVerbatim: Bool, memoizedReads: [Int]?) {
        self.kind = kind
        self.included = included
        self.readsWhole = readsWhole
        self.isVerbatim = isVerbatim
        self.memoizedReads = memoizedReads
    }
}

/// The scratch space a worker reuses from line to line.
struct LineScratch {
    var values: [JSONValue?] = []
    var light: [JSONValue?] = []
    var raw: [JSONFieldScanner.RawValue] = []
    /// Where the members of a line parsed from its shape are.
    var spans: [FlatObjectShapes.MemberSpan] = []
    /// The layouts of the lines seen, for the quick path; made with the
    /// first line that takes it.
    var shapes: FlatObjectShapes?
}

extension SearchSession {
    /// Considers one line of NDJSON input, as
    /// ``RecordReader/read(_:record:lines:diagnose:)`` gives it: with the
    /// same results and messages as parsing it into a `Record` for
    /// ``consider(_:order:diagnose:)``, but extracting only what the search
    /// needs, and passing over lines that the query's words rule out.
    public mutating func consider(_ line: NDJSONLine, diagnose: (Diagnostic) -> Void) {
        let mayMatch = fieldScanPlan.prefilter.map { $0.mayMatch(line.bytes) } ?? true
        var scratch = LineScratch()
        swap(&scratch, &lineScratch)
        if !mayMatch, !line.isFirstLine, statistics.matched > 0 {
            var shapes = scratch.shapes ?? FlatObjectShapes(scanner: fieldScanPlan.lightScanner)
            scratch.shapes = nil
            let settled = quicklyRuledOut(line.bytes, shapes: &shapes, raw: &scratch.raw, light: &scratch.light)
            scratch.shapes = shapes
            if settled {
                swap(&scratch, &lineScratch)
                return
            }
        }
        considerLine(
            line.bytes, file: line.file, line: line.number, isFirstLine: line.isFirstLine, hint: line.hint,
            order: nil, mayMatch: mayMatch, scratch: &scratch, diagnose: diagnose)
        swap(&scratch, &lineScratch)
    }

    /// Considers one NDJSON line, extracting only the fields the search
    /// needs, and decoding the whole record only when it matches. Gives the
    /// same results and messages as reading the line into a ``Record`` and
    /// calling ``consider(_:order:diagnose:)``.
    /// - Parameters:
    ///   - line: The line's bytes, without its line break.
    ///   - file: Its file, for messages.
    ///   - number: Its line number.
    ///   - isFirstLine: Whether a byte-order mark may start it.
    ///   - hint: The kind its file implies.
    ///   - order: Its position among all inputs, for ties; `nil` numbers
    ///     records in the order they are considered.
    ///   - mayMatch: `false` when ``LinePrefilter`` ruled the line out from
    ///     its bytes: it is then only validated, unless its kind needs more.
    ///   - scratch: Space reused between lines.
    ///   - cache: Where short strings of lines read whole are made once, if
    ///     the caller keeps one.
    ///   - diagnose: Called with warnings about the line.
    mutating func considerLine(
        _ line: UnsafeRawBufferPointer,
        file: String,
        line number: Int,
        isFirstLine: Bool,
        hint: String?,
        order: Int?,
        mayMatch: Bool = true,
        scratch: inout LineScratch,
        cache: ShortStringCache? = nil,
        diagnose: (Diagnostic) -> Void
    ) {
        if matchesEveryRecord {
            // Every record is shown: extracting fields first would only
            // parse each line twice. A line laid out like one before it is
            // parsed from its shape; any other, as the reader parses it.
            guard let bytes = RecordReader.lineContent(line, isFirstLine: isFirstLine) else { return }
            if let cache, let object = parseFromShape(bytes, scratch: &scratch, cache: cache) {
                let location = SourceLocation(file: file, line: number)
                // A registered kind named in the line and met before: found
                // from its bytes, as `consider(_:order:diagnose:)` finds it.
                let kindName = scratch.raw[0]
                if kindName.kind == .string, kindName.count > 0, let base = bytes.baseAddress,
                    let index = recentKinds.index(
                        nameAt: base.assumingMemoryBound(to: UInt8.self) + kindName.start, count: kindName.count)
                {
                    statistics.read += 1
                    process(
                        object, kind: recentKinds.route(at: index).kind, order: order, location: location,
                        kindHint: hint, diagnose: diagnose
                    ) { object }
                    return
                }
                consider(Record(object: object, location: location, kindHint: hint), order: order, diagnose: diagnose)
                return
            }
            let record: (Record) -> Void = { consider($0, order: order, diagnose: diagnose) }
            if let cache {
                RecordReader.readLine(
                    line, number: number, firstLine: isFirstLine, file: file, hint: hint, cache: cache,
                    record: record, diagnose: diagnose)
            } else {
                RecordReader.readLine(
                    line, number: number, firstLine: isFirstLine, file: file, hint: hint, parser: JSONParser(),
                    record: record, diagnose: diagnose)
            }
            return
        }
        guard let bytes = RecordReader.lineContent(line, isFirstLine: isFirstLine) else { return }
        let plan = fieldScanPlan
        // While nothing has matched, every line is matched in full: fuzzy
        // matches stand in when nothing matches (see `process`).
        if !mayMatch, plan.hasPrefilter, statistics.matched > 0,
            ruledOut(bytes, file: file, line: number, hint: hint, scratch: &scratch, diagnose: diagnose)
        {
            return
        }
        let location = SourceLocation(file: file, line: number)
        let isObject: Bool
        do {
            isObject = try plan.scanner.scan(bytes, into: &scratch.values)
        } catch {
            diagnose(RecordReader.malformed(error, at: location))
            return
        }
        let parseWhole: () -> JSONObject? = {
            guard case .object(let object)? = try? JSONParser().parse(bytes) else { return nil }
            return object
        }
        guard isObject else {
            if let value = try? JSONParser().parse(bytes) { diagnose(RecordReader.notAnObject(value, at: location)) }
            return
        }
        var kindName = hint
        if case .string(let name)? = scratch.values[0], !name.isEmpty { kindName = name }
        guard let route = knownKind(named: kindName), !route.readsWhole else {
            // Unknown kinds, and kinds whose search reads any field, take
            // the whole-record path.
            if let object = parseWhole() {
                consider(Record(object: object, location: location, kindHint: hint), order: order, diagnose: diagnose)
            }
            return
        }
        let kind = route.kind
        statistics.read += 1
        guard route.included else {
            statistics.filteredOut += 1
            return
        }
        var members: [JSONObject.Member] = []
        members.reserveCapacity(scratch.values.count)
        for (key, value) in zip(plan.scanner.keys, scratch.values) {
            if let value { members.append(JSONObject.Member(key: key, value: value)) }
        }
        process(
            JSONObject(members), kind: kind, order: order, location: location, kindHint: hint, diagnose: diagnose,
            fullObject: parseWhole)
    }
}

extension SearchSession {
    /// The object of a flat line laid out like one before it, parsed from
    /// its shape; `nil` for another line, which the caller parses.
    private func parseFromShape(
        _ bytes: UnsafeRawBufferPointer, scratch: inout LineScratch, cache: ShortStringCache
    ) -> JSONObject? {
        // Mutated where it is: a copy would count a reference to each of its arrays.
        if scratch.shapes == nil { scratch.shapes = FlatObjectShapes(scanner: fieldScanPlan.lightScanner) }
        return scratch.shapes!.parseObject(bytes, values: &scratch.raw, spans: &scratch.spans, cache: cache)
    }

    /// How to search the registered kind that a record names `name`; `nil`
    /// for an unknown kind.
    mutating func knownKind(named name: String?) -> KindRoute? {
        guard let name else { return nil }
        if let route = recentKinds.route(named: name) { return route }
        guard let found = registry.kind(named: name) else { return nil }
        // A copy of the kind for this session: see `ResultKind.ownCopy()`.
        let route = fieldScanPlan.route(for: found.ownCopy(), included: includes(kindNamed: found.name))
        recentKinds.add(route, named: name)
        return route
    }

    /// The fast path of ``ruledOut(_:file:line:hint:scratch:diagnose:)``
    /// for the common line, taken before anything else is done with it: a
    /// flat object of plain text, found valid without building anything,
    /// whose kind is named in it, was met before, and cannot match.
    /// `false` says nothing: the line takes the usual path.
    /// - Parameters:
    ///   - line: A line the prefilter ruled out, not the first of its file.
    ///   - shapes: Scans with the plan's light scanner, faster for lines
    ///     laid out like earlier ones.
    ///   - raw: Scratch space.
    ///   - light: Scratch space.
    @inline(__always)
    mutating func quicklyRuledOut(
        _ line: UnsafeRawBufferPointer,
        shapes: inout FlatObjectShapes,
        raw: inout [JSONFieldScanner.RawValue],
        light: inout [JSONValue?]
    ) -> Bool {
        guard statistics.matched > 0, shapes.scan(line, into: &raw), let base = line.baseAddress else {
            return false
        }
        let kind = raw[0]
        guard kind.kind == .string, kind.count > 0 else { return false }
        let name = base.assumingMemoryBound(to: UInt8.self) + kind.start
        guard let index = recentKinds.index(nameAt: name, count: kind.count) else {
            guard recentKinds.rulesOut(unknownKindAt: name, count: kind.count) else { return false }
            statistics.read += 1
            statistics.filteredOut += 1
            return true
        }
        if !recentKinds.settlesRuledOutLines(at: index) {
            let route = recentKinds.route(at: index)
            guard !route.readsWhole, let reads = route.memoizedReads,
                !prefilterMatches(route.kind, named: kind, reads: reads, raw: raw, line: line, scratch: &light)
            else { return false }
        }
        statistics.read += 1
        statistics.filteredOut += 1
        return true
    }

    /// Whether a line the prefilter passed over is settled without matching:
    /// it is malformed or not an object (reported here, as the full path
    /// would), or a valid record of a kind that cannot match. `false` sends
    /// the line down the full path: unknown kinds, kinds read whole, and
    /// computed search fields whose values may match.
    mutating func ruledOut(
        _ bytes: UnsafeRawBufferPointer,
        file: String,
        line: Int,
        hint: String?,
        scratch: inout LineScratch,
        diagnose: (Diagnostic) -> Void
    ) -> Bool {
        let scanner = fieldScanPlan.lightScanner
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
                let start = base.assumingMemoryBound(to: UInt8.self) + kind.start
                if let index = recentKinds.index(nameAt: start, count: kind.count) {
                    route = recentKinds.route(at: index)
                } else {
                    kindName = String(decoding: UnsafeBufferPointer(start: start, count: kind.count), as: UTF8.self)
                    route = knownKind(named: kindName)
                    namedInLine = true
                }
            } else {
                route = knownKind(named: kindName)
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
                diagnose(RecordReader.malformed(error, at: SourceLocation(file: file, line: line)))
                return true
            }
            guard isObject else { return false }
            if case .string(let name)? = scratch.light[0], !name.isEmpty { kindName = name }
            route = knownKind(named: kindName)
        }
        guard let route else {
            // An unknown kind is seen once on the full path, for its warning.
            guard fieldScanPlan.rulesOutUnknownKinds, let name = kindName, knowsFallback(name) else { return false }
            // From now on, for good: the kind stays seen.
            if namedInLine { recentKinds.addRuledOut(unknownKindNamed: name) }
            statistics.read += 1
            statistics.filteredOut += 1
            return true
        }
        guard !route.readsWhole else { return false }
        if route.included, !route.isVerbatim {
            guard let reads = route.memoizedReads,
                !prefilterMatches(route.kind, reads: reads, values: scratch.light)
            else { return false }
        }
        statistics.read += 1
        statistics.filteredOut += 1
        return true
    }

    /// Whether the prefilter's word matches one of the computed search
    /// fields of a record with these `values`, remembered by those values.
    private mutating func prefilterMatches(_ kind: ResultKind, reads: [Int], values: [JSONValue?]) -> Bool {
        memoKey.start(kind: kind.name)
        var remembered = true
        for index in reads where !memoKey.append(values[index]) { remembered = false }
        if remembered, let known = prefilterMemo.lookup(memoKey) { return known }
        let matches = evaluatePrefilter(kind, reads: reads, values: values)
        if remembered { prefilterMemo.remember(matches, for: memoKey) }
        return matches
    }

    /// Whether the prefilter's word matches one of the computed search
    /// fields of a record whose values at `reads` are the `raw` values that
    /// `scanFlat` found in `line`, remembered by those values.
    private mutating func prefilterMatches(
        _ kind: ResultKind,
        named name: JSONFieldScanner.RawValue,
        reads: [Int],
        raw: [JSONFieldScanner.RawValue],
        line: UnsafeRawBufferPointer,
        scratch values: inout [JSONValue?]
    ) -> Bool {
        memoKey.start(kind: UnsafeRawBufferPointer(rebasing: line[name.start..<name.start + name.count]))
        for index in reads { memoKey.append(raw[index], in: line) }
        if let known = prefilterMemo.lookup(memoKey) { return known }
        if values.count != raw.count { values = Array(repeating: nil, count: raw.count) }
        for index in reads { values[index] = raw[index].value(in: line) }
        let matches = evaluatePrefilter(kind, reads: reads, values: values)
        prefilterMemo.remember(matches, for: memoKey)
        return matches
    }

    /// Whether the prefilter's word matches one of the computed search
    /// fields of a record with these `values` at `reads`.
    private func evaluatePrefilter(_ kind: ResultKind, reads: [Int], values: [JSONValue?]) -> Bool {
        guard let prefilter = fieldScanPlan.prefilter else { return true }
        let keys = fieldScanPlan.lightScanner.keys
        var members: [JSONObject.Member] = []
        for index in reads {
            if let value = values[index] { members.append(JSONObject.Member(key: keys[index], value: value)) }
        }
        let object = JSONObject(members)
        return kind.searchFields.contains { field in
            field.text(object).map { matcher.match(prefilter.pattern, in: $0) != nil } ?? false
        }
    }
}

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
    /// Kinds whose every search field shows a value as written: a line the
    /// prefilter rules out cannot match.
    let verbatimKinds: Set<String>
    /// Kinds with computed search fields that declare what they read: the
    /// indices in `lightScanner.keys` of what they read.
    let memoizedKinds: [String: [Int]]
    /// Extracts `kind` and what memoized kinds read, from ruled-out lines.
    let lightScanner: JSONFieldScanner

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
    }
}

/// The scratch space a worker reuses from line to line.
struct LineScratch {
    var values: [JSONValue?] = []
    var light: [JSONValue?] = []
}

/// A record of a kind with computed search fields, by the values its
/// search fields read: whether the prefilter's word can match it is the
/// same for every record with those values.
struct ReadValues: Hashable {
    var kind: String
    var values: [JSONValue?]
}

extension SearchSession {
    /// Considers one NDJSON line, extracting only the fields the search
    /// needs, and decoding the whole record only when it matches. Gives the
    /// same results and messages as reading the line into a ``Record`` and
    /// calling ``consider(_:order:diagnose:)``.
    /// - Parameters:
    ///   - line: The line's bytes, without its line break.
    ///   - location: Its file and line.
    ///   - isFirstLine: Whether a byte-order mark may start it.
    ///   - hint: The kind its file implies.
    ///   - order: Its position among all inputs, for ties.
    ///   - values: Scratch space reused between lines.
    ///   - diagnose: Called with warnings about the line.
    mutating func considerLine(
        _ line: UnsafeRawBufferPointer,
        location: SourceLocation,
        isFirstLine: Bool,
        hint: String?,
        order: Int,
        mayMatch: Bool = true,
        scratch: inout LineScratch,
        diagnose: (Diagnostic) -> Void
    ) {
        guard let bytes = RecordReader.lineContent(line, isFirstLine: isFirstLine) else { return }
        let plan = fieldScanPlan
        if !mayMatch, plan.prefilter != nil,
            ruledOut(bytes, location: location, hint: hint, scratch: &scratch.light, diagnose: diagnose)
        {
            return
        }
        let isObject: Bool
        do {
            isObject = try plan.scanner.scan(bytes, into: &scratch.values)
        } catch {
            diagnose(RecordReader.malformed(error, at: location))
            return
        }
        let parseWhole: () -> Record? = {
            guard case .object(let object)? = try? JSONParser().parse(bytes) else { return nil }
            return Record(object: object, location: location, kindHint: hint)
        }
        guard isObject else {
            if let value = try? JSONParser().parse(bytes) { diagnose(RecordReader.notAnObject(value, at: location)) }
            return
        }
        var kindName = hint
        if case .string(let name)? = scratch.values[0], !name.isEmpty { kindName = name }
        guard let kind = knownKind(named: kindName), !plan.wholeRecordKinds.contains(kind.name) else {
            // Unknown kinds, and kinds whose search reads any field, take
            // the whole-record path.
            if let record = parseWhole() { consider(record, order: order, diagnose: diagnose) }
            return
        }
        statistics.read += 1
        guard includes(kindNamed: kind.name) else {
            statistics.filteredOut += 1
            return
        }
        var members: [JSONObject.Member] = []
        members.reserveCapacity(scratch.values.count)
        for (key, value) in zip(plan.scanner.keys, scratch.values) {
            if let value { members.append(JSONObject.Member(key: key, value: value)) }
        }
        process(
            JSONObject(members), kind: kind, order: order, location: location, diagnose: diagnose,
            fullRecord: parseWhole)
    }
}

extension SearchSession {
    /// The registered kind named `name`, remembering the last one asked for.
    mutating func knownKind(named name: String?) -> ResultKind? {
        guard let name else { return nil }
        // Kinds alternate from record to record: comparing a few short
        // names beats hashing one.
        for kind in recentKinds where kind.name == name { return kind }
        let found = registry.kind(named: name)
        if let found, recentKinds.count < 16 { recentKinds.append(found) }
        return found
    }

    /// Whether a line the prefilter passed over is settled without matching:
    /// it is malformed or not an object (reported here, as the full path
    /// would), or a valid record of a kind that cannot match. `false` sends
    /// the line down the full path: unknown kinds, kinds read whole, and
    /// computed search fields whose values may match.
    mutating func ruledOut(
        _ bytes: UnsafeRawBufferPointer,
        location: SourceLocation,
        hint: String?,
        scratch values: inout [JSONValue?],
        diagnose: (Diagnostic) -> Void
    ) -> Bool {
        let plan = fieldScanPlan
        let isObject: Bool
        do {
            isObject = try plan.lightScanner.scan(bytes, into: &values)
        } catch {
            diagnose(RecordReader.malformed(error, at: location))
            return true
        }
        guard isObject else { return false }
        var kindName = hint
        if case .string(let name)? = values[0], !name.isEmpty { kindName = name }
        guard let kind = knownKind(named: kindName), !plan.wholeRecordKinds.contains(kind.name) else { return false }
        if includes(kindNamed: kind.name), !plan.verbatimKinds.contains(kind.name) {
            guard let reads = plan.memoizedKinds[kind.name], !prefilterMatches(kind, reads: reads, values: values)
            else { return false }
        }
        statistics.read += 1
        statistics.filteredOut += 1
        return true
    }

    /// Whether the prefilter's word matches one of the computed search
    /// fields of a record with these `values`, remembered by those values.
    private mutating func prefilterMatches(_ kind: ResultKind, reads: [Int], values: [JSONValue?]) -> Bool {
        guard let prefilter = fieldScanPlan.prefilter else { return true }
        let key = ReadValues(kind: kind.name, values: reads.map { values[$0] })
        if let known = prefilterMemo[key] { return known }
        let keys = fieldScanPlan.lightScanner.keys
        var members: [JSONObject.Member] = []
        for index in reads {
            if let value = values[index] { members.append(JSONObject.Member(key: keys[index], value: value)) }
        }
        let object = JSONObject(members)
        let matches = kind.searchFields.contains { field in
            field.text(object).map { matcher.match(prefilter.pattern, in: $0) != nil } ?? false
        }
        if prefilterMemo.count < 4_096 { prefilterMemo[key] = matches }
        return matches
    }
}

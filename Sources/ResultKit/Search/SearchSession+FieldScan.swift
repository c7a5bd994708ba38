import StreamingJSON

/// What a large search extracts from each NDJSON line: the `kind`, the fields
/// every searched kind's search fields read, and the fields the query filters
/// or sorts by. Everything else in the line is validated but not decoded; a
/// record is decoded whole only when it matches.
struct FieldScanPlan: Sendable {
    let scanner: JSONFieldScanner
    /// Kinds whose search fields may read any field: their records are
    /// decoded whole.
    let wholeRecordKinds: Set<String>

    init(registry: KindRegistry, query: Query, sort: FieldSort?) {
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
    }
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
        values: inout [JSONValue?],
        diagnose: (Diagnostic) -> Void
    ) {
        guard let bytes = RecordReader.lineContent(line, isFirstLine: isFirstLine) else { return }
        let plan = fieldScanPlan
        let isObject: Bool
        do {
            isObject = try plan.scanner.scan(bytes, into: &values)
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
        if case .string(let name)? = values[0], !name.isEmpty { kindName = name }
        var found: ResultKind?
        if let name = kindName {
            if let last = lastKind, last.name == name {
                found = last
            } else {
                found = registry.kind(named: name)
                lastKind = found
            }
        }
        guard let kind = found, !plan.wholeRecordKinds.contains(kind.name) else {
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
        members.reserveCapacity(values.count)
        for (key, value) in zip(plan.scanner.keys, values) {
            if let value { members.append(JSONObject.Member(key: key, value: value)) }
        }
        process(
            JSONObject(members), kind: kind, order: order, location: location, diagnose: diagnose,
            fullRecord: parseWhole)
    }
}

import ByteScan
import ResultKit
import StreamingJSON

/// What a large search extracts from each NDJSON line: the `kind`, the fields
/// every searched kind's search fields read, and the fields the query filters
/// or sorts by. Everything else in the line is validated but not decoded; a
/// record is decoded whole only when it matches.
///
/// A class, so that taking it from the session for each line costs one
/// reference count, not one per array inside. Immutable once made (its
/// pointer included), so shared by the workers of a parallel search.
final class FieldScanPlan: @unchecked Sendable {
    let scanner: JSONFieldScanner
    /// Kinds whose search fields may read any field: their records are
    /// decoded whole.
    let wholeRecordKinds: Set<String>
    /// Rules lines out from their bytes, when the query allows it.
    let prefilter: LinePrefilter?
    /// Whether there is a prefilter (asked per line: unwrapping
    /// ``prefilter`` copies it).
    let hasPrefilter: Bool
    /// The prefilter's C scan (``LinePrefilter/kernel``), for the checks
    /// made per line: a plain pointer, read without counting a reference,
    /// where calling the prefilter in this shared plan may copy it first
    /// and count references to its arrays, for which the workers' cores
    /// contend. Valid while ``prefilter``, which owns it, is held here.
    let lineScan: UnsafePointer<rk_scan>?
    /// Whether the prefilter's word is a `field:value` term.
    let prefilterIsFieldTerm: Bool
    /// Kinds whose every search field shows a value as written: a line the
    /// prefilter rules out cannot match.
    let verbatimKinds: Set<String>
    /// Kinds with computed search fields that declare what they read: the
    /// indices in `lightScanner.keys` of what they read.
    let memoizedKinds: [String: [Int]]
    /// Extracts `kind` and what memoized kinds read, from ruled-out lines.
    let lightScanner: JSONFieldScanner
    /// For each of `lightScanner`'s keys, where it is among `scanner`'s,
    /// if there.
    let lightKeysInScanner: [Int?]
    /// Whether lines of an unknown kind, once the kind has been seen, may be
    /// ruled out. Their search fields are the identity field as written and
    /// `key=value` pairs joined by spaces, so a fragment without `=` found in
    /// them is in the raw bytes too. Not when the query or the sort names a
    /// field: fields seen in such records must then be collected.
    let rulesOutUnknownKinds: Bool
    /// Whether neither the query nor the sort names a field. Lines the
    /// prefilter rules out before anything matched are then settled too:
    /// no record is needed to show that a named field exists.
    let namesNoFields: Bool

    /// The query's number and presence filters, checked on a line's raw
    /// values before anything else is done with it; `nil` when there are
    /// none, or when a named field may be known only from the records.
    let filters: LineFilters?

    /// Kinds with a search field or a declared field named like a filtered
    /// field, whose value the filter then reads from there.
    private let kindsSearchingFilteredFields: Set<String>

    /// - Parameter knownFields: The fields that the included kinds declare:
    ///   filters are checked on raw values only when they name no other, so
    ///   that no line needs to be seen to show that a field exists.
    init(registry: KindRegistry, query: Query, sort: FieldSort?, fuzzy: Bool, knownFields: Set<String> = []) {
        var keys = ["kind"]
        var whole = Set<String>()
        func add(_ key: String) {
            if !keys.contains(key) { keys.append(key) }
        }
        // Without a word, search fields are read only where the query or
        // the sort names them (`symbol:Q♥`): filters need nothing else.
        let hasWords = query.conditions.contains { if case .text = $0.clause { true } else { false } }
        let named = Set(query.referencedFields + (sort.map { [$0.field] } ?? []))
        for kind in registry.kinds {
            for field in kind.searchFields {
                if let reads = field.reads {
                    if hasWords || named.contains(field.name) { reads.forEach(add) }
                } else {
                    whole.insert(kind.name)
                }
            }
        }
        query.referencedFields.forEach(add)
        if let sort { add(sort.field) }
        // A field a kind declares deeper in its records (`born` for
        // `/author/born`) is read from the top-level fields it names.
        for kind in registry.kinds where !kind.namedFields.isEmpty {
            for field in kind.namedFields where named.contains(field.name) {
                if let reads = field.reads { reads.forEach(add) } else { whole.insert(kind.name) }
            }
        }
        self.scanner = JSONFieldScanner(keys: keys)
        self.wholeRecordKinds = whole

        let prefilter = LinePrefilter(query: query, fuzzy: fuzzy)
        self.prefilter = prefilter
        self.hasPrefilter = prefilter != nil
        self.lineScan = prefilter?.kernel.pointer
        self.prefilterIsFieldTerm = prefilter?.isFieldTerm ?? false
        var verbatim = Set<String>()
        var memoized: [String: [Int]] = [:]
        var lightKeys = ["kind"]
        for kind in registry.kinds where !whole.contains(kind.name) {
            // A `field:value` term reads the search field of that name, or
            // else the record's field as written.
            let read = kind.searchFields.filter { field in prefilter?.field.map { $0 == field.name } ?? true }
            if read.allSatisfy(\.isVerbatim) {
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
        self.lightKeysInScanner = lightKeys.map { keys.firstIndex(of: $0) }
        let filters = LineFilters(query: query)
        let namedFields = query.referencedFields + (sort.map { [$0.field] } ?? [])
        self.filters = namedFields.allSatisfy(knownFields.contains) ? filters : nil
        // Kinds that give a filtered field's value from elsewhere than its
        // top-level key: a search field, or a field they declare.
        var searching = Set<String>()
        for kind in registry.kinds
        where (kind.searchFields.map(\.name) + kind.namedFields.map(\.name)).contains(where: {
            filters?.scanner.keys.contains($0) == true
        }) {
            searching.insert(kind.name)
        }
        self.kindsSearchingFilteredFields = searching
        self.namesNoFields = query.referencedFields.isEmpty && sort == nil
        self.rulesOutUnknownKinds =
            namesNoFields && prefilter?.fragments.allSatisfy { !$0.contains(UInt8(ascii: "=")) } == true
    }

    /// Whether a line may hold a match (``LinePrefilter/mayMatch(_:)``, or
    /// with `countsKeys`, for a line of an unknown kind,
    /// ``LinePrefilter/mayMatchKeysOrValues(_:)``); `true` without a
    /// prefilter.
    @inline(__always)
    func prefilterMayMatch(_ line: UnsafeRawBufferPointer, countsKeys: Bool = false) -> Bool {
        if let lineScan {
            guard let base = line.baseAddress, !line.isEmpty else { return false }
            return ScanKernel.nextHit(lineScan, in: base, from: 0, end: line.count, countsKeys: countsKeys) != nil
        }
        return prefilterMayMatchInSwift(line, countsKeys: countsKeys)
    }

    /// ``prefilterMayMatch(_:countsKeys:)`` by the prefilter's Swift scan.
    /// Out of line: the prefilter is then borrowed from this object, where
    /// inlined into the per-line path it was copied.
    @inline(never)
    private func prefilterMayMatchInSwift(_ line: UnsafeRawBufferPointer, countsKeys: Bool) -> Bool {
        guard let prefilter else { return true }
        return countsKeys ? prefilter.mayMatchKeysOrValues(line) : prefilter.mayMatch(line)
    }

    /// ``LinePrefilter/mayMatchFuzzily(_:)`` of the prefilter, by its C
    /// scan when it has one; `true` without a prefilter.
    @inline(__always)
    func prefilterMayMatchFuzzily(_ line: UnsafeRawBufferPointer) -> Bool {
        if let lineScan { return ScanKernel.mayMatchFuzzily(lineScan, line) }
        return prefilterMayMatchFuzzilyInSwift(line)
    }

    /// See ``prefilterMayMatchInSwift(_:countsKeys:)``.
    @inline(never)
    private func prefilterMayMatchFuzzilyInSwift(_ line: UnsafeRawBufferPointer) -> Bool {
        prefilter?.mayMatchFuzzily(line) ?? true
    }

    /// Whether the prefilter's word may match a field of `line` that shows
    /// a value as written, fuzzily (``LinePrefilter/mayMatchFuzzilyWithinOneValue(_:)``);
    /// `true` without a prefilter. Out of line, as ``prefilterMayMatchInSwift(_:countsKeys:)``.
    @inline(never)
    func prefilterMayMatchFuzzilyWithinOneValue(_ line: UnsafeRawBufferPointer) -> Bool {
        prefilter?.mayMatchFuzzilyWithinOneValue(line) ?? true
    }

    /// Whether the prefilter's word may match a line of an unknown kind
    /// fuzzily (``LinePrefilter/mayMatchFuzzilyInAnyOrder(_:)``); `true`
    /// without a prefilter. Out of line, as ``prefilterMayMatchInSwift(_:countsKeys:)``.
    @inline(never)
    func prefilterMayMatchFuzzilyInAnyOrder(_ line: UnsafeRawBufferPointer) -> Bool {
        prefilter?.mayMatchFuzzilyInAnyOrder(line) ?? true
    }

    /// How lines of `kind` are searched, `included` or not by the kind filter.
    func route(for kind: ResultKind, included: Bool) -> KindRoute {
        KindRoute(
            kind: kind,
            included: included,
            readsWhole: wholeRecordKinds.contains(kind.name),
            isVerbatim: verbatimKinds.contains(kind.name),
            memoizedReads: memoizedKinds[kind.name],
            filtersRawValues: filters != nil && !kindsSearchingFilteredFields.contains(kind.name)
        )
    }
}

/// The number and presence filters of a query (`price<5`, `rating:4..5`,
/// `sku:*`), with what is needed to check them on a line's raw values: a
/// line that fails one cannot match, at any tier.
///
/// A class holding its checks as plain values, so that checking a line
/// counts no reference (the query's conditions hold strings).
final class LineFilters: Sendable {
    /// Extracts `kind` and each filtered field.
    let scanner: JSONFieldScanner
    /// Each filter, with the index of its field in ``scanner``'s keys.
    private let checks: [Check]

    /// One filter on the value at ``key``.
    private struct Check: Sendable {
        enum Test: Sendable {
            case compare(Query.ComparisonOperator, Double)
            case range(lower: Double?, upper: Double?)
            case exists
        }
        let key: Int
        let test: Test
        let negated: Bool
    }

    /// The filters of `query`, or `nil` when it has none.
    init?(query: Query) {
        var keys = ["kind"]
        var checks: [Check] = []
        for condition in query.conditions {
            let field: String
            let test: Check.Test
            switch condition.clause {
            case .compare(let name, let op, let bound): (field, test) = (name, .compare(op, bound))
            case .range(let name, let lower, let upper): (field, test) = (name, .range(lower: lower, upper: upper))
            case .exists(let name): (field, test) = (name, .exists)
            case .text, .fieldText: continue
            }
            if !keys.contains(field) { keys.append(field) }
            checks.append(Check(key: keys.firstIndex(of: field)!, test: test, negated: condition.negated))
        }
        guard !checks.isEmpty else { return nil }
        self.scanner = JSONFieldScanner(keys: keys)
        self.checks = checks
    }

    /// Whether the record whose raw values `scanFlat` found in `line` (at
    /// the indices of ``scanner``'s keys) fails a filter: it then matches
    /// nothing. Each value is read as the scorer reads a field that is not
    /// a search field.
    func rulesOut(_ raw: [JSONFieldScanner.RawValue], in line: UnsafeRawBufferPointer) -> Bool {
        checks.withUnsafeBufferPointer { checks in
            for check in checks {
                let value = FieldValue(raw[check.key].value(in: line))
                let holds: Bool
                switch check.test {
                case .compare(let op, let bound):
                    holds = value?.number.map { op.holds($0, bound) } ?? false
                case .range(let lower, let upper):
                    holds =
                        value?.number.map { number in
                            (lower.map { number >= $0 } ?? true) && (upper.map { number <= $0 } ?? true)
                        } ?? false
                case .exists:
                    holds = value != nil
                }
                if holds == check.negated { return true }
            }
            return false
        }
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
    /// Whether the query's number and presence filters may be checked on
    /// raw values of this kind's lines (see ``LineFilters``).
    let filtersRawValues: Bool

    /// Whether a line of this kind that the prefilter rules out is settled
    /// by its kind alone: filtered out, or searched only in fields shown as
    /// written.
    var settlesRuledOutLines: Bool { !readsWhole && (!included || isVerbatim) }

    init(
        kind: ResultKind, included: Bool, readsWhole: Bool, isVerbatim: Bool, memoizedReads: [Int]?,
        filtersRawValues: Bool = false
    ) {
        self.kind = kind
        self.included = included
        self.readsWhole = readsWhole
        self.isVerbatim = isVerbatim
        self.memoizedReads = memoizedReads
        self.filtersRawValues = filtersRawValues && !readsWhole
    }
}

import ResultKit
import StreamingJSON

/// Finds the kind of each record: a registered kind by the name the record
/// (or its file) gives, else a generic kind for the unknown name, reported
/// once; and whether the kind filter lets the kind's records through.
struct KindResolver: Sendable {
    let registry: KindRegistry
    /// Decides, once per kind, how its lines are searched.
    private let plan: FieldScanPlan
    /// The kinds `--kind` and `kind:` keep (lower-case); empty keeps every kind.
    private let kindFilter: Set<String>
    /// Kinds found by the name records give them, to skip a lookup per record.
    private var recentKinds = RecentKinds()
    /// The generic kinds made for names no module or spec registers.
    private var fallbackKinds: [String: ResultKind] = [:]
    /// The fields seen in records of unknown kinds, which filters may name.
    private(set) var fallbackFields = Set<String>()

    init(registry: KindRegistry, plan: FieldScanPlan, kinds: [String]) {
        self.registry = registry
        self.plan = plan
        self.kindFilter = Set(kinds.map { registry.kind(named: $0)?.name ?? $0.lowercased() })
    }

    /// Whether `kind` is searched at all under the kind filter.
    func includes(kindNamed name: String) -> Bool {
        kindFilter.isEmpty || kindFilter.contains(name.lowercased())
    }

    /// Whether the kind filter keeps every kind.
    var keepsEveryKind: Bool { kindFilter.isEmpty }

    /// The kind of `record`: a registered one, or a generic kind for an
    /// unknown name, with a warning the first time the name is met.
    mutating func kind(of record: Record, diagnose: (Diagnostic) -> Void) -> ResultKind {
        let kindName = record.kindName ?? "unknown"
        // The recent kinds first: records' kinds repeat, and comparing a few
        // short names beats hashing one.
        if let known = route(named: kindName)?.kind { return known }
        noteFallbackFields(of: record.object)
        if let fallback = fallbackKinds[kindName] { return fallback }
        let kind = ResultKind.fallback(named: kindName)
        fallbackKinds[kindName] = kind
        let known = registry.kinds.map(\.name).joined(separator: ", ")
        let what = record.kindName == nil ? "a record with no kind" : "unknown kind '\(kindName)'"
        diagnose(
            Diagnostic(
                .warning,
                "\(what): shown with the generic renderer (known kinds: \(known))",
                at: record.location,
                onceKey: "unknown-kind:\(kindName)"
            )
        )
        return kind
    }

    /// Adds the keys of a record of an unknown kind to ``fallbackFields``.
    private mutating func noteFallbackFields(of object: JSONObject) {
        for member in object.members where !fallbackFields.contains(member.key) {
            fallbackFields.insert(member.key)
        }
    }

    /// How to search the registered kind that a record names `name`; `nil`
    /// for an unknown kind.
    mutating func route(named name: String?) -> KindRoute? {
        guard let name else { return nil }
        if let route = recentKinds.route(named: name) { return route }
        guard let found = registry.kind(named: name) else { return nil }
        // A copy of the kind for this search: see `ResultKind.ownCopy()`.
        let route = plan.route(for: found.ownCopy(), included: includes(kindNamed: found.name))
        recentKinds.add(route, named: name)
        return route
    }

    /// Where the kind whose name is the `count` bytes at `start` is among
    /// the recent kinds, if it was met (see ``RecentKinds``).
    @inline(__always)
    func index(nameAt start: UnsafePointer<UInt8>, count: Int) -> Int? {
        recentKinds.index(nameAt: start, count: count)
    }

    /// The route of the recent kind at `index`.
    @inline(__always)
    func route(at index: Int) -> KindRoute { recentKinds.route(at: index) }

    /// Whether a ruled-out line of the recent kind at `index` is settled by
    /// its kind alone.
    @inline(__always)
    func settlesRuledOutLines(at index: Int) -> Bool { recentKinds.settlesRuledOutLines(at: index) }

    /// Whether ruled-out lines of the unknown kind named by the `count`
    /// bytes at `start` are settled by their kind alone.
    func rulesOut(unknownKindAt start: UnsafePointer<UInt8>, count: Int) -> Bool {
        recentKinds.rulesOut(unknownKindAt: start, count: count)
    }

    /// Remembers that ruled-out lines of the unknown kind `name` are
    /// settled by their kind alone.
    mutating func addRuledOut(unknownKindNamed name: String) {
        recentKinds.addRuledOut(unknownKindNamed: name)
    }

    /// The names of the kinds that records gave and no registered kind has,
    /// as the records spelled them.
    var unknownKindNames: Dictionary<String, ResultKind>.Keys { fallbackKinds.keys }

    /// Whether a record of an unknown kind named `name` was already seen,
    /// so that its warning is given once.
    func knowsFallback(_ name: String) -> Bool { fallbackKinds[name] != nil }

    /// Adds the unknown kinds and fields another resolver met.
    mutating func merge(_ other: KindResolver) {
        fallbackKinds.merge(other.fallbackKinds) { mine, _ in mine }
        fallbackFields.formUnion(other.fallbackFields)
    }
}

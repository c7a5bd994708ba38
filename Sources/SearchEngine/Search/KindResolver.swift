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
    /// The kinds `-kind:` leaves out (lower-case).
    private let excludedKinds: Set<String>
    /// Kinds found by the name records give them, to skip a lookup per record.
    private var recentKinds = RecentKinds()
    /// The generic kinds made for names no module or spec registers.
    private var fallbackKinds: [String: ResultKind] = [:]
    /// The fields seen in records of unknown kinds, which filters may name
    /// (up to ``maxFallbackFields``, besides those in ``namedFields``).
    private(set) var fallbackFields = Set<String>()
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
    /// The first field the query or the sort names that a record holds as
    /// an object or an array.
    private(set) var unorderedField: UnorderedField?
    /// How many more records' keys go into ``fallbackFields``, so that an
    /// unknown field's error can list the fields records have and suggest
    /// the closest, at a bounded cost.
    private var recordsToSample = 1_000
    /// The kind of the last record sampled: a record of another kind is
    /// sampled too (up to ``kindChangesToSample`` times), so that every kind
    /// of a file read after many records of others is seen.
    private var lastSampledKind: ObjectIdentifier?
    /// The names of the registered kinds whose records were matched against
    /// the query, so that an unknown field's error lists only fields of
    /// kinds in play.
    private(set) var seenKindNames = Set<String>()
    /// The kinds whose names are in ``seenKindNames`` (the first
    /// ``maxSeenKinds``), held so that their identities stay theirs: records
    /// of a few kinds alternate, and comparing a few identities costs less
    /// than hashing a name for every change of kind.
    private var seenKinds: [ResultKind] = []
    /// Their identities, in the same order: looked through for every
    /// record without counting a reference to any kind.
    private var seenKindIdentities: [ObjectIdentifier] = []
    /// The most kinds held in ``seenKinds``.
    private static let maxSeenKinds = 16
    private var kindChangesToSample = 10_000
    /// The unknown kind met last, by the name records give it.
    private var lastFallback: (name: String, kind: ResultKind)?
    /// Lists of keys, in order, each of which is in ``fallbackFields``.
    private var notedKeyLists: [[String]] = []
    /// The most lists of keys remembered in ``notedKeyLists``.
    private static let maxNotedKeyLists = 32

    /// The most unknown kinds a search tells apart: records of further
    /// unknown kinds are shown all the same, and each counts as a warning.
    static let maxRememberedUnknownKinds = 1024
    /// The most fields of unknown kinds remembered to list as available,
    /// besides those the query and `--sort` name, which are always noted.
    static let maxFallbackFields = 1024
    /// The group of warnings about records without a kind name.
    static let kindTypeGroup = "no kind name"

    init(
        registry: KindRegistry, plan: FieldScanPlan, kinds: [String], excludedKinds: [String] = [],
        namedFields: [String]
    ) {
        self.registry = registry
        self.plan = plan
        self.kindFilter = Set(kinds.map { registry.kind(named: $0)?.name ?? $0.lowercased() })
        self.excludedKinds = Set(excludedKinds.map { registry.kind(named: $0)?.name ?? $0.lowercased() })
        self.namedFields = namedFields
        self.namedFieldsNotSeen = Set(namedFields)
        // Every registered kind's route up front, by the name it is
        // registered under: the line path finds it without changing this
        // resolver. A record that spells a kind otherwise is resolved here.
        for kind in registry.kinds.prefix(RecentKinds.capacity) { _ = route(named: kind.name) }
    }

    /// Notes that a record of `kind` is about to be matched, and says
    /// whether its whole record is wanted for ``noteSample(_:)``: a sample of
    /// records of every kind gives the keys records have, which an unknown
    /// field's error lists.
    mutating func wantsSample(of kind: ResultKind) -> Bool {
        let identity = kind.identity
        if !seenKindIdentities.contains(identity) {
            // Only registered kinds' names are asked for (their declared
            // fields): the names of unknown kinds, of which a file may hold
            // a million, are not kept.
            if registry.kinds.contains(where: { $0.name == kind.name }) { seenKindNames.insert(kind.name) }
            if seenKinds.count < Self.maxSeenKinds {
                seenKinds.append(kind)
                seenKindIdentities.append(identity)
            }
        }
        guard recordsToSample > 0 || (kindChangesToSample > 0 && lastSampledKind != identity) else { return false }
        if recordsToSample > 0 { recordsToSample -= 1 } else { kindChangesToSample -= 1 }
        lastSampledKind = identity
        return true
    }

    /// Notes the keys of a sampled record (see ``wantsSample(of:)``): the
    /// whole record, or the fields the search reads of it when it cannot be
    /// parsed whole.
    mutating func noteSample(_ object: JSONObject) {
        let members = object.members
        guard !notedEveryKey(of: members) else { return }
        for member in members
        where fallbackFields.count < Self.maxFallbackFields && !fallbackFields.contains(member.key) {
            fallbackFields.insert(member.key)
        }
        rememberKeys(of: members)
    }

    /// Notes the fields the query and `--sort` name that `searched`, the
    /// fields the search reads of a record of `kind` about to be matched,
    /// has; `file` is where it was read, for messages.
    mutating func noteNamedFields(of searched: JSONObject, kind: ResultKind, file: String) {
        guard !namedFieldsNotSeen.isEmpty else { return }
        for field in namedFieldsNotSeen {
            guard let value = kind.value(ofField: field, in: searched) else { continue }
            namedFieldsNotSeen.remove(field)
            fallbackFields.insert(field)
            noteType(of: value, field: field, kind: kind, file: file)
        }
    }

    /// Notes a field the query or the sort names whose first value is an
    /// object or an array, which no filter compares and no sort orders (a
    /// search field of that name is text, whatever the record holds).
    private mutating func noteType(of value: JSONValue, field: String, kind: ResultKind, file: String) {
        guard unorderedField == nil, !kind.searchFields.contains(where: { $0.name == field }) else { return }
        switch value {
        case .object, .array:
            unorderedField = UnorderedField(field: field, typeName: value.typeName, kind: kind.name, file: file)
        case .null, .bool, .number, .string:
            break
        }
    }

    /// Whether the query or the sort names a field: only then does what
    /// ``wantsSample(of:)`` and ``noteNamedFields(of:kind:file:)`` note (``fallbackFields``,
    /// ``seenKindNames``) change what a search gives.
    var namesFields: Bool { !namedFields.isEmpty }

    /// Whether `kind` is searched at all under the kind filter.
    func includes(kindNamed name: String) -> Bool {
        (kindFilter.isEmpty || kindFilter.contains(name.lowercased()))
            && (excludedKinds.isEmpty || !excludedKinds.contains(name.lowercased()))
    }

    /// Whether the kind filter keeps every kind.
    var keepsEveryKind: Bool { kindFilter.isEmpty && excludedKinds.isEmpty }

    /// The kind of `record`: a registered one, or a generic kind for an
    /// unknown name (or none), with a warning the first time it is met.
    mutating func kind(of record: Record, diagnose: (Diagnostic) -> Void) -> ResultKind {
        guard let kindName = record.kindName else {
            noteFallbackFields(of: record.object)
            let kind = kindlessKind ?? .fallback(named: "unknown")
            kindlessKind = kind
            warnOnceAboutKind(of: record, diagnose: diagnose)
            return kind
        }
        // The recent kinds first: records' kinds repeat, and comparing a few
        // short names beats hashing one.
        if let known = recentKinds.route(named: kindName)?.kind { return known }
        // Then the unknown kind met last, and the unknown kinds met before:
        // no registered kind has their names (see below).
        if let last = lastFallback, last.name == kindName {
            noteFallbackFields(of: record.object)
            return last.kind
        }
        if let fallback = fallbackKinds[kindName] {
            noteFallbackFields(of: record.object)
            lastFallback = (kindName, fallback)
            return fallback
        }
        if let known = route(named: kindName)?.kind { return known }
        noteFallbackFields(of: record.object)
        let kind = ResultKind.fallback(named: kindName)
        // Past the cap, a kind is not remembered: its records are still
        // shown, and each is counted among the unknown-kind warnings.
        let remembered = mayRemember(unknownKind: kindName)
        if remembered { fallbackKinds[kindName] = kind }
        // A record that cannot be shown is not worth a warning.
        if includes(kindNamed: kindName) {
            if !remembered { unrememberedUnknownKinds += 1 }
            diagnose(unknownKindWarning("unknown kind '\(kindName)'", at: record.location, onceKey: kindName))
        }
        return kind
    }

    /// Whether an unknown kind named `name` may be remembered: while there is
    /// room, and always when `--kind` or `kind:` names it, which is then
    /// known to be in the data.
    private func mayRemember(unknownKind name: String) -> Bool {
        fallbackKinds.count < Self.maxRememberedUnknownKinds || (!kindFilter.isEmpty && includes(kindNamed: name))
    }

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
        if notedEveryKey(of: object.members) { return }
        defer { rememberKeys(of: object.members) }
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

    /// Whether every key of `members` is known to be in ``fallbackFields``:
    /// records of a kind repeat their keys, in the same order, and comparing
    /// a few keys (most share their storage with the line's shape) costs
    /// less than hashing each.
    private func notedEveryKey(of members: [JSONObject.Member]) -> Bool {
        lists: for list in notedKeyLists where list.count == members.count {
            for index in list.indices where list[index] != members[index].key { continue lists }
            return true
        }
        return false
    }

    /// Remembers the keys of `members` when every one is in ``fallbackFields``
    /// (which only grows), for the first ``maxNotedKeyLists`` such lists.
    private mutating func rememberKeys(of members: [JSONObject.Member]) {
        guard notedKeyLists.count < Self.maxNotedKeyLists, !notedEveryKey(of: members),
            members.allSatisfy({ fallbackFields.contains($0.key) })
        else { return }
        notedKeyLists.append(members.map(\.key))
    }

    /// How to search the registered kind named `name`, when it is known
    /// under that name (every registered kind is, by the name it is
    /// registered under, and any other spelling once a record gave it). The
    /// line path asks, and takes a line of a kind not known so whole, for
    /// ``kind(of:diagnose:)`` to resolve.
    func knownRoute(named name: String?) -> KindRoute? {
        name.flatMap { recentKinds.route(named: $0) }
    }

    /// How to search the registered kind that a record names `name`; `nil`
    /// for an unknown kind.
    private mutating func route(named name: String?) -> KindRoute? {
        guard let name else { return nil }
        if let route = recentKinds.route(named: name) { return route }
        guard let found = registry.kind(named: name) else { return nil }
        // A copy of the kind for this search: see `ResultKind.ownCopy()`.
        let route = plan.route(for: found.ownCopy(), included: includes(kindNamed: found.name))
        recentKinds.add(route, named: name)
        return route
    }

    /// Where the kind whose name is `line[name]` is among the recent kinds,
    /// if it was met (see ``RecentKinds``).
    @inline(__always)
    func index(of name: Range<Int>, in line: Span<UInt8>) -> Int? {
        recentKinds.index(of: name, in: line)
    }

    /// The route of the recent kind at `index`.
    @inline(__always)
    func route(at index: Int) -> KindRoute { recentKinds.route(at: index) }

    /// Whether a ruled-out line of the recent kind at `index` is settled by
    /// its kind alone.
    @inline(__always)
    func settlesRuledOutLines(at index: Int) -> Bool { recentKinds.settlesRuledOutLines(at: index) }

    /// What the computed search fields of the recent kind at `index` read,
    /// as ``ShortValueMemo`` keys its lines.
    @inline(__always)
    func shortReads(at index: Int) -> ShortValueMemo.Reads { recentKinds.shortReads(at: index) }

    /// The names of the kinds that records gave and no registered kind has,
    /// as the records spelled them.
    var unknownKindNames: Dictionary<String, ResultKind>.Keys { fallbackKinds.keys }

    /// Whether a record of an unknown kind named `name` was already seen,
    /// so that its warning is given once; `false` for a record without a
    /// kind name, whose warning depends on what its `kind` is.
    func knowsFallback(_ name: String?) -> Bool { name.map { fallbackKinds[$0] != nil } ?? false }

    /// How many unknown kinds this search remembers (at most ``maxRememberedUnknownKinds``).
    var rememberedUnknownKindCount: Int { fallbackKinds.count }

    /// Whether the warning with this once-key was already given.
    func gaveWarning(onceKey key: String) -> Bool {
        if key.hasPrefix("kind-type:") { return warnedKindTypes.contains(String(key.dropFirst("kind-type:".count))) }
        return knowsFallback(String(key.dropFirst("unknown-kind:".count)))
    }

    /// How many warnings about unknown kinds, and about records without a
    /// kind name, merging `others` adds to this resolver's: each kind and
    /// each sort of missing name once, however many of `others` warned
    /// about it.
    func newKindWarnings(in others: [KindResolver]) -> (unknownKinds: Int, kindTypes: Int) {
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

    /// Adds the unknown kinds and fields another resolver met.
    mutating func merge(_ other: KindResolver) {
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
        seenKindNames.formUnion(other.seenKindNames)
        kindlessKind = kindlessKind ?? other.kindlessKind
        unorderedField = unorderedField ?? other.unorderedField
    }
}

/// A field the query or the sort names that a record holds as an object or
/// an array: `--sort author` where `author` is `{"name": …}`.
struct UnorderedField: Sendable, Equatable {
    var field: String
    /// `an object` or `an array`.
    var typeName: String
    var kind: String
    var file: String
}

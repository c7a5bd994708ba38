public import ResultKit
import StreamingJSON
public import TextMatching

/// One result: the record, its kind, its row, and why it matched.
///
/// A hit is one reference to shared, immutable storage and the
/// record's source location, so that keeping, sorting and handing on many
/// thousands of hits moves two pointers each rather than every string and
/// array a hit holds, and so that relocating a hit (as a parallel search
/// does with its line numbers) never copies the storage.
public struct SearchHit: Sendable {
    /// Never changed: a setter gives the hit new storage. Its properties are
    /// constants, so reading them takes no exclusivity check, and drawing
    /// many thousands of rows reads them all.
    ///
    /// A listing's hit (an empty query's: no match, a rank that is only its
    /// order, no record kept, no kind hint) keeps its kind, row and order
    /// alone, 72 bytes; any other hit's storage is a ``Full`` that keeps the
    /// rest too. A table of 100,000 rows keeps 100,000 of these until it is
    /// drawn, and memory written for the first time is dear.
    private class Storage: @unchecked Sendable {
        final let kind: ResultKind
        final let row: any CellRepresentable
        /// The rank's order, the whole rank of a listing's hit; −1 for a
        /// ``Full``, whose rank holds its order. (A flag of its own would
        /// take the storage past 72 bytes, to the allocator's next size:
        /// 96 bytes a hit instead of 80.)
        final let order: Int

        init(kind: ResultKind, row: any CellRepresentable, order: Int) {
            self.kind = kind
            self.row = row
            self.order = order
        }

        /// Whether this is a ``Full``.
        @inline(__always)
        final var isFull: Bool { order < 0 }

        /// The storage of a hit with these properties: a plain one when they
        /// are a listing's.
        static func make(
            object: JSONObject, kindHint: String?, kind: ResultKind, row: any CellRepresentable, rank: Rank,
            match: FieldMatch?
        ) -> Storage {
            if match == nil, kindHint == nil, object.members.isEmpty, rank.isOrderOnly, rank.order >= 0 {
                return Storage(kind: kind, row: row, order: rank.order)
            }
            return Full(object: object, kindHint: kindHint, kind: kind, row: row, rank: rank, match: match)
        }

        /// Everything a hit has.
        final class Full: Storage, @unchecked Sendable {
            let fullObject: JSONObject
            let fullKindHint: String?
            let fullRank: Rank
            let fullMatch: FieldMatch?

            init(
                object: JSONObject, kindHint: String?, kind: ResultKind, row: any CellRepresentable, rank: Rank,
                match: FieldMatch?
            ) {
                self.fullObject = object
                self.fullKindHint = kindHint
                self.fullRank = rank
                self.fullMatch = match
                super.init(kind: kind, row: row, order: -1)
            }
        }

        /// The storage as a ``Full``, when it is one.
        @inline(__always)
        final var full: Full? { isFull ? unsafeDowncast(self, to: Full.self) : nil }

        final var object: JSONObject { full?.fullObject ?? JSONObject() }
        final var kindHint: String? { full?.fullKindHint }
        final var match: FieldMatch? { full?.fullMatch }
        final var rank: Rank {
            full?.fullRank ?? Rank(tier: nil, weight: 0, quality: 0, fieldLength: 0, order: order)
        }
    }

    private var storage: Storage
    /// The record's location, kept apart from the storage, so that changing
    /// it never copies the storage.
    var location: SourceLocation

    /// A hit of the record `object`, from `location`, given `kindHint`.
    init(
        object: JSONObject, location: SourceLocation, kindHint: String?, kind: ResultKind, row: any CellRepresentable,
        rank: Rank, match: FieldMatch?
    ) {
        storage = Storage.make(object: object, kindHint: kindHint, kind: kind, row: row, rank: rank, match: match)
        self.location = location
    }

    /// The record as read, with its source location.
    public var record: Record {
        get { Record(object: storage.object, location: location, kindHint: storage.kindHint) }
        set {
            location = newValue.location
            // Comparing an unchanged object is immediate: its members are the same array.
            if newValue.kindHint != storage.kindHint || newValue.object != storage.object {
                storage = Storage.make(
                    object: newValue.object, kindHint: newValue.kindHint, kind: storage.kind, row: storage.row,
                    rank: storage.rank, match: storage.match)
            }
        }
    }

    /// Whether no hit of `hits` ranks before the one ahead of it, as
    /// `HitKey.areInOrder(_:descending:)` tells of their ranks' keys without
    /// a `--sort`: two listed hits compare their orders alone (a listing's
    /// rank is its order), without making their ranks.
    static func ranksAreInOrder(_ hits: Span<SearchHit>) -> Bool {
        var index = 1
        while index < hits.count {
            let before = hits[index - 1].storage
            let after = hits[index].storage
            if !before.isFull && !after.isFull {
                if after.order < before.order { return false }
            } else if after.rank < before.rank {
                return false
            }
            index += 1
        }
        return true
    }

    /// The ``ResultKind/identity`` of ``kind``, read without copying the kind.
    package var kindIdentity: ObjectIdentifier { storage.kind.identity }

    /// The ``kindIdentity``, ``row`` and ``match`` of `hits[index]`, read
    /// where they are, in one trip to the hit's storage: a hit read through
    /// an array in another module is copied first (its storage and its
    /// location's file counted and let go, ~200 instructions a row of a
    /// table).
    package static func identityRowAndMatch(in hits: [SearchHit], at index: Int) -> (
        kind: ObjectIdentifier, row: any CellRepresentable, match: FieldMatch?
    ) {
        let storage = hits[index].storage
        return (storage.kind.identity, storage.row, storage.match)
    }

    /// The kinds of `hits`, each once in the order first met, with how
    /// many of the hits have it: each hit's storage is read where it is, as
    /// ``identityRowAndMatch(in:at:)`` reads it, so a table of 100,000 rows
    /// asks this at a few instructions a row.
    package static func kindCounts(of hits: [SearchHit]) -> [(kind: ResultKind, count: Int)] {
        var kinds: [(kind: ResultKind, count: Int)] = []
        var identities: [ObjectIdentifier] = []
        // Rows of one kind often come together: a run of them is counted
        // before the list of kinds is looked at again.
        var current = 0
        var currentIdentity: ObjectIdentifier?
        var run = 0
        for index in hits.indices {
            let identity = hits[index].storage.kind.identity
            if identity == currentIdentity {
                run &+= 1
                continue
            }
            if run > 0 { kinds[current].count += run }
            if let known = identities.firstIndex(of: identity) {
                current = known
            } else {
                current = kinds.count
                kinds.append((hits[index].storage.kind, 0))
                identities.append(identity)
            }
            currentIdentity = identity
            run = 1
        }
        if run > 0 { kinds[current].count += run }
        return kinds
    }

    /// The kind that decoded and renders the record.
    public var kind: ResultKind {
        get { storage.kind }
        set {
            storage = Storage.make(
                object: storage.object, kindHint: storage.kindHint, kind: newValue, row: storage.row,
                rank: storage.rank, match: storage.match)
        }
    }

    /// The record's view model, which renders it.
    public var row: any CellRepresentable {
        get { storage.row }
        set {
            storage = Storage.make(
                object: storage.object, kindHint: storage.kindHint, kind: storage.kind, row: newValue,
                rank: storage.rank, match: storage.match)
        }
    }

    /// How the record ranks; smaller sorts first.
    public var rank: Rank {
        get { storage.rank }
        set {
            storage = Storage.make(
                object: storage.object, kindHint: storage.kindHint, kind: storage.kind, row: storage.row,
                rank: newValue, match: storage.match)
        }
    }

    /// The best match among the query's words, if the query had any.
    public var match: FieldMatch? {
        get { storage.match }
        set {
            storage = Storage.make(
                object: storage.object, kindHint: storage.kindHint, kind: storage.kind, row: storage.row,
                rank: storage.rank, match: newValue)
        }
    }
}

/// Where and how well a record matched.
public struct FieldMatch: Sendable, Equatable {
    /// The search field's name.
    public var field: String
    /// The field's text.
    public var text: String
    public var tier: MatchTier
    /// Matched characters: offsets in Characters (grapheme clusters) of `text`.
    public var positions: [Int]
    /// How strongly the weakest word matched, which ranks the record.
    public var strength: MatchStrength? = nil
}

/// The ranking key: strength first (`MatchStrength`: the tier, whether the
/// match is a whole word, and whether its field is strong), then field
/// weight, quality, shorter field, and input order. A field's weight never
/// lifts a result across strengths.
public struct Rank: Sendable, Comparable {
    /// The worst tier among the query's words; `nil` when there are none.
    public var tier: MatchTier?
    /// The weakest strength among the query's words; `nil` when there are none.
    public var strength: MatchStrength? = nil
    public var weight: Int
    public var quality: Int
    public var fieldLength: Int
    public var order: Int

    /// A rank from its parts, as the scorer makes it; for a source that
    /// states the best rank its records not yet handed over can have.
    package init(
        tier: MatchTier?, strength: MatchStrength? = nil, weight: Int, quality: Int, fieldLength: Int, order: Int
    ) {
        self.tier = tier
        self.strength = strength
        self.weight = weight
        self.quality = quality
        self.fieldLength = fieldLength
        self.order = order
    }

    public static func < (a: Rank, b: Rank) -> Bool {
        let bandA = a.strength?.band ?? -1
        let bandB = b.strength?.band ?? -1
        if bandA != bandB { return bandA < bandB }
        let tierA = a.tier?.rawValue ?? -1
        let tierB = b.tier?.rawValue ?? -1
        if tierA != tierB { return tierA < tierB }
        if a.weight != b.weight { return a.weight > b.weight }
        if a.quality != b.quality { return a.quality > b.quality }
        if a.fieldLength != b.fieldLength { return a.fieldLength < b.fieldLength }
        return a.order < b.order
    }

    public static func == (a: Rank, b: Rank) -> Bool { !(a < b) && !(b < a) }

    /// Whether `other` ranks as this does but for the order records are met in.
    package func ranksAs(_ other: Rank) -> Bool {
        strength == other.strength && tier == other.tier && weight == other.weight && quality == other.quality
            && fieldLength == other.fieldLength
    }

    /// Whether the rank is a listing's: no words, no weight, quality or
    /// field length, only the order.
    var isOrderOnly: Bool { tier == nil && strength == nil && weight == 0 && quality == 0 && fieldLength == 0 }

    /// A single number for JSON output, higher is better: the strength sets
    /// the millions, the field weight the thousands, and quality the rest.
    public var score: Int {
        guard let tier else { return 0 }
        let band = strength?.band ?? MatchStrength(tier: tier, wholeWord: tier == .exact, fieldWeight: 100).band
        return (MatchStrength.count - band) * 1_000_000 + min(weight, 999) * 1_000 + min(max(quality, 0), 999)
    }
}

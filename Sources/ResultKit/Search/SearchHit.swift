public import TextMatching

/// One result: the record, its kind, its row, and why it matched.
public struct SearchHit: Sendable {
    public var record: Record
    public var kind: ResultKind
    /// The record's view model, which renders it.
    public var row: any CellRepresentable
    /// How the record ranks; smaller sorts first.
    public var rank: Rank
    /// The best match among the query's words, if the query had any.
    public var match: FieldMatch?
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
}

/// The ranking key: tier first, then field weight, quality, shorter field,
/// and input order. A kind's weight never lifts a result across tiers.
public struct Rank: Sendable, Comparable {
    /// The worst tier among the query's words; `nil` when there are none.
    public var tier: MatchTier?
    public var weight: Int
    public var quality: Int
    public var fieldLength: Int
    public var order: Int

    public static func < (a: Rank, b: Rank) -> Bool {
        let tierA = a.tier?.rawValue ?? -1
        let tierB = b.tier?.rawValue ?? -1
        if tierA != tierB { return tierA < tierB }
        if a.weight != b.weight { return a.weight > b.weight }
        if a.quality != b.quality { return a.quality > b.quality }
        if a.fieldLength != b.fieldLength { return a.fieldLength < b.fieldLength }
        return a.order < b.order
    }

    public static func == (a: Rank, b: Rank) -> Bool { !(a < b) && !(b < a) }

    /// A single number for JSON output, higher is better: the tier sets the
    /// millions, the field weight the thousands, and quality the rest.
    public var score: Int {
        guard let tier else { return 0 }
        let tiers = MatchTier.allCases.count
        return (tiers - tier.rawValue) * 1_000_000 + min(weight, 999) * 1_000 + min(max(quality, 0), 999)
    }
}

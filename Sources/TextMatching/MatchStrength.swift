/// How strongly one match of one query word ranks a record: its tier, whether it covers a whole
/// word, and how strong the field it is in is, combined into one order.
///
/// The rule, best first:
/// 1. whole words: exact matches, then prefix and word-prefix matches that cover a whole word
///    (`king` in "King of Spades", then in "The King's Speech"), first in a strong field (weight
///    of ``strongFieldWeight`` or more, as a name), then in a weak one (a status, a description);
/// 2. the start of a longer word (`king` in "Kingdom"), prefix then word-prefix, first in a strong
///    field, then in a weak one;
/// 3. substring, 4. typo and 5. fuzzy matches, in any field.
///
/// So an exact match in a weak field never outranks a whole word in the name, and a field that
/// holds the query as a word (German's autonym "Deutsch") outranks a name that only begins with
/// its letters ("Deutschland"); a field's weight never lifts a substring above a word match.
/// Within one strength, the field's weight, then the match's quality, decide.
public struct MatchStrength: Sendable, Comparable, Hashable {
    /// The weight from which a field is strong: its word matches rank before those of weak fields.
    /// A name (100), a category (30) or a symbol (50) is strong; a description (10) or a status
    /// (5), whose words describe many records, is weak.
    public static let strongFieldWeight = 25

    /// The position in the order above; smaller is stronger.
    public let band: Int

    /// The strength of a match of `tier` in a field of `fieldWeight`.
    /// - Parameters:
    ///   - tier: How the word matched.
    ///   - wholeWord: Whether the match ends where a word of the text ends.
    ///   - fieldWeight: The matched field's weight (1 to 100).
    public init(tier: MatchTier, wholeWord: Bool, fieldWeight: Int) {
        let weak = fieldWeight < Self.strongFieldWeight
        switch tier {
        case .exact: band = weak ? 3 : 0
        case .prefix: band = wholeWord ? (weak ? 4 : 1) : (weak ? 8 : 6)
        case .wordPrefix: band = wholeWord ? (weak ? 5 : 2) : (weak ? 9 : 7)
        case .substring, .typo, .fuzzy: band = Self.wordBands * 2 + tier.rawValue - MatchTier.substring.rawValue
        }
    }

    /// The strength at `band` of an order other than the one above, which a test may rank by
    /// (see `RankingRule`); `band` is below ``count``.
    package init(band: Int) {
        precondition((0..<Self.count).contains(band), "a band is below MatchStrength.count")
        self.band = band
    }

    /// The strength of `match` in a field of `fieldWeight`.
    public init(_ match: TextMatch, fieldWeight: Int) {
        self.init(tier: match.tier, wholeWord: match.wholeWord, fieldWeight: fieldWeight)
    }

    /// Exact, prefix and word-prefix, each whole-word or not: in a strong field, then a weak one.
    private static let wordBands = 5

    /// How many strengths there are.
    public static let count = wordBands * 2 + 3

    /// Whether `lhs` is stronger than `rhs`.
    public static func < (lhs: MatchStrength, rhs: MatchStrength) -> Bool { lhs.band < rhs.band }

    /// The rule in one sentence, for `--explain` and `--help`.
    public static let rule =
        "Results rank by how each word matched: exact, then whole word at the start or at a word start, "
        + "first in the name and other strong fields (weight 25 or more), then in weaker fields; then "
        + "the start of a longer word, likewise; then substring (in strong fields only; inside a "
        + "capitalised word only as its last part), typo and fuzzy matches. Ties go to the heavier field, the better match, "
        + "the shorter text, then input order."

    /// Whether this is a prefix or word-prefix match that covers a whole word.
    public var isWholeWord: Bool { [1, 2, 4, 5].contains(band) }

    /// Whether this is an exact, prefix or word-prefix match in a weak field, ranked after those
    /// of strong fields.
    public var isInWeakField: Bool { [3, 4, 5, 8, 9].contains(band) }

    /// How `--explain` qualifies a match of `tier` with this strength: "whole word", "weak field",
    /// both, or nothing.
    public var qualifiers: [String] {
        guard band < Self.wordBands * 2 else { return [] }
        return (isWholeWord ? ["whole word"] : []) + (isInWeakField ? ["weak field"] : [])
    }
}

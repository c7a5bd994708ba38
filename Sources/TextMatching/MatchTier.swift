/// How a pattern matched a text, best first.
///
/// Tiers never mix: any match of a better tier outranks every match of a worse one, whatever
/// their ``TextMatch/quality``.
public enum MatchTier: Int, Sendable, Comparable, CaseIterable, CustomStringConvertible {
    /// The whole text equals the pattern (ignoring case and diacritics).
    case exact = 0
    /// The text starts with the pattern.
    case prefix
    /// A word of the text starts with the pattern. Words start after spaces and `-._/@` and other
    /// punctuation, at a lower-to-upper case change (`CoffeeHouse`), and where digits follow letters.
    case wordPrefix
    /// The pattern occurs inside a word (`coffee` in `teacoffeetea.io`). Inside a capitalised word
    /// only as its last part after three letters or more (`phone` in `Smartphone`, not `oman` in
    /// `Romania`).
    case substring
    /// A word of the text starts with the pattern up to a few edits (Damerau-Levenshtein): one for
    /// patterns of 5 to 8 characters, two for 9 or more, the first letter included (`ndertow` finds
    /// "Undertow"); three- and four-letter words only by a swap or one changed letter after their first.
    case typo
    /// The pattern's characters occur in order, with small gaps (only when fuzzy matching is on).
    case fuzzy

    /// Whether `lhs` is a better tier than `rhs`.
    public static func < (lhs: MatchTier, rhs: MatchTier) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// The tier's name as shown to users and in JSON: `exact`, `prefix`, `word-prefix`, `substring`,
    /// `typo` or `fuzzy`.
    public var description: String {
        switch self {
        case .exact: "exact"
        case .prefix: "prefix"
        case .wordPrefix: "word-prefix"
        case .substring: "substring"
        case .typo: "typo"
        case .fuzzy: "fuzzy"
        }
    }
}

/// Where and how well a pattern matched one text.
public struct TextMatch: Sendable, Equatable {
    /// How the pattern matched; compare tiers before qualities.
    public var tier: MatchTier
    /// How good the match is within its tier; higher is better.
    ///
    /// Qualities are comparable across texts for the same pattern. They reward matches that start
    /// words (most at the start of the text), runs of consecutive characters and whole words, and
    /// penalise gaps and, for ``MatchTier/typo``, each edit.
    public var quality: Int
    /// The matched characters, as ascending offsets in `Character`s (grapheme clusters) of the
    /// original text.
    public var positions: [Int]
    /// Whether the matched text ends where a word of the text ends (`king` in "The King's Speech",
    /// not in "Kingdom"), so the pattern covers a whole word rather than the start of a longer one.
    public var wholeWord: Bool

    /// Creates a match.
    /// - Parameters:
    ///   - tier: How the pattern matched.
    ///   - quality: How good the match is within its tier.
    ///   - positions: The matched characters' offsets in grapheme clusters, ascending.
    ///   - wholeWord: Whether the match ends where a word of the text ends.
    public init(tier: MatchTier, quality: Int, positions: [Int], wholeWord: Bool = false) {
        self.tier = tier
        self.quality = quality
        self.positions = positions
        self.wholeWord = wholeWord || tier == .exact
    }
}

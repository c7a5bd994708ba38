import RawBytes

/// The one scorer that every search field goes through: finds the best ``MatchTier`` and quality of a
/// pattern in a text.
///
/// Matching ignores case and diacritics (see ``TextNormalizer``) and works on any Unicode text. ASCII
/// texts are matched on their UTF-8 bytes in place without allocating unless they match; other texts
/// are folded first.
///
/// ```swift
/// let matcher = TextMatcher()
/// let pattern = MatchPattern("house")
/// matcher.match(pattern, in: "CoffeeHouse")?.tier  // .wordPrefix
/// ```
public struct TextMatcher: Sendable {
    /// Whether a pattern that matches no other way may match as a fuzzy subsequence.
    public var allowFuzzy: Bool

    /// Creates a matcher.
    /// - Parameter allowFuzzy: Whether to try ``MatchTier/fuzzy`` when no better tier matches.
    public init(allowFuzzy: Bool = false) {
        self.allowFuzzy = allowFuzzy
    }

    /// The best match of `pattern` in `text`, or nil.
    ///
    /// An empty pattern matches nothing: check ``MatchPattern/isEmpty`` to list everything instead.
    /// - Parameters:
    ///   - pattern: The prepared search term.
    ///   - text: The field value to search.
    ///   - worstTier: The worst tier the caller can use, as when a match
    ///     found elsewhere already outranks the tiers after it: typo and
    ///     fuzzy are then not tried. The contiguous tiers are found together,
    ///     so a tier before ``MatchTier/substring`` counts as `.substring`.
    ///     The match is the one found without it when that is of `worstTier`
    ///     (or substring) or better, else `nil`.
    /// - Returns: The match of the best tier, and within it the best quality, or nil when the pattern
    ///   does not match.
    public func match(_ pattern: MatchPattern, in text: String, worstTier: MatchTier = .fuzzy) -> TextMatch? {
        let worstTier = max(worstTier, .substring)
        // An ASCII text is matched on its bytes in place; the text is looked at once for every
        // spelling of the pattern.
        if text.isContiguousUTF8 {
            let bytes = text.utf8.span
            if ASCIISubject.accepts(bytes) {
                return bestSpelling(pattern, in: ASCIISubject(bytes: bytes), worstTier: worstTier)
            }
        }
        let best = UnicodeSubject.withSubject(text) { bestSpelling(pattern, in: $0, worstTier: worstTier) }
        // A name made of emoji is found by their names (`fox` finds `🦊🐾.ws`); only non-ASCII
        // texts that nothing else matched get this far.
        if best == nil, !Self.isASCII(text), let spelled = EmojiNames.spelledOut(text) {
            // The names stand in only where no tier matched: with tiers left
            // untried, that is asked again with every tier.
            if worstTier < .fuzzy { return match(pattern, in: text).flatMap { $0.tier <= worstTier ? $0 : nil } }
            var viaNames = match(pattern, in: spelled.text, worstTier: worstTier)
            if let found = viaNames {
                viaNames?.positions = Array(Set(found.positions.map { spelled.sources[$0] })).sorted()
            }
            return viaNames
        }
        return best
    }

    /// The best match of the pattern or one of its other spellings in a prepared subject.
    private func bestSpelling(
        _ pattern: MatchPattern, in subject: some MatchSubject & ~Escapable, worstTier: MatchTier
    ) -> TextMatch? {
        var best = matchSpelling(pattern, in: subject, worstTier: worstTier)
        for alternative in pattern.alternatives {
            guard var match = matchSpelling(alternative, in: subject, worstTier: worstTier) else { continue }
            // Another form of a word scores as the word would have there, less one: the word as
            // typed ranks first, and a longer spelling (`iii` for `3`) gains nothing by its length.
            if alternative.rule != .anyTier {
                match.quality += MatchScoring.unitGain * (pattern.units.count - alternative.units.count) - 1
            }
            if let current = best,
                current.tier < match.tier || (current.tier == match.tier && current.quality >= match.quality)
            {
                continue
            }
            best = match
        }
        return best
    }

    /// Whether every byte of `text` is ASCII; eight bytes at a time.
    static func isASCII(_ text: String) -> Bool {
        guard text.isContiguousUTF8 else { return text.utf8.allSatisfy { $0 < 0x80 } }
        let bytes = text.utf8.span
        var index = 0
        let count = bytes.count
        while index &+ 8 <= count {
            if bytes.loadUInt64(at: index) & 0x8080_8080_8080_8080 != 0 { return false }
            index &+= 8
        }
        while index < count {
            if bytes[index] >= 0x80 { return false }
            index &+= 1
        }
        return true
    }

    /// The best ``MatchTier/typo`` match of `pattern` (this spelling alone)
    /// in `text`, found as if no better tier matched: for a bound on the
    /// quality of typo matches (the cluster's), whatever else a text holds.
    package func typoMatch(_ pattern: MatchPattern, in text: String) -> TextMatch? {
        UnicodeSubject.withSubject(text) { subject in
            let units = pattern.units.span
            return Self.typoMatch(units, in: subject) ?? Self.shortTypoMatch(units, in: subject)
        }
    }

    /// The best match of one spelling of a pattern, ignoring its alternatives.
    private func matchSpelling(
        _ pattern: MatchPattern, in subject: some MatchSubject & ~Escapable, worstTier: MatchTier
    ) -> TextMatch? {
        guard !pattern.isEmpty else { return nil }
        // A folded pattern with non-ASCII units can never occur in ASCII text.
        if subject.holdsOnlyASCII, !pattern.isASCII, pattern.rule != .connector { return nil }
        return bestMatch(pattern, in: subject, worstTier: worstTier)
    }

    /// Tries each tier in order on a prepared subject, up to `worstTier`.
    private func bestMatch(_ pattern: MatchPattern, in subject: some MatchSubject & ~Escapable, worstTier: MatchTier)
        -> TextMatch?
    {
        let units = pattern.units.span
        switch pattern.rule {
        case .anyTier: break
        case .contiguous: return Self.contiguousMatch(units, in: subject)
        case .wholeWord: return Self.wholeWordMatch(units, in: subject, plural: false)
        case .connector: return Self.connectorMatch(in: subject)
        }
        if let match = Self.contiguousMatch(units, in: subject) {
            // The first occurrence may begin a longer word ("Kingsville King"); a later one that
            // is a whole word ranks higher.
            guard match.tier == .prefix || match.tier == .wordPrefix else { return match }
            return Self.wholeWordMatch(units, in: subject) ?? match
        }
        guard worstTier >= .typo else { return nil }
        if let match = Self.typoMatch(units, in: subject) ?? Self.shortTypoMatch(units, in: subject) {
            return match
        }
        return allowFuzzy && worstTier >= .fuzzy ? Self.fuzzyMatch(units, in: subject) : nil
    }
}

extension TextMatcher {
    /// The longest pattern for which a prefix or word-prefix match looks further for an occurrence
    /// that covers a whole word; longer patterns (phrases, mostly) keep their first occurrence, which
    /// bounds the extra work per text.
    static let maximumWholeWordPatternLength = 32

    /// Whether the text at `end` is a plural ending, `s` or `es`, that ends the word, after a
    /// pattern whose last unit is the letter `last`: `diamond` is the whole word of "Diamonds".
    static func pluralEnding(in subject: some MatchSubject & ~Escapable, at end: Int, after last: UInt32) -> Bool {
        guard last >= 0x61 && last <= 0x7A, end < subject.count else { return false }
        let s: UInt32 = 0x73
        let e: UInt32 = 0x65
        if subject.unit(at: end) == s { return subject.endsWord(at: end + 1) }
        return end + 1 < subject.count && subject.unit(at: end) == e && subject.unit(at: end + 1) == s
            && subject.endsWord(at: end + 2)
    }

    /// The best occurrence of the pattern that starts a word and ends where that word ends, or
    /// goes on only with a plural ending (`diamond` in "Ace of Diamonds"): a
    /// ``MatchTier/prefix`` at the start of the text, else the best ``MatchTier/wordPrefix``; nil
    /// when every occurrence is the start of a longer word or inside one.
    ///
    /// `king` in "Kingsville King" is a prefix of a longer word at the start, but a whole word
    /// later, and the whole word is what ranks.
    /// - Parameter plural: Whether a plural ending may follow; a number's other form (`ii` for
    ///   `2`) is a word in itself.
    static func wholeWordMatch<Subject: MatchSubject & ~Escapable>(
        _ pattern: Span<UInt32>,
        in subject: Subject,
        plural: Bool = true
    ) -> TextMatch? {
        let length = pattern.count
        let count = subject.count
        guard length > 0, length <= maximumWholeWordPatternLength, length <= count else { return nil }
        let contentStart = contentBounds(of: subject).start
        var best: (tier: MatchTier, quality: Int, start: Int)?
        for start in contentStart...(count - length) {
            let atStart = start == contentStart
            guard atStart || subject.boundaryBonus(at: start) > 0 else { continue }
            let end = start + length
            let covers =
                plural
                ? coversWholeWord(end: end, length: length, last: pattern[length - 1], in: subject)
                : subject.endsWord(at: end)
            guard covers else {
                continue
            }
            var matched = 0
            while matched < length && subject.unit(at: start + matched) == pattern[matched] { matched += 1 }
            guard matched == length else { continue }
            let tier: MatchTier = atStart ? .prefix : .wordPrefix
            // A plural ending earns the whole-word bonus the end of the word would have.
            let quality =
                MatchScoring.quality(of: start..<start + length, in: subject)
                + (subject.endsWord(at: start + length) ? 0 : MatchScoring.bonusWholeWord)
            if let current = best, current.tier < tier || (current.tier == tier && current.quality >= quality) {
                continue
            }
            best = (tier, quality, start)
            if atStart { break }  // Nothing later beats a whole word at the start.
        }
        return best.map {
            TextMatch(
                tier: $0.tier, quality: $0.quality,
                positions: subject.characterOffsets(ofUnits: $0.start..<$0.start + length), wholeWord: true)
        }
    }
}

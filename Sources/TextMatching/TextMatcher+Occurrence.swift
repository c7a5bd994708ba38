extension TextMatcher {
    /// How the matcher weighs one occurrence of a pattern of `length` units at `start`, were it the
    /// match: ``MatchTier/exact`` or ``MatchTier/prefix`` at the start of the text's content (the
    /// text without its surrounding whitespace), ``MatchTier/wordPrefix`` at the start of a word,
    /// else ``MatchTier/substring``; `nil` for letters inside a capitalised word that spell part of
    /// another word rather than end it (`oman` in "Romania", not `phone` in "Smartphone"), which
    /// match nothing.
    /// - Parameters:
    ///   - contentStart: Where the text starts without its leading whitespace.
    ///   - contentEnd: Where it ends without its trailing whitespace.
    @inline(__always)
    static func tier(
        ofOccurrenceAt start: Int, length: Int, in subject: some MatchSubject & ~Escapable, contentStart: Int,
        contentEnd: Int
    ) -> MatchTier? {
        let tier = positionalTier(
            ofOccurrenceAt: start, length: length, in: subject, contentStart: contentStart, contentEnd: contentEnd)
        return occurrenceMatches(tier: tier, start: start, length: length, in: subject) ? tier : nil
    }

    /// Whether an occurrence at `start` of positional `tier`
    /// (``positionalTier(ofOccurrenceAt:length:in:contentStart:contentEnd:)``) matches at all:
    /// letters inside a capitalised word that spell part of another word do not
    /// (``MatchSubject/isFragmentOfCapitalizedWord(start:end:)``).
    @inline(__always)
    static func occurrenceMatches(tier: MatchTier, start: Int, length: Int, in subject: some MatchSubject & ~Escapable)
        -> Bool
    {
        tier != .substring || !subject.isFragmentOfCapitalizedWord(start: start, end: start + length)
    }

    /// ``tier(ofOccurrenceAt:length:in:contentStart:contentEnd:)`` before the capitalised-word
    /// rule (``occurrenceMatches(tier:start:length:in:)``), which costs a walk back to the word's
    /// start: a caller that can use only a better tier asks this first.
    @inline(__always)
    static func positionalTier(
        ofOccurrenceAt start: Int, length: Int, in subject: some MatchSubject & ~Escapable, contentStart: Int,
        contentEnd: Int
    ) -> MatchTier {
        if start == contentStart { return start + length == contentEnd ? .exact : .prefix }
        return subject.boundaryBonus(at: start) > 0 ? .wordPrefix : .substring
    }

    /// Whether a prefix or word-prefix occurrence that ends before `end`, of a pattern of `length`
    /// units whose last is `last`, covers a whole word: it ends where a word ends, or goes on only
    /// with a plural ending (`diamond` in "Diamonds"). Patterns past
    /// ``maximumWholeWordPatternLength`` are not looked at so.
    @inline(__always)
    static func coversWholeWord(end: Int, length: Int, last: UInt32, in subject: some MatchSubject & ~Escapable) -> Bool
    {
        length <= maximumWholeWordPatternLength
            && (subject.endsWord(at: end) || pluralEnding(in: subject, at: end, after: last))
    }

    /// Where `subject`'s content starts and ends: without its leading and trailing whitespace.
    @inline(__always)
    static func contentBounds(of subject: some MatchSubject & ~Escapable) -> (start: Int, end: Int) {
        let count = subject.count
        var start = 0
        while start < count && subject.characterClass(at: start) == .whitespace { start += 1 }
        var end = count
        while end > start && subject.characterClass(at: end - 1) == .whitespace { end -= 1 }
        return (start, end)
    }

    /// Calls `body` with how the matcher weighs each occurrence of `word` in `text`, as if it were
    /// the match (see ``tier(ofOccurrenceAt:length:in:contentStart:contentEnd:)``): its tier and
    /// whether it covers a whole word; occurrences that match nothing are left out. The match that
    /// ``match(_:in:worstTier:)`` gives at a tier before ``MatchTier/typo`` is one of them, so an
    /// index may bound a text's match by the best of them without the matcher.
    /// - Parameters:
    ///   - word: A word's folded units (lower-case ASCII bytes, none zero).
    ///   - text: A text that ``ASCIISubject`` accepts: ASCII without `\r`.
    ///   - body: Returns `true` to stop.
    package static func forEachOccurrence(
        ofASCII word: Span<UInt8>, in text: Span<UInt8>,
        _ body: (_ tier: MatchTier, _ wholeWord: Bool) -> Bool
    ) {
        let length = word.count
        let subject = ASCIISubject(bytes: text)
        guard length > 0, length <= subject.count else { return }
        let (contentStart, contentEnd) = contentBounds(of: subject)
        let first = UInt32(word[0])
        let last = UInt32(word[length - 1])
        var start = 0
        let lastStart = subject.count - length
        while true {
            start = subject.firstIndex(ofUnit: first, from: start, below: lastStart + 1)
            guard start <= lastStart else { return }
            defer { start += 1 }
            var matched = 1
            while matched < length && subject.unit(at: start + matched) == UInt32(word[matched]) { matched += 1 }
            guard matched == length,
                let tier = tier(
                    ofOccurrenceAt: start, length: length, in: subject, contentStart: contentStart,
                    contentEnd: contentEnd)
            else { continue }
            let wholeWord =
                tier == .exact
                || (tier != .substring && coversWholeWord(end: start + length, length: length, last: last, in: subject))
            if body(tier, wholeWord) { return }
        }
    }

    /// Calls `body` with how the matcher weighs the one-character word of each letter and digit
    /// of `text` where it occurs, as ``forEachOccurrence(ofASCII:in:_:)`` would for that word: the
    /// folded byte, the tier and whether it covers a whole word; occurrences that match nothing
    /// are left out. For an index that keeps every one-character word's best band in one pass.
    /// - Parameters:
    ///   - text: A text that ``ASCIISubject`` accepts: ASCII without `\r`.
    ///   - mayHelp: Whether an occurrence of the folded byte at this tier and wholeness could
    ///     matter to the caller; the capitalised-word rule, a walk back to the word's start, is
    ///     applied only to those.
    package static func forEachCharacterOccurrence(
        inASCII text: Span<UInt8>,
        mayHelp: (_ byte: UInt8, _ tier: MatchTier, _ wholeWord: Bool) -> Bool,
        _ body: (_ byte: UInt8, _ tier: MatchTier, _ wholeWord: Bool) -> Void
    ) {
        let subject = ASCIISubject(bytes: text)
        let count = subject.count
        guard count > 0 else { return }
        let (contentStart, contentEnd) = contentBounds(of: subject)
        for position in 0..<count where subject.characterClass(at: position).isWord {
            let unit = subject.unit(at: position)
            let tier = positionalTier(
                ofOccurrenceAt: position, length: 1, in: subject, contentStart: contentStart, contentEnd: contentEnd)
            let wholeWord =
                tier == .exact
                || (tier != .substring && coversWholeWord(end: position + 1, length: 1, last: unit, in: subject))
            let byte = UInt8(truncatingIfNeeded: unit)
            guard mayHelp(byte, tier, wholeWord),
                occurrenceMatches(tier: tier, start: position, length: 1, in: subject)
            else { continue }
            body(byte, tier, wholeWord)
        }
    }
}

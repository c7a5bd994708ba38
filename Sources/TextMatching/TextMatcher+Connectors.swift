extension TextMatcher {
    /// The best connector between two words of the text (``WordForms``), matched as the word
    /// `and` would be there: a whole word, ``MatchTier/wordPrefix``.
    ///
    /// A connector is `and`, `'n'`, `'n` or `n'` (straight or curly apostrophes) with whitespace on
    /// both sides, or `&` or `+` with whitespace on both sides or none (`R&B`), and a word on each
    /// side past the whitespace. `+` after a word with a space only after it (`GTK+ GUI`) is part
    /// of the word before.
    static func connectorMatch(in subject: some MatchSubject & ~Escapable) -> TextMatch? {
        var best: (quality: Int, range: Range<Int>)?
        forEachConnector(in: subject) { range, spaced in
            let bonus = spaced ? MatchScoring.bonusAfterWhitespace : MatchScoring.bonusAfterDelimiter
            let quality = MatchScoring.firstGain(bonus: bonus) + 2 * MatchScoring.unitGain + MatchScoring.bonusWholeWord
            if best.map({ quality > $0.quality }) ?? true { best = (quality, range) }
        }
        return best.map {
            TextMatch(
                tier: .wordPrefix, quality: $0.quality, positions: subject.characterOffsets(ofUnits: $0.range),
                wholeWord: true)
        }
    }

    /// Calls `body` with the units of every connector between two words of the text, in order,
    /// and whether whitespace surrounds it.
    static func forEachConnector(in subject: some MatchSubject & ~Escapable, _ body: (Range<Int>, Bool) -> Void) {
        let count = subject.count
        var index = 1
        while index < count - 1 {
            defer { index += 1 }
            guard let (end, mayBeTight) = connectorSpelling(at: index, in: subject), end < count else { continue }
            let before = subject.characterClass(at: index - 1)
            let after = subject.characterClass(at: end)
            if before == .whitespace && after == .whitespace {
                var previous = index - 1
                while previous > 0 && subject.characterClass(at: previous) == .whitespace { previous -= 1 }
                var next = end
                while next < count - 1 && subject.characterClass(at: next) == .whitespace { next += 1 }
                guard subject.characterClass(at: previous).isWord, subject.characterClass(at: next).isWord else {
                    continue
                }
                body(index..<end, true)
            } else if mayBeTight && before.isWord && after.isWord {
                body(index..<end, false)
            }
        }
    }

    /// The end of a connector's spelling that starts at `index`, and whether it may stand
    /// between two words without spaces; nil when none starts there.
    @inline(__always)
    private static func connectorSpelling(at index: Int, in subject: some MatchSubject & ~Escapable) -> (Int, Bool)? {
        let count = subject.count
        func unit(_ offset: Int) -> UInt32 { index + offset < count ? subject.unit(at: index + offset) : 0 }
        func isApostrophe(_ unit: UInt32) -> Bool { unit == 0x27 || unit == 0x2019 }
        switch subject.unit(at: index) {
        case 0x26, 0x2B:  // & +
            return (index + 1, true)
        case 0x27, 0x2019:  // 'n' or 'n
            guard unit(1) == 0x6E else { return nil }
            return isApostrophe(unit(2)) ? (index + 3, true) : (index + 2, false)
        case 0x6E:  // n'
            return isApostrophe(unit(1)) ? (index + 2, false) : nil
        case 0x61:  // and
            return unit(1) == 0x6E && unit(2) == 0x64 ? (index + 3, false) : nil
        default:
            return nil
        }
    }
}

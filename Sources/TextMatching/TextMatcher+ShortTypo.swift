extension TextMatcher {
    /// The pattern lengths, in folded units, that may match a whole word with one short-word typo:
    /// an adjacent transposition (`teh`, `kign`) or, in four letters, one substitution (`kong` for
    /// `king`). Longer patterns have the edit budget of ``typoBudget(forLength:)``.
    package static let shortTypoLengths = 3...4

    /// Whether `units`, a whole folded pattern, may match with a short-word typo: three or four
    /// letters (a number such as `1940` never matches `1904`).
    package static func allowsShortTypo(_ units: some Collection<UInt32>) -> Bool {
        shortTypoLengths.contains(units.count) && units.allSatisfy(isLetterUnit)
    }

    /// Whether a folded unit is a letter.
    private static func isLetterUnit(_ unit: UInt32) -> Bool {
        if unit < 0x80 { return unit >= 0x61 && unit <= 0x7A }
        return Unicode.Scalar(unit)?.properties.isAlphabetic ?? false
    }

    /// The best ``MatchTier/typo`` match of a short pattern: a whole word of the text of the same
    /// length that differs by one adjacent transposition, or (for four letters) one substitution.
    /// The first letter never takes part: in so short a word it is most of what tells it from
    /// others (`ing` is not "King"). Only whole
    /// words match, so that `kign` finds "King" but not "kingdom" or "talking now".
    static func shortTypoMatch<Subject: MatchSubject & ~Escapable>(
        _ pattern: Span<UInt32>,
        in subject: Subject
    ) -> TextMatch? {
        let length = pattern.count
        let count = subject.count
        guard length <= count, shortTypoLengths.contains(length),
            (0..<length).allSatisfy({ isLetterUnit(pattern[$0]) })
        else { return nil }
        var best: (quality: Int, start: Int)?
        var next = 0
        while true {
            let start = subject.firstIndex(ofUnit: pattern[0], from: next, below: count - length + 1)
            guard start <= count - length else { break }
            next = start + 1
            guard subject.boundaryBonus(at: start) > 0, subject.endsWord(at: start + length) else { continue }
            guard let cost = shortEditCost(pattern, in: subject, at: start) else { continue }
            let quality =
                MatchScoring.quality(of: start..<start + length, in: subject) - cost * MatchScoring.penaltyPerEdit
            if best.map({ quality > $0.quality }) ?? true { best = (quality, start) }
        }
        return best.map {
            TextMatch(
                tier: .typo, quality: $0.quality,
                positions: subject.characterOffsets(ofUnits: $0.start..<$0.start + length), wholeWord: true)
        }
    }

    /// The cost of the one edit by which the letter word of the pattern's length at `start`
    /// differs from the pattern, or nil: 1 for a transposition of adjacent letters, which keeps
    /// every letter typed (`kign` is "King" before it is "kigo"), 2 for a substitution in a
    /// four-letter word. Neither may touch the first letter.
    private static func shortEditCost(
        _ pattern: Span<UInt32>, in subject: some MatchSubject & ~Escapable, at start: Int
    ) -> Int? {
        let length = pattern.count
        var first = -1
        var second = -1
        for offset in 1..<length {
            switch subject.characterClass(at: start + offset) {
            case .lower, .upper, .letter: break
            default: return nil
            }
            guard subject.unit(at: start + offset) != pattern[offset] else { continue }
            if first < 0 {
                first = offset
            } else if second < 0 {
                second = offset
            } else {
                return nil
            }
        }
        if first < 0 { return nil }
        if second < 0 { return length == 4 ? 2 : nil }
        let swapped =
            second == first + 1 && subject.unit(at: start + first) == pattern[second]
            && subject.unit(at: start + second) == pattern[first]
        return swapped ? 1 : nil
    }
}

extension TextMatcher {
    /// The number of edits a pattern of `length` characters may have and still match as a typo: none
    /// below 5 characters, one from 5, two from 9 (and none past ``maximumTypoPatternLength``).
    package static func typoBudget(forLength length: Int) -> Int {
        guard length <= maximumTypoPatternLength else { return 0 }
        return length >= 9 ? 2 : length >= 5 ? 1 : 0
    }

    /// The longest pattern, in folded units, that may match with typos; longer phrases must match
    /// exactly, which keeps the alignment table small.
    package static let maximumTypoPatternLength = 64

    /// The best ``MatchTier/typo`` match: a word start of the text from which a prefix of the text
    /// is within the typo budget of the pattern, by optimal-string-alignment Damerau-Levenshtein
    /// distance (insertions, deletions, substitutions and adjacent transpositions, each one edit,
    /// the word's first letter included: `ndertow` finds "Undertow").
    static func typoMatch<Subject: MatchSubject & ~Escapable>(
        _ pattern: Span<UInt32>,
        in subject: Subject
    ) -> TextMatch? {
        let length = pattern.count
        let budget = typoBudget(forLength: length)
        let count = subject.count
        guard budget > 0, count >= length - budget else { return nil }
        let columns = length + budget + 1
        let (first, second) = (pattern[0], pattern[1])
        // The table lives on the stack for the call (see ``TypoTable``).
        return TypoTable.with(count: (length + 1) * columns) { table in
            let alignment = TypoAlignment(
                pattern: pattern, subject: subject, budget: budget, table: table, columns: columns)
            var best: (quality: Int, units: [Int])?
            var next = 0
            var found = -1
            while next < count {
                // With one edit, the pattern's first or second letter is the word's first or second:
                // the first letter kept, or it alone changed, lost or preceded by another. Those
                // letters are looked for, and the word may start on one or just before it.
                let start: Int
                if budget >= 2 {
                    start = next
                } else {
                    if found < next {
                        found = min(
                            subject.firstIndex(ofUnit: first, from: next, below: count),
                            subject.firstIndex(ofUnit: second, from: next, below: count))
                        guard found < count else { break }
                    }
                    start = found > next ? found - 1 : found
                }
                next = start + 1
                // With two edits, one of the pattern's first three letters is among the word's
                // first three.
                guard subject.boundaryBonus(at: start) > 0 else { continue }
                if budget >= 2 {
                    let third = pattern[2]
                    var offset = 0
                    while offset < 3 && start + offset < count {
                        let unit = subject.unit(at: start + offset)
                        if unit == first || unit == second || unit == third { break }
                        offset += 1
                    }
                    guard offset < 3 && start + offset < count else { continue }
                }
                let width = min(length + budget, count - start)
                if width < length - budget { break }  // Later starts leave even less room.
                guard let (cost, end) = alignment.run(from: start, width: width) else { continue }
                let units = alignment.matchedUnits(from: start, end: end)
                guard !units.isEmpty else { continue }
                // The match starts the word even when its first letter is an edit (`ndertow` for
                // "Undertow"): the first matched letter scores that word start's bonus.
                var quality = MatchScoring.quality(of: units, in: subject) - cost * MatchScoring.penaltyPerEdit
                if units[0] != start {
                    quality +=
                        (subject.boundaryBonus(at: start) - subject.boundaryBonus(at: units[0]))
                        * MatchScoring.firstCharacterMultiplier
                }
                if best.map({ quality > $0.quality }) ?? true {
                    best = (quality, units)
                }
            }
            return best.map {
                TextMatch(tier: .typo, quality: $0.quality, positions: subject.characterOffsets(ofUnits: $0.units))
            }
        }
    }
}

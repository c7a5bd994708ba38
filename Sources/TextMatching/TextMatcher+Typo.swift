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
    /// distance (insertions, deletions, substitutions and adjacent transpositions). An edit touching
    /// the first letter of the pattern or of the word costs 2.
    static func typoMatch<Subject: MatchSubject>(
        _ pattern: UnsafeBufferPointer<UInt32>,
        in subject: Subject
    ) -> TextMatch? {
        let length = pattern.count
        let budget = typoBudget(forLength: length)
        let count = subject.count
        guard budget > 0, count >= length - budget else { return nil }
        let columns = length + budget + 1
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: (length + 1) * columns) { table in
            var best: (quality: Int, units: [Int])?
            var next = 0
            while next < count {
                // With one edit, a word that can match starts with the pattern's first letter.
                let start = budget >= 2 ? next : subject.firstIndex(ofUnit: pattern[0], from: next, below: count)
                guard start < count else { break }
                next = start + 1
                // A word that does not begin with the pattern's first letter needs a first-letter edit,
                // which costs 2: impossible with one edit, and with two the rest must match exactly, so
                // the first or second letter of the word is the pattern's second letter.
                let head = subject.unit(at: start)
                if head != pattern[0] {
                    guard budget >= 2 else { continue }
                    let second = pattern[1]
                    guard head == second || (start + 1 < count && subject.unit(at: start + 1) == second) else {
                        continue
                    }
                }
                guard subject.boundaryBonus(at: start) > 0 else { continue }
                let width = min(length + budget, count - start)
                if width < length - budget { break }  // Later starts leave even less room.
                let alignment = TypoAlignment(
                    pattern: pattern, subject: subject, start: start, width: width, budget: budget,
                    table: table, columns: columns)
                guard let (cost, end) = alignment.run() else { continue }
                let units = alignment.matchedUnits(end: end)
                guard !units.isEmpty else { continue }
                let quality = MatchScoring.quality(of: units, in: subject) - cost * MatchScoring.penaltyPerEdit
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
